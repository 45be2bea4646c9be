"""Pilot tests: every decision arrives as its own modal and answers with the right move."""

from __future__ import annotations

import copy

import pytest

from ekpeer.tui.screens.card_choice import CardChoiceScreen
from ekpeer.tui.screens.keep import KeepScreen
from ekpeer.tui.screens.name_card import NameCardScreen
from ekpeer.tui.screens.order import OrderScreen
from ekpeer.tui.screens.position import PositionScreen
from ekpeer.tui.screens.revive import PlayerChoiceScreen
from ekpeer.tui.screens.save import SaveScreen
from ekpeer.tui.screens.target import TargetScreen
from ekpeer.tui.widgets import KeyBar

from .conftest import rigged, scripted_app, settle, snapshot_of

KITTEN = {
    "players": ["ann", "bob"],
    "current": "ann",
    "draw_pile": ["exploding_kitten", "tacocat", "skip"],
    "hands": {"ann": ["defuse", "skip"], "bob": ["nope"]},
}
#: bob plays a Favor on ann, and ann is asked which card to give
FAVOR = {
    "players": ["ann", "bob"],
    "current": "bob",
    "draw_pile": ["skip"],
    "hands": {"ann": ["tacocat", "skip"], "bob": ["favor"]},
}
FAVOR_ASKED = [{"do": "play", "by": "bob", "cards": ["favor"], "target": "ann"}, {"do": "resolve"}]


async def run(msg, keys, name="ann"):
    app, session = scripted_app([msg], name=name)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        screen.texts = {w.id: str(w.render()) for w in screen.query("#dialog-title, #dialog-prompt")}
        await pilot.press(*keys)
        await settle(pilot)
        return screen, [m for kind, m in session.sent if kind == "move"]


async def test_save_or_die_highlights_the_saving_card():
    game, rules, ev = rigged(KITTEN, [{"do": "draw", "by": "ann"}])
    screen, moves = await run(snapshot_of(game, rules, "ann", ev), ["enter"])
    assert isinstance(screen, SaveScreen)
    assert moves == [{"do": "choose", "use": "defuse"}]


async def test_dying_needs_the_second_option_and_a_second_yes():
    """Not saving yourself is asked once more (issue 29.2: a tap a row low chose it with a
    Defuse in hand): Enter there goes back, only Yes explodes."""
    game, rules, ev = rigged(KITTEN, [{"do": "draw", "by": "ann"}])
    screen, moves = await run(snapshot_of(game, rules, "ann", ev), ["down", "enter", "enter"])
    assert moves == []                                       # Enter on the question: back
    screen, moves = await run(snapshot_of(game, rules, "ann", ev), ["down", "enter", "enter", "enter"])
    assert moves == [{"do": "choose", "use": "defuse"}]      # back on the choice, Defuse highlighted
    screen, moves = await run(snapshot_of(game, rules, "ann", ev), ["down", "enter", "y"])
    assert moves == [{"do": "choose", "use": "none"}]
    screen, moves = await run(snapshot_of(game, rules, "ann", ev), ["down", "enter", "tab", "enter"])
    assert moves == [{"do": "choose", "use": "none"}]        # the Yes button


async def test_kitten_goes_back_where_chosen_with_the_pile_size_shown():
    game, rules, ev = rigged(
        KITTEN, [{"do": "draw", "by": "ann"}, {"do": "choose", "by": "ann", "use": "defuse"}]
    )
    screen, moves = await run(snapshot_of(game, rules, "ann", ev), ["end", "enter"])
    assert isinstance(screen, PositionScreen)
    assert "2 cards" in screen.texts["dialog-title"]      # the pile size, said once (in the title)
    assert moves == [{"do": "choose", "position": 2}]


async def test_favor_asks_which_card_to_give():
    game, rules, ev = rigged(FAVOR, FAVOR_ASKED)
    # the dialog lists Skip, Tacocat (the hand's order) with Tacocat, the lone cat, highlighted
    screen, moves = await run(snapshot_of(game, rules, "ann", ev), ["up", "enter"])
    assert isinstance(screen, CardChoiceScreen)
    assert "Give bob a card" in screen.texts["dialog-title"]
    assert moves == [{"do": "choose", "card": "skip"}]


async def test_five_different_takes_from_the_discard_pile():
    five = ["tacocat", "beard_cat", "cattermelon", "hairy_potato_cat", "rainbow_ralphing_cat"]
    table = {
        "players": ["ann", "bob"],
        "current": "ann",
        "draw_pile": ["skip"],
        "discard": ["attack", "shuffle"],
        "hands": {"ann": five, "bob": []},
    }
    game, rules, ev = rigged(table, [{"do": "play", "by": "ann", "cards": five}, {"do": "resolve"}])
    screen, moves = await run(snapshot_of(game, rules, "ann", ev), ["enter"])
    assert isinstance(screen, CardChoiceScreen)
    assert "discard" in screen.texts["dialog-title"]
    assert moves and moves[0]["do"] == "choose" and moves[0]["card"] in ("attack", "shuffle")


async def test_three_of_a_kind_asks_target_then_a_card_name():
    table = {
        "players": ["ann", "bob", "cat"],
        "current": "ann",
        "draw_pile": ["skip"],
        "hands": {"ann": ["tacocat"] * 3, "bob": ["nope"], "cat": ["skip"]},
    }
    game, rules, ev = rigged(table)
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("space", "space", "space", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TargetScreen)
        # a stranger read "Play Attack (2x) on whom?" for a pair, as if it were a targeted Attack
        assert app.screen.title_text == "Play 3 x Tacocat on whom?"
        assert app.screen.prompt.startswith("Three of a kind names a card to take")
        # players, not cards: no "?: card rules" (offered, it did nothing)
        assert "?" not in str(app.screen.query_one("#dialog-hint").render())
        assert "Rules of card" not in str(app.screen.query_one(KeyBar).render())
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, NameCardScreen)
        options = app.screen.query_one("#dialog-options")
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert labels[options.highlighted] == "Defuse"     # the card most worth asking for, first
        # ...and said so, as a Favor's dialog says what it marks (a stranger pressed Down three
        # times from where they thought the list began)
        assert app.screen.prompt.endswith("Defuse is highlighted: the most valuable one.")
        await pilot.press("home", *(["down"] * labels.index("Nope")), "enter")
        await settle(pilot)
    move = session.sent[-1][1]
    assert move == {"do": "play", "by": "ann", "cards": ["tacocat"] * 3, "target": "bob", "name": "nope"} or (
        move["cards"] == ["tacocat"] * 3 and move["target"] == "bob" and move["name"] == "nope"
    )


def _with_choice(kind, options, context, legal):
    game, rules, _ = rigged(KITTEN)
    msg = snapshot_of(game, rules, "ann")
    view = copy.deepcopy(msg["body"]["view"])
    view["choices"] = [
        {
            "player": "ann",
            "kind": kind,
            "options": options,
            "context": context,
            "prompt": f"plugin asks: {kind}",
            "source": "some_plugin_card",
        }
    ]
    view["legal_moves"] = legal
    view["waiting_for"] = ["ann"]
    msg["body"]["view"] = view
    return msg


async def test_order_of_three_cards_can_be_rearranged():
    msg = _with_choice(
        "order",
        3,
        {"cards": ["exploding_kitten", "skip", "tacocat"]},
        [{"do": "choose", "by": "ann", "order": [0, 1, 2]}],
    )
    screen, moves = await run(msg, ["shift+down", "shift+down", "enter"])
    assert isinstance(screen, OrderScreen)
    assert moves == [{"do": "choose", "order": [1, 2, 0]}]


async def test_order_of_five_cards():
    cards = ["skip", "tacocat", "exploding_kitten", "nope", "shuffle"]
    msg = _with_choice(
        "order", 5, {"cards": cards}, [{"do": "choose", "by": "ann", "order": [0, 1, 2, 3, 4]}]
    )
    screen, moves = await run(msg, ["down", "down", "k", "k", "enter"])
    assert moves == [{"do": "choose", "order": [2, 0, 1, 3, 4]}]


async def test_keep_or_put_back():
    msg = _with_choice(
        "keep",
        [True, False],
        {"card": "skip"},
        [{"do": "choose", "by": "ann", "keep": True}, {"do": "choose", "by": "ann", "keep": False}],
    )
    screen, moves = await run(msg, ["down", "enter"])
    assert isinstance(screen, KeepScreen)
    assert moves == [{"do": "choose", "keep": False}]


async def test_who_comes_back_to_life():
    game, rules, _ = rigged(KITTEN)
    msg = _with_choice("player", ["bob"], {}, [{"do": "choose", "by": "ann", "player": "bob"}])
    msg["body"]["view"]["players"][1]["status"] = "dead"
    screen, moves = await run(msg, ["enter"])
    assert isinstance(screen, PlayerChoiceScreen)
    assert "back to life" in screen.texts["dialog-title"]
    assert moves == [{"do": "choose", "player": "bob"}]


async def test_a_choice_cannot_be_escaped():
    game, rules, ev = rigged(KITTEN, [{"do": "draw", "by": "ann"}])
    screen, moves = await run(snapshot_of(game, rules, "ann", ev), ["escape"])
    assert moves == []


async def test_one_key_nope_in_a_reaction_window_and_the_log_says_so():
    table = {
        "players": ["ann", "bob"],
        "current": "bob",
        "draw_pile": ["skip"],
        "hands": {"ann": ["nope"], "bob": ["attack", "nope"]},
    }
    game, rules, ev = rigged(table, [{"do": "play", "by": "bob", "cards": ["attack"]}])
    app, session = scripted_app(
        [snapshot_of(game, rules, "ann", ev), {"type": "timer", "body": {"kind": "reaction", "seconds": 3.0}}]
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        status = str(app.screen.query_one("#status").render())
        assert "bob plays Attack" in status and "n: Nope" in status and "Reaction" in status
        await pilot.press("n")
        await settle(pilot)
        assert session.sent[-1][1]["cards"] == ["nope"]
        game.apply(__import__("ekpeer.engine", fromlist=["Move"]).Move("play", "ann", ("nope",)))
        from ekpeer.engine import player_view
        from ekpeer.engine.view import visible_events

        session.push(
            "update", {"view": player_view(game, "ann"), "events": visible_events(game.events, "ann")}
        )
        await settle(pilot)
        assert any("You Nope bob’s Attack" in line for line in app.log_lines)


async def test_a_decision_withdrawn_while_its_modal_opens_closes_it_quietly():
    # the host can settle a choice (a turn timer's default) in the same breath as it asks:
    # the modal goes before it has even mounted, and the client carries on
    before = [{"do": "draw", "by": "ann"}, {"do": "choose", "by": "ann", "use": "defuse"}]
    asked, rules, ev = rigged(KITTEN, before)
    settled, _, ev2 = rigged(KITTEN, [*before, {"do": "choose", "by": "ann", "position": 0}])
    app, _ = scripted_app([snapshot_of(asked, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        table = app.table_screen
        modal = app.screen
        assert isinstance(modal, PositionScreen)
        modal.dismiss(None)                      # back to the table, then asked again ...
        app.view = snapshot_of(asked, rules, "ann", ev)["body"]["view"]
        table._decision = None
        table.show_state()
        fresh = table._decision
        app.view = snapshot_of(settled, rules, "ann", ev2)["body"]["view"]
        table.show_state()                       # ... and the answer lands before it mounted
        await settle(pilot, 4)
        assert fresh is not None and fresh not in app.screen_stack
        assert app.screen is table and app.is_running


async def test_a_withdrawn_decision_closes_what_was_opened_over_it():
    asked, rules, ev = rigged(FAVOR, FAVOR_ASKED)
    settled, _, ev2 = rigged(FAVOR, [*FAVOR_ASKED, {"do": "choose", "by": "ann", "card": "skip"}])
    app, _ = scripted_app([snapshot_of(asked, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, CardChoiceScreen)
        await pilot.press("question_mark")             # the card's rules, over the modal
        await settle(pilot, 2)
        assert type(app.screen).__name__ == "CardInfoScreen"
        app.view = snapshot_of(settled, rules, "ann", ev2)["body"]["view"]
        app.table_screen.show_state()                  # the turn timer gave a card meanwhile
        await settle(pilot, 4)
        assert app.screen is app.table_screen and app.is_running


async def test_an_answer_to_a_decision_withdrawn_meanwhile_is_dropped():
    """Enter on a decision the host settles at the same moment (its timer ran out): the modal
    is gone by the time its choice arrives; the choice is dropped, the table stays."""
    from textual.widgets import OptionList

    asked, rules, ev = rigged(FAVOR, FAVOR_ASKED)
    settled, _, ev2 = rigged(FAVOR, [*FAVOR_ASKED, {"do": "choose", "by": "ann", "card": "skip"}])
    app, session = scripted_app([snapshot_of(asked, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        modal = app.screen
        assert isinstance(modal, CardChoiceScreen)
        modal.query_one(OptionList).action_select()    # Enter: the choice is on its way...
        app.view = snapshot_of(settled, rules, "ann", ev2)["body"]["view"]
        app.table_screen.show_state()                  # ...and the host's default got there first
        await settle(pilot, 4)
        assert app.is_running and app.screen is app.table_screen
        assert not [m for kind, m in session.sent if kind == "move" and m.get("do") == "choose"]


async def test_nope_is_not_offered_against_your_own_card_until_someone_nopes_it():
    """A stranger saw "n: Nope it" under their own combo: legal, but it only cancels what they
    just played. It is offered again once their card is Noped (to Nope the Nope)."""
    from ekpeer.engine import Move, player_view
    from ekpeer.engine.view import visible_events

    table = {"players": ["ann", "bob"], "current": "bob", "draw_pile": ["skip"],
             "hands": {"ann": ["nope"], "bob": ["attack", "nope"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "bob", "cards": ["attack"]}])
    app, session = scripted_app([snapshot_of(game, rules, "bob", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        status = str(app.screen.query_one("#status").render())
        assert "Attack" in status
        assert "n: Nope" not in status
        game.apply(Move("play", "ann", ("nope",)))
        update = {"view": player_view(game, "bob"), "events": visible_events(game.events, "bob")}
        session.push("update", update)
        await settle(pilot)
        # over a Noped card n plays a Yup, and says so: "n: Nope it" there let an Attack
        # through (a stranger meant to stop it, and undid the Nope that had)
        status = str(app.screen.query_one("#status").render())
        assert "n: Yup it (undo the Nope)" in status and "n: Nope it" not in status, status


async def test_a_card_is_highlighted_again_when_the_focused_one_left_the_hand_behind_a_dialog():
    """A stranger spent their Defuse (the focused card) in a dialog; back at the table no
    card looked highlighted, and Enter played the first one, unseen."""
    from ekpeer.engine import player_view
    from ekpeer.tui.widgets import CardWidget

    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip"] * 4,
             "hands": {"ann": ["defuse", "favor", "skip"], "bob": ["nope"]}}
    game, rules, ev = rigged(table)
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        assert isinstance(screen.focused, CardWidget) and screen.focused.card == "defuse"
        await pilot.press("l")                     # a dialog over the table...
        await settle(pilot)
        game.hands["ann"].remove("defuse")         # ...while the focused card leaves the hand
        session.push("update", {"view": player_view(game, "ann"), "events": []})
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot, 3)
        assert app.screen is screen and isinstance(screen.focused, CardWidget), screen.focused
        screen.set_focus(None)                     # and should nothing be highlighted, Enter
        sent = len(session.sent)                   # highlights a card rather than play one
        await pilot.press("enter")
        await settle(pilot, 2)
        assert len(session.sent) == sent and isinstance(screen.focused, CardWidget)
        # ...and says so (a stranger's first Enter on a lone Defuse seemed to do nothing)
        said = [str(n.message) for n in app._notifications]
        assert f"{screen.focused.card.title()} is highlighted: Enter again plays it." in said, said


async def test_the_enter_that_only_highlights_a_card_with_no_move_says_it_is_none():
    """A hand of one Defuse, nothing highlighted: the first Enter highlighted it in silence."""
    from ekpeer.tui.widgets import CardWidget

    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip"] * 4,
             "hands": {"ann": ["defuse"], "bob": ["nope"]}}
    game, rules, ev = rigged(table)
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        screen.set_focus(None)
        await pilot.press("enter")
        await settle(pilot, 2)
        assert isinstance(screen.focused, CardWidget) and not session.sent
        said = [str(n.message) for n in app._notifications]
        assert "Defuse: not a move you can make now (m lists every move you can)." in said, said


async def test_the_nope_key_stays_whole_on_one_line_when_a_long_play_is_aimed_at_you():
    """At 64 columns a stranger saw "n: Nope it   w:" end one line and "NOW card" begin the
    next. Each key is whole and on the status's one line: the NOW key gives way first, then
    the words of the play end in "…"."""
    table = {"expansions": ["base", "zombie"], "players": ["ann", "bob", "cat"], "current": "bob",
             "draw_pile": ["skip"] * 4,
             "hands": {"ann": ["nope", "shuffle_now"], "bob": ["tacocat", "tacocat"], "cat": ["skip"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "bob", "cards": ["tacocat", "tacocat"],
                                      "target": "ann"}])
    for width in (80, 64, 44):
        app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(pilot, 6)
            line = str(app.screen.query_one("#status").render()).split("\n")[0]
        assert "n: Nope it" in line, (width, line)
        assert len(line) <= width - 2, (width, line)
        if width == 80:
            assert "w: NOW card" in line and "2 x Tacocat on you" in line, line
        assert "w:" not in line or "w: NOW card" in line, line


async def test_the_card_a_dialog_marks_first_is_in_view_on_a_small_screen():
    """At 64x20 a Favor's list showed its first four cards while the one it marked (the card
    you can best spare, the last) was highlighted out of view: Enter gave it unseen."""
    from textual.widgets import OptionList

    from .conftest import screen_lines

    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip"] * 4,
             "hands": {"ann": ["favor"], "bob": ["defuse", "see_the_future", "attack", "skip", "skip",
                                                 "shuffle", "nope", "favor", "beard_cat"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "ann", "cards": ["favor"], "target": "bob"},
                                     {"do": "resolve"}])
    app, _ = scripted_app([snapshot_of(game, rules, "bob", ev)])
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, 8)
        options = app.screen.query_one(OptionList)
        marked = str(options.get_option_at_index(options.highlighted).prompt)
        assert "Beard Cat" in marked and options.highlighted > 3
        await pilot.resize_terminal(64, 20)         # the window made small with the dialog open
        await settle(pilot, 8)
        assert any("Beard Cat" in line for line in screen_lines(app)), screen_lines(app)


async def test_naming_a_card_offers_only_the_cards_this_game_holds():
    """A Zombie Kittens game deals no Defuse: the dialog offered one, highlighted first, and
    naming it wasted the three of a kind. The host's snapshot says which cards the game holds."""
    from ekpeer.engine.view import dealt_cards

    table = {
        "expansions": ["base", "zombie"],
        "players": ["ann", "bob", "cat"],
        "current": "ann",
        "draw_pile": ["skip"],
        "hands": {"ann": ["tacocat"] * 3, "bob": ["nope"], "cat": ["skip"]},
    }
    game, rules, ev = rigged(table)
    message = snapshot_of(game, rules, "ann", ev)
    message["body"]["deck"] = dealt_cards(rules.new_game(["ann", "bob", "cat"], seed=1))
    assert "defuse" not in message["body"]["deck"]
    app, session = scripted_app([message])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("space", "space", "space", "enter")
        await settle(pilot)
        await pilot.press("enter")          # bob
        await settle(pilot)
        assert isinstance(app.screen, NameCardScreen)
        options = app.screen.query_one("#dialog-options")
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert "Defuse" not in labels and {"Zombie Kitten", "Nope", "Tacocat"} <= set(labels), labels
        assert labels[options.highlighted] != "Defuse"
        await pilot.press("home", *(["down"] * labels.index("Nope")), "enter")
        await settle(pilot)
    move = session.sent[-1][1]
    assert move["cards"] == ["tacocat"] * 3 and move["target"] == "bob" and move["name"] == "nope", move


async def test_f1_in_a_decision_lists_that_dialogs_keys():
    """F1 did nothing in "Keep Hairy Potato Cat?", "You drew Exploding Kitten!" and "Put
    Exploding Kitten back" (the app's keys never reach a dialog): it opens the dialog's own
    keys, its list's among them, and not an Esc that does not go back in a decision."""
    from ekpeer.tui.screens.keys import KeysScreen

    keep = _with_choice("keep", [True, False], {"card": "hairy_potato_cat"},
                        [{"do": "choose", "by": "ann", "keep": True},
                         {"do": "choose", "by": "ann", "keep": False}])
    game, rules, ev = rigged(KITTEN, [{"do": "draw", "by": "ann"}])
    drawn = snapshot_of(game, rules, "ann", ev)
    game, rules, ev = rigged(KITTEN, [{"do": "draw", "by": "ann"},
                                      {"do": "choose", "by": "ann", "use": "defuse"}])
    back = snapshot_of(game, rules, "ann", ev)
    for msg, kind in ((keep, KeepScreen), (drawn, SaveScreen), (back, PositionScreen)):
        app, session = scripted_app([msg])
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, 6)
            dialog = app.screen
            assert isinstance(dialog, kind)
            await pilot.press("f1")
            await settle(pilot, 3)
            assert isinstance(app.screen, KeysScreen), kind
            rows = dict((words, keys) for keys, words in app.screen.rows)
            assert rows.get("Choose") == "⏎" and rows.get("Move through the list") == "↑ ↓", rows
            assert "Back" not in rows, rows
            assert "Rules of card" in rows or kind is PositionScreen, rows
            await pilot.press("escape")
            await settle(pilot, 3)
            assert app.screen is dialog
            assert not [m for k, m in session.sent if k == "move"]


def _rows_in_view(app) -> tuple[int, int]:
    """The rows of choices the dialog's list shows, and how many it holds."""
    options = app.screen.query_one("#dialog-options")
    return options.scrollable_content_region.height, options.option_count


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("size", [(64, 20), (80, 24)])
async def test_a_dialogs_list_takes_the_rows_the_screen_has(size, lang):
    """At 64x20 every list dialog showed 3-4 rows with rows to spare around it: Alter the
    Future's 5th card took scrolling. The list takes what the screen has, the dialog whole
    above the key bar."""
    from ekpeer import i18n

    cards = ["skip", "tacocat", "exploding_kitten", "nope", "shuffle"]
    order = _with_choice("order", 5, {"cards": cards},
                         [{"do": "choose", "by": "ann", "order": [0, 1, 2, 3, 4]}])
    table = {"players": ["ann", "bob", "cat"], "current": "ann", "draw_pile": ["skip"],
             "hands": {"ann": ["tacocat"] * 3, "bob": ["nope"], "cat": ["skip"]}}
    game, rules, ev = rigged(table)
    i18n.set_language(lang)
    try:
        three = ["space", "space", "space", "enter"]
        for msg, keys, rows in ((order, [], 5), (snapshot_of(game, rules, "ann", ev), three, 5)):
            app, _session = scripted_app([msg])
            async with app.run_test(size=size) as pilot:
                await settle(pilot, 6)
                for key in keys:
                    await pilot.press(key)
                    await settle(pilot, 2)
                if keys:        # three of a kind: whom, then which card (more than fit)
                    await pilot.press("enter")
                    await settle(pilot, 6)
                assert isinstance(app.screen, OrderScreen if not keys else NameCardScreen)
                shown, held = _rows_in_view(app)
                assert shown >= min(rows, held), (size, lang, shown, held)
                box = app.screen.query_one("#dialog").region
                assert box.y >= 0 and box.bottom <= size[1] - 1, (size, box)      # above the key bar
    finally:
        i18n.set_language("en")
