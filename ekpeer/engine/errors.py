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
