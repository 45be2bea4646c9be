"""A third-party card whose ``can_play`` (or ``targets``) raises must not freeze a table.

A stranger's Eclipse raised in its ``can_play``: a host only logged ``handler_error`` (where
``dispatch``, then ``timer``), its holder's screen never updated again, ``d`` did nothing, the
turn clock's default move failed the same way and the game never moved again, with no word
to anyone. Now such a card is set aside: not playable now, its holder told why (its rules
failed, a bug in its plugin), every seat's view keeps coming, the clock's default move works,
and the host logs it once with the plugin's name.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from third_party.pip_installed import installed

from ekpeer.engine import Move, player_view

from .conftest import ann_and_bob, events, wait_for
from .test_languages import _rig, _seated, _view

MOONBUG = '''
from ekpeer.engine import CardSpec, DeckSpec

def eclipse_can_play(game, by):
    raise RuntimeError("eclipse can_play crash")

def lasso_targets(game, by):
    raise RuntimeError("lasso targets crash")

CARDS = [CardSpec("eclipse", "Eclipse", "Skip.", counts={"moonbug": 2}, can_play=eclipse_can_play),
         CardSpec("lasso", "Lasso", "Pull.", counts={"moonbug": 2}, targets=lasso_targets)]
DECKS = [DeckSpec("moonbug", "Moonbug")]
'''

HANDS = {"ann": ["eclipse", "lasso", "skip"], "bob": ["eclipse", "lasso", "skip"]}
RULES_FAILED = "its rules failed on the host (a bug in its plugin)"
DANISH = "dens regler fejlede hos værten (en fejl i dens plugin)"


@pytest.fixture
def moonbug(tmp_path, monkeypatch):
    """A third party's box ``moonbug``, installed the way pip leaves one, with two buggy cards."""
    yield from installed(tmp_path, monkeypatch, "moonbug", MOONBUG)


def _plays(view: dict) -> set[str]:
    return {c for m in view["legal_moves"] if m["do"] == "play" for c in m["cards"]}


async def test_a_card_whose_rule_raises_is_set_aside_and_every_view_keeps_coming(moonbug, host, ctx):
    async with ann_and_bob(host, ctx, ann="da") as (ann, bob):
        await _seated(ann, bob, "moon", expansions=["base", "moonbug"])
        _rig(host, "moon", {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["tacocat"] * 8,
                            "hands": HANDS})
        mine = await wait_for(lambda: _view(ann, lambda v: v["hand"] == HANDS["ann"]), what="ann's view")
        assert mine["cannot_play"] == {"eclipse": DANISH, "lasso": DANISH}   # told why, in her words
        assert _plays(mine) == {"skip"} and {"do": "draw"} in [{"do": m["do"]} for m in mine["legal_moves"]]
        refused = await ann.move(Move("play", "ann", ("eclipse",)), check=False)
        assert refused["code"] == "cannot_play" and refused["message"] == DANISH
        await ann.move(Move("draw", "ann"))                     # the holder can draw: the turn passes
        theirs = await wait_for(lambda: _view(bob, lambda v: v["current"] == "bob"), what="bob's turn")
        assert theirs["cannot_play"] == {"eclipse": RULES_FAILED, "lasso": RULES_FAILED}
        assert _plays(theirs) == {"skip"}
        await bob.move(Move("draw", "bob"))
        await wait_for(lambda: _view(ann, lambda v: v["current"] == "ann" and len(v["hand"]) == 4),
                       what="ann's turn again")
        logged = events(host, "card_rule_failed")      # once per card and rule, not per view
        assert sorted((e["card"], e["rule"]) for e in logged) == [("eclipse", "can_play"),
                                                                  ("lasso", "targets")]
        assert {e["plugin"] for e in logged} == {"moonbug"}
        assert "eclipse can_play crash" in next(e for e in logged if e["card"] == "eclipse")["traceback"]
        assert not events(host, "handler_error") and not events(host, "engine_error")


async def test_the_turn_clock_default_move_works_past_a_card_whose_rule_raises(moonbug, host, ctx):
    async with ann_and_bob(host, ctx) as (ann, bob):
        await _seated(ann, bob, "clock", expansions=["base", "moonbug"], turn_seconds=0.3)
        _rig(host, "clock", {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["tacocat"] * 30,
                             "hands": HANDS})
        host.tables["clock"].schedule()       # the rigged game's clock: ann's turn runs out
        await wait_for(lambda: events(host, "timed_out"), 5, what="ann's clock to run out")
        assert events(host, "timed_out")[0]["move"]["do"] == "draw"
        await wait_for(lambda: _view(bob, lambda v: v["current"] == "bob" and v["hand"] == HANDS["bob"]),
                       what="bob's turn, his view updated")
        assert not events(host, "default_refused") and not events(host, "handler_error")


def _buggy_game(guarded: bool):
    """A base game whose Skip (a built-in card) has a ``can_play`` that raises."""
    from ekpeer.plugins import ruleset

    game = ruleset(["base"]).game_from_table({"players": ["ann", "bob"], "draw_pile": ["tacocat"] * 4,
                                              "hands": {"ann": ["skip"], "bob": ["skip"]}})

    def broken(game, by):
        raise RuntimeError("a built-in card's bug")

    game.cards = {**game.cards, "skip": replace(game.cards["skip"], can_play=broken)}
    game.plays = type(game.plays)(game.cards, game.hooked)
    if guarded:
        game.failed_rules = {}
    return game


def test_outside_a_hosts_table_a_rule_that_raises_still_fails_loudly():
    game = _buggy_game(guarded=False)
    with pytest.raises(RuntimeError, match="built-in card's bug"):
        game.legal_moves("ann")
    with pytest.raises(RuntimeError, match="built-in card's bug"):
        player_view(game, "ann")


def test_at_a_hosts_table_the_card_is_set_aside_and_its_failure_kept_once():
    game = _buggy_game(guarded=True)
    assert game.legal_moves("ann") == [Move("draw", "ann")]
    assert player_view(game, "ann")["cannot_play"] == {"skip": RULES_FAILED}
    assert list(game.failed_rules) == [("skip", "can_play")]
    assert game.clone().failed_rules == {}          # a playout keeps its own record
