"""Facing a kitten: which card saves you, or die. Dying needs its own deliberate key."""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ..words import Catalog
from .pick import PickScreen

NONE = "none"


class SaveScreen(PickScreen):
    kind = "use"

    def __init__(self, choice: dict[str, Any], uses: list[str], cat: Catalog) -> None:
        kitten = (choice.get("context") or {}).get("kitten")
        options = [(u, _("Use {card}: survive").format(card=cat.title(u)), u) for u in uses if u != NONE]
        if NONE in uses:
            options.append((NONE, _("Do not save yourself: explode and leave the game"), None))
        super().__init__(
            _("You drew {card}!").format(card=cat.title(kitten)),
            _("Choose the card that saves you. The first option is highlighted."),
            options,
        )
