"""A bot in another process: the same legal-move interface, over the client library.

It reads ``legal_moves`` and ``choices`` from its own view (no plugin code needed), acts
when a choice is owed or on its turn, reacts in reaction windows, and answers each new
view once (a newer view cancels a decision still thinking about an older one).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from ..bots import make_bot
from ..bots.base import search_ends_by, think_within
from ..engine import IllegalMove, Move
from .client import Client, Message, RequestError


def _print_json(record: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


class RemoteBot:
    def __init__(self, client: Client, kind: str = "heuristic", *, seed: int | None = None,
                 think: tuple[float, float] = (0.0, 0.0), games: int = 1, rematch: bool = True,
                 emit: Callable[[dict[str, Any]], None] | None = _print_json) -> None:
        self.client = client
        self.kind = kind
        self.seed = seed
        self.bot = make_bot(kind, seed)
        self.catalog: list[dict[str, Any]] = []   # the last snapshot's: what the cards do
        self.think = think
        self.games = games
        self.rematch = rematch
        self.emit = emit or (lambda r: None)
        self.rng = random.Random(seed)
        self.pending: asyncio.Task | None = None
        self.sent: dict[int, float] = {}        # move id -> perf_counter at send (for round trips)
        self.rtts: list[float] = []
        self.games_seen: int | None = None
        self.done = 0
        self.moves = 0
        self.refused = 0
        self.winner: str | None = None
        self.winners: list[str] = []     # one name, or the Living players sharing the win (ruling 25)
        #: the table's running clock as last told (seconds left, when told): the bot answers within it
        self.clock: tuple[float, float] | None = None

    async def join(self, table: str, token: str | None = None, create: bool | None = None) -> dict[str, Any]:
        reply = await self.client.join(table, token=token, create=create)
        self.emit({"event": "joined", "table": reply.get("table"), "seat": reply.get("seat"),
                   "token": reply.get("token"), "resumed": reply.get("resumed", False)})
        if not reply.get("resumed"):
            await self.client.ready(True)
        return reply

    async def run(self) -> int:
        # next_message, not ``async for ... in messages()``: a task cancelled here (a dropped
        # player) leaves no suspended async generator for the loop to close at exit
        while True:
            msg = await self.client.next_message()
            if msg.type in ("snapshot", "update", "timer"):
                timer = msg.body if msg.type == "timer" else msg.body.get("timer")
                left = timer.get("remaining", timer.get("seconds")) if isinstance(timer, dict) else None
                if isinstance(left, (int, float)):
                    self.clock = (float(left), time.monotonic())
            if msg.type in ("snapshot", "update"):
                if msg.re is not None and msg.re in self.sent:
                    self.rtts.append(time.perf_counter() - self.sent.pop(msg.re))
                if msg.body.get("catalog"):   # what the table's cards do, for the bot's choices
                    catalog = msg.body["catalog"]
                    self.bot.know_cards(catalog, None)
                    self.catalog = catalog
                if getattr(self.bot, "wants_events", False):   # a search bot follows the game
                    self.bot.observe(list(msg.body.get("events") or []))  # type: ignore[attr-defined]
                self.on_view(msg.body["view"])
            elif msg.type == "lobby":
                if await self.on_lobby(msg):
                    return 0
            elif msg.type == "closing":
                self.emit({"event": "host_closing"})
                return 0

    async def on_lobby(self, msg: Message) -> bool:
        body = msg.body
        if body.get("phase") == "playing" and self.games_seen is None:
            self.games_seen = body.get("games", 0) - 1
        if body.get("phase") == "playing" and getattr(self.bot, "wants_events", False):
            setup = _public_setup(body)
            if setup is not None:
                self.bot.bind(setup)  # type: ignore[attr-defined]
        if body.get("phase") != "over":
            return False
        games = body.get("games", 0)
        if self.games_seen is not None and games <= self.games_seen:
            return False
        self.games_seen = games
        self.done += 1
        self.winner = body.get("winner")
        self.winners = list(body.get("winners") or ([self.winner] if self.winner else []))
        if self.pending is not None:
            self.pending.cancel()
        self.emit({"event": "game_over", "winner": self.winner, "winners": self.winners,
                   "you": body.get("you"), "games": self.done,
                   "moves": self.moves, "refused": self.refused})
        if self.done >= self.games:
            try:
                await self.client.leave()
            except (TimeoutError, RequestError, ConnectionError):
                pass
            return True
        if self.rematch:
            self.bot = make_bot(self.kind, self.rng.randrange(2**31))
            self.bot.know_cards(self.catalog, None)
            try:
                await self.client.rematch()
            except (TimeoutError, RequestError, ConnectionError):
                pass
        return False

    def on_view(self, view: dict[str, Any]) -> None:
        if self.pending is not None and not self.pending.done():
            self.pending.cancel()
        if view.get("winner") is not None or view.get("winners") or not view.get("legal_moves"):
            return
        self.pending = asyncio.ensure_future(self.decide(view))

    async def decide(self, view: dict[str, Any]) -> None:
        # the moves are read after thinking: a view that a newer one replaces meanwhile (most
        # of them, at a busy table) costs nothing but the wait
        me = view.get("you")
        if view.get("choices"):
            mode = "act"
        elif view.get("reaction_open"):
            mode = "react"
        elif view.get("current") == me and not view.get("awaiting"):
            mode = "act"
        else:
            mode = "react"
        lo, hi = self.think
        if hi > 0:
            await asyncio.sleep(think_within(self.rng.uniform(lo, hi), self.time_left()))
        try:
            moves = [Move.from_dict(d) for d in view["legal_moves"]]
        except IllegalMove:
            return
        try:
            ends_by = search_ends_by(self.time_left())
            if ends_by is not None and getattr(self.bot, "wants_events", False):   # a search fits the clock
                move = (self.bot.act(view, moves, ends_by=ends_by) if mode == "act"  # type: ignore[call-arg]
                        else self.bot.react(view, moves, ends_by=ends_by))  # type: ignore[call-arg]
            else:
                move = self.bot.act(view, moves) if mode == "act" else self.bot.react(view, moves)
        except Exception:
            move = self.rng.choice(moves) if mode == "act" else None
        if move is None:
            return
        await self.send_move(move)

    def time_left(self) -> float | None:
        """Seconds left on the table's clock, as last told (None: not told)."""
        if self.clock is None:
            return None
        remaining, told = self.clock
        return max(0.0, remaining - (time.monotonic() - told))

    async def send_move(self, move: Move) -> None:
        client = self.client
        msg_id = client._ids + 1
        self.sent[msg_id] = time.perf_counter()
        if len(self.sent) > 64:
            self.sent.pop(next(iter(self.sent)))
        self.moves += 1
        try:
            await client.move(move)
        except RequestError as exc:
            self.refused += 1
            self.sent.pop(msg_id, None)
            self.emit({"event": "refused", "code": exc.code, "message": exc.message})
        except (TimeoutError, ConnectionError):
            self.sent.pop(msg_id, None)


def pick_table(hello: dict[str, Any]) -> str | None:
    """The table a bot sits at when none is named: the one its token resumes, else the host's
    first table with a free seat in its lobby, else a new one (``main``) on a host without
    tables; None when every table is playing."""
    resume = hello.get("resume")
    if isinstance(resume, dict) and isinstance(resume.get("table"), str):
        return resume["table"]
    tables = [t for t in hello.get("tables") or [] if isinstance(t, dict)]
    free = [t for t in tables if t.get("phase") == "lobby" and t.get("taken", 0) < t.get("seats", 0)]
    if free:
        return str(free[0]["table"])
    return None if tables else "main"


def _public_setup(lobby: dict[str, Any]) -> dict[str, Any] | None:
    """A search bot's table setup from a lobby message (the plugins load in this process)."""
    from ..plugins import ruleset

    settings = lobby.get("settings") or {}
    players = [s.get("name") for s in lobby.get("seats") or []]
    try:
        rules = ruleset(list(settings.get("expansions") or ["base"]))
        variants = list(settings.get("variants") or [])
        options = dict(settings.get("options") or {})
        deck = settings.get("deck") or rules.plan(players, None, variants, options or None).deck
    except Exception:  # plugins this process lacks: the bot plays without searching
        return None
    return {"plugins": list(rules.plugins), "players": players, "deck": deck, "variants": variants,
            "options": options}


async def run_bot(endpoint: str, name: str, table: str | None = None, kind: str = "heuristic",
                  token: str | None = None, games: int = 1, think: tuple[float, float] = (0.0, 0.0),
                  seed: int | None = None, timeout: float | None = None, insecure: bool = False,
                  password: str | None = None, create: bool | None = None) -> int:
    """Play ``games`` at ``table`` (None: :func:`pick_table`). ``create``: as ``Client.join``
    (the command line passes False for a table the user named, so a typo is refused)."""
    from .security import AddressError, warn_insecure

    try:
        client = Client(endpoint, name, token=token, insecure=insecure, password=password)
    except AddressError as exc:
        _print_json({"event": "error", "code": "bad_address", "message": str(exc)})
        return 2
    if client.insecure:
        warn_insecure(f"bot {name} connecting to {endpoint} in plain text")
    try:
        hello = await client.connect()
        if table is None:
            table = pick_table(hello)
            if table is None:
                names = ", ".join(str(t.get("table")) for t in hello.get("tables") or [])
                _print_json({"event": "error", "code": "no_free_table",
                             "message": f"every table at this host is playing ({names}): name one with "
                                        "--table when it has a free seat"})
                return 2
        bot = RemoteBot(client, kind, seed=seed, think=think, games=games)
        await bot.join(table, token, create)
        if timeout:
            return await asyncio.wait_for(bot.run(), timeout)
        return await bot.run()
    except RequestError as exc:
        words = exc.message + (" (--create makes it)" if exc.code == "no_table" and create is False else "")
        _print_json({"event": "error", "code": exc.code, "message": words})
        return 2
    except TimeoutError:
        _print_json({"event": "error", "code": "timeout", "message": "gave up waiting"})
        return 3
    except ConnectionError as exc:
        _print_json({"event": "error", "code": "connection", "message": str(exc)})
        return 3
    finally:
        await client.close()
