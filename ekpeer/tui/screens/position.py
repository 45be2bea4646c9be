"""Where to put a card (a kitten) back into the draw pile, with the pile's size in view."""

from __future__ import annotations

from typing import Any

from ...i18n import _, ngettext
from ...name_lists import names_and
from ..words import Catalog, position_words
from .pick import PickScreen


class PositionScreen(PickScreen):
    kind = "position"

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
            details=_("Nothing is chosen yet: pick a place with ↑ ↓ (Home: top, End: bottom), then Enter."),
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
        self.warn(_("Pick a place first: ↑ ↓ (Home: top, End: bottom)."))


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
