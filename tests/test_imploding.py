"""Imploding Kittens: setup for every player count and variant, and random playouts alone
and together with Zombie Kittens."""

from __future__ import annotations

from collections import Counter

import pytest

from ekpeer.bots import make_bot
from ekpeer.bots.driver import play_out
from ekpeer.engine import Move, player_view
from ekpeer.plugins import ruleset

BOX = Counter({"imploding_kitten": 1, "alter_the_future": 4, "draw_from_the_bottom": 4, "feral_cat": 4,
               "reverse": 4, "targeted_attack": 3})


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def test_the_box_holds_20_cards():
    rules = ruleset(["imploding"])
    counts = Counter({c.id: c.counts["imploding"] for c in rules.cards.values() if c.counts.get("imploding")})
    assert counts == BOX and sum(counts.values()) == 20
    deck = rules.decks["imploding"]
    assert deck.max_players == 6 and not deck.main
    assert {"imploding.two_player", "imploding.faster"} <= set(rules.variants)
    assert rules.cards["feral_cat"].wild_cat
    kitten = rules.cards["imploding_kitten"]
    assert kitten.kind == "kitten" and kitten.extra["defusable"] is False and not kitten.nopeable


VARIANTS = [(), ("imploding.faster",), ("imploding.two_player",),
            ("imploding.two_player", "imploding.faster")]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variants", VARIANTS)
def test_setup_counts(n, variants):
    rules = ruleset(["imploding"])
    if "imploding.two_player" in variants and n != 2:
        with pytest.raises(ValueError):
            rules.new_game(names(n), seed=n, variants=list(variants))
        return
    game = rules.new_game(names(n), seed=n, variants=list(variants))
    assert game.all_cards() == rules.plan(names(n), variants=list(variants)).pool
    for p in game.players:
        assert len(game.hands[p]) == 8 and game.hands[p].count("defuse") >= 1
        assert "imploding_kitten" not in game.hands[p] and "exploding_kitten" not in game.hands[p]
    pile = Counter(game.draw_pile.top_first())
    kittens = 2 if "imploding.two_player" in variants else n - 1
    assert pile["imploding_kitten"] == 1
    assert pile["exploding_kitten"] == kittens - 1
    assert game.draw_pile.face_up() == []
    spare = min(2, 6 - n)
    dealt = 56 + 20 - 5 - 6 - 7 * n + spare
    if "imploding.faster" in variants:
        dropped = round(dealt / 3)
        dealt -= dropped
        # set aside: a third of the pile, the Defuses not dealt nor spare, the unused kittens
        assert len(game.out_of_game) == dropped + (6 - n - spare) + 4 - (kittens - 1)
    assert len(game.draw_pile) == dealt + kittens


@pytest.mark.parametrize("n", [2, 3])
def test_two_player_edition_deck(n):
    rules = ruleset(["imploding"])
    game = rules.new_game(names(n), seed=1, deck="two_player")
    pile = Counter(game.draw_pile.top_first())
    assert pile["imploding_kitten"] == 1 and pile["exploding_kitten"] == n - 2
    game = rules.new_game(names(2), seed=1, deck="two_player", variants=["imploding.two_player"])
    pile = Counter(game.draw_pile.top_first())
    assert pile["imploding_kitten"] == 1 and pile["exploding_kitten"] == 1
    with pytest.raises(ValueError):  # the 2-Player Edition box has kittens for 3 players at most
        rules.new_game(names(4), seed=1, deck="two_player")


def test_six_players_need_no_deck_named():
    game = ruleset(["imploding"]).new_game(names(6), seed=2)
    assert game.origin["deck"] == "original"


# ---------------------------------------------------------------------- playouts
def _play(plugins, n, seed, variants=(), kind="random"):
    game = ruleset(plugins).new_game(names(n), seed=seed, variants=list(variants))
    start = game.all_cards()

    def each(g, move):
        assert g.all_cards() == start, f"cards changed after {move}"

    bots = {p: make_bot(kind, seed * 11 + i) for i, p in enumerate(game.players)}
    play_out(game, bots, each=each)
    assert game.winner is not None
    assert game.living() == [game.winner]
    return game


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_playouts_imploding(n):
    for seed in range(8):
        variants = ["imploding.faster"] if seed % 2 else []
        if n == 2 and seed % 4 == 3:
            variants.append("imploding.two_player")
        _play(["imploding"], n, seed, variants)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_playouts_imploding_and_zombie(n):
    for seed in range(6):
        variants = ["imploding.faster"] if seed % 3 == 1 else ["zombie.faster"] if seed % 3 == 2 else []
        _play(["imploding", "zombie"], n, seed, variants)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_heuristic_playouts_imploding(n):
    for seed in range(4):
        _play(["imploding"], n, seed, kind="heuristic")


def test_six_players_with_zombie_kittens_are_refused_there_are_five():
    with pytest.raises(ValueError, match="too few for 6 players"):
        ruleset(["imploding", "zombie"]).new_game([f"p{i}" for i in range(6)])


def test_face_up_imploding_is_public_in_views():
    from ekpeer.engine import player_view, spectator_view

    game = ruleset(["imploding"]).game_from_table(
        {"players": ["ann", "bob"], "draw_pile": ["imploding_kitten", "tacocat", "skip"], "hands": {}})
    game.apply(Move("draw", "ann"))
    game.apply(Move("choose", "ann", position=1))
    assert spectator_view(game)["face_up"] == [{"depth": 1, "card": "imploding_kitten"}]
    assert player_view(game, "bob")["face_up"] == [{"depth": 1, "card": "imploding_kitten"}]


def test_a_shuffle_hides_where_the_face_up_kitten_lies_until_it_reaches_the_top():
    rules = ruleset(["base", "imploding"])
    game = rules.game_from_table({
        "players": ["ann", "bob"], "current": "ann",
        "draw_pile": ["tacocat", "imploding_kitten:up", "beard_cat", "skip", "cattermelon"],
        "hands": {"ann": ["shuffle"], "bob": []},
    })
    assert player_view(game, "bob")["face_up"] == [{"depth": 1, "card": "imploding_kitten"}]
    game.apply(Move("play", "ann", ("shuffle",)))
    game.apply(Move("resolve"))
    depth = game.draw_pile.top_first().index("imploding_kitten")
    assert game.draw_pile.face_up_depths() == {depth}  # still face up ...
    seen = player_view(game, "bob")["face_up"]
    assert seen == ([] if depth else [{"depth": 0, "card": "imploding_kitten"}])  # ... its place unknown
    while game.draw_pile.top_first()[0] != "imploding_kitten":
        game.draw_pile.draw_top()
    assert player_view(game, "bob")["face_up"] == [{"depth": 0, "card": "imploding_kitten"}]
