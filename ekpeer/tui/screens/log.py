"""The whole game's log, to read back at leisure: ↑ ↓, PgUp/PgDn, Home/End scroll it. The game
goes on meanwhile: new lines come in, and a turn or a Nope window of yours is said with its clock,
under the log (a stranger read it above as the log's first line, changing while he read). Its title
says when the log does not go back to the game's start (:class:`~ekpeer.tui.game_log.GameLog`)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, RichLog, Static

from ...i18n import _, ngettext
from ..game_log import GameLog
from .dialog import Dialog


class LogScreen(Dialog[None]):
    """Every line the table's log has written this game (the table keeps the last 500 on
    screen; this keeps them all, up to :data:`LOG_LINES`), the newest at the bottom and in view first."""

    BINDINGS = [
        Binding("escape,l,q", "close", "Close"),
        # at once and whatever has the focus (the Back button, after a tap): Home scrolled a
        # second long and did not reach the first line, while PgUp did
        Binding("home", "edge(False)", "First line", show=False),
        Binding("end", "edge(True)", "Last line", show=False),
    ]
    shows_clock = False     # its own line says your turn, or a Nope window, with the clock

    def __init__(self, lines: GameLog | Callable[[], GameLog],
                 calling: Callable[[], str | None] | None = None) -> None:
        """``lines``: the app's log (read on as it grows), or how to get it: a snapshot may
        begin the app's log anew while this is open, and a log held from before read on
        without the newest lines, its title's count stuck; ``calling``: what the table waits
        on you for, in words, or None (the table's :meth:`calling_you`)."""
        super().__init__(classes="decision decision-log")
        self._source = lines
        self.calling = calling
        self._shown: GameLog | None = None  # the log written to the log widget
        self._written = 0                   # lines written to the log widget
        self._titled: tuple[int, int, bool] | None = None     # what the title says

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("", id="dialog-title")     # "The game's log: 42 lines", kept up to date
            # markup off: the lines hold players' names, plain text
            yield RichLog(id="whole-log", wrap=True, markup=False, auto_scroll=True, min_width=16)
            yield Static("", id="log-calling")      # your turn and its clock: live, not a log line
            # the keys and the way back share one line, and the button is one row high: at
            # 80x24 the log showed 12 lines under a three-row button and a hint of its own
            with Horizontal(id="log-foot"):
                yield Static(_("↑ ↓ PgUp PgDn Home End: scroll"), id="dialog-hint")
                # a tap target: a phone has no Esc
                yield Button(_("Back to the table (Esc)"), id="close", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_close()

    @property
    def lines(self) -> GameLog:
        """The app's log as it is now."""
        return self._source() if callable(self._source) else self._source

    def on_mount(self) -> None:
        self._follow()
        self.query_one("#whole-log", RichLog).focus()
        self.set_interval(0.25, self._follow)

    def on_screen_resume(self) -> None:
        """Back on top (a notice over it gone): the lines up to now, at once."""
        self._follow()

    def _follow(self) -> None:
        """Write the lines that came since, and say what the table waits on you for."""
        log = self.query_one("#whole-log", RichLog)
        lines = self.lines
        if lines is not self._shown:        # a log begun anew: written again from its start
            log.clear()
            self._shown, self._written = lines, 0
            if not lines:
                log.write(_("(nothing has happened yet)"))
        # new lines keep the end in view, unless you scrolled back to read older ones
        follow = not self._written or log.is_vertical_scroll_end
        if self._written == 0 and lines:
            log.clear()     # the first lines replace "(nothing has happened yet)"
        for line in lines.since(self._written):
            log.write(line, scroll_end=follow)
        self._written = lines.written
        titled = (len(lines), lines.dropped, lines.recent_only)
        if titled != self._titled:
            self._titled = titled
            self.query_one("#dialog-title", Static).update(log_title(lines))
        calling = self.calling() if self.calling is not None else None
        banner = self.query_one("#log-calling", Static)
        banner.display = bool(calling)
        if calling:
            banner.update(Text(calling))      # plain: no markup read into it

    def action_edge(self, last: bool) -> None:
        """The log's first line (Home) or its last (End) in view, at once."""
        log = self.query_one("#whole-log", RichLog)
        if last:
            log.scroll_end(animate=False, immediate=True)
        else:
            log.scroll_home(animate=False, immediate=True)

    def action_close(self) -> None:
        self.dismiss(None)


def log_title(lines: GameLog) -> str:
    """How much of the game the log holds: all of it, or since when."""
    n = len(lines)
    if lines.recent_only:
        return ngettext("The game's log: {n} line, from the host's last moves on (not the whole game)",
                        "The game's log: {n} lines, from the host's last moves on (not the whole game)",
                        n).format(n=n)
    if lines.dropped:
        return ngettext("The game's log: its last {n} line ({older} older ones dropped)",
                        "The game's log: its last {n} lines ({older} older ones dropped)",
                        n).format(n=n, older=lines.dropped)
    return ngettext("The game's log: {n} line", "The game's log: {n} lines", n).format(n=n)
