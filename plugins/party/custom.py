"""Custom decks moved into the engine (``ekpeer.engine.custom``): they work with any mix of
plugins, so no plugin builds them any more. This module keeps the old import path."""

from __future__ import annotations

from ekpeer.engine.custom import (
    HAND_PICKS,
    MAX_RANDOM,
    PILE_PICKS,
    RANDOM_PER_PLAYER,
    CustomDeck,
    CustomDeckError,
    deal_hands,
    draw_random,
    may_pick_hand,
    may_pick_pile,
    random_candidates,
    validate,
)

__all__ = [
    "HAND_PICKS", "MAX_RANDOM", "PILE_PICKS", "RANDOM_PER_PLAYER", "CustomDeck", "CustomDeckError",
    "deal_hands", "draw_random", "may_pick_hand", "may_pick_pile", "random_candidates", "validate",
]
