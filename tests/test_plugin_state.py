"""Expansion state lives with its plugin (issue 27, section 3): ``game.plugin_state(name)``,
which clone, snapshot and replay carry; the curse and I'll Take That's owner live there, not
in attributes of the game."""

from __future__ import annotations

from ekpeer.engine import Move
from ekpeer.engine.replay import replay
from ekpeer.plugins import ruleset

PARTY = ruleset(["base", "streaking", "party"])


def rigged():
    return PARTY.game_from_table({
        "players": ["ann", "bob", "cat"], "current": "ann", "cursed": ["cat"],
        "hands": {"ann": ["skip"], "bob": ["nope"], "cat": ["tacocat", "beard_cat"]},
        "in_front": {"bob": ["ill_take_that:ann"]},
        "draw_pile": ["cattermelon", "hairy_potato_cat", "shuffle", "favor"]})


def test_the_game_has_no_expansion_attributes():
    game = rigged()
    assert not hasattr(game, "laid_by")
    assert "cursed" not in vars(game)          # a read-only view of the plugins' answer
    assert game.plugin_state("ill_take_that") == {"bob": "ann"}
    assert game.plugin_state("streaking")["cursed"] == ["cat"]
    assert game.cursed == {"cat"}
    assert game.described() == {"cursed": ["cat"], "in_front": {"bob": ["ill_take_that:ann"]}}


def test_a_clone_carries_plugin_state_and_owns_its_copy():
    game = rigged()
    other = game.clone()
    assert other.snapshot() == game.snapshot()
    other.apply(Move("play", "ann", ("skip",)))
    other.apply(Move("resolve"))
    other.apply(Move("draw", "bob"))          # I'll Take That hands bob's draw to ann
    assert other.hands["ann"] == ["cattermelon"] and other.plugin_state("ill_take_that") == {}
    assert game.plugin_state("ill_take_that") == {"bob": "ann"}
    other.plugin_state("mine")["x"] = 1
    assert "mine" not in game.data


def test_the_snapshot_sees_plugin_state_but_not_a_read():
    game = rigged()
    before = game.snapshot()
    game.plugin_state("nobody")                # read: makes an empty state, changes nothing
    assert game.snapshot() == before
    game.plugin_state("streaking")["cursed"].remove("cat")
    assert game.snapshot() != before and game.cursed == frozenset()


def test_a_replay_rebuilds_plugin_state():
    game = rigged()
    for move in (Move("play", "ann", ("skip",)), Move("resolve"), Move("draw", "bob"),
                 Move("draw", "cat")):
        game.apply(move)
    assert game.cursed == frozenset()          # cat drew safely: the curse lifted
    again = replay(PARTY, game.origin, game.log)
    assert again.snapshot() == game.snapshot()


def test_a_card_handed_over_as_drawn_says_how_it_lay():
    """``receive_drawn(..., face_up=)``: a plugin that takes a card out of the pile and has
    it drawn says whether it lay face up; the Imploding Kitten reads it (face up: it kills)."""
    rules = ruleset(["base", "imploding"])
    for face_up, status in ((True, "out"), (False, "living")):
        game = rules.game_from_table({"players": ["ann", "bob", "cat"],
                                      "draw_pile": ["skip", "imploding_kitten:up"]})
        card, _ = game.draw_pile.remove_at(1)
        game.receive_drawn("ann", card, face_up=face_up)
        assert game.status["ann"] == status


def test_a_clairvoyance_watcher_knows_where_the_defused_kitten_went():
    """``put_back`` reads its ``watchers`` when the card goes back: a Clairvoyance played
    while the Defuser chooses joins them, and the pile remembers that they know the place
    (their odds count it)."""
    rules = ruleset(["base", "zombie"])
    game = rules.game_from_table({"players": ["ann", "bob"],
                                  "hands": {"ann": ["defuse"], "bob": ["clairvoyance"]},
                                  "draw_pile": ["exploding_kitten", "tacocat", "beard_cat"]})
    game.apply(Move("draw", "ann"))
    game.apply(Move("choose", "ann", use="defuse"))
    game.apply(Move("play", "bob", ("clairvoyance",)))
    game.apply(Move("choose", "ann", position=1))
    assert game.draw_pile.known_to("bob") == [(1, "exploding_kitten")]
