"""The key bar's ``d Draw`` follows what the state allows. An operator's friend, bob, read
``d Draw`` lit while it was not his turn and the host was not answering (its banner folded by
Keep waiting): the table's check of Draw asked only whether he was still in the game. Now
Draw is lit only when d draws (a draw offered, the host answering); else dimmed, and d says why.
Real host in this process, the client under Pilot."""

from __future__ import annotations

from ekpeer.tui.screens.host_gone import HostGoneScreen
from ekpeer.tui.screens.table import TableScreen
from ekpeer.tui.widgets import KeyBar

from .conftest import settle, until
from .test_host_gone_back import Table


def _draw_lit(app) -> bool | None:
    """Whether the table's key bar shows d Draw lit (None: not shown at all)."""
    screen = app.table_screen
    screen.query_one(KeyBar).refresh_keys()
    keys, _palette = screen.query_one(KeyBar)._keys()
    return next((enabled for key, _display, words, enabled in keys if key == "d" and words == "Draw"), None)


def _toasts(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_draw_is_lit_only_when_d_draws(tmp_path):
    table = Table(tmp_path)
    app = await table.start()
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await table.seated(pilot, app)
            await settle(pilot, 3)
            assert _draw_lit(app) is True                           # ann's turn: d draws
            table.host.think = (30.0, 30.0)     # the bot's turn lasts
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, TableScreen)
                        and app.view.get("current") != "ann", 8, "the bot's turn")
            await settle(pilot, 3)
            assert _draw_lit(app) is False                          # another's turn: dimmed
            await pilot.press("d")
            await until(pilot, lambda: "You cannot draw now: it is not your turn." in _toasts(app), 3,
                        "d says why it draws nothing")
            await table.stop(pilot, app, "killed")
            await pilot.press("escape")                             # Keep waiting: the table again
            await until(pilot, lambda: isinstance(app.screen, TableScreen)
                        and "No word from the host" in str(app.table_screen.query_one("#topbar").render()),
                        5, "the banner folded")
            await settle(pilot, 3)
            assert _draw_lit(app) is False                          # the host silent: dimmed
            assert isinstance(app.host_gone, HostGoneScreen)
    finally:
        await table.close()


async def test_draw_is_dimmed_on_your_turn_while_the_host_is_silent(tmp_path):
    table = Table(tmp_path)
    app = await table.start()
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await table.seated(pilot, app)
            await table.stop(pilot, app, "killed")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, TableScreen), 5, "the banner folded")
            await settle(pilot, 3)
            assert app.view.get("current") == "ann" and _draw_lit(app) is False
            await pilot.press("d")
            await until(pilot, lambda: "The host is not answering: you cannot draw now (h: leave or quit)."
                        in _toasts(app), 3, "d says the host is silent")
    finally:
        await table.close()
