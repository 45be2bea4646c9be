"""Facing a kitten: which card saves you, or die. Dying is asked once more (ConfirmScreen)."""

from __future__ import annotations

from typing import Any

from textual.widgets import OptionList

from ..words import Catalog
from .pick import PickScreen

NONE = "none"


class SaveScreen(PickScreen):
    kind = "use"

    def __init__(self, choice: dict[str, Any], uses: list[str], cat: Catalog) -> None:
        kitten = (choice.get("context") or {}).get("kitten")
        self.savers = [cat.title(u) for u in uses if u != NONE]
        options = [(u, f"Use {cat.title(u)}: survive", u) for u in uses if u != NONE]
        if NONE in uses:
            options.append((NONE, "Do not save yourself: explode and leave the game", None))
        super().__init__(
            f"You drew {cat.title(kitten)}!",
            "Choose the card that saves you. The first option is highlighted.",
            options,
        )

    def answer(self, value: Any) -> None:
        """Saving answers at once; not saving yourself ends your game, so it is asked once more
        (on a phone, a tap one row low chose it with a Defuse in hand)."""
        if value != NONE:
            super().answer(value)
            return
        from .confirm import ConfirmScreen

        saver = self.savers[0] if self.savers else None
        prompt = "You explode and are out of the game" + (f", with {saver} in your hand." if saver else ".")

        def confirmed(yes: bool | None) -> None:
            if yes:
                PickScreen.answer(self, NONE)
                return
            for options in self.query(OptionList):    # back: the saving card highlighted again
                options.highlighted = 0

        self.app.push_screen(ConfirmScreen("Explode and leave the game?", prompt, "Yes: explode and leave",
                                           f"No: back to {saver}" if saver else "No: go back"), confirmed)
