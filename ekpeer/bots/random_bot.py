"""The random bot: uniform over its legal moves, like the peers' random players."""

from __future__ import annotations

from typing import Any

from ..engine import Move
from ..engine.rng import below
from .base import Bot


class RandomBot(Bot):
    """Each choice is ``self.rng.randrange(n)``, draw for draw (the same seed plays the same
    game), through :func:`~ekpeer.engine.rng.below`, without randrange's argument checks:
    simulations ask it on every move."""

    kind = "random"
    needs_view = False

    def act(self, view: dict[str, Any] | None, moves: list[Move]) -> Move:
        n = len(moves)
        if n <= 0:
            raise ValueError("no moves to choose from")
        return moves[below(self.rng, n)]

    def react(self, view: dict[str, Any] | None, moves: list[Move]) -> Move | None:
        """Passing is one more option, drawn uniformly with the legal moves."""
        r = below(self.rng, len(moves) + 1)
        return moves[r] if r < len(moves) else None
