"""Issue 13 on the table screen: every seat's connection and the Cone of Shame beside the
names, drops, returns, take-overs and timeouts said in the log, the host gone (or closed)
said over the table with the way back, a returning player's clock whole at once, and a
hosting player asked before quitting with other people seated."""

from __future__ import annotations

import copy
import re

import zmq

from ekpeer.net.addresses import format_address
from ekpeer.tui.screens.host_gone import HostGoneScreen
from ekpeer.tui.screens.quit_confirm import QuitConfirmScreen, others_seated
from ekpeer.tui.screens.table import TableScreen
from ekpeer.tui.words import seat_changes, seat_tag

from .conftest import rigged, scripted_app, settle, snapshot_of


def lobby(states: dict[str, dict], cone: str | None = None, me: str = "ann") -> dict:
    seats = [{"name": n, "ready": True, "bot": s.get("state") == "bot", "you": n == me,
              "connected": s.get("state") in ("connected",), "cone": n == cone, **s}
             for n, s in states.items()]
    body = {"table": "t", "you": me, "started": True, "phase": "playing", "games": 1, "creator": True,
            "seats": seats, "cone": cone, "settings": {}}
    return {"type": "lobby", "body": body}


ALL_HERE = {"ann": {"state": "connected"}, "bob": {"state": "connected"}, "cat": {"state": "bot"}}


def players_text(app) -> str:
    return str(app.screen.query_one("#players").render())


def log_text(app) -> str:
    return "\n".join(app.log_lines)


async def test_a_seat_gone_covered_and_back_is_shown_and_logged(table3):
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, TableScreen)
        session.queue.put_nowait(lobby({**ALL_HERE, "bob": {"state": "gone", "gone_seconds": 0.4,
                                                             "grace_left": 29.6}}))
        await settle(pilot, 4)
        assert re.search(r"bob  3▮  gone \d s \(bot in [23]\d s\)", players_text(app))
        assert "bob lost connection (a bot plays for bob in 30 s unless they are back)" in log_text(app)
        session.queue.put_nowait(lobby({**ALL_HERE, "bob": {"state": "covered", "gone_seconds": 30.0}}))
        await settle(pilot, 4)
        assert "gone: bot playing" in players_text(app)
        assert "A bot is playing for bob until they are back" in log_text(app)
        session.queue.put_nowait(lobby(ALL_HERE))
        await settle(pilot, 4)
        assert "bob is back" in log_text(app)
        assert "back" in players_text(app) and "bot playing" not in players_text(app)
        # the log pane shows what the log holds
        shown = "\n".join(str(line.text) for line in app.screen.query_one("#log").lines)
        assert "bob lost connection" in shown and "bob is back" in shown


async def test_the_cone_of_shame_sits_by_its_wearer_and_turns_with_a_reverse(table3):
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.queue.put_nowait(lobby(ALL_HERE, cone="bob"))
        await settle(pilot, 4)
        assert "bob cone ↓" in players_text(app)
        assert "bob’s clock ran out first: they wear the Cone of Shame" in log_text(app)
        view = copy.deepcopy(app.view)
        view["direction"] = -1                   # a Reverse was played
        session.push("update", {"view": view, "events": [{"type": "reversed", "by": "ann"}]})
        await settle(pilot, 4)
        assert "bob cone ↑" in players_text(app) and "cone ↓" not in players_text(app)


async def test_a_timeout_is_said_in_words_and_a_returning_clock_counts_from_what_is_left(table3):
    game, rules, events = rigged(table3)
    snap = snapshot_of(game, rules, "ann", events)
    snap["body"]["timer"] = {"kind": "turn", "seconds": 60.0, "remaining": 12.0, "player": "ann",
                             "players": ["ann"]}
    app, session = scripted_app([lobby(ALL_HERE), snap])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        status = str(app.screen.query_one("#status").render())
        left = float(re.search(r"Your clock +([\d.]+) s", status).group(1))
        assert 0 < left <= 12.0                 # what was left when the snapshot came, not 60
        session.push("update", {"view": app.view, "events": [{"type": "timed_out", "player": "bob"}]})
        await settle(pilot, 4)
        assert "bob’s time ran out: the bot covering bob’s seat chose for them" in log_text(app)


async def test_a_silent_host_is_said_over_the_table_until_it_is_back(table3):
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("connection", {"state": "lost", "reason": "host silent"})
        await settle(pilot, 4)
        assert isinstance(app.screen, HostGoneScreen)
        words = str(app.screen.query_one("#dialog-prompt").render())
        assert "Trying to reconnect" in words and "start screen" in str(app.screen.query_one("#start").label)
        assert "No connection to the host" in str(app.screen.query_one("#dialog-title").render())
        # honest: this player's own link may be what fails (a lossy link, the host fine)
        assert "your own connection to it is failing" in words and "crashed" in words
        session.push("connection", {"state": "back", "attempts": 3})
        await settle(pilot, 4)
        assert isinstance(app.screen, TableScreen)
        assert "Connected again: you are in your seat again" in log_text(app)


async def test_a_link_that_failed_while_the_host_stayed_says_what_is_known(table3):
    """bob's link broke for a moment (his client called the host gone) and his log read "The
    host is back", though the host never left: the host's word that it had his seat empty
    (README: "Your connection to the host dropped"), alone: "Connected again" above it read
    backwards to a stranger."""
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("connection", {"state": "lost", "reason": "host silent"})
        await settle(pilot, 4)
        session.push("connection", {"state": "back", "attempts": 2, "away": 4.3, "bot_played": False})
        await settle(pilot, 4)
        assert isinstance(app.screen, TableScreen)
        text = log_text(app)
        assert "host is back" not in text
        assert app.log_lines[-1] == "Your connection to the host dropped; back after 4 s", app.log_lines
        assert "Connected again: you are in your seat again" not in app.log_lines


async def test_a_host_that_closed_the_table_says_so_and_the_player_goes_back_to_start(table3):
    from ekpeer.tui.screens.start import StartScreen

    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("closing", {"reason": "the host closed the table"})
        await settle(pilot, 4)
        assert isinstance(app.screen, HostGoneScreen)
        assert "The host closed the table" in str(app.screen.query_one("#dialog-title").render())
        said = str(app.screen.query_one("#dialog-prompt").render())
        # on purpose: not "trying to reconnect" as after a crash (a stranger found that muddled)
        assert "stopped the game on purpose" in said and "Trying to reconnect" not in said
        # only a host started again with --resume has the game: "should the host start it again"
        # promised the seat back to a stranger whose host restarted without it
        assert "If the host resumes the game (ekpeer host --resume), you are back in your seat" in said
        assert "Should the host start it again" not in said
        # and the table under it no longer says whose turn it is, nor offers a draw
        status = str(app.table_screen.query_one("#status").render())
        # not "this game is over" under "you are back in your seat" should it start again
        assert "the game stops here unless the host starts it again" in status and "turn" not in status
        assert app.table_screen.check_action("draw", ()) is False
        session.push("connection", {"state": "lost", "reason": "host silent"})     # one notice, not two
        await settle(pilot, 3)
        assert sum(isinstance(s, HostGoneScreen) for s in app.screen_stack) == 1
        # the hosting player's own link goes down with the host: no news after the closing
        # (a stranger read "bob lost connection (a bot plays for bob in 30 s ...)" below it)
        body = lobby({**ALL_HERE, "bob": {"state": "gone", "grace": 30.0}})["body"]
        session.push("lobby", body)
        await settle(pilot, 3)
        assert not [line for line in app.log_lines if "lost connection" in line], app.log_lines
        await pilot.press("s")
        await settle(pilot, 6)
        assert isinstance(app.screen, StartScreen)
        assert ("close", None) in session.sent


async def test_ctrl_q_once_the_host_closed_the_table_quits_without_asking_to_leave(table3):
    """A stranger pressed ctrl+q after the host had stopped, and read "Leave the game and quit?
    ... a bot takes your seat at once": there was no host to tell nor seat to take."""
    from ekpeer.tui.screens.leave_confirm import LeaveConfirmScreen

    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("closing", {"reason": "the host closed the table"})
        await settle(pilot, 4)
        assert isinstance(app.screen, HostGoneScreen)
        await pilot.press("ctrl+q")
        await settle(pilot, 4)
        assert not any(isinstance(s, LeaveConfirmScreen) for s in app.screen_stack)
        assert app.return_code is not None or not app.is_running


async def test_the_clock_stops_and_no_seat_plays_on_once_the_host_closed_the_table(table3):
    """A tester saw "Your clock" count down under the host-gone dialog: the host that closed
    the table runs no clock any more, so the bar stops (and is not drawn again by the tick).
    And the hosting player's own leaving, said just before the closing, read "bob ... left:
    bot playing" under "The host closed the table"."""
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("timer", {"kind": "turn", "seconds": 60.0, "player": "ann"})
        session.push("lobby", lobby({**ALL_HERE, "bob": {"state": "left"}})["body"])
        await settle(pilot, 3)
        status, players = app.table_screen.query_one("#status"), app.table_screen.query_one("#players")
        assert "Your clock" in str(status.render()) and "left: bot playing" in str(players.render())
        session.push("closing", {"reason": "the host closed the table"})
        await settle(pilot, 6)
        assert isinstance(app.screen, HostGoneScreen)
        assert "clock" not in str(status.render()), str(status.render())
        assert "bot playing" not in str(players.render()) and "bob" in str(players.render())


async def test_a_hosting_player_is_asked_before_quitting_with_others_seated(table3):
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    session.address = format_address("tcp://127.0.0.1:5555", zmq.curve_keypair()[0])    # this player hosts
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        assert isinstance(app.screen, QuitConfirmScreen)
        assert "bob is still at your table" in str(app.screen.query_one("#dialog-prompt").render())
        assert app.screen.focused.id == "stay"
        await pilot.press("escape")
        await settle(pilot, 3)
        assert isinstance(app.screen, TableScreen) and app.is_running
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        await pilot.press("y")
        await settle(pilot, 3)
        assert not app.is_running


async def test_a_player_alone_with_bots_at_their_own_host_is_asked_as_ekpeer_play_asks(table3):
    """Nobody else is told anything, but quitting ends the game: asked "Quit the game?", as
    ``ekpeer play`` (its host forked) asks; y quits at once."""
    from ekpeer.tui.screens.leave_confirm import LeaveConfirmScreen

    game, rules, events = rigged(table3)
    bots = {"ann": {"state": "connected"}, "bob": {"state": "bot"}, "cat": {"state": "bot"}}
    app, session = scripted_app([lobby(bots), snapshot_of(game, rules, "ann", events)])
    session.host = object()         # this player runs the host in this process, nobody else is there
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        assert isinstance(app.screen, LeaveConfirmScreen)
        await pilot.press("y")
        await settle(pilot, 3)
        assert not app.is_running


async def test_a_seated_player_at_another_host_is_asked_before_leaving_mid_game(table3):
    """Issue 25, item 5 (the live test: tests/tui/test_leaving.py): leaving is for good."""
    from ekpeer.tui.screens.leave_confirm import LeaveConfirmScreen

    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        assert isinstance(app.screen, LeaveConfirmScreen)
        await pilot.press("y")
        await settle(pilot, 3)
        assert not app.is_running and ("close", None) in session.sent     # the host was told


async def test_quitting_ekpeer_play_says_the_game_ends_and_promises_no_seat_back(table3):
    """A stranger quitting `ekpeer play` read that joining again would give the seat back: the
    game lives in that program and ends with it. A joined player is told they may come back."""
    from ekpeer.tui.app import make_app
    from ekpeer.tui.screens.leave_confirm import LeaveConfirmScreen
    from ekpeer.tui.session import FakeSession

    game, rules, events = rigged(table3)
    for mode, title, words in (("play", "Quit the game?", "quitting ends it"),
                               ("join", "Leave the game and quit?", "Joining again gives you your seat")):
        session = FakeSession([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)], name="ann")
        app = make_app(lambda session=session, **_: session, mode=mode, name="ann", address="inproc://x")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, 6)
            await pilot.press("ctrl+q")
            await settle(pilot, 3)
            assert isinstance(app.screen, LeaveConfirmScreen), mode
            assert str(app.screen.query_one("#dialog-title").render()) == title
            assert words in str(app.screen.query_one("#dialog-prompt").render())


def test_seat_words():
    before = lobby(ALL_HERE)["body"]
    gone = lobby({**ALL_HERE, "bob": {"state": "gone", "gone_seconds": 1.0, "grace_left": 20.0}})["body"]
    assert seat_changes(None, gone, "ann") == []                       # nothing old to compare
    assert seat_changes(before, gone, "ann") == [
        "bob lost connection (a bot plays for bob in 20 s unless they are back)"]
    left = lobby({**ALL_HERE, "bob": {"state": "left"}})["body"]
    assert seat_changes(before, left, "ann") == ["bob left the game: a bot plays for them"]
    assert seat_changes(gone, before, "bob") == []                     # your own seat: you know
    coned = lobby(ALL_HERE, cone="ann")["body"]
    assert seat_changes(before, coned, "ann")[0].startswith("Your clock ran out first")
    assert seat_tag({"state": "gone", "gone_seconds": 3.0, "grace_left": 2.0}, elapsed=4.0) == \
        "gone 7 s (bot taking over)"
    assert seat_tag({"state": "connected"}) is None and seat_tag({"state": "bot"}) is None
    assert others_seated(before, "ann") == ["bob"]
    assert others_seated(lobby({**ALL_HERE, "bob": {"state": "left", "left": True}})["body"], "ann") == []


async def test_the_host_back_with_a_decision_waiting_shows_the_decision(table3):
    """On coming back the snapshot may ask a decision before the library says "back": the
    notice goes first, and the decision stays open."""
    from ekpeer.tui.screens.pick import PickScreen

    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("connection", {"state": "lost", "reason": "host silent"})
        await settle(pilot, 3)
        assert isinstance(app.screen, HostGoneScreen)
        asked, rules2, events2 = rigged({**table3, "draw_pile": ["exploding_kitten", *table3["draw_pile"]]},
                                        [{"do": "draw", "by": "ann"}])
        session.queue.put_nowait(snapshot_of(asked, rules2, "ann", events2))
        session.push("connection", {"state": "back", "attempts": 2})
        await settle(pilot, 6)
        assert isinstance(app.screen, PickScreen)           # "You drew Exploding Kitten!"
        assert not any(isinstance(s, HostGoneScreen) for s in app.screen_stack)
        assert app.log_lines.count("Connected again: you are in your seat again") == 1


async def test_a_seat_taken_back_from_a_bot_says_whose_moves_read_you(table3):
    """A stranger left, joined again, and read "You draw Exploding Kitten / You use Defuse":
    the bot's moves, in his own words. The log now says a bot played the seat meanwhile."""
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    session.bot_played = True
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        said = [line for line in app.log_lines if "a bot played it while you were away" in str(line)]
        assert len(said) == 1 and not session.bot_played


async def test_a_gone_players_bot_comes_when_their_turns_clock_ends_if_that_is_sooner():
    """Bob drops with 8 s left on his turn: the covering bot moves when that clock ends, not
    when his 30 s of grace do ("gone 27 s (bot in 3 s)" showed after the bot had played)."""
    table = {"players": ["ann", "bob", "cat"], "current": "bob", "draw_pile": ["skip", "tacocat", "nope"],
             "hands": {"ann": ["defuse"], "bob": ["nope"], "cat": ["skip"]}}
    game, rules, events = rigged(table)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("timer", {"kind": "turn", "seconds": 60.0, "remaining": 8.0, "player": "bob"})
        session.queue.put_nowait(lobby({**ALL_HERE, "bob": {"state": "gone", "gone_seconds": 0.4,
                                                             "grace_left": 29.6}}))
        await settle(pilot, 4)
        assert re.search(r"bob  1▮  gone \d s \(bot in [5-8] s\)", players_text(app)), players_text(app)
        # the log counts to the same end: it said "in 30 s" beside "bot in 20 s"
        said = [line for line in app.log_lines if line.startswith("bob lost connection")]
        assert len(said) == 1 and re.search(r"a bot plays for bob in [6-8] s unless", said[0]), said
        session.push("timer", {"kind": "turn", "seconds": 60.0, "player": "cat"})     # bob's turn is over
        await settle(pilot, 4)
        assert re.search(r"gone \d s \(bot in 2\d s\)", players_text(app)), players_text(app)


def test_a_watcher_is_not_told_of_a_seat_when_the_host_goes():
    """A stranger watching a game read "you are back in your seat" when the host closed the
    table: a watcher has none."""
    from ekpeer.tui.screens.host_gone import HostGoneScreen

    for closed in (True, False):
        words = HostGoneScreen(closed=closed, watching=True).words()
        assert "watching again" in words and "seat" not in words, words
        assert "back in your seat" in HostGoneScreen(closed=closed).words()


def test_a_closing_names_whose_host_it_is_and_that_only_a_resume_brings_the_seat_back():
    """A hosting player's client says whose host closed (``by``): bob reads that ann's host,
    resumed, gives him his seat back; a seat already refused is not promised back."""
    from ekpeer.tui.screens.host_gone import HostGoneScreen

    words = HostGoneScreen(closed=True, by="ann").words()
    assert "If ann's host resumes the game (ekpeer host --resume), you are back in your seat" in words
    watching = HostGoneScreen(closed=True, by="ann", watching=True).words()
    assert "If ann's host resumes the game (ekpeer host --resume), you are watching again" in watching
    refused = HostGoneScreen()
    refused.seat_refused("no seat at this table has that token for your key")
    refused.host_closed("ann")
    assert refused.title_words() == "The host is back, but your seat is gone"     # its text's, still
    assert "back in your seat" not in refused.words() and "start screen" in refused.words()


async def test_the_host_closing_names_the_hosting_player_to_the_others(table3):
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "bob", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("closing", {"reason": "the host closed the table", "by": "ann"})
        await settle(pilot, 4)
        assert isinstance(app.screen, HostGoneScreen)
        said = str(app.screen.query_one("#dialog-prompt").render())
        assert "If ann's host resumes the game (ekpeer host --resume)" in said
