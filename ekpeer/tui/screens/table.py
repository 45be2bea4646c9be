"""The table: your hand, the piles, every player, the log, and each decision as a modal.

Every action is offered only when the view's ``legal_moves`` hold it; the screen decides
no rule. What a move needs (a target, a name) is read from the matching legal moves.
"""

from __future__ import annotations

import time
from collections import Counter
from functools import partial
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Click
from textual.notifications import Notification, Notify
from textual.screen import ModalScreen, Screen
from textual.widgets import RichLog, Static

from ...i18n import N_, NP_, _, ngettext, number
from ...name_lists import names_and
from ..asked_moves import AskedMove, decision_gone, table_state
from ..kept_draw import DRAW, WAIT, KeptDraw, keepable, verdict
from ..messages import MoveChosen
from ..phrasing import hand_order, prompt_words
from ..widgets import NARROW, SHORT, CardWidget, KeyBar, pile_text, player_lines, title_width
from ..words import action_words, explode_odds, my_status, quiet_words, saved_from_next_draw, waiting_words

CARD_MIN, CARD_MAX = 10, 16   # a card's width in the hand, borders included
CARD_WINDOW = 12              # ... at most when the hand does not fit (longer words break, ending with …)
KEPT_SAID_SECONDS = 4.0       # the status line says why a kept d draws nothing this long
MORE_WIDTH = 5                 # the "◀ 3 more" marks either side of a hand that does not fit


def _show(widget: Static, content: Text, layout: bool = True) -> None:
    """Update ``widget`` unless it already shows ``content``: an unchanged update would still
    cost a layout pass of the whole screen (or a repaint, with ``layout=False``)."""
    if widget.content != content:
        widget.update(content, layout=layout)


def _seconds_left(left: float) -> str:
    return _("{seconds} s left").format(seconds=number(left, ".0f"))


#: the narrowest the turn clock's bar gets, to leave room for what you selected
BAR_MIN = 6


#: Fewest characters of what is being played the status keeps before its Nope key.
MIN_WORDS = 12
#: Seconds a toast about a Nope ("Too late: ...") stays at least, even when the next action
#: comes to Nope at once: long enough to be read, short of the next window's decision.
NOPE_TOAST_SHOWN = 1.5
#: the key bar's shorter words for this screen's keys, where their whole words do not fit
#: (KeyBar): at 64 columns the Danish bar left "b Kastebunke" out
KEY_BAR_WORDS = (NP_("key bar", "Moves"),)
#: The keys the status line names when nothing else is said there, as many as fit, in order
TABLE_HINTS = (N_("?: rules"), N_("b: discard"), N_("m: moves"), N_("l: log (PgUp/PgDn scroll it)"),
               N_("ctrl+p: commands"))


class TableScreen(Screen):
    #: the keys a key bar too narrow for all leaves out first (KeyBar): the discard pile's top
    #: card is on the table, and F1 lists both; the moves and the log are a player's way on
    LEAST_NEEDED = ("b", "question_mark")
    # The status line says which of space, enter, n and w do something right now; the footer
    # keeps the keys that always do (each key shown there is a widget, restyled whenever the
    # bindings change, and an 80-column footer cut the last ones off).
    BINDINGS = [
        Binding("left", "card(-1)", "Previous card", show=False),
        Binding("right", "card(1)", "Next card", show=False),
        Binding("home", "card_edge(False)", "First card", show=False),
        Binding("end", "card_edge(True)", "Last card", show=False),
        Binding("space", "select", "Select", show=False),
        Binding("enter", "play", "Play", show=False),
        Binding("d", "draw", "Draw"),
        Binding("d", "why_no_draw", show=False),    # d when draw is off: why (a Dead player heard nothing)
        Binding("n", "nope", "Nope", show=False),
        Binding("w", "now", "NOW card", show=False),
        Binding("question_mark", "card_text", "Rules"),
        Binding("b", "discard", "Discard"),
        Binding("m", "moves", "Moves"),
        Binding("escape", "clear", "Clear", show=False),
        Binding("r", "rematch", "Rematch"),   # shown once the game is over (check_action)
        Binding("t", "sit", "Take a seat", show=False),     # a watcher, once the game is over
        Binding("q", "quit_over", "Quit"),     # shown once the game is over (check_action)
        Binding("x", "leave_over", "Leave"),   # the same: leave the table, as the dialog's x
        Binding("l", "whole_log", "Log"),
        Binding("pageup", "log_page(-1)", "Log up", show=False),
        Binding("pagedown", "log_page(1)", "Log down", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="table", classes="-dealing")
        self.selected: Counter[str] = Counter()
        self.focus_index = 0
        self._focus_pending = False
        self._decision: Any = None
        self._decision_key: Any = None
        self._over_for: int | None = None
        self._over_screen: Any = None
        self._hand_key: Any = None
        self._timer: tuple[str, float, float, str | None] | None = None
        self._table_closed = False  # the host closed the table (clock_stopped): no seat plays on
        #: when the host stopped answering (clock_paused): every clock here stands still from then
        self._paused_at: float | None = None
        self._logged = 0
        self._hand_start = 0
        self._card_widgets: list[CardWidget] = []
        # toasts up about a Nope ("Nothing to Nope now.", a Nope the host refused too late),
        # each with the action on top as it was said: withdrawn when another comes to Nope
        self._nope_toasts: list[tuple[Notification, tuple[Any, ...] | None, float]] = []
        #: a d pressed while your own card waited for its Nope window: the picture it was
        #: pressed on, kept until the window closes (see :meth:`_no_draw_yet`)
        self._kept_draw: KeptDraw | None = None
        #: a move asked about once more ("Draw a kitten?"), closed once it no longer holds
        self._asked: AskedMove | None = None
        #: why a kept d was dropped, and until when (time.monotonic()) the status line says it
        self._kept_said: tuple[str, float] | None = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static("", id="topbar")
        with Horizontal(id="main"):
            with VerticalScroll(id="players-box"):
                yield Static("", id="players")
            with Vertical(id="center"):
                yield Static("", id="piles")
                yield RichLog(id="log", wrap=True, markup=False, max_lines=500, min_width=16)
        yield Static("", id="status")
        with Horizontal(id="hand-row"):
            yield Static("", id="hand-left", classes="more")
            yield Horizontal(id="hand")
            yield Static("", id="hand-right", classes="more")
        yield KeyBar()

    def on_mount(self) -> None:
        self.set_interval(0.2, self._tick)
        self.call_after_refresh(self.show_state)

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self.show_state)
        self.call_after_refresh(self._refocus)

    def _refocus(self) -> None:
        """A card focused again after a dialog: the one focused before it may have left the
        hand meanwhile (the Defuse it spent), and with nothing highlighted Enter played the
        first card, unseen."""
        if self._focus_pending:
            self._focus_card()

    def on_resize(self) -> None:
        self.call_after_refresh(self._relayout)

    def _relayout(self) -> None:
        """A new width: the log wraps again and the hand takes a new shape."""
        if not self.is_mounted:
            return
        log = self.query_one("#log", RichLog)
        width = log.scrollable_content_region.width
        if width and width != getattr(self, "_log_width", None):
            self._log_width = width
            log.clear()
            for line in self.app.log_lines[-500:]:  # type: ignore[attr-defined]
                log.write(line)
        if self.view:
            self._render_players()
            self._render_status()        # the top bar's words fit the new width
        self._layout_hand()
        self.call_after_refresh(self._toasts_above_status)

    def _toasts_above_status(self) -> None:
        """Toasts sit above the status line and the hand, over the log's newest lines (which
        they say again), never over the cards being chosen from: at the bottom right, where
        Textual puts them, a death or a refusal covered half the hand for seconds. The rows
        below the status line change with the width (a narrow screen's status and keys wrap)."""
        if not self.is_mounted:
            return
        status = self.query_one("#status", Static)
        if not status.region.height:
            return
        below = max(1, self.size.height - status.region.y)
        for rack in self.query("#textual-toastrack"):     # Textual's own rack of toasts
            if tuple(rack.styles.margin) != (0, 0, below, 0):
                rack.styles.margin = (0, 0, below, 0)

    @property
    def view(self) -> dict[str, Any]:
        return self.app.view  # type: ignore[attr-defined]

    @property
    def cat(self):
        return self.app.catalog  # type: ignore[attr-defined]

    def legal(self) -> list[dict[str, Any]]:
        return list(self.view.get("legal_moves") or [])

    # ------------------------------------------------------------------ updates
    def new_game(self) -> None:
        self._table_closed = False
        self._paused_at = None      # a snapshot: the host speaks, and its clock comes with it
        self.selected.clear()
        self._logged = 0
        self._hand_start = 0
        # a new hand, built anew, starts at its first card (a rematch began on the third: the
        # hand kept the widget of the title focused last game)
        self.focus_index = 0
        self._card_widgets = []
        self._hand_key = None
        self._timer = None
        self._kept_draw = None      # a snapshot (a new game, a seat back): a d kept goes
        self._over_for = None
        over, self._over_screen = self._over_screen, None
        if over is not None:             # a rematch was dealt: its game-over dialog is done
            self._withdraw(over)
        if self.is_mounted:
            self.query_one("#log", RichLog).clear()

    def is_over(self) -> bool:
        return bool(self.view.get("winners") or self.view.get("winner") or self._stopped())

    def _stopped(self) -> str | None:
        """Why the host ended the game with no winner (``game_stopped``), in words; else None."""
        stopped = getattr(self.app, "stopped", None)
        if not stopped:
            return None
        from ..phrasing import box_titles
        from ..words import stopped_words

        return stopped_words(stopped, self.view.get("you"), box_titles(self.app.lobby or {}))  # type: ignore

    def timer_started(self, kind: str, seconds: float, player: str | None,
                      remaining: float | None = None) -> None:
        """A clock from the host: ``seconds`` long, ``remaining`` of them left (a snapshot's
        running clock, for a player coming back; else all of them). None once the game is over."""
        if self.is_over():               # the game is over: no clock runs any more
            self._timer = None
            return
        gone = max(0.0, float(seconds) - remaining) if remaining is not None else 0.0
        self._paused_at = None          # the host keeps time: its clock, as it says
        self._timer = (kind, float(seconds), time.monotonic() - gone, player)
        if self.is_mounted and self.query("#status"):     # (none while the app closes)
            self._render_status()

    def clock_stopped(self) -> None:
        """The host closed the table: no clock runs there any more, so none counts down here
        under the host-gone dialog (a turn that will never time out); and no seat is "left: bot
        playing" (the hosting player's own leaving, said just before the table closed)."""
        self._timer = None
        self._table_closed = True
        if self.is_mounted and self.query("#status") and self.view:
            self._render_status()
            self._render_players()

    def clock_paused(self, silent: float = 0.0) -> None:
        """The host stopped answering: no clock of its can run out meanwhile (nothing here can
        be played, and a host started again keeps its own time), so every clock here stands
        still, said as paused (bob's "Your clock" counted 37 → 26 s with the host dead, then
        jumped to 52.5 s when it was back). It stands where it was when the host was last heard,
        ``silent`` seconds ago (it counted on some 3 s before it paused)."""
        if self._paused_at is None:
            self._paused_at = time.monotonic() - max(0.0, silent)
            if self._timer is not None:     # never before the clock itself started
                self._paused_at = max(self._paused_at, self._timer[2])
            if self.is_mounted and self.query("#status") and self.view:
                self._render_status()
                self._render_players()

    def clock_resumed(self) -> None:
        """The host answers again: the clocks go on from where they stood, until its own clock
        (a snapshot's, a timer) says what is left."""
        if self._paused_at is None:
            return
        stood = time.monotonic() - self._paused_at
        self._paused_at = None
        if self._timer is not None:
            kind, seconds, started, player = self._timer
            self._timer = (kind, seconds, started + stood, player)

    @property
    def clock_stands(self) -> bool:
        """The clocks stand still: the host is not answering (:meth:`clock_paused`)."""
        return self._paused_at is not None

    def _now(self) -> float:
        """The time the clocks count to: now, or when the host stopped answering."""
        return self._paused_at if self._paused_at is not None else time.monotonic()

    def _left(self) -> float:
        """Seconds left on the running clock (``self._timer``, which must be set)."""
        assert self._timer is not None
        _kind, seconds, started, _player = self._timer
        return seconds - (self._now() - started)

    def _players_width(self, players: Static) -> int:
        """The players column's text width; before its first layout (the table was hidden
        until the first view), the width ekpeer.tcss gives #players-box on this screen."""
        if players.content_size.width:
            return players.content_size.width
        box = min(36, max(24, self.size.width * 35 // 100))   # width 35%, min 24, max 36
        return box - 2                                         # less its border and padding

    def show_state(self) -> None:
        """Redraw from the app's latest view and log, then open any decision it asks for."""
        if not self.is_mounted or not self.view or not self.query("#log"):
            return      # (its widgets not there: still composing, or the app closing)
        if self.has_class("-dealing"):     # the first view: the table appears, sized from now on
            self.remove_class("-dealing")
            self.call_after_refresh(self._relayout)
        log = self.query_one("#log", RichLog)
        lines = self.app.log_lines  # type: ignore[attr-defined]
        for line in lines.since(max(self._logged, lines.written - 500)):    # the last 500, as _relayout
            log.write(line)
        self._logged = lines.written
        self._render_players()
        self._render_piles(log)
        self._render_hand()
        self._check_kept_draw()     # before the status line, which says a d kept
        self._check_asked()
        self._render_status()
        self._withdraw_nope_toasts()
        self._check_decision()
        self._check_over()
        self.refresh_bindings()      # Draw and Moves go once you are out, Quit comes at the end
        # the toasts above the status line once it is laid out: a table shown after the lobby
        # had none there yet at its first layout, and a refusal covered the hand (64x20)
        self.call_after_refresh(self._toasts_above_status)
        self.query_one(KeyBar).refresh_keys()     # a narrow screen's Play, Nope, NOW follow the view

    def _render_piles(self, log: RichLog) -> None:
        """The piles' block, shorter on a short screen; and the log kept at its newest lines
        when the block grows over it (a fact more about the Imploding Kitten left the log
        scrolled where it was, its one row showing an old line)."""
        at_end = log.is_vertical_scroll_end or log.max_scroll_y == 0
        short = self.size.height < SHORT
        _show(self.query_one("#piles", Static),
              pile_text(self.view, self.cat, self.app.knowledge, compact=short))  # type: ignore
        if at_end:
            self.call_after_refresh(log.scroll_end, animate=False)

    def _render_hand(self) -> None:
        view, cat = self.view, self.cat
        hand = list(view.get("hand") or [])
        me = next((p for p in view.get("players", []) if p["name"] == view.get("you")), {})
        marked = Counter(me.get("marked") or [])
        counts = Counter(hand)
        for card in list(self.selected):
            self.selected[card] = min(self.selected[card], counts.get(card, 0))
        self.selected += Counter()
        titles = list(counts)
        face_down = not hand and view.get("hand_count", 0) > 0
        key = (tuple(sorted(counts.items())), tuple(sorted(marked.items())),
               tuple(sorted(self.selected.items())), face_down, view.get("hand_count"), me.get("status"))
        box = self.query_one("#hand", Horizontal)
        if key == self._hand_key:
            return
        self._hand_key = key
        had_focus = isinstance(self.focused, CardWidget)
        titles.sort(key=lambda c: hand_order(c, cat))
        old = self._card_widgets
        if titles and not face_down and old and old[0].card is not None:
            self._update_hand(box, titles, counts, marked, had_focus)
            return
        box.remove_children()
        widgets: list[CardWidget] = []
        self._card_widgets = widgets
        if face_down:
            widgets.append(CardWidget(None, int(view.get("hand_count", 0)), 0, 0, cat, 0))
        else:
            widgets.extend(self._card(card, i, counts, marked) for i, card in enumerate(titles))
        if not widgets:     # once you are out, the empty row says why (the status line is busy)
            out = me.get("status") == "out"
            box.mount(Static(_("You are out of the game: watching to the end.") if out
                             else _("(no cards in your hand)"), classes="empty-hand"))
            self._layout_hand()
            return
        box.mount_all(widgets)
        self.focus_index = max(0, min(self.focus_index, len(widgets) - 1))
        self._layout_hand()
        if had_focus or not isinstance(self.focused, CardWidget):
            self.call_after_refresh(self._focus_card)

    def _card(self, card: str, index: int, counts: Counter[str], marked: Counter[str]) -> CardWidget:
        """The widget for ``card`` in the hand, with its copies, marks and selection."""
        return CardWidget(card, counts[card], marked.get(card, 0), self.selected.get(card, 0), self.cat,
                          index)

    def _update_hand(self, box: Horizontal, titles: list[str], counts: Counter[str], marked: Counter[str],
                     had_focus: bool) -> None:
        """The hand's widgets kept where their title stays: a card played or drawn removes or
        mounts one widget, not the whole row (the slowest redraw was the player's own move)."""
        focused = self.focused if had_focus else None
        keep = {w.card: w for w in self._card_widgets}
        for w in self._card_widgets:
            if w.card not in counts:
                w.remove()
        widgets: list[CardWidget] = []
        for i, card in enumerate(titles):
            w = keep.get(card)
            if w is None:
                w = self._card(card, i, counts, marked)
                following = next((keep[c] for c in titles[i + 1:] if c in keep), None)
                if following is not None:
                    box.mount(w, before=following)
                else:
                    box.mount(w)
            else:
                w.index = i
                w.show(counts[card], marked.get(card, 0), self.selected.get(card, 0))
            widgets.append(w)
        self._card_widgets = widgets
        if focused in widgets:
            self.focus_index = widgets.index(focused)  # type: ignore[arg-type]
        self.focus_index = max(0, min(self.focus_index, len(widgets) - 1))
        self._layout_hand()
        if had_focus and focused not in widgets:
            self.call_after_refresh(self._focus_card)

    def _layout_hand(self) -> None:
        """Cards as wide as the row allows; when they still do not fit, a window of them that
        holds the focused card, with how many more lie to either side."""
        if not self.is_mounted:
            return
        cards = self._cards()
        left, right = self.query_one("#hand-left", Static), self.query_one("#hand-right", Static)
        row = self.query_one("#hand-row", Horizontal)
        # the row spans the screen less its left padding; before its first layout (a game
        # started from the lobby lays the hand out before the row has a size) it is the
        # screen's width less that column, not two: one column short, a 64-column hand
        # showed 3 cards where 4 fit
        avail = (row.content_size.width or self.size.width - 1) - 1
        n = len(cards)
        if n == 0 or cards[0].card is None:
            left.display = right.display = False
            for c in cards:
                c.display = True
            return
        # never so narrow that a title splits mid-word or needs a fourth line ("Alter the
        # Future…" lost its "(3x)" at 80 columns) while the hand fits whole, or a narrower card
        # would show no more of it
        titles = [self.cat.title(c.card) for c in cards]
        whole = max(CARD_MIN, max((title_width(t) for t in titles), default=0) + 2)
        # but a word longer than a usual card (Danish "Skraldeindsamling") breaks between
        # syllables rather than widening every card: it made a 64-column hand show 2 cards
        soft = max(CARD_MIN, min(CARD_WINDOW, max(title_width(t, 3, CARD_WINDOW - 2) for t in titles) + 2))
        width = min(whole, CARD_MAX)
        if n * (width + 1) <= avail:
            width = max(width, min(CARD_MAX, avail // n - 1))
        elif n * (soft + 1) <= avail:
            width = max(soft, min(CARD_MAX, avail // n - 1))
        else:       # the widest of the cards that show as many as the narrowest
            def shown(w: int) -> int:
                return (avail - 2 * MORE_WIDTH) // (w + 1)
            width = max(w for w in range(soft, max(soft, width) + 1) if shown(w) >= shown(soft))
        fit, start = n, 0
        if n * (width + 1) > avail:
            fit = max(1, (avail - 2 * MORE_WIDTH) // (width + 1))
            start = min(max(0, self._hand_start), n - fit)
            focus = min(self.focus_index, n - 1)
            if focus < start:
                start = focus
            elif focus >= start + fit:
                start = focus - fit + 1
        self._hand_start = start
        for i, c in enumerate(cards):
            c.styles.width = width
            c.display = start <= i < start + fit
        left.display, right.display = start > 0, start + fit < n
        more = _("more")
        _show(left, Text(f"◀\n{start}\n{more}"), layout=False)         # fixed size (ekpeer.tcss)
        _show(right, Text(f"▶\n{n - start - fit}\n{more}"), layout=False)

    def on_click(self, event: Click) -> None:
        """A tap on "◀ 3 more" or "▶ 5 more" shows the hand's cards that way."""
        widget = event.widget
        if widget is not None and widget.id in ("hand-left", "hand-right"):
            event.stop()
            self.page_hand(-1 if widget.id == "hand-left" else 1)

    def page_hand(self, step: int) -> None:
        """Show the next (``step`` 1) or previous (-1) cards of a hand too wide for the row,
        the first of them focused."""
        cards = self._cards()
        shown = [i for i, c in enumerate(cards) if c.display]
        if not cards or not shown:
            return
        fit = len(shown)
        start = max(0, min(len(cards) - fit, shown[0] + step * fit))
        self._hand_start = start
        self.focus_index = start if step > 0 else start + fit - 1
        self._focus_card()

    def tap_keys(self) -> list[tuple[str, str, str, bool]]:
        """What the status line names as keys (enter: play, n: Nope it, w: NOW card), as tap
        targets for a narrow screen's key bar: a phone has no keyboard to press them on."""
        view = self.view
        if not view or self.is_over() or self._out():
            return []
        keys = []
        if view.get("current") == view.get("you") and not view.get("stack") and self._plays():
            keys.append(("enter", "⏎", _("Play"), True))
        if self._nope_offered():
            noped = (view.get("stack") or [{}])[-1].get("nopes", 0) % 2
            keys.append(("n", "n", _("Yup") if noped else _("Nope"), True))
        if self._now_moves():
            keys.append(("w", "w", _("NOW card"), True))
        if self.selected:
            keys.append(("escape", "esc", _("Clear"), True))
        keys.append(("l", "l", _("Log"), True))
        return keys

    def _cards(self) -> list[CardWidget]:
        # the hand as last drawn: widgets of an earlier hand may linger in the DOM while they
        # are removed, and must not count (a window of them would hide the new cards)
        return list(self._card_widgets)

    def _focus_card(self) -> None:
        """Focus the card at ``focus_index`` now, not after the keys already queued: Textual's
        ``Widget.focus`` waits for the app's queue, so with keys read together an arrow and
        Enter each saw the card focused before them (Enter played the card the arrow left)."""
        cards = self._cards()
        # under a dialog it waits for the table's return (_refocus)
        self._focus_pending = bool(cards) and isinstance(self.app.screen, ModalScreen)
        if cards and not self._focus_pending:
            self._layout_hand()
            self.set_focus(cards[min(self.focus_index, len(cards) - 1)])

    def point_at(self, card: str | None) -> None:
        """The hand's highlight on ``card``, the card of your hand a dialog over it says is
        highlighted ("Defuse is highlighted: Enter uses it"), or on none (None: the dialog
        names no card). The dialog said Defuse while the hand beneath it highlighted Skip.
        Back at the table, the card at ``focus_index`` is focused again (:meth:`_refocus`)."""
        cards = self._cards()
        titles = [c.card for c in cards]
        if card in titles:
            self.focus_index = titles.index(card)
            self._layout_hand()
            self.set_focus(cards[self.focus_index], scroll_visible=False)
        else:
            self.set_focus(None)
        self._focus_pending = bool(cards)

    def focused_card(self) -> str | None:
        if isinstance(self.focused, CardWidget):
            return self.focused.card
        cards = self._cards()
        return cards[min(self.focus_index, len(cards) - 1)].card if cards else None

    def situation(self) -> Text:
        view, cat = self.view, self.cat
        me = view.get("you")
        t = Text()
        winners = view.get("winners") or ([view["winner"]] if view.get("winner") else [])
        if self._host_closed() and not winners:   # not "ann's turn" over a game that ended
            t.append(_("The host closed the table: the game stops here unless the host starts it again."),
                     style="bold")
            return t
        if winners or self._stopped():
            from ..seat_words import bot_winners
            from .game_over import headline

            said = headline(winners, me, bot_winners(getattr(self.app, "lobby", None)))
            t.append(_("Game over: {winners}").format(winners=said[:1].lower() + said[1:]
                                                       if said.startswith(_("You")) else said), style="bold")
            if self._watching():    # the game-over dialog offers them a seat, not a rematch
                t.append(_("   t: take a seat"), style="bold reverse")
            else:
                t.append(_("   r: rematch"), style="bold reverse")
            from .game_over import rematch_words

            t.append("\n")
            t.append_text(rematch_words(self.app.lobby, me, width=self._status_width()))  # type: ignore
            return t
        status = my_status(view) or "living"
        if view.get("choices"):
            t.append(_("Your decision: "), style="bold reverse")
            t.append(prompt_words(view["choices"][0], cat, view))
            return t
        stack = view.get("stack") or []
        if stack:
            top = stack[-1]
            words = action_words(top, cat, me)
            if top.get("nopes"):
                words += " (" + (_("Noped") if top["nopes"] % 2 else _("Yupped")) + ")"
            hints = []
            if self._kept_draw is not None:     # said at once, on this line, while it waits
                kept = "  " + _("Drawing when the Nope window closes (Esc: don't)")
                if MIN_WORDS + 1 + len(kept) > self._status_width() - len(t.plain):
                    kept = "  " + _("Drawing after the window (Esc: don't)")     # on one line: the
                hints.append((kept, "bold reverse"))                             # bar stays below
            elif self._nope_offered():
                # over a Noped action n plays a Yup: it lets the action through again (a
                # stranger read "n: Nope it" and undid the Nope that stopped an Attack on them)
                hints.append((_("   n: Yup it (undo the Nope)") if top.get("nopes", 0) % 2
                              else _("   n: Nope it"), "bold reverse"))
            if self._now_moves():
                hints.append((_("   w: NOW card"), "bold"))
            # on one line, each key whole (at 64 columns "w:" ended one line, "NOW card" began
            # the next): the NOW key gives way first, then the words end in "…" for the Nope
            room = self._status_width() - len(t.plain)
            need = sum(len(hint) for hint, _ in hints)
            while len(hints) > 1 and len(words) + need > room:
                need -= len(hints.pop()[0])
            if len(words) > room - need:
                words = words[:max(MIN_WORDS, room - need - 1)].rstrip() + "…"
            t.append(words, style="bold")
            for hint, style in hints:
                t.append(hint, style=style)
            return t
        waiting = [w for w in view.get("waiting_for") or [] if w != me]
        if waiting:
            t.append(_("Waiting for {players} to choose…").format(players=names_and(waiting)))
            now = list(dict.fromkeys(m["cards"][0] for m in self._now_moves()))
            if now:   # e.g. Clairvoyance while someone puts kittens back
                t.append(f"   w: {', '.join(self.cat.title(c) for c in now)}", style="bold reverse")
            return t
        if status == "out":
            t.append(_("You are out of the game: watching to the end."), style="italic")
            return t
        if view.get("current") == me:
            turns = view.get("turns", 1)
            t.append(_("Your turn ({n} turns to take)").format(n=turns) if turns > 1 else _("Your turn"),
                     style="bold reverse")
            if self.view.get("hand_count") and not self.view.get("hand") and self._hand_rules_failed():
                t.append(_("  your hand lies face down (a plugin's rules failed)  d: draw"))
            elif self.view.get("hand_count") and not self.view.get("hand"):
                t.append(_("  cursed: enter plays a random card  d: draw"))
            elif self.size.width < NARROW:   # a phone: taps, named as the key bar has them
                t.append(_("  tap cards, then Play; or Draw"))
            else:   # on one line or not at all: wrapped, it pushed the clock off the status
                keys = _("  space: select  enter: play  d: draw")
                if len(t.plain) + len(keys) <= self._status_width() and not self._kept_words():
                    t.append(keys)
        else:
            turn = _("{player}’s turn").format(player=view.get("current"))
            if status == "dead":    # said for as long as it lasts, not once in a toast
                dead = _("You are Dead: you take no turns")
                if len(dead) + 3 + len(turn) > self._status_width():     # a phone: on one line
                    dead = _("You are Dead")
                t.append(dead, style="bold reverse")
                t.append("   ")
            t.append(turn)
            if self._now_moves():
                t.append(_("   w: play a NOW card"), style="bold")
        return t

    def _render_status(self) -> None:
        line2 = Text()
        if self.is_over():
            self._timer = None
            text = self.situation()     # two lines: who won, and who is ready for a rematch
            _show(self.query_one("#status", Static), text, layout=False)
            _show(self.query_one("#topbar", Static), self._topbar(), layout=False)
            return
        chosen = ""
        if self.selected:
            chosen = _("Selected: ") + ", ".join(self._counted(self.selected))
        room = self._status_width()
        clear = _("  Esc: clear")     # said where it fits (a stranger did not know it)
        if self._timer:
            kind, seconds, _started, player = self._timer
            left = max(0.0, self._left())
            if left > 0 and (kind != "reaction" or self.view.get("stack")):
                if kind == "reaction":
                    label = _("Reaction")
                elif player == self.view.get("you"):
                    label = _("Your clock")
                else:
                    label = _("{player}’s clock").format(player=player or _("Turn"))
                # the bar gives up width to what you selected, and that to a count of it
                said = f"{label} {number(left, '4.1f')} s "
                if self._paused_at is not None:     # no host to keep time: said so, no bar
                    line2.append(said + _("(clock paused: no word from the host)") + "  ", style="dim")
                else:
                    chosen = self._bar(line2, said, kind, left / seconds if seconds else 0.0, chosen, room)
        if chosen:
            line2.append(chosen, style="bold")
            if len(line2.plain) + len(clear) <= room:
                line2.append(clear, style="dim")
        elif not line2:
            # as many whole hints as fit, in order: the Danish line was cut after "ctrl+p:"
            said: list[str] = []
            for hint in TABLE_HINTS:
                if len("  ".join([*said, _(hint)])) > room:
                    break
                said.append(_(hint))
            line2.append("  ".join(said), style="dim")
        text = self.situation()
        kept = self._kept_words()
        if kept and len(text.plain) + 2 + len(kept) <= room:
            text.append("  " + kept, style="bold reverse")
        elif kept:      # no room beside the situation: on the second line, for its seconds
            line2 = Text(kept, style="bold reverse")
        text.append("\n")
        text.append_text(line2)
        # both have a fixed height in ekpeer.tcss: a repaint, never a layout pass (this runs
        # five times a second while a timer bar shows)
        _show(self.query_one("#status", Static), text, layout=False)
        _show(self.query_one("#topbar", Static), self._topbar(), layout=False)

    def _bar(self, line2: Text, said: str, kind: str, share: float, chosen: str, room: int) -> str:
        """The running clock's words and bar (``share`` of it left) on ``line2``; the bar gives
        up width to what you selected, and that to a count of it (returned, as it is said)."""
        clear = _("  Esc: clear")
        if chosen and len(said) + BAR_MIN + 2 + len(chosen) > room:
            n = sum(self.selected.values())
            chosen = _("Selected: ") + ngettext("{n} card", "{n} cards", n).format(n=n)
        hint = len(clear) if chosen else 0
        if len(said) + BAR_MIN + 2 + len(chosen) + hint > room:
            hint = 0
        width = max(BAR_MIN, min(20, room - len(said) - 2 - len(chosen) - hint))
        filled = int(round(width * share))
        style = "bold red" if kind == "reaction" else "dim"
        line2.append(said, style=style)
        line2.append("█" * filled + "░" * (width - filled), style=style)
        line2.append("  ")
        return chosen

    def _counted(self, cards: Counter[str]) -> list[str]:
        """Each title once, with its count when more than one: ["2 x Tacocat", "Skip"]."""
        return [f"{n} x {self.cat.title(c)}" if n > 1 else self.cat.title(c) for c, n in cards.items()]

    def _status_width(self) -> int:
        """Columns the status line has (less its padding)."""
        return (self.query_one("#status", Static).content_size.width or self.size.width - 2) or 78

    def _topbar(self) -> Text:
        """Who you are, the turn, and the host: ``HOST:PORT`` and its key's fingerprint, to read
        aloud and compare by eye (the whole join command is the lobby's), never cut off: the
        words shorten to fit the width."""
        view = self.view
        you, turn = view.get("you"), view.get("turn_number", 1)
        host, key = self._host_words()
        width = self.size.width or 80
        if you and my_status(view) == "dead":     # the whole time, whatever the status line says
            long, short = (_(" you are {you}, Dead · turn {turn}").format(you=you, turn=turn),
                           _(" {you}, Dead · turn {turn}").format(you=you, turn=turn))
        elif you:
            long, short = (_(" you are {you} · turn {turn}").format(you=you, turn=turn),
                           _(" {you} · turn {turn}").format(you=you, turn=turn))
        else:       # which game, of a host's several (a stranger's watcher could not tell)
            lobby = getattr(self.app, "lobby", None) or {}
            table = str(lobby.get("title") or lobby.get("table") or "")[:24]     # Text: plain, no markup
            long = (_(" you are watching {table} · turn {turn}").format(table=table, turn=turn) if table
                    else _(" you are watching · turn {turn}").format(turn=turn))
            short = (_(" watching {table} · turn {turn}").format(table=table, turn=turn) if table
                     else _(" watching · turn {turn}").format(turn=turn))
        tries = [(long, _(" · host {host}").format(host=host) if host else "",
                  _(" · key {key}").format(key=key) if key else ""),
                 (short, f" · {host}" if host else "", _(" · key {key}").format(key=key) if key else ""),
                 (short, f" · {host}" if host else "", f" {key}" if key else "")]
        quiet = getattr(self.app, "host_quiet", None)
        tone = "bold"
        if quiet:       # the host late to answer: said where its address stands, on one line
            folded = getattr(self.app, "host_folded", False)    # the banner folded: its key too
            said = " · " + (waiting_words(quiet) if folded else quiet_words(quiet))
            tries = [(long, said, ""), (short, said, "")]
            tone = "bold " + self.app.get_css_variables().get("text-warning", "")
        words = next((w for w in tries if 8 + sum(len(p) for p in w) <= width), tries[-1])
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(" ekpeer ", style="bold reverse")
        t.append(words[0])
        t.append(words[1], style=tone.strip())
        t.append(words[2])
        return t

    def show_quiet(self) -> None:
        """The host late to answer, or speaking again (the app's ``host_quiet``): the top bar
        says so, and nothing else moves (no focus, no layout)."""
        if self.is_mounted and self.view and self.query("#topbar"):
            _show(self.query_one("#topbar", Static), self._topbar(), layout=False)

    def _render_players(self) -> None:
        """Every player, with their seat's connection and the Cone of Shame (the app's lobby)."""
        app: Any = self.app
        players = self.query_one("#players", Static)
        lobby = getattr(app, "lobby", None) or {}
        elapsed = max(0.0, self._now() - getattr(app, "lobby_at", time.monotonic()))     # stands while paused
        if self._table_closed:        # the host closed the table: no seat is played on by anyone
            lobby = {**lobby, "seats": [{k: v for k, v in seat.items() if k != "state"}
                                        for seat in lobby.get("seats") or []]}
        elif self.is_over():    # every clock stops with the game: "gone", no seconds counting
            elapsed = 0.0
            still = [{k: v for k, v in seat.items() if k not in ("gone_seconds", "grace_left")}
                     for seat in lobby.get("seats") or []]
            lobby = {**lobby, "seats": still}
        _show(players, player_lines(self.view, self.cat, self._players_width(players), lobby, elapsed,
                                    getattr(app, "back_seats", set()), self.seat_clocks()))

    def seat_clocks(self) -> dict[str, float]:
        """Seconds left on the turn's clock, by whose turn it is: its end brings the covering
        bot's move for a gone player (the players list and the log count to it alike)."""
        if self._timer and self._timer[0] == "turn" and self._timer[3]:
            return {str(self._timer[3]): self._left()}
        return {}

    def _host_words(self) -> tuple[str, str]:
        addr = getattr(self.app, "address", None)
        if not addr:
            return "", ""
        if getattr(self, "_host_for", None) != addr:
            from ..addressing import fingerprint, short_address

            self._host_for, self._host = addr, (short_address(addr), fingerprint(addr) or "")
        return self._host

    def _tick(self) -> None:
        if not self.is_mounted:
            return
        if self._timer:
            self._render_status()
        elif self._kept_said is not None and not self._kept_words():
            self._kept_said = None      # its seconds are over: the line as it was
            if self.view:
                self._render_status()
        lobby = getattr(self.app, "lobby", None) or {}
        gone = any(s.get("state") == "gone" for s in lobby.get("seats") or [])
        if self.view and gone and not self.is_over():
            self._render_players()      # "gone 12 s (bot in 18 s)" counts on, until the game ends

    # ------------------------------------------------------------------ decisions
    def _check_decision(self) -> None:
        choices = self.view.get("choices") or []
        if not choices:
            if self._decision is not None:
                decision, self._decision, self._decision_key = self._decision, None, None
                self._withdraw(decision)
            return
        choice = choices[0]
        key = (choice.get("kind"), choice.get("source"), choice.get("prompt"), repr(choice.get("options")),
               self.view.get("turn_number"), len(self.app.log_lines))  # type: ignore[attr-defined]
        if self._decision is not None and self._decision_key[:5] == key[:5]:
            return
        if self._decision is not None:
            self._withdraw(self._decision)
        screen = self.decision_screen(choice)
        self._decision, self._decision_key = screen, key
        kind = choice.get("kind")
        screen.sends_move = lambda value: value is not None or kind == "keep"

        def done(value: Any) -> None:
            if self._decision is not screen:
                return
            self._decision, self._decision_key = None, None
            if value is None and kind != "keep":
                return
            if kind == "order":
                value = list(value)
            self._post_move({"do": "choose", kind: value})

        self.app.push_screen(screen, done)

    def _withdraw(self, decision: Any) -> None:
        """Close the modal of a decision the host no longer asks (a timer took the default,
        or a new question replaced it). ``dismiss`` pops whatever screen is on top, so a card's
        rules opened over the modal close with it; a modal still opening closes once it is up.
        ctrl+q's question over it ("Quit the game?") is asked again once it is gone
        (``ask_again``): its s or y would otherwise fall on the table, or on the next question."""
        if decision not in self.app.screen_stack:
            return
        if not decision.is_mounted:
            self.app.call_after_refresh(self._withdraw, decision)
            return
        from .confirm import ConfirmScreen

        again = []
        while self.app.screen is not decision:
            again += [asked] if (asked := getattr(self.app.screen, "ask_again", None)) else []
            if isinstance(self.app.screen, ConfirmScreen):
                # "Explode anyway?" asked over the decision: it goes with it, said why
                self.notify(decision_gone(self.app.screen.title_text), severity="warning",
                            timeout=4, markup=False)
            self.app.pop_screen()
        decision.dismiss(None)
        for ask in again:
            self.app.call_later(ask)

    def answers(self, kind: str) -> list[Any]:
        return [m[kind] for m in self.legal() if m.get("do") == "choose" and kind in m]

    def decision_screen(self, choice: dict[str, Any]) -> Any:
        """The modal that asks ``choice`` plainly (unknown kinds fall back to a list)."""
        from .card_choice import CardChoiceScreen
        from .keep import KeepScreen
        from .order import OrderScreen
        from .pick import PickScreen
        from .position import PositionScreen
        from .revive import PlayerChoiceScreen
        from .save import SaveScreen

        kind = choice.get("kind")
        cat, view = self.cat, self.view
        answers = self.answers(str(kind))
        if kind == "position":
            return PositionScreen(choice, answers, cat)
        if kind == "order":
            return OrderScreen(choice, cat)
        names = [str(p.get("name")) for p in view.get("players", [])]
        if kind == "card":
            return CardChoiceScreen(choice, answers or list(choice.get("options") or []), cat,
                                    hand=list(view.get("hand") or []), names=names, me=view.get("you"))
        if kind == "keep":
            return KeepScreen(choice, list(view.get("seen") or []), cat, names=names)
        if kind == "player":
            return PlayerChoiceScreen(choice, answers, view)
        if kind == "use":
            return SaveScreen(choice, answers or list(choice.get("options") or []), cat)
        options = [(a, cat.title(a) if isinstance(a, str) and a in cat.cards else str(a),
                    a if isinstance(a, str) and a in cat.cards else None) for a in answers]
        return PickScreen(prompt_words(choice, cat, view), _("Choose ({kind}).").format(kind=kind), options)

    def _check_over(self) -> None:
        from .game_over import GameOverScreen

        winners = self.view.get("winners") or ([self.view["winner"]] if self.view.get("winner") else [])
        stopped = None if winners else self._stopped()
        if not (winners or stopped) or self._over_for == id(self.view.get("players")):
            return
        if self._over_for is not None:
            return
        self._over_for = id(self.view.get("players"))
        self._timer = None
        summary = self.app.summary()  # type: ignore[attr-defined]
        screen = GameOverScreen(winners, self.view.get("you"), summary, stopped)
        self._over_screen = screen

        def done(what: str | None) -> None:
            if self._over_screen is screen:
                self._over_screen = None
            if what == "log":   # read, then back to the dialog (its r, x and q), if still over
                self.action_whole_log(then=self._over_again)
            elif what is not None:
                self.app.game_over_answered(what)  # type: ignore[attr-defined]

        # what was open over the table to read (the log, a card's rules, the discard pile)
        # closes: the game's end is said straight over the table. Over the log, the Esc
        # meant for the log closed the game-over dialog unseen, and the log came back.
        from .dialog import Dialog

        while isinstance(self.app.screen, Dialog) and self.app.screen is not self._decision:
            self.app.pop_screen()
        # and so do the toasts: what they said of the game ("You are Dead: ... may be brought
        # back to life", a refused move) no longer holds, and stood beside the game's end
        self.app.clear_notifications()
        self.app.push_screen(screen, done)

    def _over_again(self) -> None:
        """The game-over dialog once more, after its log was read (unless a rematch was dealt)."""
        if self.is_mounted and self.is_over() and self._over_screen is None:
            self._over_for = None
            self._check_over()

    def rematch_changed(self) -> None:
        """The host's lobby after the game changed (someone asked for a rematch)."""
        if self._over_screen is not None:
            self._over_screen.show_rematch()
        if self.is_mounted and self.view:
            self._render_status()

    # ------------------------------------------------------------------ moves
    def _send(self, move: dict[str, Any]) -> None:
        self.selected.clear()
        self._hand_key = None
        cards = move.get("cards") or []
        if move.get("do") == "play" and len(cards) == 1 and self.cat.is_nope(cards[0]):
            move = self._answering(move)    # by n, m's list or the hand: all say what they answer
        self._post_move(move)

    def _post_move(self, move: dict[str, Any]) -> None:
        """Send ``move``; the keys typed behind the one that chose it wait for the answer. Not
        while the host is gone (its banner folded by Keep waiting shows the table): said, and
        kept here, as an Enter of a burst typed at the banner lands on the table."""
        if getattr(self.app, "host_gone", None) is not None:
            self.notify(_("The host is not answering: your move was not sent (h: leave or quit)."),
                        severity="warning", timeout=4, markup=False)
            return
        self.app.move_chosen()  # type: ignore[attr-defined]
        self.post_message(MoveChosen(move))

    def _plays(self) -> list[dict[str, Any]]:
        return [m for m in self.legal() if m.get("do") == "play"]

    def _nope_moves(self) -> list[dict[str, Any]]:
        if not self.view.get("stack"):
            return []
        return [m for m in self._plays()
                if len(m.get("cards", [])) == 1 and not self.cat.is_now(m["cards"][0])]

    def calling_you(self) -> str | None:
        """Words for a screen read over the table (the whole log) while the table waits on you:
        your turn, or a play you may Nope, with the seconds its clock has left; else None.
        (A decision opens its own dialog over that screen.)"""
        if not self.view or self.is_over():
            return None
        me = self.view.get("you")
        if self.view.get("stack"):
            if not self._nope_offered():
                return None
            words = _("A play you may Nope: n at the table")
        elif self.view.get("current") == me and not self.view.get("choices"):
            words = _("Your turn")
        else:
            return None
        if self._timer:
            kind, _seconds, _started, player = self._timer
            left = self._left()
            if left > 0 and (player in (None, me) or kind == "reaction"):
                words += " · " + _seconds_left(left)
        return words

    def clock_words(self) -> str | None:
        """``Your clock: 23 s left`` (or ``Reaction: 2 s left`` while you may Nope) for a dialog
        over the table, which hides the status bar's clock; None when no clock runs for you."""
        if not self._timer or not self.view or self.is_over():
            return None
        kind, _seconds, _started, player = self._timer
        left = self._left()
        if left <= 0:
            return None
        if kind == "reaction":
            if not (self.view.get("stack") and self._nope_offered()):
                return None
            label = _("Reaction")
        elif player == self.view.get("you"):
            label = _("Your clock")
        else:
            return None
        return f"{label}: " + _seconds_left(left)

    def _nope_offered(self) -> bool:
        """Whether to offer Nope: not against your own action while it stands (legal, but it
        only cancels what you just played; `n` still plays it)."""
        top = (self.view.get("stack") or [{}])[-1]
        own = top.get("by") == self.view.get("you") and not top.get("nopes", 0) % 2
        return bool(self._nope_moves()) and not own

    def _why_no_nope(self) -> str:
        """Why `n` plays nothing: no Nope in hand, nothing to Nope, or a Nope that cannot go on
        what stands (one holding a Nope on their own turn read "You have no Nope")."""
        if not any(self.cat.is_nope(c) for c in self.view.get("hand") or []):
            return _("You have no Nope.")
        if not self.view.get("stack"):
            return _("Nothing to Nope now.")
        return _("Your Nope cannot be played on this now.")

    def _now_moves(self) -> list[dict[str, Any]]:
        return [m for m in self._plays() if len(m.get("cards", [])) == 1 and self.cat.is_now(m["cards"][0])]

    def _moves_for(self, cards: list[str]) -> list[dict[str, Any]]:
        """The legal moves that play exactly ``cards``."""
        want = Counter(cards)
        moves = [m for m in self._plays() if Counter(m.get("cards", [])) == want]
        if not moves and len(cards) == 5 and len(want) == 5:
            if any(len(m.get("cards", [])) == 5 and not m.get("target") for m in self._plays()):
                moves = [{"do": "play", "cards": list(cards)}]
        return moves

    def _no_move(self, cards: list[str]) -> None:
        what = " + ".join(self.cat.title(c) for c in cards)
        # the card's own reason, as its plugin words it (the view's; the client judges nothing)
        reason = str((self.view.get("cannot_play") or {}).get(cards[0]) or "") if len(cards) == 1 else ""
        if reason:
            words = (_("{what}: {reason} (m lists every move you can).") if self.view.get("legal_moves")
                     else _("{what}: {reason}."))
            self.notify(words.format(what=what, reason=reason.rstrip(".")), severity="warning", timeout=5,
                        markup=False)
            return
        if self.view.get("stack") and self.view.get("current") == self.view.get("you") \
                and not any(self.cat.is_nope(c) or self.cat.is_now(c) for c in cards):
            # your own turn, a card played a moment ago (a second card of the same burst): the
            # window is the reason, not "no move is open to you now"
            words = _("{what}: not yet: the card played waits for its Nope window.")
        elif not self.view.get("legal_moves"):    # nothing open at all (Dead, between turns): no "m"
            words = _("{what}: no move is open to you now.")
        elif len(cards) > 1:    # "now" read as "later": three different cats never make a combo
            words = _("{what}: not a combo you can play (m lists every move you can).")
        else:   # where the way to see what is open is named (a stranger asked why two cats made no pair)
            words = _("{what}: not a move you can make now (m lists every move you can).")
        self.notify(words.format(what=what), severity="warning", timeout=4, markup=False)

    def play_cards(self, cards: list[str]) -> None:
        """Play ``cards`` if some legal move plays exactly them, asking what it needs."""
        self._drop_kept_draw()      # another move: the kept d waits no more
        want = Counter(cards)
        moves = self._moves_for(cards)
        if not moves:
            self._no_move(cards)
            return
        # a pair says so: "Play Attack (2x) on whom?" read as a targeted Attack, not a steal
        what = " + ".join(self._counted(want))
        prompt = None
        if len(cards) in (2, 3):    # alike, or made alike by a wild cat (Feral Cat + Cattermelon)
            prompt = (_("A pair takes a random card from the player you choose.") if len(cards) == 2 else
                      _("Three of a kind names a card to take from the player you choose."))
        elif len(cards) == 1 and self.cat.cards.get(cards[0], {}).get("text"):
            prompt = self.cat.text(cards[0])    # what it does to them ("Choose the player" said nothing)
        self.choose_and_send(moves, what, prompt)

    def choose_and_send(self, moves: list[dict[str, Any]], what: str, prompt: str | None = None) -> None:
        from .name_card import NameCardScreen
        from .target import TargetScreen

        targets = list(dict.fromkeys(m["target"] for m in moves if m.get("target")))
        if not targets:
            self._send(moves[0])
            return

        def targeted(target: str | None) -> None:
            if target is None:
                return
            mine = [m for m in moves if m.get("target") == target]
            names = list(dict.fromkeys(m["name"] for m in mine if m.get("name")))
            if not names:
                self._send(mine[0])
                return

            def named(name: str | None) -> None:
                if name is not None:
                    self._send(next(m for m in mine if m.get("name") == name))

            self.app.push_screen(NameCardScreen(target, names, self.cat), named)

        if len(targets) == 1 and not any(m.get("name") for m in moves):
            self.notify(_("{what} on {target} (the only target)").format(what=what, target=targets[0]),
                        timeout=2, markup=False)
            targeted(targets[0])
            return
        self.app.push_screen(TargetScreen(what, targets, self.view, prompt), targeted)

    # ------------------------------------------------------------------ actions
    def action_card(self, step: int) -> None:
        """← and →: the card beside the highlighted one, stopping at the hand's ends (Home and
        End jump there). Coming round from the last card to the first, a stranger's ticks typed
        in one breath (space ← space ← space ← space Home → space) ticked the Defuse into a combo."""
        cards = self._cards()
        if not cards:
            return
        if isinstance(self.focused, CardWidget):
            self.focus_index = cards.index(self.focused) if self.focused in cards else self.focus_index
        self.focus_index = max(0, min(len(cards) - 1, self.focus_index + step))
        self._focus_card()

    def action_card_edge(self, last: bool) -> None:
        """Home and End: the first or the last card of the hand (a stranger tried them)."""
        cards = self._cards()
        if cards:
            self.focus_index = len(cards) - 1 if last else 0
            self._focus_card()

    def action_select(self) -> None:
        card = self.focused_card()
        if card is None:
            return
        self._toggle(card)

    def _toggle(self, card: str) -> None:
        held = Counter(self.view.get("hand") or [])[card]
        n = self.selected.get(card, 0) + 1
        self.selected[card] = n if n <= held else 0
        self.selected += Counter()
        self._hand_key = None
        self._render_hand()
        self._render_status()

    def on_card_widget_toggled(self, event: CardWidget.Toggled) -> None:
        cards = self._cards()
        if event.card in cards:
            self.focus_index = cards.index(event.card)
        if event.card.card:
            self._toggle(event.card.card)

    def _blind_moves(self) -> list[dict[str, Any]]:
        """A cursed hand's play: no cards named, the host plays one of them at random."""
        return [m for m in self._plays() if not m.get("cards")]

    def action_play(self) -> None:
        self._drop_kept_draw()      # a move key: the kept d waits no more
        cards = list(self.selected.elements())
        if not cards:
            shown = self._cards()
            if shown and shown[0].card is not None and not isinstance(self.focused, CardWidget):
                self._focus_card()      # Enter plays only a card you can see highlighted
                self._say_highlighted()
                return
            card = self.focused_card()
            if card is None:
                self.play_blind()
                return
            cards = [card]
        self.play_cards(cards)

    def _say_highlighted(self) -> None:
        """What the Enter that only highlighted a card did, and what the next one will: a
        stranger's first Enter on a lone Defuse seemed to do nothing at all."""
        card = self.focused_card()
        if card is None:
            return
        if not self._moves_for([card]):
            self._no_move([card])
            return
        self.notify(_("{card} is highlighted: Enter again plays it.").format(card=self.cat.title(card)),
                    timeout=3, markup=False)

    def _hand_rules_failed(self) -> bool:
        """Whether your hand lies face down because a plugin's ``ekpeer_hand_hidden`` failed on
        the host (the seat's ``hand_rules_failed``, engine/asked.py), by no curse."""
        me = self.view.get("you")
        return any(p.get("name") == me and p.get("hand_rules_failed") for p in self.view.get("players") or [])

    def play_blind(self) -> None:
        if not (self.view.get("hand_count") and not self.view.get("hand")):
            return
        moves = self._blind_moves()
        if not moves and self._hand_rules_failed():
            self.notify(_("Your hand lies face down because a plugin's rules failed on the host, "
                          "not by a curse: you may draw."), severity="warning", timeout=3)
            return
        if not moves:
            self.notify(_("A cursed hand plays only on your own turn, with nothing else pending."),
                        severity="warning", timeout=3)
            return
        self.notify(_("You play a face-down card at random"), timeout=2)
        self.choose_and_send(moves, _("a random card"))

    def action_draw(self) -> None:
        move = next((m for m in self.legal() if m.get("do") == "draw"), None)
        if move is None:
            self._no_draw_yet()
            return
        odds, why = explode_odds(self.view, self.cat, self.app.knowledge)  # type: ignore[attr-defined]
        saved = saved_from_next_draw(self.view, self.cat, self.app.knowledge)  # type: ignore[attr-defined]
        if odds < 1.0 or saved or not any(m.get("do") == "play" for m in self.legal()):
            self._send(move)
            return
        # a sure death with another way open (a Skip, a peek, a Shuffle): asked once more, as
        # not saving yourself is; with nothing else to play, the draw is the only move there is
        from .confirm import ConfirmScreen

        title = _("Draw a kitten?")
        screen = ConfirmScreen(
            title,
            _("Next draw kills: {why}. Nothing in your hand saves you, and you have cards you "
              "could play instead.").format(why=why),
            _("Yes: draw"), _("No: back to your hand"))

        def confirmed(sure: bool | None) -> None:
            if self._asked is not None and self._asked.screen is screen:
                self._asked = None
            if sure and move in self.legal():
                self._send(move)

        self._asked = AskedMove(screen, move, table_state(self.view), title)
        self.app.push_screen(screen, confirmed)

    def _check_asked(self) -> None:
        """A new view: the move asked about once more ("Draw a kitten?") closes, said why, once
        it is no longer legal or the table it was asked on changed (the clock ran out and the
        host drew for you)."""
        asked = self._asked
        if asked is None:
            return
        why = asked.why_closed(self.view, self.legal())
        if why is None:
            return
        self._asked = None
        if asked.screen in self.app.screen_stack:
            self._withdraw(asked.screen)
            self.notify(why, severity="warning", timeout=4, markup=False)

    def _why_no_draw(self) -> str:
        """Why ``d`` draws nothing now: a card played waits for its Nope window to close (a
        stranger pressed d just after their Shuffle and read only "You cannot draw now"), a
        choice is awaited, or it is not your turn. Short enough for a toast at 64 columns: the
        window's sentence ran to five lines there, and the toast showed four."""
        me = self.view.get("you")
        if self.view.get("stack"):
            return _("You cannot draw yet: a card waits for its Nope window.")
        if self.view.get("choices"):
            return _("You cannot draw now: a choice is awaited first.")
        others = [p for p in self.view.get("waiting_for") or [] if p != me]
        if others:
            return _("You cannot draw yet: waiting for {players} to choose.").format(
                players=names_and(others))
        if self.view.get("current") != me:
            return _("You cannot draw now: it is not your turn.")
        return _("You cannot draw now.")

    # ------------------------------------------------------------------ a d kept for later
    def _no_draw_yet(self) -> None:
        """``d`` that draws nothing now: kept while it waits only for your own card's Nope
        window (→ ⏎ d typed at once against bots threw the d away, and each play cost the
        window's seconds and a second d); else why it draws nothing."""
        if keepable(self.view) and getattr(self.app, "host_gone", None) is None:
            if self._kept_draw is None:
                self._kept_draw = KeptDraw.of(self.view, list(self.app.knowledge.top))  # type: ignore
                self._render_status()
            return
        self.notify(self._why_no_draw(), severity="warning", timeout=3, markup=False)

    def _check_kept_draw(self) -> None:
        """A new view: the kept ``d`` waits on, is pressed again now (as a key, through the
        app, the way keys typed ahead are: the draw's own questions, such as "Draw a kitten?",
        still ask), or is dropped, said why, should what it was pressed on have changed."""
        kept = self._kept_draw
        if kept is None:
            return
        if self.is_over() or self._out() or getattr(self.app, "host_gone", None) is not None:
            self._kept_draw = None      # said by what ended it (the game's end, your death, the banner)
            return
        stack = self.view.get("stack") or []
        card = self.cat.title(stack[-1].get("card")) if stack and stack[-1].get("card") else ""
        said = verdict(kept, self.view, list(self.app.knowledge.top), card)  # type: ignore[attr-defined]
        if said == WAIT:
            return
        if said == DRAW and self.app.screen is not self:     # read elsewhere (the log): not now
            said = _("Not drawing: d draws at the table.")
        self._kept_draw = None
        if said == DRAW:
            self.app.post_message(events.Key("d", "d"))
            return
        self._say_kept(said)

    def _say_kept(self, said: str, seconds: float = KEPT_SAID_SECONDS) -> None:
        """Why a kept ``d`` draws nothing, on the status line for ``seconds``, where it was
        said kept: a toast stood over the log's newest line, the very one that said why ("You
        saw, top first: …" under "You saw the top cards: not drawing.", at 64x20)."""
        self._kept_said = (said, time.monotonic() + seconds)
        if self.view:
            self._render_status()

    def _kept_words(self) -> str | None:
        """The words :meth:`_say_kept` said, while their seconds last."""
        if self._kept_said is None or time.monotonic() >= self._kept_said[1]:
            return None
        return self._kept_said[0]

    def _drop_kept_draw(self, said: str | None = None) -> None:
        """Another move key (or Esc) after a kept ``d``: the d waits no more."""
        if self._kept_draw is None:
            return
        self._kept_draw = None
        if said:
            self._say_kept(said, 2)
        elif self.view:
            self._render_status()

    def action_why_no_draw(self) -> None:
        """``d`` that draws nothing (check_action dims or hides Draw then): why, for a player in
        the game (another's turn, a Nope window, the host silent) and for one who takes no more
        turns."""
        if not self._out():     # in the game, but d draws nothing now: why
            gone = getattr(self.app, "host_gone", None) is not None
            if gone and self.view.get("current") != self.view.get("you"):
                # the truer reason first: with the host back, d would still draw nothing
                words = _("It is not your turn, and the host is not answering (h: leave or quit).")
            elif gone:
                words = _("The host is not answering: you cannot draw now (h: leave or quit).")
            else:
                self._no_draw_yet()
                return
            self.notify(words, severity="warning", timeout=3, markup=False)
            return
        if my_status(self.view) == "dead":
            words = _("You are Dead: you take no turns, so you draw no cards. You may still play a Nope "
                      "or a NOW card when one is open to you (m lists them), and you may be brought "
                      "back to life.")
        else:
            words = _("You are out of the game: watching to the end.")
        self.notify(words, severity="warning", timeout=6, markup=False)

    def action_nope(self) -> None:
        self._drop_kept_draw()
        moves = self._nope_moves()
        if not moves:
            toast = Notification(self._why_no_nope(), "", "warning", 2)
            self.app.post_message(Notify(toast))
            self.nope_toast(toast)      # said of this instant: another action may come next
            return
        self._send(moves[0])

    def _answering(self, move: dict[str, Any]) -> dict[str, Any]:
        """``move`` (a Nope) with what it answers: the action on top of the stack as this
        screen shows it as the Nope is chosen, and its Nopes. Should the stack change before
        it reaches the host (the action resolved and the next one opened its window, or
        someone Noped first), the host refuses it in words rather than let it land on what the
        player never saw."""
        top = (self.view.get("stack") or [{}])[-1]
        if not isinstance(top.get("serial"), int) or not top["serial"]:    # an older host's view
            return move
        return {**move, "answers": {"action": top["serial"], "nopes": top.get("nopes", 0)}}

    def _top_action(self) -> tuple[Any, ...] | None:
        """The action on top of the stack as this screen shows it, with its Nopes; None if none."""
        stack = self.view.get("stack") or []
        if not stack:
            return None
        top = stack[-1]
        return (top.get("serial"), top.get("by"), top.get("card"), len(stack), top.get("nopes", 0))

    def nope_toast(self, toast: Notification) -> None:
        """``toast`` (shown) is about a Nope and the action on top now: "Nothing to Nope
        now.", or a Nope the host refused ("Too late: the Nope window had closed"). It goes
        once another action comes to Nope (see :meth:`_withdraw_nope_toasts`)."""
        self._nope_toasts.append((toast, self._top_action(), time.monotonic()))

    def _withdraw_nope_toasts(self) -> None:
        """Another action came to Nope: a toast about the one before ("Nothing to Nope now.",
        "Too late: the Nope window had closed") no longer holds, and stood beside the status
        line's "ann plays Shuffle   n: Nope it" for seconds (a Nope pressed a trip behind on a
        lagged link). Such toasts go as the new action shows."""
        top = self._top_action()
        if top is None or not self._nope_toasts:
            return
        gone = [(toast, shown) for toast, said_of, shown in self._nope_toasts if said_of != top]
        self._nope_toasts = [kept for kept in self._nope_toasts if kept[1] == top]
        unnotify = getattr(self.app, "_unnotify", None)     # Textual's own, as a click on a toast
        for toast, shown in gone if unnotify is not None else ():
            # read first: a Nope refused just as the next action came ("Too late", pressed at
            # 0.0 s on a lagged bar) went the instant it showed, and the stranger read nothing
            left = NOPE_TOAST_SHOWN - (time.monotonic() - shown)
            if left > 0:
                self.set_timer(left, partial(unnotify, toast))
            else:
                unnotify(toast)

    def action_now(self) -> None:
        self._drop_kept_draw()
        from .moves import MovesScreen

        moves = self._now_moves()
        if not moves:
            self.notify(_("No NOW card to play now."), severity="warning", timeout=2)
            return
        cards = list(dict.fromkeys(m["cards"][0] for m in moves))
        if len(cards) == 1:
            self.choose_and_send(moves, self.cat.title(cards[0]))
            return

        def picked(move: dict[str, Any] | None) -> None:
            if move is not None:
                self._send(move)

        self.app.push_screen(MovesScreen(moves, self.cat), picked)

    def action_card_text(self) -> None:
        from .card_info import CardInfoScreen

        card = self.focused_card()
        if card:
            self.app.push_screen(CardInfoScreen(card))

    def action_discard(self) -> None:
        from .discard import DiscardScreen

        self.app.push_screen(DiscardScreen(list(self.view.get("discard") or []), self.cat))

    def action_moves(self) -> None:
        self._drop_kept_draw()
        from .moves import MovesScreen

        def picked(move: dict[str, Any] | None) -> None:
            if move is not None:
                self._send(move)

        moves = [m for m in self.legal() if m.get("do") != "choose"]
        if not self.view.get("discard"):    # five different cards take from the discard pile:
            moves = [m for m in moves if len(m.get("cards") or []) != 5]    # none there, nothing taken
        self.app.push_screen(MovesScreen(moves, self.cat), picked)

    def action_whole_log(self, then: Any = None) -> None:
        """The whole game's log (``l``); ``then`` runs once it is closed."""
        from .log import LogScreen

        # the app's log as it is at each look: a snapshot may begin it anew while the log is open
        self.app.push_screen(LogScreen(lambda: self.app.log_lines, self.calling_you),  # type: ignore[attr-defined]
                             (lambda _closed=None: then()) if then is not None else None)

    def action_log_page(self, step: int) -> None:
        """Scroll the table's log a page back or on, whatever has the focus."""
        log = self.query_one("#log", RichLog)
        if step < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def _out(self) -> bool:
        """You are no longer playing: exploded, left or dead (the game may go on without you)."""
        return (my_status(self.view) or "living") != "living"

    def _can_draw(self) -> bool:
        """``d`` draws now: the host offers a draw and is answering. The key bar showed
        ``d Draw`` lit whatever the state (its check asked only whether you were still in the
        game), so on another's turn, the host silent and its banner folded by Keep waiting, bob
        read d Draw as a thing he could do."""
        return (getattr(self.app, "host_gone", None) is None
                and any(m.get("do") == "draw" for m in self.legal()))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers only what does something: no Draw or Moves for a player who is
        out or a game that is over; Quit (q) once it is over, the game-over dialog closed."""
        if not self.view:
            return True
        if action == "moves" and self.view.get("legal_moves") and not self._host_closed():
            return True     # a Dead player may still have some (a Nope): m lists them
        at_table = not (self.is_over() or self.view.get("you") is None or self._host_closed())
        seated = at_table and not self._out()
        if action == "why_no_draw":         # d that draws nothing: said why, not silence
            return at_table and (self._out() or not self._can_draw())
        if action == "draw":    # dimmed while it draws nothing (another's turn, the host silent)
            return (True if self._can_draw() else None) if seated else False
        if action == "moves":               # (a spectator has no seat to draw for)
            return seated
        if action in ("quit_over", "leave_over"):
            return self.is_over()
        if action == "rematch":             # as the status line offers it ("r: rematch")
            return self.is_over() and self.view.get("you") is not None and not self._host_closed()
        if action == "sit":                 # a watcher's, after the game (the Keys list said it
            return self.is_over() and self._watching()      # to seated players mid-game)
        return True

    def action_quit_over(self) -> None:
        if self.is_over():
            self.run_worker(self.app.action_quit())

    def action_leave_over(self) -> None:
        """x at the table once the game is over, as on its dialog (closed with Esc): leave it."""
        if self.is_over():
            self.app.game_over_answered("leave")  # type: ignore[attr-defined]

    def action_rematch(self) -> None:
        if not self.is_over():
            return
        from ..messages import RematchRequested

        self.post_message(RematchRequested())

    def _host_closed(self) -> bool:
        """The host said it closed the table (on purpose): nothing here can be played any more."""
        gone = getattr(self.app, "host_gone", None)
        return gone is not None and bool(getattr(gone, "closed", False))

    def _watching(self) -> bool:
        """This client watches the table (a spectator without a seat yet)."""
        return bool((getattr(self.app, "lobby", None) or {}).get("spectator"))

    def action_sit(self) -> None:
        """A watcher's seat at the next game (the key the status bar and the game-over dialog
        name); nothing while the game is on or for a seated player."""
        if not (self.is_over() and self._watching()):
            return
        from ..messages import SitRequested

        self.post_message(SitRequested())

    def action_clear(self) -> None:
        self._drop_kept_draw(_("Not drawing after all."))     # the status line's "Esc: don't"
        self.selected.clear()
        self._hand_key = None
        self._render_hand()
        self._render_status()
