"""The moves list (``m``) says what five different cards do only over a list that shows one.
A Danish stranger, every box on, found it first over every list: a hand that makes a triple
names any card of the deck at any player, hundreds of moves, and the five-different ones came
after the list's last row."""

from __future__ import annotations

from ekpeer.engine import player_view
from ekpeer.plugins import ruleset
from ekpeer.tui.screens.moves import MovesScreen
from ekpeer.tui.words import Catalog

EVERY_BOX = ["base", "imploding", "streaking", "party", "zombie"]
FIVE_CATS = ["beard_cat", "cattermelon", "hairy_potato_cat", "rainbow_ralphing_cat"]


def moves_of(hand: list[str]) -> tuple[list[dict], Catalog]:
    rules = ruleset(EVERY_BOX)
    others = ["bob", "cat", "dan", "eve"]
    table = {"expansions": EVERY_BOX, "players": ["ann", *others], "current": "ann",
             "draw_pile": ["skip"] * 5, "discard": ["skip"],
             "hands": {"ann": hand, **{p: ["skip"] for p in others}}}
    view = player_view(rules.game_from_table(table), "ann")
    return [m for m in view["legal_moves"] if m.get("do") != "choose"], Catalog(rules.catalog())


def fives(options) -> list:
    return [m for m, _label, _card in options if m and len(m.get("cards") or []) == 5]


def test_five_different_is_explained_only_over_a_list_that_shows_one():
    moves, cat = moves_of(["tacocat"] * 3 + ["feral_cat"] * 2 + FIVE_CATS)
    assert len(moves) > 200 and any(len(m.get("cards") or []) == 5 for m in moves)
    screen = MovesScreen(moves, cat)
    assert not fives(screen.options)
    assert screen.details == ""
    moves, cat = moves_of(["tacocat"] + FIVE_CATS)
    screen = MovesScreen(moves, cat)
    assert fives(screen.options)
    assert screen.details == "Five different cards: take any card of the discard pile."
