"""A host that goes away is noticed by every client within seconds (issue 13, item 2).

Real host processes: killed (``kill -9``), frozen (``SIGSTOP``, as if its network went) or
stopped on purpose (``SIGTERM``). Clients run with the library's own defaults (a ping a
second, the host called gone after 3.5 s of silence): each says ``connection lost`` in a
message of its own, keeps trying, and rejoins its seat by itself when the host is back
(``--resume`` after a crash), saying ``connection back``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time

from ekpeer.net.client import SILENCE, Client, Message

from .conftest import free_port, wait_for
from .test_resume import CONFIG, _listening, _start_host


class Watcher:
    """A seated client and what it was told, with when."""

    def __init__(self, address: str, name: str, ctx) -> None:
        self.client = Client(address, name, ctx=ctx)
        self.seen: list[tuple[float, Message]] = []
        self.client.on_message = lambda m: self.seen.append((time.monotonic(), m))

    def told(self, type_: str, **body) -> list[tuple[float, Message]]:
        return [(t, m) for t, m in self.seen if m.type == type_
                and all(m.body.get(k) == v for k, v in body.items())]


async def _seated(address: str, ctx, names: list[str]) -> list[Watcher]:
    people = [Watcher(address, n, ctx) for n in names]
    for w in people:
        await w.client.connect()
        await w.client.join("crash")
        await w.client.ready()
    await people[0].client.start()
    await wait_for(lambda: all(w.told("snapshot") for w in people), 8, what="the game to start")
    return people


def _stop(*procs: subprocess.Popen | None) -> None:
    for p in procs:
        if p is not None and p.poll() is None:
            if p.returncode is None:
                os.kill(p.pid, signal.SIGCONT)
            p.send_signal(signal.SIGTERM)
            try:
                p.communicate(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()


async def test_a_killed_host_is_noticed_within_seconds_and_players_rejoin_when_it_resumes(ctx, tmp_path):
    data, cfg, port = tmp_path / "data", tmp_path / "crash.toml", free_port()
    cfg.write_text(CONFIG.replace("turn_seconds = 5.0", "turn_seconds = 60.0"))
    first = _start_host(data, cfg, port)
    second = None
    people: list[Watcher] = []
    try:
        address = (await _listening(first))["address"]
        people = await _seated(address, ctx, ["ann", "bob"])
        os.kill(first.pid, signal.SIGKILL)
        killed = time.monotonic()
        first.wait(5)
        await wait_for(lambda: all(w.told("connection", state="lost") for w in people), SILENCE + 4,
                       what="every client to notice")
        for w in people:
            noticed = w.told("connection", state="lost")[0][0] - killed
            assert noticed < SILENCE + 1.5, f"{w.client.name} noticed after {noticed:.1f} s"
            assert not w.told("connection", state="back")
        second = _start_host(data, cfg, port, "--resume")
        await _listening(second)
        resumed = time.monotonic()
        await wait_for(lambda: all(w.told("connection", state="back") for w in people), 15,
                       what="both back in their seats")
        for w in people:       # the same seat, and the whole table again at once
            assert [m for t, m in w.seen if t >= resumed and m.type == "snapshot"]
            assert w.client.seat == w.client.name and w.client.table == "crash"
            # the host started again: it was the one gone, not the player's link (the restarted
            # host's ``away`` counts only from its own start, "back after 1 s" after 17 s down)
            back = w.told("connection", state="back")[0][1].body
            assert back.get("restarted") is True, back
    finally:
        for w in people:
            await w.client.close()
        _stop(first, second)


async def test_a_frozen_host_is_noticed_and_its_players_are_back_when_it_answers_again(ctx, tmp_path):
    data, cfg, port = tmp_path / "data", tmp_path / "crash.toml", free_port()
    cfg.write_text(CONFIG.replace("turn_seconds = 5.0", "turn_seconds = 60.0"))
    host = _start_host(data, cfg, port)
    people: list[Watcher] = []
    try:
        address = (await _listening(host))["address"]
        people = await _seated(address, ctx, ["ann"])
        os.kill(host.pid, signal.SIGSTOP)       # no word from it, as if its network went
        try:
            await wait_for(lambda: people[0].told("connection", state="lost"), SILENCE + 4,
                           what="the client to notice")
        finally:
            os.kill(host.pid, signal.SIGCONT)
        await wait_for(lambda: people[0].told("connection", state="back"), 10, what="the seat resumed")
        assert people[0].client.seat == "ann"
        assert "restarted" not in people[0].told("connection", state="back")[0][1].body    # the same host
    finally:
        for w in people:
            await w.client.close()
        _stop(host)


async def test_a_host_stopping_on_purpose_tells_every_client_in_words(ctx, tmp_path):
    data, cfg, port = tmp_path / "data", tmp_path / "crash.toml", free_port()
    cfg.write_text(CONFIG)
    host = _start_host(data, cfg, port)
    people: list[Watcher] = []
    try:
        address = (await _listening(host))["address"]
        people = await _seated(address, ctx, ["ann", "bob"])
        host.send_signal(signal.SIGTERM)
        await wait_for(lambda: all(w.told("closing") for w in people), 3, what="everyone told")
        for w in people:
            assert w.told("closing")[0][1].body["reason"] == "the host closed the table"
        await asyncio.to_thread(host.wait, 5)
    finally:
        for w in people:
            await w.client.close()
        _stop(host)
