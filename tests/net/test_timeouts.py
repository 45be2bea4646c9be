"""Ruling 26 on a live host: a move the host makes for a person whose clock ran out is the
move their covering bot would choose (never random, never self-harming); and the first
person whose clock runs out wears the Cone of Shame (seed 001) for the rest of the game."""

from __future__ import annotations

import asyncio

from ekpeer.bots import COVERING
from ekpeer.engine import LIVING, Game
from ekpeer.net.client import Client

from .conftest import events, wait_for

TIMED = {"expansions": ["base"], "reaction_seconds": 0.05, "turn_seconds": 0.8, "grace_seconds": 30.0}


def swap_in(game: Game, player: str, card: str, out: str | None = None) -> None:
    """Give ``player`` a ``card`` from the draw pile (or another hand) for one of theirs
    (``out``, or one that is neither a Defuse nor ``card``), keeping every card at the table."""
    hand = game.hands[player]
    if out is None:
        out = next(c for c in hand if c not in ("defuse", card))
    pile = game.draw_pile.top_first()
    if card in pile:
        depth = pile.index(card)
        game.draw_pile.remove_at(depth)
        game.draw_pile.insert(depth, out)
    else:
        other = next(p for p in game.players if p != player and card in game.hands[p])
        game.hands[other].remove(card)
        game.hands[other].append(out)
    hand.remove(out)
    hand.append(card)


def kitten_on_top(game: Game) -> None:
    pile = game.draw_pile.top_first()
    card, up = game.draw_pile.remove_at(pile.index("exploding_kitten"))
    game.draw_pile.insert(0, card, up)


async def seated(host, ctx, names: list[str], table: str, settings: dict) -> list[Client]:
    """People at a new table (the first sets it up and starts it; bots fill the other seats)."""
    clients = [Client(host.address, n, ctx=ctx, ping_seconds=0.3) for n in names]
    for c in clients:
        await c.connect()
    await clients[0].join(table)
    await clients[0].lobby_set(**settings)
    for c in clients[1:]:
        await c.join(table)
    for c in clients:
        await c.ready()
    await clients[0].start()
    await wait_for(lambda: host.tables[table].game is not None, 5, what="the game")
    return clients


async def closing(clients: list[Client]) -> None:
    for c in clients:
        await c.close()


async def test_a_timed_out_kitten_is_defused_and_put_back_where_the_bot_would(host, ctx):
    clients = await seated(host, ctx, ["ann"], "t1", {**TIMED, "seats": 2, "bots": "random"})
    try:
        table = host.tables["t1"]
        game = table.game
        assert game.current == "ann" and "defuse" in game.hands["ann"]
        defuses = game.hands["ann"].count("defuse")
        kitten_on_top(game)
        await clients[0].move({"do": "draw"})       # then ann lets her clock run out, twice
        await wait_for(lambda: len(events(host, "timed_out")) >= 2, 6, what="two timeouts")
        await wait_for(lambda: not game.awaiting or game.awaiting[0].player != "ann", 3, what="the put-back")
        timed = events(host, "timed_out")
        assert timed[0]["move"]["use"] == "defuse"                  # saved, not "none"
        assert timed[1]["move"]["do"] == "choose" and "position" in timed[1]["move"]
        assert game.status["ann"] == LIVING
        assert game.hands["ann"].count("defuse") == defuses - 1
        # the covering bot (heuristic, though this table fills its seats with random bots)
        # puts the kitten on top for the next player
        assert timed[1]["move"]["position"] == 0
        assert table.seat("ann").bot.kind == COVERING == "heuristic"
        assert not events(host, "bot_error")
    finally:
        await closing(clients)


async def test_a_timed_out_favor_gives_what_the_bot_would_give(host, ctx):
    clients = await seated(host, ctx, ["bob", "ann"], "t2", {**TIMED, "seats": 3, "turn_seconds": 1.5})
    bob = clients[0]
    try:
        table = host.tables["t2"]
        game = table.game
        assert game.current == "bob"
        swap_in(game, "bob", "favor")
        # ann holds her Defuse, a Skip and a Tacocat: the bot gives the least useful card
        hand, keep = game.hands["ann"], ("defuse", "skip", "tacocat")
        for card in ("skip", "tacocat"):
            if card not in hand:
                swap_in(game, "ann", card, out=next(c for c in hand if c not in keep))
        while len(hand) > 3:
            card = next(c for i, c in enumerate(hand) if c not in keep
                        or hand.index(c) != i)
            hand.remove(card)
            game.draw_pile.insert(len(game.draw_pile), card)
        assert sorted(hand) == ["defuse", "skip", "tacocat"]
        await bob.move({"do": "play", "cards": ["favor"], "target": "ann"})
        await wait_for(lambda: events(host, "timed_out"), 6, what="ann's clock to run out")
        timed = events(host, "timed_out")[0]
        assert timed["seat"] == "ann" and timed["move"]["card"] == "tacocat"
        assert sorted(game.hands["ann"]) == ["defuse", "skip"]
        assert "tacocat" in game.hands["bob"]
    finally:
        await closing(clients)


async def test_the_first_person_out_of_time_wears_the_cone_everyone_is_told(host, ctx):
    clients = await seated(host, ctx, ["ann", "bob"], "t3", {**TIMED, "seats": 3, "turn_seconds": 0.5})
    ann, bob = clients
    try:
        table = host.tables["t3"]
        game = table.game
        assert game.current == "ann"
        await wait_for(lambda: table.cone is not None, 5, what="the Cone")
        assert table.cone == "ann"
        assert [r["seat"] for r in events(host, "cone_of_shame")] == ["ann"]

        async def told(client: Client) -> list[tuple[str, dict]]:
            """What bob is told, in order, until the lobby that puts the Cone on someone."""
            said: list[tuple[str, dict]] = []
            while True:
                msg = await client.next_message(5)
                if msg.type == "update":
                    said += [("event", e) for e in msg.body["events"] if e["type"] == "timed_out"]
                if msg.type == "lobby" and msg.body.get("cone"):
                    return [*said, ("lobby", msg.body)]

        said = await asyncio.wait_for(told(bob), 5)
        body = said[-1][1]
        assert body["cone"] == "ann"
        assert [s["name"] for s in body["seats"] if s["cone"]] == ["ann"]
        # the time running out is told first, then the Cone it earned (a log read the shame
        # line before its cause)
        assert [kind for kind, _ in said] == ["event", "lobby"] and said[0][1]["player"] == "ann"
        # later timeouts (bob's, ann's again) leave it where it is
        await wait_for(lambda: {r["seat"] for r in events(host, "timed_out")} >= {"ann", "bob"}, 8,
                       what="bob's clock too")
        assert table.cone == "ann" and len(events(host, "cone_of_shame")) == 1
    finally:
        await closing(clients)


async def test_a_resumed_table_keeps_its_cone(ctx, tmp_path):
    from ekpeer.net.host import Host
    from ekpeer.net.journal import Journal

    from .conftest import free_port
    from .test_resume import _crash

    bind = f"tcp://127.0.0.1:{free_port()}"
    first = Host(bind, ctx=ctx, seed=4, journal=Journal(tmp_path), ping_seconds=0.2)
    await first.start()
    clients = await seated(first, ctx, ["ann"], "t4", {**TIMED, "seats": 2, "turn_seconds": 0.3})
    try:
        table = first.tables["t4"]
        await wait_for(lambda: table.cone == "ann", 5, what="the Cone")
        await wait_for(lambda: '"t":"cone"' in first.journal.path("t4").read_text(), 3, what="the journal")
        await _crash(first)
        again = Host(bind, ctx=ctx, seed=5, journal=Journal(tmp_path))
        again.loop = asyncio.get_running_loop()
        assert again.restore() == ["t4"]
        assert again.tables["t4"].cone == "ann"
        again.tables["t4"].stop()
    finally:
        await closing(clients)


async def test_a_player_whose_connection_was_gone_never_wears_the_cone(host, ctx):
    """Issue 25, item 2.4: the Cone is for a person who was there and let the clock run out;
    ann's connection is gone (her seat waits out its grace) when her clock runs out, so the
    Cone goes to bob, the first one present to let his run out."""
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.3, reconnect=False)
    bob = Client(host.address, "bob", ctx=ctx, ping_seconds=0.3, reconnect=False)
    try:
        for c in (ann, bob):
            await c.connect()
        await ann.join("t5")
        await ann.lobby_set(**{**TIMED, "seats": 2, "turn_seconds": 0.4})
        await bob.join("t5")
        for c in (ann, bob):
            await c.ready()
        table = host.tables["t5"]
        await ann.start()
        await wait_for(lambda: table.game is not None, 5, what="the game")
        first = table.game.current
        gone = table.seat(first)
        await (ann if first == "ann" else bob).close()     # their machine goes quiet (no leave)
        host.drop(gone.session, "idle")          # no word from them: their seat waits (grace 30 s)
        assert gone.session is None and gone.grace is not None
        await wait_for(lambda: {r["seat"] for r in events(host, "timed_out")} == {"ann", "bob"}, 8,
                       what="both clocks run out")
        present = "bob" if first == "ann" else "ann"
        assert table.cone == present, (first, table.cone)
        assert [r["seat"] for r in events(host, "cone_of_shame")] == [present]
    finally:
        await closing([ann, bob])


async def test_a_search_bots_timed_out_turn_is_its_habit_not_a_search_on_the_loop(host, ctx, monkeypatch):
    """A stranger's tables of hard bots on a 0.05 s turn clock froze the whole host for
    seconds at a time: each timed-out bot turn ran a whole search on the event loop, and
    players at other tables were dropped. The timed-out move is the bot's habit, at once."""
    import time

    monkeypatch.setenv("EKPEER_EXPERT_SECONDS", "5")
    settings = {**TIMED, "seats": 3, "bots": "expert", "turn_seconds": 60}
    clients = await seated(host, ctx, ["ann"], "t9", settings)
    try:
        table = host.tables["t9"]
        game = table.game
        bot = next(p for p in game.players if p != "ann")
        assert table.seat(bot).bot_driven
        game.current = bot                      # its turn, as when its clock runs out
        started = time.perf_counter()
        move = table.default_move(bot)
        assert time.perf_counter() - started < 1.0
        assert move is not None and move in game.legal_moves(bot)
        assert table.seat(bot).bot.kind == "expert" and not events(host, "bot_error")
    finally:
        await closing(clients)
