"""Every legal move in words: the fallback that makes any plugin's move playable."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...i18n import _
from ..words import Catalog
from .pick import PickScreen


def move_words(move: dict[str, Any], cat: Catalog) -> str:
    do = move.get("do")
    if do == "draw":
        return _("Draw a card (ends your turn)")
    if do == "resolve":
        return _("Let it happen")
    if do == "choose":
        fields = [f"{k} {cat.title(v) if isinstance(v, str) and v in cat.cards else v}"
                  for k, v in move.items() if k not in ("do", "by")]
        return _("Choose {what}").format(what=", ".join(fields))
    counts = Counter(move.get("cards") or [])   # "2 x Tacocat", as the log and the dialogs say it
    cards = " + ".join(f"{n} x {cat.title(c)}" if n > 1 else cat.title(c) for c, n in counts.items())
    if do == "play" and not cards:     # a cursed hand's: the host picks the card (it read "Play")
        cards = _("a random card of your face-down hand")
    if move.get("target") and move["target"] == move.get("by"):   # legal, and said as such
        text = _("Play {cards} on yourself").format(cards=cards)      # ("on player" read as a blank)
    elif move.get("target"):
        text = _("Play {cards} on {target}").format(cards=cards, target=move["target"])
    else:
        text = _("Play {cards}").format(cards=cards)
    if move.get("name"):    # said as the "Play" before it is: Danish "og nævn", not "og nævner"
        text += _(", and name {card}").format(card=cat.title(move["name"]))
    if len(move.get("cards") or []) == 5:   # what it does is said once, over the list
        text += _("  (five different)")
    spent = spent_savers(move, cat)
    if spent:   # legal (any two of a kind make a pair), rarely meant: said, and listed last
        text += _("  (spends your {card}!)").format(card=cat.title(spent[0]))
    return text


def spent_savers(move: dict[str, Any], cat: Catalog) -> list[str]:
    """The cards that save a life (Defuses) a combo would spend: a stranger found "Play Defuse
    + Defuse on bot1" and five-card combos with a Defuse among the moves, unremarked."""
    cards = list(move.get("cards") or [])
    return [c for c in cards if cat.kind(c) == "defuse"] if len(cards) > 1 else []


#: the most moves the list shows
LISTED = 200


class MovesScreen(PickScreen):
    kind = "moves"

    def __init__(self, moves: list[dict[str, Any]], cat: Catalog) -> None:
        moves = sorted(moves, key=lambda m: bool(spent_savers(m, cat)))    # (stable: the rest keep order)
        # the first LISTED only: a hand that makes a triple names any card of the deck at any
        # player, hundreds of moves with every box on, and five-different ones come after them
        moves = moves[:LISTED]
        options = [(m, move_words(m, cat), (m.get("cards") or [None])[0]) for m in moves]
        if not options:
            options = [(None, _("(no move is open to you now)"), None)]
        # said on each five-card combo, it made each three lines long at 80 columns (a list of
        # them read as noise, without it as nothing): said once, each says "(five different)",
        # and only over a list that has one (it was said over lists whose fives were cut off)
        fives = any(len(m.get("cards") or []) == 5 for m in moves)
        details = _("Five different cards: take any card of the discard pile.") if fives else ""
        super().__init__(_("Every move open to you"), _("Pick one to make it."), options, cancel=True,
                         details=details)
