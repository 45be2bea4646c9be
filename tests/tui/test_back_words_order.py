"""How the seat came back is said before what the host told meanwhile. A resumed host's lobby
(another seat gone) and snapshot (moves a bot made for us) come before the client library's
word on our return: a stranger read "bob lost connection" above "The host was gone for 21 s",
and "Your connection to the host dropped" below the moves a bot had made for them. The Textual
client under Pilot, its host scripted."""

from __future__ import annotations

import re

from .conftest import rigged, scripted_app, settle, snapshot_of
from .test_lan_evening import ALL_HERE, lobby

GONE = re.compile(r"The host was gone for \d+ s; you are back in your seat")
BOB_GONE = {**ALL_HERE, "bob": {"state": "gone", "gone_seconds": 0.5, "grace_left": 29.5}}


def _index(lines: list[str], match) -> int:
    return next(i for i, line in enumerate(lines) if match(line))


async def test_the_host_back_is_said_before_a_seat_it_lost_meanwhile(table3):
    game, rules, events = rigged(table3)
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("connection", {"state": "lost", "reason": "host silent", "silent_seconds": 3.5})
        await settle(pilot, 4)
        session.queue.put_nowait(lobby(BOB_GONE))       # the resumed host: bob not back yet
        session.queue.put_nowait(snapshot_of(game, rules, "ann", events))
        session.push("connection", {"state": "back", "attempts": 3, "restarted": True})
        await settle(pilot, 8)
        lines = [str(line) for line in app.log_lines]
        back = _index(lines, GONE.search)
        lost = _index(lines, lambda line: line.startswith("bob lost connection"))
        assert back < lost, lines


async def test_our_own_drop_is_said_before_the_moves_a_bot_made_for_us(table3):
    game, rules, events = rigged(table3)
    later, _, more = rigged(table3, [{"do": "draw", "by": "ann"}])
    app, session = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        before = len(app.log_lines)
        # a reset of a second: no banner; the host saw the drop, and a bot drew for ann
        session.queue.put_nowait(snapshot_of(later, rules, "ann", more))
        session.push("connection", {"state": "rejoined", "reason": "host forgot us", "away": 2.0,
                                    "bot_played": True})
        await settle(pilot, 8)
        lines = [str(line) for line in app.log_lines][before:]
        assert len(lines) >= 3, lines
        assert lines[0].startswith("Your connection to the host dropped; back after 2 s"), lines
        assert lines[-1].startswith("You are back in your seat: a bot played it"), lines
