"""LAN discovery over multicast DNS (python-zeroconf): hosts advertise tables, clients browse.

Every table a host serves is one ``_ekpeer._tcp.local.`` service: the SRV record carries
the host's port, the A records its addresses, and the TXT properties describe the table
(see docs/protocol.md, "LAN discovery"). Discovery is a convenience only: typing an
address always works, and a host whose multicast is blocked just goes unseen.

Interfaces: ``EKPEER_DISCOVERY_INTERFACES`` (comma-separated IPv4 addresses, or ``all``)
chooses where to send and listen; without it a host bound to one address advertises on
that address only (``127.0.0.1`` stays on this machine) and a wildcard bind, like a
browser, uses every interface. ``EKPEER_NO_DISCOVERY=1`` turns discovery off everywhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import socket
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

SERVICE = "_ekpeer._tcp.local."
TXT_VERSION = "1"
POLL_SECONDS = 0.5          # how often a host looks for changed tables
MAX_ADVERTISED = 32         # tables one host advertises at most
TXT_VALUE = 200             # bytes per TXT value (a TXT string holds at most 255 with its key)
WILDCARDS = ("0.0.0.0", "*", "", "::", "[::]")


class DiscoveryUnavailable(RuntimeError):
    """python-zeroconf is missing, or multicast DNS could not be set up here."""


def disabled() -> bool:
    return os.environ.get("EKPEER_NO_DISCOVERY", "").strip().lower() not in ("", "0", "no", "false")


def _zeroconf() -> Any:
    try:
        import zeroconf
        import zeroconf.asyncio  # noqa: F401
    except ImportError as exc:  # pragma: no cover - zeroconf is a dependency
        raise DiscoveryUnavailable("python-zeroconf is not installed") from exc
    return zeroconf


def interfaces_from_env(default: Any = None) -> Any:
    """The interfaces chosen by ``EKPEER_DISCOVERY_INTERFACES`` (else ``default``; None = all)."""
    raw = os.environ.get("EKPEER_DISCOVERY_INTERFACES", "").strip()
    if not raw:
        return default
    if raw.lower() in ("all", "*"):
        return None
    return [p.strip() for p in raw.split(",") if p.strip()]


def _open(interfaces: Any) -> Any:
    zc = _zeroconf()
    from zeroconf.asyncio import AsyncZeroconf

    choice = zc.InterfaceChoice.All if interfaces is None else list(interfaces)
    try:
        return AsyncZeroconf(interfaces=choice, ip_version=zc.IPVersion.V4Only)
    except OSError as exc:
        raise DiscoveryUnavailable(f"multicast DNS is not available here: {exc}") from exc


def _clip(value: Any, limit: int = TXT_VALUE) -> str:
    text = str(value)
    data = text.encode()
    if len(data) <= limit:
        return text
    return data[:limit].decode(errors="ignore")


def _split_endpoint(endpoint: str) -> tuple[str, int]:
    rest = endpoint.split("://", 1)[-1].split("#", 1)[0]
    host, _, port = rest.rpartition(":")
    return host.strip("[]"), int(port)


def host_key(host: Any) -> str:
    """The host's public key as clients write it after ``#`` (empty while the host has none)."""
    pair = getattr(host, "keypair", None)
    candidates: list[Any] = [pair[0]] if isinstance(pair, tuple) and pair else []   # never the secret half
    candidates += [getattr(host, a, None) for a in ("public_key", "host_key", "server_public_key")]
    for value in candidates:
        if callable(value):
            with contextlib.suppress(Exception):
                value = value()
        if isinstance(value, bytes):
            value = value.decode("ascii", "replace")
        if isinstance(value, str) and value:
            return value
    return ""


def local_addresses(interfaces: Any = None) -> list[str]:
    """IPv4 addresses to advertise: the chosen interfaces, or every one; loopback only when
    there is no other. The A records go to every machine on the LAN, where ``127.0.0.1`` is
    that machine itself (``ekpeer list --json`` showed it for a host on another machine), and
    a client on the host's own machine reaches it by its LAN address as well."""
    if interfaces is not None:
        found = [a for a in interfaces if _is_ipv4(a)]
    else:
        found = []
        with contextlib.suppress(Exception):
            import ifaddr

            for adapter in ifaddr.get_adapters():
                for ip in adapter.ips:
                    if isinstance(ip.ip, str) and _is_ipv4(ip.ip) and not ip.ip.startswith("169.254."):
                        found.append(ip.ip)
    found = list(dict.fromkeys(found))
    beyond = [a for a in found if not ipaddress.ip_address(a).is_loopback]
    if interfaces is not None:
        return beyond or found
    return beyond or found or ["127.0.0.1"]


def _is_ipv4(value: str) -> bool:
    try:
        return ipaddress.ip_address(value).version == 4
    except ValueError:
        return False


def multicast_works(interface: str = "127.0.0.1", timeout: float = 1.0, tries: int = 3) -> bool:
    """Does a multicast datagram sent out of ``interface`` come back here? (Some sandboxes,
    containers and VMs drop multicast; then discovery cannot work and addresses must be typed.)
    Asked up to ``tries`` times: on a loaded machine one datagram may come back late or not at
    all, and a single miss would call a working network blocked."""
    return any(_multicast_comes_back(interface, timeout) for _ in range(max(1, tries)))


def _multicast_comes_back(interface: str, timeout: float) -> bool:
    import struct

    group = "224.0.0.251"
    rx = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
    tx = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
    try:
        rx.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        rx.bind(("", 0))
        port = rx.getsockname()[1]
        rx.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                      socket.inet_aton(group) + socket.inet_aton(interface))
        rx.settimeout(timeout)
        tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(interface))
        tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, struct.pack("b", 1))
        tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
        tx.sendto(b"ekpeer", (group, port))
        return rx.recv(64) == b"ekpeer"
    except OSError:
        return False
    finally:
        rx.close()
        tx.close()


# ---------------------------------------------------------------------------- what is advertised
def table_properties(table: Any, key: str = "") -> dict[str, str]:
    """The TXT properties of one table (``table`` is an ``ekpeer.net.host.Table``)."""
    from .lobby import table_plugins

    settings = table.settings
    seats = int(settings.get("seats", 0))
    taken = len(table.humans())
    expansions = list(settings.get("expansions", []))
    plugins = ",".join(f"{p['name']}={p['version']}" for p in table_plugins(expansions))
    return {
        "v": TXT_VERSION,
        "table": _clip(table.id),
        "title": _clip(table.title or table.id, 64),
        "phase": table.phase,
        "seats": str(seats),
        "taken": str(taken),
        "free": str(max(0, seats - taken) if table.phase == "lobby" else 0),
        "expansions": _clip(",".join(expansions)),
        "deck": _clip(settings.get("deck") or ""),
        "plugins": _clip(plugins),
        # whether sitting down needs the table's password (said before a friend is refused)
        "password": "1" if settings.get("password") else "0",
        "key": _clip(key, 120),
        "host": _clip(hostname(), 63),      # the name the host goes by: known hosts key it too
    }


def hostname() -> str:
    """This machine's short host name, as tables advertise it."""
    return (socket.gethostname() or "ekpeer").split(".")[0]


def instance_name(table_id: str, port: int, hostname: str | None = None) -> str:
    """``table@host:port`` (at most 63 bytes, as DNS-SD wants)."""
    hostname = (hostname or socket.gethostname() or "ekpeer").split(".")[0]
    tail = f":{port}"
    name = f"{table_id}@{hostname}"
    data = name.encode()
    if len(data) + len(tail) > 63:
        name = data[: 63 - len(tail)].decode(errors="ignore")
    return name + tail


@dataclass(eq=False)
class _Entry:
    info: Any
    props: dict[str, str]
    registered: bool = False


class Advertiser:
    """Keeps one ``_ekpeer._tcp`` service per table of ``host`` on the LAN, in step with it.

    Start it after ``host.start()`` (it needs the bound port) and close it before the host.
    It looks at the host's tables every ``interval`` seconds: a new table is registered, a
    changed one (seats taken, phase, settings) re-announced, a removed one said goodbye to.
    """

    def __init__(self, host: Any, *, interfaces: Any = "env", public_host: str | None = None,
                 interval: float = POLL_SECONDS, log: Callable[..., None] | None = None) -> None:
        self.host = host
        self.public_host = public_host
        self.interval = interval
        self._log = log or getattr(host, "log", None)
        bind_ip, self.port = _split_endpoint(host.endpoint or host.bind_to)
        if interfaces == "env":
            interfaces = interfaces_from_env(None if bind_ip in WILDCARDS else [bind_ip])
        self.interfaces = interfaces
        if bind_ip in WILDCARDS:
            self.addresses = [public_host] if public_host and _is_ipv4(public_host) \
                else local_addresses(interfaces)
        else:
            self.addresses = [bind_ip]
        short = (socket.gethostname() or "ekpeer").split(".")[0]
        safe = "".join(c if c.isalnum() or c == "-" else "-" for c in short)[:40] or "ekpeer"
        self.server = f"ekpeer-{safe}-{self.port}.local."
        self.azc: Any = None
        self.services: dict[str, _Entry] = {}   # by table id
        self._task: asyncio.Task | None = None
        self._busy: set[asyncio.Task] = set()
        self.started_at = 0.0

    def log(self, event: str, **fields: Any) -> None:
        if self._log is not None:
            with contextlib.suppress(Exception):
                self._log(event, **fields)

    async def start(self) -> None:
        self.started_at = time.monotonic()
        self.azc = _open(self.interfaces)
        await self.sync()
        self._task = asyncio.create_task(self._loop())
        self.log("discovery_started", service=SERVICE, addresses=self.addresses, port=self.port,
                 interfaces=self.interfaces or "all")

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.sync()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # discovery must never take the host down
                self.log("discovery_error", level="warning", error=repr(exc))

    def _wanted(self) -> dict[str, dict[str, str]]:
        key = host_key(self.host)
        tables = list(getattr(self.host, "tables", {}).values())[:MAX_ADVERTISED]
        return {t.id: table_properties(t, key) for t in tables}

    def _info(self, name: str, props: dict[str, str]) -> Any:
        from zeroconf.asyncio import AsyncServiceInfo

        return AsyncServiceInfo(SERVICE, name, port=self.port, properties=props, server=self.server,
                                addresses=[socket.inet_aton(a) for a in self.addresses])

    async def sync(self) -> None:
        """Register, update and withdraw services so that they match the host's tables now."""
        if self.azc is None:
            return
        wanted = self._wanted()
        for table_id in [t for t in self.services if t not in wanted]:
            entry = self.services.pop(table_id)
            if entry.registered:
                self._spawn(self.azc.async_unregister_service(entry.info))
        for table_id, props in wanted.items():
            entry = self.services.get(table_id)
            if entry is None:
                name = f"{instance_name(table_id, self.port)}.{SERVICE}"
                entry = self.services[table_id] = _Entry(self._info(name, props), props)
                self._spawn(self._register(table_id, entry))
            elif entry.props != props:
                entry.props = props
                if entry.registered:
                    entry.info = self._info(entry.info.name, props)
                    self._spawn(self.azc.async_update_service(entry.info))

    async def _register(self, table_id: str, entry: _Entry) -> None:
        try:
            await self.azc.async_register_service(entry.info, allow_name_change=True)
        except Exception as exc:
            self.log("discovery_error", level="warning", error=repr(exc), name=entry.info.name)
            return
        entry.registered = True
        self.log("advertised", table=table_id, name=entry.info.name,
                 after=round(time.monotonic() - self.started_at, 3))
        if self.services.get(table_id) is not entry:          # removed while probing
            self._spawn(self.azc.async_unregister_service(entry.info))
        elif entry.props != entry.info.decoded_properties:    # changed while probing
            entry.info = self._info(entry.info.name, entry.props)
            self._spawn(self.azc.async_update_service(entry.info))

    def _spawn(self, coro: Any) -> None:
        async def run() -> None:
            result = await coro
            if asyncio.isfuture(result) or asyncio.iscoroutine(result):
                await result

        task = asyncio.ensure_future(run())
        self._busy.add(task)
        task.add_done_callback(self._busy.discard)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        for task in list(self._busy):
            task.cancel()
        if self._busy:
            await asyncio.gather(*self._busy, return_exceptions=True)
        azc, self.azc = self.azc, None
        if azc is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(azc.async_unregister_all_services(), 1.0)
            with contextlib.suppress(Exception):
                await azc.async_close()
        self.services.clear()


async def advertise(host: Any, *, public_host: str | None = None, interfaces: Any = "env",
                    log: Callable[..., None] | None = None) -> Advertiser | None:
    """Start advertising ``host``'s tables; None (logged) when discovery is off or impossible."""
    if disabled():
        return None
    adv = Advertiser(host, public_host=public_host, interfaces=interfaces, log=log)
    try:
        await adv.start()
    except Exception as exc:
        adv.log("discovery_unavailable", level="warning", error=str(exc))
        with contextlib.suppress(Exception):
            await adv.close()
        return None
    return adv


# ---------------------------------------------------------------------------- finding tables
@dataclass
class Found:
    """One table seen on the LAN."""

    name: str                      # the service instance name
    table: str
    title: str
    endpoint: str                  # tcp://IP:PORT
    key: str = ""                  # the host's public key ("" until the host has one)
    phase: str = "lobby"
    seats: int = 0
    taken: int = 0
    free: int = 0
    expansions: list[str] = field(default_factory=list)
    plugins: list[str] = field(default_factory=list)      # "name=version"
    deck: str = ""
    addresses: list[str] = field(default_factory=list)
    seen: float = 0.0
    hostname: str = ""             # the host's name as it advertises it ("" from older hosts)
    password: bool = False         # sitting down needs the table's password (False from older hosts)
    # other keys advertised at this table's address or under its instance name while browsing:
    # two keys for one host mean one of them is an impostor, and neither is trusted
    rival_keys: list[str] = field(default_factory=list)

    @property
    def address(self) -> str:
        """What ``ekpeer join`` takes: ``tcp://HOST:PORT/KEY`` (the endpoint alone without a key).

        The key is only what the advertisement claims: see :func:`ekpeer.net.known_hosts.check_found`."""
        from .addresses import format_address, valid_key

        return format_address(self.endpoint, self.key) if valid_key(self.key) else self.endpoint

    @property
    def open(self) -> bool:
        return self.phase == "lobby" and self.free > 0

    def line(self) -> str:
        """One line of ``ekpeer list``, its words in the command's language (``--lang``; a
        phase as the start screen says it)."""
        from ..i18n import _

        seats = _("{free}/{seats} free").format(free=self.free, seats=self.seats) if self.phase == "lobby" \
            else _(self.phase)
        return (f"{self.address}  {self.table:<12} {self.title!r:<24} {seats:<10} "
                f"{','.join(self.expansions)}" + ("  " + _("password") if self.password else ""))

    @property
    def fingerprint(self) -> str:
        """The advertised key's fingerprint ("" without a valid key)."""
        from .addresses import fingerprint, valid_key

        return fingerprint(self.key) if valid_key(self.key) else ""

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "table": self.table, "title": self.title, "address": self.address,
                "endpoint": self.endpoint, "key": self.key, "phase": self.phase, "seats": self.seats,
                "taken": self.taken, "free": self.free, "expansions": self.expansions,
                "plugins": self.plugins, "deck": self.deck, "addresses": self.addresses,
                "hostname": self.hostname, "fingerprint": self.fingerprint, "password": self.password,
                "rival_keys": self.rival_keys}


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def local_networks() -> list[ipaddress.IPv4Network]:
    """The IPv4 networks this machine is on (from its interfaces' addresses and prefixes)."""
    nets: list[ipaddress.IPv4Network] = []
    with contextlib.suppress(Exception):
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and _is_ipv4(ip.ip):
                    nets.append(ipaddress.ip_network(f"{ip.ip}/{ip.network_prefix}", strict=False))
    return nets


def rank_addresses(addresses: Iterable[str], networks: Iterable[ipaddress.IPv4Network]) -> list[str]:
    """A host's advertised addresses, the one to connect to first: an address on one of this
    machine's own networks before any other (a multi-homed host, with a VPN or a docker
    bridge beside its LAN, advertises addresses a player cannot reach), loopback last."""
    nets = [n for n in networks if not n.network_address.is_loopback]

    def key(a: str) -> tuple[bool, bool]:
        ip = ipaddress.ip_address(a)
        return ip.is_loopback, not any(ip in n for n in nets)

    return sorted(addresses, key=key)


def found_from(info: Any, networks: Iterable[ipaddress.IPv4Network] | None = None) -> Found | None:
    """A :class:`Found` from a resolved ``ServiceInfo`` (None if it is not an ekpeer table);
    its endpoint uses the address this machine reaches (:func:`rank_addresses`)."""
    # anyone on the LAN writes these: no terminal controls in what is shown of them
    props = {k: _printable(v or "") for k, v in (info.decoded_properties or {}).items()}
    if not props.get("table") or not info.port:
        return None
    addresses = list(info.parsed_addresses())
    v4 = rank_addresses([a for a in addresses if _is_ipv4(a)],
                        local_networks() if networks is None else networks)
    if not v4:
        return None
    return Found(
        name=shown_name(info.name), table=props["table"], title=props.get("title") or props["table"],
        endpoint=f"tcp://{v4[0]}:{info.port}", key=props.get("key", ""),
        phase=props.get("phase", "lobby"), seats=_int(props.get("seats")), taken=_int(props.get("taken")),
        free=_int(props.get("free")), expansions=[e for e in props.get("expansions", "").split(",") if e],
        plugins=[p for p in props.get("plugins", "").split(",") if p], deck=props.get("deck", ""),
        addresses=v4, seen=time.monotonic(),
        hostname=advertised_hostname(props.get("host") or _advertised_host(info.name)),
        password=props.get("password") == "1",
    )


def _printable(text: str) -> str:
    return "".join(c if c.isprintable() else "\ufffd" for c in text)


def shown_name(name: str, limit: int = 255) -> str:
    """A service instance name as it may be shown or logged: anyone on the LAN chose it, so
    no terminal control (U+009B, a bidi override like U+202E) and at most ``limit`` characters."""
    return _printable(name[:limit])


def advertised_hostname(name: str) -> str:
    """The host name a table advertises, only if it is one (:func:`known_hosts.valid_name`:
    letters, digits, ``-``, ``_``, at most 63; ``.local`` dropped); "" otherwise,
    so that a name with a space, a control or a direction mark is never shown, looked up or
    stored (known hosts are keyed by it)."""
    from .known_hosts import valid_name

    name = name.strip().rstrip(".")
    if name.lower().endswith(".local"):
        name = name[: -len(".local")]
    return name if valid_name(name.lower()) else ""


def _advertised_host(name: str) -> str:
    """The host part of an instance name ``table@host:port._ekpeer._tcp.local.`` (older hosts)."""
    head = name.split("._ekpeer._tcp", 1)[0]
    return head.rpartition("@")[2].rpartition(":")[0] if "@" in head else ""


class Browser:
    """Watches the LAN for tables; ``on_change(tables)`` runs (in the loop) whenever they change."""

    def __init__(self, on_change: Callable[[list[Found]], Any] | None = None, *, interfaces: Any = "env",
                 resolve_ms: int = 1500) -> None:
        self.on_change = on_change
        self.interfaces = interfaces_from_env(None) if interfaces == "env" else interfaces
        self.resolve_ms = resolve_ms
        self.found: dict[str, Found] = {}
        # every key seen for an address (IP:PORT) or an instance name since start, kept past a
        # goodbye: a look-alike's goodbye for the real table, then its own advertisement, is
        # still two keys for one host
        self.keys_seen: dict[str, set[str]] = {}
        self.networks: list[ipaddress.IPv4Network] | None = None     # this machine's, from start()
        self.azc: Any = None
        self.browser: Any = None
        self.changed = asyncio.Event()
        self._tasks: set[asyncio.Task] = set()

    @property
    def tables(self) -> list[Found]:
        return sorted(self.found.values(), key=lambda f: (not f.open, f.title.lower(), f.endpoint))

    async def start(self) -> None:
        _zeroconf()
        from zeroconf.asyncio import AsyncServiceBrowser

        self.azc = _open(self.interfaces)
        self.networks = local_networks()
        self.browser = AsyncServiceBrowser(self.azc.zeroconf, [SERVICE], handlers=[self._on_service])

    def _on_service(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            if self.found.pop(name, None) is not None:
                self._changed()
            return
        task = asyncio.ensure_future(self._resolve(service_type, name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(self, service_type: str, name: str) -> None:
        from zeroconf.asyncio import AsyncServiceInfo

        if self.azc is None:
            return
        info = AsyncServiceInfo(service_type, name)
        try:
            ok = await info.async_request(self.azc.zeroconf, self.resolve_ms)
        except Exception:
            return
        found = found_from(info, self.networks) if ok else None
        if found is None:
            return
        self._saw(name, found)
        old = self.found.get(name)
        self.found[name] = found
        if old is None or old.as_dict() != found.as_dict():
            self._changed()

    def _places(self, name: str, found: Found) -> list[str]:
        """Where a key is claimed: the instance name and the addresses. Loopback counts only
        for a table with no other address (one on this machine): every host advertises
        127.0.0.1 last, for clients on its own machine, so two hosts on two machines would
        otherwise both claim 127.0.0.1:5555 and read as one host with two keys."""
        port = found.endpoint.rsplit(":", 1)[1]
        reachable = [a for a in found.addresses if not ipaddress.ip_address(a).is_loopback]
        return [f"name:{name.lower()}", *(f"at:{a}:{port}" for a in reachable or found.addresses)]

    def _saw(self, name: str, found: Found) -> None:
        """Count ``found``'s key for its address and name; mark every table there whose place
        has seen another key (``rival_keys``)."""
        if found.key:
            for place in self._places(name, found):
                self.keys_seen.setdefault(place, set()).add(found.key)
        tables = {**self.found, name: found}
        for n, f in tables.items():
            keys: set[str] = set()
            for place in self._places(n, f):
                keys |= self.keys_seen.get(place, set())
            f.rival_keys = sorted(keys - {f.key})

    def _changed(self) -> None:
        self.changed.set()
        if self.on_change is not None:
            with contextlib.suppress(Exception):
                self.on_change(self.tables)

    async def wait(self, timeout: float, until: Callable[[list[Found]], bool] | None = None,
                   settle: float = 0.0) -> list[Found]:
        """Browse for ``timeout`` seconds (or until ``until(tables)`` holds, then ``settle``
        seconds more, within ``timeout``: a look-alike answering the same query a moment
        later is still heard); the tables seen."""
        deadline = time.monotonic() + timeout
        while True:
            if until is not None and until(self.tables):
                deadline = min(deadline, time.monotonic() + settle)
                until = None
            left = deadline - time.monotonic()
            if left <= 0:
                break
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return self.tables

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.browser is not None:
            with contextlib.suppress(Exception):
                await self.browser.async_cancel()
            self.browser = None
        azc, self.azc = self.azc, None
        if azc is not None:
            with contextlib.suppress(Exception):
                await azc.async_close()

    async def __aenter__(self) -> Browser:
        await self.start()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()


async def discover(timeout: float = 2.0, *, interfaces: Any = "env",
                   until: Callable[[list[Found]], bool] | None = None, settle: float = 0.0) -> list[Found]:
    """The tables seen on the LAN within ``timeout`` seconds (sooner when ``until`` holds,
    ``settle`` seconds after it first does)."""
    async with Browser(interfaces=interfaces) as browser:
        return await browser.wait(timeout, until, settle)


def summary(tables: Iterable[Found]) -> list[dict[str, Any]]:
    return [t.as_dict() for t in tables]
