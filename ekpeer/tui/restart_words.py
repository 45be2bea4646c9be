"""Words for a game the host resumed from its crash journal (``ekpeer host --resume``).

A host killed at an unknown instant cannot know how much of a clock was left: the resumed
game's first clock starts again with all its seconds (its ``timer`` says ``restarted``). A
player whose clock had stood at 35 s read 44 s with no word why; every screen now says so.
"""

from __future__ import annotations

from typing import Any

from ..i18n import ngettext


def restarted_clock_words(timer: dict[str, Any]) -> str:
    """The line a log reads when the host resumed its game with ``timer`` in full."""
    seconds = timer.get("seconds")
    n = round(float(seconds)) if isinstance(seconds, int | float) and not isinstance(seconds, bool) else 0
    return ngettext("The host cannot know how long it was gone: the clock started again in full ({n} s)",
                    "The host cannot know how long it was gone: the clock started again in full ({n} s)",
                    n).format(n=n)
