"""Browse the discard pile, top card first; ? shows a card's rules."""

from __future__ import annotations

from ...i18n import _, ngettext
from ..words import Catalog
from .pick import PickScreen


class DiscardScreen(PickScreen):
    kind = "discard"

    def __init__(self, discard: list[str], cat: Catalog) -> None:
        top_first = list(reversed(discard))
        options = [(c, f"{i + 1:>3}. {cat.title(c)}", c) for i, c in enumerate(top_first)]
        n = len(discard)
        prompt = ngettext("{n} card, top first.", "{n} cards, top first.", n).format(n=n) if n else ""
        if not options:
            options = [(None, _("(the discard pile is empty)"), None)]
        super().__init__(_("Discard pile"), prompt, options, cancel=True)

    def hint(self) -> str:
        """Enter here shows a card's rules (nothing is chosen from the pile)."""
        if not self.options[0][2]:
            return _("Esc: back")
        return _("Enter or ?: card rules   Esc: back")

    def on_option_list_option_selected(self, event) -> None:
        event.stop()
        self.action_card_text()
