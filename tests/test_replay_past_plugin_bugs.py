"""A host's game that went on past a third-party plugin's bug (a card's ``can_play``, a hook the
engine only asked: ``ekpeer/engine/asked.py``) must replay as it was played.

``ekpeer replay FILE`` rebuilt it without the host's guard, so the first move the host had let
through past the bug raised again, and the saved game could not be looked at. Now the file says
it is a host's game, the replay goes on past the bug the same way, and says whose rules failed;
a game saved elsewhere (``ekpeer simulate``) still fails loudly on such a bug.
"""

from __future__ import annotations

import json

import pytest
from third_party.pip_installed import installed

from ekpeer.cli import main
from ekpeer.engine import Move, player_view
from ekpeer.net.card_faults import guard
from ekpeer.replays import Playback, ReplayError, load, save

NIGHTBUG = '''
from ekpeer.engine import CardSpec, DeckSpec
from ekpeer.hookspecs import hookimpl


def owl_can_play(game, by):
    raise RuntimeError("owl can_play crash")


CARDS = [CardSpec("owl", "Night Owl", "Hoot.", counts={"nightbug": 2}, can_play=owl_can_play)]
DECKS = [DeckSpec("nightbug", "Nightbug")]


@hookimpl
def ekpeer_refuse_move(game, player, move):
    raise RuntimeError("refuse_move crash")
'''


@pytest.fixture
def nightbug(tmp_path, monkeypatch):
    """A third party's box ``nightbug``, installed as pip leaves one: its Night Owl's
    ``can_play`` raises, and so does its ``ekpeer_refuse_move`` hook, every time."""
    yield from installed(tmp_path / "site", monkeypatch, "nightbug", NIGHTBUG)


def _hosts_game():
    """A game as a host's table plays it past the bugs: each seat's view made (Night Owl set
    aside), then two draws the failing ``ekpeer_refuse_move`` let through."""
    from ekpeer.plugins import ruleset

    game = guard(ruleset(["base", "nightbug"]).game_from_table(
        {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["tacocat"] * 6,
         "hands": {"ann": ["owl", "skip"], "bob": ["skip"]}}))
    for move in (Move("draw", "ann"), Move("draw", "bob")):
        for seat in game.players:
            player_view(game, seat)
        game.apply(move)
    return game


def test_a_hosts_game_past_a_plugins_bug_replays_and_says_whose_rules_failed(nightbug, tmp_path, capsys):
    path = save(_hosts_game(), tmp_path, table="night", seed_from={"by": "host", "seed": None})
    data = load(path)
    assert data["record"]["hosted"] is True
    assert {(f["card"], f["rule"], f["plugin"]) for f in data["rules_failed"]} == {
        ("owl", "can_play", "nightbug"), (None, "ekpeer_refuse_move", "nightbug")}
    playback = Playback(data)
    assert len(playback.frames) == 3
    assert main(["replay", str(path), "--text"]) == 0
    out = capsys.readouterr().out
    head = out.split("\n0. ")[0]
    assert "rules failed: can_play of Night Owl raised at the host (a bug in plugin nightbug)" in head
    assert ("rules failed: the hook ekpeer_refuse_move of plugin nightbug raised at step 1; the host "
            "went on past it, and so does this replay") in head
    step1 = next(line for line in out.splitlines() if line.startswith("1. "))
    assert "ekpeer_refuse_move of plugin nightbug raised at step 1" in step1


def test_the_host_is_known_by_seed_from_in_a_file_saved_before_it_said_so(nightbug, tmp_path):
    path = save(_hosts_game(), tmp_path, table="night", seed_from={"by": "host", "seed": 3})
    data = json.loads(path.read_text())
    del data["record"]["hosted"], data["rules_failed"]
    path.write_text(json.dumps(data))
    assert len(Playback(load(path)).frames) == 3


def test_a_game_saved_elsewhere_still_fails_loudly_on_a_plugins_bug(nightbug, tmp_path):
    path = save(_hosts_game(), tmp_path, table="simulate", seed_from={"by": "simulate", "seed": 1, "game": 1})
    data = json.loads(path.read_text())
    del data["record"]["hosted"]
    path.write_text(json.dumps(data))
    with pytest.raises(ReplayError, match="refuse_move crash"):
        Playback(load(path))


async def test_the_replay_screen_says_on_its_step_whose_rules_failed(nightbug, tmp_path):
    from ekpeer.tui.screens.replay import ReplayApp

    playback = Playback(load(save(_hosts_game(), tmp_path, table="night")))
    app = ReplayApp(playback)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause(0.05)
        assert "rules failed" not in str(app.screen.query_one("#replay-step").render())
        await pilot.press("right")
        step = " ".join(str(app.screen.query_one("#replay-step").render()).split())
        assert "rules failed: the hook ekpeer_refuse_move of plugin nightbug raised at step 1" in step
