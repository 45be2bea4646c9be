"""A ``d`` pressed while your own card waits for its Nope window: kept, not refused.

A player typing fast against bots (→ ⏎ d in one burst) had the d thrown away with a toast,
and each play then cost the window's seconds and a second d. The d is kept instead, said on
the status line, and pressed again (as a key, the way typed-ahead keys are: see
``EkpeerApp._release_keys``) once the window closes and a draw is legal. It is never
self-harming: should the picture it was pressed on change meanwhile (the card Noped, a
look at the top cards, the turn over, a decision owed), it is dropped and that is said.
One change keeps it: your own Skip used one of several turns you owed (an Attack on you),
nothing drawn and nothing else changed. It is still your turn, and → ⏎ d meant "Skip, then
draw" (dropping it said "your turn moved on" while the bar said it was still yours).
The client decides no rule here: only whether the player still means the same draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import _


@dataclass(frozen=True)
class KeptDraw:
    """The picture a kept ``d`` was pressed on."""

    serial: Any             # the action on top of the stack: your own card, waiting
    turn: Any               # the view's turn_number
    turns: Any              # the turns you had to take
    top: tuple[str, ...]    # what you knew of the draw pile's top cards
    discarded: int          # the discard pile's size: a card played on yours (a Nope) adds to it
    hand: int = 0           # your hand's size: a card drawn (a Draw from the Bottom) adds to it

    @classmethod
    def of(cls, view: dict[str, Any], top: list[str]) -> KeptDraw:
        stack = view.get("stack") or [{}]
        return cls(stack[-1].get("serial"), view.get("turn_number"), view.get("turns"), tuple(top),
                   len(view.get("discard") or []), len(view.get("hand") or []))


def _turn_used(kept: KeptDraw, view: dict[str, Any]) -> bool:
    """Whether your card used one of several turns you owed and nothing more: the same turn
    still yours, fewer turns left but some, and no card come into your hand (a Skip, not a draw)."""
    turns = view.get("turns")
    return (isinstance(turns, int) and isinstance(kept.turns, int) and 0 < turns < kept.turns
            and view.get("turn_number") == kept.turn and len(view.get("hand") or []) == kept.hand)


def keepable(view: dict[str, Any]) -> bool:
    """Whether ``d`` now waits only for your own card's Nope window: your turn, no decision
    owed, and on top of the stack your own card, not Noped."""
    me = view.get("you")
    stack = view.get("stack") or []
    if not stack or view.get("current") != me or view.get("choices") or view.get("waiting_for"):
        return False
    top = stack[-1]
    return top.get("by") == me and not top.get("nopes", 0) % 2


#: what :func:`verdict` says when the kept d is to wait on, or to be pressed now
WAIT, DRAW = "wait", "draw"


def verdict(kept: KeptDraw, view: dict[str, Any], top: list[str], card: str) -> str:
    """What becomes of ``kept`` in ``view`` (``top``: what you know of the pile's top now;
    ``card``: the kept card's title): :data:`WAIT`, :data:`DRAW`, or why it is dropped, in
    words short enough for the status line at 64 columns (said there, not in a toast)."""
    me = view.get("you")
    stack = view.get("stack") or []
    if stack:
        action = stack[-1]
        if action.get("serial") == kept.serial and not view.get("choices"):
            if action.get("nopes", 0) % 2:
                return _("{card} was Noped: not drawing.").format(card=card)
            return WAIT
    if view.get("choices") or [p for p in view.get("waiting_for") or [] if p != me]:
        return _("A choice comes first: not drawing.")
    if view.get("current") != me or view.get("turn_number") != kept.turn or (
            view.get("turns") != kept.turns and not _turn_used(kept, view)):
        return _("Your turn moved on: not drawing.")
    if stack or len(view.get("discard") or []) != kept.discarded:
        # another action on top, or a card played on yours as it resolved (a Nope, and a
        # Nope on that: the view between them may never have come)
        return _("The table changed: not drawing.")
    if list(top) and tuple(top) != kept.top:
        return _("You saw the top cards: not drawing.")
    if not any(m.get("do") == "draw" for m in view.get("legal_moves") or []):
        return _("No draw is open: not drawing.")
    return DRAW
