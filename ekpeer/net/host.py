"""The host: tables, lobbies and the rules engine behind one ZeroMQ ROUTER socket.

Everything that touches a table runs synchronously inside the asyncio loop (frame
handlers, timer callbacks, bot callbacks), so a table never sees two changes at once.
Clients only ever receive their own ``player_view`` and the events they may see; the
host sets every move's ``by`` from the sender's seat and times reaction windows, turns
and choices itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import secrets
import sys
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import zmq
import zmq.asyncio

from ..bots import Bot, make_bot
from ..engine import OUT, Game, IllegalMove, Move, player_view, spectator_view
from ..engine.replay import replay
from ..engine.view import view_parts, visible_events
from ..plugins import ruleset
from . import lobby as lobby_mod
from . import protocol as P
from . import security
from .journal import Journal, fsync_and_close

RESOLVE = Move("resolve")


def _with_by(move: Move, by: str) -> Move:
    """``move`` made by ``by`` (the host sets ``by``; a client's claim is never trusted)."""
    if hasattr(move, "_replace"):
        return move._replace(by=by)
    return replace(move, by=by)
HISTORY = 200          # events kept per game for snapshots
RECV_BATCH = 64        # frames handled per wake of the receiving task
SNAPSHOT_EVENTS = 50   # events a snapshot carries
MAX_SPECTATORS = 64


def stdout_logger(record: dict[str, Any]) -> None:
    """JSON lines on stdout (the headless host's structured log)."""
    sys.stdout.write(json.dumps(record, default=str) + "\n")
    sys.stdout.flush()


@dataclass(eq=False)
class Session:
    """One connection (a ROUTER identity)."""

    ident: bytes
    last_seen: float
    tokens: float
    stamp: float
    seq: int = 0
    table: Table | None = None
    seat: Seat | None = None
    spectator: bool = False
    strikes: int = 0
    err_tokens: float = 20.0
    dead: bool = False
    version: int = P.VERSION
    key: str | None = None           # the peer's authenticated CURVE public key (None: --insecure)
    said_hello: bool = False
    lean: bool = False               # said hello with choices: false (no lobby choices once playing)
    stamp0: float = 0.0              # when the connection's first frame came
    # frames owed to this connection that wait for a journal fsync: (frame, table, write number)
    outq: deque | None = None


@dataclass(eq=False)
class Seat:
    name: str
    token: str | None = None
    kind: str | None = None          # a bot seat's kind; None for a person's seat
    key: str | None = None           # the client key that took the seat: only it may use the token
    picks: dict[str, Any] | None = None   # custom-deck picks (party), shown to this seat only
    session: Session | None = None
    ready: bool = False
    rematch: bool = False
    left: bool = False
    takeover: bool = False           # a person's seat played by a bot (gone past grace, or left)
    gone_since: float | None = None
    bot: Bot | None = None
    bot_seed: int | None = None      # the bot is made on its first move (its module loads then)
    grace: asyncio.TimerHandle | None = None
    pending: asyncio.TimerHandle | None = None

    @property
    def human(self) -> bool:
        return self.kind is None

    @property
    def bot_driven(self) -> bool:
        return self.kind is not None or self.takeover or self.left


class Table:
    def __init__(self, host: Host, table_id: str, settings: dict[str, Any], autostart: bool = True,
                 title: str = "", description: str = "", created: bool = False) -> None:
        self.host = host
        self.id = table_id
        self.settings = settings
        self.autostart = autostart
        self.title = title or table_id
        self.description = description
        self.created = created          # made by a player's join (removed when empty)
        self.creator: Seat | None = None
        self.phase = "lobby"
        self.seats: list[Seat] = []
        self.spectators: list[Session] = []
        self.game: Game | None = None
        self.catalog: list[dict[str, Any]] = []
        self.history: deque = deque(maxlen=HISTORY)
        self.timer: asyncio.TimerHandle | None = None
        self.timer_info: dict[str, Any] | None = None
        self.gen = 0
        self.games = 0
        self.cards0: Any = None         # the game's cards at the start (Host.audit: checked every move)
        self.rng = random.Random(host.rng.random())
        # the crash journal's appends: issued, and fsynced (every frame to this table's
        # sessions after an append waits until it is fsynced; see Host.route)
        self.issued = 0
        self.synced = 0
        self.waiters: dict[Session, None] = {}     # in the order they were held: the mover first

    # ------------------------------------------------------------------ helpers
    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self.host.loop

    def seat(self, name: str) -> Seat | None:
        return next((s for s in self.seats if s.name == name), None)

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if s.human and not s.left]

    def connected(self) -> list[Seat]:
        return [s for s in self.seats if s.session is not None]

    def public_settings(self, seat: Seat | None = None) -> dict[str, Any]:
        """Settings as players see them: no password, nobody else's custom-deck picks."""
        out = dict(self.settings)
        out["password"] = bool(self.settings.get("password"))
        options = out.get("options")
        if isinstance(options, dict) and isinstance(options.get("custom"), dict):
            custom = {k: v for k, v in options["custom"].items() if k != "picks"}
            if seat is not None and seat.picks:
                custom["picks"] = {seat.name: seat.picks}
            out["options"] = {**options, "custom": custom}
        return out

    def summary(self) -> dict[str, Any]:
        return {"table": self.id, "title": self.title, "description": self.description, "phase": self.phase,
                "seats": self.settings["seats"], "taken": len(self.humans()),
                "settings": self.public_settings(),
                "created": self.created, "password": bool(self.settings.get("password"))}

    def owns(self, seat: Seat, session: Session) -> bool:
        """A seat belongs to the client key that took it (no key on either side: --insecure)."""
        return seat.key is None or (session.key is not None and secrets.compare_digest(seat.key, session.key))

    def password_ok(self, password: str | None) -> bool:
        want = self.settings.get("password")
        if not want:
            return True
        return isinstance(password, str) and secrets.compare_digest(want.encode(), password.encode())

    # ------------------------------------------------------------------ crash journal
    def table_record(self) -> dict[str, Any]:
        return {"t": "table", "id": self.id, "settings": self.settings, "autostart": self.autostart,
                "title": self.title, "description": self.description, "created": self.created,
                "games": self.games}

    def journal_lobby(self) -> None:
        """The table as it stands outside a game (settings; lobby seats are not kept)."""
        journal = self.host.journal
        if journal is not None:
            self.host.guard_io(journal.rewrite, self.id, [self.table_record()])

    def journal_game(self, moves: list[dict[str, Any]] | None = None) -> None:
        journal = self.host.journal
        if journal is None or self.game is None:
            return
        seats = [{"name": s.name, "token": s.token, "key": s.key, "kind": s.kind, "left": s.left,
                  "takeover": s.takeover, "creator": s is self.creator} for s in self.seats]
        game = {"t": "game", "origin": self.game.origin, "plugins": list(self.game.ruleset.plugins),
                "seats": seats, "games": self.games}
        self.host.guard_io(journal.rewrite, self.id, [self.table_record(), game, *(moves or [])])

    # ------------------------------------------------------------------ lobby
    def lobby_body(self, session: Session) -> dict[str, Any]:
        you = session.seat
        body = {
            "table": self.id,
            "title": self.title,
            "description": self.description,
            "you": you.name if you else None,
            "spectator": session.spectator,
            "creator": you is not None and (you is self.creator
                                            or (self.creator is None and not self.created)),
            "phase": self.phase,
            "started": self.phase != "lobby",
            "autostart": self.autostart,
            "games": self.games,
            "winner": self.game.winner if self.game is not None else None,
            "settings": self.public_settings(you),
            "seats": [{"name": s.name, "ready": s.ready, "bot": s.kind is not None,
                       "connected": s.session is not None,
                       "you": s is you, "rematch": s.rematch, "takeover": s.takeover, "left": s.left,
                       "creator": s is self.creator} for s in self.seats],
            # the plugins this table runs, with versions: shown in the lobby, never needed by clients
            "plugins": lobby_mod.table_plugins(self.settings["expansions"]),
        }
        if not (session.lean and self.phase != "lobby"):     # every plugin's decks and variants
            body["choices"] = lobby_mod.choices()
        return body

    def broadcast_lobby(self) -> None:
        for s in self.connected():
            self.host.send(s.session, "lobby", self.lobby_body(s.session))  # type: ignore[arg-type]
        for sp in self.spectators:
            self.host.send(sp, "lobby", self.lobby_body(sp))

    def join(self, session: Session, name: str | None, token: str | None, spectator: bool,
             password: str | None = None) -> dict[str, Any]:
        if token is None and not self.password_ok(password):
            raise P.ProtocolError("bad_password", "this table needs its password" if not password
                                  else "wrong password for this table")
        if spectator:
            if len(self.spectators) >= MAX_SPECTATORS:
                raise P.ProtocolError("table_full", "too many spectators at this table")
            self.host.detach(session)
            session.table, session.spectator = self, True
            self.spectators.append(session)
            self.host.send(session, "lobby", self.lobby_body(session))
            if self.game is not None and self.phase != "lobby":
                self.send_snapshot(session)
            return {"token": None, "seat": None, "spectator": True}
        if token is not None:
            seat = next((s for s in self.seats
                         if s.token is not None and secrets.compare_digest(s.token, token)), None)
            if seat is None or not self.owns(seat, session):
                raise P.ProtocolError("bad_token", "no seat at this table has that token for your key")
            self.host.detach(session)
            old = seat.session
            if old is not None and old is not session:
                old.table, old.seat = None, None
            self.seat_back(seat, session)
            return {"token": seat.token, "seat": seat.name, "resumed": True}
        if not name:
            raise P.ProtocolError("bad_message", "join needs a name (or a token to resume)")
        mine = self.seat(name)
        if mine is not None and mine.human and mine.session is None and mine.key is not None \
                and self.owns(mine, session):
            # the key that took this seat comes back by name (e.g. a host restarted with --resume)
            self.host.detach(session)
            self.seat_back(mine, session)
            return {"token": mine.token, "seat": mine.name, "resumed": True}
        if self.phase != "lobby":
            raise P.ProtocolError("table_started", "this table is playing: join as a spectator or resume "
                                  "your seat with its token")
        if self.seat(name) is not None:
            raise P.ProtocolError("name_taken", f"someone at this table is already called {name!r}")
        if len(self.seats) >= self.settings["seats"]:
            raise P.ProtocolError("table_full", f"all {self.settings['seats']} seats are taken")
        self.host.detach(session)
        seat = Seat(name=name, token=secrets.token_urlsafe(18), session=session, key=session.key)
        self.seats.append(seat)
        session.table, session.seat, session.spectator = self, seat, False
        if self.created and self.creator is None:
            self.creator = seat
        self.host.log("joined", table=self.id, seat=name)
        self.broadcast_lobby()
        return {"token": seat.token, "seat": seat.name, "resumed": False}

    def seat_back(self, seat: Seat, session: Session) -> None:
        if seat.grace is not None:
            seat.grace.cancel()
            seat.grace = None
        was_bot = seat.takeover
        seat.session, seat.takeover, seat.gone_since, seat.left = session, False, None, False
        session.table, session.seat, session.spectator = self, seat, False
        if seat.pending is not None:
            seat.pending.cancel()
            seat.pending = None
        self.host.log("resumed", table=self.id, seat=seat.name, was_bot=was_bot)
        self.broadcast_lobby()
        if self.game is not None and self.phase != "lobby":
            self.send_snapshot(session)

    def seat_gone(self, seat: Seat, reason: str) -> None:
        """``seat``'s connection dropped: a bot takes over after the grace period."""
        seat.session = None
        seat.gone_since = self.loop.time()
        self.host.log("dropped", table=self.id, seat=seat.name, reason=reason)
        if self.phase == "lobby":
            self.remove_seat(seat)
            return
        grace = self.settings["grace_seconds"]
        if seat.grace is not None:
            seat.grace.cancel()
        seat.grace = self.host.call_later(grace, self.take_over, seat)
        self.broadcast_lobby()
        self.maybe_reset()

    def take_over(self, seat: Seat) -> None:
        seat.grace = None
        if seat.session is not None:
            return
        seat.takeover = True
        self.host.log("bot_takes_over", table=self.id, seat=seat.name)
        self.broadcast_lobby()
        if self.phase == "playing":
            self.schedule_bot(seat)

    def remove_seat(self, seat: Seat) -> None:
        if seat in self.seats:
            self.seats.remove(seat)
        if seat is self.creator:
            self.creator = next((s for s in self.seats if s.human), None)
        self.broadcast_lobby()
        if self.created and not self.humans() and not self.spectators:
            self.host.remove_table(self)

    def leave(self, session: Session) -> None:
        if session.spectator:
            if session in self.spectators:
                self.spectators.remove(session)
        elif session.seat is not None:
            seat = session.seat
            seat.session = None
            if self.phase == "lobby":
                self.remove_seat(seat)
            else:
                seat.left = True
                seat.takeover = True
                self.host.log("left", table=self.id, seat=seat.name)
                self.broadcast_lobby()
                if self.phase == "playing":
                    self.schedule_bot(seat)
                self.maybe_reset()
        session.table, session.seat, session.spectator = None, None, False

    def maybe_reset(self) -> None:
        """After a game, a table nobody is connected to goes back to an empty lobby."""
        if self.phase == "over" and not self.connected():
            if self.created:
                self.host.remove_table(self)
                return
            self.reset()

    def reset(self) -> None:
        for s in self.seats:
            for h in (s.grace, s.pending):
                if h is not None:
                    h.cancel()
        self.seats = [s for s in self.seats if s.session is not None]
        for s in self.seats:
            s.ready = False
        self.phase = "lobby"
        if self.game is not None and self.host.journal is not None:
            self.host.guard_io(self.host.journal.archive, self.id)      # the finished game: <file>.last
        self.game = None
        self.journal_lobby()
        self.broadcast_lobby()

    def set_settings(self, session: Session, settings: dict[str, Any]) -> None:
        if self.phase != "lobby":
            raise P.ProtocolError("table_started", "settings are fixed once the game starts")
        if session.seat is None or session.seat is not self.creator:
            raise P.ProtocolError("not_creator", "only the table's creator may change its settings")
        try:
            new = lobby_mod.check(settings, self.settings)
        except lobby_mod.SettingsError as exc:
            raise P.ProtocolError("bad_settings", str(exc)) from None
        if new["seats"] < len(self.seats):
            raise P.ProtocolError("bad_settings", f"{len(self.seats)} players are already seated")
        self.settings = new
        for s in self.seats:
            s.ready = False
        self.journal_lobby()
        self.host.log("settings", table=self.id, settings={**new, "password": bool(new.get("password"))})
        self.broadcast_lobby()

    def set_picks(self, session: Session, picks: dict[str, Any]) -> None:
        """A seated player's custom-deck picks (party): ``{pile: [card ids], hand: [card ids]}``."""
        if self.phase != "lobby" or session.seat is None:
            raise P.ProtocolError("not_in_lobby", "picks are for seated players in the lobby")
        custom = (self.settings.get("options") or {}).get("custom")
        if not isinstance(custom, dict):
            raise P.ProtocolError("bad_settings", "this table does not use a custom deck")
        clean: dict[str, list[str]] = {}
        for where in ("pile", "hand"):
            ids = picks.get(where, [])
            if not isinstance(ids, list) or len(ids) > 20 or not all(isinstance(c, str) and len(c) <= 64
                                                                     for c in ids):
                raise P.ProtocolError("bad_message", f"picks: '{where}' must be a list of card ids")
            clean[where] = list(ids)
        rules = ruleset(self.settings["expansions"])
        mine = {"custom": {**custom, "picks": {session.seat.name: clean}}}
        reason = rules.check_options([session.seat.name], mine)
        if reason:
            raise P.ProtocolError("bad_settings", reason)
        session.seat.picks = clean

    def set_ready(self, session: Session, ready: bool) -> None:
        if self.phase != "lobby" or session.seat is None:
            raise P.ProtocolError("not_in_lobby", "ready is for seated players in the lobby")
        session.seat.ready = ready
        self.broadcast_lobby()
        if self.autostart and len(self.seats) >= self.settings["seats"] and all(s.ready for s in self.seats):
            self.start_game()

    def request_start(self, session: Session) -> None:
        if self.phase != "lobby" or session.seat is None:
            raise P.ProtocolError("not_in_lobby", "start is for seated players in the lobby")
        if self.creator is not None and session.seat is not self.creator:
            raise P.ProtocolError("not_creator", "only the table's creator may start the game")
        waiting = [s.name for s in self.seats if s.human and not s.ready]
        if waiting:
            raise P.ProtocolError("not_ready", f"not ready yet: {', '.join(waiting)}")
        self.start_game()

    def request_rematch(self, session: Session) -> None:
        if self.phase != "over" or session.seat is None:
            raise P.ProtocolError("not_over", "rematch is for seated players after a game")
        session.seat.rematch = True
        self.broadcast_lobby()
        if all(s.rematch for s in self.seats if s.session is not None):
            self.start_game()

    # ------------------------------------------------------------------ the game
    def start_game(self) -> None:
        taken = {s.name for s in self.seats}
        i = 1
        while len(self.seats) < self.settings["seats"]:
            name = f"bot{i}"
            i += 1
            if name not in taken:
                self.seats.append(Seat(name=name, kind=self.settings["bots"], ready=True))
        rules = ruleset(self.settings["expansions"])
        names = [s.name for s in self.seats]
        if self.game is not None and self.host.journal is not None:     # a rematch: keep the last game
            self.host.guard_io(self.host.journal.archive, self.id)
        options = dict(self.settings.get("options") or {})
        if isinstance(options.get("custom"), dict):
            picks = {s.name: s.picks for s in self.seats if s.picks}
            options["custom"] = {**options["custom"], "picks": picks}
        try:
            self.game = rules.new_game(names, seed=self.rng.randrange(2**31), deck=self.settings["deck"],
                                       variants=self.settings["variants"], options=options or None)
        except ValueError as exc:      # e.g. custom-deck picks that break the selection rules
            self.seats = [s for s in self.seats if s.kind is None]
            raise P.ProtocolError("bad_settings", f"the game cannot be set up: {exc}") from None
        self.catalog = rules.catalog()
        for s in self.seats:
            s.bot, s.bot_seed = None, self.rng.randrange(2**31)
            s.rematch = s.kind is not None
        self.history.clear()
        self.phase = "playing"
        self.games += 1
        self.cards0 = self.game.all_cards() if self.host.audit else None
        self.journal_game()
        self.host.log("game_started", table=self.id, seats=names, game=self.games)
        self.broadcast_lobby()
        for s in self.connected():
            self.send_snapshot(s.session)  # type: ignore[arg-type]
        for sp in self.spectators:
            self.send_snapshot(sp)
        self.schedule()

    def view_for(self, session: Session) -> dict[str, Any]:
        assert self.game is not None
        if session.seat is not None:
            return player_view(self.game, session.seat.name)
        return spectator_view(self.game)

    def send_snapshot(self, session: Session) -> None:
        who = session.seat.name if session.seat is not None else None
        events = visible_events(list(self.history), who)[-SNAPSHOT_EVENTS:]
        body = {"view": self.view_for(session), "catalog": self.catalog, "events": events,
                "timer": self.timer_info, "table": self.id}
        self.host.send(session, "snapshot", body)

    def apply(self, seat: Seat | None, move: Move, re: int | None = None,
              session: Session | None = None) -> IllegalMove | None:
        """Apply a move for ``seat`` (None: the host itself), then tell everyone what they may see."""
        game = self.game
        if game is None or self.phase != "playing":
            return IllegalMove("not_playing", "no game is being played at this table")
        if seat is not None:
            move = _with_by(move, seat.name)
        logged = len(game.log)
        try:
            events = game.apply(move)
        except IllegalMove as exc:
            return exc
        except Exception as exc:  # a plugin bug must not take the host down
            self.host.log("engine_error", level="error", table=self.id, move=move.to_dict(), error=repr(exc))
            return IllegalMove("internal", "the rules engine failed on this move")
        if self.host.journal is not None:   # on disk before anyone hears of it (Host.route)
            self.host.journal_append(self, [{"t": "move", "m": m.to_dict()} for m in game.log[logged:]])
        if self.host.audit and self.cards0 is not None and game.all_cards() != self.cards0:
            now = game.all_cards()
            self.host.stats["card_mismatches"] = self.host.stats.get("card_mismatches", 0) + 1
            self.host.log("cards_mismatch", level="error", table=self.id, move=move.to_dict(),
                          lost=dict(self.cards0 - now), extra=dict(now - self.cards0))
            self.cards0 = now
        self.history.extend(events)
        if game.over:
            self.broadcast_update(events, session, re)
            self.finish()
        else:
            self.schedule(events, session, re)     # the update carries the timer it (re)starts
        return None

    def broadcast_update(self, events: list, mover: Session | None, re: int | None,
                         timer: dict[str, Any] | None = None) -> None:
        """Each connected seat's own view and events (the mover's first, with ``re``), and the
        spectators' view; with ``timer``, the timer this change (re)started, in the same frame.

        The views' public part is encoded once for every seat (``view_parts``); only seats
        with a connection get a view (bots on the host decide from the engine)."""
        game = self.game
        assert game is not None
        host = self.host
        targets: list[tuple[Session, str, int | None]] = []
        if mover is not None and mover.seat is not None and not mover.dead:
            targets.append((mover, mover.seat.name, re))
        for s in self.seats:
            sess = s.session
            if sess is not None and sess is not mover and not sess.dead:
                targets.append((sess, s.name, None))
        timer_entry = P.pack_entry("timer", P.pack_body(timer)) if timer is not None else b""
        n = 3 if timer is not None else 2
        parts = view_parts(game, [name for _, name, _ in targets]) if targets else None
        if parts is not None:
            public, own = parts
            pub = P.pack_pairs(public)
            for sess, name, r in targets:
                mine = own[name]
                view = P.pack_map(len(public) + len(mine), pub, P.pack_pairs(mine))
                seen = P.pack_body(visible_events(events, name))
                body = P.pack_map(n, P.pack_entry("view", view), P.pack_entry("events", seen), timer_entry)
                host.send(sess, "update", re=r, packed=body)
        else:
            for sess, name, r in targets:
                update = {"view": player_view(game, name), "events": visible_events(events, name)}
                if timer is not None:
                    update["timer"] = timer
                host.send(sess, "update", update, re=r)
        if self.spectators:
            update = {"view": spectator_view(game), "events": visible_events(events, None)}
            if timer is not None:
                update["timer"] = timer
            packed = P.pack_body(update)
            for sp in self.spectators:
                host.send(sp, "update", packed=packed)

    def finish(self) -> None:
        self.cancel_all()
        self.phase = "over"
        game = self.game
        assert game is not None
        self.host.log("game_over", table=self.id, winner=game.winner, moves=len(game.log), game=self.games)
        if self.host.journal is not None:
            self.host.journal_append(self, [{"t": "over", "winner": game.winner}])
        for hook in list(self.host.game_over_hooks):     # e.g. ekpeer.replays.ReplaySaver
            try:
                hook(self)
            except Exception as exc:
                self.host.log("game_over_hook_error", level="error", table=self.id, error=repr(exc))
        self.broadcast_lobby()
        self.maybe_reset()

    def cancel_all(self) -> None:
        self.gen += 1
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.timer_info = None
        for s in self.seats:
            if s.pending is not None:
                s.pending.cancel()
                s.pending = None

    def schedule(self, events: list | None = None, mover: Session | None = None,
                 re: int | None = None) -> None:
        """(Re)start the timer owed now and let bot-driven seats think. With ``events`` (a move
        was just applied) the update that tells of them carries the timer; else a ``timer``."""
        self.cancel_all()
        game = self.game
        assert game is not None
        if game.awaiting:
            kind, secs, players = "turn", self.settings["turn_seconds"], game.waiting_for()
            self.timer = self.host.call_later(secs, self.on_turn_timeout, self.gen)
        elif game.stack:
            kind, secs, players = "reaction", self.settings["reaction_seconds"], []
            self.timer = self.host.call_later(secs, self.on_reaction_timeout, self.gen)
        else:
            kind, secs, players = "turn", self.settings["turn_seconds"], [game.current]
            self.timer = self.host.call_later(secs, self.on_turn_timeout, self.gen)
        self.timer_info = {"kind": kind, "seconds": secs, "player": players[0] if players else None,
                           "players": players, "deadline": time.time() + secs}
        if events is not None:
            self.broadcast_update(events, mover, re, self.timer_info)
        else:
            packed = P.pack_body(self.timer_info)
            for s in self.seats:
                if s.session is not None:
                    self.host.send(s.session, "timer", packed=packed)
            for sp in self.spectators:
                self.host.send(sp, "timer", packed=packed)
        for s in self.seats:
            if s.bot_driven:
                self.schedule_bot(s)

    def _bot_mode(self, seat: Seat) -> str | None:
        game = self.game
        if game is None or self.phase != "playing" or game.status.get(seat.name) == OUT:
            return None
        if game.awaiting:
            return "act" if seat.name in game.waiting_for() else None
        if game.stack:
            return "react"
        return "act" if seat.name == game.current else None

    def schedule_bot(self, seat: Seat) -> None:
        mode = self._bot_mode(seat)
        if mode is None:
            return
        if seat.pending is not None:
            seat.pending.cancel()
        lo, hi = self.host.think
        delay = self.rng.uniform(lo, hi) if hi > 0 else 0.0
        seat.pending = self.host.call_later(delay, self.bot_move, seat, self.gen, mode)

    def bot_move(self, seat: Seat, gen: int, mode: str) -> None:
        seat.pending = None
        game = self.game
        if gen != self.gen or game is None or not seat.bot_driven or self.phase != "playing":
            return
        moves = game.legal_moves(seat.name)
        if not moves:
            return
        if seat.bot is None and seat.bot_seed is not None:
            seat.bot = make_bot(seat.kind or self.settings["bots"], seat.bot_seed)
        bot = seat.bot or make_bot("random")
        try:
            view = player_view(game, seat.name) if bot.needs_view else None
            move = bot.act(view, moves) if mode == "act" else bot.react(view, moves)
        except Exception as exc:
            self.host.log("bot_error", level="error", table=self.id, seat=seat.name, error=repr(exc))
            move = self.rng.choice(moves) if mode == "act" else None
        if move is None:
            return
        err = self.apply(seat, move)
        if err is not None and mode == "act":
            self.host.log("bot_refused", level="warning", table=self.id, seat=seat.name, code=err.code)
            self.apply(seat, self.rng.choice(moves))

    def on_reaction_timeout(self, gen: int) -> None:
        if gen != self.gen:
            return
        self.timer = None
        err = self.apply(None, RESOLVE)
        if err is not None:
            self.host.log("resolve_refused", level="error", table=self.id, code=err.code)

    def default_move(self, player: str) -> Move | None:
        """The move made for a player whose time ran out: draw on a turn, else a random legal move
        (for a card choice that is a random card, for a kitten's placement a random position)."""
        game = self.game
        assert game is not None
        moves = game.legal_moves(player)
        if not game.awaiting and not game.stack and player == game.current:
            draw = next((m for m in moves if m.do == "draw"), None)
            if draw is not None:
                return draw
        return self.rng.choice(moves) if moves else None

    def on_turn_timeout(self, gen: int) -> None:
        if gen != self.gen:
            return
        self.timer = None
        game = self.game
        assert game is not None
        players = game.waiting_for() if game.awaiting else [game.current]
        for player in players:
            if self.game is not game or game.over or self.phase != "playing":
                return
            if game.awaiting and player not in game.waiting_for():
                continue
            move = self.default_move(player)
            if move is None:
                continue
            self.host.log("timed_out", table=self.id, seat=player, move=move.to_dict())
            err = self.apply(self.seat(player), move)
            if err is not None:
                self.host.log("default_refused", level="error", table=self.id, seat=player, code=err.code)
        if self.timer is None and self.phase == "playing" and self.game is game and gen == self.gen:
            self.schedule()


class Host:
    """Serves any number of tables on one ROUTER socket."""

    def __init__(self, bind: str = "tcp://127.0.0.1:0", *, think: tuple[float, float] = (0.0, 0.0),
                 seed: int | None = None, log: Callable[[dict[str, Any]], None] | None = None,
                 allow_create: bool = True, max_tables: int = 1000, max_sessions: int = 10000,
                 ping_seconds: float = 2.0, idle_seconds: float = 10.0,
                 rate: float = 50.0, burst: float = 100.0,
                 max_strikes: int = 200, heartbeat_ms: int = 1000,
                 ctx: zmq.asyncio.Context | None = None, secure: bool = True,
                 keypair: tuple[bytes, bytes] | None = None, journal: Journal | str | None = None,
                 hello_seconds: float = 5.0, handshake_ms: int = 5000, max_per_key: int = 32) -> None:
        self.bind_to = bind
        self.audit = os.environ.get("EKPEER_AUDIT_CARDS", "") not in ("", "0")   # conservation per move
        self.secure = secure
        self.keypair = (keypair or security.load_keypair("host")) if secure else None
        self.journal = Journal(journal) if isinstance(journal, str) else journal
        self.hello_seconds = hello_seconds      # a connection must say hello within this
        self.handshake_ms = handshake_ms        # ZMTP/CURVE handshake deadline for a new TCP connection
        self.max_per_key = max_per_key          # connections at once from one client key
        self.per_key: dict[str | None, int] = {}
        self._zap = False
        self.think = think
        self.rng = random.Random(seed)
        self._log = log
        self.allow_create = allow_create
        self.max_tables = max_tables
        self.max_sessions = max_sessions
        self.ping_seconds = ping_seconds
        self.idle_seconds = idle_seconds
        self.rate, self.burst, self.max_strikes = rate, burst, max_strikes
        # error replies have their own, smaller budget (a fuzzing host raises both)
        self.err_rate = min(rate, 10.0) if rate <= 50 else rate
        self.err_burst = 20.0 if burst <= 100 else burst
        self.heartbeat_ms = heartbeat_ms
        self.ctx = ctx or zmq.asyncio.Context.instance()
        self.sock: zmq.asyncio.Socket | None = None
        self.endpoint = ""
        self.tables: dict[str, Table] = {}
        self.sessions: dict[bytes, Session] = {}
        self.blocked: dict[bytes, float] = {}
        self._ids = 0
        self._tasks: list[asyncio.Task] = []
        self.loop: asyncio.AbstractEventLoop = None  # type: ignore[assignment]
        self.stats = {"frames_in": 0, "frames_out": 0, "bytes_out": 0, "errors": 0}
        self.send_hook: Callable[[Session, bytes], None] | None = None   # tests: see every frame sent
        self._fsyncs: Any = None        # the journal's fsync threads (made on first use)
        self._raw: zmq.Socket | None = None     # the ROUTER as a plain socket (non-blocking I/O)
        self._kicking = False
        self._syncing: set[asyncio.Future] = set()
        self._to_sync: list[tuple[Table, int, int]] = []     # (table, append number, descriptor)
        self.game_over_hooks: list[Callable[[Table], Any]] = []   # called with a table whose game ended

    @property
    def public_key(self) -> bytes | None:
        return self.keypair[0] if self.keypair else None

    @property
    def address(self) -> str:
        """The endpoint with the host's public key (``tcp://h:p#KEY``): what clients are told."""
        return security.join_address(self.endpoint, self.public_key)

    def address_for(self, hostname: str) -> str:
        port = self.endpoint.rsplit(":", 1)[-1]
        return security.join_address(f"tcp://{hostname}:{port}", self.public_key)

    # ------------------------------------------------------------------ guards
    def fail(self, where: str, exc: BaseException, **fields: Any) -> None:
        """A structured line for an exception that a handler or timer survived."""
        self.stats["exceptions"] = self.stats.get("exceptions", 0) + 1
        tb = traceback.extract_tb(exc.__traceback__)
        at = [f"{f.filename.rsplit('/', 1)[-1]}:{f.lineno}:{f.name}" for f in tb[-4:]]
        self.log("handler_error", level="error", where=where, error=repr(exc)[:500],
                 exc_type=type(exc).__name__, at=at, **fields)

    def call_later(self, delay: float, fn: Callable[..., Any], *args: Any) -> asyncio.TimerHandle:
        """``loop.call_later`` whose callback can never raise into the loop."""

        def guarded() -> None:
            try:
                fn(*args)
            except Exception as exc:
                self.fail("timer", exc, callback=getattr(fn, "__name__", "?"))

        return self.loop.call_later(delay, guarded)

    def guard_io(self, fn: Callable[..., Any], *args: Any) -> None:
        """Journal writes: a full disk is logged, never raised into a game."""
        try:
            fn(*args)
        except OSError as exc:
            self.stats["journal_errors"] = self.stats.get("journal_errors", 0) + 1
            self.log("journal_error", level="error", error=repr(exc))

    def journal_append(self, table: Table, records: list[dict[str, Any]]) -> None:
        """Append ``records`` to ``table``'s journal file; fsync them once this loop pass is done.

        Until that fsync returns, every frame for a session at the table is held (see
        :meth:`route`): nobody hears of a move before it is on disk. One fsync per append,
        as before; where it runs is chosen by :meth:`_sync`."""
        journal = self.journal
        assert journal is not None
        for record in records:
            self.guard_io(journal.write, table.id, record)
        try:
            fd = journal.sync_fd(table.id)
        except OSError as exc:
            self.guard_io(self._raise, exc)
            return
        if fd is None:
            return
        table.issued += 1
        if not self._to_sync and not self._syncing and not self._input_waiting():
            # nothing else waits (no frame queued on the socket, no fsync running): fsync
            # here and now, and this move's frames go out as they are made, ~0.5 ms sooner
            # than after two thread hand-offs
            exc: BaseException | None = None
            self.stats["fsyncs_inline"] = self.stats.get("fsyncs_inline", 0) + 1
            try:
                fsync_and_close(fd)
            except OSError as e:
                exc = e
            self._fsync_done(table, table.issued, exc)
            return
        self._to_sync.append((table, table.issued, fd))
        if len(self._to_sync) == 1:
            self.loop.call_soon(self._sync)

    def _sync(self) -> None:
        """The fsyncs owed after a loop pass, each in a worker thread, so that one table's
        disk wait never stalls the other tables."""
        jobs, self._to_sync = self._to_sync, []
        if not jobs:
            return
        if self._fsyncs is None:
            from concurrent.futures import ThreadPoolExecutor

            self._fsyncs = ThreadPoolExecutor(max_workers=4, thread_name_prefix="ekpeer-fsync")
        self.stats["fsyncs_threaded"] = self.stats.get("fsyncs_threaded", 0) + len(jobs)
        for table, n, fd in jobs:
            fut = self.loop.run_in_executor(self._fsyncs, fsync_and_close, fd)
            self._syncing.add(fut)
            fut.add_done_callback(lambda f, table=table, n=n: self._fsynced(table, n, f))

    def _input_waiting(self) -> bool:
        raw = self._raw
        if raw is None:
            return False
        try:
            waiting = bool(raw.getsockopt(zmq.EVENTS) & zmq.POLLIN)
        except zmq.ZMQError:
            return False
        if not self._kicking:           # reading EVENTS may eat the descriptor's edge
            self._kicking = True
            self.loop.call_soon(self._kick)
        return waiting

    @staticmethod
    def _raise(exc: BaseException) -> None:
        raise exc

    def _fsynced(self, table: Table, n: int, fut: asyncio.Future) -> None:
        self._syncing.discard(fut)
        self._fsync_done(table, n, None if fut.cancelled() else fut.exception())

    def _fsync_done(self, table: Table, n: int, exc: BaseException | None) -> None:
        try:
            if exc is not None:
                self.guard_io(self._raise, exc)       # logged like any journal error; play goes on
            if n > table.synced:
                table.synced = n
            waiters, table.waiters = table.waiters, {}
            for session in waiters:
                self.drain(session)
        except Exception as exc:
            self.fail("fsync", exc, table=table.id)

    # ------------------------------------------------------------------ lifecycle
    def log(self, event: str, level: str = "info", **fields: Any) -> None:
        if self._log is not None:
            self._log({"ts": round(time.time(), 3), "level": level, "event": event, **fields})

    def add_table(self, table_id: str, settings: dict[str, Any] | None = None, *, autostart: bool = True,
                  title: str = "", description: str = "", created: bool = False) -> Table:
        base = table_id
        n = 2
        while table_id in self.tables:
            table_id = f"{base}-{n}"
            n += 1
        checked = lobby_mod.check(settings or {})
        table = Table(self, table_id, checked, autostart, title, description, created)
        self.tables[table_id] = table
        table.journal_lobby()
        self.log("table_added", table=table_id, autostart=autostart,
                 settings={**checked, "password": bool(checked.get("password"))})
        return table

    def deal(self, table_id: str, settings: dict[str, Any], name: str, key: str | None) -> Seat:
        """A table made by its first player and dealt at once (``ekpeer play --start``).

        The seat is taken for the client key ``key`` and the game starts with bots in the
        other seats before that client has even connected: it then resumes the seat with its
        token (``join`` with the token: a ``lobby``, then the ``snapshot``). Raises
        :class:`~ekpeer.net.lobby.SettingsError` or :class:`~ekpeer.net.protocol.ProtocolError`
        (and keeps no table) when the settings do not make a game."""
        table = self.add_table(table_id, settings, autostart=False, created=True)
        seat = Seat(name=name, token=secrets.token_urlsafe(18), key=key, ready=True)
        table.seats.append(seat)
        table.creator = seat
        try:
            table.start_game()
        except Exception:
            self.remove_table(table)
            raise
        return seat

    def remove_table(self, table: Table) -> None:
        table.cancel_all()
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            if self.journal is not None:
                self.guard_io(self.journal.remove, table.id)
            self.log("table_removed", table=table.id)

    def restore(self) -> list[str]:
        """Bring back every table of the journal, each game exactly where its move log left it.

        People's seats wait for their owners (same token, same client key) for the grace
        period, then a bot plays them, as after any dropped connection."""
        if self.journal is None:
            return []
        self.loop = self.loop or asyncio.get_event_loop()
        restored = []
        for state in self.journal.load():
            rec = state["table"]
            try:
                settings = lobby_mod.check(rec["settings"])
            except (lobby_mod.SettingsError, KeyError, TypeError) as exc:
                self.log("restore_failed", level="error", table=rec.get("id"), error=str(exc))
                continue
            table_id = rec["id"]
            table = Table(self, table_id, settings, bool(rec.get("autostart", True)), rec.get("title", ""),
                          rec.get("description", ""), bool(rec.get("created")))
            table.games = int(rec.get("games", 0))
            game_rec = state["game"]
            if game_rec is not None and not state["over"]:
                try:
                    rules = ruleset(game_rec["plugins"])
                    game = replay(rules, game_rec["origin"], state["moves"])
                except Exception as exc:
                    self.log("restore_failed", level="error", table=table_id, error=repr(exc))
                    game = None
                if game is not None and not game.over:
                    now = self.loop.time()
                    for s in game_rec["seats"]:
                        seat = Seat(name=s["name"], token=s.get("token"), key=s.get("key"),
                                    kind=s.get("kind"), ready=True, left=bool(s.get("left")),
                                    takeover=bool(s.get("takeover")))
                        seat.bot, seat.bot_seed = None, table.rng.randrange(2**31)
                        seat.rematch = seat.kind is not None
                        table.seats.append(seat)
                        if s.get("creator"):
                            table.creator = seat
                    table.game = game
                    table.catalog = rules.catalog()
                    table.history.extend(game.events)
                    table.games = int(game_rec.get("games", table.games))
                    table.phase = "playing"
                    table.cards0 = replay(rules, game.origin, []).all_cards() if self.audit else None
                    self.tables[table_id] = table
                    for seat in table.seats:
                        if seat.human and not seat.takeover:
                            seat.gone_since = now
                            seat.grace = self.call_later(settings["grace_seconds"], table.take_over, seat)
                    table.journal_game([{"t": "move", "m": m.to_dict()} for m in game.log])
                    table.schedule()
                    restored.append(table_id)
                    self.log("table_restored", table=table_id, moves=len(game.log), game=table.games,
                             seats=[s.name for s in table.seats])
                    continue
            if table.created:
                self.guard_io(self.journal.remove, table_id)
                continue
            self.tables[table_id] = table
            table.journal_lobby()
            restored.append(table_id)
            self.log("table_restored", table=table_id, moves=0, game=table.games, seats=[])
        return restored

    async def start(self) -> str:
        self.loop = asyncio.get_running_loop()
        sock = self.ctx.socket(zmq.ROUTER)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.ROUTER_MANDATORY, 1)
        sock.setsockopt(zmq.MAXMSGSIZE, P.MAX_CLIENT_FRAME)
        sock.setsockopt(zmq.HEARTBEAT_IVL, self.heartbeat_ms)
        sock.setsockopt(zmq.HEARTBEAT_TIMEOUT, self.heartbeat_ms * 3)
        sock.setsockopt(zmq.HEARTBEAT_TTL, self.heartbeat_ms * 3)
        sock.setsockopt(zmq.SNDHWM, 10000)
        sock.setsockopt(zmq.RCVHWM, 10000)
        sock.setsockopt(zmq.HANDSHAKE_IVL, self.handshake_ms)
        if self.secure:
            assert self.keypair is not None
            security.start_zap(self.ctx)
            self._zap = True
            security.secure_server(sock, self.keypair)
        try:
            sock.bind(self.bind_to)
        except zmq.ZMQError:
            sock.close(linger=0)
            if self._zap:
                security.stop_zap(self.ctx)
                self._zap = False
            raise
        self.sock = sock
        self._raw = zmq.Socket.shadow(sock.underlying)
        self.endpoint = sock.getsockopt_string(zmq.LAST_ENDPOINT)
        self._tasks = [asyncio.create_task(self._recv_loop()), asyncio.create_task(self._sweep_loop())]
        if self.secure:
            self.log("listening", endpoint=self.endpoint, address=self.address, tables=list(self.tables),
                     secure=True)
        else:
            self.log("listening", endpoint=self.endpoint, address=self.address, tables=list(self.tables),
                     secure=False)
            self.log("insecure", level="warning", message=security.INSECURE_WARNING)
        return self.endpoint

    async def close(self) -> None:
        for sess in list(self.sessions.values()):
            self.send(sess, "closing", {"reason": "host shutting down"})
        for table in list(self.tables.values()):
            table.cancel_all()
            for s in table.seats:
                for h in (s.grace, s.pending):
                    if h is not None:
                        h.cancel()
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            try:
                await t
            except (asyncio.CancelledError, Exception):
                pass
        self._sync()
        if self._syncing:       # the last moves' fsyncs: then the frames held for them go out
            await asyncio.gather(*self._syncing, return_exceptions=True)
            await asyncio.sleep(0)
        if self._fsyncs is not None:
            self._fsyncs.shutdown(wait=False)
            self._fsyncs = None
        if self.sock is not None:
            self.sock.close(linger=0)
            self.sock = None
        self._raw = None
        if self._zap:
            security.stop_zap(self.ctx)
            self._zap = False
        if self.journal is not None:
            self.journal.close()
        self.log("stopped", frames_in=self.stats["frames_in"], frames_out=self.stats["frames_out"],
                 fsyncs_inline=self.stats.get("fsyncs_inline", 0),
                 fsyncs_threaded=self.stats.get("fsyncs_threaded", 0))

    # ------------------------------------------------------------------ sending
    def _next_id(self) -> int:
        self._ids += 1
        return self._ids

    def send(self, session: Session, type_: str, body: dict[str, Any] | None = None, re: int | None = None,
             packed: bytes | None = None) -> bool:
        if session.dead or self.sock is None:
            return False
        session.seq += 1
        data = P.encode_packed(type_, packed if packed is not None else P.pack_body(body or {}),
                               self._next_id(), re, session.seq)
        return self.route(session, data)

    def route(self, session: Session, data: bytes) -> bool:
        """Send a frame now, or hold it while the session's table has a journal append not yet
        fsynced (or earlier frames of this session are still held): a connection's frames
        always leave in order, and none tells of a move before the move is on disk."""
        table = session.table
        pending = table is not None and table.issued > table.synced
        q = session.outq
        if not q and not pending:
            return self.send_now(session, data)
        if q is None:
            q = session.outq = deque()
        if pending:
            assert table is not None
            q.append((data, table, table.issued))
            if len(q) == 1:
                table.waiters[session] = None
        else:
            q.append((data, None, 0))
        return True

    def drain(self, session: Session) -> None:
        """Send a session's held frames whose fsyncs are done, in order."""
        q = session.outq
        while q:
            data, table, n = q[0]
            if table is not None and table.synced < n:
                table.waiters[session] = None
                return
            q.popleft()
            self.send_now(session, data)

    def send_now(self, session: Session, data: bytes) -> bool:
        raw = self._raw
        if session.dead or raw is None or self.sock is None:
            return False
        if self.send_hook is not None:
            self.send_hook(session, data)
        # straight through the socket (DONTWAIT never waits): no future per frame; one check of
        # the socket's edge-triggered events per loop pass instead (_kick)
        try:
            raw.send_multipart([session.ident, data], flags=zmq.DONTWAIT)
        except zmq.ZMQError as exc:
            reason = "unreachable" if exc.errno == zmq.EHOSTUNREACH else "slow"
            session.dead = True
            self.loop.call_soon(self.drop, session, reason)
            return False
        finally:
            if not self._kicking:
                self._kicking = True
                self.loop.call_soon(self._kick)
        self.stats["frames_out"] += 1
        self.stats["bytes_out"] += len(data)
        return True

    def _kick(self) -> None:
        """After sends straight through the socket: wake the receiving side if frames wait
        (the socket's descriptor is edge-triggered; zmq.asyncio does this after each send)."""
        self._kicking = False
        sock = self.sock
        if sock is not None:
            with contextlib.suppress(Exception):
                sock._schedule_remaining_events()  # type: ignore[attr-defined]

    def reply(self, session: Session, re: int | None, body: dict[str, Any]) -> None:
        self.send(session, "reply", body, re=re)

    def error_reply(self, session: Session, re: int | None, code: str, message: str, **extra: Any) -> None:
        self.stats["errors"] += 1
        now = self.loop.time()
        session.err_tokens = min(self.err_burst, session.err_tokens + (now - session.stamp) * self.err_rate)
        if session.err_tokens < 1:
            return
        session.err_tokens -= 1
        self.reply(session, re, P.error(code, message, **extra))

    # ------------------------------------------------------------------ sessions
    def detach(self, session: Session) -> None:
        if session.table is not None:
            session.table.leave(session)

    def drop(self, session: Session, reason: str) -> None:
        """Forget a connection; its seat (if any) waits for its return for the grace period."""
        session.dead = True
        if self.sessions.get(session.ident) is session:
            del self.sessions[session.ident]
            left = self.per_key.get(session.key, 1) - 1
            if left > 0:
                self.per_key[session.key] = left
            else:
                self.per_key.pop(session.key, None)
        table, seat = session.table, session.seat
        session.table, session.seat = None, None
        if table is not None:
            if session.spectator:
                if session in table.spectators:
                    table.spectators.remove(session)
            elif seat is not None and seat.session is session:
                table.seat_gone(seat, reason)

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(min(1.0, self.idle_seconds / 3))
            now = self.loop.time()
            for sess in list(self.sessions.values()):
                if now - sess.last_seen > self.idle_seconds:
                    self.drop(sess, "idle")
                elif not sess.said_hello and sess.table is None and now - sess.stamp0 > self.hello_seconds:
                    self.drop(sess, "no_hello")
            for ident, until in list(self.blocked.items()):
                if until < now:
                    del self.blocked[ident]

    # ------------------------------------------------------------------ receiving
    async def _recv_loop(self) -> None:
        assert self.sock is not None
        while True:
            try:
                frames = await self.sock.recv_multipart(copy=False)
            except asyncio.CancelledError:
                raise
            except zmq.ZMQError as exc:
                self.log("recv_error", level="error", error=repr(exc))
                await asyncio.sleep(0.01)
                continue
            self._on_recv(frames)
            # then whatever else is already waiting, without a future per message (a bounded
            # batch, so timers and fsync completions get their turn)
            raw = self._raw
            for _ in range(RECV_BATCH):
                if raw is None or self.sock is None:
                    break
                try:
                    frames = raw.recv_multipart(flags=zmq.NOBLOCK, copy=False)
                except zmq.Again:
                    break
                except zmq.ZMQError:
                    break
                self._on_recv(frames)

    def _on_recv(self, frames: list[Any]) -> None:
        try:
            key = security.peer_key(frames[-1]) if self.secure else None
            self.on_frames([f.bytes for f in frames], key)
        except Exception as exc:  # never let one message stop the host
            self.fail("recv", exc)

    def on_frames(self, parts: list[bytes], key: str | None = None) -> None:
        self.stats["frames_in"] += 1
        ident = parts[0]
        if ident in self.blocked:
            return
        if self.secure and key is None:       # cannot happen with CURVE + ZAP; refuse rather than trust
            return
        now = self.loop.time()
        session = self.sessions.get(ident)
        if session is not None and session.key != key:
            # a different key behind a reused ROUTER identity: never let it inherit the session
            self.log("identity_mismatch", level="warning")
            self.drop(session, "identity_mismatch")
            session = None
        if session is None:
            if len(self.sessions) >= self.max_sessions:
                return
            if self.per_key.get(key, 0) >= self.max_per_key and key is not None:
                self.blocked[ident] = now + 5.0
                self.log("too_many_connections", level="warning", key=key[:8])
                return
            session = Session(ident, last_seen=now, tokens=self.burst, stamp=now, key=key)
            session.stamp0 = now
            self.sessions[ident] = session
            self.per_key[key] = self.per_key.get(key, 0) + 1
        session.last_seen = now
        session.tokens = min(self.burst, session.tokens + (now - session.stamp) * self.rate)
        session.err_tokens = min(self.err_burst, session.err_tokens + (now - session.stamp) * self.err_rate)
        session.stamp = now
        if session.tokens < 1:
            session.strikes += 1
            if session.strikes > self.max_strikes:
                self.log("flood_dropped", level="warning", strikes=session.strikes)
                self.blocked[ident] = now + 30.0
                self.drop(session, "flood")
                return
            self.error_reply(session, None, "rate_limited",
                             f"slow down: at most {self.rate:g} messages a second")
            return
        session.tokens -= 1
        if session.strikes and session.tokens > self.burst / 2:
            session.strikes = 0
        if len(parts) != 2:
            self.error_reply(session, None, "bad_frame", "send exactly one frame per message")
            return
        try:
            env = P.decode(parts[1])
        except P.ProtocolError as exc:
            session.strikes += 1
            self.error_reply(session, exc.re, exc.code, exc.message, **exc.extra)
            return
        try:
            self.dispatch(session, env)
        except P.ProtocolError as exc:
            self.error_reply(session, env.id, exc.code, exc.message, **exc.extra)
        except Exception as exc:  # a bug on our side: logged, answered, survived
            table = session.table.id if session.table is not None else None
            self.fail("dispatch", exc, type=env.type, table=table)
            self.error_reply(session, env.id, "internal", "the host failed on this message (logged)")

    def dispatch(self, session: Session, env: P.Envelope) -> None:
        body, t = env.body, env.type
        if t == "ping":
            self.reply(session, env.id, P.ok(time=time.time()))
            return
        if t == "hello":
            version = P.negotiate(body["versions"])
            session.version = version
            session.said_hello = True
            resume = None
            token = body.get("token")
            if token:
                for table in self.tables.values():
                    seat = next((s for s in table.seats if s.token is not None
                                 and secrets.compare_digest(s.token, token) and table.owns(s, session)), None)
                    if seat is not None:
                        resume = {"table": table.id, "seat": seat.name}
            session.lean = body.get("choices") is False
            extra = {} if session.lean else {"choices": lobby_mod.choices()}
            self.reply(session, env.id, P.ok(versions=list(P.SUPPORTED), version=version,
                                              tables=[tb.summary() for tb in self.tables.values()],
                                              ping_seconds=self.ping_seconds,
                                              max_frame=P.MAX_CLIENT_FRAME, resume=resume,
                                              allow_create=self.allow_create, **extra))
            return
        if t == "join":
            name = body.get("name")
            table = self.tables.get(body["table"])
            if table is None:
                if not self.allow_create or body.get("token") or body.get("spectator"):
                    raise P.ProtocolError("no_table", f"no table {body['table']!r} here")
                if len(self.tables) >= self.max_tables:
                    raise P.ProtocolError("host_full", "this host serves no more tables")
                table = self.add_table(body["table"], {"password": body.get("password")}, autostart=False,
                                       created=True)
            result = table.join(session, name, body.get("token"), bool(body.get("spectator")),
                                body.get("password"))
            self.reply(session, env.id, P.ok(table=table.id, **result))
            if table.phase == "lobby" and not body.get("spectator") and body.get("token") is None:
                pass
            return
        table = session.table
        if table is None:
            raise P.ProtocolError("not_joined", "join a table first")
        if t == "leave":
            table.leave(session)
            self.reply(session, env.id, P.ok())
            return
        if session.spectator:
            raise P.ProtocolError("spectator", "spectators only watch")
        if t == "lobby_set":
            table.set_settings(session, body["settings"])
        elif t == "ready":
            if table.phase != "lobby" or session.seat is None:     # checked before the one reply
                raise P.ProtocolError("not_in_lobby", "ready is for seated players in the lobby")
            if "picks" in body:
                table.set_picks(session, body["picks"])
            self.reply(session, env.id, P.ok())
            self.after_reply(session, table.set_ready, session, bool(body.get("ready", True)))
            return
        elif t == "start":
            table.request_start(session)
        elif t == "rematch":
            if table.phase != "over" or session.seat is None:
                raise P.ProtocolError("not_over", "rematch is for seated players after a game")
            self.reply(session, env.id, P.ok())
            self.after_reply(session, table.request_rematch, session)
            return
        elif t == "move":
            self.on_move(session, table, env)
            return
        self.reply(session, env.id, P.ok())

    def after_reply(self, session: Session, fn: Callable[..., Any], *args: Any) -> None:
        """Work after a request's one reply: a refusal now is told without ``re`` (no second reply)."""
        try:
            fn(*args)
        except P.ProtocolError as exc:
            self.error_reply(session, None, exc.code, exc.message, **exc.extra)

    def on_move(self, session: Session, table: Table, env: P.Envelope) -> None:
        seat = session.seat
        assert seat is not None
        try:
            move = Move.from_dict(env.body["move"])
        except IllegalMove as exc:
            raise P.ProtocolError(exc.code, exc.message) from None
        if move.do == "resolve":
            raise P.ProtocolError("host_only", "the host closes reaction windows when their timer runs out")
        err = table.apply(seat, move, re=env.id, session=session)
        if err is not None:
            raise P.ProtocolError(err.code, err.message)
        self.reply(session, env.id, P.ok())


async def serve(host: Host, stop: asyncio.Event) -> None:
    await host.start()
    try:
        await stop.wait()
    finally:
        await host.close()
