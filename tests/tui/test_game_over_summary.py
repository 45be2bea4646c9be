"""The game-over dialog's summary says each seat as it truly stands."""

from __future__ import annotations


def test_the_game_over_summary_says_the_seat_of_one_who_left_is_a_bots():
    """"Still at the table: cat" after cat left the table: the seat is a bot's now."""
    from ekpeer.tui.app import make_app
    from ekpeer.tui.session import FakeSession

    app = make_app(lambda **_: FakeSession([], name="ann"), mode="play", name="ann")
    app.view = {"you": "ann", "turn_number": 9, "winners": ["bob"],
                "players": [{"name": "ann", "status": "dead"}, {"name": "bob"}, {"name": "cat"}]}
    app.lobby = {"phase": "over", "seats": [{"name": "ann", "state": "connected"},
                                            {"name": "bob", "state": "connected"},
                                            {"name": "cat", "state": "left", "left": True}]}
    lines = app.summary()
    assert "Still at the table: bob, cat’s seat (a bot, cat left)" in lines, lines
