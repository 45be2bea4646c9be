"""Issue 28, items 9-11: what the table says about a death, an Out player's lost turns, and
a stolen Streaking Kitten, from real games played on the engine (words as the TUI writes them)."""

from __future__ import annotations

from ekpeer.engine import Move
from ekpeer.engine.view import player_view
from ekpeer.plugins import ruleset
from ekpeer.tui.widgets import player_lines
from ekpeer.tui.words import Catalog, event_words


def played(table: dict, moves: list[dict], seed: int = 0) -> tuple:
    """A rigged table (the scenario ``[setup]`` shape) after ``moves``, and every event, with
    who may see it."""
    rules = ruleset(table.get("expansions", ["base"]))
    game = rules.game_from_table(table, seed=seed)
    events = []
    for m in moves:
        game.apply(Move.from_dict(m))
        events.extend(game.events)
    return game, Catalog(rules.catalog()), events


def log(events: list, cat: Catalog, me: str) -> list[str]:
    """The log lines ``me`` reads: the words of each event they may see."""
    seen = [e for to, e in events if to is None or me in to]
    return [w for w in (event_words(e, cat, me) for e in seen) if w]


def test_an_out_player_owes_no_turns():
    # ruling 16: a player who explodes loses the turns they still owed
    game, cat, _ = played({"players": ["ann", "bob"], "current": "ann", "turns": 3,
                           "draw_pile": ["exploding_kitten", "tacocat"], "hands": {"ann": [], "bob": []}},
                          [{"do": "draw", "by": "ann"}])
    assert game.over and game.out() == ["ann"]
    text = player_lines(player_view(game, "bob"), cat, width=60).plain
    assert "OUT" in text and "owes" not in text


def deaths(lines: list[str]) -> list[str]:
    return [w for w in lines if "is out" in w or "are out" in w or "now Dead" in w]


def test_an_implosion_is_one_death_said_once():
    table = {"expansions": ["base", "imploding"], "players": ["ann", "bob", "cat"],
             "draw_pile": ["imploding_kitten:up", "tacocat"],
             "hands": {"ann": ["defuse"], "bob": [], "cat": []}}
    game, cat, events = played(table, [{"do": "draw", "by": "ann"}])
    assert game.out() == ["ann"]
    lines = log(events, cat, "bob")
    assert deaths(lines) == ["ann implodes with Imploding Kitten and is out!"], lines
    assert not [w for w in lines if "explode" in w], lines


def test_an_implosion_in_a_zombie_game_makes_dead_once():
    table = {"expansions": ["base", "imploding", "zombie"], "players": ["ann", "bob", "cat"],
             "draw_pile": ["imploding_kitten:up", "tacocat"], "hands": {"ann": [], "bob": [], "cat": []}}
    game, cat, events = played(table, [{"do": "draw", "by": "ann"}])
    assert game.dead() == ["ann"]
    assert deaths(log(events, cat, "bob")) == ["ann implodes with Imploding Kitten and is now Dead"]


def test_an_explosion_is_said_once():
    table = {"players": ["ann", "bob", "cat"], "draw_pile": ["exploding_kitten", "tacocat"],
             "hands": {"ann": [], "bob": [], "cat": []}}
    _, cat, events = played(table, [{"do": "draw", "by": "ann"}])
    assert deaths(log(events, cat, "bob")) == ["ann explodes and is out!"]


def _before(lines: list[str], first: str, then: str) -> bool:
    a = next(i for i, w in enumerate(lines) if first in w)
    b = next(i for i, w in enumerate(lines) if then in w)
    return a < b


STREAK = {"expansions": ["base", "streaking"], "players": ["ann", "bob", "cat"],
          "draw_pile": ["skip", "tacocat"],
          "hands": {"ann": ["tacocat", "tacocat", "tacocat", "beard_cat", "beard_cat"],
                    "bob": ["streaking_kitten", "exploding_kitten"], "cat": []}}


def test_a_stolen_streaking_kitten_is_said_before_its_holder_explodes():
    # three of a kind naming it; a pair's random steal that finds it (seed 1: checked below)
    for combo, seed in (({"cards": ["tacocat"] * 3, "name": "streaking_kitten"}, 0),
                        ({"cards": ["beard_cat"] * 2}, 1)):
        game, cat, events = played(STREAK, [{"do": "play", "by": "ann", "target": "bob", **combo},
                                            {"do": "resolve"}], seed=seed)
        assert "streaking_kitten" in game.hands["ann"] and game.out() == ["bob"]
        for me in ("ann", "cat", "bob"):
            lines = log(events, cat, me)
            assert _before(lines, "from bob" if me != "bob" else "from you", "is out" if me != "bob"
                           else "are out"), (me, lines)


def test_a_curse_says_whose_hand_is_face_down():
    """A stranger read "bot1 curses you: that hand is face down"; it is your hand."""
    table = {"expansions": ["base", "streaking"], "players": ["ann", "bob", "cat"], "current": "ann",
             "draw_pile": ["tacocat", "skip", "nope"],
             "hands": {"ann": ["curse_of_the_cat_butt"], "bob": ["tacocat"], "cat": []}}
    game, cat, events = played(table, [{"do": "play", "by": "ann", "cards": ["curse_of_the_cat_butt"],
                                        "target": "bob"}, {"do": "resolve"}])
    said = {me: [w for w in log(events, cat, me) if "curse" in w] for me in ("ann", "bob", "cat")}
    assert said["bob"][-1] == "ann curses you: your hand is face down", said
    assert said["cat"][-1] == "ann curses bob: bob’s hand is face down", said
    assert said["ann"][-1] == "You curse bob: bob’s hand is face down", said
