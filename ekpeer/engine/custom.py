"""Custom decks (seed 002's player selection, rules-notes "Setup"): pure functions.

In the lobby each player picks cards for the draw pile and for their own starting hand,
out of the table's cards that allow it (``CardSpec.pick_pile`` / ``pick_hand``; a
``random_only`` card, ruling 24, and a kitten are never picked). Random cards are added
from every card of the table's plugins, random-only ones included. This works with any
mix of plugins: the engine builds the deck, no plugin has to.

The deal (``ekpeer.engine.setup``):

- each player gets one saver (``SetupPlan.saver``: the Defuse, or the Zombie Kitten),
  then the cards they picked for their hand, then random cards up to 7 + the saver;
- the draw pile is the other random cards and 2 spare savers (the Faster Game variants
  cut it here), then every card picked for the pile, then the kittens: players - 1,
  plus one for each picked card that adds a kitten (the Streaking Kitten,
  ``extra["adds_kitten"]``; the box's own Streaking Kitten no longer counts), an
  Imploding Kitten among them when that plugin is in play. Then it is shuffled.

So a card picked for the pile is in the draw pile after the deal, a card picked for a
hand is in that hand, and everything else was dealt from the random cards.

The lobby option, ``SetupPlan.options["custom"]``::

    {"picks": {"ann": {"pile": ["nope", "streaking_kitten"], "hand": ["skip"]}, ...},
     "pile_picks": 2,      # most cards one player may pick for the draw pile
     "hand_picks": 2,      # most cards one player may pick for their starting hand
     "random_cards": 24}   # random cards added to the deck (default 10 per player)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import CardSpec
from .errors import Reason, TableRefused

PILE_PICKS = 2
HAND_PICKS = 2
RANDOM_PER_PLAYER = 10
MAX_RANDOM = 200
SPARE_SAVERS = 2


class CustomDeckError(TableRefused):
    """A custom-deck option that breaks the selection rules: a table's refusal, said to whoever
    set it (the creator, or a player picking) in their language."""


@dataclass
class CustomDeck:
    """The validated choices: what goes in the pile, each starting hand, how many random cards."""

    pile: list[str]
    hands: dict[str, list[str]]
    random_cards: int
    #: Picked cards that each add a kitten (Streaking Kittens picked for the pile).
    adds_kittens: int = 0
    options: dict[str, Any] = field(default_factory=dict)


def _is_kitten(spec: CardSpec) -> bool:
    return "kills" in spec.traits


def may_pick_pile(spec: CardSpec) -> bool:
    return spec.pick_pile and not spec.random_only and not _is_kitten(spec)


def may_pick_hand(spec: CardSpec) -> bool:
    return spec.pick_hand and not spec.random_only and not _is_kitten(spec)


def random_candidates(cards: Mapping[str, CardSpec], removed: Collection[str] = ()) -> list[str]:
    """Every card that may come as a random card: pickable or random-only, never a kitten,
    never one the table's rules take out of the game (``removed``: Zombie Kittens' Defuses)."""
    return sorted(c.id for c in cards.values()
                  if not _is_kitten(c) and (c.random_only or c.pick_pile) and c.id not in removed)


def _whole(value: Any, what: str, lo: int = 0, hi: int = MAX_RANDOM) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise CustomDeckError("{what} must be a whole number from {lo} to {hi}", what=what, lo=lo, hi=hi)
    return value


def _check_pick(spec: CardSpec, where: str, allowed: bool, removed: bool) -> None:
    """Refuse a card picked for ``where`` (the pile, or a hand) that may not be: each refusal is
    written out for both places, which a translation words each its own way."""
    card = Reason(spec.title)
    if spec.random_only:
        raise (CustomDeckError("{card} is not available for player selection: it can only be a random card, "
                               "never picked for the draw pile", card=card) if where == "pile" else
               CustomDeckError("{card} is not available for player selection: it can only be a random card, "
                               "never picked for a starting hand", card=card))
    if not allowed:
        raise (CustomDeckError("{card} cannot be picked for the draw pile", card=card) if where == "pile" else
               CustomDeckError("{card} cannot be picked for a starting hand", card=card))
    if removed:
        raise CustomDeckError("{card} is taken out of the game by these rules and cannot be picked",
                              card=card)


def validate(cards: Mapping[str, CardSpec], players: list[str], custom: Mapping[str, Any],
             removed: Collection[str] = ()) -> CustomDeck:
    """Check the lobby's custom-deck option against the cards' selection flags (seed 002)."""
    if not isinstance(custom, Mapping):
        raise CustomDeckError("the custom option must be a table")
    pile_limit = _whole(custom.get("pile_picks", PILE_PICKS), "pile_picks", 0, 20)
    hand_limit = _whole(custom.get("hand_picks", HAND_PICKS), "hand_picks", 0, 7)
    n_random = _whole(custom.get("random_cards", min(MAX_RANDOM, RANDOM_PER_PLAYER * len(players))),
                      "random_cards")
    picks = custom.get("picks", {}) or {}
    if not isinstance(picks, Mapping):
        raise CustomDeckError("picks must map players to their picks")
    pile: list[str] = []
    hands: dict[str, list[str]] = {p: [] for p in players}
    for player, chosen in picks.items():
        if player not in players:
            raise CustomDeckError("{player} is not at this table", player=repr(player))
        if not isinstance(chosen, Mapping):
            raise CustomDeckError("{player}'s picks must be a table with pile and hand", player=player)
        rules = (("pile", pile_limit, may_pick_pile), ("hand", hand_limit, may_pick_hand))
        for where, limit, allowed in rules:
            ids = chosen.get(where, []) or []
            if not isinstance(ids, list) or not all(isinstance(c, str) for c in ids):
                raise (CustomDeckError("{player}'s pile picks must be a list of card ids", player=player)
                       if where == "pile" else
                       CustomDeckError("{player}'s hand picks must be a list of card ids", player=player))
            if len(ids) > limit:
                raise (CustomDeckError("{player} may pick at most {limit} cards for the pile",
                                       player=player, limit=limit) if where == "pile" else
                       CustomDeckError("{player} may pick at most {limit} cards for the hand",
                                       player=player, limit=limit))
            for card in ids:
                spec = cards.get(card)
                if spec is None:
                    raise CustomDeckError("there is no card {card} in the enabled plugins", card=repr(card))
                _check_pick(spec, where, allowed(spec), card in removed)
            (pile if where == "pile" else hands[player]).extend(ids)
    adds = sum(1 for c in pile if cards[c].extra.get("adds_kitten"))
    return CustomDeck(pile, hands, n_random, adds, dict(custom))


def draw_random(cards: Mapping[str, CardSpec], n: int, rng: random.Random,
                removed: Collection[str] = ()) -> list[str]:
    """``n`` random cards, each title equally likely, random-only titles included."""
    candidates = random_candidates(cards, removed)
    if not candidates:
        return []
    return [candidates[rng.randrange(len(candidates))] for _ in range(n)]


def deal_hands(deck: CustomDeck, random_cards: list[str], players: list[str], saver: str | None,
               hand_size: int) -> dict[str, list[str]]:
    """Each hand: the saver, the player's hand picks, then random cards (popped from the end of
    ``random_cards``, one round at a time) up to ``hand_size`` + the saver."""
    hands: dict[str, list[str]] = {}
    for player in players:
        hands[player] = ([saver] if saver else []) + list(deck.hands.get(player, []))
    full = hand_size + (1 if saver else 0)
    for _ in range(hand_size):
        for player in players:
            if len(hands[player]) < full and random_cards:
                hands[player].append(random_cards.pop())
    return hands
