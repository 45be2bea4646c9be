"""The search's own later turns (ekpeer.bots.own_turn): a node learns which of its options
pays while learning, and the race plays an option only where it clearly beat the habit; in
a search, learning chooses only the searching seat's first turn decision of a playout."""

from __future__ import annotations

import random

from ekpeer.bots.own_turn import DRAW, HABIT, MIN_VISITS, Node, OwnTurns
from ekpeer.bots.playout import Playout
from ekpeer.plugins import ruleset


def _learn(node: Node, rewards: dict[int, float], times: int) -> list[int]:
    picked = []
    for visit in range(times):
        i = node.pick()
        picked.append(i)
        node.score(i, rewards[i] if visit % 2 else rewards[i] / 2)  # a little noise
    return picked


def test_a_node_tries_every_option_then_spends_its_visits_on_what_pays():
    node = Node([HABIT, DRAW, "skip", "attack"])
    picked = _learn(node, {0: 0.2, 1: 0.1, 2: 0.9, 3: 0.0}, 400)
    assert sorted(picked[:4]) == [0, 1, 2, 3]
    assert max(range(4), key=node.mean) == 2 and node.counts[2] > 250


def test_the_race_keeps_the_habit_until_another_option_clearly_beat_it():
    node = Node([HABIT, DRAW, "skip"])
    assert node.trusted() == 0                         # nothing learned
    for _ in range(MIN_VISITS - 1):
        node.score(0, 0.2)
        node.score(2, 0.8)
    assert node.trusted() == 0                         # too few visits to trust
    node.score(0, 0.2)
    node.score(2, 0.8)
    assert node.trusted() == 2                         # a clear lead
    close = Node([HABIT, DRAW])
    for visit in range(200):                           # a lead within the noise
        close.score(0, float(visit % 2))
        close.score(1, float(visit % 2) if visit % 20 else 1.0)
    assert close.mean(1) > close.mean(0) and close.trusted() == 0


def _play(tree: OwnTurns, seed: int, learning: bool) -> list[tuple[str, str]]:
    game = ruleset(["base"]).new_game(["p0", "p1", "p2", "p3"], seed=seed)
    playout = Playout(game, random.Random(seed), watch="p1")
    asked = []
    own = tree.follow(learning)

    def chooser(p, who):
        asked.append((who, p.game.current))
        return own(p, who)

    playout.own = chooser
    playout.run(800)
    own.score(playout.reward("p1"))
    return asked


def test_learning_chooses_the_first_turn_decision_and_racing_asks_on_every_one():
    tree = OwnTurns()
    for seed in range(6):
        asked = _play(tree, seed, learning=True)
        assert asked and all(who == "p1" == current for who, current in asked)
    learned = {key: node.visits for key, node in tree.nodes.items()}
    assert sum(learned.values()) == 6
    racing = [_play(tree, seed, learning=False) for seed in range(6)]
    assert max(len(asked) for asked in racing) > 1     # every own turn is asked about
    assert {key: node.visits for key, node in tree.nodes.items()} == learned  # and not learned


def test_a_search_learns_its_own_turns_and_stays_a_pure_function(deeper_search):
    deeper_search("OWN_TURNS", 4, 5, 400)
