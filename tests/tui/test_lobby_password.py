"""The creator's password box, as a stranger hosting a game night met it: Enter set the
password but left the focus in the box (``r`` then typed into it, and a stray Enter on the
empty box removed the password, unsaid); Esc there left the table; the creator's own join
command went on without ``--password``; the left panel promised ``r`` and ``s`` while they
typed into the box. The real host in this process, the app joined as ``ekpeer join --table
friday --create`` does; the words by scripted lobbies."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import zmq.asyncio
from ports import free_port
from textual.widgets import Input

from ekpeer.cli_tui import session_factory
from ekpeer.net.host import Host
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.keys import KeysScreen
from ekpeer.tui.screens.lobby import LobbyScreen, PasswordBox

from .conftest import screen_lines, settle, until
from .test_lobby_roles import lobby, lobby_app, shown_keys


def help_text(app) -> str:
    return " ".join(str(app.screen.query_one("#lobby-help").render()).replace("\xa0", " ").split())


def notes(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def tab_to_the_box(pilot, app) -> None:
    """Tab until the password box has the focus, as the creator did."""
    for _ in range(30):
        if isinstance(app.screen.focused, Input) and app.screen.focused.id == "set-password":
            return
        await pilot.press("tab")
        await settle(pilot, 1)
    raise AssertionError(f"Tab never reached the password box (at {app.screen.focused})")


@asynccontextmanager
async def eves_lobby() -> AsyncIterator[tuple[Any, Any, Any]]:
    """eve's new table "friday" at a real host in this process, her client under Pilot with the
    focus in the creator's password box: ``(pilot, app, the host's table)``."""
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0))
    await host.start()
    app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="eve",
                   address=host.address, options={"table": "friday", "create": True})
    try:
        async with app.run_test(size=(100, 34)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.lobby
                        and app.screen.query("#set-password"), 10, "eve's lobby")
            await settle(pilot, 4)
            await tab_to_the_box(pilot, app)
            yield pilot, app, host.tables["friday"]
    finally:
        await host.close()
        ctx.destroy(linger=0)


async def test_the_creator_sets_a_password_and_gets_the_lobbys_keys_and_the_command_back():
    async with eves_lobby() as (pilot, app, table):
        # while the box has the focus, the panel promises no key that types into it
        assert "r: ready" not in help_text(app) and "s: start" not in help_text(app)
        assert "Esc: back to the lobby's keys" in help_text(app)
        await pilot.press(*"kitty", "enter")
        await until(pilot, lambda: bool(table.settings.get("password")), 5, "the host's password")
        assert table.password_ok("kitty")
        assert not isinstance(app.screen.focused, Input), app.screen.focused     # out of the box
        assert "r: ready" in help_text(app)
        # the command on eve's screen says --password, without anything else redrawing it
        await until(pilot, lambda: any("ekpeer join --password --table friday" in line
                                       for line in screen_lines(app)), 3, "--password on screen")
        assert "--password" in app.screen.join_command()
        await pilot.press("r")          # the first r readies
        await until(pilot, lambda: table.seat("eve").ready, 3, "eve ready")
        assert table.password_ok("kitty")       # and typed nothing into the box
        # Esc in the box leaves the box, not the table
        await tab_to_the_box(pilot, app)
        await pilot.press("x", "escape")
        await settle(pilot, 4)
        assert isinstance(app.screen, LobbyScreen) and table.seat("eve") is not None
        assert app.screen.focused is None and "r" in shown_keys(app)
        assert table.password_ok("kitty")


def locked_lobby() -> dict:
    msg = lobby(you="ann")
    msg["body"]["settings"]["password"] = True
    return msg


async def test_an_empty_enter_removes_the_password_only_when_pressed_twice_and_says_so():
    app, session = lobby_app([locked_lobby()])
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot, 6)
        box = app.screen.query_one("#set-password", Input)
        assert box.placeholder == "set: type a new one, Enter sets it"
        box.focus()
        await settle(pilot)
        assert "Enter twice on the empty box: remove it" in help_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert session.sent == [] and app.screen.focused is box         # a stray Enter: asked
        assert "Enter again to remove the password (Esc keeps it)." in notes(app)
        await pilot.press("escape", "enter")      # Esc kept it; Enter here is no second Enter
        await settle(pilot)
        assert session.sent == []
        box.focus()
        await settle(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert session.sent == [("lobby_set", {"password": None})]
        assert "Password removed: anyone may join." in notes(app)
        assert app.screen.focused is None


async def test_the_password_box_says_esc_in_the_footer_and_an_empty_enter_at_an_open_table_just_leaves():
    app, session = lobby_app([lobby(you="ann")])
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot, 6)
        box = app.screen.query_one("#set-password", Input)
        box.focus()
        await settle(pilot)
        bar = {b.key: b.description for _, b, enabled, _ in app.screen.active_bindings.values()
               if enabled and b.show}
        assert bar.get("escape") == "Back to the lobby's keys" and "r" not in bar
        await pilot.press("enter")
        await settle(pilot)
        assert session.sent == [] and app.screen.focused is None
        await pilot.press("r")
        await settle(pilot)
        assert session.sent == [("ready", True)]


async def test_in_the_password_box_the_key_bar_and_f1_offer_only_what_works_there():
    """In the password box the key bar offered + and - (they typed into the box) and F1 the
    lobby's settings keys, never Enter; Esc left the typed dots in the box over "no password"."""
    msg = lobby(you="ann")
    msg["body"]["settings"]["password"] = True
    app, _session = lobby_app([msg])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert {"plus", "minus", "r"} & shown_keys(app)
        box = app.screen.query_one("#set-password", PasswordBox)
        box.focus()
        await settle(pilot)
        bar = {b.key: b.description for _, b, enabled, _ in app.screen.active_bindings.values()
               if enabled and b.show}
        # the box's own keys, and the app's (which work everywhere); none that types into the box
        assert bar.get("enter") == "Set the password" and bar.get("escape") == "Back to the lobby's keys"
        assert set(bar) <= {"enter", "escape", "ctrl+q", "ctrl+t", "f1"}, bar
        await pilot.press("f1")
        await settle(pilot, 4)
        assert isinstance(app.screen, KeysScreen)
        rows = dict((words, keys) for keys, words in app.screen.rows)
        assert rows.get("On the empty box: remove the password") == "⏎ ⏎", rows
        assert rows.get("Set the password") == "⏎" and "Move among the boxes" not in rows, rows
        await pilot.press("escape")
        await settle(pilot, 3)
        await pilot.press(*"ab+")
        await settle(pilot)
        assert box.value == "ab+"
        await pilot.press("escape")
        await settle(pilot)
        assert box.value == "" and app.screen.focused is None
        assert {"plus", "minus", "r"} <= shown_keys(app)


async def test_a_burst_in_the_creators_password_box_sets_what_the_box_showed_and_r_readies():
    """Keys read together (key repeat, SSH): a mistyped password taken back and retyped, Enter,
    then r. Textual's own box typed every letter of the burst before any Backspace of it ran
    and left Enter for later (``kittykenr`` or the like went to the host); the start screen's
    boxes take keys in order, and so does this one. The r after Enter readies, untyped."""
    from .test_key_bursts import burst

    async with eves_lobby() as (pilot, app, table):
        burst(app, *"kittyk", "backspace", "backspace", *"en", "enter", "r")
        await until(pilot, lambda: bool(table.settings.get("password")), 5, "the host's password")
        assert table.password_ok("kitten"), table.settings
        await until(pilot, lambda: table.seat("eve").ready, 5, "eve ready: the r after Enter")
        await until(pilot, lambda: app.screen._me().get("ready"), 5, "the host's word that eve is ready")
        await settle(pilot, 2)
        assert app.screen.query_one("#set-password", PasswordBox).value == ""
        assert table.password_ok("kitten")
