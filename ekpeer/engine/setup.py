"""Setup by the rulebooks: savers out and dealt, spares back, 7 cards each, kittens in.

The plan (:class:`SetupPlan`) lives here with the dealing it drives; the
:class:`~ekpeer.engine.ruleset.Ruleset` makes the plan and calls :func:`deal`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import custom
from .acted import one_by_one
from .pile import DrawPile, shuffle

if TYPE_CHECKING:
    from .cards import CardSpec
    from .game import Game


@dataclass
class SetupPlan:
    """How to set up a new game; plugins adjust it through ``ekpeer_adjust_setup``."""

    players: list[str]
    deck: str
    expansions: list[str]
    variants: set[str]
    pool: Counter
    options: dict[str, Any] = field(default_factory=dict)
    hand_size: int = 7
    saver: str | None = "defuse"
    spare_savers: int | None = 2
    remove: set[str] = field(default_factory=set)
    kitten: str = "exploding_kitten"
    kitten_count: int = 0
    special_kittens: list[str] = field(default_factory=list)
    first_player: str | None = None
    set_aside: list[str] = field(default_factory=list)
    cards: dict[str, CardSpec] = field(default_factory=dict)  # the table's cards, read-only
    #: A custom deck (``options["custom"]``, seed 002), checked: the engine deals it instead
    #: of the boxes' cards (``ekpeer.engine.custom``).
    custom: custom.CustomDeck | None = None


def deal(game: Game, plan: SetupPlan) -> None:
    if plan.custom is not None:
        deal_custom(game, plan)
        return
    rng = game.rng
    pool = dict(plan.pool)  # a plain copy to take from (the plan stays as it was)
    for card in plan.remove:
        game.out_of_game.extend([card] * pool.pop(card, 0))
    kittens = {c: pool.pop(c) for c in list(pool) if "kills" in game.cards[c].traits}
    savers = pool.pop(plan.saver, 0) if plan.saver else 0
    players = plan.players
    deck = []  # sorted(Counter(pool).elements()), sorting the titles rather than every card
    for card in sorted(pool):
        n = pool[card]
        if n > 0:
            deck.extend([card] * n)
    shuffle(rng, deck)
    for p in players:
        if savers:
            game.hands[p].append(plan.saver)  # type: ignore[arg-type]
            savers -= 1
    spare = savers if plan.spare_savers is None else min(savers, plan.spare_savers)
    deck.extend([plan.saver] * spare)  # type: ignore[list-item]
    game.out_of_game.extend([plan.saver] * (savers - spare))  # type: ignore[list-item]
    shuffle(rng, deck)
    # plan.hand_size rounds, a card from the top to each player in turn while cards last:
    # player i gets the top's i-th, (i + n)-th... cards, dealt in slices rather than one by one
    dealt = min(len(deck), plan.hand_size * len(players))
    top = deck[len(deck) - dealt:][::-1]
    del deck[len(deck) - dealt:]
    for i, p in enumerate(players):
        game.hands[p].extend(top[i::len(players)])
    if game.hooked["ekpeer_before_kittens"]:
        one_by_one(game.ruleset, game.failed_rules, "ekpeer_before_kittens", refusal=ValueError, plan=plan,
                   draw_pile=deck, rng=rng, hands=game.hands)
    game.out_of_game.extend(plan.set_aside)
    inserted: list[str] = []
    for k in plan.special_kittens:
        if kittens.get(k, 0) > 0 and len(inserted) < plan.kitten_count:
            kittens[k] -= 1
            inserted.append(k)
    while len(inserted) < plan.kitten_count and kittens.get(plan.kitten, 0) > 0:
        kittens[plan.kitten] -= 1
        inserted.append(plan.kitten)
    for k, n in kittens.items():
        game.out_of_game.extend([k] * n)
    deck.extend(inserted)
    shuffle(rng, deck)
    game.draw_pile = DrawPile(deck)
    game.current = plan.first_player or players[0]
    game.emit("dealt", None, players=list(players), draw_pile=len(deck))


def deal_custom(game: Game, plan: SetupPlan) -> None:
    """A custom deck (``ekpeer.engine.custom``): hands from the saver, the hand picks and the
    random cards; the pile from the other random cards, spare savers, the pile picks, kittens."""
    deck = plan.custom
    assert deck is not None
    rng = game.rng
    players = plan.players
    randoms = custom.draw_random(game.cards, deck.random_cards, rng, removed=plan.remove)
    rng.shuffle(randoms)
    game.hands.update(custom.deal_hands(deck, randoms, players, plan.saver, plan.hand_size))
    pile = randoms
    if plan.saver:
        pile.extend([plan.saver] * (custom.SPARE_SAVERS if plan.spare_savers is None
                                    else min(plan.spare_savers, custom.SPARE_SAVERS)))
    one_by_one(game.ruleset, game.failed_rules, "ekpeer_before_kittens", refusal=ValueError, plan=plan,
               draw_pile=pile, rng=rng, hands=game.hands)
    game.out_of_game.extend(plan.set_aside)
    pile.extend(deck.pile)
    specials = [k for k in plan.special_kittens if k in game.cards][: plan.kitten_count]
    pile.extend(specials)
    pile.extend([plan.kitten] * (plan.kitten_count - len(specials)))
    rng.shuffle(pile)
    game.draw_pile = DrawPile(pile)
    game.current = plan.first_player or players[0]
    game.emit("dealt", None, players=list(players), draw_pile=len(pile))
