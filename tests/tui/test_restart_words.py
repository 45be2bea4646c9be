"""What the logs and the players list say about a host killed and started again with
``--resume`` (docs/server.md). A stranger's watcher read "ann lost connection", then "ann is
back", for every seat, though nobody's link had dropped and the players' own logs said none of
it; the clock's line named neither clock nor a number still true for a late reader; and the
clocks counted on some 3 s into the outage before they paused."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from ekpeer import i18n
from ekpeer.cli_net import resumed_words
from ekpeer.tui.restart_words import restarted_clock_words
from ekpeer.tui.screens.table import TableScreen
from ekpeer.tui.words import seat_changes, seat_tag

from .conftest import rigged, scripted_app, settle, snapshot_of
from .test_lan_evening import ALL_HERE, lobby

WAITING = {"state": "gone", "gone_seconds": 0.0, "grace_left": 30.0, "restarted": True}


@pytest.fixture
def danish():
    i18n.set_language("da")
    yield
    i18n.set_language("en")


def test_seats_waiting_after_a_restart_are_no_news_until_their_grace_passes():
    before = lobby(ALL_HERE, me="dan")["body"]
    waiting = lobby({**ALL_HERE, "ann": WAITING, "bob": WAITING}, me="dan")["body"]
    assert seat_changes(before, waiting, "dan") == []       # the host went, not their links
    back = lobby({**ALL_HERE, "bob": WAITING}, me="dan")["body"]
    assert seat_changes(waiting, back, "dan") == []         # ann came back on her own: no "is back"
    covered = lobby({**ALL_HERE, "bob": {"state": "covered", "gone_seconds": 30.0, "restarted": True}},
                    me="dan")["body"]
    assert seat_changes(back, covered, "dan") == [
        "bob has not come back since the host restarted: a bot plays for them until they are back"]
    assert seat_changes(covered, before, "dan") == ["bob is back"]     # a bot played: news
    assert seat_tag(WAITING, elapsed=2.0) == "not back since the restart"


def test_the_clock_line_names_the_clock_and_its_full_length_when_the_host_came_back():
    turn = {"kind": "turn", "seconds": 30.0, "player": "bob", "restarted": True}
    assert restarted_clock_words(turn, "bob") == (
        "The host cannot know how long it was gone, so your turn clock started again in full when it "
        "came back: all its 30 s")
    assert restarted_clock_words(turn, None) == (
        "The host cannot know how long it was gone, so bob’s turn clock started again in full when it "
        "came back: all its 30 s")
    nope = {"kind": "reaction", "seconds": 3.0, "player": None, "restarted": True}
    assert restarted_clock_words(nope, "ann") == (
        "The host cannot know how long it was gone, so the Nope window started again in full when it "
        "came back: all its 3 s")


def test_the_clock_line_in_danish(danish):
    nope = {"kind": "reaction", "seconds": 3.0, "player": None}
    assert "Niks-vinduet" in restarted_clock_words(nope, "ann")
    assert seat_tag(WAITING) == "ikke tilbage siden genstarten"


def _table(id: str, games: int, moves: int | None, seats: list[str]) -> SimpleNamespace:
    game = None if moves is None else SimpleNamespace(log=[None] * moves)
    return SimpleNamespace(id=id, games=games, game=game, phase="playing" if game else "lobby",
                           seats=[SimpleNamespace(name=n) for n in seats])


def test_a_resumed_host_says_each_table_it_brought_back():
    tables = [_table("main", 2, 14, ["ann", "bob", "cat", "bot1"]), _table("quiet", 0, None, [])]
    assert resumed_words(tables) == [
        "ekpeer host: resumed table main: game 2, 14 moves played, seats ann, bob, cat, bot1",
        "ekpeer host: resumed table quiet: its lobby, no game on"]


def test_a_resumed_host_says_it_in_danish(danish):
    said = resumed_words([_table("main", 2, 1, ["ann", "bot1"])])
    assert said[0].startswith("ekpeer host: genoptog bordet main: spil 2, 1 handling udført"), said


async def test_the_clocks_stand_where_they_were_when_the_host_was_last_heard(table3):
    game, rules, events = rigged(table3)
    snap = snapshot_of(game, rules, "ann", events)
    snap["body"]["timer"] = {"kind": "turn", "seconds": 60.0, "remaining": 40.0, "player": "ann",
                             "players": ["ann"]}
    app, session = scripted_app([lobby(ALL_HERE), snap])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, TableScreen)
        before = app.table_screen._left()
        session.push("connection", {"state": "lost", "reason": "host silent", "silent_seconds": 3.0})
        await settle(pilot, 4)
        status = str(app.table_screen.query_one("#status").render())
        assert "clock paused" in status, status
        paused = float(re.search(r"Your clock +([\d.]+) s", status).group(1))
        # the host went silent 3 s before the client called it gone: the clock stands there
        assert paused >= before + 2.0, (before, paused)
