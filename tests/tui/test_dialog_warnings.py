"""A dialog's own warnings are said in its box, not as toasts: at 64x20 and 80x24 the toast
stood over the dialog's title, cut off ("Vælg først en plads: ↑ ↓ (Home: øverst, End:"),
and Esc's "Spillet venter på dette valg" in the Defuse dialog stayed over the next dialog's
title. The next warning replaces it; it goes after a few seconds, or at the next key."""

from __future__ import annotations

import pytest

from ekpeer import i18n
from ekpeer.tui.screens import dialog as dialog_module
from ekpeer.tui.screens.order import OrderScreen
from ekpeer.tui.screens.position import PositionScreen
from ekpeer.tui.screens.save import SaveScreen

from .conftest import rigged, screen_lines, scripted_app, settle, snapshot_of, until
from .test_decisions import KITTEN, _with_choice


@pytest.fixture
def danish():
    i18n.set_language("da")
    yield
    i18n.set_language("en")


def drawn_kitten():
    game, rules, ev = rigged(KITTEN, [{"do": "draw", "by": "ann"}])
    return snapshot_of(game, rules, "ann", ev)


def put_back():
    game, rules, ev = rigged(KITTEN, [{"do": "draw", "by": "ann"},
                                      {"do": "choose", "by": "ann", "use": "defuse"}])
    return snapshot_of(game, rules, "ann", ev)


def box_text(app) -> str:
    """The words in the dialog's box, its lines joined as they read."""
    rows = [line.split("█")[1].strip() for line in screen_lines(app) if line.count("█") >= 2]
    return " ".join(row for row in rows if row)


def toasts(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


@pytest.mark.parametrize("size", [(64, 20), (80, 24)])
async def test_enter_before_a_place_is_picked_says_so_whole_in_the_box(size, danish):
    app, session = scripted_app([put_back()])
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 6)
        dialog = app.screen
        assert isinstance(dialog, PositionScreen)
        title = str(dialog.query_one("#dialog-title").render())
        await pilot.press("enter")
        await settle(pilot, 3)
        said = "Vælg først en plads: dens nummer, eller ↑ ↓ (Home: øverst, End: nederst)."
        assert not toasts(app), toasts(app)
        text = box_text(app)
        assert said in text and title in text, text         # whole, and the title too
        assert dialog.warning() == said
        box = dialog.query_one("#dialog").region
        assert box.y >= 0 and box.bottom <= size[1] - 1, box
        await pilot.press("down")                           # the next key: gone
        await settle(pilot, 3)
        assert dialog.warning() == "" and said not in box_text(app)
        assert not [m for k, m in session.sent if k == "move"]


async def test_esc_in_the_defuse_dialog_warns_in_it_and_not_over_the_next_dialog(danish):
    app, session = scripted_app([drawn_kitten()])
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, SaveScreen)
        await pilot.press("escape")
        await settle(pilot, 3)
        assert not toasts(app), toasts(app)
        assert "Spillet venter på dette valg." in box_text(app)
        await pilot.press("escape")                         # again: said again, once
        await settle(pilot, 3)
        assert box_text(app).count("Spillet venter på dette valg.") == 1
        await pilot.press("enter")                          # Defuse
        await settle(pilot, 3)
        session.queue.put_nowait(put_back())
        await until(pilot, lambda: isinstance(app.screen, PositionScreen), 3, "the put-back dialog")
        await settle(pilot, 3)
        assert "venter" not in " ".join(screen_lines(app)) and not toasts(app)


async def test_a_warning_goes_after_a_few_seconds_and_the_next_replaces_it(monkeypatch):
    monkeypatch.setattr(dialog_module, "WARNING_SECONDS", 0.4)
    msg = _with_choice("order", 3, {"cards": ["exploding_kitten", "skip", "tacocat"]},
                       [{"do": "choose", "by": "ann", "order": [0, 1, 2]}])
    app, session = scripted_app([msg])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        dialog = app.screen
        assert isinstance(dialog, OrderScreen)
        await pilot.press("escape")
        await settle(pilot, 2)
        assert not toasts(app), toasts(app)
        assert dialog.warning() == "The game is waiting for this order: Enter keeps it." and not toasts(app)
        dialog.warn("Another")
        await settle(pilot, 1)
        assert dialog.warning() == "Another" and len(dialog.query("#dialog-warning")) == 1
        await until(pilot, lambda: dialog.warning() == "", 2, "the warning to go")


async def test_the_custom_decks_refusals_are_said_in_its_box():
    """"Keeper cannot be picked for your starting hand" and "At most 1 card for the draw
    pile" came as toasts over the custom deck's dialog."""
    from ekpeer.tui.screens.custom_deck import CustomDeckScreen

    from .test_custom_deck import CARDS, _lobby

    app, session = scripted_app([])
    session.push("lobby", _lobby(CARDS, custom={"pile_picks": 1, "hand_picks": 2, "random_cards": 20}))
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CustomDeckScreen)
        await pilot.press("down", "h")                      # Keeper: pile only
        await settle(pilot, 2)
        assert not toasts(app), toasts(app)
        assert "Keeper cannot be picked for your starting hand." in box_text(app)
        await pilot.press("p", "p")                         # the second is over the limit of 1
        await settle(pilot, 2)
        assert not toasts(app), toasts(app)
        assert screen.warning() == "At most 1 card for the draw pile: x takes one back."
        assert "At most 1 card for the draw pile: x takes one back." in box_text(app)


@pytest.mark.parametrize("lang", ["da", "en"])
@pytest.mark.parametrize("size", [(64, 20), (80, 24)])
async def test_the_warning_and_the_clock_both_show_whole_under_a_turns_clock(size, lang):
    """The Defuse's place at 64x20 with your clock running: Enter before a place is picked
    showed "Vælg først en plads: dens nummer, eller ↑ ↓ (Home: øverst," and neither the rest
    of it nor the "Din tid" line: the list now gives up its rows to the warning's."""
    i18n.set_language(lang)
    try:
        deep = {**KITTEN, "draw_pile": ["exploding_kitten"] + ["tacocat", "skip", "nope"] * 8}
        game, rules, ev = rigged(deep, [{"do": "draw", "by": "ann"},
                                        {"do": "choose", "by": "ann", "use": "defuse"}])
        app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
        async with app.run_test(size=size) as pilot:
            await settle(pilot, 6)
            session.push("timer", {"kind": "turn", "seconds": 30.0, "player": "ann"})
            dialog = app.screen
            assert isinstance(dialog, PositionScreen)
            await until(pilot, lambda: dialog.query_one("#dialog-clock").display, 3, "the clock line")
            await settle(pilot, 4)
            clock = i18n._("Your clock").split()[0]
            assert clock in box_text(app), box_text(app)
            await pilot.press("enter")
            await settle(pilot, 4)
            said = dialog.warning()
            text = box_text(app)
            assert said and said in text and clock in text, "\n".join(screen_lines(app))
    finally:
        i18n.set_language("en")

