"""One key, one word on every screen (Danish): a stranger read "^q Luk" at the table but
"Afslut" in F1 and the dialogs, "q Luk" at the game's end beside its "Afslut (q)" button,
"m Valg" at 64 columns but "Muligheder" in F1, "h  Værten væk: valg" in the hosting player's
F1 (their host cannot go quiet on them), and the Quit dialog over a list said "? Kortets
regler" under it, a key that does nothing there."""

from __future__ import annotations

import pytest

from ekpeer import i18n
from ekpeer.tui.screens.keys import KeysScreen
from ekpeer.tui.screens.leave_confirm import LeaveConfirmScreen
from ekpeer.tui.screens.lobby import LobbyScreen
from ekpeer.tui.screens.table import TableScreen

from .conftest import hosted_app, screen_lines, scripted_app, settle, until
from .test_danish import table_in_danish


@pytest.fixture
def danish():
    i18n.set_language("da")
    yield
    i18n.set_language("en")


async def _keys(pilot, app) -> dict[str, str]:
    await pilot.press("f1")
    await settle(pilot, 8)
    assert isinstance(app.screen, KeysScreen)
    rows = dict(app.screen.rows)
    await pilot.press("escape")
    await settle(pilot, 4)
    return rows


async def test_quit_and_moves_read_the_same_in_the_bar_and_in_f1_at_64_columns(danish):
    app = scripted_app([table_in_danish()])[0]
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot, 6)
        bar = screen_lines(app)[-1]
        assert "^q Afslut" in bar and "Luk" not in bar, bar
        assert "m Valg" in bar and "b Kastebunke" in bar, bar
        rows = await _keys(pilot, app)
        assert rows["^q"] == "Afslut" and rows["m"] == "Muligheder (Valg)", rows
        assert "h" in rows, rows        # a joiner's host may go quiet: h brings its choices back


async def test_the_hosting_player_is_not_offered_the_host_gone_key(danish):
    app = hosted_app(seats=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, LobbyScreen)
        assert "h" not in await _keys(pilot, app)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), 10, "the table")
        await settle(pilot, 4)
        assert "h" not in await _keys(pilot, app)


async def test_the_quit_dialog_over_a_list_says_its_own_keys(danish):
    app = hosted_app(seats=3)
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot, 4)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), 10, "the table")
        await settle(pilot, 4)
        await pilot.press("m")
        await settle(pilot, 6)
        assert "Kortets regler" in screen_lines(app)[-1]     # the moves list: cards, and their rules
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, LeaveConfirmScreen), 5, "the Quit dialog")
        await settle(pilot, 4)
        bar = screen_lines(app)[-1]
        assert "Kortets regler" not in bar and "Bliv" in bar, bar
