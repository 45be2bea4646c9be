"""The arrow keys move between a dialog's buttons, as Tab does (a keyboard player pressed → in
"Give away Defuse?" and nothing moved), and Enter presses the button they rest on. The first
button focused is still the safe one, and the arrows stop at the row's ends: ← pressed once
too often never comes round to the harmful answer."""

from __future__ import annotations

import zmq

from ekpeer.net.addresses import format_address
from ekpeer.tui.screens.card_choice import CardChoiceScreen
from ekpeer.tui.screens.confirm import ConfirmScreen
from ekpeer.tui.screens.game_over import GameOverScreen
from ekpeer.tui.screens.host_gone import HostGoneScreen
from ekpeer.tui.screens.leave_confirm import LeaveConfirmScreen
from ekpeer.tui.screens.quit_confirm import QuitConfirmScreen
from ekpeer.tui.screens.table import TableScreen

from .conftest import rigged, scripted_app, settle, snapshot_of
from .test_lan_evening import ALL_HERE, lobby
from .test_safe_defaults import favor_from


def focused_id(app) -> str | None:
    return getattr(app.screen.focused, "id", None)


async def walk(pilot, app, keys_and_focus) -> None:
    """Press each key and check the button focused after it."""
    for key, expected in keys_and_focus:
        await pilot.press(key)
        await settle(pilot, 1)
        assert focused_id(app) == expected, (key, expected, focused_id(app))


def moves(session) -> list:
    return [m for kind, m in session.sent if kind == "move"]


async def give_away_defuse(pilot, app) -> None:
    await settle(pilot, 6)
    await pilot.press(*["up"] * 6, "enter")        # the Defuse, listed first
    await settle(pilot)
    assert isinstance(app.screen, ConfirmScreen) and "Give away Defuse?" in app.screen.title_text


async def test_the_arrows_move_between_yes_and_no_and_enter_presses_the_one_they_rest_on():
    app, session = scripted_app([favor_from(["tacocat", "defuse", "skip"])], name="ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await give_away_defuse(pilot, app)
        assert focused_id(app) == "no"                 # going back, the safe answer, comes first
        await walk(pilot, app, [("left", "no"), ("up", "no"),            # the row's start: no wrap
                                ("right", "yes"), ("right", "yes"),      # its end: stays
                                ("left", "no"), ("down", "yes"), ("up", "no")])
        await pilot.press("enter")                     # on No: back to the hand, nothing given
        await settle(pilot)
        assert isinstance(app.screen, CardChoiceScreen) and not moves(session)
        # once more, and → then Enter answers yes
        await pilot.press(*["up"] * 6, "enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and focused_id(app) == "no"
        await walk(pilot, app, [("right", "yes")])
        await pilot.press("enter")
        await settle(pilot)
        assert moves(session) == [{"do": "choose", "card": "defuse"}]


async def test_the_arrows_leave_a_dialogs_list_alone():
    """In a list dialog ← and → move nothing: Enter gives the card highlighted for you."""
    app, session = scripted_app([favor_from(["defuse", "tacocat"])], name="ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, CardChoiceScreen)
        options = app.screen.query_one("#dialog-options")
        highlighted = options.highlighted
        await pilot.press("right", "left", "right")
        await settle(pilot)
        assert app.screen.focused is options and options.highlighted == highlighted
        await pilot.press("enter")
        await settle(pilot)
        assert moves(session) == [{"do": "choose", "card": "tacocat"}]


async def test_the_arrows_move_between_stay_and_quit_when_a_hosting_player_quits(table3):
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    session.address = format_address("tcp://127.0.0.1:5555", zmq.curve_keypair()[0])    # this player hosts
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        assert isinstance(app.screen, QuitConfirmScreen) and focused_id(app) == "stay"
        await walk(pilot, app, [("left", "stay"), ("right", "quit"), ("right", "quit"), ("left", "stay")])
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, TableScreen) and app.is_running
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        await walk(pilot, app, [("right", "quit")])
        await pilot.press("enter")
        await settle(pilot, 3)
        assert not app.is_running


async def test_the_arrows_move_between_stay_and_leave_when_a_seated_player_quits(table3):
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        assert isinstance(app.screen, LeaveConfirmScreen) and focused_id(app) == "stay"
        await walk(pilot, app, [("up", "stay"), ("right", "leave"), ("left", "stay"), ("down", "leave")])
        await pilot.press("enter")
        await settle(pilot, 3)
        assert not app.is_running and ("close", None) in session.sent


async def test_the_arrows_move_along_the_buttons_stacked_on_a_narrow_screen(table3):
    """On a phone-wide screen the buttons stand one under the other: ↓ and ↑ move down them."""
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(44, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        assert isinstance(app.screen, LeaveConfirmScreen) and app.screen.has_class("-narrow")
        await walk(pilot, app, [("down", "leave"), ("up", "stay")])
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, TableScreen) and app.is_running


async def test_the_arrows_move_along_the_host_gone_and_game_over_buttons(table3):
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("closing", {"reason": "the host closed the table"})
        await settle(pilot, 6)
        assert isinstance(app.screen, HostGoneScreen) and focused_id(app) == "start"
        await walk(pilot, app, [("left", "start"), ("right", "quit"), ("right", "quit"), ("left", "start")])
    over = dict(table3, out=["cat"], draw_pile=["exploding_kitten"], hands={**table3["hands"], "ann": []})
    game, rules, events = rigged(over, [{"do": "draw", "by": "ann"}])
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, GameOverScreen) and focused_id(app) == "rematch"
        await walk(pilot, app, [("left", "rematch"), ("right", "leave"), ("right", "quit"),
                                ("right", "quit"), ("left", "leave")])
