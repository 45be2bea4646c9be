"""Helpers shared by the streaking and party plugins (draw-pile handling that keeps
face-up cards face up, the "reorder the top cards" choice).

Cards that several plugins ship keep one implementation in the plugin that owns them,
and the others import the spec (``from ..zombie import CARDS``) and declare it in their
``CARDS`` with their own box counts (``with_counts``; the ruleset merges a card declared
twice with the same effect):

    Super Skip, Shuffle NOW: the zombie plugin (also in streaking, party)
    Targeted Attack, Feral Cat, Alter the Future, Draw From the Bottom: the imploding plugin
    (also in party)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ekpeer.engine import CardSpec, Game, Reason


def with_counts(spec: CardSpec, **counts: int) -> CardSpec:
    """``spec`` with this plugin's box counts (the ruleset merges boxes of a shared card)."""
    return replace(spec, counts=dict(counts))


# ---------------------------------------------------------------------- pile helpers
def take_top_keeping_faces(game: Game, n: int) -> list[tuple[str, bool]]:
    """Remove the top ``n`` cards, top first, each with whether it lay face up."""
    out = []
    for _ in range(min(n, len(game.draw_pile))):
        out.append(game.draw_pile.remove_at(0))
    return out


def put_top_keeping_faces(game: Game, cards: list[tuple[str, bool]]) -> None:
    """Put ``(card, face_up)`` pairs back on top, the first one on top (everyone sees where
    they go, not in what order)."""
    for card, up in reversed(cards):
        game.draw_pile.insert(0, card, up, place_known=True)


def reorder_top(game: Game, player: str, n: int, source: str, then=None) -> None:
    """Show ``player`` the top ``n`` cards and let them choose a new order (Alter the Future)."""
    seen = game.show_top(player, n, source=source)
    if not seen:
        if then is not None:
            then(seen)
        return

    def answer(order) -> None:
        kept = _known_through_reorder(game, len(seen)) if game.recording else None
        taken = take_top_keeping_faces(game, len(seen))
        new = [taken[i] for i in order]
        put_top_keeping_faces(game, new)
        if game.recording:      # who chose the order knows it
            game.draw_pile.learn(len(new), (player,))
            _keep_known(game, len(new), kept)
        # ``seen`` stays what was shown: choosing a new order shows nothing new.
        game.emit("altered", None, by=player, count=len(seen), source=source)
        if then is not None:
            then([c for c, _ in new])

    game.ask(player, "order", len(seen), answer, prompt=Reason("new order of the top {n} cards", n=len(seen)),
             context={"cards": list(seen)}, source=source)


def _known_through_reorder(game: Game, n: int) -> tuple[frozenset[str] | bool, bool]:
    """What stays known of the top ``n`` cards to those who do not see them reordered: who
    knew every one of them, when they are all the same card (each place still holds one),
    and whether everyone knows each place holds a kitten (a Catomic Bomb's top cards, or
    kittens everyone saw go there): a reorder moves them among those places only."""
    pile = game.draw_pile
    cards = pile.peek(n)
    public = dict(pile.known_to(None))
    marked = set(pile.kitten_depths())
    kittens = game.ruleset.kitten_cards
    all_kittens = all(d in marked or public.get(d) in kittens for d in range(len(cards)))
    knowers: frozenset[str] | bool = False
    if cards and len(set(cards)) == 1:
        knowers = True
        for d in range(len(cards)):
            k = pile.knowers_at(d)
            knowers = k if knowers is True else (knowers if k is True else knowers & k)  # type: ignore[operator]
    return knowers, all_kittens


def _keep_known(game: Game, n: int, kept: tuple[frozenset[str] | bool, bool] | None) -> None:
    """Put back what :func:`_known_through_reorder` found still known of the top ``n`` cards
    (the depths beneath them keep what was known of them: they did not move)."""
    if kept is None:
        return
    knowers, all_kittens = kept
    pile = game.draw_pile
    for depth in range(min(n, len(pile))):
        if knowers:
            pile.know(depth, knowers)
        if all_kittens and knowers is not True:     # which kitten, everyone knows already
            pile.mark_kitten(depth)


def shared_card(cards: list[CardSpec], card_id: str) -> CardSpec:
    """The spec ``card_id`` out of another plugin's ``CARDS``."""
    return next(c for c in cards if c.id == card_id)


# ---------------------------------------------------------------------- kittens not drawn
def after_undrawn_save(game: Game, player: str, kitten: str) -> Callable[[], None]:
    """What follows saving ``player`` from a ``kitten`` they did not draw (received, stolen,
    fetched from the discard pile, left uncovered, played out of a hand): a Defuse or a
    Zombie Kitten still says "your turn is over" (002:17, 000:45, ruling 36), so it ends one
    turn of the current player, who does not draw; a player saved off their turn loses
    nothing, and so does one who keeps the kitten in hand (a Streaking Kitten plays no card).
    Made when the kitten has left the hand for the table, before the choice."""
    current = player == game.current
    turn = game.turn_number
    held = game.hands[player].count(kitten)

    def done() -> None:
        if (current and player == game.current and game.turn_number == turn and not game.over
                and game.hands[player].count(kitten) <= held):
            game.end_turn()

    return done
