"""Asked before leaving a lobby when leaving costs something.

One Esc in the lobby left the table at once, even for its creator: the host handed the table
to the next person (who could then set a password that kept the creator out) or closed it,
unsaid. Leaving is asked first whenever you have a seat in the lobby (a joiner's seat too:
one Esc lost a friend theirs), or when you host the table with others at it; the dialog says
what leaving does (who the table goes to, or that it closes, and that its password stays). A
watcher, or a host alone at their own table, leaves at once. Staying is the highlighted
choice, as in the game's other leave and quit dialogs.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ...i18n import _
from ..widgets import KeyBar
from .leave_confirm import StayOrLeave
from .lobby_away import heir, names_words


def _people(lobby: dict[str, Any]) -> list[dict[str, Any]]:
    """The other people seated (not bots, not you, not gone for good)."""
    return [s for s in lobby.get("seats") or [] if isinstance(s, dict) and not s.get("bot")
            and not s.get("you") and s.get("state") != "left" and not s.get("left")]


def leave_costs(lobby: dict[str, Any], hosting: bool = False) -> list[str]:
    """What leaving this lobby costs, in sentences (none: nothing to lose, leave at once)."""
    if lobby.get("phase") != "lobby" or lobby.get("spectator") or not lobby.get("you"):
        return []
    others = [str(s.get("name")) for s in _people(lobby)]
    if hosting:
        if not others:
            return []
        return [_("You are hosting: leaving closes the table for {who}.").format(who=names_words(others))]
    created = any(s.get("creator") and s.get("you") for s in lobby.get("seats") or [] if isinstance(s, dict))
    if created:
        next_one = heir(lobby)
        if next_one is None:
            return [_("You created this table and nobody else is seated: leaving closes it.")]
        said = [_("You created this table: leaving gives it to {name}, who then sets it and "
                  "starts the game.").format(name=next_one)]
        if (lobby.get("settings") or {}).get("password"):
            said.append(_("The password you set stays: to join again you must type it."))
        return said
    # a seat is never given up on one key: a lone joiner's Esc, meant for something else, left
    # a friend out of the table they had just found (and typed its password for)
    said = [_("Your seat goes: joining again takes a free seat, if one is left.")]
    if (lobby.get("settings") or {}).get("password"):
        said.append(_("To join again you must type the table's password."))
    return said


class LobbyLeaveScreen(StayOrLeave):
    """Dismisses with True (leave the table) or False (stay)."""

    def __init__(self, costs: list[str], created: bool) -> None:
        super().__init__(classes="decision")
        self.costs = costs
        self.created = created

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(_("Leave your table?") if self.created else _("Leave the table?"), id="dialog-title")
            yield Static(" ".join(self.costs), id="dialog-prompt", markup=False)
            with Horizontal(id="dialog-buttons"):
                yield Button(_("Stay (s)"), id="stay", variant="primary")
                yield Button(_("Leave (y)"), id="leave", variant="error")
        # its own keys at the bottom: the bar of the screen beneath said keys that do nothing
        # here (a list's "? Rules of card", the table's d Draw)
        yield KeyBar()
