"""A Nope pressed just before the action arrives (a trip behind, on a lagged link): "Nothing to
Nope now." goes when the action shows, and never stands beside "bob plays Shuffle   n: Nope it"."""

from __future__ import annotations

import time

from ekpeer.engine import Move, player_view
from ekpeer.engine.view import visible_events

from .conftest import rigged, scripted_app, settle, snapshot_of, until


def said(app) -> list[str]:
    return [str(n.message) for n in app._notifications]

async def bob_plays(pilot, app, game, session, card: str) -> None:
    """bob plays ``card`` at the host, and ann's screen offers to Nope it."""
    played = game.apply(Move.from_dict({"do": "play", "by": "bob", "cards": [card]}))
    session.push("update", {"view": player_view(game, "ann"), "events": visible_events(played, "ann")})
    await until(pilot, lambda: "Nope it" in str(app.screen.query_one("#status").render()), 3,
                f"bob's {card}, offered to Nope")



async def test_nothing_to_nope_goes_when_an_action_comes_to_nope(table3):
    table = {**table3, "current": "bob",
             "hands": {**table3["hands"], "bob": ["nope", "attack", "shuffle"]}}
    game, rules, events = rigged(table)
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("n")
        await until(pilot, lambda: said(app), 3, "why n plays nothing")
        assert said(app) == ["Nothing to Nope now."]
        await bob_plays(pilot, app, game, session, "shuffle")
        await until(pilot, lambda: "Nothing to Nope now." not in said(app), 3, "the toast gone")


async def test_a_nope_refused_too_late_goes_when_the_next_action_comes_to_nope(table3):
    """A Nope refused "Too late: the Nope window had closed" stood for seconds into the next
    action's window, beside "bob plays Attack   n: Nope it": the screen said both."""
    table = {**table3, "current": "bob",
             "hands": {**table3["hands"], "bob": ["nope", "attack", "shuffle"]}}
    game, rules, events = rigged(table, [{"do": "play", "by": "bob", "cards": ["shuffle"]}])
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("n")
        await until(pilot, lambda: session.sent, 3, "the Nope sent")
        resolved = game.apply(Move.from_dict({"do": "resolve"}))     # the window closed first
        session.push("update", {"view": player_view(game, "ann"), "events": visible_events(resolved, "ann")})
        session.push("reply", {"ok": False, "code": "too_late",
                               "message": "Too late: the Nope window had closed"})
        await until(pilot, lambda: "Too late: the Nope window had closed" in said(app), 3, "the refusal")
        await settle(pilot, 2)
        assert "Too late: the Nope window had closed" in said(app)     # true while nothing is to Nope
        await bob_plays(pilot, app, game, session, "attack")
        await until(pilot, lambda: "Too late: the Nope window had closed" not in said(app), 3,
                    "the toast gone")


async def test_a_refusal_of_another_move_stays_when_an_action_comes_to_nope(table3):
    """Only what is said of a Nope goes with the action it was about."""
    table = {**table3, "current": "bob",
             "hands": {**table3["hands"], "bob": ["nope", "attack", "shuffle"]}}
    game, rules, events = rigged(table)
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("reply", {"ok": False, "code": "bad_move", "message": "Not your turn"})
        await until(pilot, lambda: "Not your turn" in said(app), 3, "the refusal")
        await bob_plays(pilot, app, game, session, "attack")
        assert "Not your turn" in said(app)



async def test_n_sends_the_action_it_was_pressed_against(table3):
    """The Nope says what the screen showed (the top action's serial and its Nopes), so that a
    host that got it after the stack changed refuses it instead of Noping something else."""
    table = {**table3, "current": "bob",
             "hands": {**table3["hands"], "bob": ["nope", "attack", "shuffle"]}}
    game, rules, events = rigged(table, [{"do": "play", "by": "bob", "cards": ["shuffle"]},
                                         {"do": "play", "by": "bob", "cards": ["nope"]}])
    top = game.stack[-1]
    assert (top.card, top.nopes) == ("shuffle", 1)      # ann's n is a Yup, and says so
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("n")
        await until(pilot, lambda: session.sent, 3, "the Nope sent")
    assert session.sent[-1] == ("move", {"do": "play", "by": "ann", "cards": ["nope"],
                                         "answers": {"action": top.serial, "nopes": top.nopes}})


async def test_a_nope_refused_as_the_next_action_comes_is_shown_long_enough_to_read(table3):
    """A Nope pressed at 0.0 s on a lagged bar: its "Too late" came with the next action's
    window, went the instant it showed, and the stranger read nothing at all."""
    from ekpeer.tui.screens.table import NOPE_TOAST_SHOWN

    table = {**table3, "current": "bob",
             "hands": {**table3["hands"], "bob": ["nope", "attack", "shuffle"]}}
    game, rules, events = rigged(table, [{"do": "play", "by": "bob", "cards": ["shuffle"]}])
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("n")
        await until(pilot, lambda: session.sent, 3, "the Nope sent")
        session.push("reply", {"ok": False, "code": "too_late",
                               "message": "Too late: the Nope window had closed"})
        await until(pilot, lambda: "Too late: the Nope window had closed" in said(app), 3, "the refusal")
        shown = time.monotonic()
        game.apply(Move.from_dict({"do": "resolve"}))
        await bob_plays(pilot, app, game, session, "attack")
        if time.monotonic() - shown < NOPE_TOAST_SHOWN - 0.3:
            assert "Too late: the Nope window had closed" in said(app)      # still there to read
        await until(pilot, lambda: "Too late: the Nope window had closed" not in said(app), 3,
                    "the toast gone")
