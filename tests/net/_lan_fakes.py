"""A look-alike on the LAN for the trust tests (issue 26): a service advertised over
multicast DNS on loopback with whatever instance name, address, port and TXT properties an
attacker picks, no host behind it unless the test starts one."""

from __future__ import annotations

import contextlib
import socket
from typing import Any

import zmq

from ekpeer.net.discovery import SERVICE, TXT_VERSION


def props(key: bytes | str, host: str | None = "annslaptop", table: str = "main") -> dict[str, str]:
    """TXT properties of an ekpeer table, as a look-alike writes them (``host`` None: none)."""
    out = {"v": TXT_VERSION, "table": table, "title": table, "phase": "lobby", "seats": "3",
           "taken": "0", "free": "3", "expansions": "", "deck": "", "plugins": "",
           "key": key.decode() if isinstance(key, bytes) else key}
    if host is not None:
        out["host"] = host
    return out


class LookAlike:
    """One advertised service on 127.0.0.1, registered without probing (as a responder that
    does not care about a name already taken would)."""

    def __init__(self, instance: str, port: int, properties: dict[str, str],
                 address: str = "127.0.0.1") -> None:
        self.instance, self.port, self.properties, self.address = instance, port, properties, address
        self.azc: Any = None
        self.info: Any = None

    async def start(self) -> LookAlike:
        from zeroconf import IPVersion
        from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

        self.azc = AsyncZeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
        name = self.instance if self.instance.endswith(SERVICE) else f"{self.instance}.{SERVICE}"
        self.info = AsyncServiceInfo(SERVICE, name, port=self.port, properties=self.properties,
                                     server=f"lookalike-{self.port}.local.",
                                     addresses=[socket.inet_aton(self.address)])
        await self.azc.async_register_service(self.info, cooperating_responders=True)
        return self

    async def goodbye(self, instance: str, port: int, server: str, address: str = "127.0.0.1") -> None:
        """A goodbye (TTL 0) for another responder's service: a spoofed "this table is gone"."""
        from zeroconf import IPVersion
        from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

        if self.azc is None:
            self.azc = AsyncZeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
        info = AsyncServiceInfo(SERVICE, instance, port=port, properties={}, server=server,
                                addresses=[socket.inet_aton(address)])
        await self.azc.zeroconf.async_wait_for_start()
        await self.azc.zeroconf._async_broadcast_service(info, 0, 0, True)    # as unregistering does

    async def close(self) -> None:
        if self.azc is not None:
            with contextlib.suppress(Exception):
                await self.azc.async_unregister_all_services()
            with contextlib.suppress(Exception):
                await self.azc.async_close()
            self.azc = None


def fresh_key() -> bytes:
    """A host key nobody holds the secret half of (in the test, at least)."""
    return zmq.curve_keypair()[0]
