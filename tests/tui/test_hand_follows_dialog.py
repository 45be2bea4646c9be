"""A dialog about your hand and the hand beneath it highlight the same card: the Defuse dialog
said "Defuse is highlighted" while the hand beneath highlighted another card."""

from __future__ import annotations

import pytest

from ekpeer.tui.screens.card_choice import CardChoiceScreen
from ekpeer.tui.screens.save import SaveScreen
from ekpeer.tui.widgets import CardWidget

from .conftest import rigged, scripted_app, settle, snapshot_of
from .test_decisions import FAVOR, FAVOR_ASKED
from .test_key_bursts import _table, burst, engine_app

KITTEN = {"players": ["ann", "bob"], "current": "ann",
          "draw_pile": ["exploding_kitten", "skip", "shuffle", "nope", "tacocat"],
          "hands": {"ann": ["defuse", "skip", "attack", "shuffle"], "bob": ["nope", "beard_cat"]}}


def hand_highlight(table) -> str | None:
    """The card the hand beneath the dialog shows highlighted (its focused card), or None."""
    return table.focused.card if isinstance(table.focused, CardWidget) else None


@pytest.mark.parametrize("size", [(80, 24), (64, 20)])
async def test_the_hand_highlights_the_defuse_the_dialog_says_is_highlighted(size):
    _game, _session, app = engine_app(KITTEN)
    async with app.run_test(size=size) as pilot:
        table, titles = await _table(pilot, app)
        assert titles[0] == "defuse"
        burst(app, "end", "d")                      # the last card highlighted, then the kitten
        await settle(pilot, 12)
        dialog = app.screen
        assert isinstance(dialog, SaveScreen) and "Defuse is highlighted" in dialog.prompt
        assert hand_highlight(table) == "defuse"
        burst(app, "down")                          # "No card is used": no card of the hand
        await settle(pilot, 4)
        assert "No card is used" in dialog.prompt and hand_highlight(table) is None
        burst(app, "up")
        await settle(pilot, 4)
        assert hand_highlight(table) == "defuse"
        burst(app, "enter", "home", "enter")        # saved, the kitten put back on top
        await settle(pilot, 12)
        assert app.screen is table and isinstance(app.focused, CardWidget)    # a card to play


async def test_the_hand_highlights_the_card_a_favor_would_give():
    game, rules, ev = rigged(FAVOR, FAVOR_ASKED)
    app, _session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        dialog, table = app.screen, app.table_screen
        assert isinstance(dialog, CardChoiceScreen)
        options = dialog.query_one("#dialog-options")
        assert hand_highlight(table) == dialog.options[options.highlighted][0]
        for key in ("up", "down"):
            burst(app, key)
            await settle(pilot, 3)
            assert hand_highlight(table) == dialog.options[options.highlighted][0], key
