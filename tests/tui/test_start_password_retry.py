"""The start screen's password box after a wrong password (a server operator's friends at
80x24): the box cleared and the right password typed, keys in a burst (key repeat on
Backspace, Enter right after the last letter), sends what the box shows. Textual ran the
box's Backspace and Enter only after every letter of the burst: ``kittyk`` went to the host,
a second bad_password. The real host in this process, two tables, one with a password."""

from __future__ import annotations

import contextlib

import zmq.asyncio
from ports import free_port
from textual.widgets import Input

from ekpeer.cli_tui import session_factory
from ekpeer.net.host import Host
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.lobby import LobbyScreen
from ekpeer.tui.screens.start import StartScreen

from .conftest import settle, until
from .test_key_bursts import burst


@contextlib.asynccontextmanager
async def two_tables(password: str):
    """A real host with a table ``base`` and a table ``secret`` behind ``password``, the
    passwords it hears in order, and bob's app at the start screen with ``--table secret``."""
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0))
    host.add_table("base", {"seats": 3}, title="Base game")
    host.add_table("secret", {"seats": 3, "password": password}, title="Secret")
    await host.start()
    tried: list[str | None] = []
    check = host.check_password

    def heard(table, session, password):
        tried.append(password)
        return check(table, session, password)

    host.check_password = heard
    try:
        yield host, tried, make_app(session_factory(think=(0.0, 0.0), discovery=False), name="bob",
                                    options={"table": "secret"})
    finally:
        await host.close()
        ctx.destroy(linger=0)


async def test_the_right_password_typed_in_a_burst_after_a_wrong_one_is_sent_as_shown():
    async with two_tables("kitten") as (host, tried, app):
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.screen.query_one("#address", Input).value = host.address
            app.screen.query_one("#password", Input).focus()
            burst(app, *"kitty", "enter")
            await until(pilot, lambda: isinstance(app.screen, StartScreen) and tried, 5, "refused")
            await settle(pilot, 4)
            box = app.screen.query_one("#password", Input)
            assert app.screen.focused is box and box.value == "kitty"
            burst(app, *["backspace"] * 5, *"kitten", "enter")
            await until(pilot, lambda: len(tried) > 1, 5, "the second try")
            assert tried == ["kitty", "kitten"]
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.lobby, 5, "seated")
            assert host.tables["secret"].seat("bob") is not None


async def test_keys_in_a_burst_edit_the_address_box_in_order(monkeypatch):
    """The same in the address box: a mistyped letter taken back in the same burst."""
    from ekpeer.tui.session import FakeSession

    opened: list[dict] = []
    monkeypatch.setattr(StartScreen, "browse", lambda self: None)
    app = make_app(lambda **kw: opened.append(kw) or FakeSession(), name="bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#address", Input).focus()
        burst(app, *"tcp://127.0.0.1:5556", "backspace", "5", "enter")
        await settle(pilot, 4)
        assert opened and opened[-1]["address"] == "tcp://127.0.0.1:5555", opened


async def test_keys_typed_right_after_enter_are_not_sent_with_the_password_but_reach_the_lobby():
    """``kitten pie``, Enter, then ``r`` at once (ready, in the lobby to come): the ``r`` went
    into the password box before the join read it, and the host counted ``kitten pier`` as a
    wrong guess. What the boxes held at Enter is sent; the ``r`` waits for the lobby."""
    async with two_tables("kitten pie") as (host, tried, app):
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.screen.query_one("#address", Input).value = host.address
            box = app.screen.query_one("#password", Input)
            box.focus()
            burst(app, *"kitten", "space", *"pie", "enter", "r")
            await until(pilot, lambda: tried, 5, "the join")
            assert tried == ["kitten pie"]
            assert box.value == "kitten pie"
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.lobby, 5, "seated")
            seat = host.tables["secret"].seat("bob")
            assert seat is not None
            await until(pilot, lambda: seat.ready, 5, "ready: the r typed after Enter")


async def test_the_wrong_password_toast_goes_once_the_right_one_seats_you_and_only_it():
    """A wrong password, then the right one: "Could not join ... password" stood over the
    lobby until it timed out, though the join had just succeeded. It goes as the join does;
    a toast about something else stays."""
    async with two_tables("kitten") as (host, tried, app):
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.screen.query_one("#address", Input).value = host.address
            app.screen.query_one("#password", Input).focus()
            burst(app, *"kitty", "enter")
            await until(pilot, lambda: any("Could not join" in str(n.message) for n in app._notifications),
                        5, "the refusal said")
            app.notify("The kettle is on.", timeout=30)
            await settle(pilot, 2)
            burst(app, *["backspace"] * 5, *"kitten", "enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.lobby, 5, "seated")
            await settle(pilot, 2)
            said = [str(n.message) for n in app._notifications]
            assert not any("Could not join" in s for s in said), said
            assert "The kettle is on." in said
