"""Where a host listens, and the addresses it shows: ones that other machines can use.

A host that plays with others (``ekpeer host``) binds every interface (:data:`EVERY_INTERFACE`),
and the address it shows must reach it from another machine: never ``0.0.0.0``, never a host
name (many resolve to ``127.0.1.1`` through ``/etc/hosts``), never loopback while the machine
has anything else. With a default route the address shown is the one this machine sends from
on it (what another machine on that network sees); without one (an offline LAN, a lab, a
switch with no router) it is every interface address the host is bound on, all of them, since
nothing here says which network the others are on.

No packet is sent to find out: a UDP socket's ``connect`` only asks the kernel for a route.
"""

from __future__ import annotations

import contextlib
import socket

PORT = 5555
EVERY_INTERFACE = f"tcp://0.0.0.0:{PORT}"      # `ekpeer host`: others reach it from the LAN
WILDCARDS = ("0.0.0.0", "*", "", "::", "[::]")
ROUTE_PROBE = "192.0.2.1"     # TEST-NET-1 (RFC 5737): routed only by a default route, never answered


def bound_host(bind: str) -> str:
    """The host part of a ZeroMQ endpoint (``tcp://0.0.0.0:5555`` -> ``0.0.0.0``)."""
    return bind.split("://", 1)[-1].rsplit(":", 1)[0]


def is_wildcard(bind: str) -> bool:
    return bound_host(bind) in WILDCARDS


def default_route_address() -> str | None:
    """The address this machine sends from on its default route, or None without one."""
    with contextlib.suppress(OSError):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((ROUTE_PROBE, 9))
            found = s.getsockname()[0]
            if _usable(found):
                return found
    return None


def interface_addresses() -> list[str]:
    """Every IPv4 address of this machine's interfaces but loopback and link-local, in order."""
    found: list[str] = []
    with contextlib.suppress(Exception):
        import ifaddr  # zeroconf's own dependency

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and _usable(ip.ip):
                    found.append(ip.ip)
    return list(dict.fromkeys(found))


def public_hosts(bind: str) -> list[str]:
    """The hosts to show for a host bound at ``bind``: the bound address itself unless it is
    every interface; then the default route's address, or without one every interface
    address (loopback only when the machine has nothing else: then nobody else can reach it)."""
    host = bound_host(bind).strip("[]")
    if host not in WILDCARDS:
        return [host]
    primary = default_route_address()
    if primary is not None:
        return [primary]
    return interface_addresses() or ["127.0.0.1"]


def _usable(address: str) -> bool:
    import ipaddress  # here: `ekpeer --help` and the other commands never need it

    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)
