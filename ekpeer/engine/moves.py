"""Moves in the game's own vocabulary: play, draw, resolve, choose (and fizzle, the host's
own when a card's rules failed).

The same shape is used by scenarios, bots, the network protocol and the replay log,
so a move can be written down, sent and replayed without translation.
"""

from __future__ import annotations

from typing import Any, NamedTuple

MOVE_KINDS = ("play", "draw", "resolve", "choose", "fizzle")
#: The longest card id or name a move may carry (a host's refusal names what it was sent:
#: 60,000 letters of target came back whole)
TEXT_LEN = 64
_new = tuple.__new__
CHOICE_FIELDS = ("position", "card", "order", "player", "keep", "use")


class Move(NamedTuple):
    """One move; a named tuple because bots build many of them (cheap and immutable)."""

    do: str
    by: str | None = None
    cards: tuple[str, ...] = ()
    target: str | None = None
    name: str | None = None
    position: int | None = None
    card: str | None = None
    order: tuple[int, ...] | None = None
    player: str | None = None
    keep: bool | None = None
    use: str | None = None
    #: What a Nope answers: ``(serial, nopes)`` of the action the player saw on top of the
    #: stack (``Action.serial``, ``Action.nopes``); None: whatever is on top now (bots,
    #: older clients, scenarios). See :mod:`ekpeer.engine.aimed`.
    answers: tuple[int, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The move as plain data with only the fields it uses."""
        out: dict[str, Any] = {"do": self.do}
        if self.by is not None:
            out["by"] = self.by
        if self.cards:
            out["cards"] = list(self.cards)
        for field in ("target", "name", "position", "card", "player", "keep", "use"):
            value = getattr(self, field)
            if value is not None:
                out[field] = value
        if self.order is not None:
            out["order"] = list(self.order)
        if self.answers is not None:
            out["answers"] = {"action": self.answers[0], "nopes": self.answers[1]}
        return out

    @classmethod
    def play(cls, by: str | None, cards: tuple[str, ...], target: str | None = None,
             name: str | None = None) -> Move:
        """``Move("play", by, cards, target, name)`` without the named tuple's keyword step:
        legal-move lists build hundreds of these per game."""
        return _new(cls, ("play", by, cards, target, name, None, None, None, None, None, None, None))

    @classmethod
    def draw(cls, by: str | None) -> Move:
        """``Move("draw", by)`` without the named tuple's keyword step (a playout draws on
        most of its turns)."""
        return _new(cls, ("draw", by, (), None, None, None, None, None, None, None, None, None))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Move:
        """Build a move from plain data, checking each field's type (input may be hostile)."""
        from .errors import IllegalMove

        if not isinstance(data, dict):
            raise IllegalMove("bad_move", "a move must be a table of fields")
        do = data.get("do")
        if do not in MOVE_KINDS:
            raise IllegalMove("bad_move", "'do' must be one of {kinds}", kinds=", ".join(MOVE_KINDS))

        def opt(field: str, kind: type | tuple[type, ...]) -> Any:
            value = data.get(field)
            if value is None:
                return None
            if isinstance(value, bool) and kind is int:
                raise IllegalMove("bad_move", "'{field}' must be a whole number", field=field)
            if not isinstance(value, kind):
                raise IllegalMove("bad_move", "'{field}' has the wrong type", field=field)
            if isinstance(value, str) and len(value) > TEXT_LEN:
                raise IllegalMove("bad_move", "'{field}' is too long (at most {most} characters)",
                                  field=field, most=TEXT_LEN)
            return value

        cards = data.get("cards", ())
        if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) for c in cards):
            raise IllegalMove("bad_move", "'cards' must be a list of card ids")
        if len(cards) > 16:
            raise IllegalMove("bad_move", "too many cards in one move")
        if any(len(c) > TEXT_LEN for c in cards):
            raise IllegalMove("bad_move", "a card id is too long (at most {most} characters)",
                              most=TEXT_LEN)
        order = data.get("order")
        if order is not None:
            if not isinstance(order, (list, tuple)) or not all(
                isinstance(i, int) and not isinstance(i, bool) for i in order
            ):
                raise IllegalMove("bad_move", "'order' must be a list of indexes")
            if len(order) > 64:
                raise IllegalMove("bad_move", "'order' is too long")
            order = tuple(order)
        answers = data.get("answers")
        if answers is not None:
            answers = _answers(answers)
        return cls(
            do=do,
            by=opt("by", str),
            cards=tuple(cards),
            target=opt("target", str),
            name=opt("name", str),
            position=opt("position", int),
            card=opt("card", str),
            order=order,
            player=opt("player", str),
            keep=opt("keep", bool),
            use=opt("use", str),
            answers=answers,
        )


def _answers(data: Any) -> tuple[int, int]:
    """A move's ``answers`` (``{"action": serial, "nopes": n}``) as ``(serial, nopes)``,
    its fields checked (input may be hostile)."""
    from .errors import IllegalMove

    if not isinstance(data, dict):
        raise IllegalMove("bad_move", "'answers' must be a table of fields")
    out = []
    for field in ("action", "nopes"):
        value = data.get(field)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2 ** 31:
            raise IllegalMove("bad_move", "'answers' needs '{field}', a whole number", field=field)
        out.append(value)
    return out[0], out[1]
