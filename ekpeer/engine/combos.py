"""Special combos: two of a kind, three of a kind, five different (rulings 8, 9, 23).

A combo ignores its cards' own texts. Cats pair with Feral Cats (``wild_cat``) in pairs
and triples; in five different a wild cat counts as its own title.

The game calls this module for combos, so this module does not import the game: it
reads and changes a :class:`ComboGame`, exactly what it needs of one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .asked import RULES_FAILED, hook_failed
from .errors import IllegalMove
from .pending import Action

if TYPE_CHECKING:
    from .cards import CardSpec
    from .moves import Move

PAIR, TRIPLE, FIVE = "pair", "triple", "five"


@runtime_checkable
class ComboGame(Protocol):
    """What combos read and change of a game (:class:`~ekpeer.engine.game.Game` is one)."""

    cards: dict[str, CardSpec]          # the table's cards
    status: dict[str, str]              # player -> "living", "dead" or "out"
    hands: dict[str, list[str]]
    discard: list[str]                  # the discard pile, bottom first
    plays: Any                          # a legal.PlayTable (legal imports this module)
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


#: How a NOW card's title marks it; without the mark it is its plain version's name.
NOW_MARKS = (" [NOW]", " NOW")


def combo_name(spec: CardSpec) -> str:
    """The name a card goes by in combos: its title, without the NOW mark (ruling 34: Shuffle
    and Shuffle NOW, Alter the Future (3x) and its [NOW], are "cards with the same name",
    003:172); a plugin may say otherwise with ``extra["combo_name"]``. The count is part of
    the name: See the Future (3x) and (5x) differ."""
    named = spec.extra.get("combo_name")
    if named:
        return str(named)
    title = spec.title
    for mark in NOW_MARKS:
        if title.endswith(mark):
            return title[: -len(mark)]
    return title


def kind_of(game: ComboGame, cards: tuple[str, ...]) -> str | None:
    """The combo ``cards`` make, or None (read from the table's :class:`PlayTable`, which
    knows each card's combo, cat and wild cat once for all). Cards count by name: a NOW
    card and its plain version are one name (ruling 34)."""
    table = game.plays
    if not table.may_combo.issuperset(cards):
        return None
    if table.kin and not table.kin.keys().isdisjoint(cards):
        cards = tuple(table.title[c] for c in cards)   # no cat has a namesake: cats keep their ids
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
        try:
            counted = tuple(game.hook.ekpeer_combo_cards(game=game, player=by, cards=move.cards) or counted)
        except Exception as exc:    # a plugin's bug: at a host's table, the combo refused (asked.py)
            if not hook_failed(game, "ekpeer_combo_cards", exc):
                raise
            raise IllegalMove("cannot_play", RULES_FAILED) from None
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
            raise IllegalMove("bad_target", "{player} cannot be stolen from", player=target)
        if kind == TRIPLE:
            if move.name is None:
                raise IllegalMove("needs_name", "three of a kind names the card you want")
            if move.name not in game.cards:
                raise IllegalMove("unknown_card", "there is no card {card} at this table",
                                  card=repr(move.name))
        elif move.name is not None:
            raise IllegalMove("no_name", "two of a kind steals at random and names no card")
    return Action(by, move.cards, None, kind, target, move.name, 0, {})


def _held_by_name(game: ComboGame, target: str, name: str | None) -> str | None:
    """The card of ``target``'s hand that three of a kind naming ``name`` takes: that very
    card, else one that shares its name (a Shuffle NOW for "Shuffle", ruling 34)."""
    hand = game.hands[target]
    if name is None or name in hand:
        return name
    kin = game.plays.kin.get(name, ())
    return next((c for c in kin if c in hand), None)


def carry_out(game: ComboGame, action: Action) -> None:
    by, target = action.by, action.target
    if game.status.get(by) == "out":   # its player exploded meanwhile (ruling 35): nothing
        return
    if action.combo == PAIR:
        assert target is not None
        if game.status[target] != "out":
            if game.recording:  # said before what the card's leaving sets off (a Streaking Kitten)
                game.emit("stole", None, by=by, target=target, got=bool(game.hands[target]))
            game.steal_random(target, by)
    elif action.combo == TRIPLE:
        assert target is not None
        named = _held_by_name(game, target, action.name)
        if named is not None:
            game.emit("named_card_taken", None, by=by, target=target, card=named)
            game.give(target, by, named, secret=False, how="name")   # said above: no second line
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
