"""A card is the same card at every table (issue 27, section 3).

Registration changes no spec: which plugin a card comes from is decided per table (the
plugin implementing it when it is at the table, else the first there to declare it), not
by which table the process happened to build first. And a card reused by another box
brings its behaviour with it (``CardSpec.hooks``): a reused I'll Take That takes its
target's next draw, a reused Bury keeps its card accounted for, with no party plugin at
the table.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from ekpeer.engine import Move, Ruleset
from ekpeer.plugins import load_module, plugin_manager


def fresh(*names: str, extra: dict[str, object] | None = None) -> Ruleset:
    """A table's rules built now (not the process's cached ones)."""
    pm, order = plugin_manager(list(names), extra=extra)
    return Ruleset(pm, order)


def test_building_tables_changes_no_spec():
    for names in (("base", "imploding"), ("base", "party"), ("base", "party", "imploding"),
                  ("base", "zombie", "streaking", "party")):
        fresh(*names)
    for plugin in ("base", "imploding", "zombie", "streaking", "party"):
        module = load_module(plugin)
        assert [c.plugin for c in module.CARDS] == [""] * len(module.CARDS), plugin
        assert all(d.plugin == "" for d in getattr(module, "DECKS", []))


def test_a_cards_plugin_is_decided_by_its_table_alone():
    # Targeted Attack is implemented by imploding and reused by party
    for names in (("base", "imploding", "party"), ("base", "party", "imploding")):
        assert fresh(*names).cards["targeted_attack"].plugin == "imploding"
    # with no imploding plugin at the table, the party plugin brings it (the lobby lists
    # each table plugin's cards by this field)
    assert fresh("base", "party").cards["targeted_attack"].plugin == "party"
    fresh("base", "imploding")
    assert fresh("base", "party").cards["targeted_attack"].plugin == "party"
    assert fresh("base", "party").cards["bury"].plugin == "party"
    assert fresh("base", "party").decks["party_pack"].plugin == "party"


def reuser() -> SimpleNamespace:
    """A third-party box that deals the party plugin's I'll Take That and Bury, and nothing
    of the party plugin's besides (it is not at the table)."""
    party = load_module("party")
    reused = [replace(c, counts={"original": 1}) for c in party.CARDS if c.id in ("ill_take_that", "bury")]
    return SimpleNamespace(CARDS=reused, REQUIRES=["base"])


def test_a_reused_ill_take_that_takes_the_next_draw():
    rules = fresh("base", "reuser", extra={"reuser": reuser()})
    assert "party" not in rules.plugins
    game = rules.game_from_table({
        "players": ["ann", "bob", "cat"], "current": "ann",
        "hands": {"ann": ["ill_take_that"], "bob": [], "cat": []},
        "draw_pile": ["skip", "tacocat", "beard_cat"]})
    game.apply(Move("play", "ann", cards=("ill_take_that",), target="bob"))
    game.apply(Move("resolve"))
    assert "ill_take_that" in game.in_front["bob"]
    game.apply(Move("draw", "ann"))
    assert game.current == "bob"
    game.apply(Move("draw", "bob"))
    assert game.hands["ann"] == ["skip", "tacocat"] and game.hands["bob"] == []
    assert "ill_take_that" in game.discard and game.in_front["bob"] == []


def test_a_reused_bury_keeps_its_card_accounted_for():
    rules = fresh("base", "reuser", extra={"reuser": reuser()})
    game = rules.game_from_table({
        "players": ["ann", "bob"], "hands": {"ann": ["bury"], "bob": []},
        "draw_pile": ["skip", "tacocat", "beard_cat"]})
    before = game.all_cards()
    game.apply(Move("play", "ann", cards=("bury",)))
    game.apply(Move("resolve"))
    assert len(game.draw_pile) == 2 and game.awaiting   # the card is being buried
    assert game.all_cards() == before
    game.apply(Move("choose", "ann", position=2))
    assert game.draw_pile.top_first() == ["tacocat", "beard_cat", "skip"]
