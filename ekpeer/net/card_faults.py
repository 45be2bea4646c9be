"""A card whose rule failed while the host only asked about it (its ``can_play`` or its
``targets``, building a view or the legal moves): the host's side of
``ekpeer/engine/asked.py``.

A host's game sets such a card aside (:func:`guard`): it is not playable now, its holder
reads why (:func:`said`, in their language), and the table and its clocks go on, where a
third-party card's ``can_play`` raising once froze a stranger's table for good. The host
logs each card's failing rule once a game (:func:`log_new`), naming its plugin, as it does
a card whose effect failed: never on every view of every seat on every turn.
"""

from __future__ import annotations

import traceback
from typing import Any

from ..engine import Game
from ..engine.asked import RULES_FAILED
from ..i18n import N_, speaker
from ..plugins import blame

# the engine's words (asked.RULES_FAILED), marked here for ekpeer's catalog (the engine imports
# no i18n): the same words a card whose effect failed is said in
N_("its rules failed on the host (a bug in its plugin)")


def guard(game: Game | None) -> Game | None:
    """``game``, set to set aside a card whose rule fails when asked (see ``asked.py``)."""
    if game is not None and game.failed_rules is None:
        game.failed_rules = {}
    return game


def said(why: str, lang: str | None) -> str | None:
    """The engine's words for a card set aside, in ``lang``; None for any other words."""
    return speaker(lang)(RULES_FAILED) if why == RULES_FAILED else None


def log_new(game: Game | None, logged: set[tuple[str, str]], log: Any, table: str) -> None:
    """Log each (card, rule) of ``game.failed_rules`` not yet in ``logged`` (the table's own
    record, kept across a rollback's new game), with its plugin and traceback; and each plugin
    hook that failed (``hook_failed`` line: kept by hook and module, logged once per hook and
    plugin)."""
    failed = game.failed_rules if game is not None else None
    if not failed or logged.issuperset(failed):
        return
    assert game is not None
    for key, exc in list(failed.items()):
        if key in logged:
            continue
        logged.add(key)
        plugin = blame(exc, game.ruleset.plugins)
        trace = "".join(traceback.format_exception(exc))[-4000:]
        first, second = key
        if first in game.hooked:        # (hook, module): a plugin hook (asked.hook_failed)
            once = (f"plugin {plugin}", first)
            if once not in logged:
                logged.add(once)
                log("hook_failed", level="error", table=table, hook=first, error=repr(exc), plugin=plugin,
                    traceback=trace)
            continue
        log("card_rule_failed", level="error", table=table, card=first, rule=second, error=repr(exc),
            plugin=plugin, traceback=trace)


def said_new(game: Game, said: set[str]) -> list[tuple[None, dict[str, Any]]]:
    """An event for everyone (``rules_failed``) for each plugin whose hook failed in ``game``
    (``asked.hook_failed``) and that ``said`` (the table's record, kept across a rollback's new
    game) does not hold yet: the host went on past it, and the players must not take what
    followed (a draw its rules would have skipped) for the game's own rules. Its box is named
    as the lobby calls it (its deck's title, else its name)."""
    out: list[tuple[None, dict[str, Any]]] = []
    for (first, _second), exc in list((game.failed_rules or {}).items()):
        if first not in game.hooked:
            continue
        plugin = blame(exc, game.ruleset.plugins)
        if plugin is None or plugin in said:
            continue
        said.add(plugin)
        out.append((None, {"type": "rules_failed", "plugin": plugin, "box": box_of(game, plugin)}))
    return out


def box_of(game: Game, plugin: str) -> str:
    """``plugin``'s box as the lobby calls it: its deck's title, else its name."""
    decks = [d.title for d in game.ruleset.decks.values() if d.plugin == plugin]
    return decks[0] if len(decks) == 1 else plugin


def after_the_move(events: list, notices: list) -> list:
    """``events`` (a move's ``(audience, event)`` pairs) with ``notices`` (:func:`said_new`'s)
    right after the move's own: before the next turn's first line, where the notice was said
    after "— bot1's turn —" though the player's own draw had set it off."""
    at = next((i for i, (to, e) in enumerate(events) if to is None and e.get("type") == "turn"),
              len(events))
    return [*events[:at], *notices, *events[at:]]
