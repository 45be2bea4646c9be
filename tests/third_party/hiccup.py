"""A test-only box written the way a third-party plugin is, with a bug in a hook: its view
hook raises (``ekpeer privacy`` must say which plugin, file, line and hook, as ``simulate``
and ``scenario run`` do, not print a bare traceback)."""

from __future__ import annotations

from ekpeer.engine import CardSpec, DeckSpec, Game
from ekpeer.hookspecs import hookimpl

BOX = "hiccup"
REQUIRES = ["base"]

CARDS = [CardSpec("hiccup", "Hiccup", "Nothing happens, loudly.", counts={BOX: 8})]
DECKS = [DeckSpec(BOX, "Hiccup", main=False, min_players=2, max_players=5)]


@hookimpl
def ekpeer_extend_view(game: Game, player: str, view: dict) -> None:
    view["hiccups"] = len(game.draw_pile) + "0"     # the bug
