"""Lobby seats whose connection dropped, kept a while for the key that took them.

In a lobby a person's seat goes as soon as the host notices its connection is gone (only the
creator's waits: :meth:`~ekpeer.net.table_timers.TableTimers.start_creator_grace`), so that a
player who simply went away frees the seat at once. But a link that stalls past ``--idle``
(a lagged LAN) is no player going away: their client reconnects with the seat's token, and
the host, having no such seat any more, refused it; the player was left at a banner though
joining again by name would have seated them at once. The seat is kept here instead, with
its place in the order, for the table's ``grace_seconds`` (the time a seat in a game waits
for its owner): the same client key coming back with its token sits in it again, where it
was, ready as it was. The token alone proves nothing: the seat's key must match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .seats import Seat

#: the most dropped lobby seats a table keeps (a table seats at most 10)
MOST_KEPT = 10


@dataclass
class Dropped:
    """One lobby seat whose connection dropped: where it sat, and when it went."""

    seat: Seat
    place: int
    since: float


class DroppedSeats:
    """A table's lobby seats dropped lately, newest last (at most :data:`MOST_KEPT`)."""

    def __init__(self) -> None:
        self.kept: list[Dropped] = []

    def keep(self, seat: Seat, place: int, now: float) -> None:
        """``seat`` (at ``place`` in the order) lost its connection ``now`` and leaves the lobby."""
        self.kept = [d for d in self.kept if d.seat is not seat][-(MOST_KEPT - 1):]
        self.kept.append(Dropped(seat, place, now))

    def take(self, token: str, owned: Callable[[Seat], bool], now: float, wait: float) -> Dropped | None:
        """The seat ``token`` opens, if it dropped at most ``wait`` seconds ago and ``owned``
        (the returning connection's key took it); it is no longer kept. A seat the token
        opens for another key stays kept for its owner."""
        self.kept = [d for d in self.kept if now - d.since <= wait]
        for dropped in self.kept:
            if dropped.seat.has_token(token) and owned(dropped.seat):
                self.kept.remove(dropped)
                return dropped
        return None

    def clear(self) -> None:
        """The game starts: a lobby seat kept now has nothing left to come back to."""
        self.kept.clear()
