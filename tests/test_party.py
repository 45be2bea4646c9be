"""Party plugin: Party Pack counts by player count, playouts, custom-deck validation."""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from ekpeer.bots import make_bot
from ekpeer.bots.driver import play_out
from ekpeer.engine import custom as custom_deck
from ekpeer.plugins import ruleset
from ekpeer_cards.party import EXTRA_CARDS, FULL, PAW, deck_counts

ROOT = Path(__file__).resolve().parents[1]


def players(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def test_the_party_pack_holds_120_cards():
    rules = ruleset(["party"])
    box = {c.id: c.counts["party_pack"] for c in rules.cards.values() if c.counts.get("party_pack")}
    assert box == FULL
    assert sum(box.values()) == 120
    assert sum(PAW.values()) == 44
    assert rules.decks["party_pack"].main and rules.decks["party_pack"].max_players == 10


def test_shared_cards_keep_one_implementation():
    rules = ruleset(["party", "imploding", "zombie", "streaking"])
    import ekpeer_cards.imploding as imploding
    import ekpeer_cards.zombie as zombie

    for card in ("targeted_attack", "feral_cat", "alter_the_future", "draw_from_the_bottom"):
        spec = rules.cards[card]
        box = next(c for c in imploding.CARDS if c.id == card).counts["imploding"]
        assert spec.counts == {"imploding": box, "party_pack": FULL[card]}
    assert rules.cards["shuffle_now"].effect is next(c for c in zombie.CARDS if c.id == "shuffle_now").effect
    assert rules.cards["super_skip"].counts == {"zombie": 2, "streaking": 1}


@pytest.mark.parametrize("n", range(2, 11))
def test_setup_counts_for_every_player_count(n):
    rules = ruleset(["party"])
    game = rules.new_game(players(n), seed=n, deck="party_pack")
    chosen = deck_counts(n)
    total = game.all_cards()
    for card, count in chosen.items():
        assert total[card] == count, card
    assert sum(total.values()) == sum(chosen.values())
    pile = game.draw_pile.top_first()
    assert pile.count("exploding_kitten") == n - 1
    assert game.out_of_game.count("exploding_kitten") == 9 - (n - 1)
    # Every spare Defuse goes back into the pile.
    assert "defuse" not in game.out_of_game
    held = sum(game.hands[p].count("defuse") for p in game.players)
    assert pile.count("defuse") + held == chosen["defuse"]
    for p in game.players:
        assert len(game.hands[p]) == 8 and "defuse" in game.hands[p]


def test_paw_cards_for_small_tables_and_all_for_big_ones():
    assert deck_counts(2) == deck_counts(3) == {**PAW, "exploding_kitten": 9}
    assert deck_counts(4)["defuse"] == 7 and deck_counts(7)["tacocat"] == 4
    assert deck_counts(8) == deck_counts(10) == FULL


def test_party_extras_variant_adds_one_of_each():
    rules = ruleset(["party"])
    game = rules.new_game(players(4), seed=1, deck="party_pack", variants=["party.extras"])
    total = game.all_cards()
    for card in EXTRA_CARDS:
        assert total[card.id] == 1


def conserved_playout(names, n, seed, variants=("party.extras",), options=None, deck="party_pack"):
    rules = ruleset(names)
    game = rules.new_game(players(n), seed=seed, deck=deck, variants=variants, options=options)
    start = game.all_cards()
    bots = {p: make_bot("random", seed * 13 + i) for i, p in enumerate(game.players)}

    def each(g, move):
        assert g.all_cards() == start, f"cards changed after {move}"

    play_out(game, bots, each=each)
    assert game.winner is not None
    assert game.living() == [game.winner]
    return game


@pytest.mark.parametrize("n", [2, 3, 5, 8, 10])
@pytest.mark.parametrize("seed", range(3))
def test_random_playout_alone(n, seed):
    conserved_playout(["party"], n, seed)


@pytest.mark.parametrize("names", [["party", "streaking"], ["party", "imploding"],
                                   ["party", "imploding", "streaking"]])
@pytest.mark.parametrize("seed", range(3))
def test_random_playout_with_the_others_ten_players(names, seed):
    conserved_playout(names, 10, seed)


@pytest.mark.parametrize("seed", range(3))
def test_random_playout_everything(seed):
    rules = ruleset(["base", "imploding", "zombie", "streaking", "party"])
    # The Zombie box holds 5 Zombie Kittens, one for each player: 5 seats at most.
    game = rules.new_game(players(5), seed=seed, deck="party_pack", variants=["party.extras"])
    start = game.all_cards()
    bots = {p: make_bot("random", seed + i) for i, p in enumerate(game.players)}
    play_out(game, bots, each=lambda g, m: _same(g, start))
    assert game.winner is not None


def test_zombie_kittens_cap_a_party_table_at_five():
    with pytest.raises(ValueError, match="too few for 6 players"):
        ruleset(["base", "zombie", "party"]).new_game(players(6), deck="party_pack")


def _same(game, start):
    assert game.all_cards() == start


def test_death_discards_whole_hand_only_with_the_party_deck():
    rules = ruleset(["party"])
    table = {"players": ["ann", "bob", "cat"], "draw_pile": ["exploding_kitten"],
             "hands": {"ann": ["nope"], "bob": [], "cat": []}}
    from ekpeer.engine import Move

    party = rules.game_from_table({**table, "deck": "party_pack"})
    party.apply(Move("draw", "ann"))
    assert party.discard == ["nope", "exploding_kitten"] and party.removed["ann"] == []
    original = rules.game_from_table({**table, "deck": "original"})
    original.apply(Move("draw", "ann"))
    assert original.discard == [] and original.removed["ann"] == ["nope"]


# ---------------------------------------------------------------------- custom decks
def cards():
    return ruleset(["party", "streaking", "imploding"]).cards


def test_custom_validation_accepts_allowed_picks():
    deck = custom_deck.validate(cards(), ["ann", "bob", "cat"], {
        "picks": {"ann": {"pile": ["defuse", "streaking_kitten"], "hand": ["nope"]},
                  "bob": {"pile": ["streaking_kitten"], "hand": ["bury", "skip"]}},
        "random_cards": 10})
    assert Counter(deck.pile) == Counter({"defuse": 1, "streaking_kitten": 2})
    assert deck.hands == {"ann": ["nope"], "bob": ["bury", "skip"], "cat": []}
    assert deck.adds_kittens == 2  # the kittens: players - 1, plus one per picked Streaking Kitten
    assert deck.random_cards == 10


@pytest.mark.parametrize("picks,why", [
    ({"ann": {"pile": ["exploding_kitten"]}}, "Exploding Kitten"),
    ({"ann": {"hand": ["defuse"]}}, "starting hand"),
    ({"ann": {"hand": ["streaking_kitten"]}}, "Streaking Kitten"),
    ({"ann": {"pile": ["catomic_bomb"]}}, "Catomic Bomb"),
    ({"ann": {"pile": ["alter_the_future_now"]}}, "NOW"),
    ({"ann": {"hand": ["share_the_future"]}}, "Share the Future"),
    ({"ann": {"pile": ["imploding_kitten"]}}, "Imploding"),
    ({"ann": {"pile": ["no_such_card"]}}, "no card"),
    ({"zed": {"pile": ["nope"]}}, "not at this table"),
    ({"ann": {"pile": ["nope", "nope", "nope"]}}, "at most 2"),
    ({"ann": {"hand": ["skip", "skip", "skip"]}}, "at most 2"),
    ({"ann": {"pile": "nope"}}, "list"),
    ({"ann": ["nope"]}, "table"),
])
def test_custom_validation_refuses(picks, why):
    with pytest.raises(custom_deck.CustomDeckError, match=why):
        custom_deck.validate(cards(), ["ann", "bob"], {"picks": picks})


def test_custom_validation_refuses_bad_numbers():
    for bad in ({"random_cards": -1}, {"random_cards": "many"}, {"pile_picks": True}, {"hand_picks": 9}):
        with pytest.raises(custom_deck.CustomDeckError):
            custom_deck.validate(cards(), ["ann", "bob"], bad)


def test_random_cards_include_random_only_and_never_kittens():
    candidates = custom_deck.random_candidates(cards())
    assert {"catomic_bomb", "alter_the_future_now", "share_the_future", "alter_the_future"} <= set(candidates)
    assert "exploding_kitten" not in candidates and "imploding_kitten" not in candidates
    drawn = custom_deck.draw_random(cards(), 500, random.Random(1))
    assert len(drawn) == 500 and set(drawn) <= set(candidates)


@pytest.mark.parametrize("n", [3, 4, 10])
def test_custom_game_setup(n):
    rules = ruleset(["party", "streaking"])
    names = players(n)
    options = {"custom": {"picks": {"p0": {"pile": ["streaking_kitten", "nope"], "hand": ["skip", "attack"]},
                                    "p1": {"pile": ["reveal_the_future"], "hand": ["bury"]}},
                          "random_cards": 10 * n}}
    game = rules.new_game(names, seed=n, deck="party_pack", options=options)
    total = game.all_cards()
    assert total["exploding_kitten"] == n  # players - 1, plus one for the picked Streaking Kitten
    assert game.draw_pile.top_first().count("exploding_kitten") == n
    assert total["defuse"] >= n + 2  # random cards may add more
    assert Counter(game.hands["p0"]) >= Counter(["defuse", "skip", "attack"])
    assert Counter(game.hands["p1"]) >= Counter(["defuse", "bury"])
    for p in names:
        assert len(game.hands[p]) == 8
    assert sum(total.values()) == 3 + 3 + 10 * n + (n + 2) + n  # picks, random, defuses, kittens
    pile = Counter(game.draw_pile.top_first())
    assert pile >= Counter(["streaking_kitten", "nope", "reveal_the_future"])  # the pile picks stay there
    start = game.all_cards()
    bots = {p: make_bot("random", i) for i, p in enumerate(names)}
    play_out(game, bots, each=lambda g, m: _same(g, start))
    # Random cards may add Streaking Kittens, so the last kittens may be held with the draw
    # pile empty: ruling 25 ends such a game in a shared win, so every game ends.
    assert game.over and (game.winner is not None or game.winners == game.living())


def test_custom_game_refuses_bad_picks():
    rules = ruleset(["party"])
    with pytest.raises(ValueError):
        rules.new_game(players(3), deck="party_pack",
                       options={"custom": {"picks": {"p0": {"hand": ["defuse"]}}}})


def test_custom_deck_preset_reads():
    data = tomllib.loads((ROOT / "configs" / "custom-deck.toml").read_text())
    custom = data["table"]["options"]["custom"]
    deck = custom_deck.validate(ruleset(data["table"]["expansions"]).cards, players(4), custom)
    assert deck.random_cards == 40


def test_the_host_checks_custom_picks_through_the_hook_without_importing_party():
    rules = ruleset(["base", "party"])
    with pytest.raises(custom_deck.CustomDeckError, match="Defuse cannot be picked for a starting hand"):
        rules.check_options(["ann"], {"custom": {"picks": {"ann": {"hand": ["defuse"]}}}})
    assert rules.check_options(["ann"], {"custom": {"picks": {"ann": {"pile": ["defuse"]}}}}) is None
    assert rules.check_options(["ann"], {}) is None
