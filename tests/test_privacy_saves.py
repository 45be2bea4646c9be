"""``ekpeer privacy`` says how often each card of the plugin was used in the twins. A stranger's
Lighthouse Keeper only saves (trait ``saves``, used through ``save``, never played): the pass
said "never played: this pass says nothing about it", though bots saved with it. A save now
counts as a use, and the line says it."""

from __future__ import annotations

import pytest
from third_party.pip_installed import installed

from ekpeer import plugins
from ekpeer.cli import _played_lines
from ekpeer.engine.noninterference import check_games

KEEPER = '''
from ekpeer.engine import CardSpec, DeckSpec


def saves(game, player, card, kitten):
    return kitten == "exploding_kitten"


def save(game, player, card, kitten, done):
    game.discard_from_hand(player, card)
    game.put_back(player, kitten, done)


DECKS = [DeckSpec("keeper", "Keeper")]
CARDS = [CardSpec("lighthouse_keeper", "Lighthouse Keeper", "Saves you, like a Defuse.", kind="defuse",
                  counts={"keeper": 8}, playable=False, saves=saves, save=save,
                  traits=frozenset({"saves"}), bot_value=95)]
'''


@pytest.fixture
def keeper(tmp_path, monkeypatch):
    for _package in installed(tmp_path, monkeypatch, "keeper", KEEPER):
        yield plugins.load_module("keeper")


def test_a_card_that_only_saves_is_counted_as_used_when_it_saves(keeper):
    rules = plugins.ruleset(["base", "keeper"])
    stats = check_games(rules, 6, 4, cards=["lighthouse_keeper"])
    played, _cursed, saved = stats["played"]["lighthouse_keeper"]
    assert played == 0 and saved > 0, stats["played"]
    line = next(line for line in _played_lines(rules, stats) if "(lighthouse_keeper)" in line)
    assert line == f"    Lighthouse Keeper (lighthouse_keeper): saved a player {saved} times", line
    assert "never" not in line


def test_a_card_never_used_is_said_so():
    rules = plugins.ruleset(["base"])
    stats = {"played": {"defuse": [0, 0, 0], "nope": [3, 0, 0]}}
    lines = _played_lines(rules, stats)
    assert "    Defuse (defuse): never used (played, or saving a player): this pass says nothing about it" \
        in lines
    assert "    Nope (nope): played 3 times" in lines


def test_a_nope_played_in_a_reaction_window_counts_as_played():
    stats = check_games(plugins.ruleset(["base"]), 4, 4, cards=["nope"])
    assert stats["played"]["nope"][0] > 0, stats["played"]
