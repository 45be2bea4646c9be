"""A plugin hook that raises while a move is carried out, or a game is set up, at a host's table.

``ekpeer_handle_move`` raising on a draw left a stranger's live table waiting for good: the
host rolled the draw back and refused it, the turn clock's default draw failed the same way,
and nobody was told. The hooks the engine calls while it carries a move out
(``ekpeer_handle_move``, ``ekpeer_card_drawn``, ``ekpeer_player_died``, ``ekpeer_death_words``,
``ekpeer_turn_ended``, ``ekpeer_hand_changed``, ``ekpeer_game_over``, ``ekpeer_cards_elsewhere``)
now go on as the asked ones do (``asked.py``): at a host's table (``game.failed_rules`` a dict)
one that raises counts as having said nothing (the move not handled, the drawn card not taken,
the death not handled, no words, no winner, no card elsewhere) and the engine's own rules go
on; the failure is kept for the host to log and tell every player once. Whatever the hook
changed before it raised stays: a replay of the host's game goes the same way past it. The
hooks that set a game up (``ekpeer_check_options``, ``ekpeer_adjust_setup``,
``ekpeer_before_kittens``) go on the same way when a host deals (``Ruleset.new_game(...,
hosted=True)``): a stranger's raising ``ekpeer_cards_elsewhere`` kept a game from being dealt.

At a host's table each plugin's implementation is called on its own (:func:`one_by_one`): in
one pluggy call, the first to raise stopped the hook there, and the other plugins' said
nothing though nothing was wrong with them (a broken box silenced a working one).

:class:`~ekpeer.engine.errors.IllegalMove` is no failure: ``ekpeer_handle_move`` refuses a
move so. Elsewhere (simulations, scenarios, bots' own games) the hook still raises, so that a
plugin's author sees the traceback.
"""

from __future__ import annotations

from typing import Any

from .asked import keep_failure
from .errors import IllegalMove


def run_hook(game: Any, hook: str, fallback: Any = None, **kwargs: Any) -> Any:
    """``game.hook.<hook>(game=game, **kwargs)``; at a host's table each plugin's
    implementation on its own, one that raises counting as having said nothing (kept in
    ``game.failed_rules``), and ``fallback`` where none said anything and one raised;
    elsewhere it raises."""
    if game.failed_rules is None:
        return getattr(game.hook, hook)(game=game, **kwargs)
    return one_by_one(game.ruleset, game.failed_rules, hook, fallback, game=game, **kwargs)


def one_by_one(rules: Any, failed: dict | None, hook: str, fallback: Any = None,
               refusal: type[Exception] = IllegalMove, **kwargs: Any) -> Any:
    """Plugin ``hook`` called as pluggy calls it (in its order, a ``firstresult`` hook up to
    the first answer, the others' answers in a list), but each plugin's implementation by
    itself (pluggy's public ``subset_hook_caller``), so that one that raises is left out alone
    and kept in ``failed``: the others are still asked. ``fallback`` where it was a
    ``firstresult`` hook and nobody answered, though one raised. ``failed`` None: one plain
    call, which raises (not a host's table). ``refusal`` is no failure: a plugin says no so
    (:class:`~ekpeer.engine.errors.IllegalMove` to a move, ``ValueError`` to a table's
    setup, as the Two Player Variants refuse three players), and it is raised on."""
    caller = getattr(rules.hook, hook)
    if failed is None:
        return caller(**kwargs)
    first = bool(caller.spec is not None and caller.spec.opts.get("firstresult"))
    said: list[Any] = []
    broke = False
    for alone in callers_of(rules, hook):
        try:
            answer = alone(**kwargs)
        except refusal:
            raise
        except Exception as exc:
            keep_failure(failed, hook, exc)
            broke = True
            continue
        if first and answer is not None:
            return answer
        if not first:
            said.extend(answer)
    if first:
        return fallback if broke else None
    return said


def callers_of(rules: Any, hook: str) -> list[Any]:
    """A hook caller for each plugin implementing ``hook``, in the order pluggy calls them
    (the last registered first, ``tryfirst``/``trylast`` kept), made once for ``rules``."""
    made: dict[str, list[Any]] = rules.one_by_one
    found = made.get(hook)
    if found is None:
        pm = rules.pm
        impls = getattr(pm.hook, hook).get_hookimpls()
        everyone = [impl.plugin for impl in impls]
        found = made[hook] = [
            pm.subset_hook_caller(hook, [p for p in everyone if p is not impl.plugin])
            for impl in reversed(impls)]
    return found
