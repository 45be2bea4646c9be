"""Cards a player showed they do not hold: a belief learned from what they did (issue 31).

A player who lets an action against them go through (a Favor or a steal aimed at them, an
Attack landing on them) without a Nope probably holds none: people Nope those when they
can, and so does the heuristic bot. The sampler used to deal them a Nope as often as
anyone, and the search then feared Nopes that were not there (or counted on one to
save them). :class:`Lacking` follows the seat's events for such moments and gives the
sampler, for each such player, the cards they seem to lack and how far to believe it.

A belief ends when the player takes a card the seat did not see (it may be a Nope). How
far to believe is what the table has shown: a belief that lasted until then counts for
it, one the player broke by playing a Nope counts against it (a Beta prior of one each).
Only traits are read (``attacks``, ``steals``, ``harms``; ``is_nope``), never card ids.
"""

from __future__ import annotations

from typing import Any

from .heuristic import AGAINST_ME  # what a player Nopes when it is aimed at them

#: False: no such beliefs (to measure without them: scripts/bench_variants).
ENABLED = True


class Lacking:
    """Players who let an action against them through, and how often that meant no Nope."""

    def __init__(self, me: str, cards: dict[str, Any]) -> None:
        self.me = me
        self.cards = cards
        self.nopes = frozenset(c for c, s in cards.items() if s.is_nope)
        self.against = frozenset(c for c, s in cards.items() if not s.traits.isdisjoint(AGAINST_ME))
        self.lacks: dict[str, frozenset[str]] = {}
        self.noped: set[str] = set()   # who played a Nope in the open reaction window
        self.kept = 0
        self.broken = 0

    @property
    def chance(self) -> float:
        return (self.kept + 1) / (self.kept + self.broken + 2)

    def on_event(self, kind: str | None, e: dict[str, Any]) -> None:  # noqa: C901 - one branch per event
        if kind == "dealt":
            self.lacks, self.noped = {}, set()
        elif kind == "played":
            action = e.get("action") or {}
            by = str(action.get("by", ""))
            if action.get("card") in self.nopes:
                self.noped.add(by)
                if by in self.lacks:
                    self.broken += 1
                    del self.lacks[by]
            else:
                self.noped = set()
        elif kind == "resolved":
            action = e.get("action") or {}
            target = action.get("target")
            if (not e.get("noped") and target and (action.get("combo") is not None
                                                   or action.get("card") in self.against)):
                self._let_through(str(target), str(action.get("by", "")))
        elif kind == "turn" and e.get("attacked"):
            self._let_through(str(e.get("player", "")), None)   # an Attack landed on them
        elif kind in ("drew_hidden", "card_moved"):
            self._gained(str(e.get("player") or e.get("taker") or ""))
        elif kind == "card_given" and e.get("card") in self.nopes:
            self._gained(str(e.get("taker", "")))
        elif kind == "exploded":
            self.lacks.pop(str(e.get("player", "")), None)
        if e.get("to_hand") and e.get("card") is None:   # a plugin moved an unseen card to them
            self._gained(str(e["to_hand"]))

    def _let_through(self, victim: str, by: str | None) -> None:
        if ENABLED and self.nopes and victim and victim not in (self.me, by) and victim not in self.noped:
            self.lacks[victim] = self.nopes

    def _gained(self, player: str) -> None:
        if self.lacks.pop(player, None) is not None:
            self.kept += 1

    def lacking(self, names: set[str]) -> dict[str, tuple[frozenset[str], float]]:
        """For the sampler: player -> (cards they seem to lack, the chance it is so)."""
        chance = self.chance
        return {p: (cards, chance) for p, cards in self.lacks.items() if p in names}
