"""A move from the wire is checked before the rules see it: a refusal never repeats more of
what a client sent than a card id's length (security.md §4)."""

from __future__ import annotations

import pytest

from ekpeer.engine import IllegalMove, Move
from ekpeer.engine.moves import TEXT_LEN
from ekpeer.plugins import ruleset


@pytest.mark.parametrize("sent", [
    {"do": "play", "cards": ["favor"], "target": "t" * 60000},
    {"do": "play", "cards": ["y" * 60000]},
    {"do": "play", "cards": ["a" * 20000, "b" * 20000, "c" * 20000]},
    {"do": "play", "cards": ["tacocat"] * 3, "target": "bob", "name": "n" * 5000},
    {"do": "choose", "card": "c" * 100},
])
def test_a_move_with_a_text_too_long_is_refused_without_repeating_it(sent):
    with pytest.raises(IllegalMove) as info:
        Move.from_dict(sent)
    assert info.value.code == "bad_move" and len(info.value.message) < 100


def test_a_refusal_names_at_most_a_card_ids_length_of_what_was_sent():
    rules = ruleset(["base"])
    game = rules.game_from_table({"players": ["ann", "bob"], "draw_pile": ["skip"],
                                  "hands": {"ann": ["favor"], "bob": ["nope"]}})
    for sent in ({"do": "play", "cards": ["favor"], "target": "t" * TEXT_LEN},
                 {"do": "play", "cards": ["y" * TEXT_LEN]}):
        with pytest.raises(IllegalMove) as info:
            game.apply(Move.from_dict({**sent, "by": "ann"}))
        assert len(info.value.message) <= TEXT_LEN + 60, info.value.message
