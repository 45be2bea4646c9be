"""The search's own next turn (ekpeer.bots.own_turn): a node starts as the habit, widens
with its visits, and learns which of its options pays; in a search, only the searching
seat's first turn decision of each playout is chosen there."""

from __future__ import annotations

import random

from ekpeer.bots.driver import public_setup
from ekpeer.bots.expert import ExpertBot, decide
from ekpeer.bots.own_turn import DRAW, Node, OwnTurns
from ekpeer.bots.playout import Playout
from ekpeer.engine import player_view
from ekpeer.plugins import ruleset


def test_a_node_is_the_habit_at_first_then_widens_and_keeps_what_pays():
    node = Node(["habit", DRAW, "skip", "attack"])
    assert node.pick() == 0
    rewards = {0: 0.2, 1: 0.1, 2: 0.9, 3: 0.0}
    seen = []
    for _ in range(400):
        i = node.pick()
        seen.append(i)
        node.visits += 1
        node.counts[i] += 1
        node.sums[i] += rewards[i]
    assert seen[:4] == [0, 0, 0, 0]          # one option until four visits widen it
    assert set(seen) == {0, 1, 2, 3}
    assert node.best() == 2 and node.counts[2] > 200


def test_only_the_searching_seats_first_turn_decision_is_chosen_by_the_tree():
    rules = ruleset(["base"])
    names = ["p0", "p1", "p2", "p3"]
    tree = OwnTurns()
    for seed in range(6):
        game = rules.new_game(names, seed=seed)
        playout = Playout(game, random.Random(seed), watch="p1")
        asked = []
        own = tree.follow()

        def chooser(p, who, own=own, asked=asked):
            asked.append((who, p.game.current))
            return own(p, who)

        playout.own = chooser
        playout.run(800)
        assert asked and all(who == "p1" == current for who, current in asked)
        assert own.node is not None
        own.score(playout.reward("p1"))
    assert all(node.visits >= 1 for node in tree.nodes.values())


def test_a_search_builds_nodes_of_its_own_next_turn_and_stays_a_pure_function(monkeypatch):
    import ekpeer.bots.expert as expert

    monkeypatch.setattr(expert, "OWN_TURNS", True)
    rules = ruleset(["base"])
    game = rules.new_game(["p0", "p1", "p2", "p3"], seed=5)
    bot = ExpertBot(seed=2, playouts=400)
    bot.bind(public_setup(game))
    me = game.current
    decision, _ = bot.prepare(player_view(game, me), game.legal_moves(me), react=False)
    assert decision is not None
    first, second = decide(decision), decide(decision)
    assert first.nodes > 0
    assert (first.move, first.scores, first.nodes) == (second.move, second.scores, second.nodes)
    monkeypatch.setattr(expert, "OWN_TURNS", False)     # the default: the flat search
    assert decide(decision).nodes == 0
