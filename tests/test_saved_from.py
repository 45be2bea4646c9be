"""A seat's ``saved_from``: the kittens its hand would save it from now, as the rules say
(each saver's ``saves``), so that a client asks before a draw it knows kills without
deciding which saver answers which kitten itself."""

from __future__ import annotations

import pytest

from ekpeer.engine.view import player_view, spectator_view
from ekpeer.plugins import ruleset

EVERY_BOX = ["base", "imploding", "zombie", "streaking", "party"]


def view_of(hand: list[str], **table) -> dict:
    rules = ruleset(EVERY_BOX)
    game = rules.game_from_table({"players": ["ann", "bob"], "current": "ann",
                                  "draw_pile": ["imploding_kitten:up", "tacocat", "exploding_kitten"],
                                  "hands": {"ann": hand, "bob": ["nope"]}, **table})
    return player_view(game, "ann")


@pytest.mark.parametrize(("hand", "saved"), [
    (["defuse", "skip"], ["exploding_kitten"]),
    (["zombie_kitten"], ["exploding_kitten"]),
    (["streaking_kitten"], ["exploding_kitten"]),
    (["streaking_kitten", "exploding_kitten"], []),      # it holds one kitten at a time
    (["streaking_kitten", "exploding_kitten", "defuse"], ["exploding_kitten"]),
    (["skip", "nope"], []),
])
def test_no_saver_answers_an_imploding_kitten(hand, saved):
    assert view_of(hand)["saved_from"] == saved


def test_a_hand_face_down_to_its_owner_says_nothing_of_its_savers():
    assert "saved_from" not in view_of(["defuse", "skip"], cursed=["ann"])
    rules = ruleset(EVERY_BOX)
    game = rules.game_from_table({"players": ["ann", "bob"], "current": "ann",
                                  "draw_pile": ["tacocat"], "hands": {"ann": ["defuse"], "bob": []}})
    assert "saved_from" not in spectator_view(game)
    assert player_view(game, "bob")["saved_from"] == []


def test_at_a_hosts_table_a_saver_whose_saves_raises_saves_nobody_in_the_view():
    """A third-party saver's bug must not stop every view at a host's table: it is set
    aside (``asked.py``), and the client asks before the draw as it would with no saver."""
    import dataclasses

    def boom(game, player, card, kitten):
        raise RuntimeError("a plugin's bug")

    rules = ruleset(["base"])
    game = rules.game_from_table({"players": ["ann", "bob"], "current": "ann",
                                  "draw_pile": ["exploding_kitten"], "hands": {"ann": ["defuse"], "bob": []}})
    game.cards = {**game.cards, "defuse": dataclasses.replace(game.cards["defuse"], saves=boom)}
    with pytest.raises(RuntimeError):       # a built-in card's bug fails loudly elsewhere
        player_view(game, "ann")
    game.failed_rules = {}
    assert player_view(game, "ann")["saved_from"] == []
    assert list(game.failed_rules) == [("defuse", "saves")]
