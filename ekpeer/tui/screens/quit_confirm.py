"""Asked before a hosting player quits while other people sit at their table.

The host runs in this player's process: quitting closes the table for everyone, so the
app asks first (``ctrl+q`` twice would otherwise end a LAN evening by accident). Staying
is the highlighted choice.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ...i18n import _, ngettext
from ...name_lists import names_and
from ..widgets import KeyBar
from .dialog import Modal


def others_seated(lobby: dict, me: str | None) -> list[str]:
    """The other people (not bots) at the table who would lose it: seated, and not gone for
    good (a player who left the game is played by a bot already)."""
    seats = lobby.get("seats") or []
    return [str(s.get("name")) for s in seats if isinstance(s, dict) and not s.get("bot")
            and not s.get("you") and s.get("name") != me and not s.get("left") and s.get("state") != "left"]


def _names(names: list[str]) -> str:
    return names_and(names)


class QuitConfirmScreen(Modal[bool]):
    """Dismisses with True (quit, closing the table) or False (stay)."""

    asks_quitting = True

    BINDINGS = [
        Binding("escape", "answer(False)", "Stay"),
        # the letters of both languages: Danish says "Bliv (b)" and "(j)" for ja
        Binding("s,b", "answer(False)", "Stay"),
        Binding("y,j", "answer(True)", "Quit"),
    ]

    def __init__(self, others: list[str]) -> None:
        super().__init__(classes="decision")
        self.others = others

    def compose(self) -> ComposeResult:
        who = _names(self.others)
        with Vertical(id="dialog"):
            yield Static(_("Quit and close your table?"), id="dialog-title")
            yield Static(ngettext("You are hosting: {who} is still at your table. Quitting closes it for "
                                  "everyone; they are told the host closed the table.",
                                  "You are hosting: {who} are still at your table. Quitting closes it for "
                                  "everyone; they are told the host closed the table.",
                                  len(self.others)).format(who=who), id="dialog-prompt")
            with Horizontal(id="dialog-buttons"):
                yield Button(_("Stay (s)"), id="stay", variant="primary")
                yield Button(_("Quit and close the table (y)"), id="quit", variant="error")
        # its own keys at the bottom: the bar of the screen beneath said keys that do nothing
        # here (a list's "? Rules of card", the table's d Draw)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#stay", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "quit")

    def action_answer(self, quit_: bool) -> None:
        self.dismiss(quit_)
