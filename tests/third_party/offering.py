"""A test-only box written the way a third-party plugin is: public names only.

Offering: every other player puts a card of their choice from their hand face down on top
of the draw pile (a cursed hand's card is picked at random: ``ask_card_from_hand``). Each
knows where their own card went; the others learn only that a card went there.

Two leaky twins, bugs a plugin author could well write, which ``ekpeer privacy`` must
catch: ``TOLD`` names the chosen card to everyone; ``CURSED_TOLD`` tells a player where their
card went even when their hand lies face down (``learn`` without asking ``hand_hidden``),
which shows only beside the Curse of the Cat Butt (the streaking box).
"""

from __future__ import annotations

from ekpeer.engine import Action, CardSpec, DeckSpec, Game

BOX = "offering"
REQUIRES = ["base"]


def _offering(leak: str):
    def effect(game: Game, action: Action) -> None:
        for p in game.others_with_cards(action.by):
            def offer(card: str, p: str = p) -> None:
                game.remove_from_hand(p, card)
                game.draw_pile.put_top([card])
                if leak == "cursed" or not game.hand_hidden(p):
                    game.draw_pile.learn(1, [p])
                if leak == "told":
                    game.emit("offered", None, player=p, card=card)
                else:
                    game.emit_own_card("offered", p, card, player=p)
            game.ask_card_from_hand(p, offer, prompt="offer a card", source="offering")

    return effect


def cards(leak: str = "") -> list[CardSpec]:
    return [CardSpec("offering", "Offering",
                     "Every other player puts a card of their choice from their hand face down on top "
                     "of the draw pile.", counts={BOX: 8}, effect=_offering(leak),
                     phrases={"offered": "{Player} {player:put} a card on top of the draw pile",
                              "offered/card": "{Player} {player:put} {card} on top of the draw pile"})]


CARDS = cards()
DECKS = [DeckSpec(BOX, "Offering", main=False, min_players=2, max_players=5)]


class TOLD:
    """The same box, naming the offered card to everyone."""

    REQUIRES = REQUIRES
    CARDS = cards("told")
    DECKS = DECKS


class CURSED_TOLD:
    """The same box, telling a cursed hand's owner which card it gave."""

    REQUIRES = REQUIRES
    CARDS = cards("cursed")
    DECKS = DECKS


# ---------------------------------------------------------------------- a card that sinks its own
def _sinking(leak: bool):
    def effect(game: Game, action: Action) -> None:
        by = action.by

        def sink(card: str) -> None:
            hidden = game.hand_hidden(by)
            game.remove_from_hand(by, card)
            game.draw_pile.insert(-1, card, known_to=[by] if leak or not hidden else (), place_known=True)
            game.emit_own_card("sank", by, card, player=by, from_hand=by)

        if game.hands[by]:
            game.ask_card_from_hand(by, sink, prompt="put a card at the bottom of the draw pile",
                                    source="sinking")

    return effect


def sinking_cards(leak: bool = False) -> list[CardSpec]:
    """Sinking puts a card of its player's own hand at the bottom of the draw pile (they know
    where it went, unless their hand lies face down: then they never saw which). Driftwood
    can never be played: a pass says nothing about it."""
    return [CardSpec("sinking", "Sinking",
                     "Put a card from your hand face down at the bottom of the draw pile.",
                     counts={BOX: 2}, effect=_sinking(leak),
                     phrases={"sank": "{Player} {player:put} a card at the bottom of the draw pile",
                              "sank/card": "{Player} {player:put} {card} at the bottom of the draw pile"}),
            CardSpec("driftwood", "Driftwood", "Cannot be played.", counts={BOX: 1},
                     can_play=lambda game, by: "driftwood floats: it cannot be played")]


class SINKING:
    """Sinking and Driftwood, keeping a cursed hand's card from its own player."""

    REQUIRES = REQUIRES
    CARDS = sinking_cards()
    DECKS = DECKS


class SINKING_TOLD:
    """Sinking telling its player where their card went though their hand lies face down
    (``known_to=[by]`` without asking ``hand_hidden``): a third party's Low Tide did."""

    REQUIRES = REQUIRES
    CARDS = sinking_cards(leak=True)
    DECKS = DECKS
