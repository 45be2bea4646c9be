"""Where to put a card (a kitten) back into the draw pile, with the pile's size in view."""

from __future__ import annotations

from typing import Any

from ..words import Catalog, position_words
from .pick import PickScreen


class PositionScreen(PickScreen):
    kind = "position"

    def __init__(self, choice: dict[str, Any], positions: list[int], cat: Catalog) -> None:
        context = choice.get("context") or {}
        card = context.get("card")
        lo, hi = (choice.get("options") or [0, 0])[:2]
        pile = int(context.get("pile", hi))
        options = []
        for pos in sorted(set(positions), key=lambda p: (p < 0, p)):
            words = position_words(pos, pile)
            options.append((pos, f"{pos if pos >= 0 else 'bottom':>6}  {words}", None))
        super().__init__(
            f"Put {cat.title(card)} back: the draw pile holds {pile} card{'s' if pile != 1 else ''}",
            f"The draw pile holds {pile} card{'s' if pile != 1 else ''}. Nobody else sees where you put it."
            f" 0 is the top.",
            options,
            details="Nothing is chosen yet: pick a place with ↑ ↓ (Home: top, End: bottom), then Enter.",
        )
        self.card = card

    def default_index(self) -> int | None:
        """No place at first, so that an Enter pressed in haste does not put it on top."""
        return None
