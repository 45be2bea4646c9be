"""Issue 28, item 12: a sampled game (what the search bot plays forward from) is a state the
real game could be in: it holds the invariants every real game holds, and it plays on
without an engine error (a playout error is loud here, never scored as a loss)."""

from __future__ import annotations

import random
from collections import Counter

from ekpeer.bots import make_bot
from ekpeer.bots.driver import step
from ekpeer.engine import IllegalMove, player_view
from ekpeer.engine.determinize import sample_game, table_facts
from ekpeer.plugins import installed, ruleset

ALL = ["base", *sorted(n for n in installed() if n != "base")]


def broken_invariants(game) -> list[str]:
    """What no real game, with nothing awaited, can show."""
    cards = game.cards
    holders = {c for c, s in cards.items() if s.extra.get("holds_kitten")}
    wrong = []
    if game.all_cards() != game.origin_cards:
        wrong.append("the table's cards changed")
    for p in game.players:
        kittens_in_front = [c for c in game.in_front[p] if cards[c].kind == "kitten"]
        status = game.status[p]
        if status == "living" and kittens_in_front:
            wrong.append(f"{p} is Living with {kittens_in_front} in front")
        if status == "dead" and len(kittens_in_front) != 1:
            wrong.append(f"{p} is Dead with {kittens_in_front} in front")
        if status != "out":
            loose = sum(1 for c in game.hands[p] if cards[c].kind == "kitten")
            if loose > sum(1 for c in game.hands[p] if c in holders):
                wrong.append(f"{p} holds kittens nothing lets them hold: {sorted(game.hands[p])}")
        elif game.hands[p]:
            wrong.append(f"{p} is out with cards in hand")
        if Counter(game.marked[p]) - Counter(game.hands[p]):
            wrong.append(f"{p}'s marked cards are not in the hand")
    if game.status[game.current] != "living" and not game.over:
        wrong.append(f"the current player {game.current} is not Living")
    return wrong


def test_sampled_games_hold_what_real_games_hold_and_play_on():
    rules = ruleset(ALL)
    checked = 0
    for seed in range(12):
        names = [f"p{i}" for i in range(2 + seed % 4)]
        game = rules.new_game(names, seed=seed)
        bots = {n: make_bot("random", seed * 10 + i) for i, n in enumerate(names)}
        facts = table_facts(rules, game.players, game.origin["deck"])
        moves = 0
        while not game.over and moves < 400:
            step(game, bots)
            moves += 1
            if game.awaiting or game.over or moves % 3:
                continue
            game.origin_cards = game.all_cards()
            assert broken_invariants(game) == [], "a real game"
            for seat in game.players:
                if game.status[seat] == "out":
                    continue
                sample = sample_game(rules, facts, player_view(game, seat), None, random.Random(moves))
                sample.origin_cards = game.all_cards()
                where = f"seed {seed} move {moves}, {seat}'s sample"
                assert broken_invariants(sample) == [], where
                _play_on(sample, random.Random(seed + moves), where)
                checked += 1
    assert checked > 100


def _play_on(game, rng: random.Random, where: str, limit: int = 60) -> None:
    """Random legal moves from the sample: an IllegalMove is the sampler's business (a move
    a real game would take), any other exception is an engine error, raised here."""
    for _ in range(limit):
        if game.over:
            return
        if game.awaiting:
            player = game.awaiting[0].player
        elif game.stack:
            game.apply(_resolve())
            continue
        else:
            player = game.current
        moves = game.legal_moves(player)
        assert moves, f"{where}: {player} has no legal move"
        try:
            game.apply(moves[rng.randrange(len(moves))])
        except IllegalMove as exc:
            raise AssertionError(f"{where}: a listed move was refused: {exc}") from None


def _resolve():
    from ekpeer.engine import Move
    return Move("resolve")


def test_a_playout_error_is_loud_in_tests(monkeypatch):
    import pytest

    from ekpeer.bots import expert
    from ekpeer.bots.driver import public_setup

    rules = ruleset(["base"])
    game = rules.new_game(["p0", "p1"], seed=4)
    bot = expert.ExpertBot(seed=2, playouts=10)
    bot.bind(public_setup(game))
    decision, _ = bot.prepare(player_view(game, game.current), game.legal_moves(game.current), react=False)

    def broken(*args, **kwargs):
        raise RuntimeError("a plugin's bug")

    monkeypatch.setattr(expert.Playout, "run", broken)
    with pytest.raises(RuntimeError):
        expert.decide(decision)
    monkeypatch.setenv(expert.LOUD_PLAYOUTS, "0")   # as players run it: scored as losses
    assert expert.decide(decision).failed > 0
