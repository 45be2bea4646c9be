"""A plugin's hook that raised at a host's table is said to every player once (``rules_failed``).
A Danish stranger read "Reglerne for Lighthouse fejlede ..." though their lobby called the box
"Fyrtårn": the host names it in English, and the client now says the box as its own lobby
does (each plugin's translated deck title); and the line comes right after the move that set
it off, not after the next player's turn line."""

from __future__ import annotations

from ekpeer import i18n
from ekpeer.net.card_faults import after_the_move
from ekpeer.tui.words import Catalog, event_words

from .conftest import scripted_app

EVENT = {"type": "rules_failed", "plugin": "lighthouse", "box": "Lighthouse"}
LOBBY = {"plugins": [{"name": "base", "decks": [{"title": "Original", "plugin": "base"},
                                                 {"title": "2-spiller", "plugin": "base"}]},
                     {"name": "lighthouse", "decks": [{"title": "Fyrtårn", "plugin": "lighthouse"}]}]}


def test_the_box_is_said_as_the_readers_lobby_calls_it():
    i18n.set_language("da")
    try:
        app, _session = scripted_app([], name="ann")
        app.lobby, app.view = LOBBY, {"you": "ann"}
        app._log([EVENT])
        assert app.log_lines[-1].startswith("Reglerne for Fyrtårn fejlede hos værten"), app.log_lines[-1]
        assert "Lighthouse" not in app.log_lines[-1]
        # a box its lobby does not list: the host's words
        assert event_words(EVENT, Catalog([]), "ann", {}).startswith("Reglerne for Lighthouse fejlede")
    finally:
        i18n.set_language("en")


def test_the_notice_comes_right_after_the_move_that_set_it_off():
    drew = (None, {"type": "drew", "player": "ann"})
    turn = (None, {"type": "turn", "player": "bot1", "turns": 1})
    notice = (None, EVENT)
    assert after_the_move([drew, turn], [notice]) == [drew, notice, turn]
    assert after_the_move([drew], [notice]) == [drew, notice]
    assert after_the_move([drew, turn], []) == [drew, turn]
