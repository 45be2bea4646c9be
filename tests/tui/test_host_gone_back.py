"""A host stopped (closed on purpose, or killed) and resumed, with the real host in this process
and the Textual client under Pilot. An operator's players read, after 17 s down, "Connected
again: you are in your seat again" and then "Your connection to the host dropped; back after
1 s": backwards, the restarted host's time, and blaming their own link. Pressing Keep waiting
left the banner up, its counter rising; and "Your clock" counted down with the host dead, then
jumped to the host's time. Now: one line, in order, with the client's own measure of the
outage; Keep waiting shows the table (the top line counts, ``h`` brings the choices back);
the clock stands still while the host is gone, and takes the host's again when it is back."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time

import pytest
import zmq.asyncio
from hosts import crash as _crash
from ports import free_port as _port

from ekpeer.cli_tui import session_factory
from ekpeer.net.client import SILENCE
from ekpeer.net.host import Host
from ekpeer.net.journal import Journal
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.host_gone import HostGoneScreen
from ekpeer.tui.screens.lobby import LobbyScreen
from ekpeer.tui.screens.table import TableScreen

from .conftest import settle, until

SETTINGS = {"seats": 2, "reaction_seconds": 0.05, "turn_seconds": 60.0, "grace_seconds": 60.0,
            "expansions": ["base"]}
GONE = re.compile(r"The host was gone for (\d+) s; you are back in your seat")


def _status(app) -> str:
    return str(app.table_screen.query_one("#status").render())


def _clock(app) -> float | None:
    found = re.search(r"Your clock +(\d+\.\d) s", _status(app))
    return float(found.group(1)) if found else None


def _top(app) -> str:
    return str(app.table_screen.query_one("#topbar").render())


class Table:
    """A host in this process with ann (this app) at its table "t", her turn, her clock running;
    stopped (killed or closed) and resumed on the same address and journal."""

    def __init__(self, tmp_path) -> None:
        self.ctx = zmq.asyncio.Context()
        self.bind = f"tcp://127.0.0.1:{_port()}"
        self.journal = tmp_path
        self.host = Host(self.bind, ctx=self.ctx, seed=2, journal=Journal(tmp_path), think=(0.0, 0.0))
        self.again: Host | None = None
        self.gone = 0.0

    async def start(self):
        await self.host.start()
        self.host.add_table("t", SETTINGS)
        return make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="ann",
                        address=self.host.address, options={"table": "t"})

    async def seated(self, pilot, app) -> None:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.can_start(), 8,
                    "the lobby with ann as creator")
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.view.get("current") == "ann"
                    and _clock(app) is not None, 8, "ann's turn, her clock running")

    async def stop(self, pilot, app, how: str) -> None:
        if how == "killed":
            await _crash(self.host)
        else:
            await self.host.close()
        self.gone = time.monotonic()
        await until(pilot, lambda: isinstance(app.screen, HostGoneScreen), SILENCE + 4, "the banner")

    async def resume(self, pilot) -> None:
        """The host started again with --resume, once the client has called it gone."""
        await pilot.pause(max(0.0, SILENCE + 1.5 - (time.monotonic() - self.gone)))
        self.again = Host(self.bind, ctx=self.ctx, seed=3, journal=Journal(self.journal), think=(0.0, 0.0))
        self.again.loop = asyncio.get_running_loop()
        assert self.again.restore() == ["t"]
        await self.again.start()

    async def close(self) -> None:
        if self.again is not None:
            await self.again.close()
        self.ctx.destroy(linger=0)

    @contextlib.asynccontextmanager
    async def seated_app(self, **run):
        """ann's app run at 100x30 (``run``: more for ``run_test``), seated at her turn; the
        hosts closed after."""
        app = await self.start()
        try:
            async with app.run_test(size=(100, 30), **run) as pilot:
                await self.seated(pilot, app)
                yield app, pilot
        finally:
            await self.close()


def _told_back(app) -> bool:
    return any(GONE.search(str(line)) or str(line).startswith(("Connected again", "Your connection"))
               for line in app.log_lines)


@pytest.mark.parametrize("how", ["killed", "closed"])
async def test_a_host_gone_and_resumed_is_said_once_with_the_clients_own_measure(tmp_path, how):
    table = Table(tmp_path)
    async with table.seated_app(notifications=True) as (app, pilot):
        await table.stop(pilot, app, how)
        await table.resume(pilot)
        await until(pilot, lambda: _told_back(app) and isinstance(app.screen, TableScreen), 15,
                    "ann back in her seat")
        down = time.monotonic() - table.gone
        await settle(pilot, 30)         # (anything said after it, too)
        lines = [str(line) for line in app.log_lines]
        said = [line for line in lines if GONE.search(line)]
        assert len(said) == 1, lines
        seconds = int(GONE.search(said[0]).group(1))
        assert SILENCE <= seconds <= down + 1, (seconds, down)
        # never the restarted host's time, blamed on ann's own link, nor in two lines backwards
        assert not any("Your connection to the host dropped" in line for line in lines), lines
        assert not any(line.startswith("Connected again") for line in lines), lines
        toasts = [n.message for n in app._notifications]
        assert not any("Your connection to the host dropped" in t or t.startswith("Connected again")
                       for t in toasts), toasts
        assert app.view.get("you") == "ann"


async def test_keep_waiting_shows_the_table_and_h_the_choices_again(tmp_path):
    table = Table(tmp_path)
    async with table.seated_app() as (app, pilot):
        await table.stop(pilot, app, "killed")
        # Keep waiting (Enter, the banner's first answer): the table again, the top line
        # counting the silence and naming the key for the choices
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), 2, "the table again")
        await until(pilot, lambda: "(h: leave or quit)" in _top(app), 2, "the top line")
        said = int(re.search(r"No word from the host for (\d+) s", _top(app)).group(1))
        assert said >= SILENCE - 1, _top(app)
        await pilot.pause(1.2)
        assert int(re.search(r"No word from the host for (\d+) s", _top(app)).group(1)) > said
        await pilot.press("h")      # the choices again, the count going on
        await until(pilot, lambda: isinstance(app.screen, HostGoneScreen), 2, "the banner again")
        words = str(app.screen.query_one("#dialog-prompt").render())
        assert int(re.search(r"No word from the host for (\d+) s", words).group(1)) > said, words
        await pilot.press("escape")     # Keep waiting, by Esc
        await until(pilot, lambda: isinstance(app.screen, TableScreen), 2, "the table again")
        await table.resume(pilot)
        await until(pilot, lambda: _told_back(app), 15, "ann back in her seat")
        await settle(pilot, 6)
        assert isinstance(app.screen, TableScreen) and "No word from the host" not in _top(app)


async def test_the_clock_stands_while_the_host_is_gone_and_takes_its_time_again(tmp_path):
    table = Table(tmp_path)
    async with table.seated_app() as (app, pilot):
        await table.stop(pilot, app, "killed")
        # bob's "Your clock" counted 37 -> 26 s with the host dead: it stands, said as paused
        assert "clock paused: no word from the host" in _status(app), _status(app)
        stood = _clock(app)
        assert stood is not None and stood >= SETTINGS["turn_seconds"] - SILENCE - 4, _status(app)
        await pilot.pause(1.5)
        assert _clock(app) == stood, _status(app)
        await table.resume(pilot)
        await until(pilot, lambda: _told_back(app), 15, "ann back in her seat")
        await settle(pilot, 6)
        # the host's clock again, counting
        assert "paused" not in _status(app), _status(app)
        now = _clock(app)
        assert now is not None, _status(app)
        await pilot.pause(1.0)
        assert _clock(app) < now, _status(app)


async def test_a_folded_banner_comes_back_in_full_when_the_table_is_closed_or_the_seat_refused(table3):
    """Keep waiting folds the banner while waiting may help: the host's closing words or a
    refused seat leave nothing to wait for, and the banner is back with its choices."""
    from .conftest import rigged, scripted_app, snapshot_of
    from .test_lan_evening import ALL_HERE, lobby

    for then in ("closing", "refused"):
        game, rules, events = rigged(table3)
        app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, 6)
            session.push("connection", {"state": "lost", "reason": "host silent", "silent_seconds": 3.5})
            await settle(pilot, 4)
            await pilot.press("escape")
            await settle(pilot, 4)
            assert isinstance(app.screen, TableScreen), then
            if then == "closing":
                session.push("closing", {"reason": "the host closed the table"})
            else:
                session.push("connection", {"state": "refused", "code": "bad_token", "message": "x"})
            await settle(pilot, 4)
            assert isinstance(app.screen, HostGoneScreen), then
            assert app.screen.query_one("#start").has_focus, then


async def test_a_refused_seat_keeps_its_title_and_text_together_when_the_host_closes_later(table3):
    """A host started without --resume refused the seat; stopped again, its closing changed the
    dialog's title to "The host closed the table" over the refusal's text (and the next
    --resume had the game back). One state, one set of words: the refusal's, with the way back."""
    from .conftest import rigged, scripted_app, snapshot_of
    from .test_lan_evening import ALL_HERE, lobby

    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("connection", {"state": "lost", "reason": "host silent", "silent_seconds": 3.5})
        session.push("connection", {"state": "refused", "code": "bad_token", "message": "x"})
        await settle(pilot, 4)
        session.push("closing", {"reason": "the host closed the table"})
        await settle(pilot, 4)
        await pilot.pause(1.1)          # the dialog's tick
        screen = app.screen
        assert isinstance(screen, HostGoneScreen)
        title = str(screen.query_one("#dialog-title").render())
        text = str(screen.query_one("#dialog-prompt").render())
        assert title == "The host is back, but your seat is gone", title
        assert text.startswith("The host has no seat for you at this table any more"), text
        assert "join again with the same command to take your seat back" in text, text
        assert screen.query_one("#start").has_focus


async def test_a_host_closed_and_back_before_it_was_called_silent_is_said_as_gone(table3):
    """A host closed and started again within the client's silence (its socket reconnects by
    itself, the host forgets it, it joins again): the library says ``rejoined``, with the
    restarted host's ``away``, after the snapshot. Still the host that went, said once."""
    from .conftest import rigged, scripted_app, snapshot_of
    from .test_lan_evening import ALL_HERE, lobby

    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("closing", {"reason": "the host closed the table"})
        await settle(pilot, 4)
        assert isinstance(app.screen, HostGoneScreen)
        await pilot.pause(1.1)
        session.queue.put_nowait(snapshot_of(game, rules, "ann", events))
        session.push("connection", {"state": "rejoined", "reason": "host forgot us", "away": 0.3,
                                    "bot_played": False, "restarted": True})
        await settle(pilot, 6)
        assert isinstance(app.screen, TableScreen)
        lines = [str(line) for line in app.log_lines]
        gone = [line for line in lines if GONE.search(line)]       # 1.1 s, 2 on a busy machine
        assert gone in (["The host was gone for 1 s; you are back in your seat"],
                        ["The host was gone for 2 s; you are back in your seat"]), lines
        assert not any(line.startswith(("Connected again", "Your connection")) for line in lines), lines
