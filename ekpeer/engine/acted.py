"""A plugin hook that raises while a move is carried out, at a host's table.

``ekpeer_handle_move`` raising on a draw left a stranger's live table waiting for good: the
host rolled the draw back and refused it, the turn clock's default draw failed the same way,
and nobody was told. The hooks the engine calls while it carries a move out
(``ekpeer_handle_move``, ``ekpeer_card_drawn``, ``ekpeer_player_died``, ``ekpeer_death_words``,
``ekpeer_turn_ended``, ``ekpeer_hand_changed``, ``ekpeer_game_over``, ``ekpeer_cards_elsewhere``)
now go on as the asked ones do (``asked.py``): at a host's table (``game.failed_rules`` a dict)
one that raises counts as having said nothing (the move not handled, the drawn card not taken,
the death not handled, no words, no winner, no card elsewhere) and the engine's own rules go
on; the failure is kept for the host to log and tell every player once. Whatever the hook
changed before it raised stays: a replay of the host's game goes the same way past it.

:class:`~ekpeer.engine.errors.IllegalMove` is no failure: ``ekpeer_handle_move`` refuses a
move so. Elsewhere (simulations, scenarios, bots' own games) the hook still raises, so that a
plugin's author sees the traceback.
"""

from __future__ import annotations

from typing import Any

from .asked import hook_failed
from .errors import IllegalMove


def run_hook(game: Any, hook: str, fallback: Any = None, **kwargs: Any) -> Any:
    """``game.hook.<hook>(game=game, **kwargs)``, or ``fallback`` where it raised at a host's
    table (the failure kept in ``game.failed_rules``); elsewhere it raises."""
    try:
        return getattr(game.hook, hook)(game=game, **kwargs)
    except IllegalMove:
        raise
    except Exception as exc:
        if not hook_failed(game, hook, exc):
            raise
        return fallback
