"""A question the host withdraws (its clock ran out and the covering bot answered, ruling 26)
closes at once, and an answer pressed in the same instant is dropped: it neither crashes the
client nor closes the screen that came next (found by the LAN-evening tmux test)."""

from __future__ import annotations

import copy

from ekpeer.engine import Move
from ekpeer.tui.screens.save import SaveScreen
from ekpeer.tui.screens.table import TableScreen

from .conftest import rigged, scripted_app, settle, snapshot_of

KITTEN = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["exploding_kitten", "tacocat", "skip"],
          "hands": {"ann": ["skip", "defuse"], "bob": ["nope"]}}


def asked_then_answered():
    """ann must save herself; then the host's update once the clock chose for her."""
    game, rules, ev = rigged(KITTEN, [{"do": "draw", "by": "ann"}])
    asked = snapshot_of(game, rules, "ann", ev)
    game.apply(Move.from_dict({"do": "choose", "by": "ann", "use": "defuse"}))
    game.apply(Move.from_dict({"do": "choose", "by": "ann", "position": 0}))
    done = copy.deepcopy(snapshot_of(game, rules, "ann")["body"])
    return asked, {"type": "update", "body": {"view": done["view"], "events": []}}


async def test_a_late_answer_to_a_withdrawn_question_is_dropped():
    asked, answered = asked_then_answered()
    app, session = scripted_app([asked])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        question = app.screen
        assert isinstance(question, SaveScreen)
        session.queue.put_nowait(answered)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        question.dismiss("defuse")             # Enter pressed as the clock ran out
        question.action_cancel()
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.is_running
        assert [m for kind, m in session.sent if kind == "move"] == []
