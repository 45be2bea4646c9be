"""A game that ends while its people are disconnected: their seats wait the grace period, as
during the game, before the table goes back to an empty lobby. (The soak found it: both
players of a table dropped a moment before the last move, the table emptied itself at once,
and the one back 0.3 s later had no seat, while the other had started a new game without her.)"""

from __future__ import annotations

import asyncio

from ekpeer.net.host import Session

from .conftest import FAST, socketless_host


def _table(grace: float):
    host = socketless_host(seed=5)
    table = host.add_table("t", {**FAST, "seats": 3, "grace_seconds": grace})
    ann, bob = (Session(bytes([i]), last_seen=0, tokens=100, stamp=0) for i in range(2))
    tokens = {}
    for s, name in ((ann, "ann"), (bob, "bob")):
        tokens[name] = table.join(s, name, None, False)["token"]
        table.set_ready(s, True)
    table.request_start(ann)            # a host bot fills the third seat
    assert table.phase == "playing"
    return host, table, tokens


def _ended_with_nobody_here(grace: float):
    """A table whose two people dropped before its game ended (the host played every seat
    to the end): the table, and the people's tokens."""
    _, table, tokens = _table(grace)
    for seat in table.connected():
        table.seat_gone(seat, "unreachable")
    game = table.game
    for _ in range(5000):
        if game.over:
            break
        if game.stack and not game.awaiting:
            table.on_reaction_timeout(table.gen)
            continue
        who = game.waiting_for()[0] if game.awaiting else game.current
        moves = game.legal_moves(who)
        move = next((m for m in moves if m.do == "draw"), moves[0])
        assert table.apply(table.seat(who), move) is None
    assert game.over
    return table, tokens


def _stop(table) -> None:
    table.cancel_seat_timers()
    table.cancel_all()


async def test_a_person_back_within_grace_after_the_game_ended_has_their_seat():
    table, tokens = _ended_with_nobody_here(grace=5.0)
    try:
        # nobody is connected, but both may still come back: the finished table stays
        assert table.phase == "over" and {s.name for s in table.seats} >= {"ann", "bob"}
        back = Session(b"\x09", last_seen=0, tokens=100, stamp=0)
        reply = table.join(back, "ann", tokens["ann"], False)
        assert reply["resumed"] and reply["seat"] == "ann"
        table.request_rematch(back)         # the one here asks: the next game is dealt
        assert table.phase == "playing" and [s.name for s in table.seats][:2] == ["ann", "bob"]
    finally:
        _stop(table)


async def test_the_table_empties_once_the_grace_period_ends_with_nobody_back():
    table, _ = _ended_with_nobody_here(grace=0.2)
    try:
        for _ in range(100):
            if table.phase == "lobby":
                break
            await asyncio.sleep(0.02)
        assert table.phase == "lobby" and table.seats == []
    finally:
        _stop(table)
