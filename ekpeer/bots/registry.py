"""The bots a table may seat, by kind: :data:`BOT_KINDS`, :func:`make_bot`, and the kind that
covers a person's seat (:data:`COVERING`).

It lives apart from :mod:`ekpeer.bots.base` so that the arrows point one way: every bot
imports the base class, only this registry names the bots, and the base names none (it can
be read and tested without them). A bot's module loads when the first bot of its kind is
made, so reading the kinds (the lobby's settings do) loads no bot and no engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import Bot


def _heuristic() -> type[Bot]:
    from .heuristic import HeuristicBot

    return HeuristicBot


def _random() -> type[Bot]:
    from .random_bot import RandomBot

    return RandomBot


def _expert() -> type[Bot]:
    from .expert import ExpertBot

    return ExpertBot


#: Each kind a lobby may choose -> the loader of its class (a new bot is one entry here).
KINDS: dict[str, Callable[[], type[Bot]]] = {"heuristic": _heuristic, "random": _random, "expert": _expert}
BOT_KINDS: tuple[str, ...] = tuple(KINDS)
#: The kind that covers a person's seat (ruling 26): it chooses the move the host makes when
#: their clock runs out, and plays their seat while they are gone. The strongest sensible
#: kind, whatever kind fills a table's empty seats; switch it here, in one place.
COVERING = "heuristic"


_LOADED: dict[str, type[Bot]] = {}


def bot_class(kind: str) -> type[Bot]:
    """The class that plays ``kind`` (its module loads now if it has not yet; kept after,
    as simulations make bots for every game)."""
    found = _LOADED.get(kind)
    if found is None:
        if kind not in KINDS:
            raise ValueError(f"unknown bot {kind!r}: choose from {', '.join(KINDS)}")
        found = _LOADED[kind] = KINDS[kind]()
    return found


def make_bot(kind: str, seed: int | None = None) -> Bot:
    """A new bot of ``kind``, its choices drawn from a RNG seeded with ``seed``."""
    return bot_class(kind)(seed)
