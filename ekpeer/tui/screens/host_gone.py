"""No word from the host (it stopped, or this player's own link fails): said in words over the
table, with the way back.

The client library keeps reconnecting on its own (``connection`` messages: ``lost``, then
``back`` or ``refused``), so this screen only tells the player what is going on and how
long it has lasted, and offers the start screen. It closes by itself when the host is back
and the seat resumed.

While the seat may still come back, its first, highlighted answer is "Keep waiting" (Enter,
Esc): an Enter pressed in haste (or the last of a burst typed at the table) went to "Back to
the start screen" and left the table while the client was still reconnecting, and a bot took
the seat. Keep waiting folds the dialog away (it dismisses with ``wait``): the table shows
again, its top line says how long the host has been silent and that ``h`` brings the choices
back (a player who pressed it saw the dialog stay, its counter rising, and expected the table).
Only once the host closed the table or refused the seat is the start screen the first answer:
then there is nothing to wait for, and the dialog comes back in full.
"""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ...i18n import _
from .dialog import Modal


class HostGoneScreen(Modal[str]):
    """Dismisses with ``start`` (back to the start screen), ``quit``, ``back`` (the app
    closes it when the seat is resumed), or ``wait`` (folded to the table's top line)."""

    BINDINGS = [
        Binding("escape", "keep_waiting", "Keep waiting"),
        Binding("s", "pick('start')", "Start screen"),
        Binding("q", "pick('quit')", "Quit"),
        # the game's log, as on the table: what happened before the host went (a stranger
        # pressed l under "The host closed the table" and nothing opened)
        Binding("l", "read_log", "Log"),
    ]

    def __init__(self, closed: bool = False, since: float | None = None, watching: bool = False,
                 by: str | None = None) -> None:
        super().__init__(classes="decision decision-use decision-gone")
        self.closed = closed            # the host said it closed the table (on purpose)
        self.by = by                    # the player whose host it is (their client ran it), if said
        self.watching = watching        # a watcher has no seat to be back in
        self.since = time.monotonic() if since is None else since
        self.refused: str | None = None
        self.network_down = False       # this player's own network is down (no route to the host)

    def again(self) -> HostGoneScreen:
        """The same banner, to show again after Keep waiting folded it away (a dismissed
        screen is not pushed twice): how long, why and what is known go on from where they were."""
        screen = HostGoneScreen(closed=self.closed, since=self.since, watching=self.watching, by=self.by)
        screen.refused, screen.network_down = self.refused, self.network_down
        return screen

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.title_words(), id="dialog-title")
            yield Static(self.words(), id="dialog-prompt")
            with Horizontal(id="dialog-buttons"):
                yield Button(_("Keep waiting (Enter/Esc)"), id="wait", variant="primary")
                yield Button(_("Back to the start screen (s)"), id="start")
                yield Button(_("Quit (q)"), id="quit")
            hint = Static(_("l: the game's log"), id="dialog-hint")
            hint.display = self.has_log()
            yield hint

    def on_mount(self) -> None:
        self._show_buttons()
        self.set_interval(1.0, self.tick)

    @property
    def may_come_back(self) -> bool:
        """Whether the seat (or the watching) may still come back by waiting: the client keeps
        reconnecting, and neither a closed table nor a refused seat said there is no point."""
        return not self.closed and self.refused is None

    def _show_buttons(self) -> None:
        """The first, highlighted answer is the safe one: "Keep waiting" while waiting may
        still help, else the start screen."""
        wait, start = self.query_one("#wait", Button), self.query_one("#start", Button)
        waiting = self.may_come_back
        wait.display = waiting
        start.variant = "default" if waiting else "primary"
        if waiting:
            wait.focus()
        elif self.focused is None or self.focused is wait:
            start.focus()

    @property
    def state(self) -> str:
        """What the dialog says, one state for its title and its text alike: ``refused`` (the
        host has no seat for us: this client gave up on it, and nothing the host says later
        changes that), ``closed`` (the host closed the table on purpose), ``network`` (our own
        network is down) or ``silent``. A seat refused and then the host's closing (a host
        started without --resume, stopped again) changed the title to "The host closed the
        table" over the refusal's text, while the game came back at the next --resume."""
        if self.refused is not None:
            return "refused"
        if self.closed:
            return "closed"
        return "network" if self.network_down else "silent"

    def title_words(self) -> str:
        state = self.state
        if state == "refused":
            return _("The host is back, but your seat is gone")
        if state == "closed":
            return _("The host closed the table")
        if state == "network":
            return _("Your network is down")
        # not "the host is not answering": from here a host that stopped and this player's own
        # link failing look the same (a stranger on a lossy link read that the host had crashed)
        return _("No connection to the host")

    def words(self) -> str:
        state = self.state
        if state == "refused":
            # a host restarted without --resume refuses the seat; resumed later, the game has it
            # again, but this client gave up on it: the way back is the same join command
            return f"{self.refused}\n" + _("Go back to the start screen to join another table. If the host "
                                           "resumes the game later (ekpeer host --resume), join again with "
                                           "the same command to take your seat back.")
        gone = time.monotonic() - self.since
        if state == "closed":     # on purpose: no "trying to reconnect" as if it had crashed
            return _("The host stopped the game on purpose.") + "\n" + self.again_words()
        if state == "network":
            first = _("No word from it for {seconds:.0f} s, and it is your own network that is down: this "
                      "computer has no route to the host. Check your cable or Wi-Fi.").format(seconds=gone)
        else:
            first = _("No word from the host for {seconds:.0f} s. Either the host stopped (it quit, crashed "
                      "or lost its network) or your own connection to it is failing (a weak Wi-Fi, a "
                      "link that loses what it carries): from here the two look the same.").format(
                seconds=gone)
        back = (_("once your network is back and the host answers") if state == "network"
                else _("once the host answers again (restarted with --resume, if it stopped)"))
        if self.watching:
            return f"{first}\n" + _("Trying to reconnect, and it keeps trying: {back}, you are watching "
                                    "again automatically.").format(back=back)
        return f"{first}\n" + _("Trying to reconnect, and it keeps trying: {back}, you are back in your seat "
                                "automatically.").format(back=back)

    def again_words(self) -> str:
        """How the game comes back after a host closed it on purpose: only a host started again
        with ``--resume`` has it (one started without sets the game aside, and the seat is gone),
        so that is said, not "should the host start it again" (a stranger's host did, without
        ``--resume``, and he was told his seat was gone). "Automatically": the client
        reconnects on its own ("by yourself" read as alone)."""
        if self.by:
            if self.watching:
                return _("If {host}'s host resumes the game (ekpeer host --resume), you are watching "
                         "again automatically; until then, go back to the start screen or quit.").format(
                    host=self.by)
            return _("If {host}'s host resumes the game (ekpeer host --resume), you are back in your seat "
                     "automatically; until then, go back to the start screen or quit.").format(host=self.by)
        if self.watching:
            return _("If the host resumes the game (ekpeer host --resume), you are watching again "
                     "automatically; until then, go back to the start screen or quit.")
        return _("If the host resumes the game (ekpeer host --resume), you are back in your seat "
                 "automatically; until then, go back to the start screen or quit.")

    def tick(self) -> None:
        self.query_one("#dialog-title", Static).update(self.title_words())
        self.query_one("#dialog-prompt", Static).update(self.words())

    def host_closed(self, by: str | None = None) -> None:
        """The host said it closes the table. Not over a refused seat: this client gave that
        host up, and the refusal's words (how to take the seat back) still hold."""
        if self.refused is not None:
            return
        self.closed = True
        self.by = by or self.by
        if self.is_mounted:
            self.tick()
            self._show_buttons()

    def own_network(self, down: bool) -> None:
        """The client library's word: this machine has (no longer) a route to the host."""
        self.network_down = down
        if self.is_mounted:
            self.tick()

    def seat_refused(self, message: str) -> None:
        self.refused = message or _("The host does not know your seat any more.")
        if self.is_mounted:
            self.tick()
            self._show_buttons()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "wait":
            self.action_keep_waiting()
            return
        self.dismiss(event.button.id or "start")

    def action_keep_waiting(self) -> None:
        """Nothing to do but wait: the client keeps reconnecting. The dialog folds away to the
        table's top line (the app says there how long, and ``h`` for these choices again);
        with nothing left to wait for (a closed table, a refused seat) Esc changes nothing."""
        if self.may_come_back:
            self.dismiss("wait")

    def has_log(self) -> bool:
        """Whether there is a game's log to read: over the table, not over a lobby."""
        return getattr(self.app, "current_mode", None) == "table"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "read_log":
            return self.has_log()
        return True

    def action_read_log(self) -> None:
        """The game's log over this dialog; Esc or l closes it, and the dialog is back."""
        from .log import LogScreen

        self.app.push_screen(LogScreen(lambda: self.app.log_lines))  # type: ignore[attr-defined]

    def action_pick(self, what: str) -> None:
        self.dismiss(what)
