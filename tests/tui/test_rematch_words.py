"""After someone left the table: a LAN evening's game-over said "Game over: cat wins!" of a
game the bot in cat's seat won, and the rematch was dealt at once with another seat where cat
had sat and no line saying why. Now every screen says who really won and, at the next game,
why the seats changed and who sits at the table (the host's ``won_by_bot`` and ``replaced``)."""

from __future__ import annotations

import pytest

from ekpeer import i18n
from ekpeer.tui.screens.game_over import GameOverScreen, headline
from ekpeer.tui.screens.table import TableScreen

from .conftest import rigged, scripted_app, settle, snapshot_of, until

WON = "The bot playing bob’s seat wins (bob left)!"


def _seat(name: str, state: str, you: str = "ann", **more) -> dict:
    return {"name": name, "ready": True, "bot": state == "bot", "connected": state in ("connected", "bot"),
            "you": name == you, "rematch": False, "takeover": state in ("left", "covered"),
            "left": state == "left", "creator": name == "ann", "state": state, **more}


def _lobby(phase: str, games: int, seats: list[dict], **more) -> dict:
    return {"table": "main", "you": "ann", "creator": True, "phase": phase, "started": True, "games": games,
            "settings": {"seats": 3}, "seats": seats, **more}


def _over_game(table3):
    """bob left; cat is out; ann draws the last Exploding Kitten: the bot in bob's seat wins."""
    table3 = dict(table3, out=["cat"], draw_pile=["exploding_kitten"], hands={**table3["hands"], "ann": []},
                  current="ann")
    return rigged(table3, [{"do": "draw", "by": "ann"}])


def test_the_words_of_a_win_say_the_bot_that_won_in_a_seat_whose_person_left():
    assert headline(["bob"], "ann", {"bob": "left"}) == WON
    assert headline(["bob"], "ann", {"bob": "covered"}) == "The bot playing bob’s seat wins (bob was away)!"
    assert headline(["bob"], "ann", {}) == "bob wins!"
    shared = headline(["ann", "bob"], "ann", {"bob": "left"})
    assert shared == "You and the bot playing bob’s seat share the win!"


def test_a_watcher_who_took_a_bots_seat_is_said_on_every_screen():
    """dan watched, took a seat (t) for the next game, and got bot1's: every screen said only
    "cat left: bot1 takes their seat", as if bot1 had moved."""
    from ekpeer.tui.seat_words import replaced_words

    lobby = {"seats": [{"name": n} for n in ("ann", "bob", "bot2", "dan")],
             "replaced": [{"seat": "bot2", "instead_of": "cat", "why": "left"},
                          {"seat": "dan", "instead_of": "bot1", "why": "sat"}]}
    assert replaced_words(lobby, "bob") == ["cat left: bot2 takes their seat in this game",
                                            "dan takes bot1’s seat in this game",
                                            "At the table this game: ann, you, bot2 and dan"]
    assert replaced_words(lobby, "dan")[1] == "You take bot1’s seat in this game"


async def test_every_screen_says_the_bot_won_and_the_rematch_says_why_the_seats_changed(table3):
    game, rules, events = _over_game(table3)
    seats = [_seat("ann", "connected"), _seat("bob", "left"), _seat("cat", "connected")]
    playing = _lobby("playing", 1, seats)
    app, session = scripted_app([{"type": "lobby", "body": playing}, snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), 5, "the game-over dialog")
        assert str(app.screen.query_one("#dialog-title").render()) == f"Game over: {WON}"
        assert any(WON in str(line) for line in app.log_lines), list(app.log_lines)
        # the host's word after the game: bob's win stays the bot's, and the next game is told
        over = _lobby("over", 1, seats, won_by_bot={"bob": "left"})
        session.push("lobby", over)
        await settle(pilot)
        state = str(app.screen.query_one("#rematch-state").render())
        assert "bob left: a bot takes their seat in the next game" in state, state
        assert WON in str(app.table_screen.query_one("#status").render())
        await pilot.press("r")
        await settle(pilot)
        # the rematch is dealt at once: bot2 sits where bob sat
        session.push("lobby", _lobby("playing", 2, [_seat("ann", "connected"), _seat("bot2", "bot"),
                                                    _seat("cat", "connected")],
                                     replaced=[{"seat": "bot2", "instead_of": "bob", "why": "left"}]))
        hands = table3["hands"]
        dealt = {"ann": hands["ann"], "bot2": hands["bob"], "cat": hands["cat"]}
        fresh, rules2, _ = rigged(dict(table3, players=["ann", "bot2", "cat"], hands=dealt))
        session.push("snapshot", snapshot_of(fresh, rules2, "ann")["body"])
        await until(pilot, lambda: isinstance(app.screen, TableScreen), 5, "the next game")
        told = ["bob left: bot2 takes their seat in this game", "At the table this game: you, bot2 and cat"]
        lines = [str(line) for line in app.log_lines]
        assert all(any(words in line for line in lines) for words in told), lines
        # the toast comes as a message of its own: on a busy machine after the table shows
        await until(pilot, lambda: any(all(words in str(n.message) for words in told)
                                       for n in app._notifications), 5, "the toast of the new seats",
                    said=lambda: str([str(n.message) for n in app._notifications]))


@pytest.mark.parametrize("lang", ["da", "en"])
@pytest.mark.parametrize("size", [(64, 20), (80, 24)])
async def test_the_status_lines_rematch_words_end_on_the_screen(table3, size, lang):
    """After a game at 64 columns the status line read "Omkamp: ikke ønsket endnu (den
    starter, når alle her ønsker", its end cut: fewer words where they do not fit."""
    i18n.set_language(lang)
    try:
        table3 = dict(table3, out=["cat"], draw_pile=["exploding_kitten"],
                      hands={**table3["hands"], "ann": []}, current="ann")
        game, rules, events = rigged(table3, [{"do": "draw", "by": "ann"}])
        seats = [_seat("ann", "connected"), _seat("bob", "connected"), _seat("cat", "connected")]
        app, session = scripted_app([{"type": "lobby", "body": _lobby("playing", 1, seats)},
                                     snapshot_of(game, rules, "ann", events)])
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen), 5, "the game-over dialog")
            await pilot.press("escape")         # to the table
            await until(pilot, lambda: isinstance(app.screen, TableScreen), 5, "the table")
            await settle(pilot, 4)
            status = app.screen.query_one("#status")
            said = str(status.render()).split("\n")
            width = status.content_size.width
            assert len(said) <= status.content_size.height, said
            assert all(len(line) <= width for line in said), (said, width)
            assert said[-1].startswith(i18n._("Rematch: ")), said
    finally:
        i18n.set_language("en")
