"""The random bot: uniform over its legal moves, like the peers' random players."""

from __future__ import annotations

from typing import Any

from ..engine import Move
from .base import Bot


class RandomBot(Bot):
    kind = "random"
    needs_view = False

    def _below(self, n: int) -> int:
        """``self.rng.randrange(n)``, draw for draw (the same seed plays the same game),
        without its argument checks: benchmarks and soaks ask this on every move."""
        if n <= 0:
            raise ValueError("no moves to choose from")
        getrandbits = self.rng.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def act(self, view: dict[str, Any] | None, moves: list[Move]) -> Move:
        return moves[self._below(len(moves))]

    def react(self, view: dict[str, Any] | None, moves: list[Move]) -> Move | None:
        """Passing is one more option, drawn uniformly with the legal moves."""
        i = self._below(len(moves) + 1)
        return moves[i] if i < len(moves) else None
