"""Every byte one player receives holds no card of another's hand and no draw-pile order.

The host runs in process so each frame sent to the spy can be checked against the
engine's state at the moment it was sent (matched by the frame's sequence number).
"""

from __future__ import annotations

import asyncio

from ekpeer.net import protocol as P
from ekpeer.net.client import Client
from ekpeer.net.remote_bot import RemoteBot

from .conftest import FAST, keys, string_lists, wait_for

PUBLIC_SEAT_KEYS = {"name", "status", "hand_count", "marked", "in_front", "cursed", "held"}



async def test_capture_of_one_player_leaks_no_secrets(host, ctx):
    host.add_table("sec", {**FAST, "seats": 4, "reaction_seconds": 0.02})
    frames: list[bytes] = []
    truth: dict[int, dict] = {}
    spy = Client(host.address, "spy", ctx=ctx, ping_seconds=0.5, raw_hook=frames.append)
    table = host.tables["sec"]

    def record(session, data):
        if session.seat is None or session.seat.name != "spy" or table.game is None:
            return
        g = table.game
        truth[session.seq] = {
            "others": {p: sorted(g.hands[p]) for p in g.players if p != "spy"},
            "mine": sorted(g.hands["spy"]),
            "pile": list(g.draw_pile.top_first()),
            "hidden": [dict(e) for to, e in g.events if to is not None and "spy" not in to],
        }

    host.send_hook = record
    games = 3
    try:
        await spy.connect()
        bot = RemoteBot(spy, seed=5, games=games, emit=None)
        await bot.join("sec")
        task = asyncio.create_task(bot.run())
        await spy.start()
        await asyncio.wait_for(task, 18)
        await wait_for(lambda: len(frames) >= len(truth), 2, what="every frame to arrive")
    finally:
        await spy.close()
    assert table.games == games
    checked = hidden_seen = 0
    seqs = []
    for data in frames:
        env = P.decode(data, P.MAX_HOST_FRAME, P.MAX_HOST_DEPTH, P.HOST_TYPES)
        seqs.append(env.seq)
        state = truth.get(env.seq)
        body = env.body
        assert not {"hands", "draw_pile", "deck_order", "top_first"} & set(keys(body))
        if state is None or env.type not in ("snapshot", "update"):
            continue
        checked += 1
        view = body["view"]
        assert view["you"] == "spy"
        assert sorted(view["hand"]) == state["mine"]
        for seat in view["players"]:
            assert set(seat) <= PUBLIC_SEAT_KEYS, seat
        pile = state["pile"]
        for path, strings in string_lists(body):
            if path and path[-1] in ("hand", "discard"):
                continue
            for name, hand in state["others"].items():
                if len(hand) >= 2 and sorted(strings) == hand and hand != state["mine"]:
                    raise AssertionError(f"{name}'s hand appears at {path}: {strings}")
            if len(strings) >= 4:
                for i in range(len(pile) - len(strings) + 1):
                    assert pile[i:i + len(strings)] != strings, f"draw pile order at {path}"
        for event in state["hidden"]:            # events the engine addressed to others only
            assert event not in body["events"], event
        hidden_seen += len(state["hidden"])
    assert seqs == list(range(1, len(seqs) + 1)), "every frame arrived, in order"
    assert checked > 30 and hidden_seen > 5
