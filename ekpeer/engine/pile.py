"""The draw pile: card order plus which cards lie face up in it.

Stored bottom-first so that drawing from the top is a cheap ``pop()``; the API speaks
top-first, like the rulebooks and scenarios.

Each card has a face state: ``FACE_DOWN``, ``FACE_UP`` (put back face up where everyone
can see it, like the Imploding Kitten), or ``FACE_UP_HIDDEN``: still face up, but
shuffled in, so nobody knows its place until it reaches the top (seed 001: "a Shuffle
hides its place again"; you might shuffle it back to the top without realising).

The pile also keeps who knows each card and its place (the odds a player is shown count
only what they know): the players a card was shown to where it lies (See the Future), or
everyone (Reveal the Future), or who put it where it is (a kitten put back). Taking a card
from the top or the bottom, which everyone sees, keeps what is known of the others; a card
put in at a place only some know (a kitten put back in secret) leaves only those knowing
where anything lies; a shuffle leaves nobody knowing. Nothing is tracked until somebody
first learns something (:meth:`learn`), so games nobody watches pay nothing for it.

It keeps, too, the places where everyone knows *a kitten* lies without knowing which
(:meth:`mark_kitten`): a Catomic Bomb puts the Exploding Kittens on top where everyone sees,
but an Imploding Kitten nobody has seen stays put and may lie among them, so no one card is
known, yet every one of the top cards is a kitten. Draws and cards taken where everyone
sees keep these places; a card put in secretly keeps them only if everyone knows it is a
kitten (it cannot break a run of kittens); a shuffle forgets them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

FACE_DOWN, FACE_UP, FACE_UP_HIDDEN = 0, 1, 2
#: Who knows a card and its place: ``None`` nobody, ``True`` everyone, else those players.
Knowers = frozenset[str] | bool | None


def _meet(knowers: Knowers, those: frozenset[str]) -> Knowers:
    """Who of ``knowers`` is also among ``those``."""
    if knowers is None or not those:
        return None
    if knowers is True:
        return those
    both = knowers & those  # type: ignore[operator]
    return both or None


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """(i, i + 1, its bit length) for i from ``size - 1`` down to 1: a shuffle's steps."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


#: A shuffle's steps for every pile size a table deals (bigger ones are worked out each time).
_STEPS = [_steps(size) for size in range(129)]


def shuffle(rng: random.Random, cards: list) -> None:
    """``rng.shuffle(cards)``, step for step (the same seed deals the same game), without
    a method call per card: every game shuffles its deck three times while dealing."""
    getrandbits = rng.getrandbits
    size = len(cards)
    for i, n, k in _STEPS[size] if size < len(_STEPS) else _steps(size):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


class DrawPile:
    """The cards bottom first (``_cards``), their face states (``_up``) and who knows them.

    The game asks whether the pile is empty on every draw and turn: it reads ``_cards``
    for that (``len()`` of the list is a C call, ``len()`` of the pile a Python one).
    """

    __slots__ = ("_cards", "_up", "_seen", "_kin")

    def __init__(self, top_first: Iterable[str] = (), face_up: Iterable[int] = ()) -> None:
        self._cards: list[str] = list(top_first)[::-1]
        self._up: list[int] = [FACE_DOWN] * len(self._cards)
        self._seen: list[Knowers] | None = None   # who knows each card where it lies (bottom first)
        self._kin: list[bool] | None = None       # where everyone knows a kitten lies (bottom first)
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
        if self._seen is not None:
            self._seen.pop()
        if self._kin is not None:
            self._kin.pop()
        return self._cards.pop(), self._up.pop()

    def draw_bottom(self) -> tuple[str, int]:
        if self._seen is not None:
            self._seen.pop(0)
        if self._kin is not None:
            self._kin.pop(0)
        return self._cards.pop(0), self._up.pop(0)

    def insert(self, position: int, card: str, face_up: bool | int = False,
               known_to: Iterable[str] | bool = (), place_known: bool = False, kitten: bool = False) -> None:
        """Put ``card`` at ``position`` from the top (0 = top, -1 or len = bottom).

        ``known_to``: who knows the card and where it went (True: everyone). Unless
        ``place_known`` (everyone saw where it went in, e.g. on top) or ``known_to`` is
        everyone, everybody else no longer knows where any card lies. ``kitten``: everyone
        knows the card is a kitten (one drawn in plain sight, put back)."""
        n = len(self._cards)
        if position < 0 or position > n:
            position = n
        index = n - position
        if self._kin is not None:
            self._kin_insert(index, place_known or known_to is True, kitten)
        self._cards.insert(index, card)
        # a face-up card whose place a shuffle hid, moved where everyone sees (Swap Top and
        # Bottom): its place is known again (a stranger's odds counted it anywhere in the pile)
        self._up.insert(index, FACE_UP if face_up and place_known else int(face_up))
        knowers: Knowers = True if known_to is True else (frozenset(known_to) or None)  # type: ignore[arg-type]
        if self._seen is None:
            if knowers is None:
                return
            self._seen = [None] * n
        elif not place_known and knowers is not True:
            those: frozenset[str] = knowers or frozenset()  # type: ignore[assignment]
            self._seen = [_meet(k, those) for k in self._seen]
        self._seen.insert(index, knowers)

    def _kin_insert(self, index: int, place_seen: bool, kitten: bool) -> None:
        """Follow the places known to hold a kitten through a card put in at ``index``."""
        kin = self._kin
        assert kin is not None
        if place_seen:
            kin.insert(index, kitten)
        elif not kitten:    # anything may now lie anywhere below the top
            self._kin = None
        else:
            # somewhere nobody saw: a place still surely holds a kitten if it did and so did
            # the one above it (the kitten went in above it, pushing that one down)
            top = kin[::-1]
            top = [(top[j] if j < len(top) else True) and (top[j - 1] if j else True)
                   for j in range(len(top) + 1)]
            self._kin = top[::-1] if any(top) else None

    def put_top(self, cards_top_first: list[str]) -> None:
        """Put cards on top (everyone sees where; nobody but who put them knows what)."""
        for card in reversed(cards_top_first):
            self._cards.append(card)
            self._up.append(FACE_DOWN)
            if self._seen is not None:
                self._seen.append(None)
            if self._kin is not None:
                self._kin.append(False)

    def take_top(self, n: int) -> list[str]:
        """Remove and return the top ``n`` cards, top first (face-up marks are dropped)."""
        taken = []
        for _ in range(min(n, len(self._cards))):
            taken.append(self._cards.pop())
            self._up.pop()
            if self._seen is not None:
                self._seen.pop()
            if self._kin is not None:
                self._kin.pop()
        return taken

    def remove_at(self, depth: int) -> tuple[str, int]:
        """Take the card at ``depth`` (where everyone sees it taken from)."""
        index = len(self._cards) - 1 - depth
        if self._seen is not None:
            self._seen.pop(index)
        if self._kin is not None:
            self._kin.pop(index)
        return self._cards.pop(index), self._up.pop(index)

    def shuffle(self, rng: random.Random, keep_face_up: bool = True) -> None:
        """Shuffle. Face-up cards stay face up but their places are hidden (seed 001); nobody
        knows where any card lies any more."""
        self._seen = self._kin = None
        if not any(self._up):  # no card face up (the usual pile): the cards alone, same draws
            shuffle(rng, self._cards)
            return
        pairs = list(zip(self._cards, self._up, strict=True))
        shuffle(rng, pairs)
        self._cards = [c for c, _ in pairs]
        self._up = [FACE_UP_HIDDEN if u else FACE_DOWN for _, u in pairs] if keep_face_up else \
            [FACE_DOWN] * len(pairs)

    # ------------------------------------------------------------------ who knows what
    def learn(self, n: int, who: Iterable[str] | bool) -> None:
        """``who`` (True: everyone) now know the top ``n`` cards where they lie (they were shown)."""
        count = len(self._cards)
        n = min(n, count)
        if n <= 0:
            return
        if self._seen is None:
            self._seen = [None] * count
        add: Knowers = True if who is True else frozenset(who)  # type: ignore[arg-type]
        for i in range(count - n, count):
            k = self._seen[i]
            if add is True or k is True:
                self._seen[i] = True
            else:
                self._seen[i] = add if k is None else k | add  # type: ignore[operator]

    def know(self, depth: int, who: Iterable[str] | bool) -> None:
        """``who`` (True: everyone) know the card at ``depth`` (from the top) where it lies
        (a sampled game rebuilt from a seat's view: ``ekpeer.engine.determinize``)."""
        count = len(self._cards)
        if not 0 <= depth < count:
            return
        if self._seen is None:
            self._seen = [None] * count
        i = count - 1 - depth
        add: Knowers = True if who is True else frozenset(who)  # type: ignore[arg-type]
        k = self._seen[i]
        if add is True or k is True:
            self._seen[i] = True
        else:
            self._seen[i] = add if k is None else k | add  # type: ignore[operator]

    def mark_kitten(self, depth: int) -> None:
        """Everyone knows a kitten lies at ``depth``, not which (a Catomic Bomb's top cards)."""
        count = len(self._cards)
        if not 0 <= depth < count:
            return
        if self._kin is None:
            self._kin = [False] * count
        self._kin[count - 1 - depth] = True

    def kitten_depths(self) -> list[int]:
        """Depths (top first) where everyone knows a kitten lies (:meth:`mark_kitten`)."""
        kin = self._kin
        if kin is None:
            return []
        top = len(kin) - 1
        return [top - i for i in range(top, -1, -1) if kin[i]]

    def knowers_at(self, depth: int) -> frozenset[str] | bool:
        """Who knows the card at ``depth`` where it lies (True: everyone), as ``insert``'s
        ``known_to`` takes it: a card moved where everyone sees it go keeps its knowers."""
        if self._seen is None:
            return frozenset()
        k = self._seen[len(self._cards) - 1 - depth]
        return True if k is True else (k or frozenset())

    def known_to(self, player: str | None) -> list[tuple[int, str]]:
        """(depth from top, card) of every card ``player`` knows where it lies (None: what
        everyone knows), face-up ones everyone sees included; top first."""
        seen = self._seen
        n = len(self._cards)
        top = n - 1
        out = []
        for i in range(n - 1, -1, -1):
            k = seen[i] if seen is not None else None
            up = self._up[i]
            if k is True or (k is not None and player in k) or up == FACE_UP or (up and i == top):
                out.append((top - i, self._cards[i]))
        return out

    def face_up(self) -> list[tuple[int, str]]:
        """(depth from top, card) of every face-up card whose place everyone can see.

        A face-up card shuffled in shows only once it lies on top.
        """
        n = len(self._cards)
        top = n - 1
        return [(top - i, self._cards[i]) for i in range(n)
                if self._up[i] == FACE_UP or (self._up[i] and i == top)][::-1]

    def face_up_unplaced(self) -> list[str]:
        """The face-up cards whose place a shuffle hid (not on top, where they show), sorted:
        everyone saw them go back face up, nobody knows where they lie now."""
        if not any(self._up):
            return []
        top = len(self._cards) - 1
        return sorted(c for i, (c, up) in enumerate(zip(self._cards, self._up, strict=True))
                      if up == FACE_UP_HIDDEN and i != top)

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
        other._seen = self._seen[:] if self._seen is not None else None
        other._kin = self._kin[:] if self._kin is not None else None
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DrawPile) and self._cards == other._cards and self._up == other._up
