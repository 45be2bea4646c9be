"""Words for a game the host resumed from its crash journal (``ekpeer host --resume``).

A host killed at an unknown instant cannot know how much of a clock was left: the resumed
game's first clock starts again with all its seconds (its ``timer`` says ``restarted``). A
player whose clock had stood at 35 s read 44 s with no word why; every screen now says so.
The words name the clock (a turn clock, or the Nope window: ann read "the clock started again
in full (3 s)" of a Nope window while her turn clock showed 26.4 s) and say its full length as
of the host's return, which stays true for a player who reads it later (bob, back by hand 14 s
after, read "(30 s)" right above "Your clock 16.0 s").
"""

from __future__ import annotations

from typing import Any

from ..i18n import ngettext


def restarted_clock_words(timer: dict[str, Any], me: str | None = None) -> str:
    """The line a log reads when the host resumed its game with ``timer`` in full (``me``:
    this player's seat, None for a watcher)."""
    seconds = timer.get("seconds")
    n = round(float(seconds)) if isinstance(seconds, int | float) and not isinstance(seconds, bool) else 0
    player = timer.get("player")
    if timer.get("kind") == "reaction":
        words = ngettext("The host cannot know how long it was gone, so the Nope window started again "
                         "in full when it came back: all its {n} s",
                         "The host cannot know how long it was gone, so the Nope window started again "
                         "in full when it came back: all its {n} s", n)
    elif player is not None and player == me:
        words = ngettext("The host cannot know how long it was gone, so your turn clock started again "
                         "in full when it came back: all its {n} s",
                         "The host cannot know how long it was gone, so your turn clock started again "
                         "in full when it came back: all its {n} s", n)
    elif player is not None:
        words = ngettext("The host cannot know how long it was gone, so {name}’s turn clock started "
                         "again in full when it came back: all its {n} s",
                         "The host cannot know how long it was gone, so {name}’s turn clock started "
                         "again in full when it came back: all its {n} s", n)
    else:
        words = ngettext("The host cannot know how long it was gone, so the turn clock started again "
                         "in full when it came back: all its {n} s",
                         "The host cannot know how long it was gone, so the turn clock started again "
                         "in full when it came back: all its {n} s", n)
    return words.format(n=n, name=player)
