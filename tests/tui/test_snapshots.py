"""Snapshots of the table in its main states, at 80x24 and at 120x40 (with 10 players)."""

from __future__ import annotations

import pytest

from .conftest import rigged, scripted_app, settle, snapshot_of

SIZES = [(80, 24), (120, 40)]
NAMES = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jo"]


def your_turn():
    table = {
        "players": ["ann", "bob", "cat"],
        "current": "ann",
        "turns": 2,
        "draw_pile": ["tacocat", "skip", "beard_cat", "exploding_kitten", "shuffle"],
        "discard": ["skip", "attack"],
        "hands": {
            "ann": ["defuse", "favor", "tacocat", "tacocat", "nope", "see_the_future", "shuffle"],
            "bob": ["nope", "attack"],
            "cat": ["beard_cat"],
        },
    }
    game, rules, ev = rigged(
        table, [{"do": "play", "by": "ann", "cards": ["see_the_future"]}, {"do": "resolve"}]
    )
    return snapshot_of(game, rules, "ann", ev)


def reaction():
    table = {
        "players": NAMES,
        "current": "bob",
        "out": ["eve"],
        "draw_pile": ["skip"] * 12,
        "hands": {n: ["tacocat", "skip"] for n in NAMES},
    }
    table["hands"]["ann"] = ["nope", "skip", "cattermelon"]
    table["hands"]["bob"] = ["attack"]
    game, rules, ev = rigged(table, [{"do": "play", "by": "bob", "cards": ["attack"]}])
    return snapshot_of(game, rules, "ann", ev)


def decision():
    table = {
        "players": ["ann", "bob"],
        "current": "ann",
        "draw_pile": ["exploding_kitten", "tacocat", "skip"],
        "hands": {"ann": ["defuse", "skip"], "bob": ["nope"]},
    }
    game, rules, ev = rigged(table, [{"do": "draw", "by": "ann"}])
    return snapshot_of(game, rules, "ann", ev)


def game_over():
    table = {
        "players": ["ann", "bob", "cat"],
        "current": "ann",
        "out": ["cat"],
        "draw_pile": ["exploding_kitten"],
        "hands": {"ann": [], "bob": ["nope"], "cat": []},
    }
    game, rules, ev = rigged(table, [{"do": "draw", "by": "ann"}])
    return snapshot_of(game, rules, "ann", ev)


STATES = {"your_turn": your_turn, "reaction": reaction, "decision": decision, "game_over": game_over}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("state", list(STATES))
def test_table_snapshot(snap_compare, state, size):
    app, _ = scripted_app([STATES[state]()])

    async def ready(pilot):
        await settle(pilot, 6)

    assert snap_compare(app, terminal_size=size, run_before=ready)
