"""Issue 28: rules of round 3 that a scenario cannot say alone (what legal moves offer)."""

from __future__ import annotations

from ekpeer.engine import IllegalMove, Move
from ekpeer.plugins import ruleset


def rigged(expansions: list[str], hands: dict[str, list[str]], **table):
    rules = ruleset(expansions)
    return rules.game_from_table({"players": list(hands), "hands": hands,
                                  "draw_pile": ["tacocat", "beard_cat"], **table})


def test_legal_moves_offer_pairs_of_one_name_and_no_five_of_four_names():
    # ruling 34: Shuffle and Shuffle NOW are one name
    game = rigged(["base", "zombie"], {"ann": ["shuffle", "shuffle_now", "skip", "favor", "attack"],
                                       "bob": ["nope"]})
    moves = game.legal_moves("ann")
    combos = {tuple(sorted(m.cards)) for m in moves if len(m.cards) > 1}
    assert ("shuffle", "shuffle_now") in combos
    assert not [c for c in combos if len(c) == 5], combos   # five cards, four names
    for move in moves:   # every move offered is one the engine takes
        trial = game.clone()
        try:
            trial.apply(move)
        except IllegalMove as exc:
            raise AssertionError(f"offered but refused: {move}: {exc}") from None


def test_a_triple_of_two_names_is_offered_and_taken():
    game = rigged(["base", "zombie"], {"ann": ["shuffle", "shuffle", "shuffle_now"], "bob": ["favor"]})
    triples = [m for m in game.legal_moves("ann") if len(m.cards) == 3]
    assert triples and all(sorted(m.cards) == ["shuffle", "shuffle", "shuffle_now"] for m in triples)
    game.apply(Move("play", "ann", ("shuffle", "shuffle", "shuffle_now"), target="bob", name="favor"))
    game.apply(Move("resolve"))
    assert game.hands["ann"] == ["favor"]
