"""The draw pile: card order plus which cards lie face up in it.

Stored bottom-first so that drawing from the top is a cheap ``pop()``; the API speaks
top-first, like the rulebooks and scenarios.
"""

from __future__ import annotations

import random
from collections.abc import Iterable


class DrawPile:
    __slots__ = ("_cards", "_up")

    def __init__(self, top_first: Iterable[str] = (), face_up: Iterable[int] = ()) -> None:
        self._cards: list[str] = list(top_first)[::-1]
        self._up: list[bool] = [False] * len(self._cards)
        for depth in face_up:
            self._up[len(self._cards) - 1 - depth] = True

    def __len__(self) -> int:
        return len(self._cards)

    def top_first(self) -> list[str]:
        """Every card, top first (host-side only: this is the secret order)."""
        return self._cards[::-1]

    def peek(self, n: int) -> list[str]:
        """The top ``n`` cards, top first."""
        return self._cards[: -n - 1 : -1] if n > 0 else []

    def draw_top(self) -> tuple[str, bool]:
        """Take the top card; returns it and whether it lay face up."""
        return self._cards.pop(), self._up.pop()

    def draw_bottom(self) -> tuple[str, bool]:
        return self._cards.pop(0), self._up.pop(0)

    def insert(self, position: int, card: str, face_up: bool = False) -> None:
        """Put ``card`` at ``position`` from the top (0 = top, -1 or len = bottom)."""
        n = len(self._cards)
        if position < 0 or position > n:
            position = n
        index = n - position
        self._cards.insert(index, card)
        self._up.insert(index, face_up)

    def put_top(self, cards_top_first: list[str]) -> None:
        for card in reversed(cards_top_first):
            self._cards.append(card)
            self._up.append(False)

    def take_top(self, n: int) -> list[str]:
        """Remove and return the top ``n`` cards, top first (face-up marks are dropped)."""
        taken = []
        for _ in range(min(n, len(self._cards))):
            taken.append(self._cards.pop())
            self._up.pop()
        return taken

    def remove_at(self, depth: int) -> tuple[str, bool]:
        index = len(self._cards) - 1 - depth
        return self._cards.pop(index), self._up.pop(index)

    def shuffle(self, rng: random.Random, keep_face_up: bool = False) -> None:
        """Shuffle; face-up cards turn face down unless ``keep_face_up``."""
        if keep_face_up:
            pairs = list(zip(self._cards, self._up, strict=True))
            rng.shuffle(pairs)
            self._cards = [c for c, _ in pairs]
            self._up = [u for _, u in pairs]
        else:
            rng.shuffle(self._cards)
            self._up = [False] * len(self._cards)

    def face_up(self) -> list[tuple[int, str]]:
        """(depth from top, card) of every face-up card: public knowledge."""
        n = len(self._cards)
        return [(n - 1 - i, self._cards[i]) for i in range(n) if self._up[i]][::-1]

    def is_face_up(self, depth: int) -> bool:
        return self._up[len(self._cards) - 1 - depth]

    def set_face_up(self, depth: int, up: bool) -> None:
        self._up[len(self._cards) - 1 - depth] = up

    def count(self, card: str) -> int:
        return self._cards.count(card)

    def __contains__(self, card: str) -> bool:
        return card in self._cards

    def copy(self) -> DrawPile:
        other = DrawPile()
        other._cards = self._cards[:]
        other._up = self._up[:]
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DrawPile) and self._cards == other._cards and self._up == other._up
