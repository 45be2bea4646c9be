"""The Catnip expansion's own tests: its scenarios pass and it deals into a game."""

from pathlib import Path

from ekpeer.engine import Move
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


def test_the_cards_say_what_they_do_as_the_walkthrough_does():
    """docs/writing-a-plugin.md gives the cards traits, a bot_value and Hairball's event its
    line; a stranger found none of them here (the event showed as raw fields)."""
    cards = ruleset(["catnip"]).cards
    assert cards["sneak_peek"].traits == {"peeks"} and cards["sneak_peek"].bot_value == 55
    assert cards["hairball"].traits == {"harms"} and cards["hairball"].bot_value == 45
    assert "hairball_coughed" in cards["hairball"].phrases


def test_sneak_peek_says_the_card_lies_at_the_bottom_and_its_player_knows_it_there():
    """Without ``place="bottom"`` the log read the bottom card as the top one (docs/plugins.md)."""
    rules = ruleset(["catnip"])
    game = rules.game_from_table({"players": ["ann", "bob"], "hands": {"ann": ["sneak_peek"], "bob": []},
                                  "draw_pile": ["tacocat", "skip", "exploding_kitten"]})
    game.apply(Move("play", by="ann", cards=("sneak_peek",)))
    game.apply(Move("resolve"))
    shown = [event for _to, event in game.events if event["type"] == "shown"]
    assert shown and shown[-1]["place"] == "bottom" and shown[-1]["cards"] == ["exploding_kitten"]
    assert game.draw_pile.known_to("ann") == [(2, "exploding_kitten")]
    assert game.draw_pile.known_to("bob") == []
