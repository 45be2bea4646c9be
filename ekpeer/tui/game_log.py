"""The game's log as this client wrote it, kept whole for ``l`` to read back.

A host's ``snapshot`` carries only its last 50 events (``SNAPSHOT_EVENTS``), and one comes
after every resume: a stranger whose connection reset for a second found ``l`` saying "100
lines" and beginning mid-game, the opening moves gone, because the log was written anew
from that snapshot. The log now keeps what it had and adds only the snapshot's events that
came after (:func:`unseen`); a log that could only begin from the host's last events (you
joined mid-game, or more went by while you were away than the snapshot carries) says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

#: lines kept: a whole long game fits many times over (28 turns wrote about 150)
LOG_LINES = 5000
#: events kept to find where a snapshot's events join on (the host keeps 200)
KNOWN_EVENTS = 200


class GameLog(list[str]):
    """Lines in the order written, the newest last; the oldest go past :data:`LOG_LINES`
    (``dropped`` counts them). ``recent_only``: the log does not go back to the game's
    start (it began from, or missed events before, a snapshot of the host's last events)."""

    def __init__(self, lines: Iterable[str] = (), recent_only: bool = False) -> None:
        super().__init__(lines)
        self.dropped = 0
        self.recent_only = recent_only
        self._held: list[str] | None = None

    def append(self, line: str) -> None:
        if self._held is not None:
            self._held.append(line)
            return
        super().append(line)
        self._trim()

    def extend(self, lines: Iterable[str]) -> None:
        if self._held is not None:
            self._held.extend(lines)
            return
        super().extend(lines)
        self._trim()

    @property
    def holding(self) -> bool:
        return self._held is not None

    def hold(self) -> None:
        """Lines written from now on wait for :meth:`release`: while the client is coming back
        to its seat, the host's news (a seat gone, the moves a bot made for us) comes before its
        word on how we came back, and read in that order "ann lost connection" stood above "The
        host was gone for 21 s", and our own drop below the moves made for us meanwhile."""
        if self._held is None:
            self._held = []

    def release(self, first: Iterable[str] = ()) -> None:
        """``first`` (how we came back), then the lines held since :meth:`hold`; none held from now."""
        held, self._held = self._held or [], None
        self.extend([*first, *held])

    def _trim(self) -> None:
        over = len(self) - LOG_LINES
        if over > 0:
            del self[:over]
            self.dropped += over

    @property
    def written(self) -> int:
        """Lines ever written, those dropped included: where a reader has read to."""
        return self.dropped + len(self)

    def since(self, written: int) -> list[str]:
        """The lines written after the first ``written`` (those still kept)."""
        return self[max(0, written - self.dropped):]


def unseen(known: Sequence[dict[str, Any]], sent: Sequence[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The events of a snapshot (``sent``) that came after those this client saw (``known``,
    in order), or None when none of them joins on (more went by than the snapshot carries).

    The snapshot's events end with the host's last ones, after the game's earlier
    ``exploded`` ones: the longest run of them that ends as ``known`` ends marks where the
    new ones begin (the latest such place where runs are as long)."""
    if not known:
        return list(sent)
    best, at = 0, 0
    for end in range(1, len(sent) + 1):
        run = 0
        while run < min(end, len(known)) and sent[end - 1 - run] == known[len(known) - 1 - run]:
            run += 1
        if run and run >= best:
            best, at = run, end
    return list(sent[at:]) if best else None
