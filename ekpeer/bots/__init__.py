"""Bots play through the same interface a client uses: a view and its legal moves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import COVERING, Bot, make_bot

if TYPE_CHECKING:
    from .heuristic import HeuristicBot
    from .random_bot import RandomBot

__all__ = ["COVERING", "Bot", "HeuristicBot", "RandomBot", "make_bot"]


def __getattr__(name: str) -> Any:
    # the bots themselves load when first asked for (make_bot, or these names)
    if name == "HeuristicBot":
        from .heuristic import HeuristicBot

        return HeuristicBot
    if name == "RandomBot":
        from .random_bot import RandomBot

        return RandomBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
