"""Legal moves for one player: what a client may offer and a bot may pick from.

Complete for everything but five-different combos, where every choice of five titles
is legal but only a bounded sample is listed (the engine accepts any valid five).

The game asks this module for its legal moves, so this module does not import the game:
it reads a :class:`LegalGame`, exactly what it needs of one.

Every bot asks for the whole list on every move, so this is the engine's hottest code:
what it needs of each card is read once per ruleset into a :class:`PlayTable`, and the
long lists a combo of a kind makes (a move per target and, for three of a kind, per card
named) are kept there and reused (moves are immutable tuples).
"""

from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]  # Counter.update's C loop
from collections.abc import Mapping
from itertools import combinations, islice, permutations
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, runtime_checkable

from .acted import run_hook
from .asked import hook_failed, let_in, refused, set_aside
from .combos import combo_name
from .moves import Move
from .pending import declined

play = Move.play
_new = tuple.__new__

if TYPE_CHECKING:
    from .cards import CardSpec
    from .pending import Action, Choice

FIVE_SAMPLE = 6
#: How many combo move lists a :class:`PlayTable` keeps before it starts over (a host's
#: tables bring new player names; a bounded memo never grows without end).
MOVE_LISTS_MAX = 4096


class Alone(NamedTuple):
    """What playing one card on its own depends on (for the cards that may be)."""

    now: bool                   # a NOW card: also off-turn
    dead_barred: bool           # a NOW card the Dead may not play
    can_play: Any               # the spec's ``can_play`` (or None)
    targets: Any                # the spec's ``targets`` (or None)


class PlayTable:
    """What legal moves read of each card, worked out once per ruleset from its cards.

    A card's spec is frozen, so whether it may be played alone, into a reaction window or
    in a combo never changes: reading it here once saves a handful of attribute lookups
    per card of every hand on every move. ``move_lists`` keeps the moves of each combo of a
    kind by (player, cards, targets): three of a kind lists a move per target per card
    name, the same list every time the same player holds it against the same hands.
    """

    __slots__ = ("names", "alone", "plain", "reactive", "reactive_order", "combo", "cat", "wild",
                 "refuse", "extra", "singles", "own", "move_lists", "answers", "now", "title", "kin",
                 "may_combo")

    def __init__(self, cards: Mapping[str, CardSpec], hooked: Mapping[str, bool] | None = None) -> None:
        hooked = hooked or {}
        #: whether a plugin may refuse moves, or adds moves of its own (every list asks)
        self.refuse: bool = hooked.get("ekpeer_refuse_move", False)
        self.extra: bool = hooked.get("ekpeer_extra_moves", False)
        #: every card id, sorted (what three of a kind may name)
        self.names: tuple[str, ...] = tuple(sorted(cards))
        #: card -> :class:`Alone`, for the cards that may be played on their own (no Nope).
        self.alone: dict[str, Alone] = {
            c: Alone(s.now, s.dead_may_play is False, s.can_play, s.targets)
            for c, s in cards.items() if s.playable and not s.is_nope}
        #: the cards of ``alone`` that nothing but the turn decides: no ``can_play``, no target
        #: (on one's own turn their move is always legal, so it needs no look at the card)
        self.plain: tuple[str, ...] = tuple(c for c, a in self.alone.items()
                                            if a.can_play is None and a.targets is None)
        #: card -> (whether the Dead are barred from it, its ``can_play``, its ``targets``),
        #: for the cards a reaction window takes.
        self.reactive: dict[str, tuple[bool, Any, Any]] = {
            c: (bool(s.now and s.dead_may_play is False), s.can_play, s.targets)
            for c, s in cards.items() if s.is_nope or (s.now and s.playable)}
        self.reactive_order: tuple[str, ...] = tuple(self.reactive)
        #: the NOW cards of ``alone``: all a hand may play off its turn with nothing pending
        self.now: frozenset[str] = frozenset(c for c, a in self.alone.items() if a.now)
        self.combo = frozenset(c for c, s in cards.items() if s.combo)
        self.cat = frozenset(c for c, s in cards.items() if s.cat)
        self.wild = frozenset(c for c, s in cards.items() if s.combo and s.wild_cat)
        #: what a played combo may hold: the cards above, and, at a table with a card that
        #: holds kittens in hand (a Streaking Kitten), that card and the kittens it may hold
        #: (ruling 35: they go into a combo and the kitten explodes). Legal moves do not offer
        #: those: such a combo sets a kitten off on its own player.
        holding = [c for c, s in cards.items() if s.extra.get("holds_kitten")]
        held = [c for c, s in cards.items() if holding and "kills" in s.traits and s.extra.get("defusable")]
        self.may_combo: frozenset[str] = self.combo.union(holding, held)
        #: card -> the name combos go by (a NOW card's is its plain version's, ruling 34), and
        #: card -> the other cards of that name (only for cards that have such namesakes)
        self.title: dict[str, str] = {c: combo_name(s) for c, s in cards.items()}
        self.kin: dict[str, tuple[str, ...]] = {}
        for c in self.combo:
            namesakes = tuple(sorted(k for k in self.combo if k != c and self.title[k] == self.title[c]))
            if namesakes:
                self.kin[c] = namesakes
        #: player -> card -> the move playing it alone with no target (built once, not per move)
        self.singles: dict[str, dict[str | None, Move]] = {}
        #: player -> their draw (at ``None``), their move for each ``plain`` card and the id of
        #: each other card of ``alone``: what their own turn offers (see :meth:`own_of`)
        self.own: dict[str, dict[str | None, Move | str]] = {}
        #: (player, cards, targets) -> the moves of that play at each target (and name)
        self.move_lists: dict[tuple[Any, ...], tuple[Move, ...]] = {}
        #: (player, kind of choice) -> their choose moves by answer (see :meth:`answers_of`)
        self.answers: dict[tuple[str, str], Answers] = {}

    def singles_of(self, player: str) -> dict[str | None, Move]:
        """``player``'s moves playing one card alone with no target, by card (filled as
        they are first made), and at ``None`` (no card id): their draw."""
        mine = self.singles.get(player)
        if mine is None:
            if len(self.singles) >= MOVE_LISTS_MAX:
                self.singles.clear()
            mine = self.singles[player] = {
                None: _new(Move, ("draw", player, (), None, None, None, None, None, None, None, None, None))}
        return mine

    def own_of(self, player: str) -> dict[str | None, Move | str]:
        """What ``player``'s own turn offers, made once and kept: at ``None`` their draw; at
        each ``plain`` card their move playing it alone (always legal on their own turn); at
        each other card of ``alone`` its id (its moves are worked out each time); cards that
        cannot be played alone are missing. One lookup per card of a hand tells them apart."""
        mine = self.own.get(player)
        if mine is None:
            if len(self.own) >= MOVE_LISTS_MAX:
                self.own.clear()
            singles = self.singles_of(player)
            mine = self.own[player] = {None: singles[None]}
            for card in self.alone:
                mine[card] = self.single(player, card) if card in self.plain else card
        return mine

    def single(self, player: str, card: str) -> Move:
        """The move ``player`` plays ``card`` alone with (no target), made once and kept."""
        mine = self.singles_of(player)
        move = mine.get(card)
        if move is None:
            move = mine[card] = play(player, (card,))
        return move

    def answers_of(self, player: str, kind: str, at: int) -> Answers:
        """``player``'s choose moves answering a ``kind`` of choice (the answer at ``at``
        in the move), kept by answer."""
        key = (player, kind)
        mine = self.answers.get(key)
        if mine is None:
            if len(self.answers) >= MOVE_LISTS_MAX:
                self.answers.clear()
            mine = self.answers[key] = Answers(player, at)
        elif len(mine) >= MOVE_LISTS_MAX:  # answers a table never repeats (places in a pile)
            mine.clear()
        return mine

    def at_targets(self, player: str, cards: tuple[str, ...], targets: tuple[str, ...],
                   names: tuple[str, ...] | None = None) -> tuple[Move, ...]:
        """The moves ``player`` plays ``cards`` with at each of ``targets`` (and, with
        ``names``, naming each card: three of a kind), made once and kept."""
        key = (player, cards, targets)
        listed = self.move_lists.get(key)
        if listed is None:
            if names is None:
                listed = tuple([play(player, cards, t) for t in targets])
            else:
                listed = tuple([play(player, cards, t, n) for t in targets for n in names])
            if len(self.move_lists) >= MOVE_LISTS_MAX:
                self.move_lists.clear()
            self.move_lists[key] = listed
        return listed


@runtime_checkable
class LegalGame(Protocol):
    """What legal moves read of a game (:class:`~ekpeer.engine.game.Game` is one)."""

    winners: list[str]
    players: list[str]                  # in seat order
    status: dict[str, str]              # player -> "living", "dead" or "out"
    current: str                        # whose turn it is
    hands: dict[str, list[str]]
    cards: dict[str, CardSpec]          # the table's cards
    card_names: tuple[str, ...]         # their ids, sorted
    plays: PlayTable                    # what legal moves read of those cards, once
    stack: list[Action]                 # the reaction stack (a window is open when not empty)
    awaiting: list[Choice]              # the choices owed
    hooked: Mapping[str, bool]          # hook name -> whether a plugin implements it
    hook: Any                           # the table's plugins' hooks (each given ``game=``)

    def others_with_cards(self, by: str) -> list[str]: ...


#: Where each kind of answer sits in a :class:`Move` (the choose moves are built positionally).
_ANSWER_AT = {kind: Move._fields.index(kind) for kind in ("position", "card", "player", "use")}


class Answers(dict):
    """One player's choose moves for one kind of answer, by answer, each made the first time
    it is asked for (``__missing__``) and kept: a list of them is then one C loop over the
    answers (``map(answers.__getitem__, ...)``), with no move built per choice."""

    __slots__ = ("player", "at")

    def __init__(self, player: str, at: int) -> None:
        super().__init__()
        self.player = player
        self.at = at            # where the answer sits in the move (see _ANSWER_AT)

    def __missing__(self, answer: Any) -> Move:
        blank = ["choose", self.player, (), None, None, None, None, None, None, None, None, None]
        blank[self.at] = answer
        move = self[answer] = _new(Move, blank)
        return move


def _chosen(player: str, kind: str, answers: Any, table: PlayTable | None = None) -> list[Move]:
    """``[Move("choose", player, **{kind: a}) for a in answers]`` without keyword handling;
    with ``table``, the moves it keeps for ``player`` (:meth:`PlayTable.answers_of`)."""
    at = _ANSWER_AT.get(kind)
    if at is None:
        return [Move("choose", player, **{kind: a}) for a in answers]
    if table is not None:
        try:
            return list(map(table.answers_of(player, kind, at).__getitem__, answers))
        except TypeError:  # an answer that cannot be a key (a plugin's own options): made below
            pass
    blank = ["choose", player, (), None, None, None, None, None, None, None, None, None]
    out = []
    for a in answers:
        blank[at] = a
        out.append(_new(Move, blank))
    return out


def _positions(game: LegalGame, player: str, hi: int) -> list[Move]:
    """Where ``player`` may put a card back into a pile of ``hi`` cards: a move per place,
    built once per player and pile size and kept (each kitten put back asks)."""
    lists = game.plays.move_lists
    key = (player, "position", hi)
    listed = lists.get(key)
    if listed is None:
        listed = tuple(_chosen(player, "position", range(0, hi + 1)))
        if len(lists) >= MOVE_LISTS_MAX:
            lists.clear()
        lists[key] = listed
    return list(listed)


def choice_moves(game: LegalGame, player: str) -> list[Move]:
    for choice in game.awaiting:
        if choice.player == player:
            break
    else:
        return []
    kind = choice.kind
    if kind == "position":
        lo, hi = choice.options
        return _positions(game, player, hi)
    if kind == "order":
        n = choice.options
        return [Move("choose", player, order=p) for p in islice(permutations(range(n)), 120)]
    if kind == "keep":
        return [Move("choose", player, keep=True), Move("choose", player, keep=False)]
    if choice.from_hand:
        held = game.hands[player].__contains__
        return _chosen(player, kind, [o for o in choice.options if held(o) or declined(choice, o)],
                       game.plays)
    return _chosen(player, kind, choice.options, game.plays)


def legal_moves(game: LegalGame, player: str) -> list[Move]:
    """Every move ``player`` may make now (five-different combos: a sample, see docs), as a
    new list (its moves may be shared: they are immutable). ``Game.legal_moves`` is this."""
    state = game.status.get(player, "out")
    if game.winners or state == "out":
        return []
    if game.awaiting:
        moves = choice_moves(game, player)
        if game.hooked["ekpeer_play_while_waiting"]:
            try:
                plays = [m for card in dict.fromkeys(game.hands[player]) for m in _single(game, player, card)
                         if game.hook.ekpeer_play_while_waiting(game=game, player=player, move=m)]
            except Exception as exc:    # a plugin's bug: at a host's table, not let in (asked.py)
                if not hook_failed(game, "ekpeer_play_while_waiting", exc):
                    raise
                plays = [m for card in dict.fromkeys(game.hands[player]) for m in _single(game, player, card)
                         if let_in(game, player, m)]
            if plays and game.hooked["ekpeer_refuse_move"]:
                plays = _filter(game, player, plays)
            moves.extend(plays)
        return moves
    hand = game.hands[player]
    table = game.plays
    refuse = table.refuse
    dead = state == "dead"
    moves: list[Move] = []
    if game.stack:
        mine = table.singles.get(player)  # this player's moves playing one card (and drawing)
        if mine is None:
            mine = table.singles_of(player)
        # Only Nopes and NOW cards go into a reaction window: look for those few in the
        # hand rather than at every card of it (a window opens on most plays).
        found = []
        for card in table.reactive_order:
            if card in hand:
                found.append(card)
        if len(found) > 1:
            found.sort(key=hand.index)  # in the order the hand holds them
        reactive = table.reactive
        for card in found:  # _single, inlined
            dead_barred, can_play, targets_of = reactive[card]
            if dead and dead_barred:
                continue
            try:  # a plugin's bug: the card set aside at a host's table (asked.py), else raised
                if can_play is not None and can_play(game, player):
                    continue
            except Exception as exc:
                if not set_aside(game, card, "can_play", exc):
                    raise
                continue
            try:
                targets = targets_of(game, player) if targets_of is not None else None
            except Exception as exc:
                if not set_aside(game, card, "targets", exc):
                    raise
                continue
            if targets is None:
                move = mine.get(card)
                if move is None:
                    move = mine[card] = play(player, (card,))
                moves.append(move)
            elif targets:
                moves.extend(table.at_targets(player, (card,), tuple(targets)))
        return _filter(game, player, moves) if refuse else moves
    counts: dict[str, int] = {}
    _count_elements(counts, hand)  # each title once, in hand order, with its copies
    own_turn = player == game.current and not dead
    alone = table.alone
    if own_turn:
        own = table.own.get(player)
        if own is None:
            own = table.own_of(player)
        moves.append(own[None])  # type: ignore[arg-type]
        for card in counts:
            move = own.get(card)
            if move is None:  # not played alone
                continue
            if move.__class__ is str:  # an asked card: its moves worked out now
                _alone(game, player, card, alone[card], moves, True, dead)
            else:  # a plain card: always playable on one's own turn
                moves.append(move)  # type: ignore[arg-type]
        size = len(hand)
        if size >= 2 and (len(counts) < size or len(counts) >= 5 or table.wild):
            # (else no combo: no two alike, too few titles for five, and no wild cats at the table)
            _combos(game, player, size, counts, moves)
    else:
        for card in counts:
            rule = alone.get(card)
            if rule is not None and rule.now:
                _alone(game, player, card, rule, moves, False, dead)
    if refuse:
        moves = _filter(game, player, moves)
    if table.extra:
        # a plugin's bug: at a host's table, that plugin adds no move, the others theirs (acted.py)
        extras = [m for listed in run_hook(game, "ekpeer_extra_moves", player=player) for m in listed]
        moves.extend(_filter(game, player, extras) if refuse else extras)
    return moves


def may_play_now(game: LegalGame) -> list[str]:
    """The players other than the current one who may have a move while nothing is pending,
    in seat order: those not Out whose hand holds a NOW card (or everyone not Out, when a
    plugin adds moves of its own). Every other one's legal moves are empty then (off their
    turn a hand offers only its NOW cards), so a driver need not work them out to learn it:
    at a Party Pack table of ten, most of a game's lists were such empty ones."""
    status = game.status
    current = game.current
    if game.plays.extra:  # ekpeer_extra_moves may offer anything to anyone
        return [p for p in game.players if p != current and status[p] != "out"]
    now = game.plays.now
    hands = game.hands
    return [p for p in game.players if p != current and not now.isdisjoint(hands[p]) and status[p] != "out"]


def _alone(game: LegalGame, player: str, card: str, rule: Alone, moves: list[Move], own_turn: bool,
           dead: bool) -> None:
    """Add the moves of ``player`` playing ``card`` alone (by its ``rule``) to ``moves``:
    for the cards a question decides (``can_play``, targets) and NOW cards off-turn."""
    now, dead_barred, can_play, targets_of = rule
    if now:
        if dead and dead_barred:
            return
    elif not own_turn:
        return
    try:  # a plugin's bug: the card set aside at a host's table (asked.py), else raised
        if can_play is not None and can_play(game, player):
            return
    except Exception as exc:
        if not set_aside(game, card, "can_play", exc):
            raise
        return
    try:
        targets = targets_of(game, player) if targets_of is not None else None
    except Exception as exc:
        if not set_aside(game, card, "targets", exc):
            raise
        return
    if targets is None:
        moves.append(game.plays.single(player, card))
    elif targets:
        moves.extend(game.plays.at_targets(player, (card,), tuple(targets)))


def _single(game: LegalGame, player: str, card: str) -> list[Move] | tuple[Move, ...]:
    spec = game.cards[card]
    try:  # a plugin's bug: the card set aside at a host's table (asked.py), else raised
        if spec.can_play is not None and spec.can_play(game, player):
            return []
    except Exception as exc:
        if not set_aside(game, card, "can_play", exc):
            raise
        return []
    try:
        targets = spec.targets(game, player) if spec.targets is not None else None
    except Exception as exc:
        if not set_aside(game, card, "targets", exc):
            raise
        return []
    if targets is not None:
        return game.plays.at_targets(player, (card,), tuple(targets))
    return [game.plays.single(player, card)]


def _combos(game: LegalGame, player: str, size: int, counts: dict[str, int], moves: list[Move]) -> None:
    """Add the combos ``player`` may play to ``moves``, from their hand of ``size`` cards
    (``counts``: each title's copies, in hand order)."""
    table = game.plays
    combo = table.combo
    wild = table.wild
    w = None
    if wild and not wild.isdisjoint(counts):  # the first wild cat the hand holds
        for card in counts:
            if card in wild:
                w = card
                break
    groups: list[tuple[str, ...]] = []
    if w is None:  # the usual hand: pairs and triples of a title (none if no two alike)
        if len(counts) < size:
            for card, count in counts.items():
                if count >= 2 and card in combo:
                    groups.append((card, card))
                    if count >= 3:
                        groups.append((card, card, card))
    else:
        cat = table.cat
        n_w = counts[w]
        for card, count in counts.items():
            if card not in combo:
                continue
            if count >= 2:
                groups.append((card, card))
                if count >= 3:
                    groups.append((card, card, card))
            if card != w and card in cat:
                groups.append((card, w))
                if count >= 2:
                    groups.append((card, card, w))
                if n_w >= 2:
                    groups.append((card, w, w))
    if table.kin and not table.kin.keys().isdisjoint(counts):
        _namesake_groups(table.kin, counts, groups)
    if groups:
        targets = tuple(game.others_with_cards(player))
        if targets:
            lists = table.move_lists
            for group in groups:
                # table.at_targets(...), its usual answer (a list made before) written out
                listed = lists.get((player, group, targets))
                if listed is None:
                    listed = table.at_targets(player, group, targets,
                                              game.card_names if len(group) == 3 else None)
                moves.extend(listed)
    if len(counts) >= 5:  # a sample: the first few choices of five titles, in hand order
        usable = list(counts) if combo.issuperset(counts) else [c for c in counts if c in combo]
        if table.kin and not table.kin.keys().isdisjoint(usable):   # one card of each name
            usable = list({table.title[c]: c for c in reversed(usable)}.values())[::-1]
        if len(usable) >= 5:
            blank = (None,) * (len(Move._fields) - 3)
            moves.extend([_new(Move, ("play", player, five, *blank))
                          for five in islice(combinations(usable, 5), FIVE_SAMPLE)])


def _namesake_groups(kin: dict[str, tuple[str, ...]], counts: dict[str, int],
                     groups: list[tuple[str, ...]]) -> None:
    """Pairs and triples of one name out of different cards (Shuffle and Shuffle NOW, ruling 34)."""
    for card, namesakes in kin.items():
        n = counts.get(card, 0)
        if not n:
            continue
        for other in namesakes:
            m = counts.get(other, 0)
            if not m or other < card:   # each pair of cards once
                continue
            groups.append((card, other))
            if n >= 2:
                groups.append((card, card, other))
            if m >= 2:
                groups.append((card, other, other))


def _filter(game: LegalGame, player: str, moves: list[Move]) -> list[Move]:
    """``moves`` but those a plugin refuses (``ekpeer_refuse_move``). Where the hook raises at
    a host's table, each move is asked again on its own: one it raised on is refused, but
    never the draw (``asked.refused``)."""
    try:
        return [m for m in moves if not game.hook.ekpeer_refuse_move(game=game, player=player, move=m)]
    except Exception as exc:
        if not hook_failed(game, "ekpeer_refuse_move", exc):
            raise
    return [m for m in moves if not refused(game, player, m)]
