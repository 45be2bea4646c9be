"""A replay's moves in words, for the replay screen and ``ekpeer replay --text``: card titles
and places, never ids or indexes. Plain strings, no Textual: a text replay loads no screen."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..i18n import _, ngettext
from .words import Catalog, position_words

#: How many of the draw pile's top cards the replay names (the line must fit beside the hands).
TOP_SHOWN = 5


def _events_of(frame: Any, show_hands: bool) -> list[dict[str, Any]]:
    """The events of ``frame``'s move a viewer of the replay may read: all of them with every
    hand shown, else what a spectator saw."""
    if frame is None:
        return []
    return list(frame.events if show_hands else frame.public)


def _event(events: list[dict[str, Any]], kind: str, by: Any) -> dict[str, Any] | None:
    return next((e for e in events if e.get("type") == kind and by in (e.get("player"), e.get("by"))), None)


def _played(move: dict[str, Any], cat: Catalog) -> str:
    """``2 x Beard Cat`` / ``Taco Cat + Beard Cat + …``: a play's cards as the table says them."""
    cards = list(move.get("cards") or [])
    counts = Counter(cards)
    if len(cards) > 1 and len(counts) == 1:
        return f"{len(cards)} x {cat.title(cards[0])}"
    return " + ".join(cat.title(c) for c in cards) if len(cards) > 1 else cat.titles(cards)


def choice_words(move: dict[str, Any], cat: Catalog, before: Any = None, after: Any = None,
                 show_hands: bool = False) -> str:
    """A ``choose`` move in words, worked out from the table before and after it: what was
    used, where a card went, the new order of the top cards. With hands hidden it says no
    more than a spectator saw (where a kitten went back, the cards of a new order)."""
    by = move.get("by")
    events = _events_of(after, show_hands)
    if move.get("use") is not None:
        use = move["use"]
        if use == "none":
            return _("{player} does not save themselves.").format(player=by)
        saved = _event(events, "saved", by) or {}
        if saved.get("kitten"):
            return _("{player} uses {card} against {kitten}.").format(player=by, card=cat.title(use),
                                                                      kitten=cat.title(saved["kitten"]))
        return _("{player} uses {card}.").format(player=by, card=cat.title(use))
    if move.get("position") is not None:
        back = _event(_events_of(after, True), "put_back", by) if show_hands else None
        hidden = _event(events, "put_back_hidden", by) or {}
        card = (back or hidden).get("card")
        what = cat.title(card) if card else _("a card")
        pile = int((after.view if after is not None else {}).get("draw_pile_count", 0))
        depth = (back or hidden).get("position")
        if isinstance(depth, int):
            return _("{player} puts {card} back into the draw pile, {where}.").format(
                player=by, card=what, where=position_words(depth, pile - 1))
        return _("{player} puts {card} back into the draw pile where only they know.").format(player=by,
                                                                                              card=what)
    if move.get("order") is not None:
        order = list(move["order"])
        n = len(order)
        top = list(before.draw_pile[:n]) if before is not None else []
        if show_hands and len(top) == n:
            return ngettext("{player} puts the top card back: {cards}.",
                            "{player} puts the top {n} cards back, top first: {cards}.", n).format(
                player=by, n=n, cards=cat.titles([top[i] for i in order]))
        return ngettext("{player} puts the top card back.",
                        "{player} puts the top {n} cards back in an order only they know.", n).format(
            player=by, n=n)
    if move.get("card") is not None:
        card = move["card"]
        if card == "none" and card not in cat.cards:    # a choice that offered no card (a plugin's)
            return _("{player} chooses no card.").format(player=by)
        named = show_hands or any(e.get("card") == card for e in events)
        return _("{player} chooses {what}.").format(player=by, what=cat.title(card) if named else _("a card"))
    if move.get("player") is not None:
        return _("{player} chooses {what}.").format(player=by, what=move["player"])
    if move.get("keep") is not None:
        return (_("{player} keeps the card.") if move["keep"] else
                _("{player} does not keep the card.")).format(player=by)
    return _("{player} chooses.").format(player=by)


def move_words(move: dict[str, Any] | None, cat: Catalog, before: Any = None, after: Any = None,
               show_hands: bool = False) -> str:
    """One move of a replay in words: card titles and places, never ids or indexes.
    ``before``/``after``: the replay's frames either side of it (for a choice's meaning)."""
    if move is None:
        return _("The cards are dealt.")
    do, by = move.get("do"), move.get("by")
    if do == "resolve":
        return _("The reaction window closes: the action resolves.")
    if do == "fizzle":
        return _("The action's rules failed on the host: it does nothing.")
    if do == "draw":
        return _("{player} draws.").format(player=by)
    if do == "play":
        text = (_("{player} plays {cards} on {target}") if move.get("target") else
                _("{player} plays {cards}")).format(player=by, cards=_played(move, cat),
                                                    target=move.get("target"))
        if move.get("name"):
            text += _(", naming {card}").format(card=cat.title(move["name"]))
        return text + "."
    if do == "choose":
        return choice_words(move, cat, before, after, show_hands)
    return f"{by}: {do}"


def pile_words(pile: list[str], cat: Catalog, shown: int = TOP_SHOWN) -> str:
    """The draw pile's top cards, saying how many of how many: ``top 5 of 23, top first: …``
    (``all 3, top first: …`` when every card fits)."""
    if len(pile) <= shown:
        return _("all {n}, top first: {cards}").format(n=len(pile), cards=cat.titles(pile))
    return _("top {shown} of {n}, top first: {cards} …").format(shown=shown, n=len(pile),
                                                                cards=cat.titles(pile[:shown]))


def failure_words(failure: Any, cat: Catalog) -> str:
    """A rule that failed where the host only asked it (``replays.Failure``), in words: which
    card's rule or which plugin's hook, whose bug, where the replay met it, and that the replay
    went on past it as the host did (a reader must not take the game for ekpeer's own bug)."""
    where = (_("at step {step}").format(step=failure.step) if failure.step is not None
             else _("at the host"))
    plugin = failure.plugin or "?"
    if failure.card is not None:
        return _("rules failed: {rule} of {card} raised {where} (a bug in plugin {plugin}); the card was "
                 "set aside, as at the host").format(rule=failure.rule, card=cat.title(failure.card),
                                                     where=where, plugin=plugin)
    return _("rules failed: the hook {hook} of plugin {plugin} raised {where}; the host went on past it, "
             "and so does this replay").format(hook=failure.rule, plugin=plugin, where=where)
