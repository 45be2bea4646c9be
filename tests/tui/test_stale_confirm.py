"""A question the table asks once more before a move closes, said why, once the move no
longer holds: ann's "Draw a kitten?" stayed open after her clock ran out and the host drew
for her, a "Reaction" bar running under it."""

from __future__ import annotations

import copy

from ekpeer.engine import Move
from ekpeer.tui.screens.confirm import ConfirmScreen
from ekpeer.tui.screens.save import SaveScreen
from ekpeer.tui.screens.table import TableScreen

from .conftest import rigged, scripted_app, settle, snapshot_of, until


def kitten_seen_then_drawn_for_her():
    """ann saw the kitten on top, a Skip in hand; then the host's update once it drew for her."""
    table = {"players": ["ann", "bob", "cy"], "current": "ann",
             "draw_pile": ["exploding_kitten", "tacocat", "beard_cat"],
             "hands": {"ann": ["see_the_future", "skip"], "bob": ["cattermelon"], "cy": ["tacocat"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "ann", "cards": ["see_the_future"]},
                                     {"do": "resolve"}])
    asked = snapshot_of(game, rules, "ann", ev)
    game.apply(Move.from_dict({"do": "draw", "by": "ann"}))
    done = copy.deepcopy(snapshot_of(game, rules, "ann")["body"])
    return asked, {"type": "update", "body": {"view": done["view"], "events": []}}


def said(app, words: str) -> bool:
    return any(words in str(n.message) for n in app._notifications)


async def test_draw_a_kitten_closes_once_the_host_drew_for_you():
    asked, drawn = kitten_seen_then_drawn_for_her()
    app, session = scripted_app([asked])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("d")
        await settle(pilot)
        question = app.screen
        assert isinstance(question, ConfirmScreen), question
        session.queue.put_nowait(drawn)
        await until(pilot, lambda: isinstance(app.screen, TableScreen), 3, "the question closed")
        await until(pilot, lambda: said(app, "Draw a kitten? closed: your turn is over."), 3, "the word why",
                    said=lambda: str([str(n.message) for n in app._notifications]))
        await pilot.press("y")          # the y meant for the closed question draws nothing
        await settle(pilot)
        assert [m for kind, m in session.sent if kind == "move"] == []


async def test_draw_a_kitten_stays_while_the_table_is_as_it_asked():
    asked, _drawn = kitten_seen_then_drawn_for_her()
    app, session = scripted_app([asked])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("d")
        await settle(pilot)
        session.queue.put_nowait(copy.deepcopy({"type": "update", "body": {
            "view": asked["body"]["view"], "events": []}}))
        await settle(pilot, 4)
        assert isinstance(app.screen, ConfirmScreen)


async def test_explode_anyway_asked_over_a_decision_closes_with_it_said_why():
    """"Explode anyway?" over the Defuse question: the host chose for you, and both close."""
    from .test_withdrawn_dialogs import asked_then_answered

    asked, answered = asked_then_answered()
    app, session = scripted_app([asked])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, SaveScreen)
        app.screen.answer_once_more(None, "Explode anyway?", "sure?", "yes", "no")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        session.queue.put_nowait(answered)
        await until(pilot, lambda: isinstance(app.screen, TableScreen), 3, "both closed")
        # the toast is a message of its own: on a busy machine it comes after the table shows
        await until(pilot, lambda: said(app, "Explode anyway? closed: the host no longer asks that choice."),
                    3, "the word why")


async def test_d_on_anothers_turn_with_the_host_gone_says_first_it_is_not_your_turn(table3):
    """"The host is not answering: you cannot draw now" on bob's turn: the truer reason is
    that it is not ann's turn, host or no host."""
    game, rules, events = rigged(dict(table3, current="bob"))
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("connection", {"state": "lost", "reason": "host silent"})
        await settle(pilot, 4)
        await pilot.press("escape")     # the host-gone dialog folds to the table's top line
        await settle(pilot, 4)
        assert app.screen is app.table_screen
        await pilot.press("d")
        await settle(pilot, 4)
        said = [str(n.message) for n in app._notifications]
        assert "It is not your turn, and the host is not answering (h: leave or quit)." in said, said
