"""A dialog opened from another shows alone: every dialog is as wide as the next and centred,
and the one beneath showed through, its border and title over the new box and its bottom
border under it (the discard pile with a card's rules: one dialog with two top borders)."""

from __future__ import annotations

from ekpeer.tui.screens.card_choice import CardChoiceScreen
from ekpeer.tui.screens.card_info import CardInfoScreen
from ekpeer.tui.screens.confirm import ConfirmScreen
from ekpeer.tui.screens.discard import DiscardScreen

from .conftest import rigged, screen_lines, scripted_app, settle, snapshot_of
from .test_safe_defaults import favor_from


def top_borders(app) -> int:
    """The dialogs' top borders on the screen (thick: ``█▀▀▀``)."""
    return sum("█▀▀▀" in line for line in screen_lines(app))


async def test_a_cards_rules_over_the_discard_pile_show_one_dialog(table3):
    game, rules, _ = rigged(table3)
    app, _ = scripted_app([snapshot_of(game, rules, "ann")])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, DiscardScreen) and top_borders(app) == 1
        await pilot.press("enter")                      # the top card's rules
        await settle(pilot)
        assert isinstance(app.screen, CardInfoScreen)
        text = "\n".join(screen_lines(app))
        assert top_borders(app) == 1 and "Discard pile" not in text, text
        await pilot.press("escape")                     # back: the pile again, its list in hand
        await settle(pilot)
        assert isinstance(app.screen, DiscardScreen) and top_borders(app) == 1
        assert "Discard pile" in "\n".join(screen_lines(app))
        assert app.screen.focused is app.screen.query_one("#dialog-options")
        await pilot.press("down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, CardInfoScreen) and app.screen.card == "skip"


async def test_asked_once_more_over_the_hand_shows_only_the_question():
    app, session = scripted_app([favor_from(["tacocat", "defuse", "skip"])], name="ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press(*["up"] * 6, "enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and top_borders(app) == 1
        await pilot.press("enter")                      # No: back to the hand
        await settle(pilot)
        assert isinstance(app.screen, CardChoiceScreen) and top_borders(app) == 1
        assert "Tacocat" in "\n".join(screen_lines(app))
