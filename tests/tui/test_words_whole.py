"""Words shown whole and for people (issue 29, section 3): no rules text or card title cut
mid-word, no ids in the replay, the keys offered are the keys that work."""

from __future__ import annotations

from ekpeer.net.lobby import table_plugins
from ekpeer.tui.screens.custom_deck import CustomDeckScreen
from ekpeer.tui.widgets import CardWidget

from .conftest import rigged, scripted_app, settle, snapshot_of


async def test_the_custom_deck_picker_shows_a_cards_whole_text():
    from .test_custom_deck import _lobby

    cards = [c for p in table_plugins(["base", "streaking", "party"]) for c in p["cards"]]
    streaking = next(c for c in cards if c["id"] == "streaking_kitten")
    streaking = {**streaking, "pick_pile": True, "pick_hand": True, "random_only": False, "kind": "action"}
    app, session = scripted_app([])
    session.push("lobby", _lobby([streaking], custom={"pile_picks": 1, "hand_picks": 1}))
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CustomDeckScreen)
        shown = " ".join(str(screen.query_one("#dialog-details").render()).split())
        assert shown.endswith(" ".join(streaking["text"].split())), shown
        assert shown.endswith("it explodes on them."), shown


async def test_hand_cards_at_80_columns_show_their_whole_titles():
    table = {
        "expansions": ["base", "imploding"],
        "players": ["ann", "bob"],
        "current": "ann",
        "draw_pile": ["tacocat", "skip", "exploding_kitten"],
        "hands": {"ann": ["defuse", "alter_the_future", "draw_from_the_bottom", "targeted_attack",
                          "see_the_future", "rainbow_ralphing_cat", "reverse", "skip"],
                  "bob": ["nope"]},
    }
    game, rules, ev = rigged(table)
    app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        cat = app.catalog
        seen = set()
        for _ in range(len(table["hands"]["ann"])):
            for card in app.screen.query(CardWidget):
                if card.display:
                    text = " ".join(str(card.render()).replace("-\n", "-").split())
                    assert "…" not in text and text == cat.title(card.card), (text, card.size)
                    seen.add(card.card)
            await pilot.press("right")
            await settle(pilot, 1)
        assert seen == set(table["hands"]["ann"])


def _keys(app) -> set[str]:
    from ekpeer.tui.widgets import KeyBar

    keys, _ = app.screen.query_one(KeyBar)._keys()
    return {description for _, _, description, _ in keys}


def _exploded(players):
    table = {"players": players, "current": "ann", "draw_pile": ["exploding_kitten", "skip"],
             "hands": {p: (["skip"] if p == "ann" else ["nope"]) for p in players}}
    return rigged(table, [{"do": "draw", "by": "ann"}])


async def test_a_player_who_is_out_is_not_offered_draw_or_moves():
    game, rules, ev = _exploded(["ann", "bob", "cat"])
    app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        keys = _keys(app)
        assert "Draw" not in keys and "Moves" not in keys and "Rules" in keys, keys


async def test_q_quits_once_the_game_over_dialog_is_closed():
    game, rules, ev = _exploded(["ann", "bob"])
    app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("escape")          # look at the table
        await settle(pilot, 2)
        assert "Quit" in _keys(app) and "Draw" not in _keys(app)
        from ekpeer.tui.widgets import KeyBar

        keys, _ = app.screen.query_one(KeyBar)._keys()
        said = [description for _, _, description, _ in keys]
        assert said.count("Quit") == 1, said        # "q Quit", not "^q Quit" beside it
        # nor does the palette offer what the game no longer allows ("You cannot draw now.")
        commands = {c.title for c in app.get_system_commands(app.screen)}
        assert "Draw a card" not in commands and "Every move" not in commands and "The whole log" in commands
        # nor Textual's Maximize, which a stranger read as a game's command; Keys says what it opens
        assert "Maximize" not in commands
        keys = next(c for c in app.get_system_commands(app.screen) if c.title == "Keys")
        assert keys.help == "The keys of this screen, and what each does"
        await pilot.press("q")
        await settle(pilot, 2)
        assert app._exit_renderables is not None or not app.is_running or app.return_code is not None


async def test_the_palettes_quit_says_that_it_asks_first():
    """The palette's Quit read "Quit the application as soon as possible" (Textual's words),
    and then asked "Quit the game?" first."""
    from ekpeer.tui.screens.leave_confirm import LeaveConfirmScreen

    from .test_lan_evening import ALL_HERE, lobby

    game, rules, ev = rigged({"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip", "tacocat"],
                              "hands": {"ann": ["skip"], "bob": []}})
    app, _ = scripted_app([lobby(ALL_HERE), snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        quit_ = next(c for c in app.get_system_commands(app.screen) if c.title == "Quit")
        assert quit_.help == "Close ekpeer (asked first if you would leave a game or close your table)"
        await quit_.callback()
        await settle(pilot, 3)
        assert isinstance(app.screen, LeaveConfirmScreen) and app.is_running
