"""``ekpeer join --table NAME`` and the start screen: an address typed there joins that table,
and the screen says so; a table picked on the LAN list is for that join only, never carried
unsaid to an address typed later."""

from __future__ import annotations

import zmq
from textual.widgets import Input

from ekpeer import i18n
from ekpeer.net.discovery import Found
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.start import StartScreen
from ekpeer.tui.session import FakeSession

from .conftest import settle
from .contrast import lines

OTHER = "tcp://127.0.0.1:6000"


def _app(monkeypatch, opened: list[dict], table: str | None = None, discovery: bool = False):
    monkeypatch.setattr(StartScreen, "browse", lambda self: None)     # the list, without multicast
    return make_app(lambda **kw: opened.append(kw) or FakeSession(), name="bob", discovery=discovery,
                    options={"table": table} if table else None)


async def _join_typed(app, pilot, address: str) -> None:
    app.screen.query_one("#address", Input).value = address
    app.screen.action_choose("join")
    await settle(pilot)


async def test_the_start_screen_says_which_table_a_typed_address_joins(monkeypatch):
    opened: list[dict] = []
    app = _app(monkeypatch, opened, table="friday")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = " ".join(lines(app.export_screenshot()).values())
        assert "go to table friday at the address typed" in shown, shown
        await _join_typed(app, pilot, OTHER)
        assert opened[-1]["table"] == "friday" and opened[-1]["address"] == OTHER


async def test_no_table_said_without_the_flag(monkeypatch):
    app = _app(monkeypatch, [])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.screen.query("#table-note")


async def test_a_table_picked_on_the_lan_is_not_carried_to_a_typed_address(monkeypatch):
    opened: list[dict] = []
    app = _app(monkeypatch, opened, discovery=True)
    key, _ = zmq.curve_keypair()
    found = Found(name="main@laptop:5555", table="main", title="Ann's table", endpoint="tcp://127.0.0.1:5555",
                  key=key.decode(), hostname="laptop", seats=4, taken=1, free=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.show_tables([found])
        await settle(pilot)
        for _ in range(2):              # the fingerprint seen, then trusted
            await pilot.press("enter")
            await settle(pilot)
        assert opened[-1]["table"] == "main"
        app.switch_mode("start")
        await settle(pilot)
        await _join_typed(app, pilot, OTHER)
        assert opened[-1]["address"] == OTHER and opened[-1].get("table") is None, opened[-1]


async def test_the_table_note_in_danish(monkeypatch):
    i18n.set_language("da")
    try:
        app = _app(monkeypatch, [], table="friday")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            note = str(app.screen.query_one("#table-note").render())
    finally:
        i18n.set_language("en")
    assert note.startswith("Deltag og Kig med går til bord friday"), note


def _lan(table: str, title: str, phase: str = "lobby") -> Found:
    key, _ = zmq.curve_keypair()
    return Found(name=f"{table}@srv:5555", table=table, title=title, endpoint="tcp://10.77.0.1:5555",
                 key=key.decode(), hostname="srv", seats=4, taken=0, free=4, phase=phase)


def _note(app) -> str:
    return " ".join(" ".join(lines(app.export_screenshot()).values()).replace("│", " ").split())


async def test_the_note_and_the_join_button_say_the_same_table(monkeypatch):
    """``--table friday`` (closed since) with Open table found on the LAN: the note said
    "go to table friday at the address typed" beside "Join Open table", and Enter joined open.
    The note says what Join does, and that there is no friday on the list, plainly."""
    opened: list[dict] = []
    app = _app(monkeypatch, opened, table="friday", discovery=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.show_tables([_lan("open", "Open table")])
        await settle(pilot, 3)
        shown = _note(app)
        assert "No table friday (--table) is among the tables found on the LAN: Join and Watch go to " \
               "Open table, marked ▶" in shown, shown
        assert "at the address typed" not in shown and " Join Open table " in shown
        app.screen.show_tables([_lan("open", "Open table"), _lan("friday", "Friday", "playing")])
        await settle(pilot, 3)
        assert "go to Open table, marked ▶; table friday (--table) is on the list too" in _note(app)
        await pilot.press("down")
        await settle(pilot, 3)
        assert "go to table friday, marked ▶ on the list" in _note(app) and " Join Friday " in _note(app)
        app.screen.query_one("#address", Input).focus()
        await pilot.press(*"10.0.0.9:5555")
        await settle(pilot, 3)
        assert "go to table friday at the address typed" in _note(app), _note(app)


async def test_the_note_in_danish(monkeypatch):
    i18n.set_language("da")
    try:
        app = _app(monkeypatch, [], table="friday", discovery=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.screen.show_tables([_lan("open", "Open table")])
            await settle(pilot, 3)
            said = app.screen._table_note()
    finally:
        i18n.set_language("en")
    assert said.startswith("Intet bord friday (--table)") and "Open table" in said, said
