"""A plugin hook that raises while the engine carries a move out (``ekpeer/engine/acted.py``).

A stranger's ``ekpeer_handle_move`` raised on a draw: the host's live table waited for good.
At a host's table (``failed_rules`` a dict) such a hook now counts as having said nothing and
the engine's own rules go on, the failure kept for the host; elsewhere (a simulation, a
scenario) it still raises, for the plugin's author to read the traceback.
"""

from __future__ import annotations

import pytest
from third_party.pip_installed import installed

from ekpeer import plugins
from ekpeer.engine import IllegalMove, Move
from ekpeer.engine.replay import replay

MOVEBUG = '''
from ekpeer.engine import CardSpec, DeckSpec, IllegalMove
from ekpeer.hookspecs import hookimpl

BROKEN = set()      # the hooks that raise (a test sets them)


def _bug(hook):
    if hook in BROKEN:
        raise RuntimeError(hook + " crash")


CARDS = [CardSpec("glitch", "Glitch", "Nothing.", counts={"movebug": 1})]
DECKS = [DeckSpec("movebug", "Movebug")]


@hookimpl
def ekpeer_handle_move(game, move):
    if move.do == "draw" and "refuse" in BROKEN:
        raise IllegalMove("refused", "no draws today")
    if move.do == "draw":
        _bug("ekpeer_handle_move")
    return None


@hookimpl
def ekpeer_card_drawn(game, player, card, end_turn):
    _bug("ekpeer_card_drawn")


@hookimpl
def ekpeer_turn_ended(game, player):
    _bug("ekpeer_turn_ended")


@hookimpl
def ekpeer_hand_changed(game, player):
    _bug("ekpeer_hand_changed")


@hookimpl
def ekpeer_player_died(game, player, kitten):
    _bug("ekpeer_player_died")


@hookimpl
def ekpeer_death_words(game, player, kitten):
    _bug("ekpeer_death_words")


@hookimpl
def ekpeer_game_over(game):
    _bug("ekpeer_game_over")


@hookimpl
def ekpeer_cards_elsewhere(game):
    _bug("ekpeer_cards_elsewhere")
    return []
'''

#: the hooks the engine calls while it carries out a draw that kills (a kitten, no Defuse)
CALLED = ["ekpeer_handle_move", "ekpeer_card_drawn", "ekpeer_turn_ended", "ekpeer_hand_changed",
          "ekpeer_player_died", "ekpeer_death_words", "ekpeer_game_over", "ekpeer_cards_elsewhere"]
TABLE = {"players": ["ann", "bob", "cat"], "current": "ann",
         "draw_pile": ["tacocat", "exploding_kitten", "tacocat", "tacocat"],
         "hands": {"ann": ["skip"], "bob": ["skip", "defuse"], "cat": ["skip"]}}


@pytest.fixture
def movebug(tmp_path, monkeypatch):
    """A third party's box ``movebug`` installed as pip leaves one; its hooks raise as its
    module's ``BROKEN`` says."""
    for _package in installed(tmp_path, monkeypatch, "movebug", MOVEBUG):
        module = plugins.load_module("movebug")
        module.BROKEN.clear()
        yield module


def _game(hosted: bool):
    game = plugins.ruleset(["base", "movebug"]).game_from_table(TABLE)
    if hosted:
        game.failed_rules = {}
    return game


def _play(game) -> None:
    """Ann draws a Tacocat, Bob draws the kitten and keeps his Defuse: he explodes, Cat draws."""
    for move in (Move("draw", "ann"), Move("draw", "bob"), Move("choose", "bob", use="none"),
                 Move("draw", "cat")):
        game.apply(move)
    game.all_cards()


@pytest.mark.parametrize("hook", CALLED)
def test_outside_a_hosts_table_a_hook_that_raises_in_a_move_still_fails_loudly(movebug, hook):
    game = _game(False)
    movebug.BROKEN.add(hook)
    with pytest.raises(RuntimeError, match=f"{hook} crash"):
        _play(game)


@pytest.mark.parametrize("hook", CALLED)
def test_at_a_hosts_table_the_engine_goes_on_past_a_hook_that_raises_in_a_move(movebug, hook):
    game = _game(True)
    movebug.BROKEN.add(hook)
    _play(game)
    assert game.hands["ann"] == ["skip", "tacocat"]        # the engine's own draw went on
    assert game.status["bob"] == "out" and game.current == "ann"
    assert game.hands["cat"] == ["skip", "tacocat"]
    assert set(game.failed_rules) == {(hook, "ekpeer_movebug")}
    movebug.BROKEN.discard("ekpeer_cards_elsewhere")    # asked as a game is dealt too (no move)
    again = replay(game.ruleset, game.origin, list(game.log), hosted=True)     # a host's rollback
    assert again.snapshot() == game.snapshot()


def test_a_move_the_handle_move_hook_refuses_is_still_refused(movebug):
    game = _game(True)
    movebug.BROKEN.add("refuse")
    with pytest.raises(IllegalMove, match="no draws today"):
        game.apply(Move("draw", "ann"))
    assert not game.failed_rules and game.current == "ann" and not game.log
