"""The search's own next turn, searched too: a second level of the tree, over what the seat
will know then.

Flat Monte Carlo scores each candidate move by playouts in which the seat itself plays on
by habit. That settles soon (at 1 s, half the four-player decisions kept a single
candidate before half the budget was spent) and then more time buys nothing: the
candidates are only as good as the habit that follows them. So in every playout the
seat's first turn decision after the candidate is searched as well, by a small bandit
per *information set of its own*: the seat's hand, the pile's size, the draws it owes,
the top card it believes and the players still in. Those are all things the seat will
know at that point, never the sampled hidden cards, so a node pools the playouts of
different samples, and of different candidates that lead to the same place, as an
information-set tree does (single observer: the other seats play by habit).

A node starts with the habit's move alone and widens as it is visited (progressive
widening: ``1 + WIDEN * sqrt(visits)`` options: draw, then each card it may play alone),
choosing among them by UCB1. With little time a node stays the habit, and the search
is the flat one; with more, the seat's next turn is played better than the habit, and
the candidates' scores with it: the part of the bot that improves with its budget.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..engine import Move
from ..engine.game import LIVING

if TYPE_CHECKING:
    from .playout import Playout

#: How fast a node widens: options allowed = 1 + WIDEN * sqrt(visits).
WIDEN = 0.5
#: UCB1's exploration constant (rewards are 0..1; a four-player win rate is about 0.3).
EXPLORE = 0.35
#: The option that stands for the habit's own move when it is no single card nor a draw.
HABIT = "habit"
DRAW = "draw"


class Node:
    """One information set of the seat's: its options and what each earned."""

    __slots__ = ("options", "visits", "counts", "sums")

    def __init__(self, options: list[str]) -> None:
        self.options = options
        self.visits = 0
        self.counts = [0] * len(options)
        self.sums = [0.0] * len(options)

    def pick(self) -> int:
        """The option to try: an untried one among those allowed so far, else UCB1's best."""
        allowed = min(len(self.options), 1 + int(WIDEN * math.sqrt(self.visits)))
        for i in range(allowed):
            if not self.counts[i]:
                return i
        log = math.log(self.visits)
        return max(range(allowed), key=lambda i: self.sums[i] / self.counts[i]
                   + EXPLORE * math.sqrt(log / self.counts[i]))

    def best(self) -> int:
        tried = [i for i in range(len(self.options)) if self.counts[i]]
        return max(tried, key=lambda i: self.sums[i] / self.counts[i]) if tried else 0


class OwnTurns:
    """The nodes of one decision's search, shared by every candidate."""

    def __init__(self) -> None:
        self.nodes: dict[tuple, Node] = {}

    def follow(self) -> OwnTurn:
        """The chooser of one playout (give it to ``Playout.own``)."""
        return OwnTurn(self)

    def node(self, playout: Playout, p: str) -> Node:
        game = playout.game
        hand = game.hands[p]
        top = playout.top_believed(p) if game.seen or playout.placed or playout.aimed else None
        pile = game.draw_pile
        if top is None and pile and pile.is_face_up(0):
            top = pile.peek(1)[0]
        living = [*game.status.values()].count(LIVING)
        key = (tuple(sorted(hand)), len(pile), game.turns, top, living)
        node = self.nodes.get(key)
        if node is None:
            habit = _option(playout.habit(p))
            cards = game.cards
            rest = [DRAW, *sorted({c for c in hand if _alone(cards.get(c))})]
            node = self.nodes[key] = Node([habit, *(o for o in rest if o != habit)])
        return node


def _alone(spec) -> bool:
    """A card worth trying on its own on our turn: playable alone, no Nope (nothing to Nope)."""
    return spec is not None and spec.playable and not spec.is_nope and spec.kind != "kitten"


def _option(move: Move) -> str:
    if move.do == "draw":
        return DRAW
    if move.do == "play" and len(move.cards) == 1:
        return move.cards[0]
    return HABIT


class OwnTurn:
    """The seat's first turn decision in one playout: chosen at its node, scored after."""

    __slots__ = ("tree", "node", "chosen")

    def __init__(self, tree: OwnTurns) -> None:
        self.tree = tree
        self.node: Node | None = None
        self.chosen = 0

    def __call__(self, playout: Playout, p: str) -> Move | None:
        if self.node is not None:
            return None  # only the first turn decision is searched; the rest is habit
        node = self.node = self.tree.node(playout, p)
        self.chosen = i = node.pick()
        option = node.options[i]
        if option == HABIT:
            return playout.habit(p)
        if option == DRAW:
            return Move.draw(p)
        return playout.play(p, option)

    def score(self, reward: float) -> None:
        node = self.node
        if node is not None:
            node.visits += 1
            node.counts[self.chosen] += 1
            node.sums[self.chosen] += reward
