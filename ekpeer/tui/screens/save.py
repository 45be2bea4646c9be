"""Facing a kitten: which card saves you, or die. Dying is asked once more (ConfirmScreen)."""

from __future__ import annotations

from typing import Any

from textual.widgets import OptionList, Static

from ...i18n import _
from ..phrasing import host_words, sentence, titled
from ..widgets import plain
from ..words import Catalog
from .pick import PickScreen

NONE = "none"
#: the engine's words for not saving yourself (``if_not_saved``), where no plugin says otherwise
EXPLODE = "explode and leave the game"


class SaveScreen(PickScreen):
    """The choice's own words: who drew the kitten (the engine's ``drawn_by``; a kitten
    handed over, or nobody's draw, is not "You drew"), and what not saving yourself means
    at this table (``if_not_saved``: leaving the game, or becoming Dead with your hand)."""

    kind = "use"

    def __init__(self, choice: dict[str, Any], uses: list[str], cat: Catalog) -> None:
        context = choice.get("context") or {}
        kitten = context.get("kitten")
        self.savers = [cat.title(u) for u in uses if u != NONE]
        # the host's words (the engine's or a plugin's), in the player's language when known
        death = str(context.get("if_not_saved") or EXPLODE)
        self.exploding = death == EXPLODE      # the engine's own death, not a plugin's
        self.death = host_words(death)
        options = [(u, _("Use {card}: survive").format(card=cat.title(u)), u) for u in uses if u != NONE]
        if NONE in uses:
            options.append((NONE, _("Do not save yourself: {death}").format(death=self.death), None))
        super().__init__(_title(choice, context, kitten, cat), self._said(0), options)

    def _said(self, index: int | None) -> str:
        """The line under the title for the option at ``index`` highlighted, worded as the other
        dialogs say what is highlighted ("{card} is highlighted: ..."): it follows the highlight,
        where "Defuse is highlighted" stayed while a stranger's Lighthouse Keeper was."""
        if not self.savers:
            return _("Nothing here saves you.")
        if index is None or not 0 <= index < len(self.savers):   # no saver highlighted: no card named
            return _("No card is used: Enter asks once more before you {death}.").format(death=self.death)
        return _("{card} is highlighted: Enter uses it, and you survive.").format(card=self.savers[index])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The line under the title says the card the highlight is on now."""
        self.prompt = self._said(event.option_index)
        for line in self.query("#dialog-prompt"):
            if isinstance(line, Static):
                line.update(plain(self.prompt))

    def hand_follows(self) -> bool:
        return True

    def hand_card(self, index: int | None) -> str | None:
        """The saver highlighted; None on "Do not save yourself" (no card is used)."""
        value = self.options[index][0] if index is not None and 0 <= index < len(self.options) else NONE
        return None if value == NONE else str(value)

    def answer(self, value: Any) -> None:
        """Saving answers at once; not saving yourself ends your game, so it is asked once more
        (on a phone, a tap one row low chose it with a Defuse in hand)."""
        if value != NONE:
            super().answer(value)
            return
        saver = self.savers[0] if self.savers else None
        # A question, and a line under it that adds to it: the death's words made the title
        # (Danish "Du eksploderer og forlader spillet?", a statement with a question mark) and
        # the line repeated them. A plugin's death (Zombie Kittens: becoming Dead) is named
        # under a question of its own, its words being a clause in a translation.
        if self.exploding:
            title = _("Explode and leave the game?")
            prompt = (_("{card} goes unused, and this game ends for you.") if saver else
                      _("Nothing saves you: this game ends for you."))
        else:
            title = _("Do not save yourself?")
            # the card you would not use named once ("..., keeping your hand, with Zombie
            # Kitten in your hand" said the hand twice)
            prompt = (_("If you do not use {card}, you {death}.") if saver else
                      _("If you do not save yourself, you {death}."))
        prompt = prompt.format(death=self.death, card=saver)
        no = _("No: back to {card}").format(card=saver) if saver else _("No: go back")
        self.answer_once_more(NONE, title, prompt, _("Yes: {death}").format(death=self.death), no)


def _title(choice: dict[str, Any], context: dict[str, Any], kitten: str | None, cat: Catalog) -> str:
    if "drawn_by" not in context:       # a host that does not say: it was drawn, as it used to be
        return _("You drew {card}!").format(card=cat.title(kitten))
    drawer = context.get("drawn_by")
    if drawer is not None and drawer == choice.get("player"):
        return _("You drew {card}!").format(card=cat.title(kitten))
    if drawer is not None:
        return _("{player} drew {card}, and it comes to you!").format(player=drawer, card=cat.title(kitten))
    names = [str(choice.get("player") or "")]
    return sentence(titled(str(choice.get("prompt") or f"{kitten}: save yourself?"), cat, names), names)
