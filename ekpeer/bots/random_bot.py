"""The random bot: uniform over its legal moves, like the peers' random players."""

from __future__ import annotations

from typing import Any

from ..engine import Move
from .base import Bot


class RandomBot(Bot):
    kind = "random"
    needs_view = False

    def act(self, view: dict[str, Any] | None, moves: list[Move]) -> Move:
        return moves[self.rng.randrange(len(moves))]

    def react(self, view: dict[str, Any] | None, moves: list[Move]) -> Move | None:
        """Passing is one more option, drawn uniformly with the legal moves."""
        i = self.rng.randrange(len(moves) + 1)
        return moves[i] if i < len(moves) else None
