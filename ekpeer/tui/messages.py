"""Messages that carry facts between the session workers, the screens and the app."""

from __future__ import annotations

from typing import Any

from textual.message import Message


class HostMessageReceived(Message):
    """A message arrived from the host (a dict shaped as in docs/protocol.md)."""

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__()
        self.data = data


class SessionEnded(Message):
    """The connection to the host ended (``joined``: after the session had opened)."""

    def __init__(self, reason: str = "", joined: bool = True) -> None:
        super().__init__()
        self.reason = reason
        self.joined = joined


class StartChosen(Message):
    """The player chose how to play on the start screen (play, host or join)."""

    def __init__(self, mode: str, name: str, address: str | None = None, table: str | None = None,
                 password: str | None = None, watch: bool = False) -> None:
        super().__init__()
        self.mode = mode
        self.watch = watch          # join to watch the game on (a late friend)
        self.name = name
        self.address = address
        self.table = table          # a table picked from those found on the LAN
        self.password = password    # the table's password, when joining one that has it
        #: keys typed after the Enter that chose (key, character): for the screen that comes next
        self.typed_after: list[tuple[str, str | None]] = []


class MoveChosen(Message):
    """The player settled on a move (a dict in the engine's move vocabulary)."""

    def __init__(self, move: dict[str, Any]) -> None:
        super().__init__()
        self.move = move


class SettingsEdited(Message):
    """The table creator changed lobby settings."""

    def __init__(self, settings: dict[str, Any]) -> None:
        super().__init__()
        self.settings = settings


class ReadyToggled(Message):
    """Ready or not; at a custom-deck table with your picks (``{pile: [...], hand: [...]}``)."""

    def __init__(self, ready: bool, picks: dict[str, list[str]] | None = None) -> None:
        super().__init__()
        self.ready = ready
        self.picks = picks


class StartRequested(Message):
    """The creator asked the host to start the game."""


class RematchRequested(Message):
    """The player asked for another game at the same table."""


class SitRequested(Message):
    """A spectator asked for a seat (in the lobby, or for the next game once this one is over)."""


class LeaveRequested(Message):
    """The player asked to leave the table."""
