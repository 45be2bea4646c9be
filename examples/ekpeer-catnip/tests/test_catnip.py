"""The Catnip expansion's own tests: its scenarios pass and it deals into a game."""

from pathlib import Path

from ekpeer.plugins import ruleset
from ekpeer.scenario import run

HERE = Path(__file__).resolve().parents[1]


def test_scenarios_pass():
    results, ok = run([str(HERE / "scenarios")])
    assert ok, [r.line() for r in results if not r.ok]


def test_catnip_cards_are_dealt_with_the_base_deck():
    rules = ruleset(["catnip"])
    assert rules.plugins == ["catnip", "base"]          # REQUIRES brings base along
    assert rules.decks["catnip"].plugin == "catnip"      # the declared box
    assert {"sneak_peek", "hairball", "catnip_cat"} <= set(rules.cards)
    game = rules.new_game(["a", "b", "c"], seed=2)
    total = game.all_cards()
    assert total["hairball"] == 3 and total["catnip_cat"] == 4 and total["sneak_peek"] == 3
