"""What a bot knows of a table's cards: their traits and ``bot_value`` from the catalog the
host sends (or the ruleset's specs in process), never a table of card ids. A card the book
does not know has no traits and the default value, so a bot told nothing plays it blindly
rather than wrongly."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..engine.cards import TRAITS

#: The value of a card with no ``bot_value`` (a plain cat's): kept neither long nor short.
DEFAULT_VALUE = 30


class CardBook:
    """Card ids to what they do, from catalog entries (``CardSpec.catalog_entry``)."""

    def __init__(self, entries: Iterable[Mapping[str, Any]] = ()) -> None:
        self.order: list[str] = []
        self.traits: dict[str, frozenset[str]] = {}
        self.values: dict[str, int] = {}
        self._having: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}
        aimed: list[str] = []
        nopes: set[str] = set()
        unread: set[str] = set()
        for e in entries:
            card = str(e["id"])
            self.order.append(card)
            self.traits[card] = frozenset(e.get("traits") or ())
            if e.get("kind") == "action" and not e.get("is_nope") and self.traits[card].isdisjoint(TRAITS):
                unread.add(card)
            value = e.get("bot_value")
            self.values[card] = DEFAULT_VALUE if value is None else int(value)
            if "target" in (e.get("asks") or ()):
                aimed.append(card)
            if e.get("is_nope"):
                nopes.add(card)
        #: cards aimed at a player (``asks`` a target), in catalog order
        self.aimed: tuple[str, ...] = tuple(aimed)
        self.nopes: frozenset[str] = frozenset(nopes)
        #: action cards with no trait a bot reads (a third party's Snoop): played blindly
        self.unread: frozenset[str] = frozenset(unread)

    @classmethod
    def of_specs(cls, specs: Mapping[str, Any]) -> CardBook:
        """A book of a ruleset's ``cards`` (in process: the same entries a client is sent)."""
        return cls(spec.catalog_entry() for spec in specs.values())

    def has(self, card: str | None, trait: str) -> bool:
        return card is not None and trait in self.traits.get(card, ())

    def value(self, card: str | None) -> int:
        return self.values.get(card or "", DEFAULT_VALUE)

    def having(self, trait: str, without: tuple[str, ...] = ()) -> tuple[str, ...]:
        """The cards with ``trait`` and none of ``without``, the most valuable first (the
        order a bot tries them in: a Super Skip before a Skip), ties in catalog order."""
        hit = self._having.get((trait, without))
        if hit is None:
            found = [c for c in self.order if trait in self.traits[c] and self.traits[c].isdisjoint(without)]
            hit = self._having[(trait, without)] = tuple(sorted(found, key=lambda c: -self.values[c]))
        return hit
