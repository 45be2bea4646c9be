"""Known hosts: the key of every host this client has played with (trust on first use).

LAN discovery hands out host keys over multicast, which anyone on the network can send:
a look-alike table with its own key is one packet away. So a client remembers, in
``<data dir>/known_hosts`` (``EKPEER_DATA_DIR`` moves it; ``EKPEER_KNOWN_HOSTS`` names the
file itself), which key each host had, by its address (``HOST:PORT``) and by the name
it advertises (``name:HOST``), and then:

* a known host with the same key: goes on, and ``HOST:PORT`` alone is enough to join it;
* a host never seen: its key's fingerprint is shown when it is first trusted. A key the
  player gave (the whole address, as the host's screen shows it) is theirs to trust; a
  key that only LAN discovery vouches for is asked about first (``ekpeer join`` asks,
  or takes ``--trust``) and remembered once trusted;
* a known address or name with another key: refused, loudly, with both fingerprints and
  how to forget the old key (``ekpeer forget-host HOST:PORT``) once the host's own
  screen has confirmed the new one.

The file is text, one host a line: who, the key in the shell-safe form, the day it was
first trusted. Lines it does not understand are kept as they are.
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .addresses import AddressError, decode_key, encode_key, fingerprint, format_address, parse, valid_key

FILE_NAME = "known_hosts"
HEADER = ("# ekpeer known hosts: the key of each host this client has played with.\n"
          "# HOST:PORT or name:HOST, the key (base32), the day it was first trusted.\n"
          "# Forget one with: ekpeer forget-host HOST:PORT (or name:HOST)\n")


def default_path() -> Path:
    """``EKPEER_KNOWN_HOSTS``, else ``known_hosts`` in the data directory."""
    env = os.environ.get("EKPEER_KNOWN_HOSTS")
    if env:
        return Path(env)
    from .security import data_dir

    return data_dir() / FILE_NAME


def name_entry(name: str) -> str:
    """How an advertised host name is keyed: ``name:<host>`` (lowercase, no ``.local``)."""
    name = name.strip().lower().rstrip(".")
    if name.endswith(".local"):
        name = name[: -len(".local")]
    return f"name:{name}"


def who_of(text: str) -> str:
    """``HOST:PORT``, ``tcp://HOST:PORT[/KEY]`` or ``name:HOST`` as the file keys it."""
    if text.lower().startswith("name:"):
        return name_entry(text[5:])
    return parse(text).hostport


class HostKeyChanged(AddressError):
    """A known address or name came back with another key: refused, never trusted silently."""

    def __init__(self, hostport: str, who: str, old: bytes, new: bytes, path: Path) -> None:
        self.hostport, self.who, self.old, self.new, self.path = hostport, who, old, new, path
        what = f"the host advertised as {who[5:]!r}" if who.startswith("name:") else f"the host at {who}"
        super().__init__(
            f"REFUSED: {what} now has another key than the one this client trusted before.\n"
            f"  trusted before: {fingerprint(old)}\n"
            f"  offered now:    {fingerprint(new)} ({hostport})\n"
            "Someone on the network may be pretending to be that host; or the host made itself a new "
            "key (its data folder was lost). Ask the person hosting which fingerprint their screen "
            f"shows. Only if it is the new one: ekpeer forget-host {who}  (then join again; "
            f"the keys are kept in {path})")


@dataclass
class Trust:
    """What a client knows of a host's key before it connects."""

    hostport: str
    key: bytes                      # z85
    status: str                     # "known" (trusted before) or "new" (never seen)
    source: str = "given"           # "given" (in the address), "known" (known_hosts), "lan" (discovery)
    names: tuple[str, ...] = field(default_factory=tuple)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.key)

    @property
    def address(self) -> str:
        """The whole address, key included (``tcp://HOST:PORT/KEY``)."""
        return format_address(f"tcp://{self.hostport}", self.key)

    def words(self) -> str:
        """What to tell the player about this key, in one or two sentences."""
        shown = f"{self.hostport}" + (f" ({', '.join(n[5:] for n in self.names)})" if self.names else "")
        if self.status == "known":
            return f"{shown}: the host this client trusted before (key fingerprint {self.fingerprint})."
        if self.source == "lan":
            return (f"{shown} is advertised on the LAN with key fingerprint {self.fingerprint}. Anyone on "
                    "the network can advertise a table: compare this fingerprint with the one the "
                    "host's screen shows before trusting it.")
        return (f"First visit to {shown}: trusting its key, fingerprint {self.fingerprint} (compare it "
                "with the host's screen); this client will refuse any other key there from now on.")


class KnownHosts:
    """The known-hosts file (read afresh at each look: other ekpeer processes may write it)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()

    # ------------------------------------------------------------------ reading
    def _lines(self) -> list[str]:
        try:
            return self.path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return []

    @staticmethod
    def _entry(line: str) -> tuple[str, bytes] | None:
        parts = line.split()
        if len(parts) < 2 or line.lstrip().startswith("#"):
            return None
        try:
            return parts[0].lower(), decode_key(parts[1])
        except AddressError:
            return None

    def entries(self) -> dict[str, bytes]:
        """Who (``HOST:PORT`` or ``name:HOST``) -> z85 key."""
        out: dict[str, bytes] = {}
        for line in self._lines():
            entry = self._entry(line)
            if entry is not None:
                out[entry[0]] = entry[1]
        return out

    def lookup(self, address: str) -> bytes | None:
        """The key trusted for ``address`` (``HOST:PORT``, or ``name:HOST``), if any."""
        try:
            return self.entries().get(who_of(address))
        except AddressError:
            return None

    def check(self, hostport: str, key: bytes | str, names: Any = (), source: str = "given") -> Trust:
        """How far ``key`` is trusted for ``hostport`` (and the advertised ``names``): a
        :class:`Trust` when known or new; :class:`HostKeyChanged` when either knew another."""
        key = key if isinstance(key, bytes) else key.encode("ascii")
        if not valid_key(key):
            raise AddressError("not a host key")
        hostport = who_of(hostport)
        whos = [hostport, *(name_entry(n) for n in names if n)]
        known = self.entries()
        status = "known"
        for who in whos:
            old = known.get(who)
            if old is None:
                if who == hostport:
                    status = "new"
            elif old != key:
                raise HostKeyChanged(hostport, who, old, key, self.path)
        return Trust(hostport, key, status, source, tuple(w for w in whos if w != hostport))

    # ------------------------------------------------------------------ writing
    def remember(self, hostport: str, key: bytes | str, names: Any = ()) -> None:
        """Trust ``key`` for ``hostport`` and ``names`` from now on (entries already there stay)."""
        key = key if isinstance(key, bytes) else key.encode("ascii")
        whos = [who_of(hostport), *(name_entry(n) for n in names if n)]
        known = self.entries()
        day = time.strftime("%Y-%m-%d")
        added = [f"{who} {encode_key(key)} {day}" for who in whos if who not in known]
        if added:
            self._write(self._lines() + added)

    def forget(self, who: str) -> list[str]:
        """Drop every line for ``who`` (``HOST:PORT``, ``tcp://...`` or ``name:HOST``); the lines dropped."""
        target = who_of(who)
        keep, gone = [], []
        for line in self._lines():
            entry = self._entry(line)
            (gone if entry is not None and entry[0] == target else keep).append(line)
        if gone:
            self._write(keep)
        return gone

    def _write(self, lines: list[str]) -> None:
        body = [line for line in lines if line.strip()]
        head = "" if body and body[0].startswith("# ekpeer known hosts") else HEADER
        text = head + "\n".join(body) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.fchmod(fd, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
        except BaseException:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise
        os.replace(tmp, self.path)


def store(value: Any) -> KnownHosts | None:
    """A client's ``known_hosts`` argument: True (the user's file), a path, a
    :class:`KnownHosts`, or None/False (remember nothing: tools and tests)."""
    if value is None or value is False:
        return None
    if value is True:
        return KnownHosts()
    if isinstance(value, KnownHosts):
        return value
    return KnownHosts(value)


def check_found(found: Any, known: KnownHosts | None = None) -> Trust:
    """The trust of a table seen on the LAN (:class:`ekpeer.net.discovery.Found`): its key is
    checked against its address and its advertised host name. Raises
    :class:`HostKeyChanged`, or :class:`AddressError` when it advertises no key."""
    if not getattr(found, "key", "") or not valid_key(found.key):
        raise AddressError(f"{found.endpoint} advertises no host key")
    names = [found.hostname] if getattr(found, "hostname", "") else []
    return (known or KnownHosts()).check(parse(found.endpoint).hostport, found.key, names, source="lan")


def trust_for(known: KnownHosts | None, endpoint: str, key: bytes | None,
              lookup: bool = True) -> Trust | None:
    """A client's view of the host at ``endpoint`` before it connects: the key the address
    gave checked against the known hosts (:class:`HostKeyChanged` when they knew another),
    or, with no key given, the key of a trusted earlier visit. None when there is nothing
    to go on (no memory kept, an in-process host, or no key given nor known; ``lookup``
    False: no key given is looked up, as for ``--insecure`` plain TCP)."""
    if known is None or endpoint.startswith("inproc://"):
        return None
    try:
        hostport = parse(endpoint).hostport
    except AddressError:
        return None
    if key is None:
        if not lookup:
            return None
        old = known.entries().get(hostport)
        return Trust(hostport, old, "known", source="known") if old is not None else None
    return known.check(hostport, key)


def confirmed(known: KnownHosts | None, trust: Trust | None) -> None:
    """The host answered over CURVE with ``trust``'s key (it holds the secret half): a new key
    is remembered now. A file that cannot be written costs the memory, never the game."""
    if known is None or trust is None or trust.status != "new":
        return
    with contextlib.suppress(OSError):
        known.remember(trust.hostport, trust.key, [n[5:] for n in trust.names])
        trust.status = "known"
