"""Pick a card: give one away (Favor), take one from the discard pile, or any card asked."""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ..phrasing import hand_order, least_valuable, most_valuable, sentence, titled
from ..words import Catalog
from .pick import PickScreen


def _asked_by(choice: dict[str, Any], cat: Catalog, me: str | None) -> str:
    """``Asked by ann's Garbage Collection.``: the card, and whose it is when the choice says
    who played it (everyone saw that card played); "Asked by Garbage Collection" said not whose."""
    card, by = cat.title(str(choice["source"])), choice.get("by")
    if by and by == me:
        return _("Asked by your own {card}.").format(card=card)
    if by:
        return _("Asked by {player}’s {card}.").format(player=by, card=card)
    return _("Asked by {card}.").format(card=card)


def _title(choice: dict[str, Any], cat: Catalog, names: list[str], me: str | None = None) -> tuple[str, str]:
    prompt = titled(str(choice.get("prompt") or ""), cat, names)
    source = choice.get("source")
    if taking(choice):
        return _("Take a card from the discard pile"), _("Choose the card you take into your hand.")
    if giving_to(choice) and not kept(choice):
        said = _("Choose the card you give away from your hand.")
        if source and source in cat.cards:      # Feed the Dead's said nothing of who asked
            said += " " + _asked_by(choice, cat, me)
        return sentence(prompt, names), said
    title = sentence(prompt, names) if prompt else _("Choose a card")
    said = _asked_by(choice, cat, me) if source and source in cat.cards else _("Choose a card.")
    if kept(choice):        # shown, not given: a stranger's Fog read "the card you can best spare"
        said += " " + _("The card stays in your hand.")
    return title, said


def kept(choice: dict[str, Any]) -> bool:
    """Whether the card chosen from the hand stays there (``context.kept``: a plugin's card
    that has it shown, not given up): no card is best spared, and no Defuse asked once more."""
    return bool((choice.get("context") or {}).get("kept"))


def giving_to(choice: dict[str, Any]) -> str | None:
    """Who the card goes to, when the choice gives it to a player (a Favor, Feed the Dead): the
    choice's ``context.to``; from a host that does not say it, by its English prompt (``give
    bob a card``)."""
    context = choice.get("context") or {}
    if context.get("to"):
        return str(context["to"])
    prompt = str(choice.get("prompt") or "")
    return (prompt[len("give "):].partition(" ")[0] or None) if prompt.startswith("give ") else None


#: The answer that chooses no card, where a card choice offers it (the engine's ``NONE``).
NONE = "none"


def declinable(choice: dict[str, Any], cards: list[str]) -> str | None:
    """The words of the option to choose no card, where the choice offers one: its plugin's
    (``context.none``, said by the host in the reader's language), else the client's own."""
    if NONE not in cards:
        return None
    words = (choice.get("context") or {}).get(NONE)
    return str(words) if isinstance(words, str) and words else _("None of them")


def taking(choice: dict[str, Any]) -> bool:
    """Does this choice take a card into the hand (rather than give one up)?"""
    context = choice.get("context") or {}
    # the choice's own context says it, never its prompt's words: a third party's "Discard a
    # card onto the Scratching Post" gives a card up, it takes none
    return context.get("from") == "discard"


class CardChoiceScreen(PickScreen):
    """The highlighted card at first is the safe one: to give away (a Favor, Potluck, Garbage
    Collection) the least valuable card held, never a Defuse or a Nope while anything else is;
    to take (five different cats) the most valuable one."""

    kind = "card"

    def __init__(self, choice: dict[str, Any], cards: list[str], cat: Catalog,
                 hand: list[str] | None = None, names: list[str] | None = None,
                 me: str | None = None) -> None:
        title, prompt = _title(choice, cat, names or [], me)
        counts: dict[str, int] = {}
        # from the hand (a Favor): given up. Else a card picked elsewhere (a plugin's pick
        # from the discard pile): a stranger's was asked "Give away Defuse?" for it
        # (``context.kept``: it stays there, only shown, and nothing is given up)
        self.giving = not taking(choice) and not kept(choice) and choice.get("from_hand", True) is not False
        self.taking = taking(choice)
        if self.giving:             # from your hand: in the order your hand shows it
            cards = sorted(cards, key=lambda c: hand_order(c, cat))
        none = declinable(choice, cards)
        for c in cards:
            if c != NONE or none is None:
                counts[c] = counts.get(c, 0) + 1
        options: list[tuple[Any, str, str | None]] = [
            (c, cat.title(c) + (f"  x{n}" if n > 1 else ""), c) for c, n in counts.items()]
        if none is not None:        # the plugin's own words for choosing no card, last
            options.append((NONE, sentence(titled(none, cat, names or []), names or []), None))
        super().__init__(title, prompt, options)
        distinct = list(counts)
        held = list(hand or [])
        self.cat, self.held = cat, held
        if none is not None:        # choosing no card changes nothing: the safe answer
            self._default: int | None = len(options) - 1
        elif not distinct:
            self._default = 0
        elif self.taking:
            self._default = most_valuable(distinct, cat)
        elif self.giving and held and all(c in held for c in distinct):
            self._default = least_valuable(distinct, cat, held)
        else:
            self._default = 0
        if self._default and none is None:  # not the first row: say where the list starts, and why
            start = cat.title(options[self._default][0])
            said = (_("{card} is highlighted: the card you can best spare.") if self.giving
                    else _("{card} is highlighted: the most valuable one."))
            self.prompt = f"{self.prompt} {said.format(card=start)}"

    def default_index(self) -> int | None:
        return self._default

    def hand_follows(self) -> bool:
        """Giving from your hand: "Tacocat is highlighted" while the hand beneath highlighted
        another card read as two answers."""
        return self.giving

    def hand_card(self, index: int | None) -> str | None:
        value = self.options[index][0] if index is not None and 0 <= index < len(self.options) else NONE
        return None if value == NONE else str(value)

    def answer(self, value: Any) -> None:
        """Giving away a Defuse while you hold another kind of card is asked once more: a
        stranger pressed ↑ a few times too many in a Favor, and Enter gave it away at once."""
        if not (self.giving and isinstance(value, str) and self.cat.kind(value) == "defuse"
                and any(self.cat.kind(c) != "defuse" for c in self.held)):
            super().answer(value)
            return
        card = self.cat.title(value)
        self.answer_once_more(
            value, _("Give away {card}?").format(card=card),
            _("{card} is what saves you from an Exploding Kitten, and you hold other cards you "
              "could give.").format(card=card),
            _("Yes: give {card}").format(card=card), _("No: go back"))
