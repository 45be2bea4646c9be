"""What a game waits on: a played card or combo on the reaction stack (:class:`Action`)
and a decision owed by one player (:class:`Choice`).

Plain records, apart from :mod:`ekpeer.engine.game` so that what only needs them (a
card's ``effect``, combos, legal moves, views) can name them without the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Action:
    """A played card or combo waiting on the reaction stack (or being carried out).

    ``serial`` numbers the actions of a game in the order they were played (1 for the first;
    0 until the game numbers it): with ``nopes`` it is what a Nope answers, so that a Nope
    sent against one action never lands on the next one, nor undoes a Nope it did not see
    (:mod:`ekpeer.engine.aimed`).
    """

    by: str
    cards: tuple[str, ...]
    card: str | None
    combo: str | None = None
    target: str | None = None
    name: str | None = None
    nopes: int = 0
    data: dict[str, Any] = field(default_factory=dict)
    serial: int = 0

    def public(self) -> dict[str, Any]:
        return {
            "serial": self.serial,
            "by": self.by,
            "cards": list(self.cards),
            "card": self.card,
            "combo": self.combo,
            "target": self.target,
            "name": self.name,
            "nopes": self.nopes,
        }


@dataclass(slots=True)
class Choice:
    """A decision the engine awaits from one player.

    ``options`` is what the client may answer: a list of card ids / players / ``use``
    values, ``[lo, hi]`` for a position, the number of cards for an order, or
    ``[True, False]`` for keep; a card choice that may be declined ends with ``"none"``, its
    words in ``context["none"]``. ``context`` is public-to-the-chooser data (e.g. the cards
    being ordered). ``from_hand`` makes a card answer valid only while still held.
    """

    player: str
    kind: str
    options: Any
    then: Callable[[Any], None]
    prompt: str = ""
    context: dict[str, Any] = field(default_factory=dict)
    from_hand: bool = False
    source: str | None = None
    #: who played the card (or combo) ``source`` that asks: everyone saw it played. None
    #: when no played card asks (a kitten drawn, a rule)
    by: str | None = None

    def public(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "source": self.source,
            "by": self.by,
        }

    def private(self) -> dict[str, Any]:
        out = self.public()
        out["options"] = list(self.options) if not isinstance(self.options, int) else self.options
        out["context"] = dict(self.context)
        out["from_hand"] = self.from_hand      # a card given up from the hand, or picked elsewhere
        return out


#: The answer to a card choice that lets its player choose no card (``ask(..., none=...)``).
NONE = "none"


def declined(choice: Choice, answer: object) -> bool:
    """Whether ``answer`` chooses no card, where ``choice`` offers that (``ask``'s ``none``)."""
    return answer == NONE and choice.kind == "card" and NONE in choice.context
