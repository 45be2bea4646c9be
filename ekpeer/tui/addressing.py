"""A host's address as the screens show it: the whole ``ekpeer join ...`` command to copy, a
short ``HOST:PORT`` and the key's fingerprint to compare by eye.

The address format and fingerprints belong to ``ekpeer.net.addresses`` (issue 14: a shell-safe
key encoding, known hosts). Until that module is installed this falls back to the same rules
written here small: the key's SHA-256 as four groups of four base32 letters, and every word
of the command quoted where a shell needs it (a z85 key holds ``#``, ``$``, ``&``, ``)``).
"""

from __future__ import annotations

import base64
import hashlib
import shlex
from typing import Any


def _net() -> Any:
    try:
        from ..net import addresses
    except ImportError:        # issue 14's module is not there yet: the fallbacks below
        return None
    return addresses


def _key(address: str) -> bytes | None:
    """The host's 32-byte public key an address carries (``#z85`` or ``/base32``), if any."""
    net = _net()
    if net is not None:
        try:
            key = net.parse(address).key
        except ValueError:
            return None
        if key is None:
            return None
        import zmq.utils.z85

        return zmq.utils.z85.decode(key)
    rest = address.split("://", 1)[-1]
    try:
        if "#" in rest:
            import zmq.utils.z85

            raw = zmq.utils.z85.decode(rest.split("#", 1)[1])
        elif "/" in rest:
            text = rest.split("/", 1)[1].replace("-", "").upper()
            raw = base64.b32decode(text + "=" * (-len(text) % 8))
        else:
            return None
    except (ValueError, KeyError, TypeError):
        return None
    return raw if len(raw) == 32 else None


def short_address(address: str) -> str:
    """``HOST:PORT``: what people read aloud (the key is compared by its fingerprint)."""
    rest = address.split("://", 1)[-1]
    return rest.split("#", 1)[0].split("/", 1)[0]


def fingerprint(address: str) -> str | None:
    """The host key's short fingerprint (``k3vq-7mxa-2dfp-qz5e``), or None without a key."""
    raw = _key(address)
    if raw is None:
        return None
    net = _net()
    if net is not None:
        import zmq.utils.z85

        return str(net.fingerprint(zmq.utils.z85.encode(raw)))
    text = base64.b32encode(hashlib.sha256(raw).digest()[:10]).decode("ascii").lower()
    return "-".join(text[i:i + 4] for i in range(0, 16, 4))


def join_command(address: str, table: str | None = None) -> str:
    """The whole ``ekpeer join ADDRESS [--table T]`` line, safe to paste into a shell."""
    net = _net()
    if net is not None:
        try:
            return str(net.join_command(address, table=table))
        except ValueError:     # an address its parser refuses: shown quoted as it is
            pass
    words = ["ekpeer", "join", address] + (["--table", table] if table else [])
    return " ".join(shlex.quote(w) for w in words)
