"""What a move's update carries: each seat's own view (its public part encoded once for all),
its events, and the timer the move (re)started, in one frame."""

from __future__ import annotations

from ekpeer.engine import player_view
from ekpeer.net import protocol as P
from ekpeer.net.client import Client
from ekpeer.net.host import Session

from .conftest import FAST, socketless_host


async def test_update_views_equal_player_view_and_carry_the_timer():
    host = socketless_host(seed=3)          # frames are seen through send_hook
    sent: list[tuple[Session, P.Envelope]] = []
    host.send_hook = lambda s, data: sent.append((s, P.decode(data, P.MAX_HOST_FRAME, P.MAX_HOST_DEPTH,
                                                                P.HOST_TYPES)))
    table = host.add_table("t", {**FAST, "seats": 3})
    sessions = [Session(bytes([i]), last_seen=0, tokens=100, stamp=0) for i in range(3)]
    for i, s in enumerate(sessions):
        table.join(s, f"p{i}", None, False)
    for s in sessions:
        table.set_ready(s, True)
    game = table.game
    try:
        for _ in range(6):
            who = game.waiting_for()[0] if game.awaiting else game.current
            mover = next(s for s in sessions if s.seat.name == who)
            move = next((m for m in game.legal_moves(who) if m.do == "draw"), game.legal_moves(who)[0])
            sent.clear()
            assert table.apply(mover.seat, move, re=7, session=mover) is None
            if game.over:
                break
            updates = [(s, e) for s, e in sent if e.type == "update"]
            assert [s for s, _ in updates][0] is mover and updates[0][1].re == 7
            assert {s.seat.name for s, _ in updates} == {"p0", "p1", "p2"}
            for s, env in updates:
                assert env.body["view"] == player_view(game, s.seat.name)
                assert env.body["timer"] == table.timer_info
            assert not [e for _, e in sent if e.type == "timer"]      # folded into the updates
            if game.stack:
                table.on_reaction_timeout(table.gen)
    finally:
        table.cancel_all()


async def test_client_hands_the_folded_timer_on_as_a_timer_message(host, ctx):
    a = Client(host.address, "ann", ctx=ctx)
    b = Client(host.address, "bob", ctx=ctx)
    try:
        await a.connect()
        await b.connect()
        await a.join("u")
        await a.lobby_set(**{**FAST, "seats": 2})
        await b.join("u")
        await b.ready()
        await a.ready()
        await a.start()
        kinds = []
        while "snapshot" not in kinds:
            kinds.append((await a.next_message(3)).type)
        table = host.tables["u"]
        who = a if table.game.current == "ann" else b
        await who.move({"do": "draw"})
        got = [await who.next_message(3)]
        while got[-1].type != "update" or got[-1].re is None:
            got.append(await who.next_message(3))
        update, timer = got[-1], await who.next_message(3)
        assert timer.type == "timer" and timer.body == update.body["timer"]
    finally:
        await a.close()
        await b.close()
