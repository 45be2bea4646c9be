"""Asked once more before a choice that throws the game away (exploding with a Defuse in hand).

One tap on a phone, a row low, or Enter pressed in haste must not end a player's game: the
choice waits for a second, deliberate yes. Going back is the highlighted answer."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ..widgets import plain
from .dialog import Dialog


class ConfirmScreen(Dialog[bool]):
    """Dismisses with True (yes, do it) or False (go back)."""

    BINDINGS = [
        Binding("escape", "answer(False)", "Back"),
        Binding("y,j", "answer(True)", "Yes", show=False),     # j: ja
    ]

    def __init__(self, title: str, prompt: str, yes: str, no: str) -> None:
        super().__init__(classes="decision decision-use")
        self.title_text, self.prompt, self.yes, self.no = title, prompt, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(plain(self.title_text), id="dialog-title")
            yield Static(plain(self.prompt), id="dialog-prompt")
            with Horizontal(id="dialog-buttons"):
                yield Button(plain(self.no), id="no", variant="primary")
                yield Button(plain(self.yes), id="yes", variant="error")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
