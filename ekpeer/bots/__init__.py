"""Bots play through the same interface a client uses: a view and its legal moves."""

from .base import Bot, make_bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot

__all__ = ["Bot", "HeuristicBot", "RandomBot", "make_bot"]
