"""The whole game's log, to read back at leisure: ↑ ↓, PgUp/PgDn, Home/End scroll it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, RichLog, Static

from ...i18n import _, ngettext
from .dialog import Dialog


class LogScreen(Dialog[None]):
    """Every line the table's log has written this game (the table keeps the last 500 on
    screen; this keeps them all), the newest at the bottom and in view first."""

    BINDINGS = [Binding("escape,l,q", "close", "Close")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__(classes="decision decision-log")
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            n = len(self.lines)
            yield Static(ngettext("The game's log: {n} line", "The game's log: {n} lines", n).format(n=n),
                         id="dialog-title")
            # markup off: the lines hold players' names, plain text
            yield RichLog(id="whole-log", wrap=True, markup=False, auto_scroll=True, min_width=16)
            yield Static(_("↑ ↓ PgUp PgDn Home End: scroll   Esc: back to the table"), id="dialog-hint")
            with Horizontal(id="dialog-buttons"):     # a tap target: a phone has no Esc
                yield Button(_("Back to the table (Esc)"), id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_close()

    def on_mount(self) -> None:
        log = self.query_one("#whole-log", RichLog)
        for line in self.lines or [_("(nothing has happened yet)")]:
            log.write(line)
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)
