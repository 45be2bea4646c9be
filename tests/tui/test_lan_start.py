"""The start screen lists the tables advertised on the LAN (loopback here) and joins one."""

from __future__ import annotations

import time

import pytest
import zmq.asyncio
from textual.widgets import OptionList

from ekpeer.cli_tui import session_factory
from ekpeer.net.addresses import fingerprint
from ekpeer.net.discovery import advertise, multicast_works
from ekpeer.net.host import Host
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.lobby import LobbyScreen
from ekpeer.tui.screens.start import StartScreen

from .conftest import settle


@pytest.mark.skipif(not multicast_works(), reason="multicast on loopback is blocked here")
async def test_start_screen_lists_lan_tables_and_joins_the_chosen_one():
    ctx = zmq.asyncio.Context()
    host = Host("tcp://127.0.0.1:0", ctx=ctx)
    host.add_table("lan", {"seats": 3}, title="Upstairs")
    await host.start()
    adv = await advertise(host)
    app = make_app(session_factory(discovery=False), name="bob", discovery=True)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, StartScreen)
            options = screen.query_one("#lan-tables", OptionList)
            deadline = time.monotonic() + 5

            def ours() -> int | None:   # other hosts on this machine may advertise too
                return next((i for i, t in enumerate(screen.lan_tables) if t.endpoint == host.endpoint), None)

            while ours() is None and time.monotonic() < deadline:
                await pilot.pause(0.1)
            index = ours()
            assert index is not None and options.option_count >= 1
            line = str(options.get_option_at_index(index).prompt)
            assert "Upstairs (lan)" in line and "3 of 3 seats free" in line
            options.focus()
            options.highlighted = index
            await pilot.press("enter")
            await settle(pilot)       # a key only the LAN vouches for: its fingerprint first, then trust
            assert isinstance(app.screen, StartScreen) and not app.lobby
            assert any(fingerprint(host.public_key) in n.message for n in app._notifications)
            await pilot.press("enter")
            deadline = time.monotonic() + 5
            while not app.lobby and time.monotonic() < deadline:
                await pilot.pause(0.1)
            assert isinstance(app.screen, LobbyScreen)
            assert app.lobby["table"] == "lan" and app.lobby["you"] == "bob"
            await app.session.close() if app.session else None
    finally:
        if adv is not None:
            await adv.close()
        await host.close()
        ctx.destroy(linger=0)
