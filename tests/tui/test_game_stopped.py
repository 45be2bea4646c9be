"""A game the host ended with no winner (``game_stopped``): a seat's every move failed on a box's
rules, each tried. The engine's game has no winner, so the client's game-over dialog, driven by
the view's winners, never came: the table sat there with a clock that never ran again. Now the
dialog comes, says why in words, and offers a rematch as after any game."""

from __future__ import annotations

from ekpeer.tui.screens.game_over import GameOverScreen

from .conftest import rigged, scripted_app, settle, snapshot_of

TABLE = {"players": ["ann", "bob"], "current": "bob", "draw_pile": ["tacocat"] * 4,
         "hands": {"ann": ["skip"], "bob": ["tacocat"]}}
STOPPED = {"type": "game_stopped", "player": "bob", "plugin": "pilebug", "box": "Pilebug"}


async def test_a_game_the_host_stopped_says_why_in_its_game_over_dialog():
    game, rules, _events = rigged(TABLE)
    app, session = scripted_app([snapshot_of(game, rules, "ann")])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 4)
        assert not isinstance(app.screen, GameOverScreen)
        session.push("update", {"view": snapshot_of(game, rules, "ann")["body"]["view"], "events": [STOPPED]})
        await settle(pilot, 4)
        assert isinstance(app.screen, GameOverScreen)
        words = ("The game cannot go on: Pilebug’s rules fail on every move for bob’s seat. "
                 "It ends with no winner.")
        assert str(app.screen.query_one("#dialog-title").render()) == "Game over: Nobody wins."
        assert words in str(app.screen.query_one("#dialog-prompt").render())
        assert app.log_lines[-1] == words
        assert app.table_screen.is_over() and app.table_screen._timer is None
