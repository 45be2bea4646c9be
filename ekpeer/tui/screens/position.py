"""Where to put a card (a kitten) back into the draw pile, with the pile's size in view."""

from __future__ import annotations

from typing import Any

from ...i18n import _, ngettext
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
            options.append((pos, f"{pos if pos >= 0 else _('bottom'):>6}  {words}", None))
        super().__init__(
            ngettext("Put {card} back: the draw pile holds {n} card",
                     "Put {card} back: the draw pile holds {n} cards", pile).format(card=cat.title(card),
                                                                                    n=pile),
            ngettext("The draw pile holds {n} card. Nobody else sees where you put it. 0 is the top.",
                     "The draw pile holds {n} cards. Nobody else sees where you put it. 0 is the top.",
                     pile).format(n=pile),
            options,
            details=_("Nothing is chosen yet: pick a place with ↑ ↓ (Home: top, End: bottom), then Enter."),
        )
        self.card = card

    def default_index(self) -> int | None:
        """No place at first, so that an Enter pressed in haste does not put it on top."""
        return None
