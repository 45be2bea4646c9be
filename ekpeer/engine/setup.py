"""Setup by the rulebooks: savers out and dealt, spares back, 7 cards each, kittens in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .pile import DrawPile, shuffle

if TYPE_CHECKING:
    from .game import Game
    from .ruleset import SetupPlan


def deal(game: Game, plan: SetupPlan) -> None:
    hook = game.hook
    rng = game.rng
    pool = plan.pool.copy()
    for card in plan.remove:
        game.out_of_game.extend([card] * pool.pop(card, 0))
    kittens = {c: pool.pop(c) for c in list(pool) if game.cards[c].kind == "kitten"}
    savers = pool.pop(plan.saver, 0) if plan.saver else 0
    players = plan.players
    deck = sorted(pool.elements())
    shuffle(rng, deck)
    for p in players:
        if savers:
            game.hands[p].append(plan.saver)  # type: ignore[arg-type]
            savers -= 1
    spare = savers if plan.spare_savers is None else min(savers, plan.spare_savers)
    deck.extend([plan.saver] * spare)  # type: ignore[list-item]
    game.out_of_game.extend([plan.saver] * (savers - spare))  # type: ignore[list-item]
    shuffle(rng, deck)
    for _ in range(plan.hand_size):
        for p in players:
            if deck:
                game.hands[p].append(deck.pop())
    hook.ekpeer_before_kittens(plan=plan, draw_pile=deck, rng=rng, hands=game.hands)
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
