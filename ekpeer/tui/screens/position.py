"""Where to put a card (a kitten) back into the draw pile, with the pile's size in view."""

from __future__ import annotations

import time
from typing import Any

from textual import events
from textual.widgets import OptionList

from ...i18n import N_, _, ngettext
from ...name_lists import names_and
from ..words import Catalog, position_words
from .pick import PickScreen

#: how soon a second digit follows the first to make one number with it (1 then 2: place 12)
DIGITS_WAIT = 1.0


class PositionScreen(PickScreen):
    """The places numbered from 1, top first: a digit highlights that place (two digits typed
    together reach 10 and beyond), ↑ ↓ Home End move, Enter confirms. A stranger typed 5 and
    nothing happened, the numbers on screen being only words."""

    kind = "position"
    #: the digits typed so far and when the last came (see :meth:`on_key`)
    _typed = ""
    _typed_at = 0.0

    def __init__(self, choice: dict[str, Any], positions: list[int], cat: Catalog) -> None:
        context = choice.get("context") or {}
        card = context.get("card")
        lo, hi = (choice.get("options") or [0, 0])[:2]
        pile = int(context.get("pile", hi))
        options = []
        for pos in sorted(set(positions), key=lambda p: (p < 0, p)):
            words = position_words(pos, pile)
            # counted from 1, as the log counts it ("You put Exploding Kitten back, 1st from
            # top"): a dialog numbered from 0 beside a log from 1 read as two different places
            options.append((pos, f"{pos + 1 if pos >= 0 else _('bottom'):>6}  {words}", None))
        face_up = bool(context.get("face_up"))
        owner = context.get("owner")
        whose = _who_sees(context)
        if owner:   # a second kitten, someone else's (a Zombie revival): two alike dialogs otherwise
            whose = _("This one was {player}’s.").format(player=owner) + " " + whose
        super().__init__(
            (ngettext("Put {card} back face up: the draw pile holds {n} card",
                      "Put {card} back face up: the draw pile holds {n} cards", pile) if face_up else
             ngettext("Put {card} back: the draw pile holds {n} card",
                      "Put {card} back: the draw pile holds {n} cards", pile)).format(card=cat.title(card),
                                                                                      n=pile),
            whose,      # (the title says the pile's size)
            options,
            details=_("Nothing is chosen yet: type a place’s number (12: 1 then 2), or move with ↑ ↓ "
                      "(Home: top, End: bottom); then Enter."),
        )
        self.card = card

    def default_index(self) -> int | None:
        """No place at first, so that an Enter pressed in haste does not put it on top."""
        return None

    def on_option_list_option_highlighted(self, event: Any) -> None:
        """A place is picked: the "nothing is chosen yet" line has said its piece."""
        if event.option_list.highlighted is None:   # (a first highlight undone at mount comes late)
            return
        for details in self.query("#dialog-details"):
            details.display = False

    def nothing_chosen(self) -> None:
        """Enter before any place is picked says so (a stranger's did nothing, silently)."""
        self.warn(_("Pick a place first: its number, or ↑ ↓ (Home: top, End: bottom)."))

    def list_keys(self) -> list[tuple[tuple[str, ...], str]]:
        """The digits too, in the Keys dialog (F1), and Home and End."""
        return [*super().list_keys(), (("1", "…", "9"), N_("The place of that number (1 then 2: place 12)")),
                (("home", "end"), N_("Top, bottom"))]

    def numbered(self) -> dict[int, int]:
        """Each place's number on screen (its position counted from 1) and its row."""
        return {pos + 1: row for row, (pos, _label, _card) in enumerate(self.options) if pos >= 0}

    def on_key(self, event: events.Key) -> None:
        """A digit highlights the place of that number; one typed within :data:`DIGITS_WAIT`
        of the last makes a number with it where such a place is (1, 2: the 12th place)."""
        digit = event.character
        if not digit or len(digit) != 1 or not digit.isdecimal():
            return      # (Modal's own on_key, after this one, takes the warning away)
        self.unwarn()           # a key read: the last warning goes, and the base's does not run
        event.stop()            # after this one's: it would take away the warning said below
        event.prevent_default()
        places, now = self.numbered(), time.monotonic()
        typed = self._typed + digit if now - self._typed_at < DIGITS_WAIT else digit
        if int(typed) not in places:
            typed = digit
        self._typed, self._typed_at = typed, now
        row = places.get(int(typed))
        if row is None:
            self.warn(_("There is no place {n}: the places go from 1 to {last}.").format(
                n=typed, last=max(places, default=1)))
            return
        for options in self.query(OptionList):
            options.highlighted = row


def _who_sees(context: dict[str, Any]) -> str:
    """Who will know where the card lies, as the choice says: everyone (it goes back face
    up), the players watching (Clairvoyance), or nobody else."""
    if context.get("face_up"):
        return _("It goes back face up: everyone sees where you put it.")
    watchers = [str(w) for w in context.get("watchers") or []]
    if watchers:
        names = names_and(watchers)
        return ngettext("{names} sees where you put it; nobody else does.",
                        "{names} see where you put it; nobody else does.", len(watchers)).format(names=names)
    return _("Nobody else sees where you put it.")
