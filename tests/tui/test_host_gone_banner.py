"""The host gone or closed, said at 80x24 and 64x20 without stray words: centred over the
table, the dialog covered the middle of the status line under it and left its ends beside
it, a stranger read "e" and "again." around it; and "you are back in your seat by yourself"
read as "alone", where it means the client reconnects without the player doing anything."""

from __future__ import annotations

import pytest

from ekpeer.tui.screens.host_gone import HostGoneScreen

from .conftest import rigged, screen_lines, scripted_app, settle, snapshot_of
from .test_lan_evening import ALL_HERE, lobby


@pytest.mark.parametrize("size", [(80, 24), (64, 20)])
@pytest.mark.parametrize("how", ["closing", "lost"])
async def test_the_host_gone_leaves_no_stray_words_beside_it(table3, size, how):
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 6)
        if how == "closing":
            session.push("closing", {"reason": "the host closed the table"})
        else:
            session.push("connection", {"state": "lost", "reason": "host silent", "silent_seconds": 3.5})
        await settle(pilot, 6)
        assert isinstance(app.screen, HostGoneScreen)
        box = app.screen.query_one("#dialog").region
        lines = screen_lines(app)
        for row in range(box.y, box.bottom):        # the dialog's rows: nothing of the table beside it
            beside = lines[row][:box.x] + lines[row][box.right:]
            assert not beside.strip(), (row, lines[row])
        said = " ".join(line.strip() for line in lines)
        if how == "closing":     # the status line under it, whole
            assert "The host closed the table: the game stops here unless the host starts it " \
                   "again." in said.replace("  ", " "), "\n".join(lines)
        words = str(app.screen.query_one("#dialog-prompt").render())
        assert "by yourself" not in words and "automatically" in words


@pytest.mark.parametrize("size", [(80, 24), (64, 20)])
async def test_a_toast_said_under_the_banner_leaves_its_words_whole(table3, size):
    """Toasts over a dialog sit at the top right (off the hand), where the banner says the
    host is gone: a cable pulled in a lobby showed "... and it is yo" under a toast of the
    host's key. Under the banner, toasts go to the bottom."""
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot, 6)
        session.push("connection", {"state": "lost", "reason": "host silent", "silent_seconds": 3.5})
        await settle(pilot, 6)
        assert isinstance(app.screen, HostGoneScreen)
        app.notify("First visit to 10.0.0.1:5555: trusting its key", title="Host key", timeout=30)
        await settle(pilot, 6)
        box = app.screen.query_one("#dialog").region
        from textual.widgets._toast import Toast

        toasts = [t.region for t in app.screen.query(Toast)]
        assert toasts, "the toast is shown"
        assert all(not t.overlaps(box) for t in toasts), (toasts, box)


@pytest.mark.parametrize("how", ["closing", "lost"])
async def test_l_reads_the_games_log_under_the_host_gone_dialog_and_comes_back_to_it(table3, how):
    """l opened nothing under "The host closed the table", though the table offers it: the
    log of the game the host took away is what a player wants to read then."""
    from ekpeer.tui.screens.log import LogScreen

    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        if how == "closing":
            session.push("closing", {"reason": "the host closed the table"})
        else:
            session.push("connection", {"state": "lost", "reason": "host silent", "silent_seconds": 3.5})
        await settle(pilot, 6)
        gone = app.screen
        assert isinstance(gone, HostGoneScreen)
        assert "l: the game's log" in " ".join(screen_lines(app))
        await pilot.press("l")
        await settle(pilot, 4)
        assert isinstance(app.screen, LogScreen)
        said = " ".join(str(line) for line in app.log_lines)
        assert ("The host closed the table" if how == "closing" else "No connection to the host") in said
        await pilot.press("escape")
        await settle(pilot, 4)
        assert app.screen is gone and app.host_gone is gone


async def test_the_host_gone_dialog_over_a_lobby_offers_no_log():
    """Over a lobby there is no game's log to read: l is not offered there."""
    from ekpeer.tui.app import make_app
    from ekpeer.tui.session import FakeSession

    session = FakeSession([lobby(ALL_HERE)], name="ann")
    app = make_app(lambda **_: session, mode="join", name="ann", address="inproc://x")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert app.current_mode == "lobby"
        session.push("closing", {"reason": "the host closed the table"})
        await settle(pilot, 6)
        assert isinstance(app.screen, HostGoneScreen)
        assert "the game's log" not in " ".join(screen_lines(app))
        await pilot.press("l")
        await settle(pilot, 3)
        assert isinstance(app.screen, HostGoneScreen)
