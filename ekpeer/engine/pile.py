"""The draw pile: card order plus which cards lie face up in it.

Stored bottom-first so that drawing from the top is a cheap ``pop()``; the API speaks
top-first, like the rulebooks and scenarios.

Each card has a face state: ``FACE_DOWN``, ``FACE_UP`` (put back face up where everyone
can see it, like the Imploding Kitten), or ``FACE_UP_HIDDEN``: still face up, but
shuffled in, so nobody knows its place until it reaches the top (seed 001: "a Shuffle
hides its place again"; you might shuffle it back to the top without realising).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

FACE_DOWN, FACE_UP, FACE_UP_HIDDEN = 0, 1, 2


def shuffle(rng: random.Random, cards: list) -> None:
    """``rng.shuffle(cards)``, step for step (the same seed deals the same game), without
    a method call per card: every game shuffles its deck three times while dealing."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


class DrawPile:
    __slots__ = ("_cards", "_up")

    def __init__(self, top_first: Iterable[str] = (), face_up: Iterable[int] = ()) -> None:
        self._cards: list[str] = list(top_first)[::-1]
        self._up: list[int] = [FACE_DOWN] * len(self._cards)
        for depth in face_up:
            self._up[len(self._cards) - 1 - depth] = FACE_UP

    def __len__(self) -> int:
        return len(self._cards)

    def top_first(self) -> list[str]:
        """Every card, top first (host-side only: this is the secret order)."""
        return self._cards[::-1]

    def peek(self, n: int) -> list[str]:
        """The top ``n`` cards, top first."""
        return self._cards[: -n - 1 : -1] if n > 0 else []

    def draw_top(self) -> tuple[str, int]:
        """Take the top card; returns it and its face state (truthy when it lay face up)."""
        return self._cards.pop(), self._up.pop()

    def draw_bottom(self) -> tuple[str, int]:
        return self._cards.pop(0), self._up.pop(0)

    def insert(self, position: int, card: str, face_up: bool | int = False) -> None:
        """Put ``card`` at ``position`` from the top (0 = top, -1 or len = bottom)."""
        n = len(self._cards)
        if position < 0 or position > n:
            position = n
        index = n - position
        self._cards.insert(index, card)
        self._up.insert(index, int(face_up))

    def put_top(self, cards_top_first: list[str]) -> None:
        for card in reversed(cards_top_first):
            self._cards.append(card)
            self._up.append(FACE_DOWN)

    def take_top(self, n: int) -> list[str]:
        """Remove and return the top ``n`` cards, top first (face-up marks are dropped)."""
        taken = []
        for _ in range(min(n, len(self._cards))):
            taken.append(self._cards.pop())
            self._up.pop()
        return taken

    def remove_at(self, depth: int) -> tuple[str, int]:
        index = len(self._cards) - 1 - depth
        return self._cards.pop(index), self._up.pop(index)

    def shuffle(self, rng: random.Random, keep_face_up: bool = True) -> None:
        """Shuffle. Face-up cards stay face up but their places are hidden (seed 001)."""
        pairs = list(zip(self._cards, self._up, strict=True))
        shuffle(rng, pairs)
        self._cards = [c for c, _ in pairs]
        self._up = [FACE_UP_HIDDEN if u else FACE_DOWN for _, u in pairs] if keep_face_up else \
            [FACE_DOWN] * len(pairs)

    def face_up(self) -> list[tuple[int, str]]:
        """(depth from top, card) of every face-up card whose place everyone can see.

        A face-up card shuffled in shows only once it lies on top.
        """
        n = len(self._cards)
        top = n - 1
        return [(top - i, self._cards[i]) for i in range(n)
                if self._up[i] == FACE_UP or (self._up[i] and i == top)][::-1]

    def face_up_depths(self) -> set[int]:
        """Depths of every face-up card, seen or not (host-side: the scenario checks)."""
        n = len(self._cards)
        return {n - 1 - i for i in range(n) if self._up[i]}

    def states(self) -> list[int]:
        """Face states top first (host-side)."""
        return self._up[::-1]

    def is_face_up(self, depth: int) -> int:
        """The face state at ``depth`` (truthy when face up)."""
        return self._up[len(self._cards) - 1 - depth]

    def set_face_up(self, depth: int, up: bool | int) -> None:
        self._up[len(self._cards) - 1 - depth] = int(up)

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
