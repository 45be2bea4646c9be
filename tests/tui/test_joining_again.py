"""Joining and joining again, as a game-night host's friends met it (the real host in this
process, the Textual client under Pilot): a name too long was refused and the client then
reconnected every 6 s for good (the host logged ``no_hello`` strikes against the address
friends share); a password table joined from the start screen was told to use ``--password``,
and a wrong password typed at the prompt the same; Enter in the address box joined the
``--table`` of the command line rather than the table highlighted; the name box stopped at 16
letters without a word; and the older of two windows of the same player lost its seat unsaid."""

from __future__ import annotations

import asyncio

import zmq.asyncio
from ports import free_port
from textual.widgets import Input, OptionList

from ekpeer.cli_tui import session_factory
from ekpeer.net import protocol as P
from ekpeer.net.client import Client
from ekpeer.net.discovery import Found
from ekpeer.net.host import Host
from ekpeer.tui.app import make_app
from ekpeer.tui.screens import start
from ekpeer.tui.screens.lobby import LobbyScreen
from ekpeer.tui.screens.start import StartScreen
from ekpeer.tui.session import FakeSession

from .conftest import settle, until

SETTINGS = {"seats": 3, "reaction_seconds": 0.05, "turn_seconds": 60.0, "grace_seconds": 60.0,
            "expansions": ["base"], "bots": "random"}


def said(app) -> str:
    return "\n".join(str(n.message) for n in app._notifications)


async def _host(**kw) -> tuple[Host, zmq.asyncio.Context]:
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0), **kw)
    await host.start()
    return host, ctx


async def test_a_name_too_long_is_refused_once_and_nothing_connects_again():
    host, ctx = await _host(hello_seconds=0.5)
    host.add_table("base", SETTINGS, autostart=False)
    try:
        app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join",
                       name="Bartholomew_the_Magnificent_Kitten_Tamer", address=host.address,
                       options={"table": "base"})
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, StartScreen) and app._notifications, 8,
                        "the refusal")
            assert "Your name is too long: at most 32 characters" in said(app)
            assert host.gate is not None
            # (a busy machine may have struck the first hello late: what must not come is more)
            before = host.gate.stats["no_hello"], dict(host.gate.strikes)
            await asyncio.sleep(2.0)        # four hello deadlines: a socket left open reconnects
            assert (host.gate.stats["no_hello"], dict(host.gate.strikes)) == before
            assert not host.gate.conns
    finally:
        await host.close()
        ctx.destroy(linger=0)


async def test_a_password_table_from_the_start_screen_names_its_password_box():
    host, ctx = await _host()
    host.add_table("tiny", {**SETTINGS, "password": "kitty"}, autostart=False)
    try:
        app = make_app(session_factory(think=(0.0, 0.0), discovery=False), name="ann")
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, StartScreen), 5, "the start screen")
            app.screen.query_one("#address", Input).value = host.address
            app.screen.query_one("#address", Input).focus()
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, StartScreen) and app._notifications, 8,
                        "the refusal")
            words = said(app)
            assert "Table tiny: this table needs its password" in words, words
            assert "“password, if any” box" in words and "--password" not in words, words
            app.clear_notifications()
            box = app.screen.query_one("#password", Input)
            box.focus()
            await pilot.press(*"kitty", "enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.lobby, 8, "the lobby")
            assert app.lobby.get("table") == "tiny"
    finally:
        await host.close()
        ctx.destroy(linger=0)


async def test_a_wrong_password_given_on_the_command_line_is_said_as_one():
    host, ctx = await _host()
    host.add_table("friday", {**SETTINGS, "password": "kitty"}, autostart=False)
    try:
        app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="ann",
                       address=host.address, options={"table": "friday", "password": "puppy"})
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, StartScreen) and app._notifications, 8,
                        "the refusal")
            words = said(app)
        assert "Table friday: wrong password for this table" in words and "Try again." in words, words
        assert "--password" not in words, words
    finally:
        await host.close()
        ctx.destroy(linger=0)


async def test_enter_in_the_address_box_joins_the_table_highlighted_not_the_command_lines(monkeypatch):
    monkeypatch.setattr(StartScreen, "browse", lambda self: None)     # the list, without multicast
    opened: list[dict] = []
    app = make_app(lambda **kw: opened.append(kw) or FakeSession(), name="bob", discovery=True,
                   options={"table": "friday"})
    tables = [Found(name=f"{t}@pc:{port}", table=t, title=t, endpoint=f"tcp://127.0.0.1:{port}",
                    seats=4, taken=1, free=3) for t, port in (("friday", 5614), ("tiny", 5615))]
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.screen.show_tables(tables)
        await settle(pilot)
        app.screen.query_one("#lan-tables", OptionList).highlighted = 1
        address = app.screen.query_one("#address", Input)
        address.value = tables[1].address       # as Enter on it left it after a refusal
        address.focus()
        await pilot.press("enter")
        await settle(pilot)
    assert opened and opened[-1]["table"] == "tiny" and opened[-1]["address"] == tables[1].address


async def test_the_name_box_takes_what_the_host_takes_and_says_its_limit(monkeypatch):
    assert getattr(start, "NAME_MOST", None) == P.NAME_LEN
    monkeypatch.setattr(StartScreen, "browse", lambda self: None)
    app = make_app(lambda **kw: FakeSession(), name="", discovery=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        box = app.screen.query_one("#name", Input)
        box.focus()
        await pilot.press(*("k" * 32))
        assert box.value == "k" * 32 and not app._notifications
        await pilot.press("x")
        await settle(pilot)
        assert box.value == "k" * 32
        assert "A name has at most 32 characters." in said(app)


async def test_the_older_window_of_the_same_player_is_told_it_was_replaced():
    host, ctx = await _host()
    host.add_table("sat", SETTINGS, autostart=False)
    again = Client(host.address, "olga", ctx=ctx)   # this data dir's key: the same player
    try:
        app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="olga",
                       address=host.address, options={"table": "sat"})
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.lobby, 8, "the lobby")
            await again.connect()
            joined = await again.join("sat")
            assert joined["seat"] == "olga" and joined["resumed"]
            await until(pilot, lambda: isinstance(app.screen, StartScreen) and app._notifications, 8,
                        "the word")
            words = said(app)
            assert "You joined table sat again in another window" in words, words
            await asyncio.sleep(1.5)
            assert host.tables["sat"].seat("olga").session.seat is not None     # the newer one keeps it
    finally:
        await again.close()
        await host.close()
        ctx.destroy(linger=0)
