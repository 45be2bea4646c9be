"""Zombie Kittens: setup for every player count and variant, random playouts, and the hooks
this plugin added (``ekpeer_combo_cards``, ``ekpeer_play_while_waiting``)."""

from __future__ import annotations

from collections import Counter

import pytest

from ekpeer.bots import make_bot
from ekpeer.bots.driver import play_out
from ekpeer.engine import DEAD, IllegalMove, Move, player_view
from ekpeer.plugins import ruleset

BOX = Counter({"zombie_kitten": 5, "clone": 2, "clairvoyance": 2, "super_skip": 2, "dig_deeper": 4,
               "feed_the_dead": 2, "grave_robber": 1, "attack_of_the_dead": 3, "shuffle_now": 1})


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def table(**setup):
    setup.setdefault("expansions", ["zombie"])
    rules = ruleset(setup.pop("expansions"))
    return rules.game_from_table(setup)


# ---------------------------------------------------------------------- the box and setup
def test_the_box_holds_22_cards():
    rules = ruleset(["zombie"])
    counts = Counter({c.id: c.counts["zombie"] for c in rules.cards.values() if c.counts.get("zombie")})
    assert counts == BOX and sum(counts.values()) == 22
    assert rules.decks["zombie"].max_players == 5 and not rules.decks["zombie"].main
    assert {"zombie.two_player", "zombie.faster"} <= set(rules.variants)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("variants", [(), ("zombie.faster",), ("zombie.two_player",),
                                      ("zombie.two_player", "zombie.faster")])
def test_setup_counts(n, variants):
    if "zombie.two_player" in variants and n != 2:
        with pytest.raises(ValueError):
            ruleset(["zombie"]).new_game(names(n), seed=n, variants=list(variants))
        return
    game = ruleset(["zombie"]).new_game(names(n), seed=n, variants=list(variants))
    total = game.all_cards()
    assert total == ruleset(["zombie"]).plan(names(n), variants=list(variants)).pool
    for p in game.players:
        assert len(game.hands[p]) == 8
        assert game.hands[p].count("zombie_kitten") == 1
        assert "defuse" not in game.hands[p]
    pile = Counter(game.draw_pile.top_first())
    assert pile["exploding_kitten"] == n - 1
    assert pile["defuse"] == 0 and pile["zombie_kitten"] == 0
    assert Counter(game.out_of_game)["zombie_kitten"] == 5 - n
    dealt = 56 + 22 - 4 - 6 - 5 - 7 * n - (8 if "zombie.two_player" in variants else 0)
    if "zombie.faster" in variants:
        dealt = min(dealt, {2: 15, 3: 20, 4: 25, 5: 30}[n])
    assert len(game.draw_pile) == dealt + n - 1
    if "zombie.two_player" in variants:
        for card in ("attack_of_the_dead", "grave_robber", "feed_the_dead", "super_skip"):
            assert total[card] == BOX[card] and card not in pile
            assert all(card not in h for h in game.hands.values())


def test_the_two_player_deck_takes_the_expansion_too():
    game = ruleset(["zombie"]).new_game(names(2), seed=3, deck="two_player")
    assert Counter(game.draw_pile.top_first())["exploding_kitten"] == 1
    assert all(h.count("zombie_kitten") == 1 for h in game.hands.values())


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("plugins", [["zombie"], ["imploding", "zombie"]])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_playouts_keep_every_card_and_end_with_one_winner(plugins, n):
    for seed in range(6):
        variants = ["zombie.faster"] if seed % 3 == 2 else []
        game = ruleset(plugins).new_game(names(n), seed=seed, variants=variants)
        start = game.all_cards()

        def each(g, move, start=start):
            assert g.all_cards() == start, f"cards changed after {move}"

        bots = {p: make_bot("random", seed * 7 + i) for i, p in enumerate(game.players)}
        play_out(game, bots, each=each)
        assert game.winner is not None
        assert game.living() == [game.winner]
        assert all(game.status[p] == DEAD for p in game.players if p != game.winner)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_heuristic_bots_play_zombie_games_to_the_end(n):
    for seed in range(4):
        game = ruleset(["imploding", "zombie"]).new_game(names(n), seed=seed)
        start = game.all_cards()
        bots = {p: make_bot("heuristic", seed + i) for i, p in enumerate(game.players)}
        play_out(game, bots, each=lambda g, m: None)
        assert game.winner is not None and game.all_cards() == start


# ---------------------------------------------------------------------- added hooks
def test_ekpeer_combo_cards():
    """A Clone counts as the card played just before it in a combo."""
    game = table(players=["ann", "bob"], draw_pile=["skip"],
                 hands={"ann": ["tacocat", "clone"], "bob": ["beard_cat"]})
    game.apply(Move("play", "ann", ("tacocat", "clone"), target="bob"))
    assert game.stack[-1].combo == "pair"
    game.apply(Move("resolve"))
    assert game.hands["ann"] == ["beard_cat"] and game.discard == ["tacocat", "clone"]
    game = table(players=["ann", "bob"], draw_pile=["skip"],
                 hands={"ann": ["clone", "tacocat"], "bob": ["beard_cat"]})
    with pytest.raises(IllegalMove):
        game.apply(Move("play", "ann", ("clone", "tacocat"), target="bob"))


def test_ekpeer_play_while_waiting():
    """Clairvoyance may be played while the Zombie Kitten's player puts the kitten back."""
    game = table(players=["ann", "bob", "cat"], draw_pile=["exploding_kitten", "skip", "tacocat"],
                 hands={"ann": ["zombie_kitten"], "bob": ["clairvoyance", "skip"], "cat": ["clairvoyance"]})
    game.apply(Move("draw", "ann"))
    game.apply(Move("choose", "ann", use="zombie_kitten"))
    assert game.waiting_for() == ["ann"]
    assert Move("play", "bob", ("clairvoyance",)) in game.legal_moves("bob")
    with pytest.raises(IllegalMove):
        game.apply(Move("play", "bob", ("skip",)))
    with pytest.raises(IllegalMove):
        game.apply(Move("play", "ann", ("clairvoyance",)))
    game.apply(Move("play", "bob", ("clairvoyance",)))
    assert game.reaction_open and game.waiting_for() == []   # a Nope may stop it (ruling 2)
    events = game.apply(Move("resolve"))
    assert any(e["type"] == "watching" for _, e in events) and game.waiting_for() == ["ann"]
    events = game.apply(Move("choose", "ann", position=1))
    saw = [(to, e) for to, e in events if e["type"] == "clairvoyance_saw"]
    assert saw == [(("bob",), {"type": "clairvoyance_saw", "watcher": "bob", "by": "ann",
                               "card": "exploding_kitten", "position": 1})]
    assert player_view(game, "bob")["clairvoyance"][0]["position"] == 1
    assert "clairvoyance" not in player_view(game, "cat")
    assert game.draw_pile.top_first() == ["skip", "exploding_kitten", "tacocat"]
    assert game.current == "bob"
    with pytest.raises(IllegalMove):  # no Zombie Kitten is being played now
        game.apply(Move("play", "cat", ("clairvoyance",)))


def test_clone_pairs_are_legal_moves_and_bots_play_clones_and_clairvoyance():
    rules = ruleset(["base", "zombie"])
    game = rules.game_from_table({
        "players": ["ann", "bob"], "draw_pile": ["tacocat", "skip"],
        "hands": {"ann": ["beard_cat", "clone", "skip", "skip"], "bob": ["nope"]},
    })
    moves = game.legal_moves("ann")
    assert Move("play", "ann", ("beard_cat", "clone"), target="bob") in moves
    assert any(m.cards == ("skip", "skip", "clone") and m.name for m in moves)
    game.apply(Move("play", "ann", ("beard_cat", "clone"), target="bob"))
    game.apply(Move("resolve"))
    assert game.hands["ann"] == ["skip", "skip", "nope"] and game.hands["bob"] == []
    played = Counter()
    for seed in range(40):
        game = rules.new_game([f"p{i}" for i in range(4)], seed=seed)
        bots = {p: make_bot("random", seed * 7 + i) for i, p in enumerate(game.players)}

        def count(g, move):
            if move.do == "play":
                played.update(move.cards)

        play_out(game, bots, each=count)
    assert played["clairvoyance"] > 0 and played["clone"] > 0
