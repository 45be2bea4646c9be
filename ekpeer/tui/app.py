"""The Textual app: one session, three modes (start, lobby, table), network work in workers."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable
from functools import cached_property
from typing import Any

from textual import events, work
from textual.app import App, ScreenStackError, SystemCommand
from textual.binding import Binding
from textual.notifications import Notification, Notify
from textual.screen import Screen
from textual.widgets._select import SelectOverlay

from .. import collector
from ..i18n import N_, _, ngettext, pgettext
from .game_log import KNOWN_EVENTS, GameLog, unseen
from .messages import (
    HostMessageReceived,
    LeaveRequested,
    MoveChosen,
    ReadyToggled,
    RematchRequested,
    SessionEnded,
    SettingsEdited,
    SitRequested,
    StartChosen,
    StartRequested,
)
from .restart_words import restarted_clock_words
from .screens.lobby_away import back_words, passed_words
from .screens.table import TableScreen
from .seat_words import bot_winners, replaced_words
from .session import Session, SessionClosed, SessionFactory
from .widgets import NARROW, SHORT, TALL, scrub
from .words import Catalog, Knowledge, event_words, my_status, named_twin, new_order_words, seat_changes

BACK_SECONDS = 8.0      # how long a player who came back is shown as "back"
MOVE_WAIT = 2.0         # the longest that keys typed after a move wait for the host's answer
ANSWER_GRACE = 0.25     # ... and, once its reply is in, for the update it sent before it
FOCUS_WAIT = 0.5        # the longest keys wait for a new screen to be mounted and focused
JOIN_WAIT = 10.0        # the longest keys typed after a join's Enter wait for its lobby (then dropped)
QUIET_POLL = 0.25       # how often the app asks whether the host is late to answer
#: seconds a seat's return waits for the client library's word on how it came back (it follows
#: the snapshot at once) before the log says it without: see EkpeerApp._say_outage
OUTAGE_WORD_WAIT = 1.0


# ctrl+q has no shorter words for a narrow key bar: the Danish "^q Luk" there, beside "Afslut"
# in F1, the dialogs and the game's end, read as another key (and "Luk" closes a dialog)


class EkpeerApp(App):
    CSS_PATH = "ekpeer.tcss"
    TITLE = "ekpeer"
    # each screen is ``-narrow`` below NARROW columns (a phone's browser seat): ekpeer.tcss
    # stacks its panels there and lets buttons take the whole width
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-roomy")]
    # ``-short`` below SHORT rows: a dialog's list gives up rows so its keys and buttons show
    # and ``-snug`` from SHORT to TALL rows (80x24 among them): a dialog's list stops short of
    # its tallest, so that its Back button still fits whole
    VERTICAL_BREAKPOINTS = [(0, "-short"), (SHORT, "-snug"), (TALL, "-tall")]
    BINDINGS = [
        # the keys of the screen in front, in a dialog (the palette's Keys was two steps away,
        # and ? shows a card's rules)
        Binding("f1", "show_help_panel", "Keys"),
        Binding("ctrl+t", "toggle_dark", "Theme"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
        # the host-gone banner's choices again, once Keep waiting folded it to the top line
        Binding("h", "host_choices", "Host gone: choices", show=False),
    ]

    def __init__(self, session_factory: SessionFactory, mode: str | None = None,
                 name: str = "you", address: str | None = None, settings: dict[str, Any] | None = None,
                 autostart: bool = False, options: dict[str, Any] | None = None,
                 discovery: bool = False) -> None:
        # The first screen is the app's default mode, shown without a switch: a mode switch at
        # mount re-parses every stylesheet twice more (Textual reparses on each switch).
        self.DEFAULT_MODE = ("table" if autostart else "lobby") if mode else "start"
        super().__init__()
        # every session is a seat at a host (ekpeer.net) or a script: the app runs no host itself
        self.session_factory = session_factory
        self.start_mode = mode
        self.player_name = name
        self.join_address = address
        self.settings = settings
        self.autostart = autostart
        self.options = options or {}
        self.watch_flag = bool(self.options.get("watch"))     # ekpeer join --watch
        self.table_flag: str | None = self.options.get("table")     # ekpeer join --table NAME
        self.session_mode: str | None = None
        #: lines said at the terminal before the app began (a new host's key): shown again on it
        self.notices: list[str] = []
        self.session: Session | None = None
        self.address: str | None = None
        #: printed on the terminal once the client is gone (how to come back), or None
        self.parting: str | None = None
        self.lobby: dict[str, Any] = {}
        self.lobby_at = time.monotonic()      # when the last lobby came (its seconds count from then)
        self._back: dict[str, float] = {}     # who came back, and when
        self.host_gone: Any = None            # the HostGoneScreen while the host is not answering
        #: whole seconds the host has been late to answer (None: it is not), said on the table
        #: and in the lobby until anything comes (see _check_quiet)
        self.host_quiet: int | None = None
        #: the host-gone banner folded away by Keep waiting: the top line says the silence instead
        self.host_folded = False
        #: the banner closed as the host spoke again, until the client library's word on how the
        #: seat came back says which words fit (it follows the snapshot: see _say_outage)
        self._outage: Any = None
        self._back_body: dict[str, Any] | None = None     # its word, come while the banner was covered
        #: the host resumed its game with the clock in full: said after how the seat came back
        #: (:meth:`_say_clock`), once per clock (its ``deadline``)
        self._clock_news: str | None = None
        self._clock_said_for: Any = None
        self._log_release: Any = None       # lines held for a word that may not come (_log_on)
        #: the "Could not join" toasts up (a wrong password): untrue once a join succeeds
        self._join_refusals: list[Notification] = []
        self.view: dict[str, Any] = {}
        self.catalog = Catalog()
        self.knowledge = Knowledge()
        self.log_lines = GameLog()
        #: the events this game's log was written from (where a snapshot's join on), and the
        #: game they are of: (table, games), as the lobby says
        self._known_events: deque[dict[str, Any]] = deque(maxlen=KNOWN_EVENTS)
        self._log_game: tuple[Any, Any] | None = None
        self._events_told = 0     # this game's events the host told us, as it counts them
        self._shown_to_me: list[str] = []         # the cards last shown to this player, top first
        self.out_order: list[str] = []
        #: why the host ended this game with no winner (its ``game_stopped`` event), or None
        self.stopped: dict[str, Any] | None = None
        self.discovery = discovery
        self._app_styled = False
        # keys typed ahead (see _keys_wait): held, in order, until the screen they are for is up
        self._typed_ahead: list[tuple[str, str | None]] = []
        self._held_since = 0.0
        self._pushed_at = 0.0                     # when the last screen was pushed
        self._menu_closed_at = 0.0                # when Esc went to an open settings menu
        self._menu_closer: events.Key | None = None     # ... and that Esc (never held)
        self._move_out: float | None = None       # when our last move went to the host
        self._nope_sent = False     # our last move was a Nope
        self._move_replied: float | None = None   # when its reply came back
        self._release_timer: Any = None
        #: the tables where this player has a seat the host keeps for them (the link lost, the
        #: host gone: not left), as (HOST:PORT, table): the start screen's LAN list marks them
        self.seats_kept: set[tuple[str, str]] = set()
        #: when a join began whose Enter had keys typed after it: they wait for its lobby
        self._joining: float | None = None
        self.table_screen = TableScreen()
        self.add_mode("start", lambda: self._current_css(self.start_screen))
        self.add_mode("lobby", lambda: self._current_css(self.lobby_screen))
        self.add_mode("table", lambda: self._current_css(self.table_screen))

    def _current_css(self, screen: Screen) -> Screen:
        """Mark a screen that has never been shown as styled by the current stylesheet.

        Textual re-parses every stylesheet when a mode first shows a screen whose (private)
        ``_css_update_count`` is behind the app's, and a new screen's always is: 10-20 ms of
        the start. The stylesheet is the app's, shared by every screen, and a theme change
        re-parses it at once, so a screen not yet shown has nothing stale to refresh.
        """
        if not screen.is_running and hasattr(screen, "_css_update_count"):
            screen._css_update_count = getattr(self, "_css_update_count", -1)
            if not self._app_styled:
                # What the skipped refresh would have done for the app node itself (no re-parse):
                # without its rules (``color: $foreground``) every widget of the first screen
                # drew its text in a transparent colour, invisible in the dark theme.
                self._app_styled = True
                self.stylesheet.apply(self)
        return screen

    # The start and lobby screens (and the widgets they use) load only when first shown:
    # ``ekpeer play --start`` goes straight to the table.
    @cached_property
    def start_screen(self) -> Any:
        from .screens.start import StartScreen

        return StartScreen(self.player_name, self.join_address or "", discovery=self.discovery,
                           table=self.table_flag)

    @cached_property
    def lobby_screen(self) -> Any:
        from .screens.lobby import LobbyScreen

        return LobbyScreen()

    def on_mount(self) -> None:
        # `ekpeer` commands pause the garbage collector while the client starts (ekpeer/collector.py);
        # it runs again once a screen the player can use is drawn, or after 3 s whatever happens.
        self.set_timer(3.0, collector.resume)
        self.set_interval(QUIET_POLL, self._check_quiet)
        for notice in self.notices:     # said at the terminal before the screen covered it
            self.notify(notice, title=_("Host key"), timeout=NOTICE_LONGEST, markup=False)
        if not self.start_mode:
            self.call_after_refresh(collector.resume)

    def _interactive(self) -> None:
        """A screen the player can act on has just been given its content."""
        if collector.paused():
            self.call_after_refresh(collector.resume)

    def on_load(self) -> None:
        if self.start_mode:
            # Starting at once: connect before the first screen is even composed, so that the
            # handshake and the host's reply overlap with drawing it.
            self.connect(self.start_mode, self.player_name, self.join_address)

    # ------------------------------------------------------------------ session
    def connect(self, mode: str, name: str, address: str | None) -> None:
        self._forget_game()
        self.player_name = name
        self.session_mode = mode     # play: the game lives in this program (quitting ends it)
        self.session = self.session_factory(mode=mode, name=name, address=address, settings=self.settings,
                                            autostart=self.autostart, **self.options)
        self.address = getattr(self.session, "address", None) or self._passed_on(mode, address)
        self.pump(self.session)

    def _forget_game(self) -> None:
        """A new session starts with none of the last one's game: its log, who went out and in
        what order, the events its log was written from, the cards shown to this player, the
        pile's top, the seats and their Cone. A new host (Play vs bots again) names its table
        ``play`` and counts its games from 1 as the last did: its first game's snapshot read as
        a resume of the last game, and kept that game's log and its order of who exploded."""
        self.view, self.lobby = {}, {}
        self.knowledge = Knowledge()
        self.log_lines = GameLog()
        self._known_events.clear()
        self._log_game = None
        self._events_told = 0
        self._shown_to_me = []
        self.out_order = []
        self.stopped = None
        self._back.clear()
        self._outage = self._back_body = None

    @staticmethod
    def _passed_on(mode: str, address: str | None) -> str | None:
        """A joiner's address, when it carries the host's key: the lobby shows them the command
        too, so that anyone at the table can pass it on."""
        if mode != "join" or not address:
            return None
        from .addressing import fingerprint

        return address if fingerprint(address) else None

    @work(exclusive=True, group="session")
    async def pump(self, session: Session) -> None:
        """Open the session and forward every incoming message to the app as a message."""
        opened = False
        try:
            await session.open()
            opened = True
            self._withdraw_join_refusals()
            self.address = getattr(session, "address", None) or self.address
            kept = getattr(session, "kept_notice", None)
            words = kept() if callable(kept) else None
            if words:       # the host here set an unfinished game aside: said, not just in host.log
                self.notify(words, title=_("Unfinished game set aside"), severity="warning",
                            timeout=KEPT_NOTICE_SECONDS, markup=False)
            taken = getattr(session, "taken_back_notice", None)
            words = taken() if callable(taken) else None
            if words:       # a --resume that found the game in a kept-<time>/ folder: which one
                self.notify(words, title=_("Unfinished game played on"), severity="information",
                            timeout=KEPT_NOTICE_SECONDS, markup=False)
            while True:
                msg = await session.recv()
                self.post_message(HostMessageReceived(msg))
        except SessionClosed as exc:
            self.post_message(SessionEnded(str(exc), joined=opened))
        except Exception as exc:  # a dropped connection must reach the player as words
            from .refusals import join_refused, trouble

            code, message = getattr(exc, "code", None), getattr(exc, "message", None)
            if not opened and isinstance(code, str) and isinstance(message, str):
                # the host would not seat us: what happened and what to do, never the code
                # where others reach the host: the hosting player's own client sits at it over
                # inproc, and the watch command read the literal "ADDRESS"
                endpoint = str(getattr(session, "address", None) or getattr(session, "endpoint", "") or "")
                words = join_refused(code, message, str(getattr(session, "table", None) or "main"),
                                     str(getattr(session, "name", "") or self.player_name),
                                     endpoint if endpoint.startswith("tcp://") else None,
                                     body=getattr(exc, "body", None),
                                     allow_create=getattr(session, "allow_create", None))
            else:
                words = trouble(exc)
            self.post_message(SessionEnded(words, joined=opened))

    @work(group="send")
    async def send(self, what: str, *args: Any) -> None:
        if self.session is None:
            return
        try:
            await getattr(self.session, what)(*args)
        except Exception as exc:
            from .refusals import trouble

            self._move_out = None
            self.notify(_("Could not send your {what}: {trouble}").format(what=what.replace("_", " "),
                                                                          trouble=trouble(exc)),
                        severity="error", markup=False)
        if what == "move" and self._move_out is not None:
            self._move_replied = time.monotonic()

    # ------------------------------------------------------------------ incoming
    def on_host_message_received(self, message: HostMessageReceived) -> None:
        msg = message.data
        # every string a host sends is another peer's words: no terminal controls get through
        kind, body = msg.get("type"), scrub(msg.get("body") or {})
        if kind in ("snapshot", "update", "closing") or (kind == "reply" and body.get("ok") is False):
            self._move_out = None       # the host answered: keys typed meanwhile act on this
        if kind in ("snapshot", "update") and self.host_gone is not None and not self.host_gone.refused:
            self._host_back()       # the host speaks again: the table first, then what it asks
        if kind == "update" and self._log_release is not None:
            self._log_release.stop()        # play went on with no word on a drop: none is coming
            self._release_log()
        self._on_host_message(kind, body)
        if kind == "snapshot" and self.session is not None:
            self._back_at_start(self.session)
        elif kind == "lobby" and self.session is not None and not body.get("started"):
            self.session.away = None        # a seat in a lobby: no game whose log would say it
            self.session.restarted = False
        if self._clock_news is not None and self.host_gone is None and self._outage is None:
            self._say_clock()       # no word on the seat's return to wait for
        if self.host_quiet is not None:
            self._check_quiet()     # the host spoke: its silence is no longer said

    def _check_quiet(self) -> None:
        """Say, in whole seconds, how long the host has been late to answer (the session's
        :meth:`~.session.Session.unheard_for`), and stop once it speaks: a player on a lossy
        link looked at a table standing still for 2-3 s with nothing saying why. Never with the
        host-gone banner up, which says more."""
        unheard = getattr(self.session, "unheard_for", None)     # (a script's session may lack it)
        gone = self.host_gone
        folded = gone is not None and gone not in self.screen_stack     # Keep waiting: said up here
        if folded:
            quiet = time.monotonic() - gone.since
        else:
            quiet = unheard() if unheard is not None and gone is None else 0.0
        said = max(1, int(quiet + 0.5)) if quiet > 0 else None
        if said == self.host_quiet and folded == self.host_folded:
            return
        self.host_quiet, self.host_folded = said, folded
        if self.current_mode == "table":
            self.table_screen.show_quiet()
        elif self.current_mode == "lobby":
            self.lobby_screen.show_quiet()

    def _back_at_start(self, session: Session) -> None:
        """Our seat resumed by a join of this client's start (it was killed, or the player ran
        the same join command again): said once, with the first snapshot, and whether a bot
        played the seat meanwhile. The host started again (``--resume``) since we were last
        connected (its join reply's ``restarted``): said so, with no length (the new host had
        the seat only since its own start, and this client never saw it go: "Your connection
        to the host dropped; back after 34 s" blamed a link that was fine). Else the host saw
        our connection drop: the log says so, as a live reconnect's does, with how long it had
        the seat without us (the log said nothing unless a bot had played it). Our own host
        (``ekpeer host --resume``) is what went, whatever the host's journal said of the seat:
        "Your host started again" (a hosting player read "back after 436 s"). A seat given by
        our key under its own name, not the one we gave, says which it is."""
        away, session.away = session.away, None
        restarted, session.restarted = session.restarted, False
        own_host, session.own_host_restarted = getattr(session, "own_host_restarted", False), False
        asked, session.asked_name = getattr(session, "asked_name", None), None
        bot_played, session.bot_played = session.bot_played, False
        if asked:       # the host knew our key, not the name we gave: which seat is ours
            self.player_name = session.name
            self.log_lines.append(_("You are back in your seat as {seat}: the host knew it by your key "
                                    "(you gave the name {name}).").format(seat=session.name, name=asked))
        if own_host:    # our own host went (ekpeer host --resume), never our connection
            self._say_back(_("Your host started again: you are back in your seat"), bot_played)
        elif restarted:
            self._say_back(_("The host started again: you are back in your seat"), bot_played)
        elif away is not None:
            self._rejoined({"away": away, "bot_played": bot_played})
        elif bot_played:
            self.log_lines.append(_("You are back in your seat: a bot played it while you were away "
                                    "(its moves read “You” above)."))
            if self.current_mode == "table":
                self.table_screen.show_state()

    def _on_host_message(self, kind: Any, body: dict[str, Any]) -> None:
        if kind == "lobby":
            self._lobby_changed(body)
            if body.get("phase") == "over" and self.view:
                self.table_screen.rematch_changed()    # who is ready for a rematch, who awaited
            if (body.get("started") and self.view) or (self.autostart and not self.view):
                if self.view and self.current_mode == "table":
                    self.table_screen.show_state()      # seats' connections, the Cone
                return
            if self.current_mode != "lobby":
                self.switch_mode("lobby")
            self.lobby_screen.show_lobby()
            self._interactive()
        elif kind == "snapshot":
            if body.get("catalog") is not None:
                self.catalog = Catalog(body["catalog"], body.get("deck"))
            self.view = body.get("view") or {}
            self.knowledge = Knowledge()
            events = body.get("events") or []
            game = ((self.lobby or {}).get("table"), (self.lobby or {}).get("games"))
            if game == self._log_game and game[1] is not None and self.log_lines and self._goes_on(body):
                self._log_on(body, events)      # the same game, after a resume: its log goes on
            else:
                self._new_log(game, body, events)
            self.table_screen.new_game()
            if isinstance(body.get("timer"), dict):     # the clock running now, with what is left
                self._timer(body["timer"])
            self.knowledge.observe(self.view, body.get("events") or [], self.catalog)
            if self.current_mode != "table":
                self.switch_mode("table")
            self.table_screen.show_state()
            self._interactive()
        elif kind == "update":
            before = my_status(self.view)
            self.view = body.get("view") or self.view
            self._status_changed(before, my_status(self.view))
            events = body.get("events") or []
            self._events_told += len(events)
            self.knowledge.observe(self.view, events, self.catalog)
            self._log(events)
            if self.current_mode != "table":
                self.switch_mode("table")
            self.table_screen.show_state()
            self._interactive()
        elif kind == "timer":
            self._timer(body)
        elif kind == "connection":
            self._connection(body)
        elif kind == "closing":     # by: the player whose client ran the host, when it says
            by = body.get("by")
            self._host_gone(closed=True, by=by if isinstance(by, str) and by else None)
        elif kind == "reply":
            if body.get("ok") is False and self.current_mode == "lobby":
                self.lobby_screen.snap_back()    # a refused setting shows the host's again
            if body.get("ok") is False:
                from .refusals import refused_words

                # the host's words, plain
                toast = Notification(refused_words(body), _("Refused"), "warning", 4)
                self.post_message(Notify(toast))
                if self._nope_sent and self.view:
                    self.table_screen.nope_toast(toast)     # goes when another action comes to Nope

    def _log_on(self, body: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """A snapshot of the game this log is of (a resume): only the events that came after
        those already written are added, found by where the host says its last events begin
        (``first``, among all this game's we may see; a host that does not say: by matching
        them to the last ones seen). Where they begin after ours end, some went by unseen."""
        first, earlier = body.get("first"), body.get("earlier")
        if isinstance(first, int) and isinstance(earlier, int):
            last = events[earlier:]
            later = last[self._events_told - first:] if self._events_told >= first else None
            self._events_told = first + len(last)
        else:
            later = unseen(list(self._known_events), events)
        if later is None:
            self.log_lines.recent_only = True
            self.log_lines.append(_("(Some moves went by while you were away: the host sent "
                                    "only its last ones.)"))
            later = events
        if later and not self.log_lines.holding:
            # a resume the client never called the host gone for (a reset of a second): the
            # library's word on our drop follows this snapshot, and goes above what it brings
            self.log_lines.hold()
            self._log_release = self.set_timer(OUTAGE_WORD_WAIT, self._release_log)
        self._log(later)

    def _release_log(self) -> None:
        """The lines held for a word on how we came back that never came: said as they are."""
        self._log_release = None
        if self.log_lines.holding:
            self.log_lines.release()
            if self.current_mode == "table":
                self.table_screen.show_state()

    def _goes_on(self, body: dict[str, Any]) -> bool:
        """Whether a snapshot can be of the game this log is of: its host has told at least the
        events this log was written from (a host only ever tells more of one game)."""
        first, earlier = body.get("first"), body.get("earlier")
        if not (isinstance(first, int) and isinstance(earlier, int)):
            return True
        return first + len(body.get("events") or []) - earlier >= self._events_told

    def _new_log(self, game: tuple[Any, Any], body: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """A log begun anew from a snapshot: a new game's, or one joined mid-game (then it
        holds only the host's last events, unless the host says they begin at the game's start)."""
        first, earlier = body.get("first"), body.get("earlier")
        if isinstance(first, int) and isinstance(earlier, int):
            whole = first == 0
            self._events_told = first + len(events) - earlier
        else:      # a host that does not say: whole at the first turn
            whole = self.view.get("turn_number") == 1
            self._events_told = len(events)
        self.log_lines = GameLog(recent_only=not whole)
        self._known_events.clear()
        rematch = self._log_game is not None and self._log_game[0] == game[0] and \
            isinstance(game[1], int) and self._log_game[1] == game[1] - 1
        self._log_game = game
        changed = replaced_words(self.lobby or {}, (self.lobby or {}).get("you"))
        self.log_lines.extend(changed)      # why the seats changed since the last game, and who sits
        if changed and rematch:     # dealt at once after the last game: said over the table too
            self.notify("\n".join(changed), timeout=10, markup=False)
        self._shown_to_me = []
        self.out_order = []
        self.stopped = None
        if self.view.get("turn_number") == 1 and not any(e.get("type") == "turn" for e in events):
            # the first turn begins with no event (nobody passed it on): its header all the same
            header = event_words({"type": "turn", "player": self.view.get("current"),
                                  "turns": self.view.get("turns", 1)}, self.catalog, self.view.get("you"))
            if header:
                self.log_lines.append(header)
        self._log(events)

    def _status_changed(self, before: str | None, now: str | None) -> None:
        """Your own death, or coming back, said over the table: a stranger found only a log line
        among the bots' fast ones, and a DEAD tag by their name, for the biggest moments."""
        if before is None or now is None or before == now or self.view.get("winners") or \
                self.view.get("winner"):
            return
        if now == "out":
            words = _("You are out of the game: watching to the end.")
        elif now == "dead":
            words = _("You are Dead: you keep your hand, and may be brought back to life.")
        elif now == "living":
            words = _("You are back in the game!")
        else:
            return
        self.notify(words, severity="warning" if now != "living" else "information", timeout=6,
                    markup=False)

    def _timer(self, body: dict[str, Any]) -> None:
        if body.get("restarted") is True and body.get("deadline") != self._clock_said_for:
            self._clock_said_for = body.get("deadline")
            self._clock_news = restarted_clock_words(body, (self.lobby or {}).get("you"))
        seconds = float(body.get("seconds", 0) or 0)
        remaining = body.get("remaining")
        self.table_screen.timer_started(str(body.get("kind")), seconds, body.get("player"),
                                        float(remaining) if isinstance(remaining, int | float) else None)

    def _lobby_changed(self, body: dict[str, Any]) -> None:
        """A new ``lobby``: who dropped, came back, is covered by a bot, wears the Cone, said in
        the log in words; every seat's state kept for the players list."""
        before, self.lobby, self.lobby_at = self.lobby, body, time.monotonic()
        me = body.get("you")
        # once the host closed the table, its player's own link going down with it is no news
        # (a stranger read "ann lost connection (a bot plays for ann in 30 s ...)" after it)
        closed = self.host_gone is not None and self.host_gone.closed
        lines = [] if closed else seat_changes(before, body, me,
                                               self.table_screen.seat_clocks() if self.view else None)
        if lines and self.view:
            self.log_lines.extend(lines)
        for words in [] if closed else back_words(before, body):     # a lobby seat back after a drop
            self.notify(words, timeout=6, markup=False)
        passed = passed_words(before, body)
        if passed:      # the creator did not come back: who sets the table now, said in words
            self.notify(passed, timeout=8, markup=False)
        # a seat that waited for its player since the host started again is not "back": it
        # never lost them (words.restart_news)
        old = {s.get("name"): s.get("state") for s in (before or {}).get("seats") or []
               if not (s.get("restarted") and s.get("state") == "gone")}
        for seat in body.get("seats") or []:
            if seat.get("state") == "connected" and old.get(seat.get("name")) in ("gone", "covered", "left"):
                self._back[str(seat.get("name"))] = self.lobby_at

    @property
    def back_seats(self) -> set[str]:
        """Players back at the table in the last few seconds (the players list says so)."""
        now = time.monotonic()
        return {name for name, at in self._back.items() if now - at < BACK_SECONDS}

    # ------------------------------------------------------------------ the host, gone and back
    def _connection(self, body: dict[str, Any]) -> None:
        """The client library's word on the connection: ``lost`` (the host fell silent; it keeps
        reconnecting), ``back`` (the seat is resumed), ``refused`` (the host has no seat for us)."""
        state = body.get("state")
        if state == "lost":
            silent = body.get("silent_seconds")
            silent = float(silent) if isinstance(silent, int | float) else 0.0
            screen = self._host_gone(closed=False, silent=silent)
            screen.own_network(bool(body.get("own_network_down")))
        elif state == "network":
            if self.host_gone is not None:
                self.host_gone.own_network(bool(body.get("own_network_down")))
        elif state in ("back", "rejoined"):
            self._host_back(said_later=False)
            if self._outage is not None:
                self._say_outage(body)
            elif self.host_gone is not None:    # its banner under another screen: said once it goes
                self._back_body = body
            elif isinstance(body.get("away"), int | float):   # the host saw our link drop: it never left
                self._rejoined(body)
        elif state == "refused":
            screen = self._host_gone(closed=False, unfold=True)
            if body.get("code") == "bad_token":
                # the host's own words are for programs ("no seat at this table has that token
                # for your key"), and English on a Danish screen: what happened, in the player's
                words = _("The host has no seat for you at this table any more: it started again "
                          "without your game.")
            else:
                words = str(body.get("message") or body.get("code") or "")
            self.log_lines.release()    # nothing comes back: what was held is said as it is
            screen.seat_refused(words)

    def _rejoined(self, body: dict[str, Any]) -> None:
        """Our connection dropped for a moment and the seat is ours again: every other table
        said we lost connection and are back, and now our own log says so too (a stranger's
        said nothing after a reset of a second or two)."""
        away = body.get("away")
        seconds = max(1, round(float(away))) if isinstance(away, int | float) else 1
        words = ngettext("Your connection to the host dropped; back after {n} s",
                         "Your connection to the host dropped; back after {n} s", seconds).format(n=seconds)
        self._say_back(words, bool(body.get("bot_played")))

    def _say_back(self, words: str, bot_played: bool) -> None:
        """How our seat came back, in the log and a toast, and whether a bot played it meanwhile:
        first, then what the host told meanwhile (held, :meth:`GameLog.hold`)."""
        self.log_lines.release([words])
        if bot_played:
            self.log_lines.append(_("You are back in your seat: a bot played it while you were away "
                                    "(its moves read “You” above)."))
        self.notify(words, timeout=5, markup=False)
        self._say_clock()
        if self.current_mode == "table":
            self.table_screen.show_state()

    def _say_clock(self) -> None:
        """The host resumed its game with the clock in full (its ``timer``'s ``restarted``):
        said in the log after how the seat came back, never before it (a player whose clock had
        stood at 35 s read 44 s with no word why)."""
        words, self._clock_news = self._clock_news, None
        if words:
            self.log_lines.append(words)
            if self.current_mode == "table":
                self.table_screen.show_state()

    def _host_back(self, said_later: bool = True) -> None:
        """The host answers again and our seat is resumed: the notice goes, the clocks take the
        host's time again, and the log says so once (:meth:`_say_outage`). The snapshot comes
        before the client library's ``back`` (the host sends it before its join reply), and only
        ``back`` says whether it was the host that went: so the words wait for it, or
        (``said_later``) for :data:`OUTAGE_WORD_WAIT` seconds if none comes."""
        screen, self.host_gone = self.host_gone, None
        if screen is None:
            return
        if screen in self.screen_stack:
            if self.screen is screen:
                screen.dismiss("back")
            else:       # something opened over it meanwhile: close it once it is on top
                self.host_gone = screen
                self.set_timer(0.2, self._host_back)
                return
        self._outage = screen
        self.table_screen.clock_resumed()
        self._check_quiet()     # a folded banner's top line goes
        if self._back_body is not None:     # the library's word came while it was covered
            self._say_outage()
        elif said_later:
            self.set_timer(OUTAGE_WORD_WAIT, lambda: self._say_outage() if self._outage is screen else None)

    def _say_outage(self, body: dict[str, Any] | None = None) -> None:
        """Say once, in the log and a toast, how the seat came back after the banner: the host
        was the one gone (it closed the table, or it answers as a host started again: the
        library's ``restarted``) for as long as this client saw it gone, by its own clock (the
        restarted host knew the seat only since its own start: "back after 1 s" after 17 s
        down, and after "Connected again", read backwards); or this player's own link dropped
        while the host stayed (the host's ``away``); or, when nothing tells, "Connected again"."""
        screen, self._outage = self._outage, None
        if screen is None:
            return
        body, self._back_body = body or self._back_body or {}, None
        if screen.closed or body.get("restarted"):
            seconds = max(1, round(time.monotonic() - screen.since))
            if (self.lobby or {}).get("spectator"):
                words = ngettext("The host was gone for {n} s; you are watching again",
                                 "The host was gone for {n} s; you are watching again", seconds)
            else:
                words = ngettext("The host was gone for {n} s; you are back in your seat",
                                 "The host was gone for {n} s; you are back in your seat", seconds)
            words = words.format(n=seconds)
        elif isinstance(body.get("away"), int | float):
            # its word alone in the log: "Connected again" above "Your connection to the host
            # dropped; back after 28 s" read backwards to a stranger (the toast says both)
            self._rejoined(body)
            return
        else:
            words = self._back_words()
        self._say_back(words, bool(body.get("bot_played")))

    def _back_words(self) -> str:
        """The host answers again: a player is back in their seat; a watcher has no seat, and
        watches again. "Connected again", not "the host is back": from here a host that went
        and this player's own link failing look the same (a stranger read that the host had
        left when it was their own link; the host's word on the drop follows, :meth:`_rejoined`)."""
        if (self.lobby or {}).get("spectator"):
            return _("Connected again: you are watching again")
        return _("Connected again: you are in your seat again")

    def _host_gone(self, closed: bool, silent: float = 0.0, by: str | None = None,
                   unfold: bool = False) -> Any:
        """Say over the table that the host is gone (or closed it), and how to go on
        (``silent``: seconds the host had already been silent when the client called it gone).
        A banner folded by Keep waiting stays so unless the table is closed or ``unfold``
        (the seat refused): then there is nothing to wait for, and it comes back in full."""
        from .screens.host_gone import HostGoneScreen

        if closed:      # the host's clocks are gone with it: the bar stops counting
            self.table_screen.clock_stopped()
        else:           # no host to keep time: the clocks stand until it is back with its own
            self.table_screen.clock_paused(silent)
        self._outage = self._back_body = None   # (gone again before the last return was said)
        screen = self.host_gone
        if screen is not None and screen not in self.screen_stack:     # folded
            if not (closed or unfold):
                return screen
            screen = self._show_host_gone(screen.again())
        if screen is not None and screen in self.screen_stack:
            if closed:
                screen.host_closed(by)
                if self.current_mode == "table":
                    self.table_screen.show_state()     # its status line says so too
            return screen
        screen = self.host_gone = HostGoneScreen(closed=closed, since=time.monotonic() - max(0.0, silent),
                                                 watching=bool((self.lobby or {}).get("spectator")), by=by)
        if self._log_release is not None:       # lines held for an earlier return: said first
            self._log_release.stop()
            self._release_log()
        self.log_lines.append(_("The host closed the table") if closed
                              else _("No connection to the host: trying to reconnect"))
        self.log_lines.hold()       # what comes back first waits for how we came back
        if self.current_mode == "table":
            self.table_screen.show_state()
        return self._show_host_gone(screen)

    def _show_host_gone(self, screen: Any) -> Any:
        """Push the host-gone banner ``screen`` (new, or again after Keep waiting folded it)."""
        self.host_gone = screen

        def chosen(what: str | None) -> None:
            if what == "wait":      # folded: the top line says the silence, h brings it back
                self._check_quiet()
                if self.current_mode == "table":
                    self.table_screen.show_state()
                return
            if self.host_gone is screen:
                self.host_gone = None
            if what == "start":
                self.leave()
            elif what == "quit":
                self.parting = self._come_back()
                self.close_and_exit()

        self.push_screen(screen, chosen)
        self._check_quiet()     # the banner says it now: the short word gives way
        return screen

    def _come_back(self) -> str | None:
        """How to come back to this seat, for the terminal after quitting with the host silent."""
        from .come_back import come_back_words

        lobby = self.lobby or {}
        return come_back_words(self.address, lobby.get("table") or self.table_flag, self.player_name,
                               password=bool((lobby.get("settings") or {}).get("password")),
                               watching=bool(lobby.get("spectator")))

    def action_host_choices(self) -> None:
        """``h``: the host-gone banner again, with its choices (leave, quit), after Keep waiting."""
        screen = self.host_gone
        if screen is not None and screen not in self.screen_stack:
            self._show_host_gone(screen.again())

    # ------------------------------------------------------------------ keys typed ahead
    # Keys read together (a busy machine, SSH, key repeat, the browser seat) must each act on
    # the state the keys before them left, as a slow typist's would. Two things come later than
    # the key that caused them: the host's answer to a move (a key after Enter must not act on
    # the hand that move changed, nor miss the decision it opened), and a new screen (a key
    # after the one that opened a dialog is for the dialog, once it is mounted and focused).
    # Until then keys wait here, in order, and are then posted again as if just typed.
    # One key waits longer, and not here: a d pressed while your own card waits for its Nope
    # window. Keys after it must not wait the window's seconds with it, so the table keeps
    # it (said on its status line; Esc or another move calls it off) and posts it again,
    # the same way, once the window closes (TableScreen._check_kept_draw, tui/kept_draw.py).
    def _keys_wait(self) -> bool:
        """Whether a key now would act on a state that is about to change."""
        now = time.monotonic()
        if self._joining is not None:
            if not (self.lobby or self.view) and self.session is not None and now - self._joining < JOIN_WAIT:
                return True
            if not (self.lobby or self.view):       # no lobby came: keys meant for it go nowhere
                self._typed_ahead.clear()
            self._joining = None
        if self._move_out is not None:
            replied = self._move_replied
            if now - self._move_out < MOVE_WAIT and (replied is None or now - replied < ANSWER_GRACE):
                return True
            self._move_out = None
        if now - self._held_since > FOCUS_WAIT and self._typed_ahead:
            return False       # a screen that never takes the focus does not swallow keys
        try:
            screen = self.screen
        except ScreenStackError:
            return False       # keys before the first screen: Textual's to ignore
        if not screen.is_mounted:
            return True
        # Esc closing a settings menu (a Select's list) gives the focus back to its Select a
        # message later: a key before that went to the list's search, not to the lobby (a
        # stranger's Esc, s after the deck's menu started nothing)
        if now - self._menu_closed_at < FOCUS_WAIT and self._menu_open():
            return True
        # a dialog just pushed focuses its list once mounted (Widget.focus waits for the queue)
        return now - self._pushed_at < FOCUS_WAIT and screen.focused is None and bool(screen.focus_chain)

    def push_screen(self, *args: Any, **kwargs: Any) -> Any:
        self._pushed_at = time.monotonic()
        return super().push_screen(*args, **kwargs)

    def _hold(self, event: events.Key) -> bool:
        """Hold ``event`` if it must wait (or keys before it wait): True if it was held."""
        if not self._typed_ahead and not self._keys_wait():
            return False
        if not self._typed_ahead:
            self._held_since = time.monotonic()
        self._typed_ahead.append((event.key, event.character))
        event.prevent_default()
        event.stop()
        if self._release_timer is None:
            self._release_timer = self.set_interval(0.02, self._release_keys)
        return True

    def _release_keys(self) -> None:
        if self._typed_ahead and self._keys_wait():
            return
        if self._release_timer is not None:
            self._release_timer.stop()
            self._release_timer = None
        keys, self._typed_ahead = self._typed_ahead, []
        for key, character in keys:      # behind them in the queue: whatever is typed from now on
            self.post_message(events.Key(key, character))

    def _quits(self, key: str) -> bool:
        return any(b.priority for b in self._bindings.key_to_bindings.get(key, ()))

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and self._escape_then(event):
            return
        if isinstance(event, events.Key) and event.is_forwarded and self._after_choice(event):
            return
        # a key straight from the terminal: held before a screen's priority bindings see it
        if (isinstance(event, events.Key) and not event.is_forwarded and not self._quits(event.key)
                and self._hold(event)):
            return
        if isinstance(event, events.Key) and event.key == "escape" and not event.is_forwarded \
                and self._menu_open():
            self._menu_closed_at, self._menu_closer = time.monotonic(), event
        await super().on_event(event)

    def _menu_open(self) -> bool:
        """Whether a settings menu (a Select's list) has the focus: Esc closes it."""
        try:
            return isinstance(self.screen.focused, SelectOverlay)
        except ScreenStackError:
            return False

    def _after_choice(self, event: events.Key) -> bool:
        """A key read together with the Enter that chose in a dialog's list, on its way to the
        bindings after that Enter's: the choice is answered by a message behind it, so the
        key goes round again and waits for what the answer opens. A stranger's d ⏎ End ↑ ⏎
        saved with the Defuse, and End ↑ ⏎ moved the old list instead of placing the kitten."""
        focused = self.screen.focused
        if not getattr(focused, "chosen", False) or focused is None or not focused.is_attached:
            return False
        event.prevent_default()
        event.stop()
        self.post_message(events.Key(event.key, event.character))
        return True

    def _escape_then(self, event: events.Key) -> bool:
        """Esc and a key typed quickly after it reach a terminal program as one Alt+key (the
        same bytes), and both were lost: a stranger's Esc, d over the log drew no card. Nothing
        here is bound to Alt, so Alt+key is taken as Esc, then the key."""
        key, character = event.key, event.character
        if not key.startswith("alt+") or not character or len(character) != 1:
            return False
        event.prevent_default()
        event.stop()
        self.post_message(events.Key("escape", "\x1b"))
        self.post_message(events.Key(key.removeprefix("alt+"), character))
        return True

    def on_resize(self, event: events.Resize) -> None:
        """Every screen of the stack takes the new width's layout, not only the one on top
        (Textual sets the breakpoint classes on the screen that gets the resize): the table
        under a dialog is narrow or wide as the screen now is."""
        narrow, short = event.size.width < NARROW, event.size.height < SHORT
        for screen in self.screen_stack:
            screen.set_class(narrow, "-narrow")
            screen.set_class(not narrow, "-roomy")
            screen.set_class(short, "-short")
            screen.set_class(not short and event.size.height < TALL, "-snug")
            screen.set_class(event.size.height >= TALL, "-tall")

    def on_key(self, event: events.Key) -> None:
        # a key back from the focused widget, on its way to the bindings: the keys before it
        # may have sent a move or opened a screen meanwhile (not the Esc closing a menu, which
        # the keys after it wait for)
        if event is not self._menu_closer:
            self._hold(event)

    # ------------------------------------------------------------------ quitting
    def hosting(self) -> bool:
        """This player runs the host of their table (``ekpeer host``, ``ekpeer play``): quitting
        closes the table for everyone at it."""
        session = self.session
        return session is not None and (getattr(session, "host", None) is not None
                                        or getattr(session, "address", None) is not None)

    def unlisted_actions(self) -> tuple[str, ...]:
        """The app's keys the Keys dialog (F1) leaves out: h, the host-gone banner's choices,
        for the player hosting (their host cannot go quiet on them)."""
        return ("host_choices",) if self.hosting() else ()

    async def action_quit(self) -> None:
        """Quit; a hosting player with other people at their table is asked first."""
        from .screens.leave_confirm import LeaveConfirmScreen, seat_in_game
        from .screens.lobby_leave import LobbyLeaveScreen, leave_costs
        from .screens.quit_confirm import QuitConfirmScreen, others_seated

        if any(isinstance(s, QuitConfirmScreen | LeaveConfirmScreen | LobbyLeaveScreen)
               for s in self.screen_stack):
            return
        if self.host_gone is not None:
            # no host to tell, no bot to take the seat: "Leave the game? a bot takes your seat"
            # was asked after the host had closed the table (its own q quits at once too)
            self.exit()
            return
        if self.session is not None and not self.hosting() \
                and seat_in_game(self.lobby, self.view) != "living":
            # ctrl+q in a lobby where you have a seat (a table you created goes to another, or
            # closes; a joiner's seat goes): asked as Esc asks there, then quit
            created = any(s.get("creator") and s.get("you") for s in self.lobby.get("seats") or [])
            costs = leave_costs(self.lobby)
            if costs:
                self._ask(LobbyLeaveScreen(costs, created),
                          lambda yes: self.leave_and_exit() if yes else None, self.action_quit)
                return
        others = others_seated(self.lobby, self.player_name) if self.hosting() else []
        if self.hosting() and not others and seat_in_game(self.lobby, self.view) == "living":
            # alone at one's own host with bots (``ekpeer play --menu``, then ctrl+b): asked as
            # ``ekpeer play``'s forked host asks, for quitting ends the game
            def ending(quit_: bool | None) -> None:
                if quit_:
                    self.exit()

            self._ask(LeaveConfirmScreen(alone=True), ending, self.action_quit)
            return
        seated_elsewhere = self.session is not None and not self.hosting()
        part = seat_in_game(self.lobby, self.view) if seated_elsewhere else None
        if part == "living":
            # a seat in a game at someone else's host: leaving is for good, so asked first
            def leaving(leave: bool | None) -> None:
                if leave:
                    self.leave_and_exit()

            self._ask(LeaveConfirmScreen(alone=self.session_mode == "play"), leaving, self.action_quit)
            return
        if part == "out":       # out of the game already: nothing to lose, but the host is told
            self.leave_and_exit()
            return
        if not others:
            self.exit()
            return

        def answered(quit_: bool | None) -> None:
            if quit_:
                self.close_and_exit()

        self._ask(QuitConfirmScreen(others), answered, self.action_quit)

    def _ask(self, question: Any, answered: Callable[[Any], None], again: Callable[[], Any]) -> None:
        """Push ``question`` (quit? leave?), which knows how to be asked ``again``: a decision
        beneath it that the host settles closes it with the decision (TableScreen._withdraw),
        and it is asked anew over what comes next."""
        question.ask_again = again
        self.push_screen(question, answered)

    @work(group="send")
    async def close_and_exit(self) -> None:
        """Quit. A hosting player with other people at their table closes the session first:
        the host in this process tells them it closed the table, rather than falling silent."""
        import asyncio
        import contextlib

        from .screens.quit_confirm import others_seated

        session = self.session
        if session is not None and self.hosting() and others_seated(self.lobby, self.player_name):
            self.session = None
            self.workers.cancel_group(self, "session")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(session.close(), 3.0)
        self.exit()

    @work(group="send")
    async def leave_and_exit(self) -> None:
        """Quit mid-game for good: the host is told (``leave``), so that a bot takes the seat at
        once and every table says this player left, rather than seeing a drop and waiting out
        the grace period."""
        import asyncio
        import contextlib

        session, self.session = self.session, None
        self.workers.cancel_group(self, "session")
        if session is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(session.close(), 3.0)
        self.exit()

    def _log(self, events: Iterable[dict[str, Any]]) -> None:
        from .phrasing import box_titles

        me = self.view.get("you")
        boxes = box_titles(self.lobby or {})     # a box as this reader's lobby calls it
        new_order: str | None = None    # said after my next line (the card's public one) it explains
        drawn: tuple[Any, Any] | None = None    # the draw just said: who, and which card
        before: dict[str, Any] | None = None    # the event just read
        for e in events:
            self._known_events.append(e)
            t = e.get("type")
            twin, before = named_twin(e, before), e
            if twin:    # a card of mine the others were told of unnamed: my line named it
                continue
            if t == "exploding" and drawn == (e.get("player"), e.get("card")):
                drawn = None    # "ann draws Exploding Kitten!" said it: not "ann faces ..." too
                continue
            drawn = (e.get("player"), e.get("card")) if t == "drew" else None
            if t == "game_stopped":
                self.stopped = e
            if t == "exploded" and e.get("player") not in self.out_order:
                self.out_order.append(e.get("player"))
            if t == "shown" and me is not None and e.get("by") == me:
                self._shown_to_me = list(e.get("cards") or [])
            elif t == "chose" and e.get("kind") == "order" and e.get("by") == me:
                new_order = new_order_words(self._shown_to_me, list(e.get("answer") or []), self.catalog)
            line = event_words(e, self.catalog, me, boxes,
                               bot_winners(self.lobby) if t == "game_over" else None)
            if line:
                self.log_lines.append(line)
            if new_order and line and t != "chose" and e.get("by") == me:   # the public line it explains
                self.log_lines.append(new_order)
                new_order = None
        if new_order:
            self.log_lines.append(new_order)

    def on_session_ended(self, message: SessionEnded) -> None:
        self._move_out = None
        if message.reason:
            # long enough to read: a sentence or two of why, and what to do
            said = _("Disconnected") if message.joined else _("Could not join")
            toast = Notification(scrub(f"{said}: {message.reason}"), "", "error",
                                 min(NOTICE_LONGEST, max(8.0, len(message.reason) / 15)), markup=False)
            self.post_message(Notify(toast))
            if not message.joined:
                self._join_refusals.append(toast)
        if message.joined:
            self._keep_seat(self.session, True)
        self.session = None
        if self.current_mode != "start":
            self.switch_mode("start")

    def _withdraw_join_refusals(self) -> None:
        """A join succeeded: the toasts of the tries before it (a wrong password, then the
        right one) no longer hold, and "Could not join: wrong password" stood over the lobby
        until it timed out. Only those go; any other toast stays."""
        refusals, self._join_refusals = self._join_refusals, []
        for toast in refusals:
            if toast in self._notifications:
                self._unnotify(toast)

    # ------------------------------------------------------------------ outgoing
    def on_start_chosen(self, message: StartChosen) -> None:
        # a table picked on the LAN list is for that join only: an address typed later joins
        # the --table the start screen says (it went to the LAN table's name, unsaid)
        self.options = {**self.options, "table": message.table if message.table is not None
                        else self.table_flag}
        if message.password is not None:
            self.options = {**self.options, "password": message.password or None}
        # `ekpeer join --watch` without an address: every table picked on the start screen is watched
        self.options = {**self.options, "watch": message.watch or self.watch_flag}
        # a refusal names the start screen's boxes, not the command line's flags
        self.options = {**self.options, "start_screen": True}
        self.switch_mode("lobby")
        self.connect(message.mode, message.name, message.address)
        if message.typed_after:
            # keys typed right after the Enter that joined (r: ready): for the lobby once it
            # comes, never the start screen's boxes (they went into the password sent)
            self._joining = self._held_since = time.monotonic()
            self._typed_ahead.extend(message.typed_after)
            if self._release_timer is None:
                self._release_timer = self.set_interval(0.02, self._release_keys)

    def move_chosen(self) -> None:
        """A move is on its way (its MoveChosen still to come): keys typed from now on wait
        for the host's answer. Called where the move is chosen, before the keys queued behind
        the one that chose it are handled."""
        self._move_out, self._move_replied = time.monotonic(), None

    def on_move_chosen(self, message: MoveChosen) -> None:
        self.move_chosen()
        cards = message.move.get("cards") or []
        # a refusal of it is about a Nope: said of the action it answered, not of the next one
        self._nope_sent = "answers" in message.move or (
            message.move.get("do") == "play" and len(cards) == 1 and self.catalog.is_nope(cards[0]))
        self.send("move", message.move)

    def on_settings_edited(self, message: SettingsEdited) -> None:
        self.send("lobby_set", message.settings)

    def on_ready_toggled(self, message: ReadyToggled) -> None:
        if message.picks is not None:
            self.send("ready", message.ready, message.picks)
        else:
            self.send("ready", message.ready)

    def on_start_requested(self, message: StartRequested) -> None:
        self.start_game()

    @work(group="send")
    async def start_game(self) -> None:
        if self.session is None:
            return
        try:
            me = next((s for s in self.lobby.get("seats", []) if s.get("you")), {})
            if not me.get("ready"):
                await self.session.ready(True)
            await self.session.start()
        except Exception as exc:
            from .refusals import trouble

            self.notify(_("Could not start the game: {trouble}").format(trouble=trouble(exc)),
                        severity="error", markup=False)

    def on_rematch_requested(self, message: RematchRequested) -> None:
        if self.lobby.get("spectator"):     # a spectator's "again" is a seat at the next game
            self.sit()
            return
        self.send("rematch")

    def on_leave_requested(self, message: LeaveRequested) -> None:
        self.ask_leave()

    def on_sit_requested(self, message: SitRequested) -> None:
        self.sit()

    @work(group="send")
    async def sit(self) -> None:
        """A spectator takes a seat: in the lobby, or after a game for the next one (and then
        asks for that game at once, as the rematch waits for every seated person)."""
        session = self.session
        if session is None or not self.lobby.get("spectator"):
            return
        over = self.lobby.get("phase") == "over"
        try:
            seated = await session.sit()
            if seated and over:
                await session.rematch()
        except Exception as exc:
            from .refusals import trouble

            self.notify(_("Could not take a seat: {why}").format(why=trouble(exc)), severity="error",
                        markup=False)
            return
        if seated:
            self.player_name = session.name
            self.notify(_("You have a seat: the next game deals you in once everyone asks for it.") if over
                        else _("You have a seat: get ready with r."), timeout=5)

    @work(group="send")
    async def leave(self) -> None:
        self._remember_settings()
        session, self.session = self.session, None
        self._keep_seat(session, False)
        self.view, self.lobby = {}, {}
        # the player left: the session's end is no news to tell them ("Disconnected: ...")
        self.workers.cancel_group(self, "session")
        if session is not None:
            try:
                await session.close()
            except Exception:
                pass
        self.switch_mode("start")

    def _keep_seat(self, session: Session | None, kept: bool) -> None:
        """Remember (or forget, once left) the seat ``session`` had: the host keeps a seat whose
        player is gone without leaving, and the start screen's LAN list marks its table."""
        from .screens.start import place

        endpoint, table = getattr(session, "endpoint", None), getattr(session, "table", None)
        if not isinstance(endpoint, str) or not isinstance(table, str):
            return
        if kept and not getattr(session, "watch", False) and self.lobby.get("spectator") is not True:
            self.seats_kept.add(place(endpoint, table))
        else:
            self.seats_kept.discard(place(endpoint, table))

    def _remember_settings(self) -> None:
        """The table this player set up starts their next one with its settings: after Leave,
        Play vs bots had put every choice of the lobby back to its default. Never the password
        nor a custom deck's picks: those are the table's, and the lobby shows neither."""
        settings = self.lobby.get("settings")
        if not isinstance(settings, dict) or not (self.hosting() or getattr(self.session, "create", False)):
            return
        from .presets import DEFAULT_SETTINGS

        self.settings = {**(self.settings or {}),
                         **{k: v for k, v in settings.items() if k in DEFAULT_SETTINGS}}

    def game_over_answered(self, what: str) -> None:
        if what == "rematch":
            self.send("rematch")
        elif what == "sit":
            self.sit()
        elif what == "leave":
            self.leave()
        elif what == "quit":
            self.close_and_exit()

    def summary(self) -> list[str]:
        view = self.view
        me = view.get("you")
        lines = [_("Turns played: {n}").format(n=view.get("turn_number", "?"))]
        if self.out_order:
            lines.append(_("Out, in order: ") + ", ".join(self.out_order))
        standing = [p["name"] for p in view.get("players", []) if p.get("status", "living") == "living"]
        if standing:
            from .seat_words import standing_names

            lines.append(_("Still at the table: ") + ", ".join(standing_names(standing, self.lobby)))
        dead = [p["name"] for p in view.get("players", []) if p.get("status") == "dead"]
        if dead:
            lines.append(_("Dead: ") + ", ".join(dead))
        if me and me not in (view.get("winners") or [view.get("winner")]):
            place = len(view.get("players", [])) - self.out_order.index(me) if me in self.out_order else None
            if place:
                seats = len(view.get("players", []))
                lines.append(_("You finished {place} of {n}.").format(place=place, n=seats))
        return lines

    # ------------------------------------------------------------------ chrome
    def action_toggle_dark(self) -> None:
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"

    def action_command_palette(self) -> None:
        """Textual's palette, its search prompt in the player's language."""
        from textual.command import CommandPalette

        from .palette import Palette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette(id="--command-palette", placeholder=_("Search for commands…")))

    def get_key_display(self, binding: Binding) -> str:
        """A key as the key bar and the Keys dialog show it, in the player's language
        (:func:`key_words`)."""
        return key_words(super().get_key_display(binding))

    def action_show_help_panel(self) -> None:
        """The palette's Keys: ekpeer's keys of the screen beneath, in the player's language,
        in a dialog (Textual's panel was English and narrowed the table beside it)."""
        from textual.command import CommandPalette

        from .screens.keys import KeysScreen, key_rows

        screen = next(s for s in reversed(self.screen_stack) if not isinstance(s, CommandPalette))
        if isinstance(screen, KeysScreen):
            return
        self.push_screen(KeysScreen(key_rows(screen, self.get_key_display)))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        # Textual's own commands, said in the player's language (their English is in TEXTUAL_WORDS);
        # not Maximize (a widget to full screen: a stranger read it as a game's command), and Keys
        # said as what it opens here: ekpeer's keys (screens/keys.py), not a widget's help
        for command in super().get_system_commands(screen):
            if command.title in ("Maximize", "Minimize"):
                continue
            if command.title == "Keys":
                command = command._replace(help=KEYS_HELP)
            if command.title == "Quit":     # not "as soon as possible": it asks first (action_quit)
                command = command._replace(help=QUIT_HELP)
            yield command._replace(title=_(command.title), help=_(command.help))
        yield SystemCommand(_("Light or dark theme"), _("Switch between the light and the dark theme"),
                            self.action_toggle_dark)
        if self.current_mode == "table":
            t = self.table_screen
            # only what does something now: after a game, "Draw a card" only said you could not
            if t.check_action("draw", ()):
                yield SystemCommand(_("Draw a card"), _("Draw and end your turn"), t.action_draw)
            if t._nope_moves():
                yield SystemCommand(_("Nope"), _("Play a Nope on the pending action"), t.action_nope)
            if t._now_moves():
                yield SystemCommand(_("Play a NOW card"), _("Play a card that may be played at any time"),
                                    t.action_now)
            yield SystemCommand(_("Browse the discard pile"), _("Every discarded card, top first"),
                                t.action_discard)
            if t.check_action("moves", ()):
                yield SystemCommand(_("Every move"), _("List every move open to you"), t.action_moves)
            yield SystemCommand(_("The whole log"), _("Read back everything that happened this game (l)"),
                                t.action_whole_log)
            yield SystemCommand(_("Rules of the highlighted card"), _("Show its text"), t.action_card_text)
        if self.session is not None:
            yield SystemCommand(_("Leave the table"), _("Back to the start screen"), self.ask_leave)

    def ask_leave(self) -> None:
        """The palette's Leave, and the lobby's Esc: asked first in a game you are still in, as
        ctrl+q asks (it ended a game against bots at once), and in a lobby where leaving costs
        something (one Esc gave a creator's table away, or closed it)."""
        from .screens.leave_confirm import LeaveConfirmScreen, seat_in_game
        from .screens.lobby_leave import LobbyLeaveScreen, leave_costs
        from .screens.quit_confirm import QuitConfirmScreen, others_seated

        if any(isinstance(s, LobbyLeaveScreen | QuitConfirmScreen | LeaveConfirmScreen)
               for s in self.screen_stack):
            return
        if seat_in_game(self.lobby, self.view) != "living":
            costs = leave_costs(self.lobby, self.hosting())
            if not costs:
                self.leave()
                return
            created = any(s.get("creator") and s.get("you") for s in self.lobby.get("seats") or [])
            self._ask(LobbyLeaveScreen(costs, created), lambda yes: self.leave() if yes else None,
                      self.ask_leave)
            return
        others = others_seated(self.lobby, self.player_name) if self.hosting() else []
        alone = self.hosting() and not others or self.session_mode == "play"
        screen = QuitConfirmScreen(others) if others else LeaveConfirmScreen(alone=alone, quits=False)
        self._ask(screen, lambda yes: self.leave() if yes else None, self.ask_leave)


def key_words(shown: str) -> str:
    """A key as Textual names it (``space``, ``home``, ``pgup``, ``shift+↑``) in the player's
    language: Danish says "mellemrum" and "skift", and writes Home, End, PgUp and PgDn as its
    keys are labelled (a Danish screen read "home", "end", "pgup" and "shift+↑": English words).
    Symbols (``^p``, ``⏎``, ``↑``) and letters stay as they are."""
    if shown.startswith("shift+") and len(shown) > len("shift+"):
        return pgettext("key", "shift") + "+" + key_words(shown[len("shift+"):])
    names = {"space": _("space"), "home": pgettext("key", "home"), "end": pgettext("key", "end"),
             "pgup": pgettext("key", "pgup"), "pgdn": pgettext("key", "pgdn")}
    return names.get(shown, shown)

#: The longest the first-visit Host key notice and a refusal to join stay (seconds): long
#: enough to read two sentences, not so long that they cover the hand at the first turn (the
#: first stayed 20 s) or the start screen's table list and its Watch button (the second 30 s)
NOTICE_LONGEST = 12.0
KEPT_NOTICE_SECONDS = 30.0     # a folder's path and three steps: long enough to copy them down
KEYS_HELP = N_("The keys of this screen, and what each does")
QUIT_HELP = N_("Close ekpeer (asked first if you would leave a game or close your table)")
#: Textual's palette commands (``App.get_system_commands``), written here so that the
#: catalogs carry them: the palette says them through ``_`` like every other word
TEXTUAL_WORDS = (
    N_("Theme"), N_("Change the current theme"), N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
)


def make_app(session_factory: SessionFactory, **kwargs: Any) -> EkpeerApp:
    """The client app, with the sessions ``session_factory`` makes for each mode (``play``,
    ``host``, ``join``): ``ekpeer.cli_tui.session_factory`` (seats at a host in this process or
    across the network), or a script (tests)."""
    return EkpeerApp(session_factory=session_factory, **kwargs)
