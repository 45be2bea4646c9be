"""Words for people, not for the engine (issue 29, section 3): a player Yup-ing their own card
is said so, a chosen new order of the top cards is said back to its chooser, and a deck that
cannot seat the table says it in words."""

from __future__ import annotations

from ekpeer.tui.screens.lobby import deck_label
from ekpeer.tui.words import Catalog, event_words

from .conftest import rigged, scripted_app, settle, snapshot_of

CAT = Catalog([{"id": "targeted_attack", "title": "Targeted Attack (2x)", "kind": "attack"}])


def test_a_player_yupping_their_own_card_is_said_so():
    """Not "bot3 Yups bot3's Targeted Attack (2x)"."""
    yup = {"type": "noped", "by": "bot3", "action": {"by": "bot3", "card": "targeted_attack", "nopes": 2}}
    assert event_words(yup, CAT, "ann") == "bot3 Yups their own Targeted Attack (2x)"
    assert event_words(yup, CAT, "bot3") == "You Yup your Targeted Attack (2x)"
    yup["by"] = "ann"
    assert event_words(yup, CAT, "ann") == "You Yup bot3’s Targeted Attack (2x)"
    assert event_words(yup, CAT, None) == "ann Yups bot3’s Targeted Attack (2x)"
    nope = {"type": "noped", "by": "bob", "action": {"by": "bob", "card": "targeted_attack", "nopes": 1}}
    assert event_words(nope, CAT, "ann") == "bob Nopes their own Targeted Attack (2x)"


ALTER = {"expansions": ["base", "imploding"], "players": ["ann", "bob"], "current": "ann",
         "draw_pile": ["tacocat", "skip", "exploding_kitten", "nope"],
         "hands": {"ann": ["alter_the_future", "defuse"], "bob": ["defuse"]}}


async def test_your_log_says_the_order_you_chose_for_the_future():
    """The cards were shown in one update, the order chosen in a later one (as a host sends
    them): the chooser's log says the new order, nobody else's does."""
    from ekpeer.engine import Move, player_view
    from ekpeer.engine.view import visible_events

    game, rules, shown = rigged(ALTER, [{"do": "play", "by": "ann", "cards": ["alter_the_future"]},
                                        {"do": "resolve"}])
    snapshots = {me: snapshot_of(game, rules, me, shown) for me in ("ann", "bob")}
    chosen = game.apply(Move.from_dict({"do": "choose", "by": "ann", "order": [2, 0, 1]}))
    assert game.draw_pile.top_first()[:3] == ["exploding_kitten", "tacocat", "skip"]
    for me in ("ann", "bob"):
        update = {"type": "update", "body": {"view": player_view(game, me),
                                             "events": visible_events(list(chosen), me)}}
        app, _ = scripted_app([snapshots[me], update], name=me)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, 4)
            log = app.log_lines
            altered = next(i for i, line in enumerate(log) if "alter" in line and "future" in line)
            if me == "ann":   # the chooser's own line, right after the public one it explains
                assert log[altered + 1:] == ["You put them back, top first: Exploding Kitten, Tacocat, Skip"]
            else:             # nobody else learns the order
                assert not any("top first" in line for line in log), log


def test_a_deck_that_cannot_seat_the_table_says_so_in_words():
    two = {"name": "two_player", "title": "2-Player Edition", "min_players": 2, "max_players": 2}
    original = {"name": "original", "title": "Original Edition", "min_players": 2, "max_players": 5}
    assert str(deck_label(two, 5)) == "2-Player Edition: 2 players only, not 5"
    assert str(deck_label(two, 2)) == "2-Player Edition: 2 players"
    assert str(deck_label(original, 6)) == "Original Edition: 2-5 players only, not 6"
    assert str(deck_label(original, 4)) == "Original Edition: 2-5 players"


async def test_the_log_opens_with_the_first_turns_header():
    """The first turn begins with no event (nobody passed it on); its log opens with its header
    all the same, as every later turn's does. A snapshot later in the game adds none."""
    from ekpeer.engine import Move

    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["tacocat", "skip", "nope"],
             "hands": {"ann": ["defuse"], "bob": ["defuse"]}}
    game, rules, _ = rigged(table)
    for me, header in (("ann", "— your turn —"), ("bob", "— ann’s turn —")):
        app, _ = scripted_app([snapshot_of(game, rules, me)], name=me)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, 4)
            assert app.log_lines[:1] == [header], app.log_lines
    game.apply(Move("draw", "ann"))
    app, _ = scripted_app([snapshot_of(game, rules, "ann")], name="ann")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 4)
        assert not any("turn —" in line for line in app.log_lines[:1]), app.log_lines


def test_a_deck_dealt_by_the_count_says_which_cards_this_table_gets():
    """The Party Pack at a table of 5 said only "2-10 players": it deals its 4-7 player cards
    there, its paw cards at 2-3, all of them at 8-10 (the host's own choices, not a stand-in)."""
    from ekpeer.net.lobby import choices
    from ekpeer.tui.screens.lobby import _chosen_deck, _reach

    settings = {"expansions": ["base", "party"], "deck": "party_pack", "seats": 5}
    party = _chosen_deck(settings, choices())
    reach = _reach(settings, choices())
    said = {n: str(deck_label(party, n, reach)) for n in (3, 5, 9)}
    assert said == {3: "Party Pack: 2-3 player cards", 5: "Party Pack: 4-7 player cards",
                    9: "Party Pack: all 120 cards"}


def test_an_expansion_box_that_seats_more_extends_the_deck_it_joins():
    """The Original Edition with Imploding Kittens seats 6, as the host deals it; the lobby said
    "Original Edition: 2-5 players only, not 6" and refused the sixth seat."""
    from ekpeer.net.lobby import choices
    from ekpeer.plugins import ruleset
    from ekpeer.tui.screens.lobby import _chosen_deck, _reach, players_label

    settings = {"expansions": ["base", "imploding"], "deck": "original", "seats": 6}
    original = _chosen_deck(settings, choices())
    reach = _reach(settings, choices())
    ruleset(["base", "imploding"]).check_table([f"p{i}" for i in range(6)], "original", [], {})
    assert str(deck_label(original, 6, reach)) == "Original Edition: 2-6 players"
    assert str(players_label(6, original, reach)) == "6"
    assert str(deck_label(original, 7, reach)) == "Original Edition: 2-6 players only, not 7"


def test_a_deck_says_the_counts_the_host_deals_it_for_with_every_box_ticked():
    """With every box ticked the lobby offered "2-Player Edition: 2-6 players", and the host
    then refused 4 (3 kittens for 4 players): the lobby now says what the host deals."""
    from ekpeer.net.lobby import choices, deck_seats
    from ekpeer.tui.screens.lobby import _choices, _chosen_deck, _reach, players_label

    boxes = ["base", "imploding", "streaking", "zombie", "party"]
    lobby = {"choices": choices(), "deck_seats": deck_seats(tuple(boxes), ())}
    settings = {"expansions": boxes, "deck": "two_player", "seats": 4}
    two = _chosen_deck(settings, _choices(lobby))
    reach = _reach(settings, _choices(lobby))
    assert str(deck_label(two, 2, reach)) == "2-Player Edition: 2-3 players"
    assert str(deck_label(two, 4, reach)) == "2-Player Edition: 2-3 players only, not 4"
    assert str(players_label(4, two, reach)).startswith("4 · not with")


def test_a_yup_and_a_cards_question_read_as_danish():
    """A Danish stranger read "bot3 siger Jo til sit eget kort Bland" and "bot1 siger Jo til
    sin egen kombination" (a Yup undoes a Nope: "saying yes" to one's own card said nothing),
    and "Det er dit eget kort Skraldeindsamling, der spørger" over a card's question."""
    from ekpeer import i18n
    from ekpeer.tui.screens.card_choice import _asked_by

    cat = Catalog([{"id": "shuffle", "title": "Bland", "kind": "action"},
                   {"id": "garbage_collection", "title": "Skraldeindsamling", "kind": "action"}])
    yup = {"type": "noped", "by": "bot3", "action": {"by": "bot3", "card": "shuffle", "nopes": 2}}
    combo = {"type": "noped", "by": "bot1", "action": {"by": "bot1", "combo": True, "cards": ["shuffle"] * 2,
                                                       "nopes": 2}}
    nope = {"type": "noped", "by": "bob", "action": {"by": "ann", "card": "shuffle", "nopes": 1}}
    asked = {"source": "garbage_collection", "by": "ann"}
    i18n.set_language("da")
    try:
        assert event_words(yup, cat, "ann") == "bot3 ophæver Nikset mod sit eget kort, Bland"
        assert event_words(combo, cat, "ann") == "bot1 ophæver Nikset mod sin egen kombination"
        assert event_words(nope, cat, "ann") == "bob nikser dit kort, Bland"
        assert event_words(nope, cat, "cat") == "bob nikser anns kort, Bland"
        assert _asked_by(asked, cat, "ann") == "Kortet Skraldeindsamling, som du selv spillede, beder om det."
        assert _asked_by(asked, cat, "bob") == "Kortet Skraldeindsamling, spillet af ann, beder om det."
        unplayed = {"source": "garbage_collection"}
        assert _asked_by(unplayed, cat, "bob") == "Kortet Skraldeindsamling beder om det."
    finally:
        i18n.set_language("en")
