"""``s`` pressed twice in one's own new lobby: the second reached the host after the game had
started (the host's answer to the first was slow to come), and the table read "Refused — start
is for seated players in the lobby" over a game just begun. The host now says what is so: the
game has already started (``r`` alike). Real host in this process, the client under Pilot, the
host's frames held back a moment as a slow link does."""

from __future__ import annotations

import asyncio

import pytest

from ekpeer.net import client as client_mod
from ekpeer.tui.screens.table import TableScreen

from .conftest import hosted_app, settle, until
from .test_host_quiet import Stalling


@pytest.mark.parametrize("again", ["s", "r"])
async def test_a_second_start_is_told_the_game_has_already_started(monkeypatch, again):
    monkeypatch.setattr(client_mod, "Client", Stalling)
    app = hosted_app(seats=2)
    said: list[str] = []
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await until(pilot, lambda: app.current_mode == "lobby" and app.lobby, 10, "the lobby")
        await settle(pilot, 4)
        await pilot.press("r")          # ready first: the start sends no ready of its own
        await until(pilot, lambda: any(s.get("you") and s.get("ready") for s in app.lobby["seats"]), 5,
                    "ann ready")
        # held long enough that the second key goes before the start is answered, busy or not
        app.session.client.held_until = asyncio.get_running_loop().time() + 3.0
        await pilot.press("s")
        await pilot.pause(0.3)
        await pilot.press(again)        # the first start not answered yet: the lobby still shows
        # every toast counted as it comes: on a busy machine the answer's may go before the game shows
        await until(pilot, lambda: _toasts(app, said) is None or isinstance(app.screen, TableScreen)
                    and bool(app.view), 10, "the game")
        await until(pilot, lambda: _toasts(app, said), 6, "the second key's answer")
        await settle(pilot, 6)
        _toasts(app, said)
    assert said == ["the game has already started"], said


def _toasts(app, said: list[str]) -> list[str]:
    """Every toast up now added to ``said`` (once each): those that went stay counted."""
    said.extend(words for words in (str(n.message) for n in app._notifications) if words not in said)
    return said
