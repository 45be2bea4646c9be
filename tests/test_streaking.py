"""Streaking Kittens: setup counts, bot playouts, and the two hooks it added."""

from __future__ import annotations

from collections import Counter

import pytest

from ekpeer.bots import make_bot
from ekpeer.bots.driver import play_out
from ekpeer.engine import IllegalMove, Move, player_view
from ekpeer.hookspecs import hookimpl
from ekpeer.plugins import ruleset

STREAKING_BOX = {"streaking_kitten": 1, "exploding_kitten": 1, "super_skip": 1, "see_the_future_5x": 1,
                 "alter_the_future_5x": 1, "swap_top_and_bottom": 3, "garbage_collection": 1,
                 "catomic_bomb": 1, "curse_of_the_cat_butt": 2, "mark": 3}


def players(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def test_the_box_holds_fifteen_cards():
    rules = ruleset(["streaking"])
    box = {c.id: c.counts.get("streaking", 0) for c in rules.cards.values() if c.counts.get("streaking")}
    assert box == STREAKING_BOX
    assert sum(box.values()) == 15
    assert rules.decks["streaking"].main is False


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_counts_as_many_kittens_as_players(n):
    rules = ruleset(["streaking"])
    game = rules.new_game(players(n), seed=n, deck="original")
    pile = game.draw_pile.top_first()
    assert pile.count("exploding_kitten") == n
    assert all(len(game.hands[p]) == 8 and "defuse" in game.hands[p] for p in game.players)
    total = game.all_cards()
    assert total["exploding_kitten"] == 5
    assert total["defuse"] == 6
    for card, count in STREAKING_BOX.items():
        if card != "exploding_kitten":
            assert total[card] == count
    assert sum(total.values()) == 56 + 15


def test_streaking_with_imploding_counts_the_imploding_kitten():
    rules = ruleset(["streaking", "imploding"])
    game = rules.new_game(players(4), seed=3, deck="original")
    pile = game.draw_pile.top_first()
    assert pile.count("exploding_kitten") + pile.count("imploding_kitten") == 4
    assert "imploding_kitten" in pile


def conserved_playout(names, deck, n, seed, variants=(), options=None, bot="random"):
    rules = ruleset(names)
    game = rules.new_game(players(n), seed=seed, deck=deck, variants=variants, options=options)
    start = game.all_cards()
    bots = {p: make_bot(bot, seed * 17 + i) for i, p in enumerate(game.players)}

    def each(g, move):
        assert g.all_cards() == start, f"cards changed after {move}"
        assert sum(1 for p in g.players if g.status[p] == "living") >= 1

    play_out(game, bots, each=each)
    assert game.winner is not None
    assert [p for p in game.players if game.status[p] == "living"] == [game.winner] or \
        game.winner in game.living()
    return game


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(4))
def test_random_playout_alone(n, seed):
    conserved_playout(["streaking"], "original", n, seed)


@pytest.mark.parametrize("names,deck,n", [
    (["streaking", "imploding"], "original", 6),
    (["streaking", "zombie"], "original", 5),
    (["streaking", "imploding", "zombie"], "original", 5),
    (["streaking", "party"], "party_pack", 10),
    (["streaking", "party", "imploding", "zombie"], "party_pack", 5),   # 5 Zombie Kittens: 5 seats
    (["streaking", "party", "imploding"], "party_pack", 10),
    (["streaking", "party", "imploding"], "party_pack", 7),
])
@pytest.mark.parametrize("seed", range(3))
def test_random_playout_with_the_others(names, deck, n, seed):
    conserved_playout(names, deck, n, seed)


def test_exactly_one_winner():
    game = conserved_playout(["streaking"], "original", 5, 11)
    assert game.living() == [game.winner]


# ---------------------------------------------------------------------- hooks it added
def cursed_table():
    rules = ruleset(["streaking"])
    return rules.game_from_table({
        "players": ["ann", "bob"], "current": "ann", "cursed": ["ann"],
        "draw_pile": ["tacocat", "beard_cat", "cattermelon"],
        "hands": {"ann": ["skip"], "bob": ["nope"]},
    })


def test_ekpeer_handle_move():
    game = cursed_table()
    with pytest.raises(IllegalMove):
        game.apply(Move("play", "ann", ("skip",)))  # a cursed hand plays no named card
    before = game.snapshot()
    with pytest.raises(IllegalMove):
        game.apply(Move("play", "bob"))  # bob is not cursed: the engine's own "no cards"
    assert game.snapshot() == before
    game.apply(Move("play", "ann"))  # the plugin takes over: a random card (the Skip)
    assert game.stack and game.stack[-1].card == "skip"
    game.apply(Move("resolve"))
    assert game.current == "bob"


def test_ekpeer_extra_moves():
    game = cursed_table()
    moves = game.legal_moves("ann")
    assert Move("play", "ann") in moves
    assert not any(m.cards for m in moves)  # the cursed hand is not given away
    assert Move("draw", "ann") in moves
    assert Move("play", "bob") not in game.legal_moves("bob")
    view = player_view(game, "ann")
    assert view["hand"] == [] and {"do": "play", "by": "ann"} in view["legal_moves"]


def test_a_plugin_hookimpl_may_leave_out_new_arguments():
    class P:
        @hookimpl
        def ekpeer_card_drawn(self, game, player, card):
            return None

    assert P().ekpeer_card_drawn(None, "ann", "tacocat") is None


def test_curse_lifts_on_a_safe_draw():
    game = cursed_table()
    game.apply(Move("draw", "ann"))
    assert "ann" not in game.cursed
    assert Counter(game.hands["ann"]) == Counter(["skip", "tacocat"])


@pytest.mark.parametrize("names,deck,n", [(["streaking"], "original", 4),
                                          (["party", "streaking"], "party_pack", 8),
                                          (["party"], "party_pack", 3)])
def test_heuristic_bots_play_the_new_cards(names, deck, n):
    for seed in range(3):
        conserved_playout(names, deck, n, seed, variants=("party.extras",) if "party" in names else (),
                          bot="heuristic")


def test_heuristic_keeps_kitten_under_streaking_and_draws_when_cursed():
    from ekpeer.bots.heuristic import HeuristicBot

    rules = ruleset(["streaking"])
    game = rules.game_from_table({"players": ["ann", "bob"], "draw_pile": ["exploding_kitten", "tacocat"],
                                  "hands": {"ann": ["streaking_kitten", "defuse"], "bob": []}})
    game.apply(Move("draw", "ann"))
    bot = HeuristicBot(1)
    move = bot.act(player_view(game, "ann"), game.legal_moves("ann"))
    assert move.use == "streaking_kitten"
    cursed = cursed_table()
    assert HeuristicBot(2).act(player_view(cursed, "ann"), cursed.legal_moves("ann")).do == "draw"


def test_the_odds_count_a_kitten_held_unseen_as_one_still_in_the_pile():
    """A kitten a rigged table deals beside a Streaking Kitten nobody saw go there: the
    others cannot tell it from one still in the pile."""
    rules = ruleset(["streaking"])
    hands = {"ann": ["streaking_kitten", "exploding_kitten"], "bob": ["skip"]}
    game = rules.game_from_table({"players": ["ann", "bob"], "draw_pile": ["tacocat", "exploding_kitten"],
                                  "hands": hands})
    assert player_view(game, "ann")["kittens_in_pile"] == 1     # ann knows where hers is
    assert player_view(game, "bob")["kittens_in_pile"] == 2     # bob cannot tell: no leak
    assert player_view(game, "bob")["players"][0]["held"] == []


def test_the_odds_leave_out_a_kitten_everyone_saw_held():
    """bob read 2 kittens in 2 cards (100 %) after ann drew a kitten face up for all and kept
    it with her Streaking Kitten: it is in her hand, not the pile. Once she may have put it
    back unseen (Garbage Collection, 002:120), it counts in the pile again, whichever card
    she put in."""
    from ekpeer.engine.view import visible_events

    rules = ruleset(["streaking"])
    game = rules.game_from_table({"players": ["ann", "bob"],
                                  "draw_pile": ["exploding_kitten", "tacocat", "exploding_kitten"],
                                  "hands": {"ann": ["streaking_kitten", "defuse", "skip"],
                                            "bob": ["garbage_collection", "nope"]}})
    assert player_view(game, "bob")["kittens_in_pile"] == 2
    seen = []
    for move in (Move("draw", "ann"), Move("choose", "ann", use="streaking_kitten")):
        game.apply(move)
        seen += [e["type"] for e in visible_events(game.events, "bob") if e.get("card") == "exploding_kitten"]
    assert "exploding" in seen and "kitten_held" in seen            # bob saw it all
    view = player_view(game, "bob")
    assert view["kittens_in_pile"] == 1
    assert view["players"][0]["held"] == ["exploding_kitten"]
    assert player_view(game, "ann")["kittens_in_pile"] == 1
    views = {}
    for card in ("exploding_kitten", "skip"):
        table = game.clone()
        table.apply(Move("play", "bob", ("garbage_collection",)))
        table.apply(Move("resolve"))
        table.apply(Move("choose", "ann", card=card))
        table.apply(Move("choose", "bob", card="nope"))
        views[card] = player_view(table, "bob")
        assert views[card]["kittens_in_pile"] == 2, card
        assert views[card]["players"][0]["held"] == [], card
    assert views["exploding_kitten"]["players"] == views["skip"]["players"]


def test_a_choice_a_played_card_asks_says_who_played_it():
    """A player asked by Garbage Collection read "Asked by Garbage Collection": not whose. The
    card was played openly, so every view's choice says who played it, through each answer
    (the next asks come after one)."""
    rules = ruleset(["base", "streaking"])
    game = rules.game_from_table({
        "players": ["ann", "bob", "cy"], "current": "ann",
        "draw_pile": ["exploding_kitten", "skip", "tacocat"],
        "hands": {"ann": ["garbage_collection", "skip"], "bob": ["tacocat"], "cy": ["nope", "defuse"]}})
    game.apply(Move("play", "ann", cards=("garbage_collection",)))
    game.apply(Move("resolve"))
    for seat in ("ann", "bob", "cy"):
        view = player_view(game, seat)
        assert {(c["player"], c["source"], c["by"]) for c in view["awaiting"]} == {
            ("ann", "garbage_collection", "ann"), ("bob", "garbage_collection", "ann"),
            ("cy", "garbage_collection", "ann")}
        assert [c["by"] for c in view["choices"]] == ["ann"]
    game.apply(Move("choose", "bob", card="tacocat"))
    assert {c["by"] for c in player_view(game, "cy")["choices"]} == {"ann"}
    game.apply(Move("choose", "ann", card="skip"))
    game.apply(Move("choose", "cy", card="nope"))
    assert not game.awaiting and game.acting is None


def test_a_kitten_drawn_by_a_played_card_asks_on_nobody_s_behalf():
    """Draw From the Bottom draws a kitten: its Defuse choice is not "asked by" that card."""
    rules = ruleset(["base", "imploding"])
    game = rules.game_from_table({
        "players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip", "tacocat", "exploding_kitten"],
        "hands": {"ann": ["draw_from_the_bottom", "defuse"], "bob": ["tacocat"]}})
    game.apply(Move("play", "ann", cards=("draw_from_the_bottom",)))
    game.apply(Move("resolve"))
    [choice] = player_view(game, "bob")["awaiting"]
    assert choice["player"] == "ann" and choice["source"] != "draw_from_the_bottom" and choice["by"] is None
