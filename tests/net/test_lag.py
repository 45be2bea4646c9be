"""A player on a lagged link (a stranger's 250 ms each way): their clocks end when the host's
do, never a trip later, and a move that comes in just after its clock ran out is refused as
too late, not as a move that makes no sense ("there is no action to Nope")."""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest
import zmq

from ekpeer.engine import IllegalMove
from ekpeer.net.client import Client
from ekpeer.net.late_moves import LATE_SECONDS, RanOut, late_refusal

from .conftest import events, wait_for
from .test_timeouts import closing, seated, swap_in

LAG = 0.25      # seconds each way


class Lagged(Client):
    """A client whose frames take :data:`LAG` seconds each way (both directions held back here)."""

    def _send(self, frame: bytes) -> None:
        sock = self.sock
        if sock is None:
            raise ConnectionError("not connected")
        asyncio.get_running_loop().call_later(LAG, self._sent_late, sock, frame)

    def _sent_late(self, sock: zmq.Socket, frame: bytes) -> None:
        if sock is self.sock:
            with contextlib.suppress(zmq.ZMQError):
                sock.send(frame, zmq.DONTWAIT)
            self._on_readable(sock)

    def _on_readable(self, sock: zmq.Socket) -> None:
        if sock is not self.sock:
            return
        got: list[bytes] = []
        with contextlib.suppress(zmq.ZMQError):
            while sock.getsockopt(zmq.EVENTS) & zmq.POLLIN:
                got.append(sock.recv(zmq.DONTWAIT))
        if got:
            asyncio.get_running_loop().call_later(LAG, self._arrived, sock, got)

    def _arrived(self, sock: zmq.Socket, got: list[bytes]) -> None:
        if sock is not self.sock:
            return
        self._frames.extend(got)
        waiter = self._frames_come
        if waiter is not None and not waiter.done():
            waiter.set_result(None)


async def lagged_table(host, ctx, table: str, kind: type[Client]):
    """ann (unlagged) and bob (a ``kind`` of :class:`Lagged`) at a started two-seat ``table``,
    with the clocks bob is told: (arrival here, ``remaining``, the host's deadline) each."""
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.3)
    loop = asyncio.get_running_loop()
    seen: list[tuple[float, float, float]] = []

    def clock(msg) -> None:
        if msg.type == "timer" and table in host.tables:
            seen.append((loop.time(), float(msg.body["remaining"]), host.tables[table].timer_ends))

    bob = kind(host.address, "bob", ctx=ctx, ping_seconds=0.3, on_message=clock)
    try:
        await ann.connect()
        await bob.connect()
        await ann.join(table)
        await ann.lobby_set(expansions=["base"], seats=2, turn_seconds=20.0, reaction_seconds=0.5)
        await bob.join(table)
        await ann.ready()
        await bob.ready()
        await ann.start()
        started = await wait_for(lambda: host.tables[table].game and host.tables[table], 5, what="the game")
    except BaseException:
        await closing([ann, bob])
        raise
    return ann, bob, started, seen


async def test_a_lagged_players_clock_ends_when_the_hosts_does(host, ctx):
    ann, bob, table, seen = await lagged_table(host, ctx, "t", Lagged)
    try:
        await asyncio.sleep(0.8)        # a few of bob's pings go and come back
        assert table.game.current == "ann"
        seen.clear()
        await ann.move({"do": "draw"})      # bob's turn: his clock comes in an update, LAG late
        await wait_for(lambda: seen, 3, what="bob's clock")
        arrived, remaining, deadline = seen[-1]
        assert arrived - time.monotonic() < 0.01 and deadline > arrived
        # the deadline bob's screen counts down to is the host's (give or take the loop's
        # turns), never a trip later: unlagged, it was 0.25 s after the host's
        assert arrived + remaining <= deadline + 0.03, (arrived + remaining - deadline)
        assert arrived + remaining >= deadline - 0.1
        assert LAG * 0.9 <= bob.delay < LAG * 1.5      # half bob's round trip, said beside it
        assert seen[-1][1] <= 20.0 - LAG * 0.9
    finally:
        await closing([ann, bob])


HANDSHAKE = 1.5     # seconds more for the first frame of a fresh socket (connecting, CurveZMQ)


class Reconnecting(Lagged):
    """:class:`Lagged`, and a fresh socket's first frame (the hello) waits for its handshake:
    over a stranger's relay a reconnect's hello took 2 s where a ping took 0.5 s."""

    _sent_on: zmq.Socket | None = None

    def _send(self, frame: bytes) -> None:
        sock = self.sock
        if sock is None or sock is self._sent_on:
            super()._send(frame)
            return
        self._sent_on = sock
        asyncio.get_running_loop().call_later(LAG + HANDSHAKE, self._sent_late, sock, frame)


async def test_a_reconnected_players_clock_still_ends_when_the_hosts_does(host, ctx):
    """A reconnect's hello timed the handshake with the trip: bob's clocks ran a second short
    (17.3 s where the host said 18.3 s) until the hello's trip was out of the last five."""
    ann, bob, table, seen = await lagged_table(host, ctx, "r", Reconnecting)
    try:
        await asyncio.sleep(0.8)
        await bob.reconnect()
        assert bob.reconnects == 1 and table.seats[1].session is not None
        await asyncio.sleep(0.8)        # a few of bob's pings on the fresh socket go and come back
        assert table.game.current == "ann"
        seen.clear()
        await ann.move({"do": "draw"})
        await wait_for(lambda: seen, 3, what="bob's clock")
        arrived, remaining, deadline = seen[-1]
        assert LAG * 0.9 <= bob.delay < LAG * 1.5, bob.delay
        assert arrived + remaining <= deadline + 0.03, (arrived + remaining - deadline)
        assert arrived + remaining >= deadline - 0.1, (arrived + remaining - deadline)
    finally:
        await closing([ann, bob])


async def test_a_nope_that_comes_after_the_window_closed_is_said_too_late(host, ctx):
    clients = await seated(host, ctx, ["ann", "bob"], "n1",
                           {"expansions": ["base"], "seats": 2, "reaction_seconds": 0.1,
                            "turn_seconds": 20.0, "grace_seconds": 30.0})
    ann, bob = clients
    dane = Client(host.address, "bob", ctx=ctx, ping_seconds=0.3, lang="da")
    try:
        game = host.tables["n1"].game
        assert game.current == "ann"
        swap_in(game, "ann", "shuffle")
        swap_in(game, "bob", "nope")
        swap_in(game, "bob", "nope")
        await ann.move({"do": "play", "cards": ["shuffle"]})
        await wait_for(lambda: not game.stack, 3, what="the window to close")
        late = await bob.move({"do": "play", "cards": ["nope"]}, check=False)
        assert late["ok"] is False and late["code"] == "too_late", late
        assert late["message"] == "Too late: the Nope window had closed"
        # in Danish, from bob's key coming back in Danish (the same seat, by its name)
        await dane.connect()
        await dane.join("n1")
        late = await dane.move({"do": "play", "cards": ["nope"]}, check=False)
        assert late["code"] == "too_late" and late["message"].startswith("For sent"), late
    finally:
        await closing([ann, bob, dane])


async def test_a_draw_that_comes_after_the_turns_clock_ran_out_is_said_too_late(host, ctx):
    clients = await seated(host, ctx, ["ann", "bob"], "d1",
                           {"expansions": ["base"], "seats": 2, "reaction_seconds": 0.1,
                            "turn_seconds": 0.6, "grace_seconds": 30.0})
    ann, _bob = clients
    try:
        game = host.tables["d1"].game
        assert game.current == "ann"
        await wait_for(lambda: events(host, "timed_out"), 3, what="ann's clock to run out")
        late = await ann.move({"do": "draw"}, check=False)
        assert late["ok"] is False and late["code"] == "too_late", late
        assert "your clock had run out" in late["message"]
    finally:
        await closing(clients)


def test_only_just_after_a_clock_ran_out_and_only_for_whose_clock_it_was():
    nothing = IllegalMove("nothing_to_nope", "there is no action to Nope")
    turn = IllegalMove("not_your_turn", "it is {player}'s turn", player="bob")
    window = RanOut("reaction", 100.0)
    assert late_refusal(window, "bob", nothing, True, 100.5).code == "too_late"
    assert late_refusal(window, "bob", nothing, True, 100.0 + LATE_SECONDS + 0.1) is nothing
    assert late_refusal(None, "bob", nothing, True, 100.5) is nothing
    clock = RanOut("turn", 100.0, {"ann"})
    assert late_refusal(clock, "ann", turn, False, 100.5).code == "too_late"
    assert late_refusal(clock, "carl", turn, False, 100.5) is turn      # not carl's clock
    assert late_refusal(clock, "ann", nothing, True, 100.5).code == "too_late"


def test_one_stalled_ping_does_not_cut_the_next_clocks_short():
    """A lossy LAN link held a ping back 2 s (and the one after it 1 s): the longest of the last
    five trips made every clock of the next five seconds end a second early. A stall is left
    out; a steadily lagged link's trips all count, the longest of them as before."""
    bob = Client("inproc://lagged", "bob", known_hosts=None)
    steady = [0.50, 0.52, 0.49, 0.51]
    bob._round_trips.extend([*steady, 2.0])
    assert bob.delay == pytest.approx(0.26)     # half the longest steady trip, not 1 s
    bob._round_trips.extend([0.002, 0.003, 2.0, 1.0, 0.002])   # a LAN: both stalled pings out
    assert bob.delay == pytest.approx(0.0015)
    bob._round_trips.extend([0.50, 0.62, 0.55, 0.48, 0.70])    # jitter on a lagged link: all count
    assert bob.delay == pytest.approx(0.35)
    bob._round_trips.extend([0.5, 0.5, 1.4, 1.5, 1.4])     # the link grew slower: most trips say so
    assert bob.delay == pytest.approx(0.75)
    bob._round_trips.clear()
    bob._round_trips.extend([0.5, 2.0])     # too few to tell a stall: the longest, the safe side
    assert bob.delay == pytest.approx(1.0)


async def test_a_steadily_lagged_host_is_never_said_to_be_late(host, ctx):
    """A ping a second, answered 0.5 s later: the host is silent up to 1.7 s between frames,
    and never late for that (the table's "No word from the host" would flicker on and off)."""
    bob = Lagged(host.address, "bob", ctx=ctx, ping_seconds=1.0)
    try:
        await bob.connect()
        loop = asyncio.get_running_loop()
        end, said = loop.time() + 3.5, []
        while loop.time() < end:
            said.append(bob.unheard_for())
            await asyncio.sleep(0.05)
        assert bob._round_trips and not any(said), max(said)
    finally:
        await closing([bob])
