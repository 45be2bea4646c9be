"""Every list a player picks from stops at its ends: keys read in one breath, an arrow pressed
once too often came round to the other end, and the key behind it acted there."""

from __future__ import annotations

import zmq
from textual.widgets import OptionList, Select

from ekpeer.net.discovery import Found

from .conftest import scripted_app, settle
from .test_custom_deck import CARDS, _lobby
from .test_key_bursts import burst
from .test_start_screen import start_app


async def test_the_custom_deck_list_stops_at_its_ends():
    """↑ on the first card, then p: the first card goes to the pile, not the last."""
    app, session = scripted_app([])
    session.push("lobby", _lobby(CARDS, custom={"pile_picks": 2, "hand_picks": 2, "random_cards": 20}))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        burst(app, "up", "p", "down", "down", "p")
        await settle(pilot, 4)
        assert screen.picks["pile"] == ["zap", "keeper"], screen.picks


def _found(name: str) -> Found:
    key, _ = zmq.curve_keypair()
    return Found(name=f"{name}@laptop:5555", table=name, title=f"{name}'s table", endpoint="tcp://127.0.0.1:5555",
                 key=key.decode(), hostname="laptop", seats=4, taken=1, free=3)


async def test_the_lan_list_stops_at_its_ends(monkeypatch):
    app = start_app(monkeypatch, [])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.show_tables([_found("ann"), _found("bob"), _found("cy")])
        await settle(pilot)
        tables = app.screen.query_one("#lan-tables", OptionList)
        assert tables.highlighted == 0
        burst(app, "down", "down", "down")
        await settle(pilot, 3)
        assert tables.highlighted == 2
        burst(app, "up", "up", "up")
        await settle(pilot, 3)
        assert tables.highlighted == 0


async def test_a_settings_menu_in_the_lobby_stops_at_its_ends():
    """The Players menu open on its first count (2): ↑ stays there (it came round to 10)."""
    from .test_lobby_roles import lobby, lobby_app

    app, _session = lobby_app([lobby(seats=2)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 8)
        seats = app.screen.query_one("#set-seats", Select)
        assert seats.value == 2
        seats.focus()
        await pilot.press("enter")
        await settle(pilot, 3)
        menu = app.focused
        assert seats.expanded and isinstance(menu, OptionList) and menu.highlighted == 0
        await pilot.press("up")
        assert menu.highlighted == 0
        await pilot.press(*["down"] * 12)
        assert menu.highlighted == menu.option_count - 1
