"""Special combos: two of a kind, three of a kind, five different (rulings 8, 9, 23).

A combo ignores its cards' own texts. Cats pair with Feral Cats (``wild_cat``) in pairs
and triples; in five different a wild cat counts as its own title.

The game calls this module for combos, so this module does not import the game: it
reads and changes a :class:`ComboGame`, exactly what it needs of one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .errors import IllegalMove
from .pending import Action

if TYPE_CHECKING:
    from .cards import CardSpec
    from .legal import PlayTable
    from .moves import Move

PAIR, TRIPLE, FIVE = "pair", "triple", "five"


@runtime_checkable
class ComboGame(Protocol):
    """What combos read and change of a game (:class:`~ekpeer.engine.game.Game` is one)."""

    cards: dict[str, CardSpec]          # the table's cards
    status: dict[str, str]              # player -> "living", "dead" or "out"
    hands: dict[str, list[str]]
    discard: list[str]                  # the discard pile, bottom first
    plays: PlayTable                    # each card's combo, cat and wild cat, read once
    hooked: Mapping[str, bool]          # hook name -> whether a plugin implements it
    hook: Any                           # the table's plugins' hooks (each given ``game=``)
    recording: bool                     # whether events are kept (nobody watches: skip them)

    def others_with_cards(self, by: str) -> list[str]: ...

    def steal_random(self, victim: str, thief: str) -> str | None: ...

    def give(self, giver: str, taker: str, card: str, secret: bool = True, how: str = "give") -> None: ...

    def add_to_hand(self, player: str, card: str) -> None: ...

    def emit(self, event: str, to: Iterable[str] | None = None, /, **data: Any) -> None: ...

    def ask(self, player: str, kind: str, options: Any, then: Callable[[Any], None],
            prompt: str = "", context: dict[str, Any] | None = None, from_hand: bool = False,
            source: str | None = None) -> None: ...


def kind_of(game: ComboGame, cards: tuple[str, ...]) -> str | None:
    """The combo ``cards`` make, or None (read from the table's :class:`PlayTable`, which
    knows each card's combo, cat and wild cat once for all)."""
    table = game.plays
    if not table.combo.issuperset(cards):
        return None
    n = len(cards)
    if n in (2, 3):
        if cards.count(cards[0]) == n:
            return PAIR if n == 2 else TRIPLE
        wild, cat = table.wild, table.cat
        tame = {c for c in cards if c not in wild}
        if len(tame) == 1 and all(c in cat or c in wild for c in cards):
            return PAIR if n == 2 else TRIPLE
        return None
    if n == 5 and len(set(cards)) == 5:
        return FIVE
    return None


def check(game: ComboGame, move: Move) -> Action:
    """Validate a combo play and return the action it makes (nothing is changed)."""
    by = move.by
    assert by is not None
    counted = move.cards
    if game.hooked["ekpeer_combo_cards"]:
        counted = tuple(game.hook.ekpeer_combo_cards(game=game, player=by, cards=move.cards) or counted)
    kind = kind_of(game, counted)
    if kind is None:
        raise IllegalMove("bad_combo", "those cards make no combo (2 or 3 of a kind, or 5 different)")
    target = move.target
    if kind == FIVE:
        if target is not None:
            raise IllegalMove("no_target", "five different takes no target")
        if move.name is not None:
            raise IllegalMove("no_name", "five different names no card")
    else:
        if target is None:
            raise IllegalMove("needs_target", "a combo of a kind needs a target player")
        if target == by:
            raise IllegalMove("bad_target", "you cannot steal from yourself")
        if target not in game.others_with_cards(by):
            raise IllegalMove("bad_target", f"{target} cannot be stolen from")
        if kind == TRIPLE:
            if move.name is None:
                raise IllegalMove("needs_name", "three of a kind names the card you want")
            if move.name not in game.cards:
                raise IllegalMove("unknown_card", f"there is no card {move.name!r} at this table")
        elif move.name is not None:
            raise IllegalMove("no_name", "two of a kind steals at random and names no card")
    return Action(by, move.cards, None, kind, target, move.name, 0, {})


def carry_out(game: ComboGame, action: Action) -> None:
    by, target = action.by, action.target
    if action.combo == PAIR:
        assert target is not None
        if game.status[target] != "out":
            if game.recording:  # said before what the card's leaving sets off (a Streaking Kitten)
                game.emit("stole", None, by=by, target=target, got=bool(game.hands[target]))
            game.steal_random(target, by)
    elif action.combo == TRIPLE:
        assert target is not None
        if action.name in game.hands[target]:
            game.emit("named_card_taken", None, by=by, target=target, card=action.name)
            game.give(target, by, action.name, secret=False)
        else:
            game.emit("named_card_missing", None, by=by, target=target, card=action.name)
    elif action.combo == FIVE:
        if not game.discard:
            return
        options = list(dict.fromkeys(game.discard))

        def take(card: str) -> None:
            index = len(game.discard) - 1 - game.discard[::-1].index(card)
            del game.discard[index]
            game.add_to_hand(by, card)
            game.emit("took_from_discard", None, by=by, card=card)

        game.ask(by, "card", options, take, prompt="take a card from the discard pile",
                 context={"from": "discard"}, source="five_different")
