"""Where a kitten probably lies (ekpeer/bots/placements.py): beliefs from what players did.

A player who saved themselves puts the kitten back where only they see, and mostly where
the next player draws it; a player who looked at the top and then dodged probably saw a
kitten. The search bot believes both with the chance the table has shown, and the sampler
places the kitten there with that chance.
"""

from __future__ import annotations

import random

import pytest

from ekpeer.bots import make_bot
from ekpeer.bots import placements as placements_module
from ekpeer.bots.driver import public_setup, step
from ekpeer.bots.expert import ExpertBot
from ekpeer.bots.lacking import Lacking
from ekpeer.bots.placements import Placements
from ekpeer.engine import player_view
from ekpeer.engine.determinize import Knowledge, sample_game, table_facts
from ekpeer.engine.pile import DrawPile
from ekpeer.plugins import ruleset

KITTEN = "exploding_kitten"


def followed(pile: int = 20) -> Placements:
    seat = Placements("me", ruleset(["base"]).cards)
    seat.on_event("dealt", {"draw_pile": pile})
    return seat


def bob_saves_himself(seat: Placements, turns: int = 1) -> None:
    """Bob, owing ``turns`` draws, draws a kitten, defuses it and puts it back unseen."""
    seat.on_event("turn", {"player": "bob", "turns": turns})
    seat.on_event("drew", {"player": "bob", "card": KITTEN})
    seat.on_event("exploding", {"player": "bob", "card": KITTEN})
    seat.on_event("saved", {"player": "bob", "card": "defuse", "kitten": KITTEN})
    seat.on_event("put_back_hidden", {"player": "bob", "card": KITTEN, "position": None})


def test_a_kitten_put_back_is_believed_where_the_next_player_draws_it():
    seat = followed()
    bob_saves_himself(seat)
    assert seat.likely({"draw_pile_count": 20}) == [(0, KITTEN, 0.5)]
    attacked = followed()
    bob_saves_himself(attacked, turns=2)   # he still owes a draw: one card down
    assert attacked.likely({"draw_pile_count": 20}) == [(1, KITTEN, 0.5)]
    # his own next draw takes the card above it: now it is on top
    attacked.on_event("drew_hidden", {"player": "bob"})
    assert attacked.likely({"draw_pile_count": 19}) == [(0, KITTEN, 0.5)]


def test_the_chance_is_what_the_table_showed():
    seat = followed()
    bob_saves_himself(seat)
    seat.on_event("turn", {"player": "me", "turns": 1})
    seat.on_event("drew", {"player": "me", "card": "tacocat"})     # told to me alone ...
    seat.on_event("drew_hidden", {"player": "me"})                 # ... and to all: one draw
    assert seat.evidence["aimed"] == [0, 1] and seat.likely({"draw_pile_count": 19}) == []
    for _ in range(3):   # three times the next draw was the kitten put back
        bob_saves_himself(seat)
        seat.on_event("turn", {"player": "carol", "turns": 1})
        seat.on_event("drew", {"player": "carol", "card": KITTEN})
        seat.on_event("saved", {"player": "carol", "card": "defuse", "kitten": KITTEN})
        seat.on_event("put_back_hidden", {"player": "carol", "card": KITTEN, "position": None})
        seat.beliefs = []
    assert seat.evidence["aimed"] == [3, 1]
    assert seat.chance("aimed") == pytest.approx(4 / 6)


def test_what_may_move_the_pile_drops_the_belief():
    shuffled = followed()
    bob_saves_himself(shuffled)
    shuffled.on_event("resolved", {"action": {"by": "carol", "card": "shuffle"}, "noped": False})
    assert shuffled.likely({"draw_pile_count": 20}) == []
    noped = followed()
    bob_saves_himself(noped)
    noped.on_event("resolved", {"action": {"by": "carol", "card": "shuffle"}, "noped": True})
    assert noped.likely({"draw_pile_count": 20}) == [(0, KITTEN, 0.5)]
    unexplained = followed()
    bob_saves_himself(unexplained)
    assert unexplained.likely({"draw_pile_count": 18}) == []   # a size the events do not explain
    mine = followed()
    bob_saves_himself(mine)
    mine.on_event("put_back", {"player": "me", "card": KITTEN, "position": 0})   # ours on top of it
    mine.on_event("put_back_hidden", {"player": "me", "card": KITTEN, "position": None})
    assert mine.likely({"draw_pile_count": 21}) == [(1, KITTEN, 0.5)]


def test_a_peek_then_a_dodge_says_a_kitten_is_on_top():
    seat = followed()
    seat.on_event("turn", {"player": "bob", "turns": 1})
    seat.on_event("resolved", {"action": {"by": "bob", "card": "see_the_future"}, "noped": False})
    seat.on_event("resolved", {"action": {"by": "bob", "card": "skip"}, "noped": False})
    assert seat.likely({"draw_pile_count": 20}) == [(0, None, 0.5)]
    drew = followed()
    drew.on_event("turn", {"player": "bob", "turns": 1})
    drew.on_event("resolved", {"action": {"by": "bob", "card": "see_the_future"}, "noped": False})
    drew.on_event("drew_hidden", {"player": "bob"})
    drew.on_event("turn", {"player": "carol", "turns": 1})
    drew.on_event("resolved", {"action": {"by": "carol", "card": "skip"}, "noped": False})
    assert drew.beliefs == [[None, 0, "skipped"]]   # carol did not look: another signal


def test_the_sampler_places_a_believed_kitten_with_its_chance_and_keeps_the_view():
    rules = ruleset(["base"])
    game = rules.new_game(["p0", "p1", "p2"], seed=3)
    facts = table_facts(rules, game.players)
    view = player_view(game, "p0")
    rng = random.Random(1)
    sure = Knowledge(likely=[(0, KITTEN, 1.0)])
    never = Knowledge(likely=[(0, KITTEN, 0.0)])
    tops = [sample_game(rules, facts, view, sure, rng).draw_pile.top_first()[0] for _ in range(30)]
    assert tops == [KITTEN] * 30
    plain = [sample_game(rules, facts, view, never, rng).draw_pile.top_first()[0] for _ in range(60)]
    assert plain.count(KITTEN) < 20
    anyone = sample_game(rules, facts, view, Knowledge(likely=[(0, None, 1.0)]), rng)
    assert anyone.draw_pile.top_first()[0] == KITTEN
    again = player_view(sample_game(rules, facts, view, sure, rng), "p0")
    for key in ("players", "draw_pile_count", "kittens_in_pile", "hand", "discard", "legal_moves"):
        assert again[key] == view[key]


def kitten_put_back_before(me_hand: list[str]):
    """A three-player game where p0 (the heuristic bot, as many people would) draws a
    kitten, defuses it and puts it back on top; p1 is next, holding ``me_hand``."""
    rules = ruleset(["base"])
    game = rules.new_game(["p0", "p1", "p2"], seed=21)
    pile = game.draw_pile.top_first()
    pile.insert(0, pile.pop(pile.index(KITTEN)))
    game.draw_pile = DrawPile(pile)
    game.hands["p1"][:] = me_hand
    game.current = "p0"
    bot = ExpertBot(seed=5, playouts=600)
    bot.bind(public_setup(game))
    bot.observe([{"type": "dealt", "draw_pile": len(pile)}])
    bots = {"p0": make_bot("heuristic", 1), "p1": bot, "p2": make_bot("heuristic", 2)}
    while game.current != "p1" or game.awaiting or game.stack:
        step(game, bots)   # p0's turn: the bots are told its events as they happen
    return game, bot


@pytest.mark.parametrize("believe", [True, False])
def test_the_next_player_dodges_the_kitten_put_back_before_it(monkeypatch, believe):
    monkeypatch.setattr(placements_module, "ENABLED", believe)
    game, bot = kitten_put_back_before(["skip", "tacocat", "beard_cat", "rainbow_ralphing_cat"])
    assert game.draw_pile.top_first()[0] == KITTEN        # the heuristic bot aimed it at p1
    move = bot.act(player_view(game, "p1"), game.legal_moves("p1"))
    if believe:
        assert move.cards == ("skip",), bot.last
    else:   # without the belief the pile's odds (one kitten in many cards) say: draw
        assert move.do == "draw", bot.last


def test_a_dodge_without_a_look_is_its_own_signal():
    seat = followed()
    seat.on_event("turn", {"player": "bob", "turns": 1})
    seat.on_event("resolved", {"action": {"by": "bob", "card": "skip"}, "noped": False})
    assert seat.beliefs == [[None, 0, "skipped"]]
    seat.on_event("turn", {"player": "carol", "turns": 1})
    seat.on_event("drew_hidden", {"player": "carol"})     # carol drew it safely: a miss
    assert seat.evidence["skipped"] == [0, 1] and seat.evidence["dodged"] == [0, 0]


# ---------------------------------------------------------------------- who lacks a Nope
def lacking_seat() -> Lacking:
    seat = Lacking("me", ruleset(["base"]).cards)
    seat.on_event("dealt", {"draw_pile": 20})
    return seat


def favor_on(seat: Lacking, target: str, noped_by: str | None = None) -> None:
    action = {"by": "carol", "card": "favor", "cards": ["favor"], "target": target}
    seat.on_event("played", {"action": action})
    if noped_by:
        seat.on_event("played", {"action": {"by": noped_by, "card": "nope", "cards": ["nope"]}})
        seat.on_event("played", {"action": {"by": "carol", "card": "nope", "cards": ["nope"]}})
    seat.on_event("resolved", {"action": action, "noped": False})


def test_who_lets_an_action_against_them_through_is_believed_to_hold_no_nope():
    seat = lacking_seat()
    favor_on(seat, "bob")
    assert seat.lacking({"bob", "carol"}) == {"bob": (frozenset({"nope"}), 0.5)}
    seat.on_event("drew_hidden", {"player": "bob"})      # a card we did not see: maybe a Nope
    assert seat.lacking({"bob"}) == {} and seat.kept == 1
    favor_on(seat, "bob", noped_by="bob")                # he Noped (and was Noped back)
    assert seat.lacking({"bob"}) == {}
    seat.on_event("played", {"action": {"by": "carol", "card": "attack", "cards": ["attack"]}})
    seat.on_event("turn", {"player": "bob", "turns": 2, "attacked": True})   # an Attack landed
    assert "bob" in seat.lacks
    seat.on_event("played", {"action": {"by": "bob", "card": "nope", "cards": ["nope"]}})
    assert seat.broken == 1 and seat.chance == pytest.approx(2 / 4)
    favor_on(seat, "me")
    assert "me" not in seat.lacks                         # our own hand we know


def test_the_sampler_deals_no_lacked_card_to_a_hand_believed_to_lack_it():
    rules = ruleset(["base"])
    game = rules.new_game(["p0", "p1", "p2", "p3"], seed=8)
    facts = table_facts(rules, game.players)
    view = player_view(game, "p0")
    rng = random.Random(2)
    sure = Knowledge(lacking={"p1": (frozenset({"nope"}), 1.0)})
    for _ in range(30):
        sample = sample_game(rules, facts, view, sure, rng)
        assert "nope" not in sample.hands["p1"]
        assert sample.all_cards() == game.all_cards()
        again = player_view(sample, "p0")
        for key in ("players", "draw_pile_count", "kittens_in_pile", "hand", "discard"):
            assert again[key] == view[key]
    plain = [sample_game(rules, facts, view, Knowledge(), rng).hands["p1"].count("nope") for _ in range(60)]
    assert sum(plain) > 5


def test_who_draws_at_long_odds_without_a_look_is_believed_to_hold_no_peek_card(monkeypatch):
    """The heuristic bot (and a careful person) looks before a draw that may well be a kitten:
    one who draws without looking, and without a look of their own still on top, holds no
    See the Future (issue 31: what others hold, from what they did; off by default)."""
    monkeypatch.setattr("ekpeer.bots.lacking.PEEK_SIGNAL", True)
    seat = Lacking("me", ruleset(["base"]).cards)
    seat.on_event("dealt", {"players": ["me", "bob", "carol", "dan"], "draw_pile": 20}, 20)
    seat.on_event("turn", {"player": "bob", "turns": 1}, 20)
    seat.on_event("drew_hidden", {"player": "bob"}, 19)      # 3 in 20: no reason to look
    assert seat.lacking({"bob"}) == {}
    seat.on_event("turn", {"player": "bob", "turns": 1}, 9)
    seat.on_event("drew_hidden", {"player": "bob"}, 8)       # 3 in 9, and no look
    assert seat.lacking({"bob"}) == {"bob": (frozenset({"see_the_future"}), 0.5)}
    seat.on_event("drew_hidden", {"player": "carol"}, 7)     # not carol's turn: says nothing
    assert "carol" not in seat.unpeeked
    # bob looks, then draws on what he saw: no belief; and he broke the last one
    seat.on_event("turn", {"player": "bob", "turns": 1}, 7)
    action = {"by": "bob", "card": "see_the_future", "cards": ["see_the_future"]}
    seat.on_event("played", {"action": action}, 7)
    seat.on_event("resolved", {"action": action, "noped": False}, 7)
    seat.on_event("drew_hidden", {"player": "bob"}, 6)
    assert "bob" not in seat.unpeeked and seat.unpeeked_evidence == [0, 1]
    # with a Nope belief too, the sampler is given both, each with its chance
    seat.on_event("turn", {"player": "dan", "turns": 1}, 6)
    favor_on(seat, "dan")                                    # carol's Favor: dan let it through
    seat.on_event("drew_hidden", {"player": "dan"}, 5)       # (which ends that belief, kept)
    assert seat.lacking({"dan"})["dan"] == (frozenset({"see_the_future"}), pytest.approx(1 / 3))
    favor_on(seat, "dan")
    assert seat.lacking({"dan"})["dan"] == [(frozenset({"nope"}), pytest.approx(2 / 3)),
                                            (frozenset({"see_the_future"}), pytest.approx(1 / 3))]


def test_the_sampler_draws_each_belief_of_a_hand_with_its_own_chance():
    rules = ruleset(["base"])
    game = rules.new_game(["p0", "p1", "p2", "p3"], seed=8)
    facts = table_facts(rules, game.players)
    view = player_view(game, "p0")
    rng = random.Random(3)
    both = Knowledge(lacking={"p1": [(frozenset({"nope"}), 1.0), (frozenset({"see_the_future"}), 1.0)]})
    for _ in range(30):
        hand = sample_game(rules, facts, view, both, rng).hands["p1"]
        assert "nope" not in hand and "see_the_future" not in hand
    one = Knowledge(lacking={"p1": [(frozenset({"nope"}), 1.0), (frozenset({"see_the_future"}), 0.0)]})
    hands = [sample_game(rules, facts, view, one, rng).hands["p1"] for _ in range(60)]
    assert not any("nope" in h for h in hands) and any("see_the_future" in h for h in hands)
