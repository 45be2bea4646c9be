# ruff: noqa: E501  (tables of malformed messages read best one case a line)
"""Hostile input against a live host: malformed forms of every message type, and fuzzing.

The host runs in a thread with its own event loop; the test talks to it over a real
CurveZMQ socket. Every frame must get an answer or be ignored, never raise out of the
host's loop (no ``handler_error``), and the host must keep serving.
"""

from __future__ import annotations

import asyncio
import threading
import time

import msgpack
import pytest
import zmq
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ekpeer.net import protocol as P
from ekpeer.net import security
from ekpeer.net.host import Host

from .conftest import FAST


class ThreadHost:
    def __init__(self) -> None:
        self.records: list[dict] = []
        self.ready = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.ctx = zmq.asyncio.Context()
        self.host = Host("tcp://127.0.0.1:0", ctx=self.ctx, log=self.records.append, rate=1e6, burst=1e6,
                         seed=1, idle_seconds=60.0, hello_seconds=60.0)
        self.host.add_table("t", {**FAST, "seats": 2})
        self.loop.run_until_complete(self.host.start())
        self.ready.set()
        self.loop.run_forever()

    def call(self, fn, *args):
        done = threading.Event()
        out = {}

        def run():
            out["v"] = fn(*args)
            done.set()

        self.loop.call_soon_threadsafe(run)
        assert done.wait(5)
        return out["v"]

    def stop(self) -> None:
        fut = asyncio.run_coroutine_threadsafe(self.host.close(), self.loop)
        fut.result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.ctx.destroy(0)


@pytest.fixture(scope="module")
def live():
    th = ThreadHost()
    yield th
    th.stop()


class Peer:
    def __init__(self, address: str) -> None:
        self.ctx = zmq.Context()
        endpoint, key = security.split_address(address)
        self.sock = self.ctx.socket(zmq.DEALER)
        self.sock.setsockopt(zmq.LINGER, 0)
        security.secure_client(self.sock, key, zmq.curve_keypair())
        self.sock.connect(endpoint)
        self.ids = 0
        assert self.request("hello", {"versions": list(P.SUPPORTED)})["ok"]   # as every client does

    def send(self, data: bytes) -> None:
        self.sock.send(data)

    def recv(self, timeout: float = 2.0) -> P.Envelope | None:
        if not self.sock.poll(int(timeout * 1000)):
            return None
        return P.decode(self.sock.recv(), P.MAX_HOST_FRAME, P.MAX_HOST_DEPTH, P.HOST_TYPES)

    def reply_to(self, data: bytes, timeout: float = 2.0, re: int | None = None) -> dict | None:
        while self.sock.poll(0):            # whatever came before belongs to earlier frames
            self.sock.recv()
        self.send(data)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            env = self.recv(deadline - time.monotonic())
            if env is None:
                return None
            if env.type == "reply" and (re is None or env.re == re):
                return env.body
        return None

    def request(self, type_: str, body) -> dict | None:
        self.ids += 1
        return self.reply_to(msgpack.packb({"v": 1, "type": type_, "id": self.ids, "body": body},
                                           use_bin_type=True), re=self.ids)

    def close(self) -> None:
        self.sock.close(0)
        self.ctx.term()


@pytest.fixture
def peer(live):
    p = Peer(live.host.address)
    yield p
    p.close()


def _no_errors(live: ThreadHost) -> None:
    bad = [r for r in live.records if r["event"] == "handler_error"]
    assert not bad, bad[:3]


# --------------------------------------------------------------------------- malformed forms
LONG = "x" * 200
MALFORMED: dict[str, list[tuple[dict, str]]] = {
    "hello": [({}, "bad_message"), ({"versions": "1"}, "bad_message"), ({"versions": [1.5]}, "bad_message"),
              ({"versions": [1] * 17}, "bad_message"), ({"versions": [9]}, "bad_version"),
              ({"versions": [1], "name": 5}, "bad_message"), ({"versions": [1], "name": LONG}, "bad_message"),
              ({"versions": [1], "token": "\x00"}, "bad_message"), ({"versions": [1], "name": "  "}, "bad_message")],
    "join": [({}, "bad_message"), ({"table": 1}, "bad_message"), ({"table": LONG}, "bad_message"),
             ({"table": "t", "name": "\n"}, "bad_message"), ({"table": "t", "spectator": "yes"}, "bad_message"),
             ({"table": "t", "token": LONG}, "bad_message"), ({"table": "t", "password": 3}, "bad_message"),
             ({"table": "t"}, "bad_message"), ({"table": "t", "token": "forged"}, "bad_token"),
             ({"table": "nope", "token": "forged"}, "no_table")],
    "lobby_set": [({}, "bad_message"), ({"settings": []}, "bad_message"), ({"settings": {"seats": 99}}, "not_joined")],
    "ready": [({"ready": "yes"}, "bad_message"), ({"picks": "x"}, "bad_message"), ({}, "not_joined")],
    "start": [({}, "not_joined")],
    "move": [({}, "bad_message"), ({"move": "draw"}, "bad_message"), ({"move": {"do": "draw"}}, "not_joined")],
    "rematch": [({}, "not_joined")],
    "leave": [({}, "not_joined")],
    "ping": [],
}
SEATED: dict[str, list[tuple[dict, str]]] = {
    "lobby_set": [({"settings": {"seats": 99}}, "not_creator")],
    "ready": [({"picks": {"pile": ["nope"]}}, "bad_settings"), ({"picks": {"pile": "nope"}}, "bad_settings")],
    "start": [({}, "not_ready")],
    "move": [({"move": {"do": "fly"}}, "bad_move"), ({"move": {"do": "draw", "cards": 7}}, "bad_move"),
             ({"move": {"do": "play", "cards": [LONG] * 3}}, "bad_move"),    # too long to name (security.md §4)
             ({"move": {"do": "play", "cards": ["skip"]}}, "not_playing"),
             ({"move": {"do": "resolve"}}, "host_only"), ({"move": {"do": "choose", "position": "top"}}, "bad_move")],
    "rematch": [({}, "not_over")],
}


def test_every_message_type_has_its_malformed_forms_covered():
    assert set(MALFORMED) == set(P.CLIENT_TYPES)
    for type_, cases in MALFORMED.items():
        assert cases or type_ == "ping"


@pytest.mark.parametrize("type_", P.CLIENT_TYPES)
def test_malformed_forms_of_each_message_type(live, peer, type_):
    for body, code in MALFORMED[type_]:
        reply = peer.request(type_, body)
        assert reply is not None and reply["ok"] is False and reply["code"] == code, (type_, body, reply)
    if type_ in SEATED:
        seated = Peer(live.host.address)
        try:
            assert seated.request("join", {"table": "t", "name": f"m-{type_}"})["ok"]
            for body, code in SEATED[type_]:
                reply = seated.request(type_, body)
                assert reply is not None and reply["ok"] is False and reply["code"] == code, (type_, body, reply)
            assert seated.request("leave", {})["ok"]
        finally:
            seated.close()
    assert peer.request("ping", {})["ok"]
    _no_errors(live)


def test_envelope_breakage(peer, live):
    pk = lambda o: msgpack.packb(o, use_bin_type=True)  # noqa: E731
    cases = [
        (b"", "bad_frame"), (b"\x81", "bad_frame"), (pk({"v": 1, "type": "ping", "id": 1}) + b"\x00", "bad_frame"),
        (pk({"v": 1, "type": "ping", "id": -1}), "bad_message"), (pk({"v": 1, "type": 5, "id": 1}), "bad_message"),
        (pk({"v": 1, "type": "ping", "id": 1, "re": "x"}), "bad_message"),
        (pk({"v": 1, "type": "ping", "id": 1, "seq": 1.5}), "bad_message"),
        (pk({"v": 1, "type": "ping", "id": 1, "body": [1]}), "bad_message"),
        (pk({"v": 1, "type": "ping", "id": 1, "body": {"b": b"bytes"}}), "bad_frame"),
        (pk({"v": "1", "type": "ping", "id": 1}), "bad_version"), (pk({"v": True, "type": "ping"}), "bad_version"),
        (msgpack.packb({"v": 1, "type": "ping", "id": 1, "body": {"x": msgpack.ExtType(1, b"e")}}), "bad_frame"),
        (pk({"v": 1, "type": "ping", "id": 2**64 - 1}), "bad_message"),
        (pk({"v": 1, "type": "ping", "id": 1, "body": {"n": float("nan")}}), None),
    ]
    for data, code in cases:
        reply = peer.reply_to(data)
        assert reply is not None, data
        if code is None:
            assert reply["ok"] is True
        else:
            assert reply["ok"] is False and reply["code"] == code, (data, reply)
    _no_errors(live)


# --------------------------------------------------------------------------- fuzzing
scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**63), 2**64 - 1),
                    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=80),
                    st.sampled_from(["t", "base", "draw", "play", "choose", "nope", "defuse", "attack", "resolve",
                                     "heuristic", "original", "ann", ""]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=6),
                                                       st.dictionaries(st.text(max_size=12), inner, max_size=6)),
                      max_leaves=20)
FIELDS = ["versions", "name", "token", "table", "spectator", "password", "settings", "ready", "picks", "move",
          "do", "cards", "target", "position", "card", "order", "player", "keep", "use", "seats", "deck",
          "expansions", "variants", "bots", "reaction_seconds", "turn_seconds", "grace_seconds", "options"]
bodies = st.dictionaries(st.sampled_from(FIELDS), values, max_size=5)
moves = st.fixed_dictionaries({"move": st.dictionaries(st.sampled_from(FIELDS[9:19]), values, max_size=5)})
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))


def _survives(peer: Peer, type_: str, body) -> None:
    peer.ids += 1
    try:
        data = msgpack.packb({"v": 1, "type": type_, "id": peer.ids, "body": body}, use_bin_type=True)
    except (OverflowError, ValueError, TypeError):
        return
    reply = peer.reply_to(data)
    if len(data) <= P.MAX_CLIENT_FRAME:
        assert reply is not None, (type_, body)
        if not reply["ok"]:
            assert reply["code"] != "internal", reply


@FUZZ
@given(type_=st.sampled_from(P.CLIENT_TYPES), body=bodies)
def test_fuzz_message_types_with_random_fields(live, type_, body):
    peer = _shared_peer(live)
    _survives(peer, type_, body)
    _no_errors(live)


@FUZZ
@given(body=moves)
def test_fuzz_moves_from_a_seated_player(live, body):
    peer = _shared_peer(live, seated=True)
    _survives(peer, "move", body)
    _no_errors(live)


@FUZZ
@given(settings_=st.dictionaries(st.sampled_from(FIELDS[19:]), values, max_size=4))
def test_fuzz_lobby_settings_from_a_creator(live, settings_):
    peer = _shared_peer(live, creator=True)
    _survives(peer, "lobby_set", {"settings": settings_})
    _no_errors(live)


@FUZZ
@given(data=st.one_of(st.binary(max_size=300),
                      st.builds(lambda o: msgpack.packb(o, use_bin_type=True), values)))
def test_fuzz_random_bytes(live, data):
    peer = _shared_peer(live)
    peer.send(data)
    assert peer.request("ping", {}) is not None, data
    _no_errors(live)


_peers: dict[tuple, Peer] = {}


def _shared_peer(live: ThreadHost, seated: bool = False, creator: bool = False) -> Peer:
    key = (id(live), seated, creator)
    peer = _peers.get(key)
    if peer is None:
        peer = _peers[key] = Peer(live.host.address)
        if creator:
            assert peer.request("join", {"table": "fuzz-created", "name": "maker"})["ok"]
        elif seated:
            assert peer.request("join", {"table": "t", "name": "fuzzer"})["ok"]
            other = Peer(live.host.address)
            assert other.request("join", {"table": "t", "name": "other"})["ok"]
            other.request("ready", {})
            peer.request("ready", {})
            _peers[(id(live), "other")] = other
    return peer


@pytest.fixture(scope="module", autouse=True)
def _close_peers():
    yield
    for p in _peers.values():
        p.close()
    _peers.clear()
