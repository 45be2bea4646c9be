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

The file is text, one JSON object a line (``{"who": ..., "key": ..., "since": ...}``:
who, the key in the shell-safe form, the day it was first trusted), written whole to a
temporary file and renamed into place. A host name comes from the network (anyone on the
LAN advertises what they like): it is checked to be a host name (:func:`valid_name`: letters,
digits, ``-`` and ``_``, at most 63) before it is looked up or stored, and JSON quotes
whatever is written, so nothing a peer advertises can add a line or a field. The first
format, ``WHO KEY DAY`` separated by spaces, is still read (only lines of exactly that
shape), and a file in it is rewritten in JSON the first time it is read or written; lines
neither format understands are kept as quoted comments, never read as hosts.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import _
from .addresses import AddressError, decode_key, encode_key, fingerprint, format_address, parse, valid_key

FILE_NAME = "known_hosts"
HEADER = ("# ekpeer known hosts (format 2): the key of each host this client has played with,\n"
          "# one JSON object a line: who (HOST:PORT or name:HOST), key (base32), since (the day).\n"
          "# Forget one with: ekpeer forget-host HOST:PORT (or name:HOST)\n")
OLD_HEADER = ("# ekpeer known hosts: ", "# HOST:PORT or name:HOST, the key", "# Forget one with: ")
NOT_READ = "# not read (not a known host): "
NAME_LEN = 63               # a DNS label
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def default_path() -> Path:
    """``EKPEER_KNOWN_HOSTS``, else ``known_hosts`` in the data directory."""
    env = os.environ.get("EKPEER_KNOWN_HOSTS")
    if env:
        return Path(env)
    from .security import data_dir

    return data_dir() / FILE_NAME


def valid_name(name: str) -> bool:
    """Is ``name`` (already lowercased, no ``.local``) a host name to key trust by? A host
    name from mDNS is anyone's words: at most 63 letters, digits, ``-`` and ``_``, so that no
    space, control, quote or direction mark reaches the file or a terminal."""
    return 0 < len(name) <= NAME_LEN and all(c.isalnum() or c in "-_" for c in name) \
        and any(c.isalnum() for c in name)


def name_entry(name: str) -> str:
    """How an advertised host name is keyed: ``name:<host>`` (lowercase, no ``.local``);
    :class:`AddressError` when it is no host name (:func:`valid_name`)."""
    name = name.strip().lower().rstrip(".")
    if name.endswith(".local"):
        name = name[: -len(".local")]
    if not valid_name(name):
        raise AddressError(f"{name[:NAME_LEN]!r} is not a host name (letters, digits, '-' and '_', "
                           f"at most {NAME_LEN})")
    return f"name:{name}"


def who_of(text: str) -> str:
    """``HOST:PORT``, ``tcp://HOST:PORT[/KEY]`` or ``name:HOST`` as the file keys it."""
    if text.lower().startswith("name:"):
        return name_entry(text[5:])
    hostport = parse(text).hostport
    host = hostport.rpartition(":")[0]
    if len(host) > 255 or not host.isprintable():
        raise AddressError(f"{hostport[:80]!r} is not a host's address")
    return hostport


def valid_who(who: str) -> bool:
    """Is ``who`` a key of the file exactly as :func:`who_of` writes it?"""
    try:
        return who_of(who) == who
    except (AddressError, ValueError):
        return False


class HostKeyChanged(AddressError):
    """A known address or name came back with another key: refused, never trusted silently."""

    def __init__(self, hostport: str, who: str, old: bytes, new: bytes, path: Path) -> None:
        self.hostport, self.who, self.old, self.new, self.path = hostport, who, old, new, path
        what = _("the host advertised as {name}").format(name=repr(who[5:])) if who.startswith("name:") \
            else _("the host at {address}").format(address=who)
        super().__init__(_(
            "REFUSED: {what} now has another key than the one this client trusted before.\n"
            "  trusted before: {old}\n"
            "  offered now:    {new} ({hostport})\n"
            "Someone on the network may be pretending to be that host; or the host made itself a new "
            "key (its data folder was lost). Ask the person hosting which fingerprint their screen "
            "shows. Only if it is the new one: ekpeer forget-host {who}  (then join again; "
            "the keys are kept in {path})").format(what=what, old=fingerprint(old), new=fingerprint(new),
                                                   hostport=hostport, who=who, path=path))


class KeysContested(AddressError):
    """Two keys advertised on the LAN for one host (its address or instance name): one of them
    is a look-alike, and nobody can tell which from the LAN; neither is trusted."""

    def __init__(self, hostport: str, keys: Any) -> None:
        self.hostport, self.keys = hostport, sorted(keys)
        prints = ", ".join(fingerprint(k) for k in self.keys)
        super().__init__(_(
            "REFUSED: {n} different keys are advertised on the LAN for {hostport} "
            "(fingerprints {prints}): someone is pretending to be that host. Join with the whole "
            "address the host's screen shows (tcp://HOST:PORT/KEY).").format(
                n=len(self.keys), hostport=hostport, prints=prints))


@dataclass
class Trust:
    """What a client knows of a host's key before it connects."""

    hostport: str
    key: bytes                      # z85
    status: str                     # "known" (trusted before) or "new" (never seen)
    source: str = "given"           # "given" (in the address), "known" (known_hosts), "lan" (discovery)
    names: tuple[str, ...] = field(default_factory=tuple)
    also: tuple[str, ...] = field(default_factory=tuple)     # other HOST:PORTs it goes by (typed)

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
            return _("{host}: the host this client trusted before (key fingerprint {fingerprint}).").format(
                host=shown, fingerprint=self.fingerprint)
        if self.source == "lan":
            return _("{host} is advertised on the LAN with key fingerprint {fingerprint}. Anyone on "
                     "the network can advertise a table: compare this fingerprint with the one the "
                     "host's screen shows before trusting it.").format(host=shown,
                                                                      fingerprint=self.fingerprint)
        return _("First visit to {host}: trusting its key, fingerprint {fingerprint} (compare it "
                 "with the host's screen); this client will refuse any other key there from now on.").format(
                     host=shown, fingerprint=self.fingerprint)


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
        """``(who, key)`` of a line in either format, or None (a comment, or not understood)."""
        text = line.strip()
        if not text or text.startswith("#"):
            return None
        if text.startswith("{"):
            try:
                obj = json.loads(text)
                who, key = obj["who"], obj["key"]
            except (ValueError, TypeError, KeyError):
                return None
            if not (isinstance(who, str) and isinstance(key, str)):
                return None
        else:                       # the first format: exactly WHO KEY [DAY]
            parts = text.split()
            if len(parts) not in (2, 3) or (len(parts) == 3 and not _DAY.match(parts[2])):
                return None
            who, key = parts[0].lower(), parts[1]
        if not valid_who(who):
            return None
        try:
            return who, decode_key(key)
        except AddressError:
            return None

    @staticmethod
    def _is_old(line: str) -> bool:
        """A line only the first format wrote (a host line not in JSON, or its header)."""
        text = line.strip()
        return bool(text) and (text.startswith(OLD_HEADER) if text.startswith("#")
                               else not text.startswith("{"))

    def entries(self) -> dict[str, bytes]:
        """Who (``HOST:PORT`` or ``name:HOST``) -> z85 key (a file in the first format is
        rewritten in JSON now, when it can be)."""
        lines = self._lines()
        out: dict[str, bytes] = {}
        for line in lines:
            entry = self._entry(line)
            if entry is not None:
                out[entry[0]] = entry[1]
        if any(self._is_old(line) for line in lines):
            with contextlib.suppress(OSError):
                self._write(lines)
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
        """Trust ``key`` for ``hostport`` and ``names`` from now on (entries already there stay).
        Every name is checked first (:func:`name_entry`): one that is no host name raises
        :class:`AddressError` and nothing is written."""
        key = key if isinstance(key, bytes) else key.encode("ascii")
        encode_key(key)                             # a host key, or AddressError
        whos = [who_of(hostport), *(name_entry(n) for n in names if n)]
        known = self.entries()
        day = time.strftime("%Y-%m-%d")
        added = [_line(who, key, day) for who in dict.fromkeys(whos) if who not in known]
        if added:
            self._write(self._lines() + added)

    def forget(self, who: str) -> list[str]:
        """Drop every line for ``who`` (``HOST:PORT``, ``tcp://...`` or ``name:HOST``), and every
        other line with the key it had (the host's name, remembered with the address when the
        key was first trusted: forgetting the address alone left ``name:HOST`` refusing the
        host's new key, a second forget-host); what was dropped, as ``WHO KEY`` each."""
        target = who_of(who)
        lines = self._lines()
        entries = [self._entry(line) for line in lines]
        old_keys = {e[1] for e in entries if e is not None and e[0] == target}
        keep, gone = [], []
        for line, entry in zip(lines, entries, strict=True):
            if entry is not None and (entry[0] == target or entry[1] in old_keys):
                gone.append(f"{entry[0]} {encode_key(entry[1])}")
            else:
                keep.append(line)
        if gone:
            self._write(keep)
        return gone

    def _write(self, lines: list[str]) -> None:
        """The file as ``lines`` say, in JSON whatever format each was in (header first)."""
        body: list[str] = []
        for line in lines:
            text = line.strip()
            if not text or text.startswith(OLD_HEADER) or text in HEADER.splitlines():
                continue
            entry = self._entry(text)
            if entry is not None:
                body.append(text if text.startswith("{") else _line(*entry, _day_of(text)))
            elif text.startswith("#"):
                body.append(text)
            else:                   # never read as a host: kept quoted, for a person to look at
                body.append(NOT_READ + json.dumps(text))
        text = HEADER + "".join(f"{line}\n" for line in body)
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


def _line(who: str, key: bytes, day: str) -> str:
    """One host as the file writes it: a JSON object, every string quoted."""
    return json.dumps({"who": who, "key": encode_key(key), "since": day}, ensure_ascii=True)


def _day_of(line: str) -> str:
    """The day a first-format line gives (today when it gives none)."""
    parts = line.split()
    return parts[2] if len(parts) == 3 else time.strftime("%Y-%m-%d")

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
    if getattr(found, "rival_keys", None):
        raise KeysContested(parse(found.endpoint).hostport, {found.key, *found.rival_keys})
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
    expected = _expected.get((hostport, bytes(key)))
    names, also = expected or ((), ())
    trust = known.check(hostport, key, [n[5:] for n in names], source="lan" if expected else "given")
    trust.also = also
    return trust


# Keys a person trusted on what the LAN said (a typed yes, --trust, the start screen's second
# Enter), by (HOST:PORT, key): remembered only by :func:`confirmed`, once the host at that
# address has answered the handshake with that key. A look-alike that advertised another key
# for the real host's address never gets it into the file: the real host cannot answer for it.
_expected: dict[tuple[str, bytes], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def expect(trust: Trust, connect_to: str | None = None) -> None:
    """``trust`` (a key found on the LAN that a person said yes to) is to be remembered, with
    its advertised names, once the host at ``connect_to`` (``HOST:PORT``; by default the
    trust's own) has answered with that key; nothing is written now."""
    hostport = who_of(connect_to) if connect_to else trust.hostport
    also = tuple(h for h in (trust.hostport,) if h != hostport)
    _expected[(hostport, bytes(trust.key))] = (trust.names, also)


def confirmed(known: KnownHosts | None, trust: Trust | None) -> None:
    """The host answered over CURVE with ``trust``'s key (it holds the secret half): a new key
    is remembered now (with the names and addresses a person trusted it for, :func:`expect`).
    A file that cannot be written costs the memory, never the game."""
    if known is None or trust is None or trust.status != "new":
        return
    with contextlib.suppress(OSError, AddressError):
        known.remember(trust.hostport, trust.key, [n[5:] for n in trust.names])
        for other in trust.also:
            known.remember(other, trust.key)
        trust.status = "known"
        _expected.pop((trust.hostport, bytes(trust.key)), None)
