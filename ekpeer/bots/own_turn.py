"""The search's own later turns, learned during the search: a second level over what the seat
will know then, so that more time buys better play after the candidate, not only surer scores.

Flat Monte Carlo scores each candidate move by playouts in which the seat itself plays on
by habit. That settles soon and then more time buys nothing: the candidates are only as
good as the habit that follows them. So a search with this on (``expert.OWN_TURNS``) works
in two phases:

1. **Learning** (the first ``LEARN_SHARE`` of the budget): every candidate is played out as
   usual, but the seat's first turn decision after it is chosen by a bandit (UCB1) at its
   *node*, and the playout's reward is scored there, not on the candidate. A node is an
   information set of the seat's own, coarse enough to pool many playouts: the cards it may
   play alone, whether it holds a saver, whether it believes the top card a kitten (or knows
   it safe), the pile's odds in a few steps, the draws it owes and the players still in.
   Those are all things the seat will know then, never a sampled hidden card.
2. **Racing**: the candidates are compared as in the flat search, and on every turn of its
   own in those playouts the seat plays a node's learned option *only where it clearly beat
   the habit* there (``Z`` standard errors over at least ``MIN_VISITS`` visits each);
   elsewhere it keeps the habit. The policy is fixed for the race, so the paired
   comparison of the candidates stays fair.

With little time no node is sure of anything and the race is the flat search (on the rest of
the budget); with more, the seat's own later turns are played better than the habit, and
the candidates are scored by that better play.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..engine import Move
from ..engine.game import LIVING

if TYPE_CHECKING:
    from .playout import Playout

#: Share of a search's budget spent learning the nodes before the race.
LEARN_SHARE = 0.5
#: UCB1's exploration constant while learning (rewards 0..1).
EXPLORE = 0.5
#: Visits an option needs (and the habit too) before it may replace the habit in the race.
MIN_VISITS = 30
#: How many standard errors an option must lead the habit by to replace it in the race.
Z = 2.0
#: Where the pile's odds (players still in, less one, over its size) change step.
RISK_STEPS = (0.1, 0.2, 0.3, 0.45, 0.7)
#: The option that stands for whatever the habit does there.
HABIT = "habit"
DRAW = "draw"


class Node:
    """One information set of the seat's: its options and what each earned."""

    __slots__ = ("options", "visits", "counts", "sums", "squares")

    def __init__(self, options: list[str]) -> None:
        self.options = options
        self.visits = 0
        self.counts = [0] * len(options)
        self.sums = [0.0] * len(options)
        self.squares = [0.0] * len(options)

    def pick(self, explore: float | None = None) -> int:
        """The option to try while learning: an untried one, else UCB1's best (``explore``: its
        constant, ``EXPLORE`` unless told)."""
        for i, count in enumerate(self.counts):
            if not count:
                return i
        log = math.log(self.visits)
        c = EXPLORE if explore is None else explore
        return max(range(len(self.options)), key=lambda i: self.sums[i] / self.counts[i]
                   + c * math.sqrt(log / self.counts[i]))

    def score(self, i: int, reward: float) -> None:
        self.visits += 1
        self.counts[i] += 1
        self.sums[i] += reward
        self.squares[i] += reward * reward

    def mean(self, i: int) -> float:
        return self.sums[i] / self.counts[i] if self.counts[i] else 0.0

    def trusted(self) -> int:
        """The option to play in the race: the habit (0), unless another clearly beat it."""
        if self.counts[0] < MIN_VISITS:
            return 0
        best = max((i for i in range(1, len(self.options)) if self.counts[i] >= MIN_VISITS),
                   key=self.mean, default=0)
        if best == 0:
            return 0
        lead = self.mean(best) - self.mean(0)
        return best if lead > Z * math.sqrt(self._var(best) / self.counts[best]
                                            + self._var(0) / self.counts[0]) else 0

    def _var(self, i: int) -> float:
        n, mean = self.counts[i], self.mean(i)
        return max(self.squares[i] / n - mean * mean, 1e-4) * n / max(1, n - 1)


class OwnTurns:
    """The nodes of one decision's search, shared by every candidate."""

    def __init__(self) -> None:
        self.nodes: dict[tuple, Node] = {}

    def follow(self, learning: bool = True) -> OwnTurn:
        """The chooser of one playout (give it to ``Playout.own``): learning, or racing."""
        return OwnTurn(self, learning)

    def key(self, playout: Playout, p: str) -> tuple:
        """What the seat knows on its turn, coarsely (see the module docs)."""
        game = playout.game
        hand = game.hands[p]
        t = playout.traits
        top = playout.top_known(p)
        living = [*game.status.values()].count(LIVING)
        size = len(game.draw_pile)
        risk = max(1, living - 1) / size if size else 1.0
        step = sum(risk >= edge for edge in RISK_STEPS)
        cards = game.cards
        playable = frozenset(c for c in hand if _alone(cards.get(c)))
        believed = None if top is None else top in t.kittens
        return (playable, not t.savers.isdisjoint(hand), believed, step, min(game.turns, 2), living)

    def node(self, playout: Playout, p: str, make: bool = True) -> Node | None:
        key = self.key(playout, p)
        node = self.nodes.get(key)
        if node is None and make:
            node = self.nodes[key] = Node([HABIT, DRAW, *sorted(key[0])])
        return node


def move_for(playout: Playout, p: str, option: str) -> Move | None:
    """The move a node's ``option`` stands for: None for the habit, a draw, or the card played."""
    if option == HABIT:
        return None
    if option == DRAW:
        return Move.draw(p)
    return playout.play(p, option)


def _alone(spec) -> bool:
    """A card worth trying on its own on our turn: playable alone, no Nope (nothing to Nope)."""
    return spec is not None and spec.playable and not spec.is_nope and spec.kind != "kitten"


class OwnTurn:
    """The seat's own turns in one playout: the first learned (and scored), or each raced."""

    __slots__ = ("tree", "learning", "node", "chosen")

    def __init__(self, tree: OwnTurns, learning: bool) -> None:
        self.tree = tree
        self.learning = learning
        self.node: Node | None = None
        self.chosen = 0

    def __call__(self, playout: Playout, p: str) -> Move | None:
        if self.learning:
            if self.node is not None:
                return None  # only the first turn decision is learned; the rest is habit
            node = self.node = self.tree.node(playout, p)
            assert node is not None
            self.chosen = i = node.pick()
        else:
            node = self.tree.node(playout, p, make=False)
            i = node.trusted() if node is not None else 0
        return move_for(playout, p, node.options[i] if node is not None else HABIT)

    def score(self, reward: float) -> None:
        if self.learning and self.node is not None:
            self.node.score(self.chosen, reward)
