"""What legal moves keep or skip for speed changes no list, at every step of random games of
every expansion: the choose moves kept (``PlayTable.answers_of``) against a reference built
anew without any kept move (a stale or wrongly keyed move would differ here), and the
players ``may_play_now`` leaves out (the driver asks no one else) against every player's
own legal moves."""

from __future__ import annotations

from itertools import islice, permutations

import pytest
from test_engine_stream import SETS as STREAM_SETS  # tests/ is on the path (pytest puts it there)

from ekpeer.bots import make_bot
from ekpeer.bots.driver import step
from ekpeer.engine import Move
from ekpeer.engine.legal import PlayTable, _chosen, choice_moves, may_play_now
from ekpeer.plugins import installed, ruleset

#: the expansion sets the stream hashes play, and one whose plugin adds moves of its own
SETS = {**STREAM_SETS, "party+streaking": (("base", "party", "streaking"), "party_pack", 8)}


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
def test_kept_and_skipped_moves_match_the_full_lists(name: str) -> None:
    plugins, deck, most = SETS[name]
    if not set(plugins) <= set(installed()):
        pytest.skip(f"{name} plugin not installed")
    rules = ruleset(plugins)
    checked = idle = 0
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
            if not game.awaiting and not game.stack and moves % 3 == 0:
                offered = may_play_now(game)
                assert offered == [p for p in game.players if p in offered]  # in seat order
                movers = [p for p in game.players if p != game.current and game.legal_moves(p)]
                assert set(movers) <= set(offered), (movers, offered)
                idle += 1
            step(game, bots)
            moves += 1
    assert checked > 0 and idle > 0


def test_an_answer_that_cannot_be_a_key_is_built_each_time() -> None:
    """A plugin's options need not be hashable: such answers are built, not kept."""
    table = PlayTable({})
    moves = _chosen("p0", "card", [["a", "b"], ["c"]], table)
    assert moves == [Move("choose", "p0", card=["a", "b"]), Move("choose", "p0", card=["c"])]
    assert _chosen("p0", "card", ["x", "x"], table) == [Move("choose", "p0", card="x")] * 2
    assert _chosen("p0", "use", ["x"], table) == [Move("choose", "p0", use="x")]


def test_a_now_card_held_off_turn_is_offered() -> None:
    """The Party Pack's deck deals no NOW card, so its games above never offer one off-turn:
    here copies of their states are handed one (a Shuffle NOW, then an Alter the Future NOW)
    by a player not on turn, who must then be among those asked, with a move to make."""
    rules = ruleset(["base", "party"])
    players = ["p0", "p1", "p2", "p3"]
    handed = 0
    for seed in range(4):
        game = rules.new_game(players, seed=seed, deck="party_pack")
        bots = {p: make_bot("random", seed * 16 + i) for i, p in enumerate(players)}
        moves = 0
        while not game.over and moves < 400:
            if not game.awaiting and not game.stack:
                for card in ("shuffle_now", "alter_the_future_now"):
                    copy = game.clone()
                    holder = next(p for p in copy.players if p != copy.current and copy.status[p] != "out")
                    copy.hands[holder].append(card)
                    movers = [p for p in copy.players if p != copy.current and copy.legal_moves(p)]
                    assert holder in movers
                    assert set(movers) <= set(may_play_now(copy))
                    handed += 1
            step(game, bots)
            moves += 1
    assert handed > 0
