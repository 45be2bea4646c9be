"""The Barking Kittens box's own tests: its scenarios pass, its Barking Kittens are dealt into
the draw pile only, and random games with it (alone, and beside every built-in box) keep
every card in one place and finish."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ekpeer.engine import Move
from ekpeer.plugins import ruleset
from ekpeer.scenario import run

HERE = Path(__file__).resolve().parents[1]
EVERYTHING = ["base", "barking", "imploding", "party", "streaking", "zombie"]


def test_scenarios_pass():
    results, ok = run([str(HERE / "scenarios")])
    assert ok, [r.line() for r in results if not r.ok]
    assert len(results) == 6


def test_the_box_holds_twenty_cards_and_brings_base():
    rules = ruleset(["barking"])
    assert rules.plugins == ["barking", "base"]
    assert sum(c.counts.get("barking", 0) for c in rules.cards.values()) == 20
    # reused cards keep their one implementation; at this table the barking box brings them
    assert rules.cards["ill_take_that"].plugin == "barking"


@pytest.mark.parametrize("players", [2, 3, 5])
def test_barking_kittens_are_never_dealt_into_a_hand(players):
    rules = ruleset(["base", "barking"])
    for seed in range(40):
        game = rules.new_game([f"p{i}" for i in range(players)], seed=seed)
        assert not any("barking_kitten" in hand for hand in game.hands.values())
        assert game.draw_pile.count("barking_kitten") == 2


@pytest.mark.parametrize("plugins", [["base", "barking"], EVERYTHING])
def test_random_games_keep_every_card_and_finish(plugins):
    rules = ruleset(plugins)
    for seed in range(25):
        rng = random.Random(seed)
        game = rules.new_game([f"p{i}" for i in range(2 + seed % 4)], seed=seed)
        total = game.all_cards()
        for _ in range(3000):
            if game.over:
                break
            moves = [m for p in game.players for m in game.legal_moves(p)]
            if game.reaction_open and not game.awaiting:
                moves.append(Move("resolve"))
            game.apply(rng.choice(moves))
            assert game.all_cards() == total
        assert game.over, f"seed {seed}: no end in 3000 moves"
