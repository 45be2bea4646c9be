"""A host's address as the screens show it: the whole ``ekpeer join ...`` command to copy, a
short ``HOST:PORT`` and the key's fingerprint to compare by eye (the rules are
``ekpeer.net.addresses``'; these never raise, a screen shows less instead)."""

from __future__ import annotations

from ..net.addresses import AddressError, parse
from ..net.addresses import fingerprint as key_fingerprint
from ..net.addresses import join_command as _join_command


def short_address(address: str) -> str:
    """``HOST:PORT``: what people read aloud (the key is compared by its fingerprint)."""
    try:
        return parse(address).hostport
    except AddressError:
        return address.split("://", 1)[-1].split("#", 1)[0].split("/", 1)[0]


def fingerprint(address: str) -> str | None:
    """The host key's short fingerprint (``k3vq-7mxa-2dfp-qz5e``), or None without a key."""
    try:
        key = parse(address).key
    except AddressError:
        return None
    return key_fingerprint(key) if key else None


def join_command(address: str, table: str | None = None) -> str:
    """The whole ``ekpeer join [--table T] ADDRESS`` line, safe to paste into a shell. The
    address comes last: a narrow screen wraps the line before it, never inside it."""
    import shlex

    try:
        canonical = _join_command(address).split(" ", 2)[2]      # h14's form, quoted if it must be
    except AddressError:       # an address the parser refuses: shown quoted as it is
        canonical = shlex.quote(address)
    words = ["ekpeer", "join"] + (["--table", shlex.quote(table)] if table else [])
    return " ".join([*words, canonical])
