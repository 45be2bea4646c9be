"""Random generators made the cheap way, the very same generators (a seed plays the same game).

Every game, every bot and every playout of a search makes a :class:`random.Random`, and a
simulation makes five per game (the table's and one per bot). ``random.Random(seed)`` runs
two Python-level functions (``__init__`` and ``seed``) around the C seeding; for a whole-
number seed they only check its type and clear ``gauss_next``, so :func:`seeded` calls the
C seeding directly. ``random.Random()`` with no seed reads the OS's entropy twice (in
``__new__`` and again in ``seed``), which a copy about to be given another state does not
need: :func:`copied` makes the copy without it. :func:`below` is ``rng.randrange(n)`` draw
for draw, without its Python-level argument checks.
"""

from __future__ import annotations

import _random
import random
from typing import Any

_Random = random.Random
#: the C generator's own ``seed``, under ``random.Random``'s Python one
_c_seed = _random.Random.seed


def seeded(seed: Any) -> random.Random:
    """``random.Random(seed)``: the same generator in the same state."""
    if type(seed) is not int:
        return _Random(seed)  # None (the OS's entropy), a string...: random's own checks
    rng = _Random.__new__(_Random)
    _c_seed(rng, seed)
    rng.gauss_next = None
    return rng


def copied(rng: random.Random) -> random.Random:
    """A new generator in ``rng``'s state (it draws what ``rng`` would draw next)."""
    other = _Random.__new__(_Random)
    other.setstate(rng.getstate())
    return other


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n`` >= 1: the same draws (``getrandbits`` of ``n``'s bit
    length until one is below ``n``), so the same seed makes the same choices."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r
