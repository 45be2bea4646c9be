"""The choose moves legal moves keep (``PlayTable.answers_of``) are the moves a fresh build
makes: compared, at every choice of random games of every expansion, with a reference
written without any kept move (a stale or wrongly keyed move would differ here)."""

from __future__ import annotations

from itertools import islice, permutations

import pytest

from ekpeer.bots import make_bot
from ekpeer.bots.driver import step
from ekpeer.engine import Move
from ekpeer.engine.legal import PlayTable, _chosen, choice_moves
from ekpeer.plugins import installed, ruleset

SETS = {
    "base": (("base",), None, 5),
    "imploding": (("base", "imploding"), None, 6),
    "zombie": (("base", "zombie"), None, 5),
    "streaking": (("base", "streaking"), None, 5),
    "party": (("base", "party"), "party_pack", 10),
}


def reference(game, player: str) -> list[Move]:
    """``choice_moves`` as the rules say it, each move built anew with keywords."""
    choice = next((c for c in game.awaiting if c.player == player), None)
    if choice is None:
        return []
    kind = choice.kind
    if kind == "position":
        return [Move("choose", player, position=p) for p in range(0, choice.options[1] + 1)]
    if kind == "order":
        return [Move("choose", player, order=p) for p in islice(permutations(range(choice.options)), 120)]
    if kind == "keep":
        return [Move("choose", player, keep=True), Move("choose", player, keep=False)]
    options = [o for o in choice.options if not choice.from_hand or o in game.hands[player]]
    return [Move("choose", player, **{kind: o}) for o in options]


@pytest.mark.parametrize("name", sorted(SETS))
def test_choose_moves_match_a_fresh_build(name: str) -> None:
    plugins, deck, most = SETS[name]
    if not set(plugins) <= set(installed()):
        pytest.skip(f"{name} plugin not installed")
    rules = ruleset(plugins)
    checked = 0
    for seed in range(12):  # the table's kept moves carry over from game to game, as in a host
        players = [f"p{i}" for i in range(2 + seed % (most - 1))]
        game = rules.new_game(players, seed=seed, deck=deck)
        game.recording = seed % 2 == 0
        bots = {p: make_bot("random", seed * 16 + i) for i, p in enumerate(players)}
        moves = 0
        while not game.over and moves < 3000:
            for choice in game.awaiting:
                assert choice_moves(game, choice.player) == reference(game, choice.player)
                checked += 1
            step(game, bots)
            moves += 1
    assert checked > 0


def test_an_answer_that_cannot_be_a_key_is_built_each_time() -> None:
    """A plugin's options need not be hashable: such answers are built, not kept."""
    table = PlayTable({})
    moves = _chosen("p0", "card", [["a", "b"], ["c"]], table)
    assert moves == [Move("choose", "p0", card=["a", "b"]), Move("choose", "p0", card=["c"])]
    assert _chosen("p0", "card", ["x", "x"], table) == [Move("choose", "p0", card="x")] * 2
    assert _chosen("p0", "use", ["x"], table) == [Move("choose", "p0", use="x")]
