"""A test-only box written the way a third-party plugin is, with a bug: Fumble's effect raises
(``ekpeer simulate`` must say which plugin, card, file and line, not print a bare traceback)."""

from __future__ import annotations

from ekpeer.engine import Action, CardSpec, DeckSpec, Game

PLUGIN = "fumble"
BOX = "fumble"
REQUIRES = ["base"]


def _count_crumbs(game: Game) -> int:
    return len(game.draw_pile) // 0     # the bug: a helper the effect calls


def fumble(game: Game, action: Action) -> None:
    game.emit("fumbled", None, by=action.by, crumbs=_count_crumbs(game))


CARDS = [CardSpec("fumble", "Fumble", "Drop everything.", effect=fumble, counts={BOX: 8})]
DECKS = [DeckSpec(BOX, "Fumble", main=False, min_players=2, max_players=5)]
