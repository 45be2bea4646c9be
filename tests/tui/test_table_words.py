"""Small things that add up at the table (issue 13, item 7): card ids never reach the words,
names keep their case, card names split only between syllables, the log scrolls from the keyboard and
the whole game's log can be read back, the game-over screen stops every clock and says who is
ready for a rematch."""

from __future__ import annotations

import re

import pytest

from ekpeer.tui.phrasing import prompt_words
from ekpeer.tui.screens.game_over import GameOverScreen
from ekpeer.tui.screens.log import LogScreen
from ekpeer.tui.screens.save import SaveScreen
from ekpeer.tui.screens.table import TableScreen
from ekpeer.tui.widgets import CardWidget
from ekpeer.tui.words import Catalog, event_words

from .conftest import rigged, scripted_app, settle, snapshot_of, until

KITTEN = {"players": ["ann", "Bob"], "current": "ann", "draw_pile": ["exploding_kitten", "tacocat", "skip"],
          "hands": {"ann": ["skip", "defuse"], "Bob": ["nope"]}}


async def test_a_prompt_shows_card_titles_not_ids():
    game, rules, ev = rigged(KITTEN, [{"do": "draw", "by": "ann"}])
    app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, SaveScreen)
        status = str(app.table_screen.query_one("#status").render())
        assert "Exploding Kitten: save yourself?" in status and "exploding_kitten" not in status


def test_names_keep_their_case_and_ids_become_titles():
    cat = Catalog([{"id": "attack", "title": "Attack (2x)", "kind": "attack"},
                   {"id": "exploding_kitten", "title": "Exploding Kitten", "kind": "kitten"}])
    view = {"players": [{"name": "bob"}, {"name": "ann"}]}
    assert prompt_words({"prompt": "exploding_kitten: save yourself?"}, cat, view) == \
        "Exploding Kitten: save yourself?"
    assert prompt_words({"prompt": "bob must put exploding_kitten back"}, cat, view) == \
        "bob must put Exploding Kitten back"
    assert prompt_words({"prompt": "give bob a card"}, cat, view) == "Give bob a card"
    noped = {"type": "resolved", "noped": True, "action": {"by": "bob", "card": "attack"}}
    assert event_words(noped, cat, "ann") == "bob’s Attack (2x) was Noped: nothing happens"
    noped["action"]["by"] = "ann"
    assert event_words(noped, cat, "ann") == "Your Attack (2x) was Noped: nothing happens"


async def test_card_names_do_not_split_but_between_syllables():
    # eight titles at 80 columns: the narrowest cards, and the long-worded cats in view; a word
    # longer than a card breaks between syllables ("Catter-/melon") so that a card more shows
    hand = ["cattermelon", "rainbow_ralphing_cat", "hairy_potato_cat", "defuse", "nope", "skip", "tacocat",
            "beard_cat"]
    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip"],
             "hands": {"ann": hand, "bob": ["nope"]}}
    game, rules, ev = rigged(table)
    app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        cards = [c for c in app.screen.query(CardWidget) if c.display and c.content_size.width]
        assert "cattermelon" in [c.card for c in cards]
        for card in cards:
            title = app.catalog.title(card.card)
            words = set(title.split()) | {p + "-" for w in title.split() for p in w.split("-")[:-1]} \
                | {w.split("-")[-1] for w in title.split()}
            read = re.sub(r"(?<=[a-z])-\n(?=[a-z])", "", str(card.render()))     # a word broken in two
            for token in read.split():
                assert token.rstrip("…") in words or token.endswith("…"), (title, str(card.render()))


def _quiet_table():
    """ann's turn with a Defuse, bob holding a Nope: a table where nothing asks anything."""
    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip"] * 4,
             "hands": {"ann": ["defuse"], "bob": ["nope"]}}
    game, rules, ev = rigged(table)
    return scripted_app([snapshot_of(game, rules, "ann", ev)])[0]


async def test_the_log_scrolls_from_the_keyboard_and_the_whole_log_can_be_read():
    app = _quiet_table()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        app.log_lines.extend(f"line {i}" for i in range(600))     # more than the table keeps
        app.table_screen.show_state()
        await settle(pilot)
        log = app.table_screen.query_one("#log")
        bottom = log.scroll_y
        assert bottom > 0
        await pilot.press("pageup")
        await settle(pilot)
        assert log.scroll_y < bottom
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        whole = app.screen.query_one("#whole-log")
        assert len(whole.lines) >= len(app.log_lines) >= 600
        assert "line 0" in str(whole.lines[len(app.log_lines) - 600].text)   # the first lines too
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


def over_game(table3):
    table3 = dict(table3, out=["cat"], draw_pile=["exploding_kitten"], hands={**table3["hands"], "ann": []},
                  current="ann")
    return rigged(table3, [{"do": "draw", "by": "ann"}])


def over_lobby(asked: list[str], you: str = "ann") -> dict:
    people = ["ann", "bob", "cat"]
    return {"table": "main", "you": you, "creator": True, "phase": "over", "started": True, "games": 1,
            "winner": "bob", "winners": ["bob"], "settings": {"seats": 3},
            "seats": [{"name": p, "ready": True, "bot": False, "connected": True, "you": p == you,
                       "rematch": p in asked, "takeover": False, "left": False, "creator": p == "ann"}
                      for p in people]}


async def test_game_over_stops_every_clock(table3):
    game, rules, events = over_game(table3)
    app, session = scripted_app([{"type": "timer", "body": {"kind": "turn", "seconds": 30, "player": "ann"}},
                                 snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, GameOverScreen)
        session.push("timer", {"kind": "reaction", "seconds": 3.0, "player": None})
        await settle(pilot)
        status = str(app.table_screen.query_one("#status").render())
        assert "clock" not in status and "Reaction" not in status and "█" not in status
        assert app.table_screen._timer is None


async def test_a_rematch_shows_who_is_ready_and_who_is_awaited(table3):
    game, rules, events = over_game(table3)
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, GameOverScreen)
        session.push("lobby", over_lobby(["bob"]))
        await settle(pilot)
        state = str(app.screen.query_one("#rematch-state").render())
        assert "ready bob" in state and "waiting for you, cat" in state
        await pilot.press("r")
        await settle(pilot)
        assert ("rematch", None) in session.sent
        assert isinstance(app.screen, GameOverScreen)      # open until the new game comes
        await pilot.press("enter")                          # a second Enter in haste: nothing
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen) and ("close", None) not in session.sent
        state = str(app.screen.query_one("#rematch-state").render())
        assert "ready bob, you" in state and "waiting for cat" in state
        session.push("lobby", over_lobby(["bob", "ann"]))
        await settle(pilot)
        assert "waiting for cat" in str(app.table_screen.query_one("#status").render())
        fresh, rules2, _ = rigged(table3)
        session.push("snapshot", snapshot_of(fresh, rules2, "ann")["body"])   # the rematch is dealt
        await settle(pilot, 6)
        assert isinstance(app.screen, TableScreen)


async def test_the_top_bar_shows_the_host_short_with_its_fingerprint_never_cut(table3):
    from ekpeer.tui.addressing import fingerprint

    address = "tcp://192.168.100.200:55555#Hqcd1dAP7wu.TOG)fTg9Y*FK*yBxQbBrc$S@AI8}"
    game, rules, events = rigged(table3)
    for size in ((80, 24), (200, 40)):
        app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
        session.address = address
        async with app.run_test(size=size) as pilot:
            await settle(pilot, 6)
            bar = app.table_screen.query_one("#topbar")
            text = str(bar.render())
            key = fingerprint(address)
            assert key and len(key) == 19 and key in text
            assert "192.168.100.200:55555" in text and "#" not in text and "…" not in text
            assert len(text) <= size[0]


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_the_focused_card_is_plain_to_see_in_both_themes(table3, theme):
    from .contrast import runs

    game, rules, events = rigged(table3)
    app, _ = scripted_app([snapshot_of(game, rules, "ann", events)])
    app.theme = theme
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        card = app.focused
        assert isinstance(card, CardWidget)
        top = [r for r in runs(app.export_screenshot())
               if r.line == card.region.y and r.text.strip("━┏┓") == ""]
        assert top and min(r.ratio for r in top) >= 4.5     # its heavy border, against the table


async def test_game_over_stops_the_gone_seats_clocks_too(table3):
    game, rules, events = over_game(table3)
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        lobby = over_lobby([])
        lobby["seats"][2].update(state="gone", connected=False, gone_seconds=4.0, grace_left=26.0)
        session.push("lobby", lobby)
        await settle(pilot)
        players = app.table_screen.query_one("#players")
        before = str(players.render())
        assert "cat" in before and "gone" in before and "bot in" not in before
        await pilot.pause(1.3)
        assert str(players.render()) == before      # nothing counts on once the game is over


async def test_l_reads_the_log_after_the_game_too_and_never_leaves(table3):
    """The README says l reads back the whole game's log; on the game-over dialog l was Leave,
    and a stranger who pressed it for the log left the table. Leave is x there now."""
    game, rules, events = over_game(table3)
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        assert ("close", None) not in session.sent and app.table_screen in app.screen_stack
        await pilot.press("escape")        # the log read: the dialog again, with its r, x and q
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")        # looking at the table: x still leaves it
        await settle(pilot)
        assert app.screen is app.table_screen
        left = []
        app.leave = lambda: left.append(True)
        await pilot.press("x")
        await settle(pilot)
        assert left == [True]


async def test_the_whole_log_wraps_long_lines_on_a_small_screen():
    """At 64 columns the log's long lines ran off to the right behind a sideways scrollbar
    (RichLog renders 78 columns at least unless told otherwise)."""
    app = _quiet_table()
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot, 6)
        long = "bob plays Rainbow-Ralphing Cat + Cattermelon + Hairy Potato Cat + Tacocat + Beard Cat"
        app.log_lines.append(long)
        await pilot.press("l")
        await settle(pilot)
        whole = app.screen.query_one("#whole-log")
        assert whole.virtual_size.width <= whole.size.width       # nothing to scroll sideways to
        shown = " ".join(str(line.text).strip() for line in whole.lines)
        assert "Tacocat + Beard Cat" in shown


@pytest.mark.parametrize("size, rows", [((80, 24), 18), ((64, 20), 14)])
async def test_the_whole_log_takes_the_screen_it_has(size, rows):
    """At 80x24 the log showed 12 lines: the dialog stopped at 90 % of the height, under its own
    hint line and a three-row button. The keys and the way back now share one line."""
    from textual.widgets import Button

    app = _quiet_table()
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 6)
        app.log_lines.extend(f"line {i}" for i in range(60))
        await pilot.press("l")
        await settle(pilot, 3)
        assert app.screen.query_one("#whole-log").size.height >= rows
        back = app.screen.query_one("#close", Button)
        assert back.size.height == 1 and back.region.bottom <= size[1]     # there, whole
        await pilot.click("#close")
        await settle(pilot, 2)
        assert isinstance(app.screen, TableScreen)


async def test_the_whole_log_reads_on_and_says_your_turn_and_its_clock():
    """The game goes on while you read its log: new lines come in, and your turn (or a play
    you may Nope) is said over it with the seconds its clock has left, where before the
    clock ran out unseen behind the log."""
    from ekpeer.engine import Move, player_view
    from ekpeer.engine.view import visible_events

    table = {"players": ["ann", "bob"], "current": "bob", "draw_pile": ["skip", "tacocat", "nope", "skip"],
             "hands": {"ann": ["nope", "defuse"], "bob": ["attack", "skip"]}}
    game, rules, ev = rigged(table)
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        app.log_lines.extend(f"line {i}" for i in range(100))     # more than the screen holds
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        calling = app.screen.query_one("#log-calling")
        whole_log = app.screen.query_one("#whole-log")
        assert not calling.display                          # bob's turn: nothing waits on ann

        def update(events) -> None:
            session.push("update", {"view": player_view(game, "ann"),
                                    "events": visible_events(list(events), "ann")})

        update(game.apply(Move.from_dict({"do": "play", "by": "bob", "cards": ["skip"]})))
        session.push("timer", {"kind": "reaction", "seconds": 30.0, "player": None})
        await until(pilot, lambda: calling.display, 2.0, "the Nope window said over the log")
        assert isinstance(app.screen, LogScreen)
        said = str(calling.render())
        assert calling.display and said.startswith("A play you may Nope: n at the table · ")
        assert said.endswith(" s left"), said
        whole = [str(line.text) for line in app.screen.query_one("#whole-log").lines]
        assert "bob plays Skip" in whole, whole           # the new line, read on
        await until(pilot, lambda: whole_log.is_vertical_scroll_end, 3, "the new line in view")

        await pilot.press("home")                          # back to read the first lines
        await settle(pilot)
        update(game.apply(Move.from_dict({"do": "resolve"})))
        session.push("timer", {"kind": "turn", "seconds": 30.0, "player": "ann"})
        await until(pilot, lambda: str(calling.render()).startswith("Your turn"), 2.0, "your turn said")
        said = str(calling.render())
        assert said.startswith("Your turn · ") and said.endswith(" s left"), said
        assert any("your turn" in line for line in (str(line.text) for line in whole_log.lines))
        await settle(pilot)                                 # (a log scrolls after its refresh)
        assert whole_log.scroll_y == 0                      # the new lines left you reading


def test_a_gone_players_countdown_never_wraps_between_a_number_and_its_word():
    """At 80 columns the players list read ``gone 5 s (bot in 25`` above ``s), owes 2 turns``."""
    import re

    from ekpeer.tui.widgets import player_lines
    from ekpeer.tui.words import Catalog

    view = {"you": "ann", "current": "bob", "turns": 2,
            "players": [{"name": "ann", "hand_count": 5}, {"name": "bob", "hand_count": 7}]}
    lobby = {"seats": [{"name": "bob", "state": "gone", "gone_seconds": 5, "grace_left": 25}]}
    for width in range(18, 44):
        shown = player_lines(view, Catalog([]), width, lobby).plain.split("\n")
        assert "bot in 25 s" in " ".join(line.strip() for line in shown)
        for above, below in zip(shown, shown[1:], strict=False):
            assert not (re.search(r"\d$", above) and re.match(r"\s*\w", below)), (width, shown)
        if width >= 22:   # room for the aside whole: it is never cut
            assert any("(bot in 25 s)" in line for line in shown), (width, shown)


async def test_a_dialog_over_the_table_says_your_clock():
    """The status bar's clock is hidden under a dialog: giving a card to a Favor, a stranger
    could not tell how long was left. A line under the dialog says it."""
    from ekpeer.tui.screens.dialog import Dialog

    table = {"players": ["ann", "bob"], "current": "bob", "draw_pile": ["skip", "tacocat", "nope"],
             "hands": {"ann": ["tacocat", "skip"], "bob": ["favor"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "bob", "cards": ["favor"], "target": "ann"},
                                     {"do": "resolve"}])
    assert game.awaiting and game.awaiting[0].player == "ann"
    clock = {"type": "timer", "body": {"kind": "turn", "seconds": 30.0, "player": "ann"}}
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev), clock])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, Dialog), 3, "the give-a-card dialog")
        line = app.screen.query_one("#dialog-clock")
        await until(pilot, lambda: line.display, 2, "the clock under the dialog")
        said = str(line.render())
        assert said.startswith("Your clock: ") and said.endswith(" s left"), said
        assert line.region.height and line.region.y < app.size.height     # on screen
        await pilot.press("question_mark")                                  # a card's rules on top
        await settle(pilot, 2)
        assert str(app.screen.query_one("#dialog-clock").render()).startswith("Your clock: ")


async def test_cards_that_make_no_move_are_refused_with_the_way_to_every_move():
    """Beard Cat + Cattermelon is no pair: the refusal names where every open move is listed."""
    from ekpeer.tui.widgets import CardWidget

    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip", "tacocat", "nope"],
             "hands": {"ann": ["beard_cat", "cattermelon"], "bob": ["nope"]}}
    game, rules, ev = rigged(table)
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert [c.card for c in app.screen.query(CardWidget)][:2] == ["beard_cat", "cattermelon"]
        await pilot.press("space", "right", "space", "enter")
        await until(pilot, lambda: list(app._notifications), 3, "the refusal")
        said = [str(n.message) for n in app._notifications]
        # not "now": a stranger read that three different cats might make a combo later
        assert said == ["Beard Cat + Cattermelon: not a combo you can play (m lists every move you can)."]
        assert not session.sent


async def test_a_player_with_no_move_open_is_not_sent_to_m_and_a_dead_player_may_list_a_nope():
    """A stranger, Dead in a Zombie game, pressed Enter on a Tacocat and was told "m lists every
    move you can", with m off; and m stayed off while a Nope was open to the Dead."""
    table = {"players": ["ann", "bob", "cy"], "current": "bob", "draw_pile": ["skip", "tacocat", "nope"],
             "hands": {"ann": ["tacocat"], "bob": ["skip"], "cy": ["nope"]}}
    game, rules, ev = rigged(table)
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert not app.view.get("legal_moves")
        await pilot.press("enter")
        await until(pilot, lambda: list(app._notifications), 3, "the refusal")
        assert [str(n.message) for n in app._notifications] == ["Tacocat: no move is open to you now."]
        screen = app.screen
        app.view = {**app.view, "players": [{**p, "status": "dead"} if p["name"] == "ann" else p
                                             for p in app.view["players"]],
                    "legal_moves": [{"do": "play", "by": "ann", "cards": ["nope"]}]}
        assert screen.check_action("moves", ()) is True and screen.check_action("draw", ()) is False


async def test_the_game_over_dialog_comes_straight_over_the_table_with_the_log_open():
    """A stranger had the log open when the game ended: the game-over dialog came on top of
    it, the Esc meant for the log closed that dialog unseen, and the log came back. What was
    open to read closes; the game-over dialog says the end over the table."""
    from ekpeer.engine import Move, player_view
    from ekpeer.engine.view import visible_events

    table = {"players": ["ann", "bob"], "current": "bob", "draw_pile": ["exploding_kitten", "tacocat"],
             "hands": {"ann": ["defuse"], "bob": ["tacocat"]}}
    game, rules, ev = rigged(table)
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        events = visible_events(list(game.apply(Move("draw", "bob"))), "ann")
        session.push("update", {"view": player_view(game, "ann"), "events": events})
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), 3, "the game-over dialog")
        assert [type(s).__name__ for s in app.screen_stack] == ["TableScreen", "GameOverScreen"]


async def test_a_kitten_drawn_is_said_once_not_drawn_then_faced():
    """"bot1 draws Exploding Kitten!" was followed by "bot1 faces Exploding Kitten!": the
    second line says it only when the kitten came some other way."""
    table = {"players": ["ann", "bob"], "current": "ann",
             "draw_pile": ["exploding_kitten", "tacocat", "skip"],
             "hands": {"ann": ["defuse", "skip"], "bob": ["nope"]}}
    game, rules, ev = rigged(table, [{"do": "draw", "by": "ann"}])
    app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert "You draw Exploding Kitten!" in app.log_lines, app.log_lines
        assert not any("face" in line for line in app.log_lines), app.log_lines


async def test_a_pair_made_with_a_wild_cat_says_what_a_pair_does():
    """A stranger's Feral Cat + Cattermelon asked "on whom?" and said only "Choose the player to
    target": the words of a pair of alike cards were not said for a pair made with a wild cat."""
    from ekpeer.tui.screens.target import TargetScreen

    table = {"expansions": ["base", "imploding"], "players": ["ann", "bob", "cy"], "current": "ann",
             "draw_pile": ["skip", "tacocat", "nope"],
             "hands": {"ann": ["feral_cat", "cattermelon"], "bob": ["nope"], "cy": ["skip"]}}
    game, rules, ev = rigged(table)
    app, _session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("space", "right", "space", "enter")
        await until(pilot, lambda: isinstance(app.screen, TargetScreen), 3, "the target dialog")
        assert app.screen.prompt == "A pair takes a random card from the player you choose."
