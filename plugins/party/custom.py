"""Custom decks (seed 002 selection rules): pure functions, free of any game state.

In the lobby each player picks cards for the draw pile and for their own starting
hand, out of the enabled plugins' cards that allow it (``CardSpec.pick_pile`` /
``pick_hand``; a ``random_only`` card is never picked). Random cards are added from all
the enabled cards, random-only ones included. Kittens are never picked or drawn at
random: players - 1 go in, plus one for each picked card that adds a kitten (the
Streaking Kitten: ``extra["adds_kitten"]``).

The lobby option, ``SetupPlan.options["custom"]``::

    {"picks": {"ann": {"pile": ["nope", "streaking_kitten"], "hand": ["skip"]}, ...},
     "pile_picks": 2,      # most cards one player may pick for the draw pile
     "hand_picks": 2,      # most cards one player may pick for their starting hand
     "random_cards": 24}   # random cards added to the deck (default 10 per player)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ekpeer.engine import CardSpec

PILE_PICKS = 2
HAND_PICKS = 2
RANDOM_PER_PLAYER = 10
MAX_RANDOM = 200


class CustomDeckError(ValueError):
    """A custom-deck option that breaks the selection rules."""


@dataclass
class CustomDeck:
    """The validated choices: what goes in the pile, each starting hand, and the kittens."""

    pile: list[str]
    hands: dict[str, list[str]]
    random_cards: int
    kitten_count: int
    options: dict[str, Any] = field(default_factory=dict)


def _is_kitten(spec: CardSpec) -> bool:
    return spec.kind == "kitten"


def may_pick_pile(spec: CardSpec) -> bool:
    return spec.pick_pile and not spec.random_only and not _is_kitten(spec)


def may_pick_hand(spec: CardSpec) -> bool:
    return spec.pick_hand and not spec.random_only and not _is_kitten(spec)


def random_candidates(cards: Mapping[str, CardSpec]) -> list[str]:
    """Every card that may come as a random card: pickable or random-only, never a kitten."""
    return sorted(c.id for c in cards.values()
                  if not _is_kitten(c) and (c.random_only or c.pick_pile))


def _whole(value: Any, what: str, lo: int = 0, hi: int = MAX_RANDOM) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise CustomDeckError(f"{what} must be a whole number from {lo} to {hi}")
    return value


def validate(cards: Mapping[str, CardSpec], players: list[str], custom: Mapping[str, Any]) -> CustomDeck:
    """Check the lobby's custom-deck option against the cards' selection flags."""
    if not isinstance(custom, Mapping):
        raise CustomDeckError("the custom option must be a table")
    pile_limit = _whole(custom.get("pile_picks", PILE_PICKS), "pile_picks", 0, 20)
    hand_limit = _whole(custom.get("hand_picks", HAND_PICKS), "hand_picks", 0, 7)
    n_random = _whole(custom.get("random_cards", RANDOM_PER_PLAYER * len(players)), "random_cards")
    picks = custom.get("picks", {}) or {}
    if not isinstance(picks, Mapping):
        raise CustomDeckError("picks must map players to their picks")
    pile: list[str] = []
    hands: dict[str, list[str]] = {p: [] for p in players}
    for player, chosen in picks.items():
        if player not in players:
            raise CustomDeckError(f"{player!r} is not at this table")
        if not isinstance(chosen, Mapping):
            raise CustomDeckError(f"{player}'s picks must be a table with pile and hand")
        rules = (("pile", pile_limit, may_pick_pile), ("hand", hand_limit, may_pick_hand))
        for where, limit, allowed in rules:
            ids = chosen.get(where, []) or []
            if not isinstance(ids, list) or not all(isinstance(c, str) for c in ids):
                raise CustomDeckError(f"{player}'s {where} picks must be a list of card ids")
            if len(ids) > limit:
                raise CustomDeckError(f"{player} may pick at most {limit} cards for the {where}")
            for card in ids:
                spec = cards.get(card)
                if spec is None:
                    raise CustomDeckError(f"there is no card {card!r} in the enabled plugins")
                if not allowed(spec):
                    place = "the draw pile" if where == "pile" else "a starting hand"
                    raise CustomDeckError(f"{spec.title} cannot be picked for {place}")
            (pile if where == "pile" else hands[player]).extend(ids)
    extra = sum(1 for c in pile if cards[c].extra.get("adds_kitten"))
    return CustomDeck(pile, hands, n_random, len(players) - 1 + extra, dict(custom))


def draw_random(cards: Mapping[str, CardSpec], n: int, rng: random.Random) -> list[str]:
    """``n`` random cards, each title equally likely, random-only titles included."""
    candidates = random_candidates(cards)
    if not candidates:
        return []
    return [candidates[rng.randrange(len(candidates))] for _ in range(n)]


def pool(deck: CustomDeck, players: list[str], saver: str | None, spare_savers: int,
         kitten: str, special: list[str]) -> Counter:
    """The cards a custom game starts with, before random cards and hand picks."""
    out: Counter = Counter(deck.pile)
    if saver:
        out[saver] += len(players) + spare_savers
    specials = special[: deck.kitten_count]
    for k in specials:
        out[k] += 1
    out[kitten] += deck.kitten_count - len(specials)
    return +out


def deal(deck: CustomDeck, draw_pile: list[str], hands: dict[str, list[str]], saver: str | None,
         hand_size: int, extra: list[str], rng: random.Random) -> None:
    """Re-deal in place: everything back, random cards in, then saver + hand picks + fill."""
    for cards in hands.values():
        draw_pile.extend(cards)
        cards.clear()
    draw_pile.extend(extra)
    draw_pile.sort()
    rng.shuffle(draw_pile)
    for player, cards in hands.items():
        if saver and saver in draw_pile:
            draw_pile.remove(saver)
            cards.append(saver)
        cards.extend(deck.hands.get(player, []))
    for _ in range(hand_size):
        for cards in hands.values():
            if len(cards) < hand_size + (1 if saver else 0) and draw_pile:
                cards.append(draw_pile.pop())
