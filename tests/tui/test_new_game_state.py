"""A new game starts clean: its log, who went out and in what order. A Danish stranger left
a game against bots with x, pressed ctrl+b and s: the new game's log began with the last
game's end ("bot3 wins the game!"), ``l`` said 349 lines, and its result box read the last
game's order of who exploded. The new host names its table ``play`` and counts its games from
1, as the last did: its snapshot was taken for a resume of the last game."""

from __future__ import annotations

from ekpeer.tui.app import make_app
from ekpeer.tui.screens.game_over import GameOverScreen
from ekpeer.tui.screens.position import PositionScreen
from ekpeer.tui.screens.start import StartScreen
from ekpeer.tui.screens.table import TableScreen

from .conftest import hosted_factory, scripted_app, settle, until


async def play_to_the_end(pilot, app) -> None:
    """Draw (and put back any kitten defused at the top) until the game is over."""
    for _ in range(600):
        await pilot.pause(0.02)
        if app.view.get("winner") or app.view.get("winners"):
            return
        if isinstance(app.screen, PositionScreen):
            await pilot.press("home", "enter")
        elif not isinstance(app.screen, TableScreen):
            await pilot.press("enter")
        else:
            await pilot.press("d")
    raise AssertionError("the game did not end")


def shown_log(app) -> str:
    return " ".join(str(line.text).strip() for line in app.table_screen.query_one("#log").lines)


async def test_play_vs_bots_again_after_leaving_a_game_shows_none_of_its_lines():
    settings = {"seats": 2, "reaction_seconds": 0.05, "bots": "heuristic", "expansions": ["base"]}
    app = make_app(hosted_factory(), name="ann", settings=settings)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+b")
        await until(pilot, lambda: app.lobby.get("settings", {}).get("seats") == 2, 10, "the lobby")
        await settle(pilot, 2)
        await pilot.press("s")
        await until(pilot, lambda: app.view, 10, "the first game")
        await play_to_the_end(pilot, app)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), 5, "the game-over dialog")
        old = list(app.log_lines)
        assert any("wins the game" in line or "win the game" in line for line in old)
        assert app.out_order
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, StartScreen), 10, "the start screen")
        await pilot.press("ctrl+b")
        await until(pilot, lambda: app.lobby.get("settings", {}).get("seats") == 2, 10, "the second lobby")
        await settle(pilot, 2)
        await pilot.press("s")
        await until(pilot, lambda: app.view.get("turn_number") == 1 and isinstance(app.screen, TableScreen),
                    10, "the second game")
        await settle(pilot, 4)
        assert not app.out_order, app.out_order
        assert not any("win the game" in line or "wins the game" in line for line in app.log_lines)
        assert len(app.log_lines) < len(old), app.log_lines
        assert app.log_lines and not app.log_lines.recent_only
        assert "wins the game" not in shown_log(app) and "win the game" not in shown_log(app)
        assert app.summary() == [line for line in app.summary() if not line.startswith("Out, in order")]


async def test_a_snapshot_that_tells_fewer_events_than_the_log_holds_is_of_a_new_game():
    """The same table name and game count at a host that began again (its table ``main``, its
    first game): a snapshot whose events begin at the game's start, fewer than this log was
    written from, is not the last game resumed."""
    from ekpeer.engine import player_view
    from ekpeer.engine.view import visible_events

    from .test_whole_log import draws, lobby, long_game, snapshot

    game, rules, _ev = long_game()
    app, session = scripted_app([lobby(), snapshot(game, rules, [])])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        for events in draws(game, 10):
            session.push("update", {"view": player_view(game, "ann"),
                                    "events": visible_events(list(events), "ann")})
        await settle(pilot, 4)
        old = list(app.log_lines)
        game2, rules2, _ev = long_game()
        session.push("lobby", lobby()["body"])
        session.push("snapshot", snapshot(game2, rules2, [])["body"])
        await settle(pilot, 6)
        assert len(app.log_lines) < len(old) and not app.log_lines.recent_only, list(app.log_lines)
