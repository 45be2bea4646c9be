"""Leaving a lobby, and a lobby whose creator is gone, as a game-night host met them at 80x24.

One Esc in the lobby left the table at once, even for its creator (the host gave the table
to the next person, who could then keep the creator out with a password); leaving is now
asked first when it costs something, and the dialog says what it does. A creator whose
terminal was killed was shown as ``(away)`` for 30 s while the header said they set the
table, and the next person silently became the creator. The real host in this process;
the app joined as ``ekpeer join --table NAME --create`` does, the others through the client
library."""

from __future__ import annotations

import re
from contextlib import asynccontextmanager

import zmq.asyncio
from ports import free_port

from ekpeer.cli_tui import session_factory
from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.lobby import LobbyScreen, PasswordBox
from ekpeer.tui.screens.lobby_leave import LobbyLeaveScreen

from .conftest import screen_lines, settle, until
from .test_lobby_password import notes, tab_to_the_box
from .test_lobby_roles import title_of


def _app(host: Host, name: str, table: str, create: bool = True):
    return make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name=name,
                    address=host.address, options={"table": table, "create": create})


async def _in_lobby(pilot, app) -> None:
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.lobby
                and len(app.lobby.get("seats") or []) >= 1, 10, "the lobby")
    await settle(pilot, 4)


def _prompt(app) -> str:
    return " ".join(str(app.screen.query_one("#dialog-prompt").render()).split())


@asynccontextmanager
async def pia_with_hal():
    """pia's table ``piano`` (she created it, at 80x24, the real host in this process) with hal
    seated beside her: (app, pilot, table)."""
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0))
    await host.start()
    app = _app(host, "pia", "piano")
    hal = Client(host.address, "hal", ctx=ctx)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await _in_lobby(pilot, app)
            table = host.tables["piano"]
            await hal.connect()
            await hal.join("piano")
            await until(pilot, lambda: len(app.lobby.get("seats", [])) == 2, 5, "hal in pia's lobby")
            yield app, pilot, table
    finally:
        await hal.close()
        await host.close()
        ctx.destroy(linger=0)


async def test_esc_in_a_creators_lobby_asks_first_and_says_who_gets_the_table_and_the_password():
    async with pia_with_hal() as (app, pilot, table):
        await tab_to_the_box(pilot, app)
        await pilot.press(*"xyz", "escape")
        await settle(pilot, 2)
        box = app.screen.query_one("#set-password", PasswordBox)
        assert box.value == "" and app.screen.focused is None    # what was not set goes with Esc
        await pilot.press("escape")
        await settle(pilot, 3)
        assert isinstance(app.screen, LobbyLeaveScreen)                 # asked, not gone
        assert app.screen.focused.id == "stay"
        assert "leaving gives it to hal" in _prompt(app)
        assert table.seat("pia") is not None and table.creator is table.seat("pia")
        await pilot.press("escape")                                    # stays
        await settle(pilot, 3)
        assert isinstance(app.screen, LobbyScreen) and table.creator is table.seat("pia")
        # gus's evening: a password set, then Esc
        await tab_to_the_box(pilot, app)
        await pilot.press(*"kitty", "enter")
        await until(pilot, lambda: bool(table.settings.get("password")), 5, "the password")
        await pilot.press("escape")
        await settle(pilot, 3)
        assert isinstance(app.screen, LobbyLeaveScreen)
        assert "The password you set stays: to join again you must type it." in _prompt(app)
        await pilot.press("y")
        await until(pilot, lambda: app.current_mode == "start", 5, "the start screen")
        await until(pilot, lambda: table.seat("pia") is None, 5, "pia's seat to go")
        assert table.creator is table.seat("hal")


async def test_a_lone_creator_is_told_the_table_closes_and_a_lone_joiner_is_asked_too():
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0))
    await host.start()
    host.add_table("open", {"seats": 3, "expansions": ["base"], "bots": "random"}, autostart=False)
    try:
        app = _app(host, "pia", "piano")
        async with app.run_test(size=(80, 24)) as pilot:
            await _in_lobby(pilot, app)
            await pilot.press("escape")
            await settle(pilot, 3)
            assert isinstance(app.screen, LobbyLeaveScreen)
            assert "nobody else is seated: leaving closes it" in _prompt(app)
            await pilot.press("y")
            await until(pilot, lambda: "piano" not in host.tables, 5, "the table to close")
        # a joiner's one Esc lost him his seat at once (bob's, by mistake): asked, Stay first
        app = _app(host, "joe", "open", create=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await _in_lobby(pilot, app)
            await pilot.press("escape")
            await settle(pilot, 3)
            assert isinstance(app.screen, LobbyLeaveScreen)
            assert app.screen.focused is app.screen.query_one("#stay")
            assert "Your seat goes" in _prompt(app) and "Leave the table?" in " ".join(screen_lines(app))
            await pilot.press("enter")          # the highlighted answer stays
            await settle(pilot, 3)
            assert isinstance(app.screen, LobbyScreen) and host.tables["open"].seat("joe") is not None
            await pilot.press("escape", "y")
            await until(pilot, lambda: app.current_mode == "start", 5, "the start screen")
            assert host.tables["open"].seat("joe") is None
    finally:
        await host.close()
        ctx.destroy(linger=0)


async def test_a_joiner_at_a_headless_hosts_password_table_is_asked_and_told_of_the_password():
    """bob at a server operator's table ``secret`` (headless host, two tables, one with a
    password), nobody else seated: his Esc asks, and says joining again needs the password."""
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0))
    host.add_table("base", {"seats": 3, "expansions": ["base"]}, title="Base game", autostart=False)
    host.add_table("secret", {"seats": 3, "expansions": ["base"], "password": "kitten"}, title="Secret",
                   autostart=False)
    await host.start()
    app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="bob",
                   address=host.address, options={"table": "secret", "password": "kitten"})
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await _in_lobby(pilot, app)
            await pilot.press("escape")
            await settle(pilot, 3)
            assert isinstance(app.screen, LobbyLeaveScreen)
            assert app.screen.focused is app.screen.query_one("#stay")
            assert "you must type the table's password" in _prompt(app)
            await pilot.press("s")
            await settle(pilot, 3)
            assert isinstance(app.screen, LobbyScreen) and host.tables["secret"].seat("bob") is not None
    finally:
        await host.close()
        ctx.destroy(linger=0)


async def test_a_gone_creators_lobby_counts_down_to_the_next_person_and_says_when_it_passes():
    ctx = zmq.asyncio.Context()
    # jon's drop is noticed after idle_seconds; in a busy suite kim is dropped now and then
    # too (her app and the host share one loop), and is then back in her lobby seat at once
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0),
                ping_seconds=0.2, idle_seconds=0.8)
    await host.start()
    jon = Client(host.address, "jon", ctx=ctx, ping_seconds=0.2, reconnect=False, known_hosts=None)
    app = _app(host, "kim", "sat", create=False)
    try:
        await jon.connect()
        await jon.join("sat", create=True)
        await jon.lobby_set(grace_seconds=6.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await _in_lobby(pilot, app)
            await jon.close()                                   # jon's terminal is killed
            jon = None
            said = re.compile(r"jon is gone: if jon is not back in (\d+) s, you set the table")
            await until(pilot, lambda: said.search(" ".join(title_of(app).split())), 5, "the countdown")
            first = int(said.search(" ".join(title_of(app).split())).group(1))
            assert any(re.search(r"jon\s+\(gone \d+ s\)", line) for line in screen_lines(app))
            await settle(pilot, 30)                             # 1.5 s: the count goes on by itself
            later = said.search(" ".join(title_of(app).split()))
            assert later and int(later.group(1)) < first
            await until(pilot, lambda: app.screen.can_set(), 10, "the table to pass to kim")
            assert "jon did not come back: you set the table now." in notes(app)
            assert "You set the table" in title_of(app)
    finally:
        if jon is not None:
            await jon.close()
        await host.close()
        ctx.destroy(linger=0)


async def test_ctrl_q_in_a_creators_lobby_asks_as_esc_does_then_quits():
    """Esc asked a creator first; ctrl+q still quit at once, giving the table away unsaid."""
    async with pia_with_hal() as (app, pilot, table):
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        assert isinstance(app.screen, LobbyLeaveScreen) and "leaving gives it to hal" in _prompt(app)
        await pilot.press("escape")                                    # stays
        await settle(pilot, 3)
        assert isinstance(app.screen, LobbyScreen) and table.creator is table.seat("pia")
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        await pilot.press("y")
        await until(pilot, lambda: table.seat("pia") is None, 5, "pia's seat to go")
        assert table.creator is table.seat("hal")


def test_a_joiners_leaving_said_in_danish():
    from ekpeer import i18n
    from ekpeer.tui.screens.lobby_leave import leave_costs

    lobby = {"phase": "lobby", "you": "bob", "settings": {"password": True},
             "seats": [{"name": "bob", "you": True}, {"name": "Bot 1", "bot": True}]}
    i18n.set_language("da")
    try:
        said = " ".join(leave_costs(lobby))
    finally:
        i18n.set_language("en")
    assert said == ("Din plads forsvinder: kommer du med igen, får du en ledig plads, hvis der er en "
                    "tilbage. Vil du ind igen, skal du skrive bordets adgangskode."), said


async def test_ctrl_q_in_a_joiners_lobby_asks_as_esc_does_stay_first_then_quits():
    """Esc asked a joiner first; ctrl+q quit at once, giving up the seat unsaid."""
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0))
    await host.start()
    host.add_table("open", {"seats": 3, "expansions": ["base"], "bots": "random"}, autostart=False)
    try:
        app = _app(host, "joe", "open", create=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await _in_lobby(pilot, app)
            await pilot.press("ctrl+q")
            await settle(pilot, 3)
            assert isinstance(app.screen, LobbyLeaveScreen)             # asked, not gone
            assert app.screen.focused is app.screen.query_one("#stay")
            assert "Your seat goes" in _prompt(app)
            await pilot.press("enter")          # the highlighted answer stays
            await settle(pilot, 3)
            assert isinstance(app.screen, LobbyScreen) and host.tables["open"].seat("joe") is not None
            await pilot.press("ctrl+q", "y")
            await until(pilot, lambda: host.tables["open"].seat("joe") is None, 5, "joe's seat to go")
            assert app.return_code is not None or not app.is_running
    finally:
        await host.close()
        ctx.destroy(linger=0)
