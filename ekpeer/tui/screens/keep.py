"""Keep a card or put it back (Dig Deeper, Raising Heck and the like)."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, _
from ..phrasing import host_words, sentence, titled
from ..words import Catalog
from .pick import PickScreen

#: The keep prompts that ask what the dialog's title asks (Dig Deeper's): the host says them in
#: the reader's language (by the plugin's catalog), so they are known in it too.
ASKED_BY_TITLE = (N_("keep the top card?"),)


class KeepScreen(PickScreen):
    """Keep is highlighted first, unless the card is a kitten: then putting it back is (taking
    it would be drawing it)."""

    kind = "keep"

    def __init__(self, choice: dict[str, Any], seen: list[str], cat: Catalog,
                 names: list[str] | None = None) -> None:
        context = choice.get("context") or {}
        card = context.get("card") or (context.get("cards") or seen or [None])[0]
        what = cat.title(card) if card else _("the card")
        asked = str(choice.get("prompt") or "")
        # a prompt that only asks the title's question again is left out ("Beholde Eksploderende
        # killing?" stood over "Behold det øverste kort?"): the card's rule below says the rest
        repeats = asked in ASKED_BY_TITLE or asked in {_(a) for a in ASKED_BY_TITLE}
        prompt = "" if repeats else sentence(titled(asked, cat, names or []), names or [])
        source = choice.get("source")
        # what each answer leads to is the asking card's rule ("Put it back" did not say that
        # Dig Deeper then draws the next card): its text under the prompt
        rule = f"{cat.title(source)}: {cat.text(source)}" if source and source in cat.cards else ""
        # and the option says it too, when the host does (``if_put_back``: "draw the next card")
        then, where = context.get("if_put_back"), context.get("put_where")
        if where:   # not back where it was (Raising Heck's bottom card goes on top)
            put_back = _("Put {card} {where}").format(card=what, where=host_words(str(where)))
        elif then:
            put_back = _("Put {card} back and {then}").format(card=what, then=host_words(str(then)))
        else:
            put_back = _("Put {card} back").format(card=what)
        super().__init__(
            _("Keep {card}?").format(card=what),
            (prompt + " ") if prompt else "",
            [(True, _("Keep {card}").format(card=what), card),
             (False, put_back, card)],
            details=rule,
        )
        self._default = 1 if card and cat.has(card, "kills") else 0

    def default_index(self) -> int | None:
        return self._default
