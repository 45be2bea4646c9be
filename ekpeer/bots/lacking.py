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
Only traits are read (``attacks``, ``steals``, ``harms``; ``is_nope``; ``peeks``), never card ids.

A second habit says what a hand lacks: a player who draws late in the game, when a kitten
is likely (the heuristic bot's odds, ``PEEK_RISK``), without a look at the top first and
without a recent look of their own to go on, probably holds no card that peeks: people look
before such a draw when they can, and so does the heuristic bot. It has its own chance,
learned the same way (``unpeeked``): kept until the player takes a card the seat did not see
after the draw itself, broken by their playing a peek card.
"""

from __future__ import annotations

from typing import Any

from .heuristic import AGAINST_ME  # what a player Nopes when it is aimed at them
from .placements import MOVES_PILE

#: False: no such beliefs (to measure without them: scripts/bench_variants).
ENABLED = True
#: Believe that a player who drew at long odds without a look holds no peek card. Off: the
#: belief is right in about nine steps of ten against heuristic bots, yet the bot won no more
#: with it (0.535 against 0.557 without, -0.022 +-0.042, over 400 four-player deals at 0.2 s:
#: docs/bots.md, what was tried).
PEEK_SIGNAL = False
#: The odds of a kitten (Living players but one, over the pile's cards) above which a player
#: looks before drawing when they can (the heuristic bot's own threshold).
PEEK_RISK = 0.2
#: Cards a look shows (See the Future): a player who looked since the last shuffle knows the
#: top until they and the others have drawn that many.
LOOK_DEPTH = 3


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
        self.peeks = frozenset(c for c, s in cards.items()
                               if "peeks" in s.traits and s.traits.isdisjoint(("dodges", "ends_turn")))
        #: players believed to hold no peek card: player -> those cards, and whether the draw
        #: that made the belief is behind them (the card it brought may be one)
        self.unpeeked: dict[str, frozenset[str]] = {}
        self.unpeeked_evidence = [0, 0]     # kept, broken
        self.living: set[str] = set()
        self.current: str | None = None
        self.looked_at: dict[str, int] = {}  # player -> the pile's size when they last looked

    @property
    def chance(self) -> float:
        return (self.kept + 1) / (self.kept + self.broken + 2)

    @property
    def peek_chance(self) -> float:
        kept, broken = self.unpeeked_evidence
        return (kept + 1) / (kept + broken + 2)

    def on_event(self, kind: str | None, e: dict[str, Any], size: int | None = None) -> None:  # noqa: C901
        """Follow one event; ``size``: the draw pile's size after it, as far as the seat
        follows it (``Placements.size``), for the odds a drawer faced."""
        if kind == "turn":
            self.current = str(e.get("player", ""))
        if kind == "dealt":
            self.lacks, self.noped = {}, set()
            self.unpeeked, self.looked_at = {}, {}
            self.living = {str(p) for p in e.get("players") or ()}
        elif kind == "played":
            action = e.get("action") or {}
            by = str(action.get("by", ""))
            if action.get("card") in self.peeks and by in self.unpeeked:
                self.unpeeked_evidence[1] += 1
                del self.unpeeked[by]
            if action.get("card") in self.nopes:
                self.noped.add(by)
                if by in self.lacks:
                    self.broken += 1
                    del self.lacks[by]
            else:
                self.noped = set()
        elif kind == "resolved":
            action = e.get("action") or {}
            self._looked(action, e, size)
            target = action.get("target")
            if (not e.get("noped") and target and (action.get("combo") is not None
                                                   or action.get("card") in self.against)):
                self._let_through(str(target), str(action.get("by", "")))
        elif kind == "turn" and e.get("attacked"):
            self._let_through(str(e.get("player", "")), None)   # an Attack landed on them
        elif kind == "drew_hidden":
            player = str(e.get("player") or "")
            self._gained(player)
            self._drew(player, size)
        elif kind == "card_moved":
            self._gained(str(e.get("taker") or ""))
        elif kind == "card_given" and e.get("card") in self.nopes:
            self._gained(str(e.get("taker", "")))
        elif kind == "exploded":
            self.lacks.pop(str(e.get("player", "")), None)
            self.unpeeked.pop(str(e.get("player", "")), None)
            self.living.discard(str(e.get("player", "")))
        if e.get("to_hand") and e.get("card") is None:   # a plugin moved an unseen card to them
            self._gained(str(e["to_hand"]))

    def _let_through(self, victim: str, by: str | None) -> None:
        if ENABLED and self.nopes and victim and victim not in (self.me, by) and victim not in self.noped:
            self.lacks[victim] = self.nopes

    def _gained(self, player: str) -> None:
        if self.lacks.pop(player, None) is not None:
            self.kept += 1
        if self.unpeeked.pop(player, None) is not None:
            self.unpeeked_evidence[0] += 1

    def _looked(self, action: dict[str, Any], e: dict[str, Any], size: int | None) -> None:
        """A card resolved: a look at the top remembered against the pile's size, or a card
        that moved the pile, after which nobody's look says what lies on top."""
        spec = self.cards.get(action.get("card"))
        if e.get("noped") or spec is None or action.get("combo") is not None:
            return
        if not spec.traits.isdisjoint(MOVES_PILE):
            self.looked_at = {}
        elif "peeks" in spec.traits and size is not None:
            self.looked_at[str(action.get("by", ""))] = size

    def _drew(self, player: str, size: int | None) -> None:
        """``player`` drew on their own turn; ``size``: the pile's size after it. At long odds,
        with no look of their own still on top, they held no card to look with."""
        if (not (ENABLED and PEEK_SIGNAL) or not self.peeks or size is None or player == self.me
                or player != self.current or player not in self.living):
            return
        before = size + 1
        if max(1, len(self.living) - 1) / before <= PEEK_RISK:
            return
        looked = self.looked_at.get(player)
        if looked is not None and looked - before < LOOK_DEPTH:
            return      # they know the top from their own look
        self.unpeeked[player] = self.peeks

    def lacking(self, names: set[str]) -> dict[str, Any]:
        """For the sampler: player -> (cards they seem to lack, the chance it is so), or a list
        of such beliefs where there are several (``Knowledge.lacking``)."""
        chance = self.chance
        found: dict[str, Any] = {p: (cards, chance) for p, cards in self.lacks.items() if p in names}
        peek_chance = self.peek_chance
        for p, cards in self.unpeeked.items():
            if p in names:
                found[p] = [found[p], (cards, peek_chance)] if p in found else (cards, peek_chance)
        return found
