"""The F1 keys dialog at a small screen: its list scrolled inside a fixed height (8 rows at
64x20, 14 at 80x24) with rows to spare above and below the dialog. It now takes the rows the
screen has, and every key reads whole, on screen or scrolled to."""

from __future__ import annotations

import pytest

from ekpeer import i18n
from ekpeer.tui.screens.keys import KeysScreen

from .conftest import screen_lines, scripted_app, settle
from .test_danish import table_in_danish
from .test_lobby_roles import lobby, lobby_app


@pytest.fixture
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def _app(where: str):
    return scripted_app([table_in_danish()])[0] if where == "table" else lobby_app([lobby(seats=4)])[0]


@pytest.mark.parametrize("lang", ["en", "da"], indirect=True)
@pytest.mark.parametrize("size", [(64, 20), (80, 24)])
@pytest.mark.parametrize("where", ["table", "lobby"])
async def test_the_keys_take_the_rows_the_screen_has_and_none_is_cut(where, size, lang):
    app = _app(where)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 6)
        await pilot.press("f1")
        await settle(pilot, 8)
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        keys, box = screen.query_one("#keys-list"), screen.query_one("#dialog")
        whole = keys.virtual_size.height <= keys.size.height
        # all of it shown, or a dialog as tall as the screen: no row to spare while it scrolls
        assert whole or box.outer_size.height == size[1], (keys.size, keys.virtual_size, box.outer_size)
        assert box.region.y >= 0 and box.region.bottom <= size[1]
        seen: set[str] = set()
        for _ in range(len(screen.rows)):           # ↓ scrolls the list a row at a time
            inside = (line[box.region.x:box.region.right] for line in screen_lines(app))
            seen.update(line.strip("█ ▁▂▃▄▅▆▇▔") for line in inside)
            await pilot.press("down")
            await settle(pilot, 1)
        width = max(len(k) for k, _words in screen.rows)
        for k, words in screen.rows:
            assert f"{k:>{width}}  {words}".strip() in seen, (k, words)
        if where == "lobby":        # a dozen keys: the whole list at once, no scrolling
            assert whole
