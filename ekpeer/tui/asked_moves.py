"""A move the table asks about once more before sending it ("Draw a kitten?"), and why that
question no longer holds.

The question is about the table as it stood when it was asked. A stranger's clock ran out
while "Draw a kitten?" was open: the host drew for her, and the question stayed up over a
"Reaction" bar, asking about a draw already made. Once the move is no longer legal or the
state it asked about changed, the question closes, said why in a few words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import _


def table_state(view: dict[str, Any]) -> tuple[Any, ...]:
    """What a question about your move was asked on: whose turn, which turn, what is being
    played or asked, the pile and your hand."""
    return (view.get("turn_number"), view.get("current"), repr(view.get("stack") or []),
            repr(view.get("choices") or []), view.get("draw_pile_count"),
            repr(view.get("hand")))


@dataclass
class AskedMove:
    """A question (``screen``, titled ``title``) open before ``move`` is sent, asked on the
    table as ``state`` (:func:`table_state`) stood."""

    screen: Any
    move: dict[str, Any]
    state: tuple[Any, ...]
    title: str

    def why_closed(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> str | None:
        """Why the question no longer holds in ``view`` (``legal`` its moves), in words; None
        while it still does."""
        me = view.get("you")
        turn, current = self.state[0], self.state[1]
        if view.get("current") != me or (current == me and view.get("turn_number") != turn):
            return _("{asked} closed: your turn is over.").format(asked=self.title)
        if view.get("choices"):
            return _("{asked} closed: a choice is asked first.").format(asked=self.title)
        if self.move not in legal:
            return _("{asked} closed: you cannot make that move now.").format(asked=self.title)
        if table_state(view) != self.state:
            return _("{asked} closed: the table changed, look again.").format(asked=self.title)
        return None


def decision_gone(title: str) -> str:
    """Why a question asked once more over a decision ("Explode anyway?") closed with it: the
    host no longer asks that decision (a clock ran out and the host chose, or a new question
    came)."""
    return _("{asked} closed: the host no longer asks that choice.").format(asked=title)
