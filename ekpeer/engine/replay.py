"""Replay: a game is its origin (seed and setup) plus its move log, nothing more."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .moves import Move

if TYPE_CHECKING:
    from .game import Game
    from .ruleset import Ruleset


def record(game: Game) -> dict[str, Any]:
    """Plain data from which :func:`replay` rebuilds ``game`` exactly. ``hosted``: a host's
    game (``failed_rules`` kept, ``asked.py``), which went on past a plugin's bug where it was
    only asked: it must be rebuilt the same way (``replay(..., hosted=True)``), or a move the
    host let through past the bug raises; a game played elsewhere has no such key, and its
    rebuild raises loudly, as it was played."""
    rec: dict[str, Any] = {
        "plugins": list(game.ruleset.plugins),
        "origin": game.origin,
        "moves": [m.to_dict() for m in game.log],
    }
    if game.failed_rules is not None:
        rec["hosted"] = True
    return rec


def replay(rules: Ruleset, origin: dict[str, Any], moves: list[Move | dict[str, Any]],
           hosted: bool = False) -> Game:
    """Rebuild a game from its origin and apply every logged move in order. ``hosted``: a
    host's game, which went on past a plugin's bug where it was only asked (``asked.py``):
    rebuilt the same way, its moves replay (a draw a failing ``ekpeer_refuse_move`` let
    through would be refused again, and the host's rollback or restart fail on it)."""
    if "table" in origin:
        game = rules.game_from_table(origin["table"], seed=origin.get("seed", 0))
    else:
        game = rules.new_game(list(origin["players"]), seed=origin.get("seed", 0),
                              deck=origin.get("deck"), variants=origin.get("variants", ()),
                              options=origin.get("options"), hosted=hosted)
    if hosted and game.failed_rules is None:
        game.failed_rules = {}
    for move in moves:
        game.apply(move if isinstance(move, Move) else Move.from_dict(move))
    return game
