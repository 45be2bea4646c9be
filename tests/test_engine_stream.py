"""A faster engine plays the very same games: same seed, same moves, same draws, same events.

The digests below were taken from random-bot games on the engine as it was before it was
made faster (issue 18): each covers, for a set of seeds, the whole move log, the winners and
the RNG's final state, and for a few seeds every event too. A change that alters the order
of the RNG's draws, which legal moves are offered or in what order, or what the events say,
fails here (``scripts/bench_engine`` is the speed; this is the sameness).

The "+events" digests were retaken when ``put_back`` events began to carry ``pile_count``
(the moves, draws and winners, the other digests, stayed the same); and again when a card
taken by three of a kind was given ``how="name"`` and a kitten put back for another player
(Zombie Kitten) named its ``owner`` (the other digests the same again); and when a card put
into the draw pile from a hand (Garbage Collection, Grave Robber) was named to its player in
an event of their own (the other digests the same again); and when a card leaving or joining
a cursed hand stopped being named to that hand's player (streaking; the others the same).
All were retaken when a move gained its optional ``answers`` (a Nope's aim: the log's repr
names it) and an action on the stack its ``serial`` (the events name it): the same games,
checked by the digests of the moves without ``answers`` and the events without ``serial``,
which matched the old ones for every set.
"""

from __future__ import annotations

import hashlib

import pytest

from ekpeer.bots import make_bot
from ekpeer.bots.driver import step
from ekpeer.plugins import installed, ruleset

#: name -> (plugins, deck, most players); a game of seed s seats 2 + s % (most - 1) players.
SETS = {
    "base": (("base",), None, 5),
    "imploding": (("base", "imploding"), None, 6),
    "zombie": (("base", "zombie"), None, 5),
    "streaking": (("base", "streaking"), None, 5),
    "party": (("base", "party"), "party_pack", 10),
}
SEEDS = range(40)          # events off, as simulations and searches play
SEEDS_WITH_EVENTS = range(6)

EXPECTED = {
    "base": "9055f634616b14cc2787",
    "base+events": "21fd8583fddac3b14bd7",
    "imploding": "54d99693e0755a96bf15",
    "imploding+events": "192e3135becbafc1b3b0",
    "party": "1f4067880d1d1ce7f9b1",
    "party+events": "d8838c61f9217f9ae5a4",
    "streaking": "8df6078eb5b695cf0106",
    "streaking+events": "826d048d8a8a87169847",
    "zombie": "d92f56af4854a46fe121",
    "zombie+events": "2e92919129330d85b6f8",
}


def digest(name: str, seeds: range, events: bool) -> str:
    plugins, deck, most = SETS[name]
    rules = ruleset(plugins)
    h = hashlib.sha256()
    for seed in seeds:
        players = [f"p{i}" for i in range(2 + seed % (most - 1))]
        game = rules.new_game(players, seed=seed, deck=deck)
        game.recording = events
        bots = {p: make_bot("random", seed * 16 + i) for i, p in enumerate(players)}
        moves = 0
        while not game.over and moves < 20000:
            step(game, bots)
            moves += 1
            if events:
                h.update(repr(game.events).encode())
        h.update(repr(game.log).encode())
        h.update(repr(game.winners).encode())
        h.update(repr(game.rng.getstate()).encode())
    return h.hexdigest()[:20]


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_same_seeds_play_the_same_games_as_before(name):
    if any(p not in installed() for p in SETS[name][0]):
        pytest.skip(f"plugins {SETS[name][0]} are not all installed")
    assert digest(name, SEEDS, events=False) == EXPECTED[name]
    assert digest(name, SEEDS_WITH_EVENTS, events=True) == EXPECTED[name + "+events"]
