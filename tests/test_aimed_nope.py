"""A Nope says what it answers (``answers``): where the stack changed since, it is refused as
``too_late`` and nothing changes; where it did not, it Nopes as before (engine/aimed.py)."""

from __future__ import annotations

import pytest

from ekpeer.engine import IllegalMove, Move
from ekpeer.engine.replay import replay
from ekpeer.plugins import ruleset


def _table():
    """ann plays an Attack on bob; bob and carl hold Nopes; bob holds an Attack too."""
    hands = {"ann": ["attack", "skip"], "bob": ["nope", "attack"], "carl": ["nope", "nope"]}
    game = ruleset(["base"]).game_from_table({"players": list(hands), "hands": hands,
                                              "draw_pile": ["tacocat"] * 6})
    game.apply(Move("play", "ann", ("attack",)))
    return game


def _nope(by: str, answers: tuple[int, int] | None) -> Move:
    return Move("play", by, ("nope",), answers=answers)


def _refused(game, move: Move) -> IllegalMove:
    before = game.snapshot()
    with pytest.raises(IllegalMove) as refused:
        game.apply(move)
    assert game.snapshot() == before      # nothing changed
    return refused.value


def test_each_action_on_the_stack_has_its_own_serial_in_the_view():
    game = _table()
    top = game.stack[-1]
    assert top.serial >= 1
    from ekpeer.engine import player_view
    assert player_view(game, "bob")["stack"][-1]["serial"] == top.serial


def test_a_nope_answering_the_action_on_top_nopes_it():
    game = _table()
    top = game.stack[-1]
    game.apply(_nope("bob", (top.serial, 0)))
    assert top.nopes == 1


def test_a_nope_after_someone_else_noped_is_refused_not_a_yup():
    game = _table()
    serial = game.stack[-1].serial
    game.apply(_nope("carl", (serial, 0)))
    refused = _refused(game, _nope("bob", (serial, 0)))
    assert refused.code == "too_late"
    assert "carl already Noped ann's Attack (2x)" in refused.message and "undo theirs" in refused.message
    game.apply(_nope("bob", (serial, 1)))     # meant as a Yup now: it is taken
    assert game.stack[-1].nopes == 2


def test_a_nope_after_a_nope_and_a_yup_does_what_was_meant_and_stands():
    """carl Nopes ann's Attack, bob Yups it: live again, as dan saw it when he pressed Nope.
    His Nope stops it, as he meant; one more Nope than he saw would undo one, and is refused."""
    hands = {"ann": ["attack"], "bob": ["nope"], "carl": ["nope"], "dan": ["nope", "nope"]}
    game = ruleset(["base"]).game_from_table({"players": list(hands), "hands": hands,
                                              "draw_pile": ["tacocat"] * 6})
    game.apply(Move("play", "ann", ("attack",)))
    serial = game.stack[-1].serial
    game.apply(_nope("carl", (serial, 0)))
    assert _refused(game, _nope("dan", (serial, 0))).code == "too_late"    # carl's alone: a Yup
    game.apply(_nope("bob", (serial, 1)))
    game.apply(_nope("dan", (serial, 0)))
    assert game.stack[-1].nopes == 3 and game.hands["dan"] == ["nope"]
    assert _refused(game, _nope("dan", (serial, 4))).code == "too_late"    # more than there were


def test_a_nope_after_its_action_resolved_is_not_taken_by_the_next():
    game = _table()
    serial = game.stack[-1].serial
    game.apply(Move("resolve"))
    refused = _refused(game, _nope("carl", (serial, 0)))    # nothing on the stack now
    assert (refused.code, refused.message) == ("too_late", "Too late: ann's Attack (2x) was already resolved")
    game.apply(Move("play", "bob", ("attack",)))     # bob's turn: his own Attack opens a window
    refused = _refused(game, _nope("carl", (serial, 0)))
    assert refused.code == "too_late"
    assert refused.message == ("Too late: ann's Attack (2x) was already resolved; "
                               "bob's Attack (2x) is in play now")


def test_a_nope_without_answers_lands_on_the_top_as_before():
    game = _table()
    game.apply(_nope("carl", None))
    game.apply(_nope("bob", None))
    assert game.stack[-1].nopes == 2


def test_answers_go_into_the_log_and_replay_exactly():
    game = _table()
    serial = game.stack[-1].serial
    game.apply(_nope("carl", (serial, 0)))
    moves = [Move.from_dict(m.to_dict()) for m in game.log]
    assert moves[-1].answers == (serial, 0)
    again = replay(game.ruleset, game.origin, moves)
    assert again.snapshot() == game.snapshot()


@pytest.mark.parametrize("answers", [[1, 0], {"action": "1", "nopes": 0}, {"action": 1},
                                     {"action": True, "nopes": 0}, {"action": -1, "nopes": 0}])
def test_answers_of_the_wrong_shape_are_a_bad_move(answers):
    with pytest.raises(IllegalMove) as refused:
        Move.from_dict({"do": "play", "cards": ["nope"], "answers": answers})
    assert refused.value.code == "bad_move"
