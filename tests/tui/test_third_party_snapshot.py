"""A third party's box on the table, drawn (issue 27: its log lines, its dialog and its odds
read as well as a built-in's, from its catalog alone). The box is tests/test_third_party_words'
Kennel: a Yapping Kitten that kills and a Hush that dodges, with phrases of their own."""

from __future__ import annotations

import pytest

from ekpeer.engine import Move, Ruleset
from ekpeer.engine.view import player_view, visible_events
from ekpeer.plugins import plugin_manager

from .conftest import scripted_app, settle


def kennel():
    """The Kennel box as tests/test_third_party_words.py writes it (one box, two tests)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "test_third_party_words.py"
    spec = importlib.util.spec_from_file_location("_third_party_words", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.kennel()


def _kennel_table(hands: dict[str, list[str]], moves: list[Move], me: str = "ann") -> dict:
    pm, order = plugin_manager(["base", "kennel"], extra={"kennel": kennel()})
    rules = Ruleset(pm, order)
    game = rules.game_from_table({"players": ["ann", "bob"], "current": "bob",
                                  "draw_pile": ["tacocat", "yapping_kitten", "skip", "beard_cat"],
                                  "hands": hands})
    events: list = []
    for move in moves:
        events += game.apply(move)
    return {"type": "snapshot", "body": {"view": player_view(game, me), "catalog": rules.catalog(),
                                         "events": visible_events(events, me)}}


def hushed_then_yapping():
    """bob hushes his turn away; ann draws a Tacocat, then the Yapping Kitten: her save dialog."""
    return _kennel_table({"ann": ["defuse", "hush", "tacocat"], "bob": ["hush", "hush", "nope"]},
                         [Move("play", "bob", cards=("hush",)), Move("resolve"),
                          Move("draw", "ann"), Move("play", "bob", cards=("hush",)), Move("resolve"),
                          Move("draw", "ann")])


def your_turn_with_its_odds():
    """ann's turn after bob hushed: the log in the box's words, the odds counting its kitten."""
    return _kennel_table({"ann": ["defuse", "hush", "tacocat"], "bob": ["hush", "nope"]},
                         [Move("play", "bob", cards=("hush",)), Move("resolve")])


STATES = {"decision": hushed_then_yapping, "your_turn": your_turn_with_its_odds}


@pytest.mark.parametrize("state", list(STATES))
def test_a_third_party_box_on_the_table(snap_compare, state):
    app, _ = scripted_app([STATES[state]()])

    async def ready(pilot):
        await settle(pilot, 6)

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)
