"""Leak audit: full games of every plugin combination over real (CurveZMQ) sockets.

Each frame a player receives is checked against the engine's state at the moment the
host sent it (``Host.send_hook``): the player's own hand only, no other hand, no run of
the hidden draw pile, no event addressed to someone else (See the Future, a Favor's
card, Clairvoyance...), ``seen`` only what this player was shown, and at a custom-deck
table nobody else's picks.
"""

from __future__ import annotations

import asyncio

import pytest

from ekpeer.net import protocol as P
from ekpeer.net.client import Client
from ekpeer.net.remote_bot import RemoteBot
from ekpeer.plugins import installed

from .conftest import keys, string_lists

PUBLIC_SEAT_KEYS = {"name", "status", "hand_count", "marked", "in_front", "cursed", "held"}
SECRET_KEYS = {"hands", "draw_pile", "deck_order", "top_first", "origin", "rng"}
NAMES = ["ann", "bob", "cat"]


def _combos() -> list[tuple[str, list[str], str | None]]:
    have = sorted(installed())
    out = [("base", ["base"], None)]
    for name in have:
        if name != "base":
            out.append((name, ["base", name], "party_pack" if name == "party" else None))
    rest = [n for n in have if n != "base"]
    out.append(("all", ["base", *rest], "party_pack" if "party" in have else None))
    return out



async def _audit(host, ctx, table_id: str, settings: dict, picks: dict | None = None) -> int:
    table = host.add_table(table_id, settings, autostart=False)
    frames: dict[str, list[bytes]] = {n: [] for n in NAMES}
    truth: dict[tuple[str, int], dict] = {}
    origins: list[dict] = []

    def record(session, data):
        seat = session.seat
        if seat is None or session.table is not table:
            return
        g = table.game
        state = {"lobby_only": g is None or table.phase == "lobby"}
        if g is not None:
            origins.append(g.origin)
            me = seat.name
            state.update({
                "mine": sorted(g.hands[me]),
                "others": {p: sorted(g.hands[p]) for p in g.players if p != me},
                "pile": list(g.draw_pile.top_first()),
                "seen": list(g.seen.get(me, [])),
                "hidden": [dict(e) for to, e in g.events if to is not None and me not in to],
            })
        truth[(seat.name, session.seq)] = state

    host.send_hook = record
    clients, tasks = [], []
    try:
        for i, name in enumerate(NAMES):
            c = Client(host.address, name, ctx=ctx, ping_seconds=0.5,
                       raw_hook=lambda data, n=name: frames[n].append(data))
            await c.connect()
            bot = RemoteBot(c, seed=i, emit=None)
            await bot.join(table_id)
            if picks is not None:
                await c.ready(True, picks=picks[name])
            clients.append(c)
            tasks.append(asyncio.create_task(bot.run()))
        await clients[0].start()
        await asyncio.wait_for(asyncio.gather(*tasks), 25)
    finally:
        host.send_hook = None
        for c in clients:
            await c.close()
    assert table.games == 1
    if picks is not None:
        assert origins[0]["options"]["custom"]["picks"] == picks, "the picks made the deck"
    checked = 0
    for name in NAMES:
        seqs = []
        for data in frames[name]:
            env = P.decode(data, P.MAX_HOST_FRAME, P.MAX_HOST_DEPTH, P.HOST_TYPES)
            seqs.append(env.seq)
            body = env.body
            assert not SECRET_KEYS & set(keys(body)), (name, env.type)
            if env.type == "lobby":
                custom = ((body.get("settings") or {}).get("options") or {}).get("custom") or {}
                assert set(custom.get("picks", {})) <= {name}, f"{name} sees others' picks: {custom}"
                assert body["settings"].get("password") in (False, True)
            state = truth.get((name, env.seq))
            if state is None or env.type not in ("snapshot", "update") or "mine" not in state:
                continue
            checked += 1
            view = body["view"]
            assert view["you"] == name
            assert sorted(view["hand"]) == state["mine"]
            assert list(view.get("seen", [])) == state["seen"], "seen is only what this player was shown"
            for seat in view["players"]:
                assert set(seat) <= PUBLIC_SEAT_KEYS, seat
            for path, strings in string_lists(body):
                if path and path[-1] in ("hand", "discard", "seen"):
                    continue
                for other, hand in state["others"].items():
                    if len(hand) >= 2 and sorted(strings) == hand and hand != state["mine"]:
                        raise AssertionError(f"{other}'s hand reaches {name} at {path}: {strings}")
                pile = state["pile"]
                if len(strings) >= 3 and strings != state["seen"][:len(strings)]:
                    for i in range(len(pile) - len(strings) + 1):
                        assert pile[i:i + len(strings)] != strings, f"pile order reaches {name} at {path}"
            for event in state["hidden"]:
                assert event not in body["events"], f"{name} got an event for others: {event}"
        assert seqs == list(range(1, len(seqs) + 1))
    return checked


@pytest.mark.parametrize("label,plugins,deck", _combos(), ids=[c[0] for c in _combos()])
async def test_no_secret_reaches_another_player(host, ctx, label, plugins, deck):
    settings = {"expansions": plugins, "seats": 4, "reaction_seconds": 0.02, "turn_seconds": 3.0,
                "grace_seconds": 5.0}
    if deck:
        settings["deck"] = deck
    checked = await _audit(host, ctx, f"leak-{label}", settings)
    assert checked > 20


@pytest.mark.skipif("party" not in installed() or "streaking" not in installed(), reason="needs party")
async def test_custom_deck_picks_stay_with_their_picker(host, ctx):
    settings = {"expansions": ["base", "streaking", "party"], "deck": "party_pack", "seats": 4,
                "reaction_seconds": 0.02, "turn_seconds": 3.0, "grace_seconds": 5.0,
                "options": {"custom": {"pile_picks": 2, "hand_picks": 2, "random_cards": 12}}}
    picks = {"ann": {"pile": ["nope", "skip"], "hand": ["attack"]},
             "bob": {"pile": ["shuffle"], "hand": ["see_the_future", "favor"]},
             "cat": {"pile": [], "hand": ["skip"]}}
    checked = await _audit(host, ctx, "leak-custom", settings, picks)
    assert checked > 20
