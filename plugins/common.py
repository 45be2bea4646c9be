"""Cards that several plugins ship: one card, one implementation (rules-notes.md).

A plugin that ships one of these registers ``with_counts(SPEC, box=n)``: the ruleset
accepts the same card from several plugins when the effect function is the same object,
and merges the per-box counts. Nothing here is registered by itself.

    Targeted Attack, Feral Cat, Alter the Future, Draw From the Bottom: imploding, party
    Super Skip: zombie, streaking
    Shuffle NOW: zombie, party

Also a few draw-pile helpers that keep face-up cards (the Imploding Kitten) face up.
"""

from __future__ import annotations

from dataclasses import replace

from ekpeer.engine import Action, CardSpec, Game


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
    """Put ``(card, face_up)`` pairs back on top, the first one on top."""
    for card, up in reversed(cards):
        game.draw_pile.insert(0, card, up)


def reorder_top(game: Game, player: str, n: int, source: str, then=None) -> None:
    """Show ``player`` the top ``n`` cards and let them choose a new order (Alter the Future)."""
    seen = game.draw_pile.peek(n)
    game.show(player, seen, source=source)
    if not seen:
        if then is not None:
            then(seen)
        return

    def answer(order) -> None:
        taken = take_top_keeping_faces(game, len(seen))
        new = [taken[i] for i in order]
        put_top_keeping_faces(game, new)
        game.seen[player] = [c for c, _ in new]
        game.emit("altered", None, by=player, count=len(seen), source=source)
        if then is not None:
            then([c for c, _ in new])

    game.ask(player, "order", len(seen), answer, prompt=f"new order of the top {len(seen)} cards",
             context={"cards": list(seen)}, source=source)


# ---------------------------------------------------------------------- effects
def targeted_attack(game: Game, action: Action) -> None:
    """The chosen player (yourself included) owes the attacker's untaken turns + 2."""
    target = action.target
    assert target is not None
    if not game.is_living(target):
        target = game.next_player(action.by)
    game.attack(target, 2)


def living_players(game: Game, by: str) -> list[str]:
    """Any Living player, yourself included (Targeted Attack)."""
    return game.living()


def draw_from_the_bottom(game: Game, action: Action) -> None:
    game.draw(action.by, bottom=True)


def alter_the_future(game: Game, action: Action) -> None:
    reorder_top(game, action.by, 3, source=action.card or "alter_the_future")


def super_skip(game: Game, action: Action) -> None:
    game.end_all_turns()


def shuffle_now(game: Game, action: Action) -> None:
    """Shuffle the draw pile; a face-up card stays face up (Imploding Kittens field guide)."""
    game.draw_pile.shuffle(game.rng, keep_face_up=True)
    game.emit("shuffled", None, by=action.by)


CAT_TEXT = "Powerless on its own: play two matching cats to steal a random card, or use it in a combo."

TARGETED_ATTACK = CardSpec(
    "targeted_attack", "Targeted Attack (2x)",
    "End your turn without drawing a card, and choose any player (including yourself) to take "
    "2 turns in a row. Attacks stack: a victim who attacks passes on their untaken turns + 2.",
    kind="attack", targets=living_players, effect=targeted_attack)

FERAL_CAT = CardSpec(
    "feral_cat", "Feral Cat",
    "Use as any Cat Card in a pair or three of a kind. It cannot be used as a non-Cat card.",
    kind="cat", playable=False, wild_cat=True)

ALTER_THE_FUTURE = CardSpec(
    "alter_the_future", "Alter the Future (3x)",
    "Privately view the top 3 cards of the Draw Pile and put them back in any order you like.",
    effect=alter_the_future, pick_pile=False, pick_hand=False, random_only=True)

DRAW_FROM_THE_BOTTOM = CardSpec(
    "draw_from_the_bottom", "Draw From the Bottom",
    "End your turn by drawing the bottom card of the Draw Pile.",
    effect=draw_from_the_bottom)

SUPER_SKIP = CardSpec(
    "super_skip", "Super Skip",
    "End your turn without drawing a card. If you must take several turns, end them all.",
    effect=super_skip)

SHUFFLE_NOW = CardSpec(
    "shuffle_now", "Shuffle [NOW]",
    "Shuffle the Draw Pile. NOW: play it at any time before an action has begun, even when it "
    "is not your turn. Dead players can also play this card.",
    kind="now", now=True, effect=shuffle_now, dead_may_play=True)

SHARED = {c.id: c for c in (TARGETED_ATTACK, FERAL_CAT, ALTER_THE_FUTURE, DRAW_FROM_THE_BOTTOM,
                            SUPER_SKIP, SHUFFLE_NOW)}
