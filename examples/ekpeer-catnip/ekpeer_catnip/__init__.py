"""Catnip: a tiny third-party expansion for ekpeer, written only against its public contract.

- Sneak Peek: privately look at the bottom card of the draw pile.
- Hairball: a player of your choice puts a card of their choice on top of the draw pile.
- Catnip Cat: a cat card, for pairs and combos.

The box is data (``REQUIRES``, ``DECKS``, ``CARDS`` below), which ekpeer reads when it
loads the plugin; the cards' behaviour is plain functions on their specs. A plugin that
changes the rules beyond its cards adds hooks (``ekpeer.hookspecs``); this one needs none.
"""

from __future__ import annotations

from ekpeer.engine import Action, CardSpec, DeckSpec, Game

REQUIRES = ["base"]  # Defuse, Nope, the kittens and the main deck come from base


def sneak_peek(game: Game, action: Action) -> None:
    pile = game.draw_pile
    if not len(pile):
        return
    # place="bottom": the player's log says where the card lies, never taken for the top card;
    # know(): their view (and their bot's odds) keep where it lies, until it moves
    game.show(action.by, pile.top_first()[-1:], source="sneak_peek", place="bottom")
    pile.know(len(pile) - 1, (action.by,))      # who: player names (a tuple), or True for all


def hairball_targets(game: Game, by: str) -> list[str]:
    return game.others_with_cards(by)


def hairball(game: Game, action: Action) -> None:
    target = action.target
    assert target is not None
    if not game.hands[target]:
        return

    def cough_up(card: str) -> None:
        game.remove_from_hand(target, card)
        game.draw_pile.put_top([card])
        game.emit("hairball_coughed", None, by=action.by, target=target)   # its line: phrases below

    game.ask_card_from_hand(target, cough_up, prompt="put a card on top of the draw pile",
                            source="hairball")


DECKS = [DeckSpec("catnip", "Catnip", description="10 cards: Sneak Peek, Hairball, Catnip Cat")]

CARDS = [
    CardSpec("sneak_peek", "Sneak Peek", "Privately look at the bottom card of the draw pile.",
             counts={"catnip": 3}, effect=sneak_peek,
             traits=frozenset({"peeks"}), bot_value=55),
    CardSpec("hairball", "Hairball",
             "Choose a player with cards: they put a card of their choice on top of the draw pile.",
             counts={"catnip": 3}, targets=hairball_targets, effect=hairball,
             traits=frozenset({"harms"}), bot_value=45,
             phrases={"hairball_coughed": "{By} {by:make} {target} cough up a card on top of the draw pile"}),
    CardSpec("catnip_cat", "Catnip Cat",
             "Powerless on its own: play two matching cats to steal a random card.",
             kind="cat", counts={"catnip": 4}, playable=False, cat=True),
]

