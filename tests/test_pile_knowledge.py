"""The odds a player is shown count what the table knows, never more (issue 13, item 8).

Each view's ``known_pile`` lists the cards of the draw pile that player knows where they
lie (See the Future shows one player, Reveal the Future everyone, a kitten put back is known
to whoever put it there, a face-up card to all), and ``kittens_in_pile`` counts only the
kittens they cannot place; draws keep what is known of the rest, a secret put-back or a
shuffle ends it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ekpeer.bots import make_bot
from ekpeer.bots.driver import step
from ekpeer.engine import Move, player_view, spectator_view
from ekpeer.plugins import ruleset

RESOLVE = Move("resolve")


def known(view: dict) -> dict[int, str]:
    return {k["depth"]: k["card"] for k in view["known_pile"]}


def odds(view: dict) -> float:
    """The chance the next draw is a kitten, from the view alone (as the client works it out)."""
    mine = known(view)
    if 0 in mine:
        return 1.0 if "kitten" in mine[0] else 0.0
    unknown = view["draw_pile_count"] - len(mine)
    return view["kittens_in_pile"] / unknown if unknown else 0.0


def rigged(expansions: list[str], pile: list[str], hands: dict[str, list[str]]):
    rules = ruleset(expansions)
    return rules.game_from_table({"players": list(hands), "hands": hands, "draw_pile": pile}, seed=1)


def play(game, by: str, *cards: str, **kw) -> None:
    game.apply(Move("play", by, tuple(cards), **kw))
    if game.stack:
        game.apply(RESOLVE)


PILE = ["tacocat", "exploding_kitten", "skip", "beard_cat", "cattermelon", "exploding_kitten", "nope",
        "attack"]


def test_see_the_future_changes_the_odds_only_for_who_saw():
    game = rigged(["base"], PILE, {"ann": ["see_the_future", "defuse"], "bob": ["skip"], "cy": ["nope"]})
    before = {p: odds(player_view(game, p)) for p in game.players}
    assert before == {p: 2 / 8 for p in game.players}
    play(game, "ann", "see_the_future")
    ann, bob = player_view(game, "ann"), player_view(game, "bob")
    assert known(ann) == {0: "tacocat", 1: "exploding_kitten", 2: "skip"}
    assert known(bob) == {} and known(spectator_view(game)) == {}
    assert odds(ann) == 0.0 and ann["kittens_in_pile"] == 1        # the other kitten is somewhere below
    assert odds(bob) == 2 / 8 and bob["kittens_in_pile"] == 2
    game.apply(Move("draw", "ann"))        # the Tacocat: everyone sees a card go from the top
    ann, bob = player_view(game, "ann"), player_view(game, "bob")
    assert known(ann) == {0: "exploding_kitten", 1: "skip"}
    assert odds(ann) == 1.0 and odds(bob) == 2 / 7


def test_a_card_everyone_was_shown_changes_everyones_odds():
    game = rigged(["base", "party"], PILE, {"ann": ["reveal_the_future"], "bob": ["skip"], "cy": ["nope"]})
    play(game, "ann", "reveal_the_future")
    for who in game.players:
        view = player_view(game, who)
        assert known(view) == {0: "tacocat", 1: "exploding_kitten", 2: "skip"}
        assert odds(view) == 0.0 and view["kittens_in_pile"] == 1
    assert known(spectator_view(game)) == {0: "tacocat", 1: "exploding_kitten", 2: "skip"}
    game.apply(Move("draw", "ann"))
    assert {odds(player_view(game, p)) for p in game.players} == {1.0}


def test_a_kitten_put_back_in_secret_is_known_to_who_put_it_only():
    pile = ["exploding_kitten", "tacocat", "skip", "nope", "attack", "beard_cat"]
    game = rigged(["base"], pile, {"ann": ["defuse"], "bob": ["see_the_future"], "cy": ["nope"]})
    game.current = "bob"
    play(game, "bob", "see_the_future")                 # bob knows the kitten is on top
    assert odds(player_view(game, "bob")) == 1.0
    game.current = "ann"
    game.apply(Move("draw", "ann"))                     # ann draws it...
    game.apply(Move("choose", "ann", use="defuse"))
    game.apply(Move("choose", "ann", position=2))       # ...and puts it back 3rd, in secret
    ann, bob, cy = (player_view(game, p) for p in ("ann", "bob", "cy"))
    assert known(ann) == {2: "exploding_kitten"}
    assert known(bob) == {}                              # bob no longer knows where anything lies
    assert odds(ann) == 0.0 and ann["kittens_in_pile"] == 0
    assert odds(bob) == odds(cy) == 1 / 6


def test_a_shuffle_ends_what_anyone_knew_and_a_face_up_imploding_kitten_is_known_to_all():
    pile = ["tacocat", "imploding_kitten:up", "skip", "exploding_kitten", "nope"]
    game = rigged(["base", "imploding"], pile, {"ann": ["see_the_future", "shuffle"], "bob": ["skip"],
                                                 "cy": ["nope"]})
    bob = player_view(game, "bob")
    assert known(bob) == {1: "imploding_kitten"}
    assert bob["kittens_in_pile"] == 1 and odds(bob) == 1 / 4
    play(game, "ann", "see_the_future")
    assert known(player_view(game, "ann")) == {0: "tacocat", 1: "imploding_kitten", 2: "skip"}
    play(game, "ann", "shuffle")
    ann = player_view(game, "ann")
    assert all(k["card"] == "imploding_kitten" for k in ann["known_pile"])   # only if it lies on top
    assert ann["kittens_in_pile"] == 2 - len(ann["known_pile"])


def test_alter_and_share_the_future_tell_the_new_order_to_who_chose_it_and_who_was_shown():
    pile = ["exploding_kitten", "tacocat", "skip", "nope", "attack"]
    game = rigged(["base", "party"], pile, {"ann": ["share_the_future"], "bob": ["skip"], "cy": ["nope"]})
    play(game, "ann", "share_the_future")
    game.apply(Move("choose", "ann", order=(1, 2, 0)))
    ann, bob, cy = (player_view(game, p) for p in ("ann", "bob", "cy"))
    assert known(ann) == known(bob) == {0: "tacocat", 1: "skip", 2: "exploding_kitten"}
    assert known(cy) == {}
    assert odds(bob) == 0.0 and odds(cy) == 1 / 5


@pytest.mark.parametrize("expansions", [["base"], ["base", "imploding"], ["base", "party"],
                                        ["base", "streaking"], ["base", "zombie"]])
def test_what_a_view_says_is_known_is_true_all_game(expansions):
    """Over seeded bot games: every card a view says it knows lies where it says, and the
    odds never claim a known kitten is in the unknown part, nor a kitten everyone saw a
    hand keep (Streaking Kittens) in the pile."""
    rules = ruleset(expansions)
    for seed in range(6):
        game = rules.new_game(["p1", "p2", "p3", "p4"], seed=seed)
        bots = {p: make_bot("heuristic", seed + i) for i, p in enumerate(game.players)}
        n = 0
        while not game.over and n < 600:
            step(game, bots)
            n += 1
            pile = game.draw_pile.top_first()
            kittens = rules.kitten_cards
            for p in game.players:
                view = player_view(game, p)
                for k in view["known_pile"]:
                    assert pile[k["depth"]] == k["card"], (seed, n, p, k)
                hidden = sum(c in kittens for d, c in enumerate(pile) if d not in known(view))
                held = sum(c in kittens for q in game.players if q != p for c in game.hands[q])
                # less those everyone saw a hand keep (and knows are still there)
                held -= sum(len(s["held"]) for s in view["players"] if s["name"] != p)
                assert view["kittens_in_pile"] == hidden + held


def test_the_client_odds_line_says_what_the_view_knows():
    from ekpeer.tui.words import Catalog, Knowledge, explode_odds

    game = rigged(["base"], PILE, {"ann": ["see_the_future", "defuse"], "bob": ["skip"], "cy": ["nope"]})
    cat = Catalog(game.ruleset.catalog())
    play(game, "ann", "see_the_future")
    game.apply(Move("draw", "ann"))
    assert explode_odds(player_view(game, "ann"), cat, Knowledge()) == (
        1.0, "you know the top card is Exploding Kitten")
    assert explode_odds(player_view(game, "bob"), cat, Knowledge()) == (2 / 7, "2 kittens in 7 cards")
    game.current = "bob"
    game.apply(Move("play", "bob", ("skip",)))
    game.apply(Move("resolve"))
    game.apply(Move("draw", "cy"))          # cy draws the kitten; ann still knows the Skip is next
    assert explode_odds(player_view(game, "ann"), cat, Knowledge())[0] == 0.0


def test_cards_moved_where_everyone_sees_stay_known_to_who_knew_them():
    """Swap Top and Bottom and Raising Heck move known cards in plain sight: who knew a card
    still knows it in its new place; a Catomic Bomb's kittens lie on top for all to know
    (the bots read the pile from here, not from event names: issue 27.2)."""
    pile = ["tacocat", "exploding_kitten", "skip", "nope", "attack"]
    game = rigged(["base", "streaking"], pile, {"ann": ["see_the_future", "swap_top_and_bottom"],
                                                 "bob": ["catomic_bomb"], "cy": ["nope"]})
    play(game, "ann", "see_the_future")
    play(game, "ann", "swap_top_and_bottom")
    assert known(player_view(game, "ann")) == {1: "exploding_kitten", 2: "skip", 4: "tacocat"}
    assert known(player_view(game, "bob")) == {}
    game.apply(Move("draw", "ann"))
    play(game, "bob", "catomic_bomb")
    for p in ("ann", "bob", "cy"):
        assert known(player_view(game, p)) == {0: "exploding_kitten"}, p

    game = rigged(["base", "party"], pile, {"ann": ["raising_heck"], "bob": ["skip"], "cy": ["nope"]})
    play(game, "ann", "raising_heck")
    assert known(player_view(game, "ann")) == {4: "attack"}
    game.apply(Move("choose", "ann", keep=False))
    assert known(player_view(game, "ann")) == {0: "attack"} and known(player_view(game, "bob")) == {}


def test_a_face_up_kitten_a_shuffle_hid_is_placed_again_when_moved_in_plain_sight():
    """A stranger's Imploding Kitten lay face up on top (its place hidden by a shuffle, then
    drawn to): after their Swap Top and Bottom the odds counted it anywhere in the pile
    ("29 %: 2 kittens in 7 cards") though everyone had seen it go to the bottom."""
    from ekpeer.engine.pile import FACE_UP_HIDDEN

    pile = ["imploding_kitten", "tacocat", "exploding_kitten", "skip", "nope", "attack", "beard_cat"]
    game = rigged(["base", "imploding", "streaking"], pile,
                  {"ann": ["swap_top_and_bottom", "defuse"], "bob": ["skip"], "cy": ["nope"]})
    game.draw_pile._up[-1] = FACE_UP_HIDDEN          # as a shuffle leaves it, now on top
    assert player_view(game, "ann")["face_up"] == [{"depth": 0, "card": "imploding_kitten"}]
    play(game, "ann", "swap_top_and_bottom")
    for p in ("ann", "bob"):
        view = player_view(game, p)
        assert view["face_up"] == [{"depth": 6, "card": "imploding_kitten"}], p
        assert view["face_up_unplaced"] == [], p


def test_a_catomic_bomb_over_an_unseen_imploding_kitten_still_says_the_top_is_a_kitten():
    """A Danish stranger read "Next draw kills: 3 %" after a Catomic Bomb put three kittens on
    top, drew, and died: an Imploding Kitten nobody had seen stays put and may lie among them,
    so no one card was known, and the odds counted the kittens anywhere in the pile. Each of
    the top cards is a kitten all the same; the top one is harmless only if it is that one."""
    from ekpeer.engine.determinize import Knowledge as Known
    from ekpeer.engine.determinize import sample_game, table_facts
    from ekpeer.tui.words import Catalog, Knowledge, explode_odds

    pile = ["tacocat", "skip", "nope", "exploding_kitten", "attack", "beard_cat", "imploding_kitten",
            "skip", "exploding_kitten", "tacocat", "shuffle", "nope"]
    hands = {"ann": ["catomic_bomb"], "bob": ["defuse"], "cy": ["nope"]}
    game = rigged(["base", "imploding", "streaking"], pile, hands)
    rules = game.ruleset
    cat = Catalog(rules.catalog())
    play(game, "ann", "catomic_bomb")
    assert game.draw_pile.peek(2) == ["exploding_kitten", "exploding_kitten"]
    for p in hands:
        view = player_view(game, p)
        assert known(view) == {} and view["kitten_depths"] == [0, 1], p
        chance, why = explode_odds(view, cat, Knowledge())
        assert chance == 1 - 1 / 12 and "1 in 12" in why, (chance, why)
    # bob draws one, defuses it and puts it back where only he sees: the top one is still a kitten
    game.apply(Move("draw", "bob"))
    game.apply(Move("choose", "bob", use="defuse"))
    game.apply(Move("choose", "bob", position=5))
    view = player_view(game, "cy")
    assert view["kitten_depths"] == [0] and explode_odds(view, cat, Knowledge())[0] > 0.9
    # a seat's sample puts a kitten there too, the face-down one only as likely as anywhere
    facts = table_facts(rules, list(hands), None, (), None)
    rng = random.Random(3)
    tops = Counter(sample_game(rules, facts, view, Known(), rng).draw_pile.peek(1)[0] for _ in range(400))
    assert set(tops) <= {"exploding_kitten", "imploding_kitten"} and tops["imploding_kitten"] < 80, tops
    # the normal bot in cy's seat, with a Skip and no saver, does not walk into it
    bot = make_bot("heuristic", 1)
    bot.know_cards(rules.catalog())
    game.hands["cy"] += ["skip"]
    moves = game.legal_moves("cy")
    assert bot.act(player_view(game, "cy"), moves).cards == ("skip",)
    # a shuffle forgets it
    game.hands["cy"].append("shuffle")
    play(game, "cy", "shuffle")
    assert player_view(game, "ann")["kitten_depths"] == []


def test_cards_put_on_top_of_a_catomic_bombs_kittens_leave_them_counted_where_they_lie():
    """A stranger's odds read "3 % (2 kittens in 60 cards whose place you do not know)" after
    a Potluck put four cards on top of a Catomic Bomb's two kittens: everyone knew where
    those lay, and the next draw was one of the Potluck's cards."""
    from ekpeer.tui.words import Catalog, Knowledge, explode_odds

    pile = ["tacocat", "exploding_kitten", "skip", "nope", "attack", "beard_cat", "imploding_kitten",
            "skip", "exploding_kitten", "tacocat", "shuffle", "nope"]
    hands = {"ann": ["catomic_bomb"], "bob": ["potluck", "tacocat"], "cy": ["skip"]}
    game = rigged(["base", "imploding", "streaking", "party"], pile, hands)
    cat = Catalog(game.ruleset.catalog())
    play(game, "ann", "catomic_bomb")
    play(game, "bob", "potluck")
    for p in ("bob", "cy"):
        game.apply(Move("choose", p, card=game.hands[p][0]))
    view = player_view(game, "ann")
    assert view["kitten_depths"] == [2, 3], view["kitten_depths"]
    chance, why = explode_odds(view, cat, Knowledge())
    assert chance < 0.02 and "whose place you do not know" in why, (chance, why)


def test_a_reorder_of_a_catomic_bombs_kittens_keeps_what_everyone_knows():
    """After a Catomic Bomb everyone knows where its kittens lie; an Alter the Future of the
    top cards forgot it all, though a reorder only moves the cards among those places: if
    every one of them held a kitten, each still does, and a card beneath them did not move.
    Who chose the order knows it; the others know what a reorder cannot change."""
    pile = ["tacocat", "exploding_kitten", "skip", "exploding_kitten", "attack", "beard_cat",
            "imploding_kitten", "skip", "exploding_kitten", "tacocat", "shuffle", "nope"]
    hands = {"ann": ["catomic_bomb"], "bob": ["alter_the_future"], "cy": ["nope"]}
    game = rigged(["base", "imploding", "streaking"], pile, hands)
    play(game, "ann", "catomic_bomb")
    assert player_view(game, "cy")["kitten_depths"] == [0, 1, 2]   # the Imploding Kitten may be one
    play(game, "bob", "alter_the_future")
    game.apply(Move("choose", "bob", order=(2, 0, 1)))
    assert known(player_view(game, "bob")) == {0: "exploding_kitten", 1: "exploding_kitten",
                                               2: "exploding_kitten"}
    for p in ("ann", "cy"):
        view = player_view(game, p)
        assert known(view) == {} and view["kitten_depths"] == [0, 1, 2], (p, view["kitten_depths"])

    # nobody may lie among them: everyone knows each is an Exploding Kitten, and still does
    pile[6] = "cattermelon"
    game = rigged(["base", "imploding", "streaking"], pile, hands)
    play(game, "ann", "catomic_bomb")
    play(game, "bob", "alter_the_future")
    game.apply(Move("choose", "bob", order=(1, 2, 0)))
    for p in hands:
        assert known(player_view(game, p)) == {d: "exploding_kitten" for d in range(3)}, p

    # two kittens among the three reordered cards: nobody but bob knows where they lie now,
    # and the kitten everyone knew lay beneath them still lies there
    pile = ["tacocat", "exploding_kitten", "skip", "nope", "attack", "beard_cat", "imploding_kitten",
            "skip", "exploding_kitten", "tacocat", "shuffle", "nope"]
    hands = {"ann": ["catomic_bomb"], "bob": ["potluck", "tacocat"], "cy": ["skip", "alter_the_future"]}
    game = rigged(["base", "imploding", "streaking", "party"], pile, hands)
    play(game, "ann", "catomic_bomb")
    play(game, "bob", "potluck")
    for p in ("bob", "cy"):
        game.apply(Move("choose", p, card=game.hands[p][0]))
    assert player_view(game, "ann")["kitten_depths"] == [2, 3]
    game.current = "cy"
    play(game, "cy", "alter_the_future")
    game.apply(Move("choose", "cy", order=(2, 0, 1)))
    assert player_view(game, "ann")["kitten_depths"] == [3]
    assert set(known(player_view(game, "cy"))) == {0, 1, 2}
