"""A test-only box written the way a third-party plugin is: public names only
(``ekpeer.engine``, ``ekpeer.hookspecs``), its cards as data, its own events.

Spyglass: look at the top card of the draw pile; keep it there or send it to the bottom
(everyone sees where it goes, only you know what it is). Pickpocket: steal a random card
from another player (you and they see it, the others see that a card moved).

``LEAKY`` is the same box with a bug a plugin author could well write: its event names
the card it moved to everyone. The non-interference test must catch it.
"""

from __future__ import annotations

from ekpeer.engine import Action, CardSpec, DeckSpec, Game

PLUGIN = "spyglass"
BOX = "spyglass"


def _spyglass(leaky: bool):
    def effect(game: Game, action: Action) -> None:
        by = action.by
        seen = game.show_top(by, 1, source="spyglass")
        if not seen:
            game.emit("spyglass_nothing", None, by=by)
            return

        def answer(keep: bool) -> None:
            if keep:
                game.emit("spyglass_kept", None, by=by)
                return
            card, up = game.draw_pile.remove_at(0)
            game.draw_pile.insert(-1, card, up, known_to=(by,), place_known=True)
            if leaky:
                game.emit("spyglass_sent_down", None, by=by, card=card)
            else:
                game.emit("spyglass_sent_down", None, by=by)

        game.ask(by, "keep", [True, False], answer, prompt="keep the top card on top?",
                 context={"card": seen[0]}, source="spyglass")

    return effect


def pickpocket_targets(game: Game, by: str) -> list[str]:
    return game.others_with_cards(by)


def pickpocket(game: Game, action: Action) -> None:
    assert action.target is not None
    if game.hands[action.target]:
        game.steal_random(action.target, action.by)


def cards(leaky: bool) -> list[CardSpec]:
    return [
        CardSpec("spyglass", "Spyglass", "Look at the top card; keep it there or send it to the bottom.",
                 effect=_spyglass(leaky), counts={BOX: 8}),
        CardSpec("pickpocket", "Pickpocket", "Steal a random card from another player.",
                 targets=pickpocket_targets, effect=pickpocket, counts={BOX: 4}),
    ]


CARDS = cards(leaky=False)
DECKS = [DeckSpec(BOX, "Spyglass", main=False, min_players=2, max_players=5)]


class LEAKY:
    """The same box, leaking the card Spyglass sends to the bottom."""

    PLUGIN = "spyglass"
    CARDS = cards(leaky=True)
    DECKS = DECKS
