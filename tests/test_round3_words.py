"""Issue 28, items 9-11: what the table says about a death, an Out player's lost turns, and
a stolen Streaking Kitten, from real games played on the engine (words as the TUI writes them)."""

from __future__ import annotations

from ekpeer.engine import Move
from ekpeer.engine.view import player_view
from ekpeer.plugins import ruleset
from ekpeer.tui.widgets import player_lines
from ekpeer.tui.words import Catalog, event_words


def played(table: dict, moves: list[dict]) -> tuple:
    """A rigged table (the scenario ``[setup]`` shape) after ``moves``, and every event seen."""
    rules = ruleset(table.get("expansions", ["base"]))
    game = rules.game_from_table(table)
    events = []
    for m in moves:
        game.apply(Move.from_dict(m))
        events.extend(e for _, e in game.events)
    return game, Catalog(rules.catalog()), events


def log(events: list[dict], cat: Catalog, me: str) -> list[str]:
    return [w for w in (event_words(e, cat, me) for e in events) if w]


def test_an_out_player_owes_no_turns():
    # ruling 16: a player who explodes loses the turns they still owed
    game, cat, _ = played({"players": ["ann", "bob"], "current": "ann", "turns": 3,
                           "draw_pile": ["exploding_kitten", "tacocat"], "hands": {"ann": [], "bob": []}},
                          [{"do": "draw", "by": "ann"}])
    assert game.over and game.out() == ["ann"]
    text = player_lines(player_view(game, "bob"), cat, width=60).plain
    assert "OUT" in text and "owes" not in text


def deaths(lines: list[str]) -> list[str]:
    return [w for w in lines if "is out" in w or "are out" in w or "now Dead" in w]


def test_an_implosion_is_one_death_said_once():
    table = {"expansions": ["base", "imploding"], "players": ["ann", "bob", "cat"],
             "draw_pile": ["imploding_kitten:up", "tacocat"],
             "hands": {"ann": ["defuse"], "bob": [], "cat": []}}
    game, cat, events = played(table, [{"do": "draw", "by": "ann"}])
    assert game.out() == ["ann"]
    lines = log(events, cat, "bob")
    assert deaths(lines) == ["ann implodes with Imploding Kitten and is out!"], lines
    assert not [w for w in lines if "explode" in w], lines


def test_an_implosion_in_a_zombie_game_makes_dead_once():
    table = {"expansions": ["base", "imploding", "zombie"], "players": ["ann", "bob", "cat"],
             "draw_pile": ["imploding_kitten:up", "tacocat"], "hands": {"ann": [], "bob": [], "cat": []}}
    game, cat, events = played(table, [{"do": "draw", "by": "ann"}])
    assert game.dead() == ["ann"]
    assert deaths(log(events, cat, "bob")) == ["ann implodes with Imploding Kitten and is now Dead"]


def test_an_explosion_is_said_once():
    table = {"players": ["ann", "bob", "cat"], "draw_pile": ["exploding_kitten", "tacocat"],
             "hands": {"ann": [], "bob": [], "cat": []}}
    _, cat, events = played(table, [{"do": "draw", "by": "ann"}])
    assert deaths(log(events, cat, "bob")) == ["ann explodes and is out!"]
