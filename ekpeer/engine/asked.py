"""A card's rule that failed when the engine only asked about it: while building a view or
the legal moves (its ``can_play``, its ``targets``), or checking a play before anything
changed.

A table a host runs must go on past a third-party card's bug there: its ``can_play``
raising froze a stranger's table for good (no view reached the holder, the turn clock's
default move failed the same way). So a game may set such a card aside: it counts as not
playable now, and why (``cannot_play``) says its rules failed, in :data:`RULES_FAILED`.
The engine does no I/O: it keeps the first failure of each card and rule in
``game.failed_rules`` (a bounded record: a key per card and rule) for the host to log
once. A game whose ``failed_rules`` is None (the default: simulations, bots' own games, the
tests) raises as before, so that a built-in card's bug fails loudly.

The plugin hooks asked at those times go on the same way (:func:`hook_failed`), each to the
fallback a player finds least harmful and that shows no secret: a view a failing
``ekpeer_extend_view`` would extend is sent as the engine makes it; a failing
``ekpeer_extra_moves`` adds no move; a move a failing ``ekpeer_refuse_move`` was asked about
is refused (the plugin's rules may forbid it), but never a draw; a failing
``ekpeer_play_while_waiting`` lets nothing in; a hand a failing ``ekpeer_hand_hidden`` was
asked about lies face down in the views, not called cursed (:func:`hidden`), and its owner's
legal moves name none of its cards; a combo a failing ``ekpeer_combo_cards`` counts is
refused. A refused move says :data:`RULES_FAILED`.
"""

from __future__ import annotations

from typing import Any

#: Why a card whose rule failed cannot be played now (a host says it in each seat's
#: language: the same words as for a card whose effect failed).
RULES_FAILED = "its rules failed on the host (a bug in its plugin)"


def set_aside(game: Any, card: str, rule: str, exc: Exception) -> bool:
    """Whether ``game`` sets ``card`` aside after its ``rule`` (``can_play``, ``targets``)
    raised ``exc``: it then keeps the failure (the first of each card and rule) in
    ``game.failed_rules``. False: the caller raises it again (not a host's table)."""
    failed = game.failed_rules
    if failed is None:
        return False
    failed.setdefault((card, rule), exc)
    return True


def why_not(game: Any, card: str, rule: Any, player: str) -> str | None:
    """``rule(game, player)`` (a card's ``can_play``), or :data:`RULES_FAILED` where it
    raised and ``game`` sets such a card aside (else it raises)."""
    try:
        return rule(game, player)
    except Exception as exc:
        if not set_aside(game, card, "can_play", exc):
            raise
        return RULES_FAILED


def fails(game: Any, card: str, rule: Any, which: str, player: str) -> bool:
    """Whether ``rule`` (``card``'s ``which``: its ``targets``) raises when asked for
    ``player`` now, where ``game`` sets such a card aside (else it raises)."""
    try:
        rule(game, player)
    except Exception as exc:
        if not set_aside(game, card, which, exc):
            raise
        return True
    return False


# ---------------------------------------------------------------------- plugin hooks
# The hooks the engine asks while building a view or the legal moves, or checking a move before
# anything changes: at a host's table (``failed_rules`` a dict) one that raises gives way to
# the fallback a player would find least harmful, which never shows a secret, and the first
# failure of each (hook, plugin module) is kept beside the cards' for the host to log once.


def hook_failed(game: Any, hook: str, exc: Exception) -> bool:
    """Whether ``game`` goes on past plugin ``hook`` (an ``ekpeer_*`` name) having raised
    ``exc``: it then keeps the failure (the first of each hook and module that raised it) in
    ``game.failed_rules``, keyed ``(hook, module)``. False: the caller raises it again."""
    failed = game.failed_rules
    if failed is None:
        return False
    keep_failure(failed, hook, exc)
    return True


def keep_failure(failed: dict, hook: str, exc: Exception) -> None:
    """Keep ``exc``, plugin ``hook``'s failure, in ``failed`` (a game's ``failed_rules``):
    the first of each hook and module that raised it, keyed ``(hook, module)``."""
    failed.setdefault((hook, _raised_in(exc)), exc)


def _raised_in(exc: BaseException) -> str:
    """The module of the hook implementation ``exc`` came out of: the frame pluggy called
    last (so that two plugins' bugs in one hook are each kept; the host names the plugin)."""
    where = ""
    after = False
    tb = exc.__traceback__
    while tb is not None:
        module = tb.tb_frame.f_globals.get("__name__", "")
        if module.startswith("pluggy."):
            after = True
        elif after:
            where, after = module, False
        tb = tb.tb_next
    return where


def refused(game: Any, player: str, move: Any) -> bool:
    """Whether the plugins refuse ``move`` (``ekpeer_refuse_move``). Where the hook raised at a
    host's table (else it raises): refused, as the rules may forbid it, but never a draw, the
    one move a turn always has (refused, a player could be left with no move at all, and the
    table waiting on them for good); the engine's own checks still apply to it."""
    try:
        return bool(game.hook.ekpeer_refuse_move(game=game, player=player, move=move))
    except Exception as exc:
        if not hook_failed(game, "ekpeer_refuse_move", exc):
            raise
        return move.do != "draw"


def let_in(game: Any, player: str, move: Any) -> bool:
    """Whether a plugin lets ``player`` make the play ``move`` while a choice is awaited
    (``ekpeer_play_while_waiting``); not where the hook raised at a host's table."""
    try:
        return bool(game.hook.ekpeer_play_while_waiting(game=game, player=player, move=move))
    except Exception as exc:
        if not hook_failed(game, "ekpeer_play_while_waiting", exc):
            raise
        return False


def hidden(game: Any, player: str) -> bool | None:
    """:meth:`~ekpeer.engine.state.TableState.hand_hidden`, for a view; None where a plugin's
    ``ekpeer_hand_hidden`` raised at a host's table: nobody knows whether the hand should lie
    face down, and the view lays it face down all the same (a hand shown that should lie face
    down would tell its owner its cards; one hidden that should be shown tells nothing).

    None, not True: True says the hand is *cursed*, and every seat read "cursed: hand face
    down" when one plugin's bug made the hook fail, a curse nobody had cast (and a bot, dealing
    the table again from its view, rigged a curse the table's plugins could not hold). The
    seat says instead that its hand lies face down because the rules failed
    (``view.SEAT_RULES_FAILED``), which is what happened; the privacy is the same."""
    try:
        return game.hand_hidden(player)
    except Exception as exc:
        if not hook_failed(game, "ekpeer_hand_hidden", exc):
            raise
        return None
