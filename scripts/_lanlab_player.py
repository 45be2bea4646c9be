#!/usr/bin/env python3
"""A scripted person for the LAN lab: plays one seat through the client library and says,
as JSON lines on stdout, everything it saw.

    _lanlab_player.py (--address tcp://IP:PORT/KEY | --discover) --name ann --table lab
                      [--token-file F] [--hold-file F] [--start] [--think LO:HI] [--seed N]

It plays like a person who knows the rules (the heuristic bot's choices, through the legal
moves its view offers), and prints one line per thing it heard or did, each with ``t`` (wall
clock, so the lab can line it up with the faults it made):

- ``found`` (with ``--discover``): the tables ``ekpeer list`` would show, with addresses;
- ``joined``: seat, token, resumed (the token also goes to ``--token-file``: started again,
  the player resumes its seat with it, as ``ekpeer join`` does after a crash);
- ``lobby``: phase, games and every seat's ``connected``/``takeover``/``left`` (how the host
  tells the others of a drop, a bot covering a seat, a return);
- ``snapshot`` and ``update``: the hand, the turn, the events (all of them);
- ``holding``: with ``--hold-file`` present it stops before its own turn's move (nothing
  else can move at the table then) and says its hand; it plays on when the file is gone;
- ``game_over``, ``closing``, ``error``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from ekpeer.net.client import Client, Message, RequestError
from ekpeer.net.remote_bot import RemoteBot


def emit(record: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps({"t": round(time.time(), 4), **record}, default=str) + "\n")
    sys.stdout.flush()


def _think(value: str) -> tuple[float, float]:
    lo, _, hi = value.partition(":")
    return float(lo), float(hi or lo)


class Person(RemoteBot):
    """A remote bot that says what it saw, and can be held before its own move."""

    def __init__(self, client: Client, hold_file: Path | None, **kw: Any) -> None:
        super().__init__(client, "heuristic", emit=emit, **kw)
        self.hold_file = hold_file

    async def decide(self, view: dict[str, Any]) -> None:
        me = view.get("you")
        own_turn = (view.get("current") == me and not view.get("awaiting") and not view.get("stack")
                    and not view.get("choices"))
        if own_turn and self.hold_file is not None and self.hold_file.exists():
            emit({"event": "holding", "hand": view.get("hand"), "turn": view.get("turn_number")})
            while self.hold_file.exists():
                await asyncio.sleep(0.05)
            emit({"event": "released"})
        await super().decide(view)


def on_message(msg: Message) -> None:
    body = msg.body
    if msg.type == "lobby":
        emit({"event": "lobby", "phase": body.get("phase"), "games": body.get("games"),
              "you": body.get("you"), "winner": body.get("winner"),
              "seats": [{k: s.get(k) for k in ("name", "connected", "takeover", "left", "bot")}
                        for s in body.get("seats", [])]})
    elif msg.type in ("snapshot", "update"):
        view = body.get("view") or {}
        emit({"event": msg.type, "hand": view.get("hand"), "you": view.get("you"),
              "turn": view.get("turn_number"), "current": view.get("current"), "re": msg.re,
              "seq": msg.seq, "events": body.get("events", [])})
    elif msg.type == "closing":
        emit({"event": "closing", "reason": body.get("reason")})


async def discover(table: str, timeout: float) -> str:
    from ekpeer.net.discovery import discover as find

    found = await find(timeout, until=lambda ts: any(t.table == table for t in ts))
    emit({"event": "found", "tables": [{**t.as_dict(), "addresses": t.addresses} for t in found]})
    match = next((t for t in found if t.table == table), None)
    if match is None:
        raise LookupError(f"no table {table!r} found on the LAN within {timeout:g} s")
    return match.address


async def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--address", help="tcp://IP:PORT/KEY")
    ap.add_argument("--discover", action="store_true", help="find the table on the LAN (mDNS)")
    ap.add_argument("--discover-timeout", type=float, default=15.0)
    ap.add_argument("--name", required=True)
    ap.add_argument("--table", default="lab")
    ap.add_argument("--token-file", type=Path)
    ap.add_argument("--hold-file", type=Path)
    ap.add_argument("--start", action="store_true", help="ask the host to start (bots fill the seats)")
    ap.add_argument("--think", type=_think, default=(0.0, 0.0))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=1)
    args = ap.parse_args(argv)
    try:
        address = await discover(args.table, args.discover_timeout) if args.discover else args.address
    except Exception as exc:
        emit({"event": "error", "code": "discovery", "message": str(exc)})
        return 2
    if not address:
        ap.error("--address or --discover")
    token = None
    if args.token_file is not None and args.token_file.exists():
        token = args.token_file.read_text().strip() or None
    client = Client(address, args.name, token=token, on_message=on_message)
    person = Person(client, args.hold_file, seed=args.seed, think=args.think, games=args.games)
    try:
        await client.connect()
        reply = await person.join(args.table, token)
        if args.token_file is not None and reply.get("token"):
            tmp = args.token_file.with_suffix(".tmp")
            tmp.write_text(reply["token"])
            os.replace(tmp, args.token_file)
        if args.start and not reply.get("resumed"):
            try:
                await client.start()
            except RequestError as exc:      # someone else started it, or it started by itself
                emit({"event": "start_refused", "code": exc.code})
        code = await person.run()
        emit({"event": "done", "reconnects": client.reconnects, "moves": person.moves})
        return code
    except RequestError as exc:
        emit({"event": "error", "code": exc.code, "message": exc.message})
        return 2
    except (TimeoutError, ConnectionError) as exc:
        emit({"event": "error", "code": "connection", "message": repr(exc)})
        return 3
    finally:
        await client.close()


if __name__ == "__main__":
    try:
        sys.exit(asyncio.run(main()))
    except KeyboardInterrupt:
        sys.exit(130)
