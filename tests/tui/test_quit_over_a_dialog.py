"""ctrl+q over a decision: the README says it quits everywhere, and a stranger playing
``ekpeer play --lang da`` found nothing said so in a dialog ("Give bot1 a card" showed only
"? Card rules", and F1 listed no ^q). Over every decision it asks "Quit the game?" (Stay
first); Stay gives the same dialog back as it was, Quit quits; the dialog's key bar and its
F1 keys list ^q. The dialog's clock runs on under the question, and a default the host takes
meanwhile closes the dialog as before, the question asked again over what comes next."""

from __future__ import annotations

import pytest

from ekpeer.tui.screens.card_choice import CardChoiceScreen
from ekpeer.tui.screens.dialog import Dialog
from ekpeer.tui.screens.keys import KeysScreen
from ekpeer.tui.screens.leave_confirm import LeaveConfirmScreen
from ekpeer.tui.screens.name_card import NameCardScreen
from ekpeer.tui.screens.order import OrderScreen
from ekpeer.tui.screens.position import PositionScreen
from ekpeer.tui.screens.table import TableScreen
from ekpeer.tui.screens.target import TargetScreen
from ekpeer.tui.widgets import KeyBar

from .conftest import rigged, scripted_app, settle, snapshot_of, until
from .test_decisions import FAVOR, FAVOR_ASKED, KITTEN, _with_choice
from .test_lan_evening import lobby

SEATED = lobby({"ann": {"state": "connected"}, "bob": {"state": "bot"}, "cat": {"state": "bot"}})
THREE = {"players": ["ann", "bob", "cat"], "current": "ann", "draw_pile": ["skip"],
         "hands": {"ann": ["tacocat"] * 3, "bob": ["nope"], "cat": ["skip"]}}


def favor():
    return snapshot_of(*_played(FAVOR, FAVOR_ASKED))


def put_back():
    return snapshot_of(*_played(KITTEN, [{"do": "draw", "by": "ann"},
                                         {"do": "choose", "by": "ann", "use": "defuse"}]))


def _played(table, moves):
    game, rules, ev = rigged(table, moves)
    return game, rules, "ann", ev


def new_order():
    return _with_choice("order", 3, {"cards": ["exploding_kitten", "skip", "tacocat"]},
                        [{"do": "choose", "by": "ann", "order": [0, 1, 2]}])


def three_of_a_kind():
    return snapshot_of(*_played(THREE, []))


def state(screen) -> object:
    """What the player did in the dialog so far: the list's highlight, a new order's cards."""
    if isinstance(screen, OrderScreen):
        return tuple(screen.order)
    return screen.query_one("#dialog-options").highlighted


#: (the dialog, the message that opens it, the keys that open it, a key that changes it)
DIALOGS = [
    (CardChoiceScreen, favor, [], "up"),                                         # Favor: give a card
    (PositionScreen, put_back, [], "end"),                                       # Defuse: where back
    (OrderScreen, new_order, [], "shift+down"),                                  # a new order
    (TargetScreen, three_of_a_kind, ["space", "space", "enter"], "down"),        # on whom
    (NameCardScreen, three_of_a_kind, ["space", "space", "space", "enter", "enter"], "down"),  # name
]


@pytest.mark.parametrize(("kind", "message", "opening", "change"), DIALOGS,
                         ids=[d[0].__name__ for d in DIALOGS])
async def test_ctrl_q_over_a_decision_asks_and_stay_gives_the_dialog_back_as_it_was(
        kind, message, opening, change):
    app, session = scripted_app([SEATED, message()])
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot, 6)
        for key in opening:
            await pilot.press(key)
            await settle(pilot, 2)
        dialog = app.screen
        assert isinstance(dialog, kind), app.screen_stack
        before = state(dialog)
        await pilot.press(change)
        await settle(pilot, 2)
        changed = state(dialog)
        assert changed != before
        # the key bar and F1 say ^q, as the table's do
        keys = {key for key, *_ in dialog.query_one(KeyBar)._shown[0]}
        assert "ctrl+q" in keys, keys
        await pilot.press("f1")
        await settle(pilot, 3)
        assert isinstance(app.screen, KeysScreen)
        assert ("^q", "Quit") in app.screen.rows, app.screen.rows
        await pilot.press("escape")
        await settle(pilot, 3)
        assert app.screen is dialog
        # the question, Stay first; Stay: the same dialog, as it was
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        assert isinstance(app.screen, LeaveConfirmScreen) and app.screen.focused.id == "stay"
        assert "ctrl+q" not in {b.key for _, b, *_ in app.screen.active_bindings.values() if b.show}
        await pilot.press("s")
        await settle(pilot, 3)
        assert app.screen is dialog and state(dialog) == changed
        assert not [m for k, m in session.sent if k == "move"]
        # Quit quits, as on the table
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        await pilot.press("y")
        await settle(pilot, 3)
        assert not app.is_running


async def test_the_clock_runs_on_under_the_question_and_the_hosts_default_asks_it_again():
    clock = {"type": "timer", "body": {"kind": "turn", "seconds": 30.0, "player": "ann"}}
    app, session = scripted_app([SEATED, favor(), clock])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CardChoiceScreen), 3, "the Favor's dialog")
        dialog = app.screen
        line = dialog.query_one("#dialog-clock")
        await until(pilot, lambda: line.display, 2, "the clock under the dialog")
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        assert isinstance(app.screen, LeaveConfirmScreen)
        said = str(line.render())
        await until(pilot, lambda: str(line.render()) != said, 3, "the clock to count on")
        # the clock ran out: the host gave a card for ann (its default), the question stays
        given = {"do": "choose", "by": "ann", "card": "tacocat"}
        settled = snapshot_of(*_played(FAVOR, [*FAVOR_ASKED, given]))
        session.queue.put_nowait(settled)
        await until(pilot, lambda: dialog not in app.screen_stack, 3, "the dialog to close")
        await settle(pilot, 3)
        assert isinstance(app.screen, LeaveConfirmScreen) and app.screen.focused.id == "stay"
        assert not any(isinstance(s, Dialog) for s in app.screen_stack)
        await pilot.press("s")
        await settle(pilot, 3)
        assert isinstance(app.screen, TableScreen) and app.is_running
        assert not [m for k, m in session.sent if k == "move"]
