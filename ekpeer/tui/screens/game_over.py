"""The end of a game: the winner (or the players sharing the win), a summary, rematch or leave.

A rematch starts once every person still at the table asks for one: the dialog stays open
after you ask, saying who is ready and who is awaited, until the new game is dealt."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ...i18n import _
from ...name_lists import names_and
from ..messages import RematchRequested, SitRequested
from ..seat_words import bot_winners, bot_won_words, leaving_seats_words, winner_name
from ..widgets import plain
from .dialog import Dialog


def headline(winners: list[str] | str | None, you: str | None, bots: dict[str, str] | None = None) -> str:
    """``You win!`` / ``bob wins!``, or for a shared win (ruling 25: the draw pile is empty and a
    full round passed with nobody dying) ``You, ann and bob share the win!``. ``bots``: the
    winners whose seat a bot played (:func:`~ekpeer.tui.seat_words.bot_winners`): ``The bot
    playing cat’s seat wins (cat left)!``, never "cat wins!" of a game cat had left."""
    names = [winners] if isinstance(winners, str) else list(winners or [])
    bots = bots or {}
    if not names:       # the host ended it: the rules failed on every move of a seat
        return _("Nobody wins.")
    if len(names) <= 1:
        name = names[0]
        if name in bots:
            return bot_won_words(name, you, bots[name])
        return _("You win!") if name == you else _("{player} wins!").format(player=name)
    shown = sorted(names, key=lambda n: n != you)
    shown = [_("You") if n == you else winner_name(n, you, bots) for n in shown]
    return _("{players} share the win!").format(players=names_and(shown))


def rematch_state(lobby: dict[str, Any]) -> tuple[list[str], list[str], bool]:
    """From the host's lobby after a game: the people who asked for a rematch, the people still
    connected who have not (the game waits for them), and whether you asked."""
    asked, awaited, mine = [], [], False
    for seat in lobby.get("seats") or []:
        if seat.get("bot") and not seat.get("takeover"):
            continue                       # the table's bots always play again
        name = str(seat.get("name", "?"))
        if seat.get("rematch"):
            asked.append(name)
            mine = mine or bool(seat.get("you"))
        elif seat.get("connected", True) and not seat.get("left"):
            awaited.append(name)
    return asked, awaited, mine


def rematch_words(lobby: dict[str, Any], you: str | None, asked_here: bool = False,
                  width: int | None = None) -> Text:
    """``Rematch: ready ann, bob · waiting for cat`` (names as plain text); in fewer words
    where ``width`` is too narrow for them (the table's status line at 64 columns ended
    "Omkamp: ikke ønsket endnu (den starter, når alle her ønsker")."""
    asked, awaited, mine = rematch_state(lobby)
    if asked_here and you is not None and you not in asked:
        asked.append(you)
        awaited = [n for n in awaited if n != you]
        mine = True
    t = Text()
    t.append(_("Rematch: "), style="bold")
    if not asked:
        words = _("not asked yet (it starts once everyone here asks)")
        if width is not None and len(t.plain) + len(words) > width:
            words = _("nobody yet (all here must ask)")
        t.append(words)
    else:
        t.append(_("ready "))
        t.append(", ".join(_("you") if n == you else n for n in asked), style="green")
        if awaited:
            t.append(_(" · waiting for "))
            t.append(", ".join(_("you") if n == you else n for n in awaited), style="bold yellow")
        elif mine:
            t.append(_(" · dealing…"))
    for line in leaving_seats_words(lobby):     # the rematch is dealt at once: said before it
        t.append("\n" + line)
    return t


class GameOverScreen(Dialog[str]):
    """Dismisses with ``leave`` or ``quit`` (``table`` to look at the table, ``log`` to read its
    log there); ``rematch``
    asks the host and keeps the dialog open until the new game comes."""

    BINDINGS = [
        Binding("r", "rematch", "Rematch"),
        Binding("t", "sit", "Take a seat"),
        # l reads the log here too, as on the table (a stranger who pressed it for the log left
        # the table): Leave is x
        Binding("l", "pick('log')", "Log"),
        Binding("x", "pick('leave')", "Leave"),
        Binding("q", "pick('quit')", "Quit"),
        Binding("escape", "pick('table')", "Look at the table"),
    ]

    def __init__(self, winners: list[str] | str | None, you: str | None, summary: list[str],
                 stopped: str | None = None) -> None:
        super().__init__(classes="decision")
        self.winners = [winners] if isinstance(winners, str) else list(winners or [])
        self.winner = self.winners[0] if len(self.winners) == 1 else None
        self.you = you
        self.summary = summary
        self.stopped = stopped      # why the host ended the game with no winner, in words
        self.asked = False

    def compose(self) -> ComposeResult:
        won = self.you in self.winners
        summary = list(self.summary)
        if self.stopped:
            summary.insert(0, self.stopped)
        if len(self.winners) > 1:
            summary.insert(0, _("The draw pile is empty and a full round passed with nobody dying: "
                                "the Living players share the win."))
        with Vertical(id="dialog", classes="won" if won else "lost"):
            # names: plain text
            said = headline(self.winners, self.you, bot_winners(getattr(self.app, "lobby", None)))
            yield Static(plain(_("Game over: {winners}").format(winners=said)), id="dialog-title")
            yield Static(plain("\n".join(summary)), id="dialog-prompt")
            yield Static("", id="rematch-state")
            with Horizontal(id="dialog-buttons"):
                if self.watching():     # a late friend: a seat at the next game
                    yield Button(_("Take a seat (t)"), id="sit", variant="primary")
                else:
                    yield Button(_("Rematch (r)"), id="rematch", variant="primary")
                yield Button(_("Leave (x)"), id="leave")
                yield Button(_("Quit (q)"), id="quit", variant="error")
            if not self.watching():
                yield Static(self.leaving_words(), id="leave-words", classes="dim")
            # the keys no button shows (a stranger found l only by trying it)
            yield Static(_("l: the game's log   Esc: look at the table"), id="dialog-hint")

    def leaving_words(self) -> str:
        """What Leave and Quit do to your seat, said before they go: the next game seats nobody
        who left (a stranger's rematch dealt "cat 8▮ left: bot playing"), so the seat is given
        up. At a table hosted in this program there is no table left to come back to."""
        app = self.app
        if getattr(app, "session_mode", None) == "play" or getattr(app, "hosting", lambda: False)():
            return _("Leaving or quitting closes this table: it is hosted in this program.")
        return _("Leaving or quitting gives up your seat: the next game is dealt without you, and "
                 "joining again takes a free seat, if one is left.")

    def watching(self) -> bool:
        """This client watches the table (and has not taken a seat yet)."""
        return bool((getattr(self.app, "lobby", None) or {}).get("spectator"))

    def on_mount(self) -> None:
        if self.query("#sit"):
            self.query_one("#sit", Button).focus()
            self.show_rematch()
            return
        if not self.query("#rematch"):     # the rematch was dealt before this was ever shown
            return
        self.query_one("#rematch", Button).focus()
        self.show_rematch()

    def show_rematch(self) -> None:
        """Who asked for a rematch and who is awaited, from the host's latest lobby."""
        if not self.query("#rematch-state"):
            return
        lobby = getattr(self.app, "lobby", None) or {}
        self.you = self.you or lobby.get("you")      # a spectator who took a seat is named now
        asked, _others, mine = rematch_state(lobby)
        self.asked = self.asked or mine
        self.query_one("#rematch-state", Static).update(rematch_words(lobby, self.you, self.asked))
        if self.query("#sit"):
            sit = self.query_one("#sit", Button)
            if self.you is not None:        # seated: the next game waits for everyone's word
                sit.label, sit.disabled = _("Seated for the next game"), True
                sit.refresh(layout=True)    # a label longer than "Take a seat (t)": the width again
            return
        button = self.query_one("#rematch", Button)
        if self.asked:
            button.label = _("Rematch asked")
            button.refresh(layout=True)     # its width follows the new label (none is cut)
            if self.focused is button:     # not on to Leave: a second Enter must not leave
                self.set_focus(None)
            button.disabled = True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "rematch":
            self.action_rematch()
            return
        if event.button.id == "sit":
            self.action_sit()
            return
        self.dismiss(event.button.id or "table")

    def action_rematch(self) -> None:
        if self.watching():
            self.action_sit()
            return
        if not self.asked:
            self.asked = True
            self.post_message(RematchRequested())
        self.show_rematch()

    def action_sit(self) -> None:
        """A spectator takes a seat for the next game (the dialog stays, saying who is awaited)."""
        if self.watching():
            self.post_message(SitRequested())

    def action_pick(self, what: str) -> None:
        self.dismiss(what)
