"""The bot interface shared by in-process drivers, the host's seat fillers and remote bots.

It names no bot: the bots import it, and :mod:`ekpeer.bots.registry` says which kind is
which class (``make_bot``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import Any

from ..engine import Move
from ..engine.rng import seeded
from .cardbook import CardBook

#: A bot answers within the clock it plays under (a Nope window of half a second, a short
#: turn): its think delay is at most this share of the time left on the clock...
THINK_SHARE = 0.4
#: ...and a search must end by this share of it, leaving the rest for its answer to come back
#: and be applied. Else a hard bot's reaction search (a second of processor
#: time) outlasted a 0.5 s or 1 s Nope window, and its Nope came when the window had shut.
SEARCH_SHARE = 0.7


def think_within(delay: float, left: float | None) -> float:
    """A think ``delay`` that fits the ``left`` seconds of the table's clock (None: no clock)."""
    return delay if left is None else min(delay, THINK_SHARE * left)


def search_ends_by(left: float | None) -> float | None:
    """When (``time.time()``) a search must end, ``left`` seconds being left on the table's
    clock (None: no clock, the budget alone)."""
    return None if left is None else time.time() + SEARCH_SHARE * left


class Bot:
    """Chooses among legal moves. ``needs_view`` bots are given the player's view too.

    ``act`` is asked when the bot must move (its turn, or a choice it owes) and may not
    return None; ``react`` is asked in a reaction window or when others may play NOW
    cards, and returns None to let it pass.

    What the table's cards do, a bot reads from ``book`` (their traits and ``bot_value``),
    which whoever seats it fills from the table's catalog (``know_cards``) before its first
    move: in process the driver and the host, over the network the catalog of a snapshot.
    """

    kind = "bot"
    needs_view = True

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded(seed)  # random.Random(seed): every game of a simulation makes its bots
        self.book = CardBook()
        self.book_of: object = None   # what the book was made from (a ruleset, a catalog)

    def know_cards(self, catalog: Iterable[Mapping[str, Any]], source: object = None) -> None:
        """The table's cards, as catalog entries: what each does (traits, ``bot_value``).
        ``source`` names where they came from, so that telling a bot twice costs nothing."""
        if source is not None and source is self.book_of:
            return
        self.book = CardBook(catalog)
        self.book_of = source

    def act(self, view: dict[str, Any] | None, moves: list[Move]) -> Move:
        raise NotImplementedError

    def react(self, view: dict[str, Any] | None, moves: list[Move]) -> Move | None:
        return None

