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
