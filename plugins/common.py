"""Cards that several plugins ship: one card, one implementation (rules-notes.md).

A plugin that ships one of these registers ``with_counts(SPEC, box=n)``: the ruleset
accepts the same card from several plugins when the effect function is the same object,
and merges the per-box counts. Nothing here is registered by itself.

    Super Skip: zombie, streaking
    Shuffle NOW: zombie, party

(Targeted Attack, Feral Cat, Alter the Future and Draw From the Bottom live in
plugins/imploding, which the party plugin imports them from.)

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
def super_skip(game: Game, action: Action) -> None:
    game.end_all_turns()


def shuffle_now(game: Game, action: Action) -> None:
    """Shuffle the draw pile; a face-up card stays face up (Imploding Kittens field guide)."""
    game.draw_pile.shuffle(game.rng, keep_face_up=True)
    game.emit("shuffled", None, by=action.by)


SUPER_SKIP = CardSpec(
    "super_skip", "Super Skip",
    "End your turn without drawing a card. If you must take several turns, end them all.",
    effect=super_skip)

SHUFFLE_NOW = CardSpec(
    "shuffle_now", "Shuffle [NOW]",
    "Shuffle the Draw Pile. NOW: play it at any time before an action has begun, even when it "
    "is not your turn. Dead players can also play this card.",
    kind="now", now=True, effect=shuffle_now, dead_may_play=True)

SHARED = {c.id: c for c in (SUPER_SKIP, SHUFFLE_NOW)}
