"""Naming a card (three of a kind asks for one by name)."""

from __future__ import annotations

from ...i18n import _
from ..phrasing import most_valuable
from ..words import Catalog
from .pick import PickScreen


class NameCardScreen(PickScreen):
    """Cards by title; the most valuable one (a Defuse, when it may be named) highlighted.
    Only the cards this game holds (the host's ``deck``): in a Zombie Kittens game, where no
    Defuse is dealt, the list offered and highlighted a Defuse, and naming it wasted the combo."""

    kind = "name"

    def __init__(self, target: str, names: list[str], cat: Catalog) -> None:
        if cat.dealt is not None:
            names = [n for n in names if n in cat.dealt] or names
        options = sorted(((n, cat.title(n), n) for n in names), key=lambda o: o[1])
        super().__init__(_("Name a card"),
                         _("Which card do you ask {player} for? If they hold one, it is yours.").format(
                             player=target),
                         options, cancel=True)
        self._default = most_valuable([o[0] for o in options], cat) if options else 0
        if self._default:   # not the first row: say where the list starts, as a Favor's does
            self.prompt += " " + _("{card} is highlighted: the most valuable one.").format(
                card=options[self._default][1])

    def default_index(self) -> int | None:
        return self._default
