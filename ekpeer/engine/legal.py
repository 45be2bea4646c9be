"""Legal moves for one player: what a client may offer and a bot may pick from.

Complete for everything but five-different combos, where every choice of five titles
is legal but only a bounded sample is listed (the engine accepts any valid five).

The game asks this module for its legal moves, so this module does not import the game:
it reads a :class:`LegalGame`, exactly what it needs of one.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .moves import Move

play = Move.play
_new = tuple.__new__

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .cards import CardSpec
    from .pending import Action, Choice

FIVE_SAMPLE = 6


@runtime_checkable
class LegalGame(Protocol):
    """What legal moves read of a game (:class:`~ekpeer.engine.game.Game` is one)."""

    winners: list[str]
    status: dict[str, str]              # player -> "living", "dead" or "out"
    current: str                        # whose turn it is
    hands: dict[str, list[str]]
    cards: dict[str, CardSpec]          # the table's cards
    card_names: tuple[str, ...]         # their ids, sorted
    stack: list[Action]                 # the reaction stack (a window is open when not empty)
    awaiting: list[Choice]              # the choices owed
    hooked: Mapping[str, bool]          # hook name -> whether a plugin implements it
    hook: Any                           # the table's plugins' hooks (each given ``game=``)

    def others_with_cards(self, by: str) -> list[str]: ...


def choice_moves(game: LegalGame, player: str) -> list[Move]:
    choice = next((c for c in game.awaiting if c.player == player), None)
    if choice is None:
        return []
    kind = choice.kind
    if kind == "position":
        lo, hi = choice.options
        return [Move("choose", player, position=i) for i in range(0, hi + 1)]
    if kind == "order":
        n = choice.options
        from itertools import permutations

        return [Move("choose", player, order=p) for p in permutations(range(n))][:120]
    if kind == "keep":
        return [Move("choose", player, keep=True), Move("choose", player, keep=False)]
    if choice.from_hand:
        held = game.hands[player]
        return [Move("choose", player, **{kind: o}) for o in choice.options if o in held]
    return [Move("choose", player, **{kind: o}) for o in choice.options]


def legal_moves(game: LegalGame, player: str) -> list[Move]:
    if game.winners or game.status.get(player, "out") == "out":
        return []
    if game.awaiting:
        moves = choice_moves(game, player)
        if game.hooked["ekpeer_play_while_waiting"]:
            plays = [m for card in dict.fromkeys(game.hands[player]) for m in _single(game, player, card)
                     if game.hook.ekpeer_play_while_waiting(game=game, player=player, move=m)]
            if plays and game.hooked["ekpeer_refuse_move"]:
                plays = _filter(game, player, plays)
            moves.extend(plays)
        return moves
    hand = game.hands[player]
    cards = game.cards
    moves: list[Move] = []
    refuse = game.hooked["ekpeer_refuse_move"]
    counts: dict[str, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    dead = game.status[player] == "dead"
    if game.stack:
        for card in counts:
            spec = cards[card]
            if spec.is_nope or (spec.now and spec.playable):
                if spec.now and dead and spec.dead_may_play is False:
                    continue
                moves.extend(_single(game, player, card))
        return _filter(game, player, moves) if refuse else moves
    own_turn = player == game.current and not dead
    if own_turn:
        moves.append(_new(Move, ("draw", player, (), None, None, None, None, None, None, None, None)))
    for card in counts:
        spec = cards[card]
        if not spec.playable or spec.is_nope:
            continue
        if spec.now:
            if dead and spec.dead_may_play is False:
                continue
        elif not own_turn:
            continue
        # _single, inlined: this loop runs for every card of every hand on every turn
        if spec.can_play is not None and spec.can_play(game, player):
            continue
        targets = spec.targets(game, player) if spec.targets is not None else None
        if targets is not None:
            moves.extend([play(player, (card,), t) for t in targets])
        else:
            moves.append(play(player, (card,)))
    if own_turn and len(hand) >= 2:
        moves.extend(_combos(game, player, counts))
    moves = _filter(game, player, moves) if refuse else moves
    if game.hooked["ekpeer_extra_moves"]:
        extras = [m for listed in game.hook.ekpeer_extra_moves(game=game, player=player) for m in listed]
        moves.extend(_filter(game, player, extras) if refuse else extras)
    return moves


def _single(game: LegalGame, player: str, card: str) -> list[Move]:
    spec = game.cards[card]
    if spec.can_play is not None and spec.can_play(game, player):
        return []
    targets = spec.targets(game, player) if spec.targets is not None else None
    if targets is not None:
        return [play(player, (card,), t) for t in targets]
    return [play(player, (card,))]


def _combos(game: LegalGame, player: str, counts: dict[str, int]) -> list[Move]:
    cards = game.cards
    usable = [c for c in counts if cards[c].combo]
    if not usable:
        return []
    moves: list[Move] = []
    groups: list[tuple[str, ...]] = []
    wild = [c for c in usable if cards[c].wild_cat]
    w = wild[0] if wild else None
    n_w = counts[w] if w else 0
    for card in usable:
        count = counts[card]
        if count >= 2:
            groups.append((card, card))
            if count >= 3:
                groups.append((card, card, card))
        if w is not None and card != w and cards[card].cat:
            groups.append((card, w))
            if count >= 2:
                groups.append((card, card, w))
            if n_w >= 2:
                groups.append((card, w, w))
    if groups:
        targets = game.others_with_cards(player)
        names = game.card_names
        for group in groups:  # Move.play inlined: three of a kind lists a move per target and name
            if len(group) == 2:
                moves.extend([_new(Move, ("play", player, group, t, None, None, None, None, None, None, None))
                              for t in targets])
            else:
                moves.extend([_new(Move, ("play", player, group, t, n, None, None, None, None, None, None))
                              for t in targets for n in names])
    if len(usable) >= 5:
        for i, five in enumerate(combinations(usable, 5)):
            if i >= FIVE_SAMPLE:
                break
            moves.append(play(player, five))
    return moves


def _filter(game: LegalGame, player: str, moves: list[Move]) -> list[Move]:
    return [m for m in moves if not game.hook.ekpeer_refuse_move(game=game, player=player, move=m)]
