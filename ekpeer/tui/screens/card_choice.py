"""Pick a card: give one away (Favor), take one from the discard pile, or any card asked."""

from __future__ import annotations

from typing import Any

from ..words import Catalog
from .pick import PickScreen


def _title(choice: dict[str, Any], cat: Catalog) -> tuple[str, str]:
    prompt = str(choice.get("prompt") or "")
    source = choice.get("source")
    context = choice.get("context") or {}
    if context.get("from") == "discard" or "discard" in prompt:
        return "Take a card from the discard pile", "Choose the card you take into your hand."
    if prompt.startswith("give"):
        return prompt[:1].upper() + prompt[1:], "Choose the card you give away from your hand."
    title = prompt[:1].upper() + prompt[1:] if prompt else "Choose a card"
    return title, f"Asked by {cat.title(source)}." if source and source in cat.cards else "Choose a card."


class CardChoiceScreen(PickScreen):
    kind = "card"

    def __init__(self, choice: dict[str, Any], cards: list[str], cat: Catalog) -> None:
        title, prompt = _title(choice, cat)
        counts: dict[str, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        options = [(c, cat.title(c) + (f"  x{n}" if n > 1 else ""), c) for c, n in counts.items()]
        super().__init__(title, prompt, options)
