"""Table passwords, kept only salted and hashed (scrypt), never in a form that gives them back.

A table's settings hold its password as :func:`seal` made it: the crash journal, the logs
and every copy of the settings then carry no password anyone could read back, and the
lobby's one check (:func:`matches`) compares a guess against the hash. Friends often reuse
a password they use elsewhere; a journal copied off the host's disk must not give it away.

The cost is chosen for a host's event loop, which checks a joining player's password
between other tables' moves: scrypt with N=2**12, r=8 (4 MiB, a few milliseconds), a
16-byte salt from the OS. Only that exact shape is accepted back (:func:`is_sealed`): a
settings map from a client cannot choose a cost that would stall the host.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from typing import Any

N, R, P = 2**12, 8, 1
SALT_BYTES, HASH_BYTES = 16, 32
KIND = "scrypt"


def seal(password: str) -> dict[str, Any]:
    """``password`` salted and hashed, as a table's settings keep it."""
    salt = os.urandom(SALT_BYTES)
    return {KIND: _hash(password, salt).hex(), "salt": salt.hex(), "n": N, "r": R, "p": P}


def is_sealed(value: Any) -> bool:
    """Is ``value`` a password as :func:`seal` makes it (these parameters exactly)?"""
    if not isinstance(value, dict) or set(value) != {KIND, "salt", "n", "r", "p"}:
        return False
    if (value["n"], value["r"], value["p"]) != (N, R, P):
        return False
    return _hex(value[KIND], HASH_BYTES) and _hex(value["salt"], SALT_BYTES)


def matches(sealed: Any, password: Any) -> bool:
    """Does ``password`` (a guess, as a client sent it) open the table ``sealed`` locks?"""
    if not isinstance(password, str) or not is_sealed(sealed):
        return False
    got = _hash(password, bytes.fromhex(sealed["salt"]))
    return hmac.compare_digest(got, bytes.fromhex(sealed[KIND]))


def _hash(password: str, salt: bytes) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, n=N, r=R, p=P, dklen=HASH_BYTES)


def _hex(value: Any, size: int) -> bool:
    if not isinstance(value, str) or len(value) != 2 * size:
        return False
    try:
        bytes.fromhex(value)
    except ValueError:
        return False
    return True
