"""Plugin hooks that raise as a game is set up, and one plugin's bug beside another's hook
(``ekpeer/engine/acted.py``).

A stranger's ``ekpeer_cards_elsewhere`` raising kept a host's game from being dealt at all. At
a host's table (``new_game(..., hosted=True)``) the hooks that set a game up now count as
having said nothing where they raise, and the game is dealt; elsewhere they still raise, for
the plugin's author to read the traceback. And one plugin's hook raising no longer silences
another plugin's implementation of the same hook (pluggy stops a call at the first that raises):
at a host each is called on its own.
"""

from __future__ import annotations

import pytest
from third_party.pip_installed import installed

from ekpeer import plugins
from ekpeer.engine import Move
from ekpeer.engine.legal import legal_moves
from ekpeer.engine.replay import replay

SETUPBUG = '''
from ekpeer.engine import CardSpec, DeckSpec
from ekpeer.hookspecs import hookimpl

BROKEN = set()      # the hooks that raise (a test sets them)


def _bug(hook):
    if hook in BROKEN:
        raise RuntimeError(hook + " crash")


CARDS = [CardSpec("lantern", "Lantern", "Nothing.", counts={"setupbug": 1})]
DECKS = [DeckSpec("setupbug", "Lighthouse")]


@hookimpl
def ekpeer_check_options(cards, players, options):
    _bug("ekpeer_check_options")


@hookimpl
def ekpeer_adjust_setup(plan):
    _bug("ekpeer_adjust_setup")


@hookimpl
def ekpeer_before_kittens(plan, draw_pile, rng, hands):
    _bug("ekpeer_before_kittens")


@hookimpl
def ekpeer_cards_elsewhere(game):
    _bug("ekpeer_cards_elsewhere")
    return []


@hookimpl
def ekpeer_turn_ended(game, player):
    _bug("ekpeer_turn_ended")


@hookimpl
def ekpeer_game_over(game):
    _bug("ekpeer_game_over")


@hookimpl
def ekpeer_extra_moves(game, player):
    _bug("ekpeer_extra_moves")
    return []
'''

#: a box whose hooks work, beside the broken one
GOODBOX = '''
from ekpeer.engine import CardSpec, DeckSpec, Move
from ekpeer.hookspecs import hookimpl

CARDS = [CardSpec("buoy", "Buoy", "Nothing.", counts={"goodbox": 1})]
DECKS = [DeckSpec("goodbox", "Harbour")]
SAID = []


@hookimpl
def ekpeer_adjust_setup(plan):
    plan.hand_size = 5


@hookimpl
def ekpeer_turn_ended(game, player):
    SAID.append(player)


@hookimpl
def ekpeer_game_over(game):
    return "cat" if SAID else None


@hookimpl
def ekpeer_extra_moves(game, player):
    return [Move("play", player, name="harbour")]
'''

SETUP_HOOKS = ["ekpeer_check_options", "ekpeer_adjust_setup", "ekpeer_before_kittens",
               "ekpeer_cards_elsewhere"]


@pytest.fixture
def boxes(tmp_path, monkeypatch):
    """``setupbug`` (its hooks raise as its ``BROKEN`` says) and ``goodbox``, installed as pip
    leaves them."""
    for _bug in installed(tmp_path / "bug", monkeypatch, "setupbug", SETUPBUG):
        for _good in installed(tmp_path / "good", monkeypatch, "goodbox", GOODBOX):
            bug, good = plugins.load_module("setupbug"), plugins.load_module("goodbox")
            bug.BROKEN.clear()
            good.SAID.clear()
            yield bug, good


def _dealt(hosted: bool, order=("base", "setupbug")):
    game = plugins.ruleset(list(order)).new_game(["ann", "bob", "cat"], seed=3, hosted=hosted)
    game.all_cards()
    return game


@pytest.mark.parametrize("hook", SETUP_HOOKS)
def test_outside_a_hosts_table_a_setup_hook_that_raises_still_fails_loudly(boxes, hook):
    boxes[0].BROKEN.add(hook)
    with pytest.raises(RuntimeError, match=f"{hook} crash"):
        _dealt(False)


@pytest.mark.parametrize("hook", SETUP_HOOKS)
def test_at_a_hosts_table_a_setup_hook_that_raises_lets_the_game_be_dealt(boxes, hook):
    boxes[0].BROKEN.add(hook)
    game = _dealt(True)
    assert game.draw_pile and all(len(game.hands[p]) == 8 for p in game.players)
    assert set(game.failed_rules) == {(hook, "ekpeer_setupbug")}
    again = replay(game.ruleset, game.origin, [], hosted=True)      # a host's rollback, its restart
    again.all_cards()
    assert again.snapshot() == game.snapshot() and set(again.failed_rules) == set(game.failed_rules)


@pytest.mark.parametrize("order", [("base", "setupbug", "goodbox"), ("base", "goodbox", "setupbug")])
def test_a_broken_box_does_not_silence_another_boxs_hook(boxes, order):
    """Whichever pluggy calls first, the working box's hooks are each still called: its setup
    change holds, its turn's end is heard, and its winner wins; only the broken box failed."""
    bug, good = boxes
    bug.BROKEN.update({"ekpeer_adjust_setup", "ekpeer_turn_ended", "ekpeer_game_over", "ekpeer_extra_moves"})
    game = _dealt(True, order)
    assert all(len(game.hands[p]) == 6 for p in game.players)      # goodbox's 5, and a Defuse
    assert Move("play", "ann", name="harbour") in legal_moves(game, "ann")
    game.apply(Move("play", "ann", cards=("skip",)) if "skip" in game.hands["ann"] else Move("draw", "ann"))
    while game.stack:
        game.apply(Move("resolve", None))
    assert good.SAID == ["ann"]
    assert game.over and game.winner == "cat"
    assert {plugin for _hook, plugin in game.failed_rules} == {"ekpeer_setupbug"}
    assert {hook for hook, _plugin in game.failed_rules} == {"ekpeer_adjust_setup", "ekpeer_turn_ended",
                                                             "ekpeer_game_over", "ekpeer_extra_moves"}
