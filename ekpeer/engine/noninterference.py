"""Non-interference, as a check anyone can run: what a player receives never depends on a
card they have not seen.

Take a random game; for one player (the observer) make a second game that differs only by
cards the observer has not seen: two cards swapped between two other hands, or between
another hand and the draw pile (at the deal), or cards swapped within the part of the draw
pile the observer knows nothing about (at any moment). Then play both games on with the
same moves, and compare, after every move, everything the observer receives as the host
sends it: their view and the events they may see (and a spectator's). They must be the
same until the observer legitimately sees a swapped card.

"Legitimately sees" is judged from the two games' state, not from what the engine sends:
the games differ in the observer's own hand, the discard pile, the marked cards, the
face-up cards of the draw pile or the cards the observer was shown (``game.show``), or the
observer draws a card that differs (they view it even when it goes to another: I'll Take
That). Hands keep an order nobody sees, so the difference may spread (a steal at random
takes what lies at one place of a hand): once it reaches a card that shows by itself (a
saver, a kitten), the comparison ends. Cards lying in front of players are *not* among
them: they are public because only public cards may go there, which this checks (a Bury
that laid the buried card there did leak). Only cards that do nothing when drawn, are no
kitten and save from none are swapped (a drawn kitten is shown to all; whether a player
holds a saver shows when they explode).

The other players make the same moves in both games: each move is picked among the moves
legal in both, so what they hold decides nothing (a move naming a swapped card, which asks
about it, is left out).

The project's suite runs it over every built-in mix (``tests/test_non_interference.py``);
``ekpeer privacy PLUGIN`` runs it for a third party's box. Pure: no I/O, a seeded RNG.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from .moves import Move
from .replay import replay
from .ruleset import Ruleset
from .state import OUT
from .view import player_view, spectator_view, visible_events

RESOLVE = Move("resolve")
FORK_EVERY = 12      # moves between two forks of a game, on average
WINDOW = 80          # moves compared after a fork, at most
MOST_MOVES = 400     # moves a game is played, at most


class Leak(AssertionError):
    """A player (or a spectator) received something that depends on a card they have not seen."""


# ---------------------------------------------------------------------- what the observer gets
def received(game, player: str | None) -> tuple:
    """The view and the events of the last move, as the host sends them to ``player``."""
    view = player_view(game, player) if player is not None else spectator_view(game)
    return view, visible_events(game.events, player)


def entitled(game, player: str | None) -> tuple:
    """Where a card the observer is entitled to see may lie (see the module's docstring)."""
    return (
        tuple(game.hands[player]) if player is not None else (),
        tuple(game.seen.get(player, ())) if player is not None else (),
        tuple(game.discard),
        tuple(tuple(game.marked[p]) for p in game.players),
        tuple(game.draw_pile.face_up()),
        # what everyone was shown where it lies (Reveal the Future): a spectator too
        tuple(game.draw_pile.known_to(None)) if player is None else (),
    )


# ---------------------------------------------------------------------- swaps
def swappable(game, card: str) -> bool:
    spec = game.cards[card]
    return spec.kind != "kitten" and spec.on_drawn is None and spec.saves is None


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


def swap(game, observer: str, rng: random.Random, at_deal: bool) -> str | None:
    """Change ``game`` by cards ``observer`` has not seen; what was done (None: nothing could be)."""
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

    mode = rng.choice(("top", "pair", "permute") + (("hands", "hands") if at_deal else ()))
    if mode == "permute" and len(depths) > 1:
        cards = [_at_depth(game, d) for d in depths]
        new = cards[:]
        rng.shuffle(new)
        if new != cards:
            for d, c in zip(depths, new, strict=True):
                _set_depth(game, d, c)
            return f"permuted {len(depths)} unknown pile cards"
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
    return f"swapped {a} at {first} with {b} at {second}"


# ---------------------------------------------------------------------- playing both games
def names_a_swapped_card(move: Move, swapped: set[str]) -> bool:
    return move.name in swapped or move.card in swapped and move.do == "play"


def options(a, b, observer: str | None, swapped: set[str]) -> list[Move]:
    """Moves that may be made now: the observer's own (they see their legal moves), every
    other player's that are legal in both games."""
    out: list[Move] = []
    for p in a.players:
        if a.status[p] == OUT:
            continue
        mine = a.legal_moves(p)
        if b is None:
            out.extend(mine)
        elif p == observer:   # they see their legal moves: the same in both games
            out.extend(m for m in mine if not names_a_swapped_card(m, swapped))
        else:
            theirs = set(b.legal_moves(p))
            out.extend(m for m in mine if m in theirs and not names_a_swapped_card(m, swapped))
    if a.reaction_open:
        out.extend([RESOLVE] * 3)   # the host closes a window in time: do not let it stay open
    return out


@dataclass
class Fork:
    """The second game of a comparison and who is being compared in it."""

    game: object
    observer: str
    what: str
    swapped: set[str]
    watching: dict = field(default_factory=dict)   # who -> still compared
    moves: int = 0


def play_and_compare(rules: Ruleset, players: list[str], deck: str, variants, seed: int) -> dict:
    """One random game with its forks; raises AssertionError at the first leak."""
    rng = random.Random(seed)
    a = rules.new_game(players, seed=seed, deck=deck, variants=variants)
    stats = {"forks": 0, "compared": 0}
    fork: Fork | None = None
    next_fork = 0
    while not a.over and len(a.log) < MOST_MOVES:
        if fork is None and len(a.log) >= next_fork:
            fork = start_fork(rules, a, rng)
            next_fork = len(a.log) + 1 + rng.randrange(2 * FORK_EVERY)
            if fork is not None:
                stats["forks"] += 1
        b = fork.game if fork is not None else None
        moves = options(a, b, fork.observer if fork and fork.watching[fork.observer] else None,
                        fork.swapped if fork else set())
        if not moves:
            if fork is None:
                raise AssertionError(f"nobody may move in a game that is not over: {a.log[-3:]}")
            fork = None   # only moves that depend on a hidden card are left: they may show it
            continue
        move = rng.choice(moves)
        draws_unknown = fork is not None and move.by == fork.observer and _drawn_differs(a, fork.game, move)
        a.apply(move)
        if fork is not None:
            fork.game.apply(move)   # an observer's move the views said was legal must be so
            fork.moves += 1
            if draws_unknown:   # the drawer sees what they draw, wherever it goes (I'll Take That)
                fork.watching[fork.observer] = False
            compare(a, fork, move)
            fork.swapped = differing(a, fork.game)
            if any(not swappable(a, c) for c in fork.swapped):
                fork.watching = {}   # the difference reached a card that shows by itself (a saver)
            stats["compared"] += 1
            if not any(fork.watching.values()) or fork.moves >= WINDOW or fork.game.over:
                fork = None
    return stats


def start_fork(rules: Ruleset, a, rng: random.Random) -> Fork | None:
    living = [p for p in a.players if a.status[p] != OUT]
    observer = rng.choice(living)
    b = replay(rules, a.origin, list(a.log))
    assert b.snapshot() == a.snapshot(), "a replayed game is not the game"
    what = swap(b, observer, rng, at_deal=not a.log)
    if what is None:
        return None
    fork = Fork(b, observer, what, differing(a, b))
    fork.watching = {observer: entitled(a, observer) == entitled(b, observer),
                     None: entitled(a, None) == entitled(b, None)}
    return fork


def differing(a, b) -> set[str]:
    """The cards that lie elsewhere in ``b`` than in ``a``."""
    out: set[str] = set()
    for p in a.players:
        out.update((Counter(a.hands[p]) - Counter(b.hands[p])).keys())
        out.update((Counter(b.hands[p]) - Counter(a.hands[p])).keys())
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
            raise Leak(_leak_report(a, b, fork, who, move, got_a, got_b))


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
                variants: tuple[str, ...] = (), first_seed: int = 0) -> dict[str, int]:
    """``games`` random games of ``rules`` (2 to ``most_players`` seats), each compared along
    its forks; raises :class:`Leak` at the first leak, else returns how much was compared."""
    total = {"games": 0, "forks": 0, "compared": 0}
    for seed in range(first_seed, first_seed + games):
        n = 2 + seed % (most_players - 1)
        stats = play_and_compare(rules, [f"p{i}" for i in range(n)], deck, variants, seed)
        total["games"] += 1
        for k in ("forks", "compared"):
            total[k] += stats[k]
    return total
