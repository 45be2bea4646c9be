"""The random bot: uniform over its legal moves, like the peers' random players."""

from __future__ import annotations

from typing import Any

from ..engine import Move
from .base import Bot


class RandomBot(Bot):
    """Each choice is ``self.rng.randrange(n)``, draw for draw (the same seed plays the same
    game), written out without its argument checks: simulations ask it on every move."""

    kind = "random"
    needs_view = False

    def act(self, view: dict[str, Any] | None, moves: list[Move]) -> Move:
        n = len(moves)
        if n <= 0:
            raise ValueError("no moves to choose from")
        rng = self.rng  # rng.getrandbits(k) called as a method: no bound method made per choice
        k = n.bit_length()
        r = rng.getrandbits(k)
        while r >= n:
            r = rng.getrandbits(k)
        return moves[r]

    def react(self, view: dict[str, Any] | None, moves: list[Move]) -> Move | None:
        """Passing is one more option, drawn uniformly with the legal moves."""
        n = len(moves) + 1
        rng = self.rng
        k = n.bit_length()
        r = rng.getrandbits(k)
        while r >= n:
            r = rng.getrandbits(k)
        return moves[r] if r < len(moves) else None
