"""The modal screens' common ground: an answer counts only while its dialog is on top.

The host withdraws a question when its clock runs out (ruling 26: the covering bot answers)
or a new game is dealt, and the table pops that dialog at once; a key pressed in the same
instant still reaches the dialog's handlers afterwards. Textual's ``dismiss`` would then pop
whatever screen is on top instead (the next question, or the table itself: a crash), so a
dialog that is no longer on top ignores its own late answer.

A dialog covers the table's status bar, and with it the clock: while a clock runs for you,
a line under the dialog says how long is left (a stranger giving a card to a Favor could
not tell).

The arrows move along a dialog's row of buttons (:class:`Modal`), as Tab does, and a dialog
covered by another one (a card's rules over the discard pile, "Give away Defuse?" over the
hand) is hidden until it is on top again.

A dialog's own warnings (Esc where the game waits, Enter before a place is picked) are said
in its box (:meth:`Modal.warn`), not as toasts: at 64x20 and 80x24 a toast stood over the
dialog's title, cut off, and stayed over the next dialog.

ctrl+q is the app's, and reaches every dialog; a dialog lists it (its key bar, F1) as the
table does, for Textual lists none of the app's keys over a modal screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual.actions import SkipAction
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..widgets import plain

T = TypeVar("T")

#: seconds a dialog's warning stays in its box (the next key takes it away sooner)
WARNING_SECONDS = 5.0

#: the most rows a dialog's list takes (its border included), however tall the screen
LIST_ROWS = 14
#: the fewest: a list of one row and its border
MIN_LIST = 3


class Modal(ModalScreen[T]):
    """The base of every dialog (a box ``#dialog`` over the screen beneath).

    Its buttons (``#dialog-buttons``) are the arrow keys' to move between, as Tab does: a
    keyboard player pressed → in "Give away Defuse?" and nothing moved.

    Textual gives a Button no arrow keys of its own, so they come here; and it merges a class's
    ``BINDINGS`` only from the Textual classes in its line (a plain mixin's are dropped), so the
    bindings live on this screen, the one base of every dialog with buttons (the yes/no ones
    and the host's and the game's end). They move only while a button of that row has the
    focus (a dialog's list or log keeps its own arrows) and stop at the row's ends: the first
    button focused stays the safe answer, and ← pressed once too often does not come round to
    the harmful one. Which button is focused first is each dialog's own choice.
    """

    BINDINGS = [
        Binding("left,up", "next_button(-1)", show=False),
        Binding("right,down", "next_button(1)", show=False),
        # the app's own F1 never reaches a modal screen (Textual stops the keys of what lies
        # beneath it, the app's among them): bound here, it opens this dialog's keys
        Binding("f1", "app.show_help_panel", "Keys", show=False),
        # the app's priority binding quits (or asks first) before this one is looked at: bound
        # here so that the dialog's key bar and its keys (F1) say it, as the table's do
        Binding("ctrl+q", "quit", "Quit"),
    ]
    #: a question about quitting or leaving itself: ctrl+q does nothing more there, unlisted
    asks_quitting = False
    #: for a question the app asked (quit? leave?): how to ask it again, should a decision
    #: beneath it close it (see TableScreen._withdraw)
    ask_again: Callable[[], Any] | None = None
    _warning: Static | None = None
    _warning_timer: Any = None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "quit":
            return not self.asks_quitting
        return True

    async def action_quit(self) -> None:
        await self.app.action_quit()    # type: ignore[attr-defined]

    def warn(self, words: str) -> None:
        """Say ``words`` on the dialog's warning line, in its box: it replaces the warning
        before it and goes after :data:`WARNING_SECONDS`, or at the next key."""
        boxes = self.query("#dialog")
        if not boxes:       # a dialog not (or no longer) shown: nowhere to say it
            return
        line = self._warning
        if line is None or not line.is_attached:
            box = boxes.first()
            line = self._warning = Static("", id="dialog-warning")
            later = [w for w in box.children if w.id in ("dialog-clock", "dialog-buttons")]
            box.mount(line, before=later[0] if later else None)
        line.update(plain(words))
        line.display = True
        if self._warning_timer is not None:
            self._warning_timer.stop()
        self._warning_timer = self.set_timer(WARNING_SECONDS, self.unwarn)
        self._refit()

    def unwarn(self) -> None:
        """The warning line gone (its time is up, or a key was pressed)."""
        if self._warning_timer is not None:
            self._warning_timer.stop()
            self._warning_timer = None
        if self._warning is not None and self._warning.display:
            self._warning.display = False
            self._refit()

    def warning(self) -> str:
        """The warning the dialog's box says now ("" if none)."""
        line = self._warning
        return str(line.render()) if line is not None and line.is_attached and line.display else ""

    def _refit(self) -> None:
        """The dialog's list given the rows the warning takes, or gives back (Dialog)."""

    def on_key(self, event: Any) -> None:
        """A key read: the warning has said its piece (a key that warns again says it anew,
        its binding acting after this)."""
        self.unwarn()

    def action_next_button(self, step: int) -> None:
        focused = self.focused
        row = focused.parent if isinstance(focused, Button) else None
        if row is None or row.id != "dialog-buttons":
            raise SkipAction()          # not in the row: the key goes on, as if unbound here
        buttons = [b for b in row.query_children(Button) if b.display and not b.disabled]
        if focused not in buttons:
            raise SkipAction()
        i = buttons.index(focused) + step
        if 0 <= i < len(buttons):
            # at once, not as ``focus()`` does (after the messages already queued): an Enter
            # read with the arrow is already on its way, and a stranger's d → ⏎ typed in one
            # breath pressed the button the arrow had left ("No: back to your hand")
            self.set_focus(buttons[i])

    def on_screen_suspend(self) -> None:
        """Covered by another dialog: this one's box is hidden (``-covered``, ekpeer.tcss).
        Every dialog is as wide as the next and centred, and a modal screen lets the one
        beneath show through: the discard pile's border and title stood over the card rules'
        box opened from it, and its bottom border under it, one dialog with two top borders."""
        self.set_class(self.app.screen is not self and self.app.screen.has_class("decision"), "-covered")

    def on_screen_resume(self) -> None:
        self.remove_class("-covered")


class Dialog(Modal[T]):
    #: a line under the dialog with your clock (a dialog that says it its own way: False)
    shows_clock = True
    #: for a dialog that answers one of the host's questions: whether an answer is a move
    #: (the table sets it; see :meth:`dismiss`)
    sends_move: Callable[[Any], bool] | None = None
    #: the list that :meth:`_fit_list` fits to the screen's rows, and the most rows it takes
    #: (None: as many as the screen has; the keys dialog's list is all the dialog is for)
    fitted_list = "#dialog-options"
    most_list_rows: int | None = LIST_ROWS

    def on_mount(self) -> None:
        """(Textual calls this besides a subclass's own ``on_mount``.)"""
        self.call_after_refresh(self._fit_buttons)
        table = getattr(self.app, "table_screen", None)
        box = self.query("#dialog")
        if not self.shows_clock or table is None or not hasattr(table, "clock_words") or not box:
            return
        dialog = box.first()
        line = Static("", id="dialog-clock")
        line.display = False        # shown by _show_clock once there are words to show
        buttons = [w for w in dialog.children if w.id == "dialog-buttons"]
        dialog.mount(line, before=buttons[0] if buttons else None)
        self._clock_line = line
        self.call_after_refresh(self._show_clock)
        self.set_interval(0.5, self._show_clock)

    def _refit(self) -> None:
        self.call_after_refresh(self._fit_list)

    def on_resize(self) -> None:
        for options in self.query(self.fitted_list):     # laid out anew at ekpeer.tcss's height
            options.styles.max_height = None
        self.call_after_refresh(self._fit_buttons)

    def _fit_buttons(self) -> None:
        """Buttons side by side while they fit, else one under the other: at 64 columns the
        Danish "Ja: du eksploderer og forlader spillet" lost its last word."""
        self.call_after_refresh(self._fit_list)        # once the buttons have their rows
        rows = self.query("#dialog-buttons")
        if not rows:
            return
        row = rows.first()
        buttons = list(row.query(Button))
        if not buttons:
            return
        wanted = sum(cell_len(str(b.label)) + 5 for b in buttons)    # border, padding, margin
        row.set_class(wanted > row.size.width > 0, "-stacked")

    def _fit_list(self) -> None:
        """The dialog's list (:attr:`fitted_list`) as tall as the screen lets it be, up to
        :attr:`most_list_rows`: at 64x20 a fixed height showed 4 rows of a list with rows to
        spare above and below the dialog, and the 5th card of Alter the Future (5x) took
        scrolling. Laid out first at the height ekpeer.tcss gives it, then grown (or shrunk) by
        the rows the screen has beyond the dialog's box; the clock line under it counted as
        shown (it comes and goes)."""
        lists, boxes = self.query(self.fitted_list), self.query("#dialog")
        if not lists or not boxes or not self.size.height:
            return
        options, box = lists.first(), boxes.first()
        if not options.display or not box.size.height:
            return
        bars = sum(bar.outer_size.height for bar in self.query("KeyBar") if bar.display)
        room = self.size.height - bars
        margin = options.styles.margin.top + options.styles.margin.bottom
        # the rows of what else the box holds, each counted (not the box's height less the
        # list's: a box already as tall as the screen is cut there, and a warning said under
        # a full list at 64x20 lost its end and the clock line below it)
        chrome = box.outer_size.height - box.content_size.height
        others = chrome + sum(self._rows_of(w) + w.styles.margin.top + w.styles.margin.bottom
                              for w in box.children if w.display and w is not options)
        clock = getattr(self, "_clock_line", None)
        if clock is not None and not clock.display:
            others += 1
        rows = max(MIN_LIST, room - others - margin)
        if self.most_list_rows is not None:
            rows = min(self.most_list_rows, rows)
        if options.styles.max_height is None or options.styles.max_height.value != rows:
            options.styles.max_height = rows

    def _rows_of(self, widget: Any) -> int:
        """The rows ``widget`` takes in the dialog's box; the warning's as its words wrap (just
        said, it is not laid out yet when the list is fitted to it)."""
        width = widget.parent.content_size.width if widget.parent is not None else 0
        if widget is not self._warning or not width:
            return widget.outer_size.height
        words = Text(self.warning())
        return max(widget.outer_size.height, len(words.wrap(self.app.console, width)))

    def _show_clock(self) -> None:
        words = self.app.table_screen.clock_words()     # type: ignore[attr-defined]
        if words:
            self._clock_line.update(Text(words))
        self._clock_line.display = bool(words)

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_attached or self.app.screen is not self:
            return AwaitComplete.nothing()       # withdrawn (or covered): the answer is too late
        if self.sends_move is not None and self.sends_move(result):
            # the keys typed behind this answer wait for the host's, from now: the move itself
            # is sent once the dialog is gone, after them (a stranger's d ⏎ End ↑ ⏎ saved with
            # the Defuse, then lost End ↑ ⏎ to the table before the put-back dialog came)
            self.app.move_chosen()  # type: ignore[attr-defined]
        return super().dismiss(result)
