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
