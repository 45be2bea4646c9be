"""What a host told every player that its game's moves do not say, and the step it came at.

A replay rebuilds a game from its origin and moves (``ekpeer/replays.py``), so it says all
the engine said, but not the host's own words: that a box's rules failed and the game went
on past them (``rules_failed``: told once a game per plugin, at the move its hook failed
in, or in a view made since), or that the host stopped the game because no move of a seat's
went (``game_stopped``). The table keeps each one with its step (the number of moves played
when it was told: the replay's step of the same number), so that the replay says them at
the same step, in the same words.
"""

from __future__ import annotations

from typing import Any

#: The host's events to everyone a replay says again (the others are the engine's, which
#: the replay makes itself, or about a clock, which a replay has none of).
KEPT = ("rules_failed", "game_stopped")


def for_replay(events: list, step: int) -> list[dict[str, Any]]:
    """Of ``events`` (a move's ``(audience, event)`` pairs), those a replay must say again,
    each as ``{"step": step, "event": {...}}`` (docs/replays.md, ``told``)."""
    return [{"step": step, "event": dict(e)} for to, e in events
            if to is None and e.get("type") in KEPT]
