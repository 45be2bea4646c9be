"""The tree over the seat's own next decisions (ekpeer.bots.own_tree, off by default): a node
plays the habit until warm, then learns what pays; its key is only what the seat knows; a
search with it grows a tree per candidate and stays a pure function."""

from __future__ import annotations

import random

from ekpeer.bots import own_tree
from ekpeer.bots.own_tree import WARM, Node, OwnTree
from ekpeer.bots.own_turn import DRAW, HABIT
from ekpeer.bots.playout import Playout
from ekpeer.plugins import ruleset


def test_a_node_plays_the_habit_until_warm_then_spends_its_visits_on_what_pays():
    node = Node([HABIT, DRAW, "skip"])
    rewards = {0: 0.3, 1: 0.1, 2: 0.9}
    picked = []
    for _ in range(400):
        i = node.pick()
        picked.append(i)
        node.score(i, rewards[i])
    assert picked[:WARM] == [0] * WARM
    assert sorted(picked[WARM:WARM + 2]) == [1, 2]      # then each untried option once
    assert node.counts[2] > 300


def test_a_node_is_keyed_on_what_the_seat_knows_never_on_a_hidden_card():
    rules = ruleset(["base"])
    game = rules.new_game(["p0", "p1", "p2"], seed=4)
    other = game.clone(seed=1)
    me = game.current
    pile = other.draw_pile._cards                        # bottom first: swap the top with a deeper card
    j = next(i for i in range(len(pile)) if pile[i] != pile[-1])
    pile[-1], pile[j] = pile[j], pile[-1]
    a, b = (p for p in other.players if p != me)
    i = next(i for i, c in enumerate(other.hands[a]) if c not in other.hands[b])
    other.hands[a][i], other.hands[b][0] = other.hands[b][0], other.hands[a][i]
    keys = []
    for g in (game, other):
        tree = OwnTree()
        walk = tree.walk(0)
        walk(Playout(g, random.Random(0), watch=me), me)
        keys.append(next(iter(tree.nodes)))
    assert keys[0] == keys[1]


def test_a_search_grows_a_tree_per_candidate_and_stays_a_pure_function(monkeypatch, deeper_search):
    monkeypatch.setattr(own_tree, "WARM", 2)
    deeper_search("OWN_TREE", 2, 5, 600)
