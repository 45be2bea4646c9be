"""The odds line counts only what can kill on the next draw (issue 27.2): an Imploding
Kitten lying face down kills nobody (it goes back face up), so it counts only face up."""

from __future__ import annotations

import pytest

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


def _shuffled_face_up_on_top():
    """An Imploding Kitten face up on top, then a Shuffle that hid its place (seed 0: not on
    top, where it would show)."""
    rules = ruleset(["base", "imploding", "zombie", "streaking", "party"])
    game = rules.game_from_table({"players": ["ann", "bob"], "current": "ann",
                                  "draw_pile": ["imploding_kitten:up", "tacocat", "beard_cat", "skip",
                                                "nope", "cattermelon"],
                                  "hands": {"ann": ["shuffle"], "bob": ["tacocat"]}}, seed=0)
    game.apply(Move("play", "ann", ("shuffle",)))
    game.apply(Move("resolve"))
    return game, rules


def test_a_face_up_kitten_a_shuffle_hid_is_not_the_next_draw():
    """A Danish player read "17 % (1 kitten in 6 cards)" after a Shuffle hid a face-up
    Imploding Kitten's place, as if it were an ordinary hidden kitten: face up, it shows on
    top before anyone draws it, so the next draw is one of the other 5 cards."""
    game, rules = _shuffled_face_up_on_top()
    view = player_view(game, "bob")
    assert view["face_up_unplaced"] == ["imploding_kitten"] and view["face_up"] == []
    assert explode_odds(view, Catalog(rules.catalog()), Knowledge()) == (
        0.0, "no kittens in 5 cards; Imploding Kitten not counted: face up, it is seen before "
             "it is drawn")


def test_a_face_up_kitten_seen_since_counts_where_it_was_seen():
    """One a See the Future showed since lies in ``known_pile``: not left out twice."""
    cat = Catalog(ruleset(["imploding"]).catalog())
    view = {"you": "bob", "draw_pile_count": 6, "face_up": [], "face_up_unplaced": ["imploding_kitten"],
            "known_pile": [{"depth": 1, "card": "imploding_kitten"}],
            "kittens_in_pile": 1, "deadly_in_pile": 0}
    assert explode_odds(view, cat, Knowledge()) == (0.0, "no kittens in 5 cards whose place you do not know")
    view.update(known_pile=[], kittens_in_pile=2, deadly_in_pile=2)   # and an Exploding Kitten
    assert explode_odds(view, cat, Knowledge())[0] == 1 / 5


@pytest.mark.parametrize(("lang", "line", "odds"), [
    ("en", "Face up somewhere in the pile: Imploding Kitten",
     "(no kittens in 5 cards; Imploding Kitten not counted: face up, it is seen before it is drawn)"),
    ("da", "Med forsiden op et sted i bunken: Imploderende killing",
     "(ingen killinger i 5 kort; Imploderende killing tælles ikke: med forsiden op ses den, "
     "før den trækkes)"),
])
async def test_the_table_shows_a_face_up_kitten_a_shuffle_hid(lang, line, odds):
    """Before the Shuffle the piles said "Face up in the pile: Imploding Kitten, on top";
    after it the line was gone, though everyone saw the kitten stay face up."""
    from ekpeer import i18n
    from ekpeer.plugins import translated

    from .conftest import scripted_app, settle, snapshot_of

    game, rules = _shuffled_face_up_on_top()
    msg = snapshot_of(game, rules, "bob", game.events)
    msg["body"]["catalog"] = translated(msg["body"]["catalog"], list(rules.plugins), lang)
    i18n.set_language(lang)
    try:
        app, _session = scripted_app([msg], name="bob")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, 6)
            piles = " ".join(str(app.screen.query_one("#piles").render()).split())
        assert line in piles and odds in piles, piles
    finally:
        i18n.set_language("en")


def test_a_kitten_everyone_saw_put_on_top_is_saved_from_as_any_face_down_one():
    """A Catomic Bomb's kitten on top, not which: face down only an Exploding Kitten kills
    (an Imploding Kitten face up would show), so a hand that saves from it is safe."""
    from ekpeer.tui.words import saved_from_next_draw

    cat = Catalog(ruleset(["imploding"]).catalog())
    view = {"you": "bob", "draw_pile_count": 4, "face_up": [], "known_pile": [], "kitten_depths": [0],
            "kittens_in_pile": 1, "deadly_in_pile": 1, "saved_from": ["exploding_kitten"]}
    assert explode_odds(view, cat, Knowledge())[0] == 1.0
    assert saved_from_next_draw(view, cat, Knowledge())
    for saved in ([], None):
        view["saved_from"] = saved
        assert not saved_from_next_draw(view, cat, Knowledge())
    view.update(known_pile=[{"depth": 0, "card": "imploding_kitten"}],
                face_up=[{"depth": 0, "card": "imploding_kitten"}], saved_from=["exploding_kitten"])
    assert not saved_from_next_draw(view, cat, Knowledge())


def _bombed():
    """A Catomic Bomb over an Imploding Kitten nobody saw, at the bottom of 10 cards: the
    Exploding Kitten goes on top, the Imploding Kitten stays where it lay (ruling 10)."""
    rules = ruleset(["imploding", "streaking"])
    pile = ["skip", "tacocat", "exploding_kitten"] + ["skip"] * 6 + ["imploding_kitten"]
    game = rules.game_from_table({"players": ["ann", "bob"], "current": "ann", "draw_pile": pile,
                                  "hands": {"ann": ["catomic_bomb"], "bob": []}})
    game.apply(Move("play", "ann", cards=("catomic_bomb",)))
    game.apply(Move("resolve"))
    return game, rules


def test_a_catomic_bombs_top_says_the_imploding_kitten_by_name():
    """"1 chance ud af 52 er det den ufarlige killing med bagsiden op" read as a riddle: the
    chance is that the Imploding Kitten, left where it lay, was on top already."""
    game, rules = _bombed()
    assert game.draw_pile.top_first()[0] == "exploding_kitten"
    view = player_view(game, "bob")
    assert view["kitten_depths"] == [0], view
    odds, why = explode_odds(view, Catalog(rules.catalog()), Knowledge())
    assert round(odds, 2) == 0.9
    assert why == ("a kitten is on top, but there is a 1 in 10 chance it is instead the harmless "
                   "Imploding Kitten lying face down")
