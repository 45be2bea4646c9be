"""A table's clock: the timer every turn, reaction window and choice runs under, the move
made for a player whose time ran out, the bots' moves, and the bot that takes over a
person's seat once its grace period is gone.

A person's seat has one covering bot (:data:`ekpeer.bots.COVERING`): it plays the seat
while its person is gone, and it chooses the move the host makes when their clock runs
out (ruling 26), so that a timeout is never a random move and never a self-harming one (a
held Defuse is used, a kitten goes back where the bot would put it, a Favor gives what the
bot would give).

The host keeps time itself (a client's clock is never trusted): each (re)start bumps the
table's ``gen``, and a callback from an older ``gen`` does nothing, so a timer that fires
just after the move it was waiting for is harmless. It is a mixin of
:class:`~ekpeer.net.table.Table`, which supplies the game, the seats and ``apply``; of the
host it knows only :class:`TimerHost` (the host is never imported here).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..bots import COVERING, make_bot
from ..bots.base import search_ends_by, think_within
from ..bots.driver import public_setup
from ..engine import OUT, Game, IllegalMove, Move, player_view
from ..engine.view import visible_events
from . import card_faults
from . import protocol as P
from .late_moves import RanOut

if TYPE_CHECKING:
    from ..bots import Bot
    from .seats import Seat, Session

RESOLVE = Move("resolve")
#: the other moves tried for a player whose default move the rules failed on (another_move)
OTHER_MOVES = 4


@runtime_checkable
class TimerHost(Protocol):
    """What a table's clock and bots call on their host (:class:`~ekpeer.net.host.Host` is one)."""

    think: tuple[float, float]      # a host bot's think time, (lo, hi) seconds

    def call_later(self, delay: float, fn: Callable[..., Any], *args: Any) -> asyncio.TimerHandle:
        """``loop.call_later`` whose callback never raises into the loop."""
        ...

    def send(self, session: Session, type_: str, body: dict[str, Any] | None = None, re: int | None = None,
             packed: bytes | None = None) -> bool:
        """One frame to one connection (``packed``: a body already encoded)."""
        ...

    def log(self, event: str, level: str = "info", **fields: Any) -> None: ...


class TableTimers:
    """Timers and bot-driven seats of a :class:`~ekpeer.net.table.Table`."""

    # supplied by Table
    host: TimerHost
    id: str
    settings: dict[str, Any]
    phase: str
    seats: list[Seat]
    spectators: list[Session]
    game: Game | None
    rng: random.Random
    # this mixin's own state (set in Table.__init__)
    timer: asyncio.TimerHandle | None
    timer_info: dict[str, Any] | None
    gen: int
    cone: str | None
    timer_ends: float               # time.monotonic() when the running timer runs out
    #: the next clock is the first of a table resumed from the journal (Host.restore): it
    #: starts in full, and its ``timer`` says so (``restarted``)
    clock_restarted: bool = False
    ran_out: RanOut | None          # the clock that ran out last (a late move's words)
    history: Any
    stuck: dict[str, int]           # seat -> its clocks run out with no move going (no_move)
    failed_plugin: str | None       # the plugin the last failed move was blamed on

    if TYPE_CHECKING:
        @property
        def loop(self) -> asyncio.AbstractEventLoop: ...

        def seat(self, name: str) -> Seat | None: ...

        def broadcast_lobby(self) -> None: ...

        def broadcast_update(self, events: list, mover: Session | None, re: int | None,
                             timer: dict[str, Any] | None = None) -> None: ...

        def apply(self, seat: Seat | None, move: Move, re: int | None = None,
                  session: Session | None = None, timed_out: bool = False) -> IllegalMove | None: ...

        def wear_cone(self, seat: Seat) -> None: ...

        def maybe_reset(self) -> None: ...

        def log_faults(self) -> None: ...

        def journal_seats(self) -> None: ...

        def remember(self, events: list) -> None: ...

        def finish(self, stopped: str | None = None) -> None: ...

    # ------------------------------------------------------------------ grace period
    def grace_left(self, seat: Seat) -> float:
        """Seconds of ``grace_seconds`` left to ``seat``, counted from when its connection went
        (``gone_since``: when it was last heard, for a drop noticed by silence), not from when
        the host noticed: what everyone reads, "gone 6 s (bot in 24 s)", adds up to the grace."""
        grace = float(self.settings["grace_seconds"])
        if seat.gone_since is None:
            return grace
        return max(0.0, grace - max(0.0, self.loop.time() - seat.gone_since))

    def start_grace(self, seat: Seat) -> None:
        """``seat``'s person is gone: a bot plays the seat unless they are back in time."""
        if seat.grace is not None:
            seat.grace.cancel()
        seat.grace = self.host.call_later(self.grace_left(seat), self.take_over, seat)

    def start_creator_grace(self, seat: Seat) -> None:
        """The creator's connection dropped in the lobby: their seat, and the role with it (only
        they may change the settings, set a password or start), wait ``grace_seconds`` for the
        same key to come back; then the seat goes and the next person at the table creates."""
        if seat.grace is not None:
            seat.grace.cancel()
        seat.grace = self.host.call_later(self.grace_left(seat), self.creator_gone, seat)

    def creator_gone(self, seat: Seat) -> None:
        seat.grace = None
        if seat.session is not None or seat not in self.seats or self.phase != "lobby":
            return
        self.host.log("creator_gone", table=self.id, seat=seat.name)
        self.remove_seat(seat)

    def take_over(self, seat: Seat) -> None:
        seat.grace = None
        if seat.session is not None:
            return
        seat.takeover = True
        self.journal_seats()            # a resumed table goes on covering it, grace spent
        self.host.log("bot_takes_over", table=self.id, seat=seat.name)
        self.broadcast_lobby()
        if self.phase == "playing":
            self.schedule_bot(seat)
        elif self.phase == "over":      # a finished table waited for this seat's person
            self.maybe_reset()

    # ------------------------------------------------------------------ turn and reaction timers
    def cancel_all(self) -> None:
        self.gen += 1
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.timer_info = None
        self.timer_ends = 0.0
        for s in self.seats:
            if s.pending is not None:
                s.pending.cancel()
                s.pending = None

    def cancel_seat_timers(self) -> None:
        """Every seat's grace period and pending bot move."""
        for s in self.seats:
            for h in (s.grace, s.pending):
                if h is not None:
                    h.cancel()

    def stop(self) -> None:
        """Every timer the table has: its clock, and each seat's (the host is going away)."""
        self.cancel_all()
        self.cancel_seat_timers()

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
                           "players": players, "deadline": time.time() + secs, "remaining": secs}
        if self.clock_restarted:
            # the first clock of a table resumed from the journal: all of its seconds again (a
            # host killed at an unknown instant cannot know what was left), said on every screen
            self.timer_info["restarted"] = True
            self.clock_restarted = False
        self.timer_ends = time.monotonic() + secs
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

    def running_timer(self) -> dict[str, Any] | None:
        """The running timer as a ``timer`` message carries it, ``remaining`` counted now: what a
        player who comes back (a snapshot) needs to show the same clock as everyone else."""
        if self.timer_info is None:
            return None
        return {**self.timer_info, "remaining": round(max(0.0, self.timer_ends - time.monotonic()), 3)}

    def on_reaction_timeout(self, gen: int) -> None:
        if gen != self.gen:
            return
        self.timer = None
        self.ran_out = RanOut("reaction", time.monotonic())
        err = self.apply(None, RESOLVE)
        if err is not None:
            self.host.log("resolve_refused", level="error", table=self.id, code=err.code)

    def default_move(self, player: str) -> Move | None:
        """The move made for ``player`` when their time ran out: what their covering bot would
        choose (ruling 26), never a random move. A search bot gives its habit (the move its
        search starts from), for a search here would hold the event loop, and every table of
        the host, for a whole budget: a hard bot's seat on a short clock timed out every turn,
        and one stranger's tables of them froze the host for seconds at a time."""
        game = self.game
        assert game is not None
        moves = game.legal_moves(player)
        self.log_faults()   # a card set aside as these were worked out (card_faults)
        if not moves:
            return None
        seat = self.seat(player)
        move: Move | None = None
        if seat is not None:
            bot = self.seat_bot(seat)
            try:
                view = player_view(game, player) if bot.needs_view else None
                if getattr(bot, "wants_events", False):
                    assert view is not None
                    _search, move = bot.prepare(view, moves, react=False)    # never searched here
                else:
                    move = bot.act(view, moves)
            except Exception as exc:    # a bot's bug: the safe move below, and a log line
                self.host.log("bot_error", level="error", table=self.id, seat=player, error=repr(exc))
        if move is None or move not in moves:
            move = safe_move(game, player, moves)
        return move

    def on_turn_timeout(self, gen: int) -> None:
        if gen != self.gen:
            return
        self.timer = None
        game = self.game
        assert game is not None
        players = game.waiting_for() if game.awaiting else [game.current]
        self.ran_out = RanOut("turn", time.monotonic(), set(players))
        for player in players:
            if self.game is not game or game.over or self.phase != "playing":
                break       # a move rolled back (a new game), or the game ended
            if game.awaiting and player not in game.waiting_for():
                continue
            move = self.default_move(player)
            if move is None:
                continue
            seat = self.seat(player)
            self.host.log("timed_out", table=self.id, seat=player, move=move.to_dict())
            # the Cone is for a person who was there and let the clock run out: never for one
            # whose connection was gone at the time (their seat waiting out its grace)
            shamed = seat is not None and self.cone is None and seat.human and seat.session is not None \
                and not seat.bot_driven
            err = self.apply(seat, move, timed_out=True)
            if err is not None:
                self.host.log("default_refused", level="error", table=self.id, seat=player, code=err.code)
                err = self.another_move(seat, player, move, err)
            if shamed:      # after the move: every log says the time ran out, then the Cone
                self.wear_cone(seat)  # type: ignore[arg-type]
            if err is not None:     # no move of theirs went: said, and the clock starts again
                self.no_move(player)
                return
        if self.timer is None and self.phase == "playing" and self.game is not None and not self.game.over:
            self.schedule()     # (the game may be a new one: a move that failed was rolled back)

    def another_move(self, seat: Seat | None, player: str, refused: Move,
                     err: IllegalMove | None) -> IllegalMove | None:
        """The default move for ``player`` was refused (the rules failed on it, a plugin's bug:
        the game rolled back): each other legal move, in the engine's order, until one goes
        (a few at most; each refused one is another replay), so that the game goes on. The last
        refusal (``err``: the default move's where no other was tried), or None once one went."""
        game = self.game
        if game is None:
            return err
        others = [m for m in game.legal_moves(player) if m != refused]
        # once stuck already: every legal move of theirs, each once (a bounded round)
        for move in others if self.stuck.get(player) else others[:OTHER_MOVES]:
            if self.game is None or self.game.over or self.phase != "playing":
                return None
            err = self.apply(seat, move, timed_out=True)
            if err is None:
                self.host.log("default_moved", level="warning", table=self.id, seat=player,
                              move=move.to_dict())
                return None
        return err

    def no_move(self, player: str) -> None:
        """No move of ``player``'s went (each one failed on the host's rules): the table must not
        wait in silence, as a stranger's did for good. Everyone is told, in words, and the clock
        starts again: the host tries again when it runs out, then every legal move of theirs
        once; should none go then either, the game cannot go on (:meth:`cannot_go_on`): a seat
        holding only a card whose rules fail on every move was retried for good."""
        if self.game is None or self.phase != "playing" or self.game.over:
            return
        self.stuck[player] = self.stuck.get(player, 0) + 1
        if self.stuck[player] > 1:
            self.cannot_go_on(player)
            return
        self.host.log("no_move", level="error", table=self.id, seat=player)
        told = [(None, {"type": "no_move", "player": player})]
        self.remember(told)
        self.schedule(told)

    def cannot_go_on(self, player: str) -> None:
        """Every move of ``player``'s failed on the rules, each tried: the host ends the game with
        no winner, and says so on every screen (``game_stopped``, naming the box the failure was
        blamed on). The engine knows no such end: its game stays as the last move left it (a
        replay of its log goes just as far), and only the table is over."""
        game = self.game
        assert game is not None
        plugin = self.failed_plugin
        box = card_faults.box_of(game, plugin) if plugin else None
        self.host.log("game_stopped", level="error", table=self.id, seat=player, plugin=plugin)
        told = [(None, {"type": "game_stopped", "player": player, "plugin": plugin, "box": box})]
        self.remember(told)
        self.broadcast_update(told, None, None)
        self.finish(stopped=player)

    # ------------------------------------------------------------------ bots
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
        if seat.bot is not None and getattr(seat.bot, "wants_events", False):
            delay = max(0.0, delay - getattr(seat.bot, "seconds", 0.0))  # its search is its thinking
        delay = think_within(delay, self.time_left())
        seat.pending = self.host.call_later(delay, self.bot_move, seat, self.gen, mode)

    def time_left(self) -> float | None:
        """Seconds left on the running clock (None: no clock runs)."""
        return max(0.0, self.timer_ends - time.monotonic()) if self.timer_ends else None

    def bot_move(self, seat: Seat, gen: int, mode: str) -> None:
        seat.pending = None
        game = self.game
        if gen != self.gen or game is None or not seat.bot_driven or self.phase != "playing":
            return
        moves = game.legal_moves(seat.name)
        self.log_faults()
        if not moves:
            return
        bot = self.seat_bot(seat)
        try:
            view = player_view(game, seat.name) if bot.needs_view else None
            if getattr(bot, "wants_events", False):
                searching, move = self._search_off_loop(seat, bot, view, moves, mode, gen)
                if searching:
                    return
                if move is None and mode == "act":
                    move = moves[0]
            else:
                move = bot.act(view, moves) if mode == "act" else bot.react(view, moves)
        except Exception as exc:
            self.host.log("bot_error", level="error", table=self.id, seat=seat.name, error=repr(exc))
            move = safe_move(game, seat.name, moves) if mode == "act" else None
        if move is None:
            return
        err = self.apply(seat, move)
        if err is not None and mode == "act":
            self.host.log("bot_refused", level="warning", table=self.id, seat=seat.name, code=err.code)
            self.apply(seat, safe_move(game, seat.name, moves))

    # ------------------------------------------------------------------ bots, searching ones too
    def seat_bot(self, seat: Seat) -> Bot:
        """The bot playing ``seat``, made on its first move: a bot's seat plays its own kind; a
        person's seat is covered by the :data:`~ekpeer.bots.COVERING` kind (ruling 26), whatever
        kind fills the table's empty seats. A search bot (``wants_events``) is bound to the
        table's public setup and told the events its seat saw so far. Every bot is told the
        table's catalog (``know_cards``): what each card does."""
        if seat.bot is None:
            seed = seat.bot_seed if seat.bot_seed is not None else self.rng.randrange(2**31)
            seat.bot = make_bot(seat.kind or COVERING, seed)
            game = self.game
            if getattr(seat.bot, "wants_events", False) and game is not None:
                from ..bots import pool

                pool.warm()
                setup = public_setup(game)
                if setup is not None:
                    seat.bot.bind(setup)  # type: ignore[attr-defined]
                seat.bot.observe(visible_events(list(self.history), seat.name))  # type: ignore[attr-defined]
        seat.bot.know_cards(self.catalog, self.catalog)  # what the cards do (once per game's catalog)
        return seat.bot

    def tell_bots(self, events: list) -> None:
        """Search bots follow the game as it goes: each bot-driven seat's is told the events
        its seat sees (``Table.apply`` calls this after every move)."""
        for s in self.seats:
            if s.bot is None:
                if s.kind is not None:
                    self.seat_bot(s)  # told the whole history, these events included
            elif s.bot_driven and getattr(s.bot, "wants_events", False):
                s.bot.observe(visible_events(events, s.name))  # type: ignore[attr-defined]

    def _search_off_loop(self, seat: Seat, bot: Any, view: dict[str, Any] | None, moves: list[Move],
                         mode: str, gen: int) -> tuple[bool, Move | None]:
        """A search bot (``wants_events``) is told its seat's new events and, when its decision
        needs a search, the search goes to the worker pool (ekpeer.bots.pool) and the move
        is applied when it returns, unless the game moved on meanwhile: (True, None). When
        the bot answers at once (no search needed): (False, its answer)."""
        assert view is not None
        ends_by = search_ends_by(self.time_left())
        decision, answer = bot.prepare(view, moves, react=mode != "act", ends_by=ends_by)
        if decision is None:
            return False, answer
        from ..bots import pool

        future = pool.submit(decision)
        seat.pending = future  # type: ignore[assignment]  # cancel_all() cancels it like a timer
        loop = asyncio.get_running_loop()

        def done(f: Any) -> None:
            try:
                loop.call_soon_threadsafe(self._searched, seat, gen, mode, f, answer, moves)
            except RuntimeError:  # the host's loop closed while the bot was thinking
                pass

        future.add_done_callback(done)
        return True, None

    def _searched(self, seat: Seat, gen: int, mode: str, future: Any, fallback: Move | None,
                  moves: list[Move]) -> None:
        if seat.pending is future:
            seat.pending = None
        if gen != self.gen or self.game is None or not seat.bot_driven or self.phase != "playing":
            return
        try:
            move = seat.bot.finish(future.result())  # type: ignore[union-attr]
        except Exception as exc:  # a worker that died, a plugin it could not load: the habit
            if not isinstance(exc, asyncio.CancelledError):
                self.host.log("bot_error", level="error", table=self.id, seat=seat.name, error=repr(exc))
            move = fallback
        if move is None:
            if mode != "act":
                return
            move = fallback or safe_move(self.game, seat.name, moves)
        err = self.apply(seat, move)
        if err is not None and mode == "act":
            self.host.log("bot_refused", level="warning", table=self.id, seat=seat.name, code=err.code)
            self.apply(seat, safe_move(self.game, seat.name, moves))


def safe_move(game: Game, player: str, moves: list[Move]) -> Move:
    """A move that harms nobody's chances, when a bot could not choose (a bot's bug): draw on a
    turn, use whatever saves a player facing a kitten, give away a card that saves nobody, else
    the first legal move (never random)."""
    if not game.awaiting and not game.stack and player == game.current:
        draw = next((m for m in moves if m.do == "draw"), None)
        if draw is not None:
            return draw
    saving = [m for m in moves if m.do == "choose" and m.use is not None and m.use != "none"]
    if saving:
        return saving[0]
    chooses = [m for m in moves if m.do == "choose"]
    # a card to give away: one that saves nobody, if there is one
    keep = [m for m in chooses if m.card is not None and getattr(game.cards.get(m.card), "saves", 0) is None]
    return (keep or chooses or moves)[0]
