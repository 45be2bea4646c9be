"""What a person typed as a host's address, made into one to connect to, trusting no key silently.

Used by ``ekpeer join`` and ``ekpeer bot`` before they connect (it prints, and may ask at
the terminal): see :mod:`ekpeer.net.known_hosts` and docs/security.md.
"""

from __future__ import annotations

import sys
from typing import Any

from .i18n import _

SETTLE = 1.0        # seconds of listening on the LAN after a host's key is first heard


def trusted_address(address: str, *, trust: bool = False, discovery: bool = True, insecure: bool = False,
                    timeout: float = 3.0, ask: Any = None, out: Any = None) -> str | None:
    """The whole address (key included) to connect to for what a person typed, or None after
    saying why not (on ``out``, stderr by default).

    * A key in the address: checked against the known hosts (another key for a known host is
      refused); a new one is announced with its fingerprint and remembered once the host answers.
    * ``HOST:PORT`` alone: the key of a trusted earlier visit; else the key the host advertises
      on the LAN, which nobody vouches for: its fingerprint is shown and it is trusted only
      with ``trust`` (``--trust``) or a yes typed at a terminal (``ask``), then remembered.
    """
    from .net.addresses import AddressError, format_address, parse
    from .net.known_hosts import KnownHosts, expect

    out = out or sys.stderr
    known = KnownHosts()
    try:
        parsed = parse(address)
        if parsed.endpoint.startswith("inproc://"):
            return address
        if parsed.key is not None:
            checked = known.check(parsed.hostport, parsed.key)
            if checked.status == "new":
                print(checked.words(), file=out)
            return str(parsed)
        old = known.lookup(parsed.hostport)
        if old is not None:
            return format_address(parsed.endpoint, old)
        if insecure:
            return address
        if not discovery:
            print(_("{host}: no host key in the address and none known for it: use the whole "
                    "address the host shows (tcp://HOST:PORT/KEY), or let ekpeer look for it on the LAN "
                    "(no --no-discovery).").format(host=parsed.hostport), file=out)
            return None
        checked = _found_on_lan(parsed, timeout, known, out)
    except AddressError as exc:         # HostKeyChanged too: its words say what to do
        print(f"ekpeer: {exc}", file=out)
        return None
    if checked is None:
        return None
    if checked.status == "new":
        print(checked.words(), file=out)
        if not (trust or _yes(ask, _("Trust this host's key? [y/N] "))):
            print(_("Not trusted. Once the host's screen shows the same fingerprint, join again with "
                    "--trust, or with the whole address it shows: {address}").format(address=checked.address),
                  file=out)
            return None
        # remembered (by address, name, and the name:port typed) only once the host there
        # has answered the handshake with this key (Client.connect): never on the LAN's word
        expect(checked, connect_to=parsed.hostport)
    return format_address(parsed.endpoint, checked.key)


def _found_on_lan(parsed: Any, timeout: float, known: Any, out: Any) -> Any:
    """The trust of the key the LAN advertises for ``parsed``'s host and port, or None (said)."""
    import asyncio

    from .net.discovery import DiscoveryUnavailable, advertised_hostname, discover
    from .net.known_hosts import KeysContested, check_found

    host = parsed.host.lower()
    typed = advertised_hostname(host).lower()        # the host typed by its name ("" for an IP)

    def ours(f: Any) -> bool:
        port = int(f.endpoint.rsplit(":", 1)[1])
        named = bool(typed) and advertised_hostname(f.hostname).lower() == typed
        return port == parsed.port and (host in f.addresses or named) and bool(f.key)

    try:
        # a look-alike answering the same query a moment later is still heard (SETTLE)
        tables = asyncio.run(discover(timeout, until=lambda ts: any(map(ours, ts)), settle=SETTLE))
        found = [f for f in tables if ours(f)]
    except DiscoveryUnavailable as exc:
        found = []
        print(_("LAN discovery is not available here ({reason}).").format(reason=exc), file=out)
    keys = {k for f in found for k in (f.key, *f.rival_keys)}
    if not found:
        print(_("No key is known for {host} and no host there advertises one on the LAN: join "
                "with the whole address the host shows (tcp://HOST:PORT/KEY).").format(host=parsed.hostport),
              file=out)
        return None
    if len(keys) > 1:
        raise KeysContested(parsed.hostport, keys)
    return check_found(found[0], known)


def _yes(ask: Any, question: str) -> bool:
    """A yes typed at a terminal (never assumed when nobody can answer)."""
    if ask is None:
        if not sys.stdin.isatty():
            return False
        ask = input
    try:
        return str(ask(question)).strip().lower() in ("y", "yes")
    except (EOFError, KeyboardInterrupt):
        return False
