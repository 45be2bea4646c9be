"""Is it this machine's own network that is down? A host that fell silent may have quit,
crashed or lost its network, or the player's own cable or Wi-Fi may be gone: only the last
is something the player can fix, so the client says when it is so.

The test costs no packet: connecting a UDP socket asks the kernel for a route to the host,
and with no route there (the interface down, the Wi-Fi gone, no default route) it refuses at
once with ``ENETUNREACH``. A route that exists says nothing about the far end, so the answer
is only ever "down here" or "don't know".
"""

from __future__ import annotations

import errno
import socket

#: errors that mean this machine has no way out to the host's address
NO_ROUTE = {errno.ENETUNREACH, errno.EHOSTUNREACH, errno.EADDRNOTAVAIL, errno.ENETDOWN}


def no_route(host: str, port: int) -> bool:
    """True when this machine has no route to ``host`` (an IP address, or a name it can still
    resolve): its own network is down. False when a route exists or the answer is unknown."""
    host = host.strip("[]")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_DGRAM)
    except socket.gaierror as exc:
        # a name that no longer resolves: no network at all, or just DNS (not said as down)
        return exc.errno in (socket.EAI_AGAIN,) and not _any_route()
    except (OSError, UnicodeError):
        return False
    for family, kind, proto, _, sockaddr in infos:
        with socket.socket(family, kind, proto) as sock:
            try:
                sock.connect(sockaddr)
                local = sock.getsockname()[0]
            except OSError as exc:
                if exc.errno in NO_ROUTE:
                    continue
                return False
            # a route, but through a link with no carrier (a cable pulled, a switch gone): the
            # kernel keeps the route and the address, and nothing gets through
            return family == socket.AF_INET and _no_carrier(local)
    return bool(infos)


def _no_carrier(local_ip: str) -> bool:
    """Is the interface that holds ``local_ip`` without a carrier (Linux; False elsewhere)?"""
    if local_ip.startswith("127."):
        return False
    try:
        import fcntl
        import struct

        names = [name for _, name in socket.if_nameindex()]
    except (ImportError, OSError, AttributeError):
        return False
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for name in names:
            try:
                packed = fcntl.ioctl(probe.fileno(), 0x8915,        # SIOCGIFADDR
                                     struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue
            if socket.inet_ntoa(packed[20:24]) != local_ip:
                continue
            try:
                with open(f"/sys/class/net/{name}/carrier") as f:
                    return f.read().strip() == "0"
            except OSError:
                return False
    return False


def _any_route() -> bool:
    """Has this machine a route to anywhere beyond itself (a default route)?"""
    for addr in (("192.0.2.1", 9), ):       # TEST-NET-1: routed by a default route, never sent to
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            try:
                sock.connect(addr)
            except OSError:
                return False
    return True
