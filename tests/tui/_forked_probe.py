"""Run by tests/tui/test_forked.py in a process of its own (forking pytest itself, with its
threads, would not be safe): forks ``ekpeer play``'s session the way the command does and
prints one JSON line about what happened. ``argv[1]`` names the scenario."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time

from ekpeer.cli_tui import session_factory
from ekpeer.tui.forked import fork_session
from ekpeer.tui.session import SessionClosed

SETTINGS = {"seats": 2, "reaction_seconds": 0.03, "turn_seconds": 5.0, "expansions": ["base"],
            "bots": "heuristic"}


def keys_in(obj, out=None):
    out = set() if out is None else out
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.add(k)
            keys_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            keys_in(v, out)
    return out


async def until(session, kind, seen, seconds=10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        msg = await asyncio.wait_for(session.recv(), deadline - time.monotonic())
        seen.append(msg)
        if msg["type"] == kind:
            return msg
    raise TimeoutError(kind)


async def main(scenario: str) -> dict:
    autostart = scenario != "lobby"
    factory = session_factory(think=(0.0, 0.0), discovery=False)
    session = fork_session(lambda: factory(mode="play", name="ann", settings=SETTINGS, autostart=autostart))
    out: dict = {"child": session.pid}
    seen: list = []
    await session.open()
    if scenario == "lobby":
        await until(session, "lobby", seen)
        await session.lobby_set({"seats": 3})
        await session.ready(True)
        await session.start()
        snap = await until(session, "snapshot", seen)
        out["seats"] = len(snap["body"]["view"]["players"])
    else:
        snap = await until(session, "snapshot", seen)
    out["types"] = [m["type"] for m in seen]
    view = snap["body"]["view"]
    out["hand"] = len(view.get("hand") or [])
    if scenario == "orphan":
        print(json.dumps(out), flush=True)
        os._exit(0)         # no close: the child must notice on its own
    if scenario == "crash":
        os.kill(session.pid, signal.SIGKILL)
        try:
            while True:
                await asyncio.wait_for(session.recv(), 5)
        except SessionClosed as exc:
            out["closed"] = str(exc)
        await asyncio.sleep(1.0)
        try:
            os.waitpid(session.pid, os.WNOHANG)
            out["reaped"] = False
        except ChildProcessError:
            out["reaped"] = True      # no zombie left behind while the app goes on
        return out
    # play: draw on ann's turn and see the update that tells of it
    while not any(m.get("do") == "draw" for m in view.get("legal_moves") or []):
        view = (await until(session, "update", seen))["body"]["view"]
    await session.move(next(m for m in view["legal_moves"] if m.get("do") == "draw"))
    update = await until(session, "update", seen)
    out["drew"] = any(e.get("type") == "drew" and e.get("player") == "ann" for e in update["body"]["events"])
    out["secret_keys"] = sorted({"hands", "draw_pile", "deck_order", "top_first"}
                                & set().union(*(keys_in(m["body"]) for m in seen)))
    out["others_hand"] = any("hand" in p for m in seen if m["type"] in ("snapshot", "update")
                             for p in m["body"]["view"]["players"])
    await session.close()
    try:
        os.waitpid(session.pid, os.WNOHANG)
        out["reaped"] = False
    except ChildProcessError:
        out["reaped"] = True
    return out


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(sys.argv[1]))), flush=True)
