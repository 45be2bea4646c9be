"""Dialogs say what the choice says (issue 27.2): who drew the kitten, what not saving
yourself means at this table, and who sees where a card goes back, from the engine's own
choice, never assumed."""

from __future__ import annotations

from ekpeer.engine import Move
from ekpeer.engine.view import player_view
from ekpeer.plugins import ruleset
from ekpeer.tui.screens.position import PositionScreen
from ekpeer.tui.screens.save import SaveScreen
from ekpeer.tui.words import Catalog


def _after(expansions: list[str], table: dict, moves: list[Move], me: str):
    rules = ruleset(expansions)
    game = rules.game_from_table(table)
    for move in moves:
        game.apply(move)
    choice = player_view(game, me)["choices"][0]
    return choice, Catalog(rules.catalog())


def _save(choice, cat) -> SaveScreen:
    return SaveScreen(choice, list(choice["options"]), cat)


def test_your_own_draw_reads_you_drew_and_not_saving_means_leaving():
    choice, cat = _after(["base"], {"players": ["ann", "bob"], "current": "ann",
                                    "draw_pile": ["exploding_kitten", "skip"],
                                    "hands": {"ann": ["defuse"], "bob": []}}, [Move("draw", "ann")], "ann")
    screen = _save(choice, cat)
    assert screen.title_text == "You drew Exploding Kitten!"
    assert screen.options[-1][1] == "Do not save yourself: explode and leave the game"
    # said as every dialog says what starts highlighted ("The first option is highlighted"
    # read apart from "Defuse is highlighted: ..." of the others)
    assert screen.prompt == "Defuse is highlighted: Enter uses it, and you survive."


def test_a_kitten_drawn_by_another_player_is_not_yours_drawn():
    # bob draws it under ann's I'll Take That: it is handed to ann, who must survive it
    choice, cat = _after(["base", "party"], {"players": ["ann", "bob"], "current": "bob",
                                             "draw_pile": ["exploding_kitten", "skip"],
                                             "in_front": {"bob": ["ill_take_that:ann"]},
                                             "hands": {"ann": ["defuse"], "bob": []}},
                         [Move("draw", "bob")], "ann")
    assert choice["player"] == "ann"
    screen = _save(choice, cat)
    assert "You drew" not in screen.title_text
    assert screen.title_text == "bob drew Exploding Kitten, and it comes to you!"


def test_at_a_zombie_table_not_saving_yourself_makes_you_dead_not_gone():
    choice, cat = _after(["base", "zombie"], {"players": ["ann", "bob", "cat"], "current": "ann",
                                              "draw_pile": ["exploding_kitten", "skip"],
                                              "hands": {"ann": ["defuse", "nope"], "bob": [], "cat": []}},
                         [Move("draw", "ann")], "ann")
    label = _save(choice, cat).options[-1][1]
    assert label == "Do not save yourself: die and become Dead, keeping your hand"
    assert "leave the game" not in label


def test_an_imploding_kitten_goes_back_face_up_for_all_to_see():
    choice, cat = _after(["imploding"], {"players": ["ann", "bob"], "current": "ann",
                                         "draw_pile": ["imploding_kitten", "skip", "skip"],
                                         "hands": {"ann": [], "bob": []}}, [Move("draw", "ann")], "ann")
    screen = PositionScreen(choice, [0, 1, 2, -1], cat)
    assert "Nobody else sees" not in screen.prompt
    assert "face up: everyone sees where you put it" in screen.prompt
    assert screen.title_text.startswith("Put Imploding Kitten back face up")


def test_a_kitten_put_back_in_secret_says_nobody_else_sees():
    choice, cat = _after(["base"], {"players": ["ann", "bob"], "current": "ann",
                                    "draw_pile": ["exploding_kitten", "skip"],
                                    "hands": {"ann": ["defuse"], "bob": []}},
                         [Move("draw", "ann"), Move("choose", "ann", use="defuse")], "ann")
    assert choice["kind"] == "position"
    assert "Nobody else sees where you put it." in PositionScreen(choice, [0, 1, -1], cat).prompt


def test_places_to_put_a_kitten_back_are_counted_from_one_as_the_log_counts_them():
    """A stranger chose "0 on top" and read "1st from top" in the log, then "1" and read
    "2nd": the dialog counts from 1 now, and says the pile's size once."""
    from ekpeer.tui.words import event_words

    choice, cat = _after(["base"], {"players": ["ann", "bob"], "current": "ann",
                                    "draw_pile": ["exploding_kitten", "skip", "skip"],
                                    "hands": {"ann": ["defuse"], "bob": []}},
                         [Move("draw", "ann"), Move("choose", "ann", use="defuse")], "ann")
    screen = PositionScreen(choice, [0, 1, -1], cat)
    labels = [label.split() for _pos, label, _card in screen.options]
    assert [words[0] for words in labels] == ["1", "2", "bottom"]
    assert " ".join(labels[1]).startswith("2 2nd from the top")
    said = event_words({"type": "put_back", "player": "ann", "card": "exploding_kitten", "position": 1},
                       cat, "ann")
    assert said == "You put Exploding Kitten back 2nd from the top"
    assert "holds" in screen.title_text and "holds" not in screen.prompt


def test_the_discard_browser_counts_its_cards_and_offers_no_choice_it_lacks():
    """A stranger opened an empty discard pile: "0 cards, top first." above "(the discard pile
    is empty)", with "Enter: choose" where nothing can be chosen."""
    from ekpeer.tui.screens.discard import DiscardScreen
    from ekpeer.tui.words import Catalog

    cat = Catalog([{"id": "skip", "title": "Skip"}])
    empty = DiscardScreen([], cat)
    assert empty.prompt == "" and empty.hint() == "Esc: back"
    one = DiscardScreen(["skip"], cat)
    assert one.prompt == "1 card, top first." and "choose" not in one.hint()
    assert DiscardScreen(["skip", "skip"], cat).prompt == "2 cards, top first."


def test_a_cards_box_is_named_as_the_lobby_ticks_it():
    """A stranger read "from stranger" and "from base" under a card's rules; the lobby ticks a
    box by its title where it brings one deck."""
    from ekpeer.tui.phrasing import plugin_title

    lobby = {"choices": {"plugins": [
        {"name": "base", "decks": [{"title": "Original Edition"}, {"title": "2-Player Edition"}]},
        {"name": "imploding", "decks": [{"title": "Imploding Kittens"}]}]}}
    assert plugin_title(lobby, "imploding") == "Imploding Kittens"
    assert plugin_title(lobby, "base") == "Base game" and plugin_title({}, "zombie") == "zombie"


def test_a_cards_box_is_named_by_its_deck_where_no_lobby_choices_were_asked():
    """``ekpeer play --start`` asks the host for no lobby choices: a stranger's Danish rules
    dialog read "fra moonlight" where a joined table read "fra Måneskinskillinger". The
    table's own plugins (every lobby message) carry their decks' titles, in the reader's words."""
    from ekpeer.net.lobby import table_plugins_in
    from ekpeer.tui.phrasing import plugin_title

    for lang in (None, "da"):
        lobby = {"plugins": table_plugins_in(["base", "zombie"], lang)}
        assert plugin_title(lobby, "zombie") == "Zombie Kittens", lang


def asking(screen, answers: list):
    """A bare app that asks one question (``screen``) and keeps the answer in ``answers``."""
    from textual.app import App

    class Asking(App):
        def on_mount(self) -> None:
            self.push_screen(screen, answers.append)

    return Asking()


async def test_the_leave_and_quit_dialogs_take_the_danish_letters_they_show():
    """A Danish stranger read "Bliv (s)" and "Forlad og afslut (y)": keys from English words.
    Danish shows b (bliv) and j (ja), and both languages' letters work."""
    from ekpeer import i18n
    from ekpeer.tui.screens.leave_confirm import LeaveConfirmScreen
    from ekpeer.tui.screens.quit_confirm import QuitConfirmScreen

    i18n.set_language("da")
    try:
        for make in (LeaveConfirmScreen, lambda: QuitConfirmScreen(["bob"])):
            for key, answer in (("b", False), ("j", True), ("s", False), ("y", True)):
                answers: list[bool] = []
                app = asking(make(), answers)
                async with app.run_test() as pilot:
                    await pilot.pause()
                    labels = [str(b.label) for b in app.screen.query("Button")]
                    assert labels[0] == "Bliv (b)" and labels[1].endswith("(j)"), labels
                    await pilot.press(key)
                    await pilot.pause()
                assert answers == [answer], (make, key)
    finally:
        i18n.set_language("en")


def test_the_moves_list_says_a_combo_spends_a_defuse_and_lists_it_last():
    from ekpeer.tui.screens.moves import MovesScreen
    from ekpeer.tui.words import Catalog

    cat = Catalog([{"id": "defuse", "title": "Defuse", "kind": "defuse"},
                   {"id": "tacocat", "title": "Tacocat", "kind": "cat"}])
    moves = [{"do": "play", "by": "ann", "cards": ["defuse", "defuse"], "target": "bob"},
             {"do": "play", "by": "ann", "cards": ["tacocat", "tacocat"], "target": "bob"},
             {"do": "draw", "by": "ann"}]
    labels = [label for _move, label, _card in MovesScreen(moves, cat).options]
    assert labels == ["Play 2 x Tacocat on bob", "Draw a card (ends your turn)",
                      "Play 2 x Defuse on bob  (spends your Defuse!)"]


def test_a_kitten_put_back_last_is_said_to_lie_at_the_bottom_not_23rd():
    """The log said "23rd from top" for the bottom place: the event now carries the pile's
    size, and the first and last places read "on top" and "at the bottom"."""
    from ekpeer.tui.words import event_words

    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["exploding_kitten", "skip", "skip"],
             "hands": {"ann": ["defuse"], "bob": []}}
    rules = ruleset(["base"])
    cat = Catalog(rules.catalog())
    game = rules.game_from_table(table)
    game.apply(Move("draw", "ann"))
    game.apply(Move("choose", "ann", use="defuse"))
    events = game.apply(Move("choose", "ann", position=2))
    mine = [e for _who, e in events if e["type"] == "put_back"]
    theirs = [e for _who, e in events if e["type"] == "put_back_hidden"]
    assert mine[0]["position"] == 2 and mine[0]["pile_count"] == 3
    assert event_words(mine[0], cat, "ann") == "You put Exploding Kitten back at the bottom"
    top = {"type": "put_back", "player": "ann", "card": "exploding_kitten", "position": 0, "pile_count": 3}
    assert event_words(top, cat, "ann") == "You put Exploding Kitten back on top"
    assert event_words({**theirs[0], "position": 2, "card": "imploding_kitten"}, cat, "bob").endswith(
        "back at the bottom")


def test_the_revived_players_kitten_is_put_back_in_a_dialog_that_says_whose_it_was():
    """A Zombie Kitten's revival asked "Put Exploding Kitten back" twice, alike: the second is
    the revived player's kitten, and now says so."""
    table = {"players": ["ann", "bob", "cat"], "current": "ann", "dead": ["cat"],
             "draw_pile": ["exploding_kitten", "skip", "skip"],
             "hands": {"ann": ["zombie_kitten"], "bob": [], "cat": ["skip"]}}
    rules = ruleset(["base", "zombie"])
    game = rules.game_from_table(table)
    game.apply(Move("draw", "ann"))
    game.apply(Move("choose", "ann", use="zombie_kitten"))
    if any(c["kind"] == "player" for c in player_view(game, "ann")["choices"]):   # whom to revive
        game.apply(Move("choose", "ann", player="cat"))
    cat = Catalog(rules.catalog())
    first = player_view(game, "ann")["choices"][0]
    assert first["kind"] == "position" and "owner" not in first["context"]
    assert "was" not in PositionScreen(first, [0, 1, -1], cat).prompt
    game.apply(Move("choose", "ann", position=0))
    second = player_view(game, "ann")["choices"][0]
    assert second["kind"] == "position" and second["context"]["owner"] == "cat"
    assert PositionScreen(second, [0, 1, -1], cat).prompt.startswith("This one was cat’s.")


async def test_the_moves_list_says_what_five_different_cards_do_and_hides_them_over_an_empty_discard():
    """A stranger's m list filled with five-card combos on turn 1, the discard pile empty, none
    saying what it does; and it counted "Tacocat + Tacocat" where the log says "2 x Tacocat"."""
    from ekpeer.tui.screens.moves import MovesScreen, move_words
    from ekpeer.tui.words import Catalog

    from .conftest import rigged, scripted_app, settle, snapshot_of

    cat = Catalog([{"id": c, "title": c.title(), "kind": "cat"} for c in "abcde"])
    five = {"do": "play", "by": "ann", "cards": list("abcde")}
    # what five different cards do is said once over the list (tests/tui/test_whole_at_80x24.py)
    assert move_words(five, cat).endswith("(five different)")
    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip", "nope"],
             "hands": {"ann": ["tacocat", "beard_cat", "cattermelon", "hairy_potato_cat",
                               "rainbow_ralphing_cat"], "bob": ["nope"]}}
    game, rules, ev = rigged(table)
    app, _session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert any(len(m.get("cards") or []) == 5 for m in app.view["legal_moves"])
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, MovesScreen)
        assert not any("five different" in label for _m, label, _c in app.screen.options)


def test_not_saving_yourself_with_a_zombie_kitten_is_asked_in_one_plain_sentence(monkeypatch):
    """The confirm read "If you do not save yourself, you die and become Dead, keeping your
    hand, with Zombie Kitten in your hand.": the hand said twice."""
    from ekpeer import i18n
    from ekpeer.plugins import translated

    table = {"players": ["ann", "bob", "cat"], "current": "ann", "draw_pile": ["exploding_kitten", "skip"],
             "hands": {"ann": ["zombie_kitten"], "bob": [], "cat": []}}
    choice, cat = _after(["base", "zombie"], table, [Move("draw", "ann")], "ann")
    asked = []
    monkeypatch.setattr(SaveScreen, "answer_once_more", lambda self, *said: asked.append(said))
    _save(choice, cat).answer("none")
    _none, _title, prompt, _yes, _no = asked[-1]
    assert prompt == "If you do not use Zombie Kitten, you die and become Dead, keeping your hand."
    i18n.set_language("da")
    try:
        rules = ruleset(["base", "zombie"])
        danish = Catalog(translated(rules.catalog(), list(rules.plugins), "da"))
        # the host says the plugin's words of the choice in the seat's language
        from ekpeer.plugins import choice_said_in

        _save(choice_said_in(choice, rules.plugins, "da"), danish).answer("none")
        assert asked[-1][2] == ("Hvis du ikke bruger Zombiekilling: "
                                "du dør, men beholder din hånd.")
    finally:
        i18n.set_language("en")
