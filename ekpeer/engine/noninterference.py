"""Non-interference, as a check anyone can run: what a player receives never depends on a
card they have not seen.

Take a random game; for one player (the observer) make a second game, a twin, that differs
only by cards the observer has not seen:

- draw-pile cards the observer knows nothing about, swapped or permuted (at any moment);
- hand cards: two cards swapped between two other hands, or between another hand and the
  draw pile, at the deal, where nobody has seen any hand but their own. A twin made later
  in the game is dealt that way and then plays the game's moves so far (each answered as
  below), compared all along, so its hands differ only by cards the observer never saw;
- the order of a hand the observer does not see (another's, or their own when it lies face
  down: the Curse of the Cat Butt), at any moment: nobody sees which card lies where in it,
  and a card picked at random from it (a steal, a cursed hand's card) is then another one.

Then play both games on with the same moves, and compare, after every move, everything the
observer receives as the host sends it: their view and the events they may see (and a
spectator's). They must be the same until the observer legitimately sees a swapped card.

"Legitimately sees" is judged from the two games' state, not from what the engine sends:
the games differ in the observer's own hand (unless it lies face down), the discard pile,
the marked cards, the face-up cards of the draw pile or the cards the observer was shown
(``game.show``), or the observer draws a card that differs (they view it even when it goes
to another: I'll Take That). Hands keep an order nobody sees, so the difference may spread
(a steal at random takes what lies at one place of a hand): once it reaches a card that
shows by itself (a saver, a kitten), the comparison ends. Cards lying in front of players
are *not* among them: they are public because only public cards may go there, which this
checks (a Bury that laid the buried card there did leak). Only cards that do nothing when
drawn, are no kitten and save from none are swapped (a drawn kitten is shown to all;
whether a player holds a saver shows when they explode).

The other players make the same moves in both games: each move is picked among the moves
legal in both, so what they hold decides nothing (a move naming a swapped card, which asks
about it, is left out). One exception: a player who chooses a card that only one twin
holds (a card of their hand to give or put away) chooses, in the other twin, the card that
lies there instead; until the rules show it, the observer must not tell which it was.

Random games seldom have a cursed hand play a given card, so when the boxes lay hands face
down each card a check names is also rehearsed (:mod:`.rehearsal`, :func:`rehearsal`): a
table rigged so that it is played first thing by a cursed hand, or beside one, against a
twin where that hand lies in another order. How often each named card was played in the
twins (and by a cursed hand) is counted, so a pass can say what it did not try.

The project's suite runs it over every built-in mix (``tests/test_non_interference.py``);
``ekpeer privacy PLUGIN`` runs it for a third party's box. Pure: no I/O, a seeded RNG.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from .errors import Reason
from .moves import Move
from .rehearsal import plain, played, rehearse
from .replay import replay
from .ruleset import Ruleset
from .state import OUT
from .view import player_view, spectator_view, visible_events

RESOLVE = Move("resolve")
FORK_EVERY = 12      # moves between two forks of a game, on average
WINDOW = 80          # moves compared after a fork, at most
MOST_MOVES = 400     # moves a game is played, at most
REHEARSALS = 6      # deals tried per card for a cursed rehearsal (:mod:`.rehearsal`)
#: How a twin is made later in the game (at the deal: :func:`swap` picks among its own)
PILE_MODES = ("top", "pair", "permute")
HAND_MODES = ("order", "dealt")


class Leak(AssertionError):
    """A player (or a spectator) received something that depends on a card they have not seen.

    Its text is the evidence as compared (reprs); its fields the same as data, for a report a
    plugin's author reads (``ekpeer privacy`` says them plainly, in the player's language):
    ``who`` (None: a spectator), ``what`` the twins differ by (a :class:`Reason`, said again
    in the reader's language; card ids in it stay ids) and its ``kind`` (``pile``,
    ``hands``, or ``order``: of a hand nobody sees), ``moves`` after they parted,
    the ``move`` that told them apart, ``view`` (key, one twin's, the other's) for each part
    of the view that differs, ``events`` the first pair of events that differ (or None)."""

    def __init__(self, text: str, who: str | None = None, what: str = "", moves: int = 0,
                 move: Move | None = None, view: tuple = (), events: tuple | None = None,
                 received: tuple | None = None) -> None:
        super().__init__(text)
        self.who, self.what, self.moves, self.move = who, what, moves, move
        self.view, self.events = view, events
        #: what the observer received in each twin, ``((view, events), (view, events))``: the
        #: evidence as compared, which ``ekpeer privacy`` lays out in its reader's language
        self.received = received
        self.kind = "order" if "order of" in what else kind_of(what)


class GameFailed(Exception):
    """A game of the check raised (most often a plugin's bug, in a card or a hook): the seed
    that deals it again, and the card whose rehearsal it was (None: a random game). The error
    itself is ``__cause__``, with its traceback: the command says where it was raised."""

    def __init__(self, number: int, games: int, seed: int, card: str | None = None) -> None:
        super().__init__(f"game {number} of {games} (seed {seed}) failed"
                         + (f" (a rehearsal of {card})" if card else ""))
        self.number, self.games, self.seed, self.card = number, games, seed, card


# ---------------------------------------------------------------------- what the observer gets
def received(game, player: str | None) -> tuple:
    """The view and the events of the last move, as the host sends them to ``player``."""
    view = player_view(game, player) if player is not None else spectator_view(game)
    return view, visible_events(game.events, player)


def entitled(game, player: str | None) -> tuple:
    """Where a card the observer is entitled to see may lie (see the module's docstring): their
    own hand only while it lies face up to them (a cursed hand lies face down)."""
    sees_hand = player is not None and not game.hand_hidden(player)
    return (
        tuple(game.hands[player]) if sees_hand else (),
        tuple(game.seen.get(player, ())) if player is not None else (),
        tuple(game.discard),
        tuple(tuple(game.marked[p]) for p in game.players),
        tuple(game.draw_pile.face_up()),
        # what everyone was shown where it lies (Reveal the Future): a spectator too
        tuple(game.draw_pile.known_to(None)) if player is None else (),
    )


# ---------------------------------------------------------------------- swaps
def swappable(game, card: str) -> bool:
    return plain(game, card)


def unknown_depths(game, observer: str) -> list[int]:
    pile = game.draw_pile
    known = {d for d, _ in pile.known_to(observer)}
    return [d for d in range(len(pile)) if d not in known and not pile.is_face_up(d)
            and swappable(game, pile.peek(d + 1)[-1])]


def _set_depth(game, depth: int, card: str) -> None:
    pile = game.draw_pile
    pile._cards[len(pile._cards) - 1 - depth] = card


def _at_depth(game, depth: int) -> str:
    return game.draw_pile.peek(depth + 1)[-1]


def swap(game, observer: str, rng: random.Random, at_deal: bool, modes: tuple[str, ...] = ()) -> str | None:
    """Change ``game`` by cards ``observer`` has not seen; what was done (None: nothing could be).
    ``modes``: how (see :data:`PILE_MODES`; at the deal also ``hands`` and ``order``)."""
    depths = unknown_depths(game, observer)
    places: list[tuple] = [("pile", d) for d in depths]
    if at_deal:   # nobody has seen anything yet but their own hand
        places += [("hand", p, i) for p in game.players if p != observer
                   for i, c in enumerate(game.hands[p]) if swappable(game, c)]

    def get(place):
        return _at_depth(game, place[1]) if place[0] == "pile" else game.hands[place[1]][place[2]]

    def put(place, card):
        if place[0] == "pile":
            _set_depth(game, place[1], card)
        else:
            game.hands[place[1]][place[2]] = card

    mode = rng.choice(modes or PILE_MODES + (("hands", "hands", "order") if at_deal else ()))
    if mode == "order":
        return shuffle_a_hand(game, observer, rng)
    if mode == "own":
        return shuffle_a_hand(game, observer, rng, whose=observer)
    if mode == "permute" and len(depths) > 1:
        cards = [_at_depth(game, d) for d in depths]
        new = cards[:]
        rng.shuffle(new)
        if new != cards:
            for d, c in zip(depths, new, strict=True):
                _set_depth(game, d, c)
            return Reason("permuted {n} unknown pile cards", n=len(depths))
    if mode == "hands":
        pool = [p for p in places if p[0] == "hand"]
    elif mode == "top" and depths:
        pool = [("pile", depths[0])]
    else:
        pool = places
    if not pool:
        return None
    first = rng.choice(pool)
    others = [p for p in places if p != first and get(p) != get(first)
              and not (p[0] == "hand" == first[0] and p[1] == first[1])]
    if not others:
        return None
    second = rng.choice(others)
    a, b = get(first), get(second)
    put(first, b)
    put(second, a)
    return Reason("swapped {one} at {first} with {other} at {second}", one=a, first=_place(first),
                  other=b, second=_place(second))


def _place(place: tuple) -> Reason:
    """Where a swapped card lay, as words ``ekpeer privacy`` says in its reader's language."""
    return Reason("depth {depth} of the pile", depth=place[1]) if place[0] == "pile" \
        else Reason("{player}'s hand", player=place[1])


def shuffle_a_hand(game, observer: str, rng: random.Random, whose: str | None = None) -> str | None:
    """Put the cards of a hand ``observer`` does not see (``whose``: that one) in another order:
    another player's, or their own when it lies face down (nobody sees a hand's order; a card
    picked at random from it is then another). Only cards that show nothing by themselves move."""
    hands = [p for p in game.players if game.status[p] != OUT and (p != observer or game.hand_hidden(p))
             and whose in (None, p)]
    rng.shuffle(hands)
    for p in hands:
        hand = game.hands[p]
        at = [i for i, c in enumerate(hand) if swappable(game, c)]
        cards = [hand[i] for i in at]
        new = cards[:]
        rng.shuffle(new)
        if new != cards:
            for i, c in zip(at, new, strict=True):
                hand[i] = c
            whose = Reason("their own face-down hand") if p == observer \
                else Reason("{player}'s hand", player=p)
            return Reason("shuffled the order of {whose}", whose=whose)
    return None


def kind_of(what: str) -> str:
    """Which cards a twin differs by, for the summary: ``hands`` or ``pile``."""
    return "hands" if "hand" in what else "pile"


# ---------------------------------------------------------------------- playing both games
def names_a_swapped_card(move: Move, swapped: set[str], kin: dict | None = None) -> bool:
    """Whether ``move`` asks about a swapped card: names it, or a card that shares its name
    (``kin``: three of a kind naming "Shuffle" takes a Shuffle NOW, ruling 34)."""
    if move.name is not None:
        named = (move.name, *(kin or {}).get(move.name, ()))
        if any(card in swapped for card in named):
            return True
    return move.card in swapped and move.do == "play"


def _instead(move: Move, mine: set[Move], theirs: set[Move], swapped: set[str]) -> list[Move]:
    """The moves of the other twin that answer as ``move`` does with a card that only it
    holds where this one holds ``move.card`` (a card chosen from a hand that differs)."""
    if move.do != "choose" or move.card is None or move.card not in swapped:
        return []
    out = []
    for card in sorted(swapped):
        other = move._replace(card=card)
        if card != move.card and other in theirs and other not in mine:
            out.append(other)
    return out


def options(a, b, observer: str | None, swapped: set[str]) -> list[Move]:
    """Moves that may be made now: the observer's own (they see their legal moves), every
    other player's that are legal in both games, or that choose a card only ``a`` holds where
    ``b`` holds another (:func:`counterpart`)."""
    out: list[Move] = []
    for p in a.players:
        if a.status[p] == OUT:
            continue
        mine = a.legal_moves(p)
        if b is None:
            out.extend(mine)
        elif p == observer:   # they see their legal moves: the same in both games
            out.extend(m for m in mine if not names_a_swapped_card(m, swapped, a.plays.kin))
        else:
            theirs = set(b.legal_moves(p))
            own = set(mine)
            out.extend(m for m in mine if not names_a_swapped_card(m, swapped, a.plays.kin)
                       and (m in theirs or _instead(m, own, theirs, swapped)))
    if a.reaction_open:
        out.extend([RESOLVE] * 3)   # the host closes a window in time: do not let it stay open
    return out


def counterpart(a, fork: Fork, move: Move, rng: random.Random) -> Move | None:
    """The move the twin makes when ``a`` makes ``move``: the same, or (another player
    choosing a card of a hand that differs) the card the twin holds instead, either when both
    may be; None when the twin cannot follow (the twins part legitimately)."""
    if move.by is None or names_a_swapped_card(move, fork.swapped, a.plays.kin):
        return move if move.by is None else None
    b = fork.game
    if move.by == fork.observer and fork.watching.get(fork.observer):
        return move   # their legal moves are in their view: the same in both
    theirs = set(b.legal_moves(move.by))
    pool = [move] if move in theirs else []
    pool += _instead(move, set(a.legal_moves(move.by)), theirs, fork.swapped)
    return rng.choice(pool) if pool else None


@dataclass
class Fork:
    """The second game of a comparison and who is being compared in it."""

    game: object
    observer: str
    what: str
    swapped: set[str]
    watching: dict = field(default_factory=dict)   # who -> still compared
    moves: int = 0       # moves the twins made since they were dealt apart
    start: int = 0       # ... when the game reached them (a twin from the deal caught up)


def new_stats(cards=()) -> dict:
    """What a check tried: twins, moves compared, and each card of ``cards`` played in the
    twins (``played``: card -> [times played, of which by a cursed hand, times it saved a
    player]: a card that only saves is used, never played)."""
    return {"games": 0, "forks": 0, "compared": 0, "hands": 0, "pile": 0, "rehearsals": 0,
            "played": {card: [0, 0, 0] for card in cards}}


def add_stats(total: dict, stats: dict) -> None:
    for k in ("forks", "compared", "hands", "pile", "rehearsals"):
        total[k] += stats[k]
    for card, counts in stats["played"].items():
        for i, n in enumerate(counts):
            total["played"][card][i] += n


def play_and_compare(rules: Ruleset, players: list[str], deck: str, variants, seed: int,
                     cards=(), start: tuple | None = None) -> dict:
    """One random game with its forks; raises AssertionError at the first leak. ``start``: a
    rigged game and its first move, a cursed hand's (:func:`cursed_fork`), played in a twin
    where that hand lies in another order."""
    rng = random.Random(seed)
    stats = new_stats(cards)
    fork: Fork | None = None
    first: Move | None = None
    if start is None:
        a = rules.new_game(players, seed=seed, deck=deck, variants=variants)
    else:
        a, first, fork = start
        stats["rehearsals"] += 1
        stats["forks"] += 1
        stats["hands"] += 1
    next_fork = 0
    settling = False
    face_down = a.cursed
    while not a.over and len(a.log) < MOST_MOVES:
        if start is not None and fork is None:
            break   # a rehearsal is its one twin: the game goes on in the random ones
        newly = sorted(a.cursed - face_down)
        face_down = a.cursed
        if newly and (fork is None or rng.randrange(2)):
            # a hand just turned face down, unseen by its owner too: they watch a twin where
            # it lies in another order (a card picked from it at random is then another)
            fork, next_fork = None, len(a.log)
            observer: str | None = rng.choice(newly)
        else:
            observer = None
        if fork is None and len(a.log) >= next_fork:
            fork = start_fork(rules, a, rng, stats, observer)
            next_fork = len(a.log) + 1 + rng.randrange(2 * FORK_EVERY)
            if fork is not None:
                stats["forks"] += 1
                stats[kind_of(fork.what)] += 1
        b = fork.game if fork is not None else None
        moves = options(a, b, fork.observer if fork and fork.watching[fork.observer] else None,
                        fork.swapped if fork else set())
        if not moves:
            if fork is None:
                raise AssertionError(f"nobody may move in a game that is not over: {a.log[-3:]}")
            fork = None   # only moves that depend on a hidden card are left: they may show it
            continue
        if first is not None:
            move, first, settling = first, None, True
        elif settling and RESOLVE in moves:
            move = RESOLVE   # a rehearsal's card is not Noped: its effect is what it tries
        else:
            move, settling = rng.choice(moves), False
        if fork is None:
            a.apply(move)
            continue
        twin = counterpart(a, fork, move, rng)
        assert twin is not None, f"{move} was offered but the twin cannot make it"
        advance(a, fork, move, twin, stats)
        stats["compared"] += 1
        if not any(fork.watching.values()) or fork.moves - fork.start >= WINDOW or fork.game.over:
            fork = None
    return stats


def advance(a, fork: Fork, move: Move, twin: Move, stats: dict | None = None) -> None:
    """``a`` makes ``move``, the twin ``twin``; then what the watched receive is compared
    (``stats``: the cards it plays are counted there)."""
    draws_unknown = move.by == fork.observer and _drawn_differs(a, fork.game, move)
    face_down = a.cursed
    a.apply(move)
    if stats is not None:
        count_played(stats, a, face_down)
    fork.game.apply(twin)   # an observer's move the views said was legal must be so
    fork.moves += 1
    if draws_unknown:   # the drawer sees what they draw, wherever it goes (I'll Take That)
        fork.watching[fork.observer] = False
    compare(a, fork, move)
    fork.swapped = differing(a, fork.game)
    if any(not swappable(a, c) for c in fork.swapped):
        fork.watching = {}   # the difference reached a card that shows by itself (a saver)


def start_fork(rules: Ruleset, a, rng: random.Random, stats: dict | None = None,
               face_down: str | None = None) -> Fork | None:
    """A twin of ``a`` for a random observer (``face_down``: that player, whose hand just
    turned face down, is shown a twin where it lies in another order)."""
    living = [p for p in a.players if a.status[p] != OUT]
    observer = face_down or rng.choice(living)
    if face_down is not None:
        modes: tuple[str, ...] = ("own",)
    elif a.log and rng.randrange(len(PILE_MODES) + len(HAND_MODES)) >= len(PILE_MODES):
        mode = rng.choice(HAND_MODES)
        if mode == "dealt":
            return dealt_apart(rules, a, observer, rng, stats)
        modes = (mode,)
    else:
        modes = ()
    b = replay(rules, a.origin, list(a.log))
    assert b.snapshot() == a.snapshot(), "a replayed game is not the game"
    what = swap(b, observer, rng, at_deal=not a.log, modes=modes)
    if what is None:
        return None
    return _fork(a, b, observer, what)


def _fork(a, b, observer: str, what: str) -> Fork:
    fork = Fork(b, observer, what, differing(a, b))
    fork.watching = {observer: entitled(a, observer) == entitled(b, observer),
                     None: entitled(a, None) == entitled(b, None)}
    return fork


def dealt_apart(rules: Ruleset, a, observer: str, rng: random.Random,
                stats: dict | None = None) -> Fork | None:
    """A twin whose hands differ from the deal by cards ``observer`` has not seen, brought up
    to ``a`` by ``a``'s moves (their counterparts), compared all along: None when it cannot
    follow or the observer came to see the difference (it is no twin of this game then)."""
    x = replay(rules, a.origin, [])
    b = replay(rules, a.origin, [])
    what = swap(b, observer, rng, at_deal=True, modes=("hands", "hands", "order"))
    if what is None:
        return None
    fork = _fork(x, b, observer, Reason("{what}, at the deal", what=what))
    for move in a.log:
        twin = counterpart(x, fork, move, rng)
        if twin is None:
            return None
        advance(x, fork, move, twin, stats)
        if stats is not None:
            stats["compared"] += 1
        if not fork.watching.get(observer) or fork.game.over:
            return None
    fork.start = fork.moves
    return fork


def count_played(stats: dict, game, face_down) -> None:
    """Count the cards of ``stats["played"]`` the last move played (``face_down``: the hands
    that lay face down before it; a card played from one is played by a cursed hand); and the
    other uses the engine records of a card: a Nope played in a reaction window (``noped``,
    the last move's card) as a play, a saver used (``saved``) as a save."""
    last = game.log[-1] if game.log else None
    for by, card in [*played(game), *_noped(game, last)]:
        times = stats["played"].get(card)
        if times is not None:
            times[0] += 1
            times[1] += by in face_down
    for _to, data in game.events:
        if data.get("type") == "saved":
            times = stats["played"].get(data.get("card"))
            if times is not None:
                times[2] += 1


def _noped(game, last) -> list[tuple[str, str]]:
    """The Nope card ``last`` (the last move) played, where its event says it Noped."""
    if last is None or last.do != "play" or len(last.cards or ()) != 1:
        return []
    if any(data.get("type") == "noped" and data.get("by") == last.by for _to, data in game.events):
        return [(last.by, last.cards[0])]
    return []


def cursed_fork(a, move: Move, observer: str, rng: random.Random, tries: int = 12) -> Fork | None:
    """A twin of ``a`` where ``observer``'s face-down hand lies in another order, and which
    ``move`` does not tell apart by itself: it plays the same card in both (twins that part
    at once, legitimately, try nothing). They then differ only by the cards left in that
    hand, which the card's effect may pick at random. Of those tried, the one where the
    card's effect (its window closed unnoped) takes another card from that hand, else the
    one that differs at the most places: only the game's state is looked at, never what
    anyone receives. None: none found; else the twin and whether its pick differs."""
    best, most = None, 0
    for _ in range(tries):
        b = a.clone()
        what = shuffle_a_hand(b, observer, rng, whose=observer)
        if what is None:
            break
        ta, tb = a.clone(), b.clone()   # nothing is awaited: the move is its player's own
        for game in (ta, tb):
            game.apply(move)
        if entitled(ta, observer) != entitled(tb, observer):
            continue   # the move shows the difference by itself
        places = sum(x != y for x, y in zip(ta.hands[observer], tb.hands[observer], strict=False))
        for game in (ta, tb):
            for _settle in range(4):
                if not game.reaction_open or game.awaiting or game.over:
                    break
                game.apply(RESOLVE)
        if Counter(ta.hands[observer]) != Counter(tb.hands[observer]):
            places += len(a.hands[observer])   # a card that differs left the hand
        if places > most:
            best, most = _fork(a, b, observer, f"{what}, as it plays a card"), places
    return None if best is None else (best, most > len(a.hands[observer]))


def differing(a, b) -> set[str]:
    """The cards that lie elsewhere in ``b`` than in ``a`` (in a hand: at another place)."""
    out: set[str] = set()
    for p in a.players:
        out.update((Counter(a.hands[p]) - Counter(b.hands[p])).keys())
        out.update((Counter(b.hands[p]) - Counter(a.hands[p])).keys())
        for x, y in zip(a.hands[p], b.hands[p], strict=False):
            if x != y:
                out.update((x, y))
        if a.in_front[p] != b.in_front[p]:
            out.update(set(a.in_front[p]) ^ set(b.in_front[p]))
    for x, y in zip(a.draw_pile.top_first(), b.draw_pile.top_first(), strict=False):
        if x != y:
            out.update((x, y))
    return out


def _drawn_differs(a, b, move: Move) -> bool:
    """Whether ``move`` may draw a card that differs in the two games (top, or bottom)."""
    pa, pb = a.draw_pile, b.draw_pile
    if not len(pa):
        return False
    if move.do == "draw":
        return pa.peek(1) != pb.peek(1)
    return move.do == "play" and pa.top_first()[-1] != pb.top_first()[-1]


def compare(a, fork: Fork, move: Move) -> None:
    b = fork.game
    for who, on in fork.watching.items():
        if not on:
            continue
        if entitled(a, who) != entitled(b, who):
            fork.watching[who] = False   # they legitimately see a swapped card now
            continue
        got_a, got_b = received(a, who), received(b, who)
        if got_a != got_b:
            (va, ea), (vb, eb) = got_a, got_b
            view = tuple((key, va.get(key), vb.get(key)) for key in sorted(set(va) | set(vb))
                         if va.get(key) != vb.get(key))
            events = next(((x, y) for x, y in zip([*ea, None], [*eb, None], strict=False) if x != y), None)
            raise Leak(_leak_report(a, b, fork, who, move, got_a, got_b), who, fork.what, fork.moves, move,
                       view, events, (got_a, got_b))


def _leak_report(a, b, fork: Fork, who, move, got_a, got_b) -> str:
    lines = [f"{who or 'a spectator'} can tell two games apart that differ only by cards they "
             f"have not seen ({fork.what}), {fork.moves} moves after, on {move}:"]
    (va, ea), (vb, eb) = got_a, got_b
    for key in sorted(set(va) | set(vb)):
        if va.get(key) != vb.get(key):
            lines.append(f"  view[{key!r}]: {va.get(key)!r} / {vb.get(key)!r}")
    if ea != eb:
        lines.append(f"  events: {ea!r}")
        lines.append(f"      vs: {eb!r}")
    return "\n".join(lines)


def check_games(rules: Ruleset, games: int, most_players: int = 5, deck: str | None = None,
                variants: tuple[str, ...] = (), first_seed: int = 0, cards=()) -> dict:
    """``games`` random games of ``rules`` (2 to ``most_players`` seats), each compared along
    its forks; raises :class:`Leak` at the first leak, else returns how much was compared
    (``hands``, ``pile``: the twins that differ by hand cards, by draw-pile cards).

    ``cards`` (a plugin's): how often each was played in the twins is counted (``played``).
    When the boxes lay hands face down, each is also rehearsed (:mod:`.rehearsal`): played
    first thing by a cursed hand, against a twin where that hand lies in another order, in
    :data:`REHEARSALS` games of its own (``curse``: whether the boxes could)."""
    total = new_stats(cards)
    total["curse"] = bool(rules.hooked.get("ekpeer_hand_hidden"))
    for number, seed in enumerate(range(first_seed, first_seed + games), start=1):
        n = 2 + seed % (most_players - 1)
        with _failing(number, games, seed):
            stats = play_and_compare(rules, [f"p{i}" for i in range(n)], deck, variants, seed, cards)
        total["games"] += 1
        add_stats(total, stats)
    for card in cards if total["curse"] else ():
        seeds = _rehearsal_seeds(first_seed, games)
        for number, seed in enumerate(seeds, start=1):
            players = [f"p{i}" for i in range(2 + seed % (most_players - 1))]
            with _failing(number, len(seeds), seed, card):
                deal = rules.new_game(players, seed=seed, deck=deck, variants=variants)
                if card not in deal.cards or not plain(deal, card):
                    break
                start = rehearsal(rules, deal, card, seed, blind=seed % 2 == first_seed % 2)
                if start is not None:
                    add_stats(total, play_and_compare(rules, players, deck, variants, seed, cards, start))
    return total


@contextmanager
def _failing(number: int, games: int, seed: int, card: str | None = None) -> Iterator[None]:
    """An error of a game (not a leak: that is the check's answer) as :class:`GameFailed`, with
    the seed that plays it again: a hook's bug was a bare traceback through this module."""
    try:
        yield
    except Leak:
        raise
    except Exception as exc:
        raise GameFailed(number, games, seed, card) from exc


def rehearsal(rules: Ruleset, deal, card: str, seed: int, blind: bool) -> tuple | None:
    """A rehearsal of ``card`` (:mod:`.rehearsal`) from ``deal``: the rigged game, its first
    move and the twin. The RNG of the rigged game decides which card a random pick takes: a
    few are tried, for a twin where the card's effect takes another card (see
    :func:`cursed_fork`)."""
    found = None
    for tried in range(3):
        rigged = rehearse(rules, deal, card, seed + 7919 * tried, blind)
        if rigged is None:
            continue
        a, move, observer = rigged
        twin = cursed_fork(a, move, observer, random.Random(seed + tried))
        if twin is not None:
            found = (a, move, twin[0])
            if twin[1]:
                break
    return found


def _rehearsal_seeds(first_seed: int, games: int) -> range:
    """The seeds a card's cursed rehearsals are dealt from: a few per card, at most
    :data:`REHEARSALS` (a card not dealt from one seat count may be from another)."""
    return range(first_seed, first_seed + min(games, REHEARSALS))
