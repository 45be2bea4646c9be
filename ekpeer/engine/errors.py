"""Refusals: every illegal move is refused with a stable code and a human message."""

from __future__ import annotations


class IllegalMove(Exception):
    """A move the rules do not allow; the game state is left exactly as it was."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"IllegalMove({self.code!r}, {self.message!r})"


class TableRefused(ValueError):
    """A table the boxes cannot set up: its English words, and the ``template`` and ``fields``
    they were made of (a host says them again in each player's language)."""

    def __init__(self, template: str, **fields: object) -> None:
        super().__init__(template.format(**fields))
        self.template = template
        self.fields = fields
