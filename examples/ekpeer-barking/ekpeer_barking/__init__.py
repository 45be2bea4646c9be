"""Barking Kittens: a 20-card expansion for ekpeer, written from docs/plugins.md alone.

New cards (no rulebook of the project has them; the rules are this box's own):

- Barking Kitten (2): drawn, it is laid face up in front of its drawer, whose turn ends.
  If the other Barking Kitten already lies in front of another Living player, they bark
  instead: the drawn one is discarded, the drawer's turn ends, and that player must Defuse
  the Barking Kitten in front of them (it goes back into the draw pile in secret) or
  explode. A Tower of Power in front of them falls instead (both go to the discard pile).
- Blind Bury (4): end your turn by taking the top card of the draw pile and putting it
  back where you like, without looking at it: nobody learns what it is (a face-up card
  stays face up, and everyone sees where it goes).
- Tower of Power (1): lay it in front of you; it takes a Barking Kitten's bark for you.

Reused, with one implementation each (their plugins need not be at the table: a card
brings its hooks with it, ``CardSpec.hooks``): Personal Attack, Potluck, I'll Take That,
Share the Future and Alter the Future NOW from the party plugin, Super Skip from Zombie
Kittens. Their specs are those plugins' declared ``CARDS``, given this box's counts.
"""

from __future__ import annotations

from dataclasses import replace

from ekpeer.engine import Action, CardSpec, DeckSpec, Game
from ekpeer.hookspecs import hookimpl
from ekpeer_cards.party import CARDS as PARTY_CARDS
from ekpeer_cards.zombie import CARDS as ZOMBIE_CARDS

PLUGIN = "barking"
REQUIRES = ["base"]  # Defuse, Nope, the Exploding Kittens and the main deck are base's
BOX = "barking"
BARKING = "barking_kitten"
BURY = "blind_bury"
TOWER = "tower_of_power"


# ---------------------------------------------------------------------- Barking Kitten
def _barker(game: Game, drawer: str) -> str | None:
    """The Living player other than ``drawer`` with a Barking Kitten in front of them."""
    for p in game.players:
        if p != drawer and game.is_living(p) and BARKING in game.in_front[p]:
            return p
    return None


def _noop() -> None:
    return None


def bark(game: Game, player: str, card: str) -> None:
    """``on_drawn``: lay it, or bark at whoever has the other one (see the module)."""
    victim = _barker(game, player)
    if victim is None:
        game.in_front[player].append(card)
        game.emit("barking_laid", None, player=player)
        game.end_turn()
        return
    game.discard.append(card)
    game.emit("barked", None, by=player, target=victim)
    if TOWER in game.in_front[victim]:
        for fallen in (TOWER, BARKING):
            game.in_front[victim].remove(fallen)
            game.discard.append(fallen)
        game.emit("tower_fell", None, player=victim)
        game.end_turn()
        return
    # The drawer's turn ends first (they are safe); then the other faces their kitten, as a
    # kitten handed over by I'll Take That is faced: saved or not, nobody's turn ends again.
    game.end_turn()
    if not game.over and game.is_living(victim):
        game.explode(victim, BARKING, then=_noop, drawn_by=player)


# ---------------------------------------------------------------------- Blind Bury
def blind_bury(game: Game, action: Action) -> None:
    """Take the top card unseen and put it back where its player says (see the module).

    While its player chooses, the card lies in no pile and no hand: this plugin's state
    holds it (``ekpeer_cards_elsewhere`` counts it) and no event names it, to anyone.
    """
    by = action.by
    if not len(game.draw_pile):
        game.emit("draw_pile_empty", None, player=by)
        game.end_turn()
        return
    card, up = game.draw_pile.remove_at(0)
    game.plugin_state(PLUGIN)[by] = card

    def answer(position: int) -> None:
        held = game.plugin_state(PLUGIN).pop(by)
        # a face-up card: everyone sees it and where it goes; else nobody knows what it is
        game.draw_pile.insert(position, held, up, known_to=True if up else (), place_known=bool(up))
        game.emit("blind_buried", None, by=by)
        game.end_turn()

    game.ask(by, "position", [-1, len(game.draw_pile)], answer,
             prompt="where to put the top card back (unseen)", source=BURY)


# ---------------------------------------------------------------------- Tower of Power
def tower_refusal(game: Game, by: str) -> str | None:
    if TOWER in game.in_front[by]:
        return "a Tower of Power already stands in front of you"
    return None


def raise_tower(game: Game, action: Action) -> None:
    """From the discard pile (where a played card lies) to in front of its player."""
    by = action.by
    if not game.is_living(by) or TOWER in game.in_front[by] or TOWER not in game.discard:
        return
    index = len(game.discard) - 1 - game.discard[::-1].index(TOWER)
    del game.discard[index]
    game.in_front[by].append(TOWER)
    game.emit("tower_raised", None, by=by)


# ---------------------------------------------------------------------- the box
def reused(cards: list[CardSpec], card_id: str, count: int) -> CardSpec:
    """Another plugin's card, with this box's count (one card, one implementation)."""
    spec = next(c for c in cards if c.id == card_id)
    return replace(spec, counts={BOX: count})


DECKS = [DeckSpec(BOX, "Barking Kittens", min_players=2, max_players=5,
                  description="20 cards: 2 Barking Kittens, Blind Bury, the Tower of Power and party cards")]

CARDS = [
    CardSpec(BARKING, "Barking Kitten",
             "When drawn, lay it in front of you; your turn ends. If the other Barking Kitten lies "
             "in front of another player, they bark instead: that player must Defuse theirs or "
             "explode (a Tower of Power in front of them falls instead).",
             kind="kitten", counts={BOX: 2}, nopeable=False, playable=False, combo=False,
             on_drawn=bark, pick_hand=False, extra={"defusable": True}, bot_value=5,
             phrases={"barking_laid": "{Player} {player:lay} a Barking Kitten down",
                      "barked": "The Barking Kittens bark: {by's} at {target}",
                      "tower_fell": "{Player's} Tower of Power falls, and the Barking Kitten with it"}),
    CardSpec(BURY, "Blind Bury",
             "End your turn: take the top card of the Draw Pile without looking at it and put it "
             "back anywhere you like. Nobody sees it, you neither.",
             counts={BOX: 4}, effect=blind_bury, traits=frozenset({"ends_turn", "dodges"}), bot_value=55,
             phrases={"blind_buried": "{By} {by:bury} the top card unseen"}),
    CardSpec(TOWER, "Tower of Power",
             "Lay it in front of you. When a Barking Kitten would bark at you, your Tower of Power "
             "falls instead, and you are safe.",
             counts={BOX: 1}, can_play=tower_refusal, effect=raise_tower, bot_value=50,
             phrases={"tower_raised": "{By} {by:raise} a Tower of Power"}),
    reused(PARTY_CARDS, "personal_attack", 2),
    reused(PARTY_CARDS, "potluck", 2),
    reused(PARTY_CARDS, "ill_take_that", 4),
    reused(PARTY_CARDS, "share_the_future", 2),
    reused(PARTY_CARDS, "alter_the_future_now", 2),
    reused(ZOMBIE_CARDS, "super_skip", 1),
]


# ---------------------------------------------------------------------- hooks
@hookimpl
def ekpeer_before_kittens(plan, draw_pile, rng, hands) -> None:
    """Barking Kittens go into the draw pile, never a hand: one dealt is swapped for a card
    of the pile, at random (the pile is shuffled once the kittens are in)."""
    for hand in hands.values():
        while BARKING in hand:
            others = [i for i, c in enumerate(draw_pile) if c != BARKING]
            if not others:
                break
            i = others[rng.randrange(len(others))]
            hand[hand.index(BARKING)], draw_pile[i] = draw_pile[i], BARKING


@hookimpl
def ekpeer_cards_elsewhere(game) -> list[str]:
    """A card being blindly buried lies in no pile and no hand while its player chooses."""
    held = game.data.get(PLUGIN) or {}
    return list(held.values())

