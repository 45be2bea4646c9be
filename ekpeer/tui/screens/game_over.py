"""The end of a game: the winner, a short summary, rematch or leave."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..widgets import plain


class GameOverScreen(ModalScreen[str]):
    """Dismisses with ``rematch``, ``leave`` or ``quit`` (or ``table`` to look at the table)."""

    BINDINGS = [
        Binding("r", "pick('rematch')", "Rematch"),
        Binding("l", "pick('leave')", "Leave"),
        Binding("q", "pick('quit')", "Quit"),
        Binding("escape", "pick('table')", "Look at the table"),
    ]

    def __init__(self, winner: str | None, you: str | None, summary: list[str]) -> None:
        super().__init__(classes="decision")
        self.winner = winner
        self.you = you
        self.summary = summary

    def compose(self) -> ComposeResult:
        won = self.winner == self.you
        headline = "You win!" if won else f"{self.winner} wins!"
        with Vertical(id="dialog", classes="won" if won else "lost"):
            yield Static(plain(f"Game over: {headline}"), id="dialog-title")     # names: plain text
            yield Static(plain("\n".join(self.summary)), id="dialog-prompt")
            with Horizontal(id="dialog-buttons"):
                yield Button("Rematch (r)", id="rematch", variant="primary")
                yield Button("Leave (l)", id="leave")
                yield Button("Quit (q)", id="quit", variant="error")

    def on_mount(self) -> None:
        self.query_one("#rematch", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "table")

    def action_pick(self, what: str) -> None:
        self.dismiss(what)
