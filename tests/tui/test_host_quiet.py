"""A lossy link held the host's frames back for 2-3 s: the table stood still with nothing
saying why (the host-gone banner comes only after a longer silence). Now a short word says
how long the host has not been heard from, where the address stands, and goes as soon as
anything comes; it takes no focus, covers nothing, and gives way to the banner."""

from __future__ import annotations

import asyncio
import re

import pytest

from ekpeer.net import client as client_mod
from ekpeer.tui.screens.host_gone import HostGoneScreen
from ekpeer.tui.screens.table import TableScreen

from .conftest import hosted_app, rigged, scripted_app, settle, snapshot_of, until
from .test_lan_evening import ALL_HERE, lobby


class Stalling(client_mod.Client):
    """A client whose frames from the host wait until :attr:`held_until` (loop time): a lossy
    link that holds them back, the host answering all along. :meth:`hold` holds them until
    :meth:`let_go`, so a test ends the hold when it has seen what it looks for, not at a time a
    busy machine may not keep."""

    held_until = 0.0
    _release: asyncio.TimerHandle | None = None
    _held: object = None

    def __init__(self, *args, **kwargs) -> None:
        # the banner later than usual (10 s): a busy machine's loop must not bring it first
        super().__init__(*args, silence_seconds=10.0, **kwargs)

    def hold(self) -> None:
        self.held_until = float("inf")

    def let_go(self) -> None:
        self.held_until = 0.0
        if self._held is not None:
            sock, self._held = self._held, None
            self._on_readable(sock)

    def _on_readable(self, sock) -> None:
        loop = asyncio.get_running_loop()
        wait = self.held_until - loop.time()
        if wait == float("inf"):
            self._held = sock
            return
        if wait > 0:
            if self._release is None:
                self._release = loop.call_later(wait, self._released, sock)
            return
        super()._on_readable(sock)

    def _released(self, sock) -> None:
        self._release = None
        self._on_readable(sock)


def _top(app) -> str:
    screen = app.screen
    widget = screen.query_one("#topbar" if isinstance(screen, TableScreen) else "#lobby-title")
    return str(widget.render())


def _said(app) -> int | None:
    """The seconds the top line says the host has not been heard from (None: not said)."""
    found = re.search(r"No word from the host for (\d+) s…", _top(app))
    return int(found.group(1)) if found else None


async def _stall(pilot, app) -> None:
    """Hold the host's frames back until the word has come and counted a second on, then let
    them go: the word goes."""
    client = app.session.client
    client.hold()
    focused = app.screen.focused
    try:
        await until(pilot, lambda: _said(app) is not None, 8, "the word on the host's silence")
        first = _said(app)
        assert first is not None and first >= 2, _top(app)
        await until(pilot, lambda: (_said(app) or 0) > first, 5, "the seconds to count on")
        assert app.screen.focused is focused and not isinstance(app.screen, HostGoneScreen)
    finally:
        client.let_go()
    await until(pilot, lambda: "No word from the host" not in _top(app), 5, "the word to go")
    assert app.screen.focused is focused


async def test_a_host_held_back_is_said_in_a_word_that_goes_when_it_speaks(monkeypatch):
    monkeypatch.setattr(client_mod, "Client", Stalling)
    app = hosted_app(seats=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.current_mode == "lobby" and app.lobby, 10, "the lobby")
        await settle(pilot, 4)
        await _stall(pilot, app)        # in the lobby
        await pilot.press("s")
        await until(pilot, lambda: bool(app.view) and isinstance(app.screen, TableScreen), 10, "the game")
        await settle(pilot, 4)
        await _stall(pilot, app)        # at the table


@pytest.mark.parametrize("size", [(80, 24), (64, 20)])
async def test_the_word_gives_way_to_the_host_gone_banner(table3, size):
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 6)
        session.unheard = 2.6
        await until(pilot, lambda: "No word from the host for 3 s…" in _top(app), 2, "the word")
        session.push("connection", {"state": "lost", "reason": "host silent", "silent_seconds": 3.5})
        await until(pilot, lambda: isinstance(app.screen, HostGoneScreen), 2, "the banner")
        await settle(pilot, 2)
        assert "No word from the host" not in str(app.table_screen.query_one("#topbar").render())
