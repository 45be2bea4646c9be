"""The odds line counts only what can kill on the next draw (issue 27.2): an Imploding
Kitten lying face down kills nobody (it goes back face up), so it counts only face up."""

from __future__ import annotations

from ekpeer.engine import Move
from ekpeer.engine.view import player_view
from ekpeer.plugins import ruleset
from ekpeer.tui.words import Catalog, Knowledge, explode_odds


def _table():
    rules = ruleset(["imploding"])
    game = rules.game_from_table({"players": ["ann", "bob"], "current": "ann",
                                  "draw_pile": ["imploding_kitten", "skip", "tacocat", "skip"],
                                  "hands": {"ann": [], "bob": []}})
    return game, Catalog(rules.catalog())


def test_a_face_down_imploding_kitten_is_not_counted():
    game, cat = _table()
    view = player_view(game, "bob")
    assert view["kittens_in_pile"] == 1 and view["deadly_in_pile"] == 0
    assert explode_odds(view, cat, Knowledge()) == (0.0, "no kittens in 4 cards")


def test_face_up_on_top_it_kills_the_next_player():
    game, cat = _table()
    game.apply(Move("draw", "ann"))   # face down: ann puts it back face up, on top
    game.apply(Move("choose", "ann", position=0))
    odds, why = explode_odds(player_view(game, "bob"), cat, Knowledge())
    assert (odds, why) == (1.0, "you know the top card is Imploding Kitten")


def test_known_on_top_face_down_it_is_no_danger():
    cat = Catalog(ruleset(["imploding"]).catalog())
    view = {"you": "bob", "draw_pile_count": 3, "known_pile": [{"depth": 0, "card": "imploding_kitten"}],
            "kittens_in_pile": 0, "face_up": []}
    assert explode_odds(view, cat, Knowledge())[0] == 0.0
    view["face_up"] = [{"depth": 0, "card": "imploding_kitten"}]
    assert explode_odds(view, cat, Knowledge())[0] == 1.0
    view["known_pile"] = [{"depth": 0, "card": "exploding_kitten"}]
    view["face_up"] = []
    assert explode_odds(view, cat, Knowledge())[0] == 1.0
