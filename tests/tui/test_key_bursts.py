"""Keys that reach the client in one read (a busy machine, SSH, key repeat, the browser seat)
act one after another, each on the state the keys before it left: what a slow typist would do."""

from __future__ import annotations

import asyncio

import pytest
from textual import events

from ekpeer.engine import Move, player_view
from ekpeer.engine.view import visible_events
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.table import TableScreen
from ekpeer.tui.session import FakeSession
from ekpeer.tui.widgets import CardWidget

from .conftest import rigged, scripted_app, settle, snapshot_of, until

CHARS = {"space": " ", "enter": "\r"}


def burst(app, *keys: str) -> None:
    """``keys`` queued at once, the way the terminal driver queues the keys of one read
    (Pilot's ``press`` waits for the app to go idle between keys: a slow typist)."""
    for key in keys:
        app.post_message(events.Key(key, CHARS.get(key, key if len(key) == 1 else None)))


def hand_table():
    return {
        "players": ["ann", "bob"],
        "current": "ann",
        "draw_pile": ["tacocat", "skip", "exploding_kitten", "shuffle", "nope"],
        "discard": [],
        "hands": {"ann": ["defuse", "skip", "shuffle", "attack", "see_the_future", "favor"],
                  "bob": ["nope", "beard_cat"]},
    }


def engine_app(table):
    """The app at a game the engine plays in this process (moves answered as a host would)."""
    game, rules, _ = rigged(table)
    session = EngineSession(game, rules)
    return game, session, make_app(lambda **_: session, mode="play", name="ann")


def moves_sent(session) -> list[dict]:
    return [{k: v for k, v in m.items() if k != "by"} for kind, m in session.sent if kind == "move"]


async def _table(pilot, app):
    await settle(pilot, 6)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen, [c.card for c in screen.query(CardWidget)]


async def test_an_arrow_and_enter_in_one_read_play_the_card_the_arrow_moved_to():
    game, rules, ev = rigged(hand_table())
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(120, 40)) as pilot:
        screen, titles = await _table(pilot, app)
        assert titles[0] == "defuse"
        burst(app, "right", "enter")
        await settle(pilot, 4)
        moves = [m for kind, m in session.sent if kind == "move"]
        assert [m["cards"] for m in moves] == [[titles[1]]], (titles, moves)


async def test_three_arrows_in_one_read_move_the_highlight_three_times():
    game, rules, ev = rigged(hand_table())
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(120, 40)) as pilot:
        screen, titles = await _table(pilot, app)
        burst(app, "right", "right", "right")
        await settle(pilot, 4)
        assert screen.focused_card() == titles[3] and app.focused.card == titles[3]
        burst(app, "left", "enter")
        await settle(pilot, 4)
        moves = [m for kind, m in session.sent if kind == "move"]
        assert [m["cards"] for m in moves] == [[titles[2]]], (titles, moves)


class EngineSession(FakeSession):
    """A seat at the real engine, answering each move the way the host does (its update first,
    then the reply) after ``delay`` seconds: a host across a slow link. Reaction windows close
    at once (the host's timer)."""

    def __init__(self, game, rules, me: str = "ann", delay: float = 0.1) -> None:
        super().__init__([snapshot_of(game, rules, me)], name=me)
        self.game, self.me, self.delay = game, me, delay

    async def move(self, move):
        self.sent.append(("move", move))
        await asyncio.sleep(self.delay)
        before = len(self.game.events)
        self.game.apply(Move.from_dict(dict(move, by=self.me)))
        while self.game.reaction_open:
            self.game.apply(Move.from_dict({"do": "resolve"}))
        events = visible_events(list(self.game.events[before:]), self.me)
        self.push("update", {"view": player_view(self.game, self.me), "events": events})


async def test_keys_after_a_move_wait_for_the_decision_it_opens():
    """Enter plays Alter the Future, j moves the top card down, Enter keeps that order: all in
    one read, while the host still has the first Enter's move on the way."""
    table = {
        "expansions": ["base", "imploding"],
        "players": ["ann", "bob"],
        "current": "ann",
        "draw_pile": ["tacocat", "skip", "shuffle", "nope", "exploding_kitten"],
        "hands": {"ann": ["alter_the_future", "skip"], "bob": ["nope", "beard_cat"]},
    }
    game, session, app = engine_app(table)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, titles = await _table(pilot, app)
        assert titles[0] == "alter_the_future"
        burst(app, "enter", "j", "enter")
        await settle(pilot, 8)
        moves = moves_sent(session)
        assert moves == [{"do": "play", "cards": ["alter_the_future"]},
                         {"do": "choose", "order": [1, 0, 2]}], moves


async def test_keys_after_the_one_that_opens_a_dialog_are_for_the_dialog():
    """→ ⏎ ↓ ⏎ in one read, Favor second in the hand at a 3-seat table: the Favor asks whom,
    and ↓ ⏎ choose the second player in that list (they reached the table before)."""
    table = {**hand_table(), "players": ["ann", "bob", "cat"],
             "hands": {**hand_table()["hands"], "cat": ["skip"]}}
    game, rules, ev = rigged(table)
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(120, 40)) as pilot:
        screen, titles = await _table(pilot, app)
        assert titles[1] == "favor"
        burst(app, "right", "enter", "down", "enter")
        await settle(pilot, 6)
        moves = [m for kind, m in session.sent if kind == "move"]
        assert [(m["cards"], m.get("target")) for m in moves] == [(["favor"], "cat")], moves


async def test_esc_and_a_key_typed_at_once_close_the_dialog_and_then_act():
    """Esc then d within a few milliseconds are the bytes of Alt+d: a stranger's Esc, d over
    the log closed nothing and drew nothing. Both act, in order."""
    from ekpeer.tui.screens.log import LogScreen

    game, rules, ev = rigged(hand_table())
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(120, 40)) as pilot:
        screen, _titles = await _table(pilot, app)
        await pilot.press("l")
        await settle(pilot, 3)
        assert isinstance(app.screen, LogScreen)
        app.post_message(events.Key("alt+d", "d"))      # what the terminal parser makes of ESC d
        await settle(pilot, 6)
        assert app.screen is screen
        assert [m["do"] for kind, m in session.sent if kind == "move"] == ["draw"]


async def test_a_draw_a_save_and_a_place_typed_at_once_each_act():
    """d ⏎ End ↑ ⏎ in one read with a kitten on top: draw, save with the Defuse, and put the
    kitten one above the bottom. A stranger's End ↑ ⏎ were lost, and the put-back dialog
    came up with nothing chosen."""
    table = {
        "players": ["ann", "bob"],
        "current": "ann",
        "draw_pile": ["exploding_kitten", "skip", "shuffle", "nope", "tacocat"],
        "hands": {"ann": ["defuse", "skip"], "bob": ["nope", "beard_cat"]},
    }
    game, session, app = engine_app(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await _table(pilot, app)
        burst(app, "d", "enter", "end", "up", "enter")
        await settle(pilot, 12)
        moves = moves_sent(session)
        assert moves[:2] == [{"do": "draw"}, {"do": "choose", "use": "defuse"}], moves
        assert len(moves) == 3 and moves[2]["do"] == "choose", moves
        assert game.draw_pile.top_first()[-2] == "exploding_kitten", game.draw_pile.top_first()


def test_a_chosen_option_holds_keys_only_briefly(monkeypatch):
    """Keys after a choice go round until its answer: should the answer never come, they must
    not go round for good."""
    import time

    import ekpeer.tui.screens.pick as pick

    monkeypatch.setattr(pick, "CHOSEN_WAIT", 0.05)
    choices = pick.Choices()
    choices.chosen = True
    assert choices.chosen
    time.sleep(0.1)
    assert not choices.chosen


async def test_your_own_death_is_said_over_the_table_not_only_in_the_log():
    """A stranger exploded and saw only a log line among the bots' and a tag by their name."""
    table = {"players": ["ann", "bob", "cy"], "current": "ann", "draw_pile": ["exploding_kitten", "skip"],
             "hands": {"ann": ["tacocat"], "bob": ["nope"], "cy": ["skip"]}}
    _game, _session, app = engine_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await _table(pilot, app)
        await pilot.press("d")
        await until(pilot, lambda: any("You are out of the game" in str(n.message)
                                       for n in app._notifications), 3, "the word that you are out")


async def test_keys_typed_with_the_d_that_asks_draw_a_kitten_answer_the_question():
    """d and the keys after it in one read, a kitten seen on top and a Skip in hand: the keys
    answer "Draw a kitten?" once it is up. Enter alone goes back (the highlighted answer); an
    arrow then Enter chose Yes, but the Enter pressed the No the arrow had just left."""
    from .test_safe_defaults import seen_kitten_on_top

    for keys, drawn in ((["d", "y"], True), (["d", "enter"], False), (["d", "right", "enter"], True),
                        (["d", "right", "left", "enter"], False), (["d", "escape"], False)):
        app, session = scripted_app([seen_kitten_on_top(["skip"])])
        async with app.run_test(size=(64, 20)) as pilot:
            screen, _titles = await _table(pilot, app)
            burst(app, *keys)
            await settle(pilot, 8)
            moves = [m["do"] for kind, m in session.sent if kind == "move"]
            assert moves == (["draw"] if drawn else []), (keys, moves)
            assert app.screen is screen, keys          # answered: the question is gone


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("keys", [("alt+s",), ("escape", "s")])
async def test_esc_closing_a_settings_menu_and_then_s_starts_the_game(lang, keys):
    """A stranger opened the deck's menu, closed it with Esc, pressed s: nothing started. Esc
    gives the focus back to the Select a message later, and the s before that went to the
    menu's type-to-search. Keys after that Esc wait for the menu to close."""
    from textual.widgets import Select

    from ekpeer import i18n

    from .test_lobby_roles import lobby, lobby_app

    i18n.set_language(lang)
    try:
        app, session = lobby_app([lobby(seats=4)])
        async with app.run_test(size=(64, 20)) as pilot:
            await settle(pilot, 8)
            app.screen.query_one("#set-deck", Select).focus()
            await pilot.press("enter")
            await settle(pilot, 4)
            assert app.screen.query_one("#set-deck", Select).expanded
            for key in keys:        # ESC s in one read is Alt+s; or the two keys at once
                app.post_message(events.Key(key, "\x1b" if key == "escape" else "s"))
            await settle(pilot, 8)
            assert ("start", None) in session.sent, session.sent
            assert not app.screen.query_one("#set-deck", Select).expanded
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(80, 24), (64, 20)])
async def test_the_arrows_stop_at_the_ends_of_the_hand(size):
    """→ on the last card stays there, ← on the first too: coming round, a stranger's
    Space ← Space ← Space ← Space Home → Space ticked the Defuse into a combo and unticked
    another card."""
    game, rules, ev = rigged(hand_table())
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=size) as pilot:
        screen, titles = await _table(pilot, app)
        assert titles[0] == "defuse"
        burst(app, "end", "right", "space", "left", "space", "home", "left", "left", "right", "space")
        await settle(pilot, 6)
        assert dict(screen.selected) == {titles[-1]: 1, titles[-2]: 1, titles[1]: 1}, screen.selected
        burst(app, "escape", "end", "right", "space", "left", "space", "left", "space", "left", "space",
              "home", "right", "space")
        await settle(pilot, 6)
        # the stranger's five ticks, from the last card: the Defuse first in the hand stays out
        assert dict(screen.selected) == {t: 1 for t in titles[1:]}, screen.selected


def _kitten_on_top(pile: int):
    return {"players": ["ann", "bob"], "current": "ann",
            "draw_pile": ["exploding_kitten"] + ["tacocat", "skip", "shuffle", "nope"] * (pile // 4 + 1),
            "hands": {"ann": ["defuse", "skip"], "bob": ["nope", "beard_cat"]}}


@pytest.mark.parametrize("size", [(80, 24), (64, 20)])
@pytest.mark.parametrize(("digits", "place"), [(["5"], 5), (["1", "2"], 12), (["1"], 1),
                                               (["2", "9", "3"], 3)])
async def test_a_digit_picks_the_numbered_place_for_the_kitten(size, digits, place):
    """The places are numbered 1, 2, 3…: typing 5 highlights the 5th (a stranger's did
    nothing), two digits typed together the place of that number (12), and Enter puts it
    there. A number with no place (29 in a pile of 20) starts again from its last digit."""
    game, session, app = engine_app(_kitten_on_top(19))
    async with app.run_test(size=size) as pilot:
        await _table(pilot, app)
        burst(app, "d", "enter", *digits)
        await settle(pilot, 12)
        from ekpeer.tui.screens.position import PositionScreen

        dialog = app.screen
        assert isinstance(dialog, PositionScreen)
        row = dialog.query_one("#dialog-options").highlighted
        assert row is not None and dialog.options[row][0] == place - 1, (digits, row)
        burst(app, "enter")
        await settle(pilot, 8)
        assert game.draw_pile.top_first()[place - 1] == "exploding_kitten", game.draw_pile.top_first()


async def test_a_digit_with_no_place_says_which_places_there_are():
    _game, _session, app = engine_app(_kitten_on_top(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await _table(pilot, app)
        burst(app, "d", "enter", "9")
        # said in the dialog's box, not as a toast over it (Modal.warn)
        await until(pilot, lambda: "no place 9" in getattr(app.screen, "warning", str)(), 3,
                    "the places there are")
        assert "1 to" in app.screen.warning() and not app._notifications
