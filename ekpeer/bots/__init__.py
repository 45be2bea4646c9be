"""Bots play through the same interface a client uses: a view and its legal moves.

:mod:`.base` is that interface (:class:`Bot`), :mod:`.registry` the kinds a table may seat
(:func:`make_bot`, ``BOT_KINDS``), and each bot has its own module. Names here load when
first asked for, so importing the package (or only its kinds) loads no bot and no engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import Bot
    from .heuristic import HeuristicBot
    from .random_bot import RandomBot
    from .registry import BOT_KINDS, COVERING, make_bot

__all__ = ["BOT_KINDS", "COVERING", "Bot", "HeuristicBot", "RandomBot", "make_bot"]


def __getattr__(name: str) -> Any:
    if name == "Bot":
        from .base import Bot

        return Bot
    if name in ("make_bot", "BOT_KINDS", "COVERING"):
        from . import registry

        return getattr(registry, name)
    if name == "HeuristicBot":
        from .heuristic import HeuristicBot

        return HeuristicBot
    if name == "RandomBot":
        from .random_bot import RandomBot

        return RandomBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
