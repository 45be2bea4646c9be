"""Imploding Kittens: the 20-card expansion for the base game (2-6 players).

Rules from seed 001 (the Imploding Kittens rulebook); counts and rulings from
shared/docs/rules-notes.md. Several cards here are shipped by other boxes too (Feral Cat,
Targeted Attack, Alter the Future, Draw From the Bottom are in the Party Pack): import the
specs or their callables from this module so that each card keeps one implementation.
"""

from __future__ import annotations

from collections.abc import Callable

from ekpeer.engine import Action, CardSpec, DeckSpec, Game, Variant
from ekpeer.hookspecs import hookimpl

from .. import common

PLUGIN = "imploding"
REQUIRES = ["base"]  # loaded beside it: the Defuses, Nopes and kittens are base's
BOX = "imploding"
TWO_PLAYER = "imploding.two_player"
FASTER = "imploding.faster"


# ---------------------------------------------------------------------- the kitten
def implodes(game: Game, player: str, card: str) -> None:
    """Drawn face down: put it back face up where you like. Drawn face up: die at once.

    Nothing saves from it (it is not defusable, and it opens no window, so no Nope).
    """
    implode_on(game, player, card, game.drawn_face_up, game.end_turn)


def implode_on(game: Game, player: str, card: str, face_up: bool, then: Callable[[], None]) -> None:
    """``player`` faces the Imploding Kitten ``card``, drawn or handed to them (I'll Take That,
    ruling 31): face down, they put it back face up where they like, then ``then()``; face up,
    they die."""
    game.in_front[player].append(card)
    if face_up:
        game.emit("imploded", None, player=player, card=card)
        game.die(player, card)
        _death_was_implosion(game, player)
        return
    game.emit("imploding_put_back", None, player=player, card=card)
    game.put_back(player, card, then, face_up=True)


def _death_was_implosion(game: Game, player: str) -> None:
    """Say the death once: its own event (out, or Dead) says it was an implosion, so that the
    log writes one line for it ("imploded" stays for what knows the kitten, as bots do)."""
    for _, event in reversed(game.events):
        if event.get("type") in ("exploded", "died") and event.get("player") == player:
            event["imploded"] = True
            return


# ---------------------------------------------------------------------- actions
def living_players(game: Game, by: str) -> list[str]:
    """Any Living player, yourself included."""
    return game.living()


def targeted_attack(game: Game, action: Action) -> None:
    """The chosen player owes the attacker's untaken turns + 2; play goes on from them."""
    victim = action.target
    if victim is None or not game.is_living(victim):
        victim = game.next_player(action.by)
    game.attack(victim, 2)


def reverse(game: Game, action: Action) -> None:
    """Flip the direction of play and end one turn; with two players, just a Skip.

    A Dead player (Zombie Kittens) is still a player: they may come back, so with two
    Living players and a Dead one the direction still flips. Out players do not count.
    """
    if len(game.players) - len(game.out()) > 2:
        game.direction = -game.direction
        game.emit("reversed", None, by=action.by, direction=game.direction)
    game.end_turn()


def draw_from_the_bottom(game: Game, action: Action) -> None:
    game.draw(action.by, bottom=True)


def alter_the_future(game: Game, action: Action, n: int = 3) -> None:
    """Look at the top ``n`` cards in private and put them back in the order you choose."""
    common.reorder_top(game, action.by, n, source=action.card or "alter_the_future")


CAT_TEXT = "Use as any Cat Card (any card that is powerless on its own) in a pair or a triple."

CARDS = [
    CardSpec("imploding_kitten", "Imploding Kitten",
             "Drawn face down: put it back into the Draw Pile FACE UP anywhere you like, in secret. "
             "Drawn face up: you die at once. It cannot be Defused or Noped.",
             kind="kitten", counts={BOX: 1}, nopeable=False, playable=False, combo=False,
             on_drawn=implodes, pick_pile=False, pick_hand=False,
             extra={"defusable": False, "put_back_face_up": True},
             traits=frozenset({"kills", "harmless_face_down"}),
             phrases={
                 "imploding_put_back": "{Player} {player:put} {card} back face up",
                 "exploded/imploded": "{Player} {player:implode} with {card} and {player:be} out!",
                 "imploded": "",
             }),
    CardSpec("feral_cat", "Feral Cat", CAT_TEXT, kind="cat", counts={BOX: 4}, playable=False,
             wild_cat=True),
    CardSpec("targeted_attack", "Targeted Attack (2x)",
             "End your turn without drawing and choose any player (yourself included) to take 2 turns "
             "in a row. Attacks stack: an attacked player passes on their untaken turns + 2.",
             kind="attack", counts={BOX: 3}, targets=living_players, effect=targeted_attack,
             traits=frozenset({"attacks", "ends_turn", "dodges"}), bot_value=70),
    CardSpec("reverse", "Reverse",
             "Reverse the order of play and end your turn without drawing. With only 2 players it "
             "acts like a Skip.",
             counts={BOX: 4}, effect=reverse,
             traits=frozenset({"ends_turn", "dodges"}), bot_value=55,
             phrases={
                 "reversed": "{By} {by:reverse} the order of play",
             }),
    CardSpec("draw_from_the_bottom", "Draw From the Bottom",
             "End your turn by drawing the bottom card of the Draw Pile.",
             counts={BOX: 4}, effect=draw_from_the_bottom,
             traits=frozenset({"dodges", "draws_bottom"}), bot_value=55),
    CardSpec("alter_the_future", "Alter the Future (3x)",
             "Privately view the top 3 cards of the Draw Pile and put them back in any order. "
             "Your turn goes on.",
             counts={BOX: 4}, effect=alter_the_future,
             # seed 002: not available for player selection, only ever a random card (ruling 24)
             pick_pile=False, pick_hand=False, random_only=True,
             traits=frozenset({"peeks", "reorders"}), bot_value=60,
             phrases={
                 "altered": "{By} {by:alter} the future of the top {count} cards",
                 "altered/count=1": "{By} {by:alter} the future of the top card",
             }),
]

DECKS = [
    DeckSpec(BOX, "Imploding Kittens", main=False, min_players=2, max_players=6,
             description="20 cards: adds a sixth player and the Imploding Kitten"),
]

VARIANTS = [
    Variant(TWO_PLAYER, "Two Player Variant (Imploding Kittens)",
            "Two players, 1 Exploding Kitten and the Imploding Kitten: whoever dies first loses."),
    Variant(FASTER, "Faster Game (Imploding Kittens)",
            "Before the kittens go in, about a third of the draw pile is removed at random."),
]


# ---------------------------------------------------------------------- hooks
@hookimpl
def ekpeer_adjust_setup(plan) -> None:
    """The Imploding Kitten is one of the players - 1 kittens; the Two Player Variant has two."""
    if "imploding_kitten" not in plan.special_kittens:
        plan.special_kittens.append("imploding_kitten")
    if TWO_PLAYER in plan.variants:
        if len(plan.players) != 2:
            raise ValueError("the Imploding Kittens Two Player Variant is for 2 players")
        plan.kitten_count = 2


@hookimpl
def ekpeer_before_kittens(plan, draw_pile, rng) -> None:
    """Faster Game: set about a third of the dealt draw pile aside at random."""
    if FASTER not in plan.variants:
        return
    for _ in range(round(len(draw_pile) / 3)):
        plan.set_aside.append(draw_pile.pop(rng.randrange(len(draw_pile))))
