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


@pytest.mark.skipif(not multicast_works(), reason="multicast on loopback is blocked here")
async def test_start_screen_stores_no_lan_key_before_the_host_answers_and_refuses_two(monkeypatch):
    """Issue 26.2 on the start screen: a look-alike advertising the real host's address with
    another key is trusted on the second Enter, but nothing is written until the host has
    answered with that key (it never does); with the real table heard too, it is refused."""
    from net._lan_fakes import LookAlike, fresh_key, props

    from ekpeer.net.known_hosts import KnownHosts

    ctx = zmq.asyncio.Context()
    host = Host("tcp://127.0.0.1:0", ctx=ctx)
    host.add_table("lan", {"seats": 3}, title="Upstairs")
    await host.start()
    hostport = host.endpoint.split("://")[1]
    port = int(hostport.rsplit(":", 1)[1])
    fake = await LookAlike(f"lan@annslaptop:{port}", port, props(fresh_key(), table="lan")).start()
    adv = None
    app = make_app(session_factory(discovery=False), name="bob", discovery=True)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            screen = app.screen
            options = screen.query_one("#lan-tables", OptionList)

            async def ours(rivals: bool = False) -> int:
                deadline = time.monotonic() + 6
                while time.monotonic() < deadline:
                    index = next((i for i, t in enumerate(screen.lan_tables) if t.endpoint == host.endpoint
                                  and (t.rival_keys or not rivals)), None)
                    if index is not None:
                        return index
                    await pilot.pause(0.1)
                raise AssertionError("the table was never listed")

            options.focus()
            options.highlighted = await ours()
            await pilot.press("enter")
            await settle(pilot)
            await pilot.press("enter")                  # trusted: the client tries the key...
            await settle(pilot)
            assert KnownHosts().lookup(hostport) is None    # ...and nothing is stored before an answer
            assert KnownHosts().lookup("name:annslaptop") is None
            if app.session is not None:
                await app.session.close()
            adv = await advertise(host)                 # the real one heard too: two keys
            options.highlighted = await ours(rivals=True)
            app._notifications.clear()
            await pilot.press("enter")
            await settle(pilot)
            assert any("2 different keys" in n.message for n in app._notifications)
            assert KnownHosts().lookup(hostport) is None
    finally:
        await fake.close()
        if adv is not None:
            await adv.close()
        await host.close()
        ctx.destroy(linger=0)


async def test_the_highlight_stays_on_its_table_when_another_appears_above_it(monkeypatch):
    """A stranger's Enter went to someone else's table: a host started while the list was up,
    its table was listed above, and the highlight stayed on the row, not on the table."""
    from ekpeer.net.discovery import Found

    def table(name: str, address: str) -> Found:
        return Found(name=f"{name}@{address}", table=name, title=name, endpoint=f"tcp://{address}:5555",
                     seats=4, free=2, addresses=[address])

    def no_browsing(self) -> None:      # the list is fed by hand: no other host's tables
        return None

    monkeypatch.setattr(StartScreen, "browse", no_browsing)
    app = make_app(session_factory(discovery=False), name="bob", discovery=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StartScreen)
        ann, dan, eve = table("main", "10.0.0.1"), table("main", "10.0.0.9"), table("aaa", "10.0.0.5")
        screen.show_tables([ann, dan])
        options = screen.query_one("#lan-tables", OptionList)
        options.highlighted = 1                         # dan's
        screen.show_tables([eve, ann, dan])             # a table sorted above it
        assert screen.lan_tables[options.highlighted] is dan
        screen.show_tables([ann])                       # dan's gone: the nearest row
        assert options.highlighted == 0
