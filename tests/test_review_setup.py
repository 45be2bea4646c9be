"""Setup counts by rules-notes "Setup" for each plugin and player count (review)."""

from __future__ import annotations

from collections import Counter

import pytest

from ekpeer.plugins import ruleset


def players(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def kittens(game) -> Counter:
    pile = Counter(game.draw_pile.top_first())
    return Counter({c: n for c, n in pile.items() if game.cards[c].kind == "kitten"})


@pytest.mark.parametrize("expansions, deck, counts, streaking", [
    (["base"], "original", range(2, 6), False),
    (["imploding"], "original", range(2, 7), False),
    (["zombie"], "original", range(2, 6), False),
    (["streaking"], "original", range(2, 6), True),
    (["imploding", "streaking"], "original", range(2, 7), True),
    (["party"], "party_pack", range(2, 11), False),
    (["party", "streaking"], "party_pack", range(2, 11), True),
])
def test_kittens_and_hands(expansions, deck, counts, streaking):
    rules = ruleset(expansions)
    for n in counts:
        game = rules.new_game(players(n), seed=n, deck=deck)
        found = kittens(game)
        assert sum(found.values()) == (n if streaking else n - 1), (expansions, n, found)
        if "imploding" in expansions:
            assert found["imploding_kitten"] == 1
        assert all(len(h) == 8 for h in game.hands.values())


@pytest.mark.parametrize("expansions, deck", [(["zombie"], "original"), (["zombie", "party"], "party_pack"),
                                              (["zombie", "party"], "original")])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_zombie_no_defuses_and_no_spare_zombie_kittens(expansions, deck, n):
    """Seed 000: the Defuses are removed, each player gets 1 Zombie Kitten, the extras are removed."""
    game = ruleset(expansions).new_game(players(n), seed=n, deck=deck)
    everywhere = Counter(game.draw_pile.top_first())
    for hand in game.hands.values():
        everywhere.update(hand)
        assert "zombie_kitten" in hand
    assert everywhere["defuse"] == 0
    assert everywhere["zombie_kitten"] == n
