"""A saver offered for one kitten but spent on another while the choice waited.

Found by the search bot's playouts (issue 31): a cursed player (Streaking Kittens' Curse of
the Cat Butt) draws an Exploding Kitten and turns up cards for a saver; losing the
Streaking Kitten sets off the kitten it held, whose "save yourself?" is asked while the
first kitten's search goes on and spends the only Zombie Kitten. Answering the second with
the card it offered must not crash: it is asked again with what is left (or the player dies).
"""

from __future__ import annotations

import pytest

from ekpeer.engine import Move
from ekpeer.engine.pile import DrawPile
from ekpeer.plugins import installed, ruleset

ALL = ["base", *sorted(n for n in installed() if n != "base")]


@pytest.mark.parametrize("seed", [1, 2, 12, 20])   # the curse turns up the Zombie Kitten late
def test_a_saver_spent_while_its_choice_waited_is_not_spent_twice(seed):
    rules = ruleset(ALL)
    names = ["p0", "p1", "p2", "p3"]
    game = rules.new_game(names, seed=seed)
    hand = ["tacocat", "hairy_potato_cat", "catomic_bomb", "clairvoyance", "attack_of_the_dead",
            "streaking_kitten", "favor", "exploding_kitten", "beard_cat", "zombie_kitten", "mark",
            "reverse", "favor"]
    pile = game.draw_pile.top_first()
    for card in hand:
        if card in pile:
            pile.remove(card)
    pile.insert(0, pile.pop(pile.index("exploding_kitten")))
    game.draw_pile = DrawPile(pile)
    game.hands["p2"] = hand
    game.data["streaking"] = {"held": {"p0": 0, "p1": 0, "p2": 1, "p3": 0}, "busy": False, "cursed": ["p2"]}
    game.current, game.turns = "p2", 1
    game.apply(Move.draw("p2"))
    answered = 0
    while game.awaiting and answered < 20:
        choice = game.awaiting[0]
        moves = game.legal_moves(choice.player)
        use = [m for m in moves if m.use not in (None, "none")]
        game.apply(use[0] if use else moves[0])
        answered += 1
    assert not game.awaiting
    assert "zombie_kitten" not in game.hands["p2"]   # spent once, on one of the kittens
