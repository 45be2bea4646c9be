"""The bot interface shared by in-process drivers, the host's seat fillers and remote bots.

It names no bot: the bots import it, and :mod:`ekpeer.bots.registry` says which kind is
which class (``make_bot``).
"""

from __future__ import annotations

from typing import Any

from ..engine import Move
from ..engine.rng import seeded


class Bot:
    """Chooses among legal moves. ``needs_view`` bots are given the player's view too.

    ``act`` is asked when the bot must move (its turn, or a choice it owes) and may not
    return None; ``react`` is asked in a reaction window or when others may play NOW
    cards, and returns None to let it pass.
    """

    kind = "bot"
    needs_view = True

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded(seed)  # random.Random(seed): every game of a simulation makes its bots

    def act(self, view: dict[str, Any] | None, moves: list[Move]) -> Move:
        raise NotImplementedError

    def react(self, view: dict[str, Any] | None, moves: list[Move]) -> Move | None:
        return None

