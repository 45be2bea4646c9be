"""Asked before a seated player quits in the middle of a game.

Quitting mid-game leaves the game: the app tells the host (``leave``), a bot takes the seat
at once and every table says the player left (rather than waiting out the grace period for
a connection that will not come back). The host keeps the seat for its player: joining
again with the same name and key takes it back (said so, since a stranger expected "for
good"). ``ctrl+q`` pressed by accident should cost
nobody their game, so the app asks first; staying is the highlighted choice.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ...i18n import _
from ..widgets import KeyBar
from .dialog import Modal


def seat_in_game(lobby: dict[str, Any], view: dict[str, Any]) -> str | None:
    """This player's part in a game being played: ``living`` (still in it: quitting leaves a
    seat that a bot must take, so asked first), ``out`` (exploded, or dead at a zombie table,
    where they may be revived: a bot takes the seat all the same) or None (no game, watching)."""
    if lobby.get("phase") != "playing" or lobby.get("spectator") or not lobby.get("you") or not view:
        return None
    me = view.get("you") or lobby.get("you")
    for player in view.get("players") or []:
        if isinstance(player, dict) and player.get("name") == me:
            return "living" if player.get("status", "living") == "living" else "out"
    return None


class StayOrLeave(Modal[bool]):
    """A question whose safe answer is to stay: its buttons ``#stay`` (highlighted first) and
    ``#leave``; dismisses with True (leave) or False (stay)."""

    asks_quitting = True

    BINDINGS = [
        Binding("escape", "answer(False)", "Stay"),
        # the letters of both languages: Danish says "Bliv (b)" and "(j)" for ja
        Binding("s,b", "answer(False)", "Stay"),
        Binding("y,j", "answer(True)", "Leave"),
    ]

    def on_mount(self) -> None:
        self.query_one("#stay", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "leave")

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)


class LeaveConfirmScreen(StayOrLeave):
    """Dismisses with True (leave the game and quit) or False (stay)."""

    def __init__(self, alone: bool = False, quits: bool = True) -> None:
        super().__init__(classes="decision")
        #: ``ekpeer play``: the host and the bots live in this program, so quitting ends the
        #: game (a stranger read there that joining again would give the seat back)
        self.alone = alone
        #: quitting the program (ctrl+q); else leaving for the start screen (the palette's
        #: "Leave the table", which ended a game at once)
        self.quits = quits

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            if self.alone:
                yield Static(_("Quit the game?") if self.quits else _("Leave the game?"), id="dialog-title")
                yield Static(_("This game is played in this program: quitting ends it.") if self.quits
                             else _("This game is played in this program: leaving ends it."),
                             id="dialog-prompt")
            else:
                yield Static(_("Leave the game and quit?") if self.quits else _("Leave the game?"),
                             id="dialog-title")
                yield Static(_("The game goes on without you: a bot takes your seat at once and plays on, "
                               "and everyone at the table is told you left. Joining again gives you your "
                               "seat back while this game lasts; the next game is dealt without you."),
                             id="dialog-prompt")
            with Horizontal(id="dialog-buttons"):
                yield Button(_("Stay (s)"), id="stay", variant="primary")
                leave = (_("Quit (y)") if self.alone else _("Leave and quit (y)")) if self.quits \
                    else _("Leave (y)")
                yield Button(leave, id="leave", variant="error")
        # its own keys at the bottom: the bar of the screen beneath said keys that do nothing
        # here (a list's "? Rules of card", the table's d Draw)
        yield KeyBar()
