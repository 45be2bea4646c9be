"""Every decision dialog highlights the safe, common choice first (issue 13, item 5): Enter
pressed in haste never targets yourself, never gives away a Defuse or a Nope while anything
else is held, never keeps a kitten, never chooses to die."""

from __future__ import annotations

import copy

from ekpeer.tui.screens.card_choice import CardChoiceScreen
from ekpeer.tui.screens.keep import KeepScreen
from ekpeer.tui.screens.position import PositionScreen
from ekpeer.tui.screens.save import SaveScreen
from ekpeer.tui.screens.target import TargetScreen

from .conftest import rigged, scripted_app, settle, snapshot_of


async def enter_on(msg, keys=(), name="ann"):
    """Open the table on ``msg``, press ``keys`` then Enter; the dialog seen and the moves sent."""
    app, session = scripted_app([msg], name=name)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        if keys:
            await pilot.press(*keys)
            await settle(pilot)
        screen = app.screen
        options = screen.query_one("#dialog-options")
        screen.highlighted_label = str(options.get_option_at_index(options.highlighted).prompt) \
            if options.highlighted is not None else None
        await pilot.press("enter")
        await settle(pilot)
        return screen, [m for kind, m in session.sent if kind == "move"]


async def test_a_targeted_attack_highlights_another_player_never_yourself():
    table = {"expansions": ["base", "imploding"], "players": ["ann", "bob", "cat"], "current": "ann",
             "draw_pile": ["skip", "skip"],
             "hands": {"ann": ["targeted_attack", "defuse"], "bob": ["nope"], "cat": ["skip"]}}
    game, rules, ev = rigged(table)
    view = snapshot_of(game, rules, "ann", ev)
    targets = {m.get("target") for m in view["body"]["view"]["legal_moves"]
               if m.get("cards") == ["targeted_attack"]}
    assert "ann" in targets        # the rules allow it: the dialog must not offer it first
    screen, moves = await enter_on(view, ["right", "enter"])   # the hand: Defuse, Targeted Attack
    assert isinstance(screen, TargetScreen)
    assert "(you)" not in screen.highlighted_label
    assert moves and moves[-1]["target"] != "ann"
    assert moves[-1]["target"] == "bob"
    # and it says what the card does to them: "Choose the player to target." said nothing
    assert screen.prompt.startswith("End your turn without drawing"), screen.prompt
    assert screen.highlighted_label == "bob  (1 card)"          # not "1 cards"


def favor_from(bob_plays_on_ann_with: list[str]):
    table = {"players": ["ann", "bob"], "current": "bob", "draw_pile": ["skip"],
             "hands": {"ann": bob_plays_on_ann_with, "bob": ["favor"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "bob", "cards": ["favor"], "target": "ann"},
                                     {"do": "resolve"}])
    return snapshot_of(game, rules, "ann", ev)


async def test_a_card_asked_of_you_says_which_card_asks():
    """Feed the Dead's "Give bot3 a card" said nothing of who asked, where Potluck's did; and
    "Asked by Garbage Collection" said not whose card it was: the card's player is said."""
    screen, _moves = await enter_on(favor_from(["defuse", "tacocat"]))
    assert isinstance(screen, CardChoiceScreen) and "Asked by bob’s Favor." in screen.prompt, screen.prompt


async def test_garbage_collection_says_whose_it_is_and_your_own_is_your_own():
    table = {"expansions": ["base", "streaking"], "players": ["ann", "bob"], "current": "bob",
             "draw_pile": ["skip", "tacocat"],
             "hands": {"ann": ["tacocat", "skip"], "bob": ["garbage_collection", "nope"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "bob", "cards": ["garbage_collection"]},
                                     {"do": "resolve"}])
    screen, _moves = await enter_on(snapshot_of(game, rules, "ann", ev))
    assert isinstance(screen, CardChoiceScreen)
    assert "Asked by bob’s Garbage Collection." in screen.prompt, screen.prompt
    screen, _moves = await enter_on(snapshot_of(game, rules, "bob", ev), name="bob")
    assert "Asked by your own Garbage Collection." in screen.prompt, screen.prompt


async def test_a_favor_asked_of_you_highlights_your_least_valuable_card():
    screen, moves = await enter_on(favor_from(["defuse", "nope", "skip", "tacocat", "tacocat", "beard_cat"]))
    assert isinstance(screen, CardChoiceScreen)
    # a lone cat is worth least (a pair of Tacocats can steal)
    assert moves == [{"do": "choose", "card": "beard_cat"}]
    # and the prompt says where the list starts: a stranger counted ↓ from the first row
    assert "Beard Cat is highlighted: the card you can best spare." in screen.prompt


async def test_a_favor_never_highlights_a_defuse_or_nope_while_anything_else_is_held():
    screen, moves = await enter_on(favor_from(["defuse", "nope", "attack"]))
    assert moves == [{"do": "choose", "card": "attack"}]
    screen, moves = await enter_on(favor_from(["defuse", "nope"]))
    assert moves == [{"do": "choose", "card": "nope"}]


async def test_five_different_cats_take_the_most_valuable_card():
    five = ["tacocat", "beard_cat", "cattermelon", "hairy_potato_cat", "rainbow_ralphing_cat"]
    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip"],
             "discard": ["skip", "defuse", "nope"], "hands": {"ann": five, "bob": ["nope"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "ann", "cards": five}, {"do": "resolve"}])
    screen, moves = await enter_on(snapshot_of(game, rules, "ann", ev))
    assert isinstance(screen, CardChoiceScreen)
    assert moves == [{"do": "choose", "card": "defuse"}]
    assert "Defuse is highlighted: the most valuable one." in screen.prompt


def keep_choice(card: str):
    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip"],
             "hands": {"ann": ["defuse"], "bob": ["nope"]}}
    game, rules, _ = rigged(table)
    msg = snapshot_of(game, rules, "ann")
    view = copy.deepcopy(msg["body"]["view"])
    view["choices"] = [{"player": "ann", "kind": "keep", "options": [True, False], "context": {"card": card},
                        "prompt": "take the bottom card (or put it on top)?", "source": "raising_heck"}]
    view["legal_moves"] = [{"do": "choose", "by": "ann", "keep": k} for k in (True, False)]
    msg["body"]["view"] = view
    return msg


async def test_keep_highlights_putting_a_kitten_back():
    screen, moves = await enter_on(keep_choice("exploding_kitten"))
    assert isinstance(screen, KeepScreen)
    assert moves == [{"do": "choose", "keep": False}]
    screen, moves = await enter_on(keep_choice("skip"))
    assert moves == [{"do": "choose", "keep": True}]


KITTEN = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["exploding_kitten", "tacocat", "skip"],
          "hands": {"ann": ["skip", "defuse"], "bob": ["nope"]}}


async def test_save_or_die_highlights_saving_and_the_title_names_the_card():
    game, rules, ev = rigged(KITTEN, [{"do": "draw", "by": "ann"}])
    screen, moves = await enter_on(snapshot_of(game, rules, "ann", ev))
    assert isinstance(screen, SaveScreen)
    assert screen.highlighted_label.startswith("Use Defuse")
    assert moves == [{"do": "choose", "use": "defuse"}]


async def test_the_kittens_place_has_no_default_and_enter_chooses_nothing():
    game, rules, ev = rigged(KITTEN, [{"do": "draw", "by": "ann"},
                                      {"do": "choose", "by": "ann", "use": "defuse"}])
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, PositionScreen)
        assert app.screen.query_one("#dialog-options").highlighted is None
        await pilot.press("enter")
        await settle(pilot)
        assert [m for kind, m in session.sent if kind == "move"] == []
        # and says why (a stranger's Enter did nothing, silently)
        assert app.screen.warning().startswith("Pick a place first")     # in its box (Modal.warn)
        assert app.screen.query_one("#dialog-details").display
        await pilot.press("down")      # a place picked: "Nothing is chosen yet" has said its piece
        await settle(pilot)
        assert not app.screen.query_one("#dialog-details").display



async def test_arrow_keys_pressed_too_often_rest_on_the_end_and_never_come_round():
    """A stranger pressed ↓ three times in a Favor asked of a Defuse and a Tacocat: the list
    came round from the Tacocat (the default, last) to the Defuse, and Enter gave it away."""
    for keys, card in ((["down"], "tacocat"), (["down"] * 3, "tacocat")):
        screen, moves = await enter_on(favor_from(["defuse", "tacocat"]), keys)
        assert moves == [{"do": "choose", "card": card}], keys


async def test_giving_away_a_defuse_while_holding_other_cards_is_asked_once_more():
    """A second stranger pressed ↑ six times in a burst and Enter: the Defuse, listed first
    as in the hand, went at once. Now it is asked once more; going back is the default."""
    from ekpeer.tui.screens.confirm import ConfirmScreen

    app, session = scripted_app([favor_from(["tacocat", "defuse", "skip"])], name="ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        options = app.screen.query_one("#dialog-options")
        labels = [str(o.prompt) for o in options.options]
        assert labels == ["Defuse", "Skip", "Tacocat"]          # the hand's order
        await pilot.press(*["up"] * 6, "enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "Give away Defuse?" in app.screen.title_text
        await pilot.press("enter")                                # "No: go back", highlighted
        await settle(pilot)
        assert isinstance(app.screen, CardChoiceScreen)
        assert not [m for kind, m in session.sent if kind == "move"]
        assert app.screen.query_one("#dialog-options").highlighted == labels.index("Tacocat")
        await pilot.press("up", "up", "enter", "y")
        await settle(pilot)
        assert [m for kind, m in session.sent if kind == "move"] == [{"do": "choose", "card": "defuse"}]
    # with nothing but Defuses, giving one is no mistake: no second question
    screen, moves = await enter_on(favor_from(["defuse", "defuse"]))
    assert moves == [{"do": "choose", "card": "defuse"}]


async def test_once_you_are_out_your_empty_hand_says_so():
    """A stranger who exploded saw an empty hand row and no word of being out while others'
    actions filled the status line: the row itself says it."""
    table = {"players": ["ann", "bob", "cat"], "current": "ann", "draw_pile": ["exploding_kitten", "skip"],
             "hands": {"ann": ["skip"], "bob": ["nope"], "cat": ["skip"]}}
    game, rules, ev = rigged(table, [{"do": "draw", "by": "ann"}])
    assert game.status["ann"] == "out"
    app, _session = scripted_app([snapshot_of(game, rules, "ann", ev)], name="ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        row = [str(w.render()) for w in app.screen.query("#hand Static")]
        assert row == ["You are out of the game: watching to the end."]


async def test_a_card_picked_from_elsewhere_than_the_hand_is_not_asked_as_giving_it_away():
    """A stranger's plugin asked for a card of the discard pile (``game.ask``, not from the
    hand): picking the Defuse there asked "Give away Defuse?", and Enter went back."""
    msg = copy.deepcopy(favor_from(["tacocat", "defuse", "skip"]))
    choice = msg["body"]["view"]["choices"][0]
    assert choice["from_hand"] is True                  # a Favor gives from the hand
    choice.update(from_hand=False, options=["defuse", "skip"], source=None,
                  prompt="pick a card of the discard pile to put back into the draw pile")
    view = msg["body"]["view"]
    view["legal_moves"] = [m for m in view["legal_moves"] if m.get("card") in ("defuse", "skip")]
    screen, moves = await enter_on(msg)
    assert isinstance(screen, CardChoiceScreen) and not screen.giving
    assert moves == [{"do": "choose", "card": "defuse"}]


def seen_kitten_on_top(hand: list[str]):
    """ann looked (See the Future) and the top card is an Exploding Kitten; her hand after."""
    table = {"players": ["ann", "bob"], "current": "ann",
             "draw_pile": ["exploding_kitten", "tacocat", "beard_cat"],
             "hands": {"ann": ["see_the_future", *hand], "bob": ["cattermelon"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "ann", "cards": ["see_the_future"]},
                                     {"do": "resolve"}])
    return snapshot_of(game, rules, "ann", ev)


async def press_on(msg, *keys: str):
    app, session = scripted_app([msg])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        return app.screen, [m for kind, m in session.sent if kind == "move"]


async def test_d_on_a_kitten_you_saw_on_top_asks_before_you_die():
    """A stranger read "Next draw kills: 100 %", pressed d by habit and died with a Skip in
    hand: a sure death with another card to play is asked once more, going back highlighted."""
    from ekpeer.tui.screens.confirm import ConfirmScreen

    msg = seen_kitten_on_top(["skip"])
    screen, moves = await press_on(msg, "d")
    assert isinstance(screen, ConfirmScreen) and not moves
    assert "Nothing in your hand saves you" in screen.prompt, screen.prompt
    screen, moves = await press_on(msg, "d", "enter")      # Enter in haste: back, nothing drawn
    assert not isinstance(screen, ConfirmScreen) and not moves
    _screen, moves = await press_on(msg, "d", "y")
    assert [m["do"] for m in moves] == ["draw"]


async def test_d_on_a_kitten_draws_at_once_with_a_defuse_or_nothing_else_to_play():
    """With a Defuse the draw may be the plan (put it back for bob); with nothing to play it
    is the only move: no question either way."""
    for hand in (["skip", "defuse"], []):
        _screen, moves = await press_on(seen_kitten_on_top(hand), "d")
        assert [m["do"] for m in moves] == ["draw"], hand


EVERY_BOX = ["base", "imploding", "zombie", "streaking", "party"]


def known_kitten_on_top(kitten: str, hand: list[str]):
    """With every box on, ann knows ``kitten`` lies on top (face up, or seen with See the
    Future); her hand after."""
    table = {"expansions": EVERY_BOX, "players": ["ann", "bob"], "current": "ann",
             "draw_pile": [kitten, "tacocat", "beard_cat"],
             "hands": {"ann": ["see_the_future", *hand], "bob": ["cattermelon"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "ann", "cards": ["see_the_future"]},
                                     {"do": "resolve"}])
    return snapshot_of(game, rules, "ann", ev)


async def test_d_asks_when_nothing_in_hand_saves_from_that_kitten():
    """A Danish player held a Streaking Kitten (already holding an Exploding Kitten), drew a
    face-up Imploding Kitten on top with no question, and died: any card of a Defuse's kind
    counted as a saver. The host's ``saved_from`` says which kittens the hand answers."""
    from ekpeer.tui.screens.confirm import ConfirmScreen

    savers = (["streaking_kitten", "exploding_kitten"], ["streaking_kitten"], ["defuse"], ["zombie_kitten"])
    for hand in savers:      # nothing saves from an Imploding Kitten face up
        screen, moves = await press_on(known_kitten_on_top("imploding_kitten:up", ["skip", *hand]), "d")
        assert isinstance(screen, ConfirmScreen) and not moves, hand
    # a Streaking Kitten holds one Exploding Kitten: not a second one
    screen, moves = await press_on(known_kitten_on_top(
        "exploding_kitten", ["skip", "streaking_kitten", "exploding_kitten"]), "d")
    assert isinstance(screen, ConfirmScreen) and not moves
    for hand in savers[1:]:      # each saves from an Exploding Kitten: the draw may be the plan
        _screen, moves = await press_on(known_kitten_on_top("exploding_kitten", ["skip", *hand]), "d")
        assert [m["do"] for m in moves] == ["draw"], hand


async def test_d_in_your_own_cards_nope_window_is_kept_and_said():
    """A stranger played a Shuffle, pressed d at once and read "You cannot draw now.", no more:
    the Shuffle waits for its Nope window to close. The d is kept for then, and said so on the
    status line (test_draw_after_play.py draws it)."""
    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip", "tacocat"],
             "hands": {"ann": ["shuffle", "skip"], "bob": ["nope"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "ann", "cards": ["shuffle"]}])
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("d")
        await settle(pilot, 3)
        said = [str(n.message) for n in app._notifications]
        assert not said, said
        status = str(app.screen.query_one("#status").render())
        assert "Drawing when the Nope window closes (Esc: don't)" in status, status
        assert not [m for kind, m in session.sent if kind == "move"]


async def test_d_and_a_second_card_in_a_nope_window_say_so_without_seconds_that_go_stale():
    """"… to close (3 s left)." stayed "3 s" while the bar ran down; and a second card pressed in
    the same burst read "Skip: no move is open to you now", the window unsaid. The d is kept
    (said on the status line), and the card pressed after it calls it off."""
    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip", "tacocat"],
             "hands": {"ann": ["shuffle", "skip"], "bob": ["nope"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "ann", "cards": ["shuffle"]}])
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        session.push("timer", {"kind": "reaction", "seconds": 3.0, "player": None})
        await settle(pilot, 2)
        await pilot.press("d")
        await settle(pilot, 2)
        app.screen.play_cards(["skip"])
        await settle(pilot, 2)
        said = [str(n.message) for n in app._notifications]
        assert said == ["Skip: not yet: the card played waits for its Nope window."], said
        assert "Drawing" not in str(app.screen.query_one("#status").render())
        assert not [m for kind, m in session.sent if kind == "move"]


async def test_the_host_gone_dialog_highlights_keep_waiting_while_the_seat_may_come_back(table3):
    """An Enter (the last of a burst typed at the table) pressed "Back to the start screen"
    while the client was still reconnecting, and a bot took the seat: "Keep waiting" is the
    first answer: Enter and Esc fold the dialog to the table's top line, and the rest of the
    burst sends nothing (no move goes to a host that is gone); once the seat is refused, nothing
    is left to wait for: the dialog is back, the start screen first."""
    from ekpeer.tui.screens.host_gone import HostGoneScreen

    game, rules, events = rigged(table3)
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        session.push("connection", {"state": "lost", "reason": "host silent"})
        await settle(pilot, 4)
        screen = app.screen
        assert isinstance(screen, HostGoneScreen) and getattr(screen.focused, "id", None) == "wait"
        assert str(screen.query_one("#wait").label) == "Keep waiting (Enter/Esc)"
        await pilot.press("enter", "enter", "escape", "enter")
        await settle(pilot, 4)
        assert app.screen is app.table_screen and app.host_gone is screen
        assert not [kind for kind, _m in session.sent if kind in ("close", "leave", "move")], session.sent
        await pilot.press("d")      # a move chosen at the table meanwhile: said, never sent
        await settle(pilot, 4)
        assert not [kind for kind, _m in session.sent if kind == "move"], session.sent
        said = [n.message for n in app._notifications]      # d is dimmed then, and says why
        assert "The host is not answering: you cannot draw now (h: leave or quit)." in said, said
        app.screen.play_cards(["skip"])     # a card played at the table: said, never sent
        await settle(pilot, 4)
        assert not [kind for kind, _m in session.sent if kind == "move"], session.sent
        said = [n.message for n in app._notifications]
        assert "The host is not answering: your move was not sent (h: leave or quit)." in said, said
        session.push("connection", {"state": "refused", "code": "bad_token", "message": "no seat"})
        await settle(pilot, 4)
        screen = app.screen
        assert isinstance(screen, HostGoneScreen) and app.host_gone is screen
        assert getattr(screen.focused, "id", None) == "start"
        assert not screen.query_one("#wait").display
        # refused by a host restarted without --resume: resumed later, the seat is there again,
        # and this client has given up on it (a stranger waited for it in vain)
        words = " ".join(str(screen.query_one("#dialog-prompt").render()).split())
        assert "join again with the same command to take your seat back" in words, words
        assert "it started again without your game" in words and "token" not in words, words
