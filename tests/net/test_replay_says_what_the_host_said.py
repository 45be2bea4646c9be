"""A host's saved game (``ReplaySaver``) must tell what the table told, where it told it.

A replay re-runs the engine from the game's origin and moves, so what only the host said was
lost: that a box's rules failed and the game went on without them (the replay said "raised
at the host", at no step, where the rule failed only at the host), that the host stopped a
game no move of a seat's could go on in (the replay just ended), and that the bot playing
cat's seat won after cat left (the replay said "winner cat"). The file now keeps them, and the
replay, on its screen and as text, says them at the same step in the table's words.
"""

from __future__ import annotations

import pytest
from third_party.pip_installed import installed

from ekpeer import plugins
from ekpeer.engine import Move
from ekpeer.i18n import set_language
from ekpeer.net.host import Session
from ekpeer.replay_text import text_lines
from ekpeer.replays import Playback, ReplaySaver, load
from ekpeer.tui.screens.replay import ReplayApp

from .conftest import FAST, socketless_host
from .test_move_hook_faults_on_host import PILEBUG  # its draw rule raises
from .test_rematch_seats import SEED_CAT_WINS, _evening, _play_out, _stop

#: a hook that fails at the host only while ``BROKEN`` says so: its replay does not meet it,
#: as a hook the host asked only to build a seat's view is never asked by a replay
SHIFTBUG = '''
from ekpeer.engine import CardSpec, DeckSpec
from ekpeer.hookspecs import hookimpl

BROKEN = {"on": True}
CARDS = [CardSpec("coffee", "Coffee Break", "Nothing.", counts={"shiftbug": 1}, kind="now", now=True)]
DECKS = [DeckSpec("shiftbug", "Night Shift")]


@hookimpl
def ekpeer_handle_move(game, move):
    if BROKEN["on"] and move.do == "draw":
        raise RuntimeError("handle_move crash")
    return None
'''

@pytest.fixture
def shiftbug(tmp_path, monkeypatch):
    for _package in installed(tmp_path / "site", monkeypatch, "shiftbug", SHIFTBUG):
        yield plugins.load_module("shiftbug")


@pytest.fixture
def pilebug(tmp_path, monkeypatch):
    for _package in installed(tmp_path / "site", monkeypatch, "pilebug", PILEBUG):
        yield plugins.load_module("pilebug")


def _seated(box: str, saver: ReplaySaver, table_of: dict):
    """ann and a bot at a 2-seat table with ``box`` beside the base game, saved by ``saver``;
    the game (dealt as ``table_of`` says) set up as the host holds one, no clock running."""
    host = socketless_host(seed=5)
    host.game_over_hooks.append(saver)
    table = host.add_table("t", {**FAST, "seats": 2, "expansions": ["base", box]})
    ann = Session(b"a", last_seen=0, tokens=100, stamp=0)
    table.join(ann, "ann", None, False)
    table.set_ready(ann, True)
    table.request_start(ann)
    table.cancel_all()
    bot = next(s.name for s in table.seats if s.name != "ann")
    table.game = plugins.ruleset(["base", box]).game_from_table(
        {**table_of(bot), "players": ["ann", bot]})
    return table, bot


def _steps(playback: Playback) -> dict[int, str]:
    return {int(line.split(".", 1)[0]): line for line in text_lines(playback) if line[:1].isdigit()}


async def test_a_box_whose_rules_failed_at_the_host_is_said_at_the_step_and_in_the_words_the_table_said(
        shiftbug, tmp_path):
    set_language("en")
    saver = ReplaySaver(tmp_path)
    table, bot = _seated("shiftbug", saver, lambda bot: {
        "current": "ann", "draw_pile": ["tacocat", "exploding_kitten", "tacocat"],
        "hands": {"ann": ["tacocat"], bot: ["tacocat"]}})
    try:
        assert table.apply(table.seat("ann"), Move("draw")) is None     # the hook fails: told
        assert table.apply(table.seat(bot), Move("draw")) is None       # the kitten: bot is out
        assert table.phase == "over" and table.game.winners == ["ann"]
    finally:
        _stop(table)
    shiftbug.BROKEN["on"] = False          # the replay does not meet the failure itself
    data = load(saver.saved[0])
    assert data["told"] == [{"step": 1, "event": {"type": "rules_failed", "plugin": "shiftbug",
                                                  "box": "Night Shift"}}]
    playback = Playback(data)
    said = ("Night Shift’s rules failed on the host (a bug in its plugin): the game goes on by the "
            "rules without them where they failed")
    steps = _steps(playback)
    assert [n for n, line in steps.items() if said in line] == [1]
    assert steps[1].index(said) < steps[1].index(f"{bot}’s turn")     # before the next turn's line
    header = list(text_lines(playback))[:6]
    assert any("ekpeer_handle_move of plugin shiftbug raised at step 1" in line for line in header)
    app = ReplayApp(playback)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.press("right")
        assert said in " ".join(str(app.screen.query_one("#replay-step").render()).split())
    # a file saved before ``told`` (or one whose ``told`` is damaged) replays as it did
    for told in (None, [{"step": "1", "event": []}, "x", {"step": 99, "event": {"type": "rules_failed"}}]):
        older = {k: v for k, v in data.items() if k != "told"} | ({"told": told} if told else {})
        lines = list(text_lines(Playback(older)))
        assert not any(said in line for line in lines)
        assert any("ekpeer_handle_move of plugin shiftbug raised at the host" in line for line in lines)


async def test_a_game_the_host_stopped_is_said_stopped_and_why_as_the_table_said(pilebug, tmp_path):
    set_language("en")
    saver = ReplaySaver(tmp_path)
    table, bot = _seated("pilebug", saver, lambda bot: {
        "current": bot, "draw_pile": ["gremlin"] + ["tacocat"] * 4,
        "hands": {"ann": ["skip"], bot: ["tacocat"]}})
    try:
        table.on_turn_timeout(table.gen)       # the bot's draw fails, and it has no other move
        table.on_turn_timeout(table.gen)       # tried again: none goes, the host stops the game
        assert table.phase == "over" and not table.game.over
    finally:
        _stop(table)
    data = load(saver.saved[0])
    assert data["stopped"] == bot and data["winners"] == []
    playback = Playback(data)
    said = (f"The game cannot go on: Pilebug’s rules fail on every move for {bot}’s seat. "
            "It ends with no winner.")
    lines = list(text_lines(playback))
    assert f"result: no winner after 1 turns: {said}" in lines
    assert said in _steps(playback)[playback.last]
    app = ReplayApp(playback)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.press("end")
        screen = app.screen
        assert "no winner: the host stopped the game" in str(screen.query_one("#replay-title").render())
        assert said in " ".join(str(screen.query_one("#replay-players").render()).split())
        assert said in " ".join(str(screen.query_one("#replay-step").render()).split())


async def test_the_bot_that_won_in_the_seat_of_one_who_left_is_the_replays_winner(tmp_path):
    set_language("en")
    table, people = _evening(seed=SEED_CAT_WINS)
    saver = ReplaySaver(tmp_path)
    table.host.game_over_hooks.append(saver)
    try:
        table.leave(people["cat"])
        _play_out(table)
        assert table.game.winners == ["cat"]
    finally:
        _stop(table)
    data = load(saver.saved[0])
    assert data["won_by_bot"] == {"cat": "left"}
    playback = Playback(data)
    lines = list(text_lines(playback))
    assert any(line.startswith("result: the bot playing cat’s seat wins after") for line in lines)
    assert "The bot playing cat’s seat wins (cat left)!" in lines[-1]
    app = ReplayApp(playback)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.press("end")
        screen = app.screen
        title = str(screen.query_one("#replay-title").render())
        assert "winner the bot playing cat’s seat" in title and "winner cat" not in title
        players = " ".join(str(screen.query_one("#replay-players").render()).split())
        assert "The bot playing cat’s seat wins (cat left)!" in players and "cat wins!" not in players
