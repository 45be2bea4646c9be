"""Fast playouts for the search bot: every seat plays a cheap copy of the heuristic bot's
habits straight from a (determinized) game, and every move goes through the engine's own
``apply``, so each expansion's rules hold in a playout exactly as at the table.

The policy reads each seat's own hand, what that seat was shown during the playout, and
public counts; it never looks at the draw pile it has not seen. It builds the move it
wants directly (no list of every legal move, which is the costly part of a step) and
falls back to a random legal move when the engine refuses it or it has no opinion, so a
card it does not know still gets played now and then.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..engine import IllegalMove, Move
from ..engine.game import DEAD, LIVING
from .heuristic import AGAINST_ME, DODGE, PEEK, VALUE

if TYPE_CHECKING:
    from ..engine import Game

RESOLVE = Move("resolve")
#: Cards a playout seat plays to avoid a draw it fears (in this order).
DODGES = ("super_skip", *DODGE, "dig_deeper", "bury", "swap_top_and_bottom", "catomic_bomb")
PEEKS = (*PEEK, "reveal_the_future", "share_the_future", "alter_the_future_now")
SAVER_PREFERENCE = ("streaking_kitten", "clone")
#: How often a seat makes a random legal move on its turn instead of its habit.
EXPLORE = 0.06


class Playout:
    """One playout's seats: what each was shown (against the pile size then)."""

    __slots__ = ("game", "rng", "seen", "explore")

    def __init__(self, game: Game, rng: random.Random, explore: float = EXPLORE) -> None:
        self.game = game
        self.rng = rng
        self.explore = explore
        # player -> (the shown list object, pile size when first noticed)
        self.seen: dict[str, tuple[list[str], int]] = {}

    # ------------------------------------------------------------------ the loop
    def run(self, limit: int = 1000, first: str | None = None) -> int:
        """Play until the game ends or ``limit`` moves; returns the moves made.

        ``first`` is a seat that has just passed in the open reaction window: it does not
        react again until the window changes (the search's "pass" candidate).
        """
        game = self.game
        n = 0
        passed = first
        window = len(game.stack), (game.stack[-1].nopes if game.stack else 0)
        while game.winner is None and n < limit:
            if passed is not None and (len(game.stack), game.stack[-1].nopes if game.stack else 0) != window:
                passed = None
            move = self.next_move(passed)
            try:
                game.apply(move)
            except IllegalMove:
                game.apply(self.random_move(move.by))
            n += 1
        return n

    def random_move(self, player: str | None) -> Move:
        game = self.game
        if player is None or not game.legal_moves(player):
            player = game.awaiting[0].player if game.awaiting else game.current
        moves = game.legal_moves(player)
        if not moves:
            return RESOLVE
        return moves[self.rng.randrange(len(moves))]

    def next_move(self, passed: str | None = None) -> Move:
        game = self.game
        if game.awaiting:
            return self.choose(game.awaiting[0])
        if game.stack:
            return self.react(passed) or RESOLVE
        return self.turn(game.current)

    # ------------------------------------------------------------------ knowledge
    def top_believed(self, player: str) -> str | None:
        """The top card ``player`` believes is there, from what they were shown."""
        game = self.game
        shown = game.seen.get(player)
        if not shown:
            return None
        size = len(game.draw_pile)
        mine = self.seen.get(player)
        if mine is None or mine[0] is not shown:
            self.seen[player] = (shown, size)
            return shown[0]
        drawn = mine[1] - size
        return shown[drawn] if 0 <= drawn < len(shown) else None

    # ------------------------------------------------------------------ choices
    def choose(self, choice) -> Move:
        game = self.game
        p = choice.player
        kind = choice.kind
        options = choice.options
        if kind == "use":
            saving = [o for o in options if o != "none"]
            if not saving:
                return Move("choose", p, use="none")
            pick = next((o for o in SAVER_PREFERENCE if o in saving), saving[0])
            return Move("choose", p, use=pick)
        if kind == "position":
            lo, hi = options
            card = choice.context.get("card")
            if card in game.cards and game.cards[card].kind == "kitten":
                want = game.turns - 1 if game.current == p else 0
                if self.rng.random() < 0.25:
                    want = self.rng.randint(0, hi)
                return Move("choose", p, position=max(0, min(hi, want)))
            return Move("choose", p, position=self.rng.randint(0, hi))
        if kind == "card":
            held = game.hands[p]
            opts = [o for o in options if o in held] if choice.from_hand else list(options)
            if not opts:
                return self.random_move(p)
            if choice.context.get("from") == "discard":
                return Move("choose", p, card=max(opts, key=lambda c: VALUE.get(c, 30)))
            return Move("choose", p, card=min(opts, key=lambda c: VALUE.get(c, 30)))
        if kind == "order":
            cards = choice.context.get("cards") or []
            order = sorted(range(options), key=lambda i: game.cards[cards[i]].kind == "kitten"
                           if i < len(cards) else False)
            return Move("choose", p, order=tuple(order))
        if kind == "keep":
            card = choice.context.get("card")
            if card is None:
                shown = game.seen.get(p) or []
                card = shown[0] if shown else None
            keep = not (card is not None and game.cards[card].kind == "kitten")
            return Move("choose", p, keep=keep)
        if kind == "player":
            return Move("choose", p, player=min(options, key=lambda q: len(game.hands[q])))
        return self.random_move(p)

    # ------------------------------------------------------------------ reactions
    def react(self, passed: str | None) -> Move | None:
        """Nope what is aimed at you (or an attack that lands on you); re-Nope your own."""
        game = self.game
        top = game.stack[-1]
        going = top.nopes % 2 == 0
        victim = None
        if going:
            if top.target is not None:
                victim = top.target
            elif top.card is not None and game.cards[top.card].kind == "attack":
                victim = game.next_player(top.by)
        for p in game.players:
            if p == passed or game.status[p] == "out":
                continue
            hand = game.hands[p]
            nope = next((c for c in hand if game.cards[c].is_nope), None)
            if nope is None:
                continue
            if top.by == p:
                if not going:
                    return Move("play", p, (nope,))
                continue
            if victim == p and (top.combo is not None or top.card in AGAINST_ME):
                return Move("play", p, (nope,))
        return None

    # ------------------------------------------------------------------ turns
    def turn(self, p: str) -> Move:
        game = self.game
        rng = self.rng
        if game.status[p] != LIVING:
            return self.random_move(p)
        if p in game.cursed:
            return Move("draw", p)
        if rng.random() < self.explore:
            return self.random_move(p)
        hand = game.hands[p]
        cards = game.cards
        top = self.top_believed(p)
        size = len(game.draw_pile)
        if top is not None and cards[top].kind == "kitten":
            for card in DODGES:
                if card in hand:
                    return self.play(p, card)
        elif top is None and size:
            living = sum(1 for q in game.players if game.status[q] == LIVING)
            risk = max(1, living - 1) / size
            if risk > 0.2:
                for card in PEEKS:
                    if card in hand:
                        return self.play(p, card)
                if risk > 0.45 and not any(cards[c].saves is not None for c in hand):
                    for card in DODGES:
                        if card in hand and not card.startswith("shuffle"):
                            return self.play(p, card)
        pair = self.cat_pair(p, hand)
        if pair is not None:
            return pair
        return Move("draw", p)

    def play(self, p: str, card: str) -> Move:
        game = self.game
        spec = game.cards[card]
        if spec.targets is not None:
            targets = spec.targets(game, p)
            if targets:
                others = [t for t in targets if t != p] or targets
                if spec.kind == "attack":
                    nxt = game.next_player(p)
                    target = nxt if nxt in others else others[0]
                elif game.status.get(others[0]) == DEAD:
                    target = min(others, key=lambda t: len(game.hands[t]))
                else:
                    target = max(others, key=lambda t: len(game.hands[t]))
                return Move("play", p, (card,), target=target)
        return Move("play", p, (card,))

    def cat_pair(self, p: str, hand: list[str]) -> Move | None:
        cards = self.game.cards
        for card in hand:
            spec = cards[card]
            if spec.cat and VALUE.get(card, 30) <= 30 and hand.count(card) >= 2:
                targets = self.game.others_with_cards(p)
                if targets:
                    target = max(targets, key=lambda t: len(self.game.hands[t]))
                    return Move("play", p, (card, card), target=target)
        return None


def play_out(game: Game, rng: random.Random, limit: int = 1000, passed: str | None = None) -> str | None:
    """Play ``game`` (a copy) to its end with the playout policy; returns the winner."""
    Playout(game, rng).run(limit, passed)
    return game.winner
