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


def shell_lines(command: str, width: int) -> str:
    """``command`` as it fits ``width`` columns: whole on one line, or broken before its last
    word (the address) with a shell's line continuation, so that the screen lines a terminal
    copies with the mouse still run as one command. (Soft-wrapped, they ran as ``ekpeer join
    --table main`` and then the address on its own.) An address still too long is cut into
    lines that end in a backslash: a shell joins them back into one word (80 columns cut a
    58-letter key, and the pasted lines ran as a short key and a command ``3q6``). A quoted
    address is left whole: inside quotes a backslash is no continuation."""
    head, _, last = command.rpartition(" ")
    if len(command) <= width:
        return command
    lines = [f"{head} \\"] if head else []
    if len(last) <= width or width < 2 or any(c in last for c in "'\"\\"):
        return "\n".join([*lines, last])
    step = width - 1
    pieces = [last[i:i + step] for i in range(0, len(last), step)]
    return "\n".join([*lines, *(piece + "\\" for piece in pieces[:-1]), pieces[-1]])


def join_command(address: str, table: str | None = None, password: bool = False) -> str:
    """The whole ``ekpeer join [--password] [--table T] ADDRESS`` line, safe to paste into a
    shell. The address comes last: a narrow screen wraps the line before it, never inside it.
    ``password``: the table has one; ``--password`` alone (never the password itself) makes
    ``ekpeer join`` ask for it, so it goes before ``--table`` (right before the address it would
    take the address for the password); without a table it ends the line."""
    import shlex

    try:
        canonical = _join_command(address).split(" ", 2)[2]      # h14's form, quoted if it must be
    except AddressError:       # an address the parser refuses: shown quoted as it is
        canonical = shlex.quote(address)
    words = ["ekpeer", "join"] + (["--password"] if password and table else []) \
        + (["--table", shlex.quote(table)] if table else [])
    return " ".join([*words, canonical, *(["--password"] if password and not table else [])])
