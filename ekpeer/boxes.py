"""What a plugin's box is called to a player, in the lobby, a card's ``?`` and ``ekpeer cards``.

A plugin that brings one deck is called by that deck's title (``Imploding Kittens``, in the
reader's language when its catalog translates it). ekpeer's own ``base`` brings two (the
Original and the 2-Player Edition): it is the base game, said in the reader's words, never its
plugin id (a Danish player read "[✓] base" and "fra base"). Any other plugin with several decks
keeps its name: there is no one box to call it by.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .i18n import _

#: The plugin whose cards are the game itself (every table's default).
BASE = "base"


def box_title(plugin: dict[str, Any]) -> str:
    """``plugin`` (its ``name`` and ``decks``, titles already in the reader's language) as a
    label: ``Imploding Kittens``, ``Base game``."""
    decks = plugin.get("decks") or []
    if len(decks) == 1 and decks[0].get("title"):
        return str(decks[0]["title"])
    return _("Base game") if plugin.get("name") == BASE else str(plugin.get("name"))


def from_box(plugin: dict[str, Any]) -> str:
    """Where a card comes from, as a sentence's part: ``from Imploding Kittens``, ``from the
    base game``."""
    if plugin.get("name") == BASE and len(plugin.get("decks") or []) != 1:
        return _("from the base game")
    return _("from {plugin}").format(plugin=box_title(plugin))


def plugins_with_decks(names: Iterable[str], decks: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each of ``names`` with its ``decks`` (each a deck with its ``plugin``), as
    :func:`box_title` reads a plugin."""
    decks = list(decks)
    return {name: {"name": name, "decks": [d for d in decks if d.get("plugin") == name]} for name in names}
