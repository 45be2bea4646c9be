"""Browse the discard pile, top card first; ? shows a card's rules."""

from __future__ import annotations

from ...i18n import _
from ..words import Catalog
from .pick import PickScreen


class DiscardScreen(PickScreen):
    kind = "discard"

    def __init__(self, discard: list[str], cat: Catalog) -> None:
        top_first = list(reversed(discard))
        options = [(c, f"{i + 1:>3}. {cat.title(c)}", c) for i, c in enumerate(top_first)]
        if not options:
            options = [(None, _("(the discard pile is empty)"), None)]
        super().__init__(_("Discard pile"), _("{n} cards, top first.").format(n=len(discard)), options,
                         cancel=True)

    def on_option_list_option_selected(self, event) -> None:
        event.stop()
        self.action_card_text()
