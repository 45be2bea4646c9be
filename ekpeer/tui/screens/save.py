"""Facing a kitten: which card saves you, or die. Dying needs its own deliberate key."""

from __future__ import annotations

from typing import Any

from ..phrasing import sentence, titled
from ..words import Catalog
from .pick import PickScreen

NONE = "none"


class SaveScreen(PickScreen):
    """The choice's own words: who drew the kitten (the engine's ``drawn_by``; a kitten
    handed over, or nobody's draw, is not "You drew"), and what not saving yourself means
    at this table (``if_not_saved``: leaving the game, or becoming Dead with your hand)."""

    kind = "use"

    def __init__(self, choice: dict[str, Any], uses: list[str], cat: Catalog) -> None:
        context = choice.get("context") or {}
        kitten = context.get("kitten")
        options = [(u, f"Use {cat.title(u)}: survive", u) for u in uses if u != NONE]
        if NONE in uses:
            death = context.get("if_not_saved") or "explode and leave the game"
            options.append((NONE, f"Do not save yourself: {death}", None))
        super().__init__(
            _title(choice, context, kitten, cat),
            "Choose the card that saves you. The first option is highlighted.",
            options,
        )


def _title(choice: dict[str, Any], context: dict[str, Any], kitten: str | None, cat: Catalog) -> str:
    if "drawn_by" not in context:       # a host that does not say: it was drawn, as it used to be
        return f"You drew {cat.title(kitten)}!"
    drawer = context.get("drawn_by")
    if drawer is not None and drawer == choice.get("player"):
        return f"You drew {cat.title(kitten)}!"
    if drawer is not None:
        return f"{drawer} drew {cat.title(kitten)}, and it comes to you!"
    names = [str(choice.get("player") or "")]
    return sentence(titled(str(choice.get("prompt") or f"{kitten}: save yourself?"), cat, names), names)
