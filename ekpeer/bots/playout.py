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
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine import IllegalMove, Move
from ..engine.game import DEAD, LIVING, OUT
from ..engine.pile import FACE_UP
from ..engine.rng import below
from .cardbook import DEFAULT_VALUE, CardBook
from .heuristic import AGAINST_ME

if TYPE_CHECKING:
    from ..engine import Game
    from ..engine.ruleset import Ruleset

RESOLVE = Move("resolve")
#: How often a seat makes a random legal move on its turn instead of its habit.
EXPLORE = 0.05
#: How often a kitten goes back at a random place instead of the habitual one.
SCATTER = 0.1
#: The watched seat believes a kitten another seat put back lies where the next player
#: draws it (False: only to measure without it, scripts/bench_variants).
AIM_AWARE = True
#: A lost playout's reward for outliving every other seat but the winner (see ``reward``).
SHAPE = 0.25


class Traits:
    """What the policy needs to know of a table's cards, worked out once per ruleset from
    their traits and ``bot_value`` (the heuristic bot's card book), never from their ids."""

    def __init__(self, rules: Ruleset) -> None:
        cards = rules.cards
        book = self.book = CardBook.of_specs(cards)
        self.kittens = frozenset(c for c, s in cards.items() if "kills" in s.traits)
        self.nopes = tuple(c for c, s in cards.items() if s.is_nope)
        self.savers = frozenset(c for c, s in cards.items() if s.saves is not None)
        self.cats = tuple(c for c, s in cards.items() if s.cat and book.value(c) <= DEFAULT_VALUE)
        self.cat_set = frozenset(self.cats)
        #: cards a playout seat plays to avoid a draw it fears (in this order)
        self.dodges = book.having("dodges")
        self.quiet_dodges = book.having("dodges", without=("shuffles",))
        self.peeks = book.having("peeks", without=("dodges", "ends_turn"))
        self.attacks = frozenset(book.having("attacks"))
        self.against_me = frozenset(c for t in AGAINST_ME for c in book.having(t))
        self.bottom_drawers = frozenset(book.having("draws_bottom"))


_TRAITS: dict[int, tuple[Ruleset, Traits]] = {}


def traits(rules: Ruleset) -> Traits:
    hit = _TRAITS.get(id(rules))
    if hit is None or hit[0] is not rules:
        hit = (rules, Traits(rules))
        _TRAITS[id(rules)] = hit
    return hit[1]


class Playout:
    """One playout: the game it plays, its dice, and what each seat was shown in it."""

    __slots__ = ("game", "rng", "seen", "placed", "aimed", "explore", "traits", "watch", "fell_behind",
                 "settled", "stop_when_out", "own")

    def __init__(self, game: Game, rng: random.Random, explore: float | None = None,
                 watch: str | None = None) -> None:
        self.game = game
        self.rng = rng
        # read at each playout, not bound at import, so a bench can set EXPLORE
        self.explore = EXPLORE if explore is None else explore
        self.traits = traits(game.ruleset)
        # player -> (the shown list object, pile size when first noticed)
        self.seen: dict[str, tuple[list[str], int]] = {}
        # player -> (kitten, its depth, pile size) of the kitten they last put back
        self.placed: dict[str, tuple[str, int, int]] = {}
        #: the kitten another seat last put back, as ``watch`` believes it lies: where the next
        #: player draws it (the search bot itself believes that: ekpeer.bots.placements), so
        #: its own turns in a playout dodge it as it would at the table
        self.aimed: tuple[str, int, int] | None = None
        self.watch = watch
        self.fell_behind: int | None = None  # others already out when ``watch`` fell
        #: the playout stopped once ``watch`` was Out: its reward is known (see ``run``)
        self.settled = False
        #: stop once ``watch`` is Out (see ``run``); a test plays on to compare
        self.stop_when_out = True
        #: the searcher's own say on ``watch``'s turns (ekpeer.bots.own_turn): a move, or None
        #: for the habit
        self.own: Callable[[Playout, str], Move | None] | None = None

    # ------------------------------------------------------------------ the loop
    def run(self, limit: int = 1000, first: str | None = None, deadline: float | None = None,
            clock: Callable[[], float] = time.perf_counter) -> int:
        """Play until the game ends, ``limit`` moves or ``deadline`` (on ``clock``); returns
        the moves made.

        ``first`` is a seat that has just passed in the open reaction window: it does not
        react again until the window changes (the search's "pass" candidate).
        """
        game = self.game
        status = game.status
        watch = self.watch
        n = 0
        passed = first
        window = len(game.stack), (game.stack[-1].nopes if game.stack else 0)
        # Out is for good, and with no plugin ruling on the game's end only Living players win:
        # once the watched seat is Out its reward is settled, and the rest need not be played
        final_when_out = self.stop_when_out and not game.hooked["ekpeer_game_over"]
        while not game.winners and n < limit:
            if passed is not None and (len(game.stack), game.stack[-1].nopes if game.stack else 0) != window:
                passed = None
            move = self.next_move(passed)
            try:
                game.apply(move)
            except IllegalMove:
                game.apply(self.random_move(move.by))
            n += 1
            if watch is not None and self.fell_behind is None and status[watch] != LIVING:
                self.fell_behind = sum(1 for p in game.players if p != watch and status[p] != LIVING)
                if final_when_out and status[watch] == OUT:
                    self.settled = True
                    break
            if deadline is not None and not n % 64 and clock() > deadline:
                break
        return n

    def reward(self, player: str) -> float:
        """1 for a win (a share of it when several share it); a loser earns a little for each
        seat it outlived (less noise than wins alone, and outliving is how the game is won)."""
        game = self.game
        if player in game.winners:
            return 1.0 / len(game.winners)
        if self.fell_behind is None or len(game.players) < 3 or not (game.winners or self.settled):
            return 0.0
        return SHAPE * self.fell_behind / (len(game.players) - 1)

    def random_move(self, player: str | None) -> Move:
        game = self.game
        moves = game.legal_moves(player) if player is not None else None
        if not moves:  # nothing for them: whoever the game waits on moves instead
            moves = game.legal_moves(game.awaiting[0].player if game.awaiting else game.current)
        if not moves:
            return RESOLVE
        return moves[below(self.rng, len(moves))]

    def next_move(self, passed: str | None = None) -> Move:
        game = self.game
        if game.awaiting:
            return self.choose(game.awaiting[0])
        if game.stack:
            return self.react(passed) or RESOLVE
        return self.turn(game.current)

    # ------------------------------------------------------------------ knowledge
    def top_believed(self, player: str) -> str | None:
        """The top card ``player`` knows is there: one they were shown, or the kitten they put
        back, followed through the draws since. The engine tells a seat exactly what it knows
        of the pile (``known_pile``), so a belief the top card no longer bears out (a shuffle
        went by) is no knowledge (that check stands in for the engine's, which playouts skip)."""
        game = self.game
        pile = game.draw_pile
        size = len(pile)
        if not size:
            return None
        top = pile.peek(1)[0]
        placed = self.placed.get(player)
        if placed is not None:
            left = _left_above(placed, size)
            if left < 0:
                del self.placed[player]
            elif left == 0 and top == placed[0]:
                return top
        aimed = self.aimed
        if aimed is not None and player == self.watch:
            left = _left_above(aimed, size)
            if left < 0:
                self.aimed = None
            elif left == 0 and top == aimed[0]:
                return top
        shown = game.seen.get(player)
        if not shown:
            return None
        mine = self.seen.get(player)
        if mine is None or mine[0] is not shown:
            self.seen[player] = (shown, size)
            return shown[0] if shown[0] == top else None
        drawn = mine[1] - size
        believed = shown[drawn] if 0 <= drawn < len(shown) else None
        return believed if believed == top else None

    def top_known(self, player: str) -> str | None:
        """The top card ``player`` believes (:meth:`top_believed`), or a face-up one there (an
        Imploding Kitten: everyone sees it)."""
        game = self.game
        top = self.top_believed(player) if game.seen or self.placed or self.aimed else None
        pile = game.draw_pile
        if top is None and pile and pile.is_face_up(0):
            top = pile.peek(1)[0]
        return top

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
            pick = min(saving, key=self.traits.book.value)   # the cheapest saver
            return Move("choose", p, use=pick)
        if kind == "position":
            hi = options[1]
            card = choice.context.get("card")
            if card in self.traits.kittens and self.rng.random() >= SCATTER:
                want = max(0, min(hi, game.turns - 1 if game.current == p else 0))
            else:
                want = below(self.rng, hi + 1)  # self.rng.randint(0, hi), draw for draw
            if card in self.traits.kittens:  # they know where it went (the engine tells them)
                self.placed[p] = (card, min(want, len(game.draw_pile)), len(game.draw_pile) + 1)
                if AIM_AWARE and p != self.watch and self.watch is not None:
                    # the watched seat believes it aimed at the next player (on top after the
                    # draws its placer still owes), as the search bot does at the table
                    aim = max(0, game.turns - 1 if game.current == p else 0)
                    self.aimed = (card, aim, len(game.draw_pile) + 1)
            return Move("choose", p, position=want)
        if kind == "card":
            held = game.hands[p]
            none = "none" in choice.context and "none" in options
            opts = [o for o in options if o != "none" or not none]
            opts = [o for o in opts if o in held] if choice.from_hand else opts
            if none:    # a choice that may be declined: never a card that kills, else no card
                opts = [o for o in opts if o not in self.traits.kittens]
                if not opts:
                    return Move("choose", p, card="none")
            if not opts:
                return self.random_move(p)
            if choice.context.get("from") == "discard":
                return Move("choose", p, card=max(opts, key=self.traits.book.value))
            return Move("choose", p, card=min(opts, key=self.traits.book.value))
        if kind == "order":
            cards = choice.context.get("cards") or []
            kittens = self.traits.kittens
            order = sorted(range(options), key=lambda i: i < len(cards) and cards[i] in kittens)
            return Move("choose", p, order=tuple(order))
        if kind == "keep":
            card = choice.context.get("card")
            if card is None:
                shown = game.seen.get(p) or []
                card = shown[0] if shown else None
            return Move("choose", p, keep=card not in self.traits.kittens)
        if kind == "player":
            return Move("choose", p, player=min(options, key=lambda q: len(game.hands[q])))
        return self.random_move(p)

    # ------------------------------------------------------------------ reactions
    def react(self, passed: str | None) -> Move | None:
        """Nope what is aimed at you (or an attack that lands on you); re-Nope your own."""
        nopes = self.traits.nopes
        if not nopes:
            return None
        game = self.game
        top = game.stack[-1]
        going = top.nopes % 2 == 0
        victim = None
        if going:
            if top.target is not None:
                victim = top.target
            elif top.card in self.traits.attacks:
                victim = game.next_player(top.by)
            if victim is None or not (top.combo is not None or top.card in self.traits.against_me):
                return None
        for p in (top.by,) if not going else (victim,):
            if p == passed or p is None or game.status.get(p) == "out":
                continue
            hand = game.hands[p]
            for nope in nopes:
                if nope in hand:
                    return Move.play(p, (nope,))
        return None

    # ------------------------------------------------------------------ turns
    def turn(self, p: str) -> Move:
        """``p``'s move on their turn: the habit (``habit``), now and then a random one."""
        game = self.game
        if game.status[p] != LIVING:
            return self.random_move(p)
        if p in game.cursed:
            return Move.draw(p)
        if self.own is not None and p == self.watch:
            move = self.own(self, p)
            if move is not None:
                return move
        if self.rng.random() < self.explore:
            return self.random_move(p)
        return self.habit(p)

    def habit(self, p: str) -> Move:
        """What the heuristic bot would do on ``p``'s turn (Living, not cursed)."""
        game = self.game
        hand = game.hands[p]
        t = self.traits
        top = self.top_known(p)
        if top is not None:
            if top in t.kittens:
                for card in t.dodges:
                    if card in hand and self.dodges_safely(card):
                        return self.play(p, card)
        else:
            size = len(game.draw_pile)
            if size:
                living = [*game.status.values()].count(LIVING)  # (one entry per seat)
                risk = max(1, living - 1) / size
                if risk > 0.2:
                    for card in t.peeks:
                        if card in hand:
                            return self.play(p, card)
                    if risk > 0.45 and t.savers.isdisjoint(hand):
                        for card in t.quiet_dodges:
                            if card in hand and self.dodges_safely(card):
                                return self.play(p, card)
        if len(hand) > 1 and not t.cat_set.isdisjoint(hand):
            for card in t.cats:
                if hand.count(card) >= 2:
                    targets = game.others_with_cards(p)
                    if targets:
                        target = max(targets, key=lambda q: len(game.hands[q]))
                        return Move.play(p, (card, card), target)
        return Move.draw(p)

    def dodges_safely(self, card: str) -> bool:
        """Not a card that draws from the bottom onto a kitten lying face up there (everyone
        sees it)."""
        if card not in self.traits.bottom_drawers:
            return True
        pile = self.game.draw_pile
        n = len(pile)
        return not (n and pile.is_face_up(n - 1) == FACE_UP and pile.peek(n)[-1] in self.traits.kittens)

    def play(self, p: str, card: str) -> Move:
        game = self.game
        spec = game.cards[card]
        if spec.targets is not None:
            targets = spec.targets(game, p)
            if targets:
                others = [q for q in targets if q != p] or targets
                if card in self.traits.attacks:
                    nxt = game.next_player(p)
                    target = nxt if nxt in others else others[0]
                elif game.status.get(others[0]) == DEAD:
                    target = min(others, key=lambda q: len(game.hands[q]))
                else:
                    target = max(others, key=lambda q: len(game.hands[q]))
                return Move.play(p, (card,), target)
        return Move.play(p, (card,))


def _left_above(put_back: tuple[str, int, int], size: int) -> int:
    """Cards still above a kitten put back at ``(card, depth, pile size then)``, now that the
    pile holds ``size`` (negative: it has been drawn)."""
    _, depth, then = put_back
    return depth - (then - size)


def play_out(game: Game, rng: random.Random, limit: int = 1000, passed: str | None = None) -> list[str]:
    """Play ``game`` (a copy) to its end with the playout policy; returns the winners."""
    Playout(game, rng).run(limit, passed)
    return list(game.winners)
