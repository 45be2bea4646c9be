"""A new order for the top cards of the draw pile (3 or 5 cards, top first)."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import _, ngettext
from ..widgets import KeyBar, plain
from ..words import Catalog, ordinal
from .dialog import Dialog
from .pick import Choices


class TapToHighlight(Choices):
    """A list whose click or tap only highlights a card: ordering takes several moves, so a tap
    must not end it (Enter, or the key bar's Done, does)."""

    async def _on_click(self, event: events.Click) -> None:
        clicked = event.style.meta.get("option")
        if clicked is not None and not self._options[clicked].disabled:
            self.highlighted = clicked


class OrderScreen(Dialog[tuple[int, ...]]):
    """Move cards up and down; Enter keeps the order shown (top card first)."""

    BINDINGS = [
        Binding("shift+up,ctrl+up,k,minus", "move(-1)", "Move up"),
        Binding("shift+down,ctrl+down,j,plus", "move(1)", "Move down"),
        # not a priority binding: one would act on Enter before the keys typed ahead of it
        # (shift+down, j) had reached the list (Enter there selects, which is done too)
        Binding("enter", "done", "Done"),
        Binding("question_mark", "card_text", "Rules"),
        Binding("escape", "nothing", show=False),
    ]

    def __init__(self, choice: dict[str, Any], cat: Catalog) -> None:
        super().__init__(classes="decision decision-order")
        n = choice.get("options")
        self.cards: list[str] = list((choice.get("context") or {}).get("cards") or [])
        n = n if isinstance(n, int) else len(self.cards)
        if len(self.cards) < n:
            self.cards += ["?"] * (n - len(self.cards))
        self.order = list(range(n))
        self.cat = cat

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(ngettext("Put the top card back", "Put the top {n} cards back in a new order",
                                  len(self.order)).format(n=len(self.order)),
                         id="dialog-title")
            yield Static(_("Top of the draw pile first. Shift+↑/↓ (or k/j) moves the highlighted card;"
                           " Enter keeps this order."), id="dialog-prompt")
            yield TapToHighlight(id="dialog-options")
            yield Static(_("Enter: done   ?: card rules"), id="dialog-hint")
        yield KeyBar()

    def on_mount(self) -> None:
        if not self.query(OptionList):     # withdrawn by the host before it was ever shown
            return
        self._render_list(0)
        self.query_one(OptionList).focus()

    def _render_list(self, highlight: int) -> None:
        ol = self.query_one(OptionList)
        ol.clear_options()
        for place, i in enumerate(self.order):
            label = f"{ordinal(place + 1):>4}  {self.cat.title(self.cards[i])}"
            if place == 0:
                label += _("   ← drawn next")
            ol.add_option(Option(plain(label), id=str(place)))
        ol.highlighted = highlight

    def action_move(self, step: int) -> None:
        ol = self.query_one(OptionList)
        i = ol.highlighted or 0
        j = i + step
        if 0 <= j < len(self.order):
            self.order[i], self.order[j] = self.order[j], self.order[i]
            self._render_list(j)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_done()

    def action_done(self) -> None:
        if self.is_active:      # not withdrawn meanwhile (see PickScreen.answer)
            self.dismiss(tuple(self.order))

    def action_nothing(self) -> None:
        self.warn(_("The game is waiting for this order: Enter keeps it."))

    def action_card_text(self) -> None:
        from .card_info import CardInfoScreen

        i = self.query_one(OptionList).highlighted or 0
        card = self.cards[self.order[i]]
        if card != "?":
            self.app.push_screen(CardInfoScreen(card))
