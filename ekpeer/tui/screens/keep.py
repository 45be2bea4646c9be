"""Keep a card or put it back (Dig Deeper, Raising Heck and the like)."""

from __future__ import annotations

from typing import Any

from ..words import Catalog
from .pick import PickScreen


class KeepScreen(PickScreen):
    kind = "keep"

    def __init__(self, choice: dict[str, Any], seen: list[str], cat: Catalog) -> None:
        context = choice.get("context") or {}
        card = context.get("card") or (context.get("cards") or seen or [None])[0]
        what = cat.title(card) if card else "the card"
        prompt = str(choice.get("prompt") or "")
        super().__init__(
            f"Keep {what}?",
            (prompt[:1].upper() + prompt[1:] + ". ") if prompt else "",
            [(True, f"Keep {what}", card), (False, f"Put {what} back", card)],
        )
