"""A move that comes in just after its clock ran out, refused in words that say so.

A player on a lagged link presses Nope while their bar still shows time; the Nope crosses
the wire while the host's own clock runs out and the action resolves. The engine then sees a
Nope with nothing on the stack and says "there is no action to Nope", which reads as wrong to
someone who saw the action on the table a moment ago. Likewise a draw sent in a turn's last
instant, after the host let the covering bot move for the seat, was refused as if it were
someone else's turn. The host remembers when a clock last ran out (:class:`RanOut`) and, for a
few seconds (:data:`LATE_SECONDS`), says such a refusal as what it is: ``too_late``.

Only the words change: the move is refused as before. No grace is given, on purpose. The host
is the one clock everyone plays by (docs/protocol.md, Timers), and a Nope that counted after
the window closed would either hold the action back for everyone (a longer window for all,
set by the slowest link) or undo a resolution others have already seen (a card drawn, a hand
shown). A grace that counted from a sender's measured delay would also be theirs to raise: a
player who held back their pings' answers would get a longer window than the others, and
could wait to see who else reacts before deciding. Instead the client shows each
clock ending when the host's does (``ekpeer.net.client.Client.delay``), so a lagged player
is never told they have time the host no longer gives.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import IllegalMove

#: Seconds after a clock ran out during which a refused move is said to have come too late: a
#: move sent in the clock's last instant arrives within one trip (at most 2 s by the client's own
#: reckoning, ``MOST_DELAY``), with room for the host's own queue.
LATE_SECONDS = 3.0


@dataclass(slots=True)
class RanOut:
    """The clock that ran out last: its ``kind`` (``reaction`` or ``turn``), when (the host's
    monotonic clock) and, for a turn's clock, whose it was (those who moved since are struck off)."""

    kind: str
    at: float
    players: set[str] = field(default_factory=set)


def late_refusal(ran_out: RanOut | None, player: str, refused: IllegalMove, nope: bool,
                 now: float) -> IllegalMove:
    """``refused`` said as ``too_late`` where ``player``'s move came just after a clock ran out
    (``nope``: the move was a lone Nope, meant for the window that closed); else as it was."""
    if ran_out is None or now - ran_out.at > LATE_SECONDS or refused.code == "too_late":
        return refused      # (a Nope that said what it answered: the engine's words say more)
    if ran_out.kind == "reaction" and (nope or refused.code == "nothing_to_nope"):
        return IllegalMove("too_late", "Too late: the Nope window had closed")
    if ran_out.kind == "turn" and player in ran_out.players:
        return IllegalMove("too_late", "Too late: your clock had run out, and the bot covering your seat "
                                       "chose for you")
    return refused
