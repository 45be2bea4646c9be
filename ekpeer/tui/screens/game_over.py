"""The end of a game: the winner (or the players sharing the win), a summary, rematch or leave."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


def headline(winners: list[str] | str | None, you: str | None) -> str:
    """``You win!`` / ``bob wins!``, or for a shared win (ruling 25: the draw pile is empty and a
    full round passed with nobody dying) ``You, ann and bob share the win!``."""
    names = [winners] if isinstance(winners, str) else list(winners or [])
    if len(names) <= 1:
        name = names[0] if names else "nobody"
        return "You win!" if name == you else f"{name} wins!"
    shown = ["You" if n == you else n for n in names]
    shown.sort(key=lambda n: n != "You")
    return f"{', '.join(shown[:-1])} and {shown[-1]} share the win!"


class GameOverScreen(ModalScreen[str]):
    """Dismisses with ``rematch``, ``leave`` or ``quit`` (or ``table`` to look at the table)."""

    BINDINGS = [
        Binding("r", "pick('rematch')", "Rematch"),
        Binding("l", "pick('leave')", "Leave"),
        Binding("q", "pick('quit')", "Quit"),
        Binding("escape", "pick('table')", "Look at the table"),
    ]

    def __init__(self, winners: list[str] | str | None, you: str | None, summary: list[str]) -> None:
        super().__init__(classes="decision")
        self.winners = [winners] if isinstance(winners, str) else list(winners or [])
        self.winner = self.winners[0] if len(self.winners) == 1 else None
        self.you = you
        self.summary = summary

    def compose(self) -> ComposeResult:
        won = self.you in self.winners
        summary = list(self.summary)
        if len(self.winners) > 1:
            summary.insert(0, "The draw pile is empty and a full round passed with nobody dying: "
                              "the Living players share the win.")
        with Vertical(id="dialog", classes="won" if won else "lost"):
            yield Static(f"Game over: {headline(self.winners, self.you)}", id="dialog-title")
            yield Static("\n".join(summary), id="dialog-prompt")
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
