"""A table: its lobby (seats, settings, ready, start, rematch), the game it runs and what
each connection is told of it, and its records in the host's crash journal.

Everything here runs inside the host's asyncio loop (frame handlers, timers, bots), so a
table never sees two changes at once. A table reaches the network and the disk only
through its host (``send``, ``journal_append``), and knows of it only :class:`TableHost`,
the few things it may call: the host imports the table, never the other way, so a table
can be read, and driven in a test, without the socket. The host writes a move to disk
before any frame tells of it. Its timers and bots are in :mod:`ekpeer.net.table_timers`.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol, runtime_checkable

from ..engine import Game, IllegalMove, Move, player_view, spectator_view
from ..engine.replay import replay
from ..engine.view import dealt_cards, own_part, public_part, update_for, visible_events
from ..i18n import Said
from ..plugins import PluginWords, blame, choice_said_in, ruleset, said_in, translated
from ..table_settings import hard_seconds
from . import card_faults, host_said, limits, passwords
from . import lobby as lobby_mod
from . import protocol as P
from .journal import Journal
from .late_moves import RanOut, late_refusal
from .lobby_drops import DroppedSeats
from .refused import MoveRefused
from .seats import Seat, Session, new_token, token_digest
from .table_timers import TableTimers, TimerHost

#: The host's own move where closing a reaction window failed (Table.rules_failed).
FIZZLE = Move("fizzle")

HISTORY = 200          # events kept per game for snapshots
SNAPSHOT_EVENTS = 50   # events a snapshot carries
MAX_SPECTATORS = 64
MAX_PICKS = 20         # card ids a custom-deck pick names per pile or hand
#: the most watchers' keys a table remembers (Table.watcher_keys), the oldest forgotten first:
#: keys that dropped and never came back are not kept for the table's whole life
WATCHER_KEYS = 4 * MAX_SPECTATORS


def _with_by(move: Move, by: str) -> Move:
    """``move`` made by ``by`` (the host sets ``by``; a client's claim is never trusted)."""
    if hasattr(move, "_replace"):
        return move._replace(by=by)
    return replace(move, by=by)


@runtime_checkable
class TableHost(TimerHost, Protocol):
    """All a table may call on its host (:class:`~ekpeer.net.host.Host` is one), its clock's
    :class:`~ekpeer.net.table_timers.TimerHost` included."""

    loop: asyncio.AbstractEventLoop
    rng: random.Random                  # each table's own RNG is seeded from it (a fixed seed)...
    seed: int | None                    # ...or from the OS when this is None
    journal: Journal | None             # the crash journal (None: not kept)
    audit: bool                         # check after every move that no card was lost or made
    stats: dict[str, int]
    game_over_hooks: list[Callable[[Table], Any]]    # called with a table whose game ended

    def guard_io(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` for the journal: a disk error is logged, never raised (None then)."""
        ...

    def journal_append(self, table: Table, records: list[dict[str, Any]]) -> None:
        """Write ``records`` to ``table``'s journal before any frame tells of them."""
        ...

    def journal_rewrite(self, table: Table, records: list[dict[str, Any]]) -> None:
        """Replace ``table``'s journal with ``records`` before any frame tells of them."""
        ...

    def detach(self, session: Session) -> None:
        """Take ``session`` away from the table it is at, if any."""
        ...

    def remove_table(self, table: Table) -> None: ...

    def replaced(self, session: Session, table: str, seat: str) -> None:
        """``session`` lost seat ``seat`` at ``table`` to a newer connection of its key: told so
        (``replaced``), then dropped."""
        ...

    def new_seed(self, rng: random.Random) -> int:
        """A seed for a deal or a bot: from the OS (unless the host has a fixed seed)."""
        ...

    def check_password(self, table: Table, session: Session, password: str | None) -> None:
        """``bad_password`` / ``rate_limited`` unless ``password`` opens ``table`` (guesses counted)."""
        ...

    def count_password_set(self, session: Session) -> None:
        """``rate_limited`` unless ``session`` may have one more table password hashed now."""
        ...


class Table(TableTimers):
    """One table of the host: its seats, its spectators and, once started, its game."""

    host: TableHost

    def __init__(self, host: TableHost, table_id: str, settings: dict[str, Any], autostart: bool = True,
                 title: str = "", description: str = "", created: bool = False) -> None:
        self.host = host
        self.id = table_id
        self.settings = settings
        self.autostart = autostart
        self.title = title or table_id
        self.description = description
        self.created = created          # made by a player's join (removed when empty)
        self.makers: list[str] = []     # its maker's key and address (the host's per-maker budget)
        self.went_out: list[Any] = []     # this game's public "exploded" events, in order
        self.settings_logged_at = -limits.SETTINGS_LOG_EVERY    # see log_settings
        self.settings_unlogged = 0
        self.creator: Seat | None = None
        self.phase = "lobby"
        self.seats: list[Seat] = []
        self.dropped = DroppedSeats()   # lobby seats whose connection dropped, kept for their key
        self.spectators: list[Session] = []
        #: the client keys let in to watch (see :meth:`watched_by`): one whose link dropped is
        #: let in again by its key, as a seat's is, whatever password was set since
        self.watcher_keys: dict[str, None] = {}     # (ordered: the oldest first)
        #: the keys that watched before this host started (the journal's), not back yet: the one
        #: that comes back is told the host started again (``restarted``), as a seat's player is
        self.watchers_at_start: set[str] = set()
        self.game: Game | None = None
        #: the (card, rule) whose failure this game was logged (card_faults.log_new: once each)
        self.faults_logged: set[tuple[str, str]] = set()
        #: the plugins whose hooks' failure this game every player was told of (card_faults.said_new)
        self.faults_said: set[str] = set()
        #: this game's host words to everyone a replay says again, with their step (host_said.py)
        self.said_for_replay: list[dict[str, Any]] = []
        #: seat -> how many times running its clock ran out with no move of theirs going (the
        #: rules failed on each one tried, ``no_move``); any move that goes clears it
        self.stuck: dict[str, int] = {}
        #: the plugin the last move the rules failed on was blamed on (``rules_failed``)
        self.failed_plugin: str | None = None
        self.catalog: list[dict[str, Any]] = []
        self.catalogs: dict[tuple[str, int], list[dict[str, Any]]] = {}   # catalog_in's, by language
        self.history: deque = deque(maxlen=HISTORY)
        #: this game's events told so far, by audience (None: everyone's; a name: theirs alone)
        self.told: Counter[str | None] = Counter()
        self.timer: asyncio.TimerHandle | None = None
        self.timer_info: dict[str, Any] | None = None
        self.timer_ends = 0.0
        self.ran_out: RanOut | None = None
        self.gen = 0
        self.cone: str | None = None    # who wears the Cone of Shame this game (wear_cone)
        self.games = 0
        #: this game's seats that changed since the last: a bot seated instead of a person who
        #: left it (``{seat, instead_of, why}``), said in every lobby so each screen tells why
        self.replaced: list[dict[str, str]] = []
        #: seats taken after a game for the next (:meth:`sit_for_next_game`): the table bot's
        #: seat a person took (``{seat, instead_of, why: "sat"}``), said in ``replaced`` once
        #: that game is dealt ("dan takes bot1's seat in this game")
        self.sat: list[dict[str, str]] = []
        #: the winners of the last game whose seat a bot played at its end (``left`` or
        #: ``covered``): "cat wins!" was said of a game a bot won after cat had left
        self.won_by_bot: dict[str, str] = {}
        self.cards0: Any = None         # the game's cards at the start (Host.audit: checked every move)
        # timeouts' random moves and bot delays; from the OS unless the host has a fixed seed
        self.rng = random.Random(host.rng.random()) if host.seed is not None else random.Random()

    # ------------------------------------------------------------------ helpers
    @property
    def game(self) -> Game | None:
        """The game played here: every game a table holds (dealt, rolled back, resumed) sets a
        card aside whose rule fails when asked, so one card's bug never freezes the table."""
        return self._game

    @game.setter
    def game(self, game: Game | None) -> None:
        self._game = card_faults.guard(game)
        #: the cards a game so set up holds (every snapshot's ``deck``), counted once a game: a
        #: plugin hook that fails counting them is then kept before anyone is told of the game
        self.dealt = None if game is None else dealt_cards(game)

    def log_faults(self) -> None:
        """Log, once each, the cards whose rules failed when asked (``card_faults``)."""
        game = self._game
        if game is not None and game.failed_rules:
            card_faults.log_new(game, self.faults_logged, self.host.log, self.id)

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self.host.loop

    def seat(self, name: str) -> Seat | None:
        return next((s for s in self.seats if s.name == name), None)

    def name_taken(self, name: str) -> bool:
        """A seat here already has this name, or one that reads alike (``Honest``)."""
        return any(P.same_name(s.name, name) for s in self.seats)

    def refuse_taken_name(self, name: str) -> None:
        """``name_taken`` when a seat here has ``name`` or one that reads alike: the seated name
        in ``seated`` too (``CAT`` is refused for ``cat``, and the player is told ``cat``)."""
        seated = next((s.name for s in self.seats if P.same_name(s.name, name)), None)
        if seated is None:
            return
        if seated == name:
            said = Said("someone at this table is already called {name}", name=seated)
        else:
            said = Said("someone at this table is already called {name} (names that differ only in "
                        "capitals, or in letters that look alike, count as the same)", name=seated)
        raise P.ProtocolError("name_taken", said, seated=seated)

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
        """What ``hello`` lists of a table: small (every field bounded), no options, no picks."""
        st = self.settings
        return {"table": self.id, "title": self.title[:P.TABLE_LEN], "description": self.description[:200],
                "phase": self.phase, "seats": st["seats"], "taken": len(self.humans()),
                "settings": {"expansions": st["expansions"], "deck": st["deck"], "variants": st["variants"],
                             "seats": st["seats"], "bots": st["bots"], "password": bool(st.get("password"))},
                "created": self.created, "password": bool(st.get("password"))}

    def owns(self, seat: Seat, session: Session) -> bool:
        """A seat belongs to the client key that took it (no key on either side: --insecure)."""
        return seat.key is None or (session.key is not None and secrets.compare_digest(seat.key, session.key))

    def password_ok(self, password: str | None) -> bool:
        want = self.settings.get("password")       # salted and hashed (lobby.check sealed it)
        if not want:
            return True
        return passwords.matches(want, password)

    # ------------------------------------------------------------------ crash journal
    def table_record(self) -> dict[str, Any]:
        return {"t": "table", "id": self.id, "settings": self.settings, "autostart": self.autostart,
                "title": self.title, "description": self.description, "created": self.created,
                "games": self.games, "watchers": list(self.watcher_keys)}

    def journal_watcher(self, key: str, gone: bool = False) -> None:
        """A client key let in to watch (or gone from the watching for good), appended to the
        journal: a resumed table lets its watchers back in past its password, as it lets a
        seat's key, and tells them the host started again. Only the public key is kept, as for
        a seat: it opens nothing without the secret half, which never leaves the client."""
        if self.host.journal is not None:
            self.host.journal_append(self, [{"t": "watch", "key": key, **({"gone": True} if gone else {})}])

    def journal_lobby(self) -> None:
        """The table as it stands outside a game (settings; lobby seats are not kept)."""
        if self.host.journal is not None:
            self.host.journal_rewrite(self, [self.table_record()])

    def journal_game(self, moves: list[dict[str, Any]] | None = None) -> None:
        if self.host.journal is None or self.game is None:
            return
        # no token in clear: a seat's SHA-256 is enough to know it again (and a token is useless
        # without the client key it is bound to, which the journal keeps as the public half only)
        seats = [{"name": s.name, "token_sha256": token_digest(s.token) if s.token else s.token_sha256,
                  "key": s.key, "kind": s.kind, "left": s.left, "takeover": s.takeover,
                  "gone_at": self.gone_at(s), "creator": s is self.creator} for s in self.seats]
        game = {"t": "game", "origin": self.game.origin, "plugins": list(self.game.ruleset.plugins),
                "seats": seats, "games": self.games}
        cone = [{"t": "cone", "seat": self.cone}] if self.cone is not None else []
        self.host.journal_rewrite(self, [self.table_record(), game, *cone, *(moves or [])])

    def gone_at(self, seat: Seat) -> float | None:
        """When (wall clock) the connection of a seat a bot covers dropped, for the journal: a
        resumed table goes on counting how long its person has been away (None: not covered)."""
        if not seat.takeover or seat.left or seat.gone_since is None:
            return None
        return round(time.time() - max(0.0, self.loop.time() - seat.gone_since), 3)

    def journal_seats(self) -> None:
        """The game's record rewritten with each seat as it stands now (its moves kept), when a
        seat's state changed in a game being played: left, taken over by a bot after its grace,
        or its person back. A resumed table knew only the seats of the game's start, so one who
        had left was said to have "lost connection" and their turn waited out a grace period."""
        if self.game is not None and self.phase == "playing":
            self.journal_game([{"t": "move", "m": m.to_dict()} for m in self.game.log])

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
            "winners": list(self.game.winners) if self.game is not None else [],
            "won_by_bot": dict(self.won_by_bot),
            "replaced": [dict(r) for r in self.replaced],
            "settings": self.public_settings(you),
            "seats": [{"name": s.name, "ready": s.ready, "bot": s.kind is not None,
                       "connected": s.session is not None,
                       "you": s is you, "rematch": s.rematch, "takeover": s.takeover, "left": s.left,
                       "creator": s is self.creator, "cone": s.name == self.cone,
                       "back_after": s.back_after,
                       **self.connection(s)} for s in self.seats],
            "cone": self.cone,
            # who watches (late friends): every screen lists them, so nobody is watched unawares
            "spectators": self.watchers(),
            # the plugins this table runs, with versions: shown in the lobby, never needed by clients
            "plugins": lobby_mod.table_plugins_in(self.settings["expansions"], session.lang),
            # what a hard bot's decision costs here (seconds of one core), said in the lobby
            "bot_seconds": hard_seconds(),
            # the counts of players each deck deals for with these boxes and variants
            "deck_seats": lobby_mod.deck_seats(tuple(self.settings["expansions"]),
                                               tuple(self.settings.get("variants") or ())),
        }
        if not (session.lean and self.phase != "lobby"):     # every plugin's decks and variants
            body["choices"] = lobby_mod.choices_in(session.lang)
        return body

    def watchers(self) -> list[str]:
        """The spectators' names, as they gave them (one who gave none is "a spectator")."""
        return [sp.watcher or "a spectator" for sp in self.spectators]

    def connection(self, seat: Seat) -> dict[str, Any]:
        """``seat``'s connection as every player may see it: ``state`` is ``bot`` (a bot's seat),
        ``connected``, ``gone`` (a person's connection dropped: ``gone_seconds`` ago, a bot
        covers the seat in ``grace_left`` seconds), ``covered`` (a bot plays it until they are
        back) or ``left`` (they left the game; a bot plays it). ``restarted``: a ``gone`` or
        ``covered`` seat has had no connection since this host started (resumed from its
        journal): its player saw the host go, their own link did not drop (a watcher read
        "ann lost connection" for each seat of a killed host, and "ann is back" as each
        rejoined on their own)."""
        if seat.kind is not None:
            return {"state": "bot"}
        if seat.session is not None:
            return {"state": "connected"}
        if seat.left:
            return {"state": "left"}
        now = self.loop.time()
        gone = round(now - seat.gone_since, 1) if seat.gone_since is not None else None
        restarted = {"restarted": True} if seat.gone_at_start else {}
        if seat.takeover or seat.grace is None:
            return {"state": "covered", "gone_seconds": gone, **restarted}
        grace_left = max(0.0, seat.grace.when() - now)
        return {"state": "gone", "gone_seconds": gone, "grace_left": round(grace_left, 1), **restarted}

    def wear_cone(self, seat: Seat) -> None:
        """The Cone of Shame (seed 001): the first person whose clock runs out "forgot whose turn
        it was" and wears it for the rest of the game. A table fact, not a rule of the engine:
        journalled (a resumed table keeps it), logged, and told in every lobby (``cone``)."""
        if self.cone is not None:
            return
        self.cone = seat.name
        self.host.log("cone_of_shame", table=self.id, seat=seat.name)
        if self.host.journal is not None:
            self.host.journal_append(self, [{"t": "cone", "seat": seat.name}])
        self.broadcast_lobby()

    def broadcast_lobby(self) -> None:
        for s in self.connected():
            self.host.send(s.session, "lobby", self.lobby_body(s.session))  # type: ignore[arg-type]
        for sp in self.spectators:
            self.host.send(sp, "lobby", self.lobby_body(sp))

    def join(self, session: Session, name: str | None, token: str | None, spectator: bool,
             password: str | None = None) -> dict[str, Any]:
        if self.settings.get("password") and (token is None or spectator) \
                and (spectator or (self.returning(session, name) or self.held_by_key(session)) is None) \
                and not self.watched_by(session, again=spectator):
            # a token resumes its own seat only, as the key that took a seat does coming back
            # to it by name; watching needs the password like sitting down, and a watcher of
            # this table taking a seat was let in already (ekpeer's t asked it again, and its
            # refusal told someone inside the table to "join again with --password")
            self.host.check_password(self, session, password)
        if spectator:
            if len(self.spectators) >= MAX_SPECTATORS:
                # its own code: "table_full" told a person who came to watch that every seat
                # was taken, which is not what stops them
                raise P.ProtocolError("too_many_watchers", Said("{most} people watch this table already, "
                                                                "the most it takes", most=MAX_SPECTATORS),
                                      most=MAX_SPECTATORS)
            self.host.detach(session)
            session.table, session.spectator, session.watcher = self, True, name or None
            self.spectators.append(session)
            restarted = False
            if session.key is not None:
                restarted = session.key in self.watchers_at_start
                self.watchers_at_start.discard(session.key)
                if session.key not in self.watcher_keys:
                    self.journal_watcher(session.key)
                self.watcher_keys.pop(session.key, None)
                self.watcher_keys[session.key] = None
                while len(self.watcher_keys) > WATCHER_KEYS:
                    del self.watcher_keys[next(iter(self.watcher_keys))]
            self.host.log("watching", table=self.id, name=name)
            self.broadcast_lobby()          # everyone at the table sees who watches
            if self.game is not None and self.phase != "lobby":
                self.send_snapshot(session)
            return {"token": None, "seat": None, "spectator": True,
                    **({"restarted": True} if restarted else {})}
        if token is not None:
            seat = next((s for s in self.seats if s.has_token(token)), None)
            if seat is None and self.phase == "lobby":
                seat = self.seat_again(session, token)
            if seat is None or not self.owns(seat, session):
                raise P.ProtocolError("bad_token", Said("no seat at this table has that token for your key"))
            seat.token = token          # (a seat from the journal knew only its digest)
            self.host.detach(session)
            away, restarted = self.away_seconds(seat), seat.gone_at_start
            self.take_seat_from(seat, session)
            bot_played = self.seat_back(seat, session)
            return {"token": seat.token, "seat": seat.name, "resumed": True, "bot_played": bot_played,
                    "away": away, **({"restarted": True} if restarted else {})}
        if not name:
            raise P.ProtocolError("bad_message", Said("join needs a name (or a token to resume)"))
        mine = self.returning(session, name)
        by_key = mine is None and (mine := self.held_by_key(session)) is not None
        if mine is not None:
            # the key that took this seat comes back by name (a host restarted with --resume; in
            # a game, a client restarted before the host noticed its old connection was gone)
            if mine.token is None:      # from the journal, which keeps no token: a new one
                mine.token, mine.token_sha256 = new_token(), None
                self.journal_seats()
            self.host.detach(session)
            away, restarted = self.away_seconds(mine), mine.gone_at_start
            self.take_seat_from(mine, session)
            bot_played = self.seat_back(mine, session)
            return {"token": mine.token, "seat": mine.name, "resumed": True, "bot_played": bot_played,
                    "away": away, **({"restarted": True} if restarted else {}),
                    **({"by_key": True} if by_key else {})}
        if self.phase == "over":
            return self.sit_for_next_game(session, name)
        if self.phase != "lobby":
            raise P.ProtocolError("table_started", Said("this table is playing: join as a spectator or "
                                                        "resume your seat with its token"))
        self.refuse_taken_name(name)
        if len(self.seats) >= self.settings["seats"]:
            raise P.ProtocolError("table_full", Said("all {seats} seats are taken",
                                                     seats=self.settings["seats"]))
        self.host.detach(session)
        seat = Seat(name=name, token=new_token(), session=session, key=session.key)
        self.seats.append(seat)
        session.table, session.seat, session.spectator = self, seat, False
        if self.created and self.creator is None:
            self.creator = seat
        self.host.log("joined", table=self.id, seat=name)
        self.broadcast_lobby()
        return {"token": seat.token, "seat": seat.name, "resumed": False}

    def watched_by(self, session: Session, again: bool = False) -> bool:
        """``session`` watches this table: it came in as a spectator (with the password, if the
        table had one then), so taking a seat here asks for no password again. ``again``: or
        its client key was let in to watch and comes back to watch (its link dropped and the
        client rejoined on its own: a password set since refused it, where a seated player's
        key comes back in); a key that left the watching, or never watched, is asked."""
        if session.spectator and session.table is self and session in self.spectators:
            return True
        return again and session.key is not None and session.key in self.watcher_keys

    def returning(self, session: Session, name: str | None) -> Seat | None:
        """The seat ``session`` comes back to by name: a person's, taken by this client key
        (CurveZMQ proves the key), in the lobby as in a game, whether or not the host has noticed
        yet that its old connection is gone (a terminal killed in a lobby and the same ``ekpeer
        join`` run at once was refused as if someone else had the name). Its own seat needs no
        password, as a token's does: a player who left a game was told that joining again gives
        the seat back. Another key with that name is no returning player (``name_taken``)."""
        mine = self.seat(name) if name else None
        if mine is not None and mine.human and mine.key is not None and self.owns(mine, session):
            return mine
        return None

    def held_by_key(self, session: Session) -> Seat | None:
        """The one person's seat of this game that ``session``'s client key took, whatever name
        it asks for now: a hosting player who ran ``ekpeer host --resume`` without the
        ``--name`` of the game's start came as "player" and was refused their own seat (the
        host's own client always has the same key). None with no key, or if the key took
        several seats (no way to tell which is meant), or in a lobby or after the game, where a
        new name is a new seat. A seat still connected is no returning player's: another window
        with the same key (the same data folder), watching as another name, must not take it."""
        if session.key is None or self.phase != "playing":
            return None
        held = [s for s in self.seats if s.human and s.key is not None and self.owns(s, session)]
        return held[0] if len(held) == 1 and held[0].session is None else None

    def seat_again(self, session: Session, token: str) -> Seat | None:
        """The lobby seat ``token`` opens whose connection dropped lately, put back where it sat
        for ``session`` if its key took it (:mod:`ekpeer.net.lobby_drops`); None if there is none.
        Refused if its name or the last seat was taken meanwhile."""
        now = self.loop.time()
        dropped = self.dropped.take(token, lambda seat: self.owns(seat, session), now,
                                    self.settings["grace_seconds"])
        if dropped is None:
            return None
        seat = dropped.seat
        self.refuse_taken_name(seat.name)
        if len(self.seats) >= self.settings["seats"]:
            raise P.ProtocolError("table_full", Said("all {seats} seats are taken",
                                                     seats=self.settings["seats"]))
        self.seats.insert(min(dropped.place, len(self.seats)), seat)
        seat.back_after = self.away_seconds(seat)
        return seat

    def take_seat_from(self, seat: Seat, session: Session) -> None:
        """``seat``'s connection, if another than ``session``, no longer holds it: the same key
        came back on a new one (the newer window wins). The old one is told so and dropped
        (:meth:`TableHost.replaced`): a window left open must not take the seat back."""
        old = seat.session
        if old is not None and old is not session:
            old.table, old.seat = None, None
            self.host.replaced(old, self.id, seat.name)

    def sit_for_next_game(self, session: Session, name: str) -> dict[str, Any]:
        """After a game, a late friend (most often one who watched it) takes a seat for the
        next one: a table bot's seat becomes theirs. Never the seat of a person who left: it
        is kept for them (a bot plays it) until they join again with their key, as the leave
        dialog promised; it went to the first watcher who asked. With no bot's seat free the
        refusal says how many seats are kept so (``kept``), for the client's words.
        The rematch then waits for them too (it starts once every connected seat asks)."""
        self.refuse_taken_name(name)
        free = [s for s in self.seats if s.kind is not None]
        if not free:
            kept = sum(1 for s in self.seats if s.left)
            seats = self.settings["seats"]
            said = Said("all {seats} seats are taken by people for the next game too ({kept} kept for "
                        "people who left and may come back)", seats=seats, kept=kept) if kept else \
                Said("all {seats} seats are taken by people for the next game too", seats=seats)
            # next_game: the client's words for it need not read the host's, in whatever language
            raise P.ProtocolError("table_full", said, kept=kept, next_game=True)
        given = free[-1]
        self.host.detach(session)
        seat = Seat(name=name, token=new_token(), session=session, key=session.key)
        self.seats[self.seats.index(given)] = seat
        if given.pending is not None:
            given.pending.cancel()
        if given.grace is not None:
            given.grace.cancel()
        session.table, session.seat, session.spectator = self, seat, False
        self.sat.append({"seat": name, "instead_of": given.name, "why": "sat"})
        self.host.log("joined", table=self.id, seat=name, instead_of=given.name, next_game=True)
        self.broadcast_lobby()
        return {"token": seat.token, "seat": seat.name, "resumed": False}

    def away_seconds(self, seat: Seat) -> float | None:
        """How long ``seat`` has been without a connection (None: it was not gone), for the
        join reply of its return: every other table said its player lost connection, and their
        own log says so too ("Your connection to the host dropped; back after 2 s")."""
        if seat.gone_since is None:
            return None
        return round(max(0.0, self.loop.time() - seat.gone_since), 1)

    def seat_back(self, seat: Seat, session: Session) -> bool:
        """``seat`` is ``session``'s again; returns whether a bot had been playing it (the
        player is told: its moves read "You" in their log)."""
        if seat.grace is not None:
            seat.grace.cancel()
            seat.grace = None
        was_bot, was_left = seat.takeover, seat.left
        seat.session, seat.takeover, seat.gone_since, seat.left = session, False, None, False
        seat.gone_at_start = False
        if was_bot or was_left:     # a resumed table gives them a grace period, as any dropped seat
            self.journal_seats()
        session.table, session.seat, session.spectator = self, seat, False
        if seat.pending is not None:
            seat.pending.cancel()
            seat.pending = None
        self.host.log("resumed", table=self.id, seat=seat.name, was_bot=was_bot)
        self.broadcast_lobby()
        if self.game is not None and self.phase != "lobby":
            self.send_snapshot(session)
        return was_bot

    def seat_gone(self, seat: Seat, reason: str, since: float | None = None) -> None:
        """``seat``'s connection dropped: a bot takes over after the grace period. ``since``
        (loop time): when it really went, if before now: a drop noticed by silence is noticed
        ``--idle`` seconds after the connection was last heard, and the others read "gone 1 s
        (bot in 29 s)" 6 s after a kill. The seat is gone, and its grace runs, from then."""
        seat.session = None
        now = self.loop.time()
        seat.gone_since, seat.gone_at_start = now if since is None else min(since, now), False
        self.host.log("dropped", table=self.id, seat=seat.name, reason=reason,
                      **({"silent": round(now - seat.gone_since, 1)} if since is not None else {}))
        if self.phase == "lobby":
            if seat is self.creator:
                # a short drop (a laptop's Wi-Fi) must not hand the table to someone else: the
                # creator keeps the seat and the role for the grace period a player gets in a game
                self.start_creator_grace(seat)
                self.broadcast_lobby()
                return
            if seat.human and seat in self.seats:   # kept for its key, in case it was the link
                self.dropped.keep(seat, self.seats.index(seat), seat.gone_since)
            self.remove_seat(seat)
            return
        self.start_grace(seat)
        self.broadcast_lobby()
        self.maybe_reset()
        self.maybe_rematch()

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
                if session.key is not None and session.key in self.watcher_keys:
                    del self.watcher_keys[session.key]      # gone for good: asked again
                    self.journal_watcher(session.key, gone=True)
                self.broadcast_lobby()      # one fewer watching, on every screen
        elif session.seat is not None:
            seat = session.seat
            seat.session = None
            if self.phase == "lobby":
                self.remove_seat(seat)
            else:
                seat.left = True
                seat.takeover = True
                self.journal_seats()        # a resumed table plays it by its bot at once, too
                self.host.log("left", table=self.id, seat=seat.name)
                self.broadcast_lobby()
                if self.phase == "playing":
                    self.schedule_bot(seat)
                self.maybe_reset()
                self.maybe_rematch()
        session.table, session.seat, session.spectator = None, None, False
        self.maybe_abandon()

    def maybe_abandon(self) -> None:
        """A game every person at it has left on purpose, with nobody watching, ends: bots
        played it on for good (an operator's ``ekpeer list`` read ``playing`` for a table of
        bots, its people long gone). A player-made table closes; a configured one goes back to
        its empty lobby. A person whose connection only dropped may come back: the game waits
        for them as before."""
        if self.phase != "playing" or self.spectators or any(s.human and not s.left for s in self.seats):
            return
        self.host.log("abandoned", table=self.id, game=self.games)
        self.cancel_all()
        if self.created:
            self.host.remove_table(self)
            return
        self.reset()

    def maybe_reset(self) -> None:
        """After a game, a table nobody is connected to goes back to an empty lobby, once
        nobody can still come back to it: a person whose connection dropped keeps their seat
        for the grace period, as during the game (a blip just as the game ended, or everyone's
        at once, must not cost anyone their seat), and the reset follows that grace period's
        end (:meth:`take_over` asks again)."""
        if self.phase == "over" and not self.connected():
            if any(s.grace is not None for s in self.seats):
                return
            if self.created:
                self.host.remove_table(self)
                return
            self.reset()

    def reset(self) -> None:
        self.cancel_seat_timers()
        self.seats = [s for s in self.seats if s.session is not None]
        for s in self.seats:
            s.ready = False
        self.phase = "lobby"
        if self.game is not None and self.host.journal is not None:
            self.host.guard_io(self.host.journal.archive, self.id)      # the finished game: <file>.last
        self.game = None
        self.replaced, self.won_by_bot, self.sat = [], {}, []
        self.journal_lobby()
        self.broadcast_lobby()

    def set_settings(self, session: Session, settings: dict[str, Any]) -> None:
        if self.phase != "lobby":
            raise P.ProtocolError("table_started", Said("settings are fixed once the game starts"))
        if session.seat is None or session.seat is not self.creator:
            raise P.ProtocolError("not_creator", Said("only the table's creator may change its settings"))
        hashing = isinstance(settings.get("password"), str) and bool(settings["password"])
        if hashing:     # a password is hashed (scrypt, milliseconds on the event loop): budgeted
            self.host.count_password_set(session)
        try:
            new = lobby_mod.check(settings, self.settings)
        except lobby_mod.SettingsError as exc:
            raise P.ProtocolError("bad_settings", exc.said) from None
        if new["seats"] < len(self.seats):
            raise P.ProtocolError("bad_settings", Said("{count} players are already seated",
                                                       count=len(self.seats)))
        self.settings = new
        for s in self.seats:
            s.ready = False
        self.journal_lobby()
        self.log_settings(new)
        self.broadcast_lobby()

    def log_settings(self, new: dict[str, Any]) -> None:
        """A settings line in the host's log, at most every ``SETTINGS_LOG_EVERY`` seconds a table
        (those between are counted in the next): a stranger's allowed flood of settings wrote
        half a megabyte of log lines in 20 s."""
        now = time.monotonic()
        if now - self.settings_logged_at < limits.SETTINGS_LOG_EVERY:
            self.settings_unlogged += 1
            return
        extra = {"unlogged": self.settings_unlogged} if self.settings_unlogged else {}
        self.settings_logged_at, self.settings_unlogged = now, 0
        self.host.log("settings", table=self.id, settings={**new, "password": bool(new.get("password"))},
                      **extra)

    def set_picks(self, session: Session, picks: dict[str, Any]) -> None:
        """A seated player's custom-deck picks (party): ``{pile: [card ids], hand: [card ids]}``."""
        if self.phase != "lobby" or session.seat is None:
            raise P.ProtocolError("not_in_lobby", Said("picks are for seated players in the lobby"))
        custom = (self.settings.get("options") or {}).get("custom")
        if not isinstance(custom, dict):
            raise P.ProtocolError("bad_settings", Said("this table does not use a custom deck"))
        clean: dict[str, list[str]] = {}
        for where in ("pile", "hand"):
            ids = picks.get(where, [])
            if not isinstance(ids, list) or len(ids) > MAX_PICKS \
                    or not all(isinstance(c, str) and len(c) <= 64 for c in ids):
                raise P.ProtocolError("bad_message", Said("picks: '{where}' must be a list of at most "
                                                           "{most} card ids", where=where, most=MAX_PICKS))
            clean[where] = list(ids)
        rules = ruleset(self.settings["expansions"])
        mine = {"custom": {**custom, "picks": {session.seat.name: clean}}}
        try:
            reason = rules.check_options([session.seat.name], mine)
        except ValueError as exc:       # picks that break the selection rules, in the picker's words
            raise P.ProtocolError("bad_settings", lobby_mod.refusal(exc, rules.plugins)) from None
        if reason:      # a plugin's reason in the words of whoever picked (its catalog's)
            raise P.ProtocolError("bad_settings", PluginWords(reason, rules.plugins))
        session.seat.picks = clean

    def refuse_outside_lobby(self, session: Session, why: Said) -> None:
        """Start and ready are for seated players in the lobby; a seated player's second ``s``
        that reached the host just after the game started read "start is for seated players in
        the lobby" in a game just begun: a game being played says so."""
        if self.phase == "lobby" and session.seat is not None:
            return
        if self.phase == "playing" and session.seat is not None:
            why = Said("the game has already started")
        raise P.ProtocolError("not_in_lobby", why)

    def set_ready(self, session: Session, ready: bool) -> None:
        self.refuse_outside_lobby(session, Said("ready is for seated players in the lobby"))
        session.seat.ready = ready
        self.broadcast_lobby()
        if self.autostart and len(self.seats) >= self.settings["seats"] and all(s.ready for s in self.seats):
            self.start_game()

    def request_start(self, session: Session) -> None:
        self.refuse_outside_lobby(session, Said("start is for seated players in the lobby"))
        if self.creator is not None and session.seat is not self.creator:
            raise P.ProtocolError("not_creator", Said("only the table's creator may start the game"))
        waiting = [s.name for s in self.seats if s.human and not s.ready]
        if waiting:
            raise P.ProtocolError("not_ready", Said("not ready yet: {names}", names=", ".join(waiting)))
        self.start_game()

    def request_rematch(self, session: Session) -> None:
        if self.phase != "over" or session.seat is None:
            raise P.ProtocolError("not_over", Said("rematch is for seated players after a game"))
        session.seat.rematch = True
        self.broadcast_lobby()
        self.maybe_rematch(refuse=True)

    def maybe_rematch(self, refuse: bool = False) -> None:
        """After a game, deal the next once every person still connected has asked for it: asked
        again when one of them leaves or drops, not only at a request (a stranger's table hung on
        "dealing…" for good when the one it waited for left)."""
        if self.phase != "over" or not self.connected():
            return
        if all(s.rematch for s in self.seats if s.session is not None):
            try:
                self.start_game()
            except P.ProtocolError as exc:      # refused to the one who asked (``refuse``), else logged
                if refuse:
                    raise
                self.host.log("rematch_failed", level="warning", table=self.id, error=exc.message)

    def seat_no_one_who_left(self) -> None:
        """The next game seats nobody who left the last one on purpose: their seat was kept
        for them (a bot played it) until that game's end, and the rematch dealt it again as
        "left: bot playing" for a player gone for good. A table bot (``bot2``, the first name
        free) takes the seat in its place, so the bots already seated keep their names and
        places (a rematch that dropped the seat and filled the table up at its end moved
        ``bot1`` into cat's place, unsaid); ``replaced`` says so on every screen. Whoever left
        may join again, as anyone may."""
        gone = [s for s in self.seats if s.left]
        for seat in gone:
            for handle in (seat.grace, seat.pending):
                if handle is not None:
                    handle.cancel()
            bot = Seat(name=self.free_bot_name(), kind=self.settings["bots"], ready=True)
            self.seats[self.seats.index(seat)] = bot
            self.replaced.append({"seat": bot.name, "instead_of": seat.name, "why": "left"})
            self.host.log("seat_freed", table=self.id, seat=seat.name, reason="left", bot=bot.name)
        if self.creator is not None and self.creator in gone:
            self.creator = next((s for s in self.seats if s.human), None)

    def free_bot_name(self) -> str:
        """The first table bot's name (``bot1``, ``bot2``, ...) no seat here has or reads alike,
        nor any seat of the last game had: a bot's name is not given to another seat in the
        next (dan took bot1's seat, and a new bot named bot1 sat where cat had, read as bot1
        moved)."""
        last = [str(p) for p in self.game.players] if self.game is not None else []
        i = 1
        while self.name_taken(f"bot{i}") or any(P.same_name(n, f"bot{i}") for n in last):
            i += 1
        return f"bot{i}"

    # ------------------------------------------------------------------ the game
    def start_game(self) -> None:
        self.replaced, self.won_by_bot = [], {}
        self.seat_no_one_who_left()
        seated = {s.name for s in self.seats}      # (one who sat, then left, was said as left)
        self.replaced += [r for r in self.sat if r["seat"] in seated]
        self.sat = []
        while len(self.seats) < self.settings["seats"]:     # not beside a person's "Bot1"
            self.seats.append(Seat(name=self.free_bot_name(), kind=self.settings["bots"], ready=True))
        rules = ruleset(self.settings["expansions"])
        names = [s.name for s in self.seats]
        if self.game is not None and self.host.journal is not None:     # a rematch: keep the last game
            self.host.guard_io(self.host.journal.archive, self.id)
        options = dict(self.settings.get("options") or {})
        if isinstance(options.get("custom"), dict):
            picks = {s.name: s.picks for s in self.seats if s.picks}
            options["custom"] = {**options["custom"], "picks": picks}
        try:
            self.game = rules.new_game(names, seed=self.host.new_seed(self.rng), deck=self.settings["deck"],
                                       variants=self.settings["variants"], options=options or None,
                                       hosted=True)
            self.ran_out = None
        except ValueError as exc:      # e.g. custom-deck picks that break the selection rules
            self.seats = [s for s in self.seats if s.kind is None]
            why = lobby_mod.refusal(exc, rules.plugins)
            raise P.ProtocolError("bad_settings", Said("the game cannot be set up: {why}", why=why)) from None
        self.catalog = rules.catalog()
        self.dropped.clear()
        for s in self.seats:
            s.bot, s.bot_seed = None, self.host.new_seed(self.rng)
            s.back_after = None
            s.rematch = s.kind is not None
        self.history.clear()
        self.told.clear()
        self.went_out.clear()
        self.faults_logged.clear()
        self.faults_said.clear()
        self.said_for_replay.clear()
        self.stuck.clear()
        self.failed_plugin = None
        # a plugin hook that failed as the game was set up (acted.py): everyone is told at once
        self.remember(card_faults.said_new(self.game, self.faults_said))
        self.log_faults()
        self.cone = None
        self.phase = "playing"
        self.games += 1
        self.cards0 = self.game.all_cards() if self.host.audit else None
        self.journal_game()
        self.host.log("game_started", table=self.id, seats=names, game=self.games,
                      **({"replaced": self.replaced} if self.replaced else {}))
        self.broadcast_lobby()
        for s in self.connected():
            self.send_snapshot(s.session)  # type: ignore[arg-type]
        for sp in self.spectators:
            self.send_snapshot(sp)
        self.schedule()

    def view_for(self, session: Session) -> dict[str, Any]:
        assert self.game is not None
        if session.seat is not None:
            view = self.in_words(player_view(self.game, session.seat.name), session.lang)
            self.log_faults()
            return view
        return spectator_view(self.game)

    def in_words(self, view: dict[str, Any], lang: str | None) -> dict[str, Any]:
        """A seat's view (or its own part) with the plugins' words in it, in ``lang`` by the
        table's plugins' translations, as the catalog's card words are: why a card cannot be
        played now (``cannot_play``), and what a choice asks of the seat (its ``prompt`` and the
        ``Reason``s of its ``context``). The rest of a view is the same language-free data for all."""
        reasons, choices = view.get("cannot_play"), view.get("choices")
        if not lang or not (reasons or choices) or self.game is None:
            return view
        names = self.game.ruleset.plugins
        out = dict(view)
        if reasons:
            out["cannot_play"] = {card: card_faults.said(why, lang) or said_in(why, names, lang)
                                  for card, why in reasons.items()}
        if choices:
            out["choices"] = [choice_said_in(choice, names, lang) for choice in choices]
        return out

    def refusal(self, refused: IllegalMove) -> str:
        """A refused move's words, said to the one refused in their language (the host's
        ``in_lang``): the engine's by ekpeer's catalog, a plugin's reason by the table's
        plugins' translations (:class:`~ekpeer.net.refused.MoveRefused`)."""
        return MoveRefused(refused, () if self.game is None else self.game.ruleset.plugins)

    def catalog_in(self, lang: str | None) -> list[dict[str, Any]]:
        """The game's catalog in ``lang`` (made once per language a player asks for)."""
        if not lang or self.game is None:
            return self.catalog
        key = (lang, id(self.catalog))
        found = self.catalogs.get(key)
        if found is None:
            if len(self.catalogs) >= 8:     # a hostile client naming many languages
                self.catalogs.clear()
            found = self.catalogs[key] = translated(self.catalog, list(self.game.ruleset.plugins), lang)
        return found

    def remember(self, events: list) -> None:
        """This game's ``(audience, event)`` pairs, kept for snapshots and counted by audience;
        the host's words a replay cannot rebuild, kept with their step for it (``host_said``)."""
        self.history.extend(events)
        if self.game is not None:
            self.said_for_replay.extend(host_said.for_replay(events, len(self.game.log)))
        for to, _event in events:
            for reader in (None,) if to is None else set(to):
                self.told[reader] += 1

    def send_snapshot(self, session: Session) -> None:
        who = session.seat.name if session.seat is not None else None
        last = visible_events(list(self.history), who)[-SNAPSHOT_EVENTS:]
        # who went out, in order, though longer ago than the snapshot's events reach: a stranger
        # back at the game's end read "Exploded, in order: bob" and "4 of 4" for a second place
        earlier = [e for _to, e in self.went_out if e not in last]
        events = earlier + last
        # where the last events begin among all this game's the reader may see (0: the game's
        # start), so that a client back after a drop adds to its log only those it missed
        first = self.told[None] + (self.told[who] if who is not None else 0) - len(last)
        body = {"view": self.view_for(session), "catalog": self.catalog_in(session.lang), "events": events,
                "earlier": len(earlier), "first": first, "timer": self.running_timer(), "table": self.id,
                "cone": self.cone, "deck": self.dealt}
        self.host.send(session, "snapshot", body)

    def apply(self, seat: Seat | None, move: Move, re: int | None = None,
              session: Session | None = None, timed_out: bool = False) -> IllegalMove | None:
        """Apply a move for ``seat`` (None: the host itself), then tell everyone what they may see
        (``timed_out``: the host made it because the seat's clock ran out, and everyone is told
        so by a ``timed_out`` event before the move's own)."""
        game = self.game
        if game is None or self.phase != "playing":
            return IllegalMove("not_playing", "no game is being played at this table")
        if seat is not None:
            move = _with_by(move, seat.name)
        logged = len(game.log)
        try:
            events = game.apply(move)
        except IllegalMove as exc:
            self.log_faults()
            if seat is not None and session is not None:    # a person's move: late, perhaps
                nope = self.lone_nope(game, move)
                return late_refusal(self.ran_out, seat.name, exc, nope, time.monotonic())
            return exc
        except Exception as exc:  # a plugin bug must not take the host down, nor stop the game
            return self.rules_failed(game, move, exc)
        self.stuck.clear()      # a move went: nobody is stuck
        if seat is not None and self.ran_out is not None and not timed_out:
            self.ran_out.players.discard(seat.name)     # they moved since: a refusal is not late
        if timed_out and seat is not None:
            events = [(None, {"type": "timed_out", "player": seat.name}), *events]
        if game.failed_rules:       # a plugin's hook failed: everyone is told, once a game per plugin
            events = card_faults.after_the_move(events, card_faults.said_new(game, self.faults_said))
        if self.host.journal is not None:   # written before anyone hears of it
            self.host.journal_append(self, [{"t": "move", "m": m.to_dict()} for m in game.log[logged:]])
        if self.host.audit and self.cards0 is not None and game.all_cards() != self.cards0:
            now = game.all_cards()
            self.host.stats["card_mismatches"] = self.host.stats.get("card_mismatches", 0) + 1
            self.host.log("cards_mismatch", level="error", table=self.id, move=move.to_dict(),
                          lost=dict(self.cards0 - now), extra=dict(now - self.cards0))
            self.cards0 = now
        self.remember(events)
        self.went_out.extend(e for e in events if e[0] is None and e[1].get("type") == "exploded")
        self.tell_bots(events)
        if game.over:
            self.broadcast_update(events, session, re)
            self.finish()
        else:
            self.schedule(events, session, re)     # the update carries the timer it (re)starts
        return None

    @staticmethod
    def lone_nope(game: Game, move: Move) -> bool:
        """Whether ``move`` plays a single Nope card (meant for a reaction window)."""
        cards = move.cards or ()
        spec = game.cards.get(cards[0]) if move.do == "play" and len(cards) == 1 else None
        return bool(spec is not None and spec.is_nope)

    def rules_failed(self, game: Game, move: Move, exc: Exception) -> IllegalMove | None:
        """A move the rules failed on (a bug, most often in a card's plugin): named in the log with
        its plugin and traceback, and the game rolled back to before it (it may have stopped
        half-way), replayed from its log. Where it was the host's own move, closing a reaction
        window, the action on the stack fizzles: set aside without effect, so that one card's
        bug does not freeze the table for good, as it did; so does a choice whose answer failed
        (asked again, it would fail again: a stranger's table waited on it for good, and the
        Cone of Shame went to the player whose clock ran out on it). Any other move is refused,
        in words that name the plugin. What failed (the action on the stack, the choice owed) is
        read from the game rolled back, as it stood before the move: no move pays for it."""
        plugin = self.failed_plugin = blame(exc, game.ruleset.plugins)
        try:
            self.game = rolled_back = replay(game.ruleset, game.origin, list(game.log), hosted=True)
        except Exception as again:
            rolled_back = None
            self.host.log("rollback_failed", level="error", table=self.id, error=repr(again))
        top: Any = None
        if rolled_back is not None and move.do == "resolve" and rolled_back.stack:
            top = rolled_back.stack[-1]
        elif rolled_back is not None and move.do == "choose":
            top = next((c for c in rolled_back.awaiting if c.player == move.by), None)
        card = None if top is None else top.card if move.do == "resolve" else top.source
        self.host.log("engine_error", level="error", table=self.id, move=move.to_dict(), error=repr(exc),
                      plugin=plugin, card=card, traceback="".join(traceback.format_exception(exc))[-4000:])
        if rolled_back is None:
            return IllegalMove("internal", "the rules engine failed on this move")
        if move.do == "resolve":
            return self.apply(None, FIZZLE)
        if move.do == "choose" and top is not None:     # asked again, it would fail again: set aside
            return self.apply(None, FIZZLE._replace(by=move.by))
        words = Said("a bug in plugin {plugin}", plugin=plugin) if plugin else \
            Said("a bug in the rules engine")
        return IllegalMove("internal", "the rules failed on this move ({words}; the host's log says more): "
                           "nothing happened, make another move", words=words)

    def broadcast_update(self, events: list, mover: Session | None, re: int | None,
                         timer: dict[str, Any] | None = None) -> None:
        """Each connected seat's own view and events (the mover's first, with ``re``), and the
        spectators' view; with ``timer``, the timer this change (re)started, in the same frame.

        The views' public part is made and encoded once for every seat (``public_part``); each
        seat's own part is made just before its frame goes, so the mover's update leaves before
        the others' views are made. Only seats with a connection get a view (bots on the host
        decide from the engine)."""
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
        public = public_part(game) if targets else None
        if public is not None:
            pub = P.pack_pairs(public)
            for sess, name, r in targets:
                mine = self.in_words(own_part(game, name), sess.lang)
                view = P.pack_map(len(public) + len(mine), pub, P.pack_pairs(mine))
                seen = P.pack_body(visible_events(events, name))
                body = P.pack_map(n, P.pack_entry("view", view), P.pack_entry("events", seen), timer_entry)
                host.send(sess, "update", re=r, packed=body)
        else:
            for sess, name, r in targets:
                update = update_for(game, name, events)
                update["view"] = self.in_words(update["view"], sess.lang)
                if timer is not None:
                    update["timer"] = timer
                host.send(sess, "update", update, re=r)
        if self.spectators:
            update = update_for(game, None, events)
            if timer is not None:
                update["timer"] = timer
            packed = P.pack_body(update)
            for sp in self.spectators:
                host.send(sp, "update", packed=packed)
        self.log_faults()

    def finish(self, stopped: str | None = None) -> None:
        """The game is over: by its rules, or (``stopped``: the seat) because the host stopped it,
        no move of that seat's going by its plugins' rules (``cannot_go_on``). The engine's game
        then is not over and has no winner: its log holds every move played, no more."""
        self.cancel_all()
        self.phase = "over"
        game = self.game
        assert game is not None
        self.won_by_bot = {s.name: "left" if s.left else "covered" for s in self.seats
                           if s.name in game.winners and s.human and s.takeover}
        self.host.log("game_over", table=self.id, winner=game.winner, winners=list(game.winners),
                      shared=game.shared_win, moves=len(game.log), game=self.games,
                      **({"won_by_bot": self.won_by_bot} if self.won_by_bot else {}),
                      **({"stopped": stopped} if stopped else {}))
        if self.host.journal is not None:
            over = {"t": "over", "winner": game.winner, "winners": list(game.winners),
                    **({"stopped": stopped} if stopped else {})}
            self.host.journal_append(self, [over])
        for hook in list(self.host.game_over_hooks):     # e.g. ekpeer.replays.ReplaySaver
            try:
                hook(self)
            except Exception as exc:
                self.host.log("game_over_hook_error", level="error", table=self.id, error=repr(exc))
        self.broadcast_lobby()
        self.maybe_reset()
