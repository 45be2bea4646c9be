"""A tree over the seat's own next decisions in a playout (single observer, open loop over
what the seat knows): the fourth design meant to let more time buy better play after the
candidate, not only surer scores. Off (``expert.OWN_TREE``): heads-up it won as the flat
search did at 0.2 s, 1 s and 3 s on the same deals (docs/bots.md, eleventh round).

The flat search scores each candidate by playouts in which the seat itself plays on by
habit, so the candidates are only as good as the habit that follows them (docs/bots.md,
*Limits*). With this on, each candidate grows its own tree: the seat's next ``DEPTH``
decisions in a playout are nodes keyed by what the seat knows there (its hand, the top
card it knows or believes, the pile's size, the draws it owes, the players still in, how
deep in the tree), never by a sampled hidden card, so one node pools every sample that
looks the same to the seat. A node plays the habit until it has been visited ``WARM``
times, then chooses by UCB1 among the habit, drawing, and each card it may play alone;
every node on a playout's path is scored with the playout's reward. With little time the
nodes stay cold and the search is the flat one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Move
from ..engine.game import LIVING
from . import own_turn
from .own_turn import DRAW, HABIT, RISK_STEPS, _alone, move_for

if TYPE_CHECKING:
    from .playout import Playout

#: How many of the seat's own decisions in a playout the tree chooses (then the habit).
DEPTH = 4
#: Visits a node plays the habit before it starts to choose.
WARM = 8
#: UCB1's exploration constant (rewards 0..1).
EXPLORE = 0.4
#: "fine": a node is the seat's hand, the top card it knows, the pile's size, the draws it
#: owes and the players still in; "coarse": the cards it may play alone and whether it holds
#: a saver instead of its hand, and the pile's odds in steps instead of its size (pools more).
KEY = "fine"


class Node(own_turn.Node):
    """What the seat knows at one of its decisions: the habit until warm, then UCB1."""

    __slots__ = ()

    def pick(self) -> int:
        return 0 if self.visits < WARM else super().pick(EXPLORE)


class OwnTree:
    """Every candidate's tree of one decision's search."""

    def __init__(self) -> None:
        self.nodes: dict[tuple, Node] = {}

    def walk(self, root: int) -> Walk:
        """The chooser of one playout of candidate ``root`` (give it to ``Playout.own``)."""
        return Walk(self, root)


class Walk:
    """The seat's own decisions in one playout, and the nodes they went through."""

    __slots__ = ("tree", "root", "path")

    def __init__(self, tree: OwnTree, root: int) -> None:
        self.tree = tree
        self.root = root
        self.path: list[tuple[Node, int]] = []

    def __call__(self, playout: Playout, p: str) -> Move | None:
        depth = len(self.path)
        if depth >= DEPTH:
            return None
        key = (self.root, depth, *_known(playout, p))
        nodes = self.tree.nodes
        node = nodes.get(key)
        if node is None:
            hand, cards = playout.game.hands[p], playout.game.cards
            node = nodes[key] = Node([HABIT, DRAW, *sorted({c for c in hand if _alone(cards.get(c))})])
        i = node.pick()
        self.path.append((node, i))
        return move_for(playout, p, node.options[i])

    def score(self, reward: float) -> None:
        for node, i in self.path:
            node.score(i, reward)


def _known(playout: Playout, p: str) -> tuple:
    """What seat ``p`` knows at its decision, as finely as ``KEY`` says."""
    game = playout.game
    hand = game.hands[p]
    living = [*game.status.values()].count(LIVING)
    size = len(game.draw_pile)
    if KEY == "coarse":
        cards = game.cards
        risk = max(1, living - 1) / size if size else 1.0
        playable = frozenset(c for c in hand if _alone(cards.get(c)))
        return (playable, not playout.traits.savers.isdisjoint(hand), playout.top_known(p),
                sum(risk >= edge for edge in RISK_STEPS), game.turns, living)
    return tuple(sorted(hand)), playout.top_known(p), size, game.turns, living
