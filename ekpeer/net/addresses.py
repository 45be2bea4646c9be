"""Addresses people can paste into a shell, read aloud and type, and a fingerprint to compare.

A host's address is ``tcp://HOST:PORT/KEY``: its ZeroMQ endpoint, then its public key in
lowercase base32 without padding (52 characters of ``a-z`` and ``2-7``). Nothing in it is
special to a shell (no ``#``, ``$``, ``&``, ``)``, quotes or spaces), it survives a line
break in a chat window, and read aloud it is letters and the digits two to seven, with no
``0``/``o`` or ``1``/``l`` to mix up. The key after ``/`` reads as a path, so the address
is still ``tcp://HOST:PORT`` up to it, which is what people type when the key is known
(see :mod:`ekpeer.net.known_hosts`).

The older form ``tcp://HOST:PORT#<z85 key>`` is still accepted (its key holds ``#``, ``$``,
``&`` and the like, which a shell eats); ``tcp://`` may be left out.

The key in an address ends in a **checksum**: six more letters of the same alphabet, 58 in
all (:func:`address_key`). It is bech32m's (BIP 350): a BCH code over the key's 5-bit letters,
which catches every mistake of up to four letters in the key, and almost every other (one in
a billion slips through). So a typo is caught, and named as a typo, before any key is used,
trusted or stored: without it a mistyped key was a *different* key, and the host it named was
refused as one that may be pretending to be another. The letters of the alphabet are RFC
4648's base32 (``a-z``, ``2-7``), so the address still pastes unquoted and reads aloud as
before; bech32's own alphabet, which has ``0``, ``8`` and ``9``, is not used (the code's
guarantees are the same for any one-to-one lettering). An address whose key is the older 52
letters with no checksum is still read (nothing checks it but the host's handshake).

A key's :func:`fingerprint` is 80 bits of its SHA-256, as four groups of four base32
letters (``k3vq-7mxa-2dfp-qz5e``): short enough to compare by eye with what the host's
screen shows, long enough that nobody can make a key to match one.
"""

from __future__ import annotations

import base64
import hashlib
import shlex
from dataclasses import dataclass

import zmq.utils.z85

KEY_LEN = 40          # z85 of a 32-byte Curve25519 key
B32_LEN = 52          # base32 of the same, unpadded
CHECK_LEN = 6         # the checksum's letters after the key in an address (bech32m's)
ADDRESS_KEY_LEN = B32_LEN + CHECK_LEN
B32 = "abcdefghijklmnopqrstuvwxyz234567"     # RFC 4648's base32, as the key is written
_HRP = "ekpeer"       # bech32's "human-readable part": a checksum of ours, no other format's
_BECH32M = 0x2BC830A3


class AddressError(ValueError):
    """An address that names no host this client can talk to (or that it must not trust)."""


def valid_key(key: str | bytes) -> bool:
    """Is ``key`` a z85 Curve25519 public key (40 characters)?"""
    if isinstance(key, bytes):
        try:
            key = key.decode("ascii")
        except UnicodeDecodeError:
            return False
    if len(key) != KEY_LEN:
        return False
    try:
        return len(zmq.utils.z85.decode(key)) == 32
    except (ValueError, KeyError, TypeError):
        return False


def _raw(key: bytes | str) -> bytes:
    """The 32 bytes of a z85 key."""
    text = key.decode("ascii") if isinstance(key, bytes) else key
    if not valid_key(text):
        raise AddressError(f"{text[:48]!r} is not a host key")
    return zmq.utils.z85.decode(text)


def encode_key(key: bytes | str) -> str:
    """A z85 key in the shell-safe form: lowercase base32, no padding (52 characters)."""
    return base64.b32encode(_raw(key)).decode("ascii").rstrip("=").lower()


def decode_key(text: str) -> bytes:
    """The z85 key (as ZeroMQ takes it) of a shell-safe key; any case, dashes ignored."""
    clean = text.replace("-", "").upper()
    if len(clean) != B32_LEN or not all(c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" for c in clean):
        raise AddressError(f"the key {text[:64]!r} is not {B32_LEN} letters a-z and digits 2-7 "
                           "(copy the whole address the host shows)")
    raw = base64.b32decode(clean + "====")
    if base64.b32encode(raw).decode("ascii").rstrip("=") != clean:   # stray low bits: a typo
        raise AddressError(f"the key {text[:64]!r} has a mistyped last letter")
    return zmq.utils.z85.encode(raw)


def _polymod(values: list[int]) -> int:
    """bech32's BCH checksum over 5-bit values (BIP 173's reference code)."""
    chk = 1
    for v in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i, g in enumerate((0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)):
            if (top >> i) & 1:
                chk ^= g
    return chk


def _expanded(values: list[int]) -> list[int]:
    return [ord(c) >> 5 for c in _HRP] + [0] + [ord(c) & 31 for c in _HRP] + values


def _checksum(values: list[int]) -> list[int]:
    mod = _polymod(_expanded(values) + [0] * CHECK_LEN) ^ _BECH32M
    return [(mod >> 5 * (CHECK_LEN - 1 - i)) & 31 for i in range(CHECK_LEN)]


def _checks(values: list[int]) -> bool:
    return _polymod(_expanded(values)) == _BECH32M


def address_key(key: bytes | str) -> str:
    """A z85 key as an address carries it: base32 (:func:`encode_key`) and six letters of
    checksum, 58 letters ``a-z`` and ``2-7``."""
    text = encode_key(key)
    values = [B32.index(c) for c in text]
    return text + "".join(B32[v] for v in _checksum(values))


class KeyTypo(AddressError):
    """The key in an address was mistyped (its checksum does not match): a typo, not another host."""


def _typo_at(values: list[int]) -> int | None:
    """The one letter whose change makes the checksum match (1-based), if exactly one does.

    The checksum is affine over GF(2): changing a letter by ``d`` (xor) changes the residue by
    the xor of what each of ``d``'s bits alone changes, so 5 residues a letter are enough."""
    full = _expanded(values)
    off = len(full) - len(values)
    zero = _polymod([0] * len(full))
    want = _polymod(full) ^ _BECH32M
    found = None
    for i in range(len(values)):
        bits = []
        for b in range(5):
            unit = [0] * len(full)
            unit[off + i] = 1 << b
            bits.append(_polymod(unit) ^ zero)
        for d in range(1, 32):
            effect = 0
            for b in range(5):
                if d >> b & 1:
                    effect ^= bits[b]
            if effect == want:
                if found is not None:
                    return None
                found = i + 1
    return found


def read_address_key(text: str) -> bytes:
    """The z85 key of an address's key part: 58 letters with a checksum, or the older 52 with
    none; any case, dashes ignored. A checksum that does not match raises :class:`KeyTypo`."""
    clean = text.replace("-", "").lower()
    if any(c not in B32 for c in clean):
        bad = next(c for c in clean if c not in B32)
        raise KeyTypo(f"the key in the address has {bad!r} in it, which no key has (only letters a-z "
                      "and digits 2-7): a typo. Copy the whole address again from the host's screen.")
    if len(clean) == B32_LEN:           # the older form: no checksum to check
        return decode_key(clean)
    if len(clean) != ADDRESS_KEY_LEN:
        short = len(clean) < ADDRESS_KEY_LEN
        raise KeyTypo(f"the key in the address is {len(clean)} letters, not {ADDRESS_KEY_LEN}: "
                      f"{'some are missing' if short else 'there are letters too many'} (a typo, or "
                      "the address was cut). Copy the whole address again from the host's screen.")
    values = [B32.index(c) for c in clean]
    if not _checks(values):
        at = _typo_at(values)
        where = f" (letter {at} of the key looks wrong)" if at else ""
        raise KeyTypo(f"the key in the address has a typo{where}: its last {CHECK_LEN} letters are a "
                      "checksum, and they do not match. Nothing was trusted or stored. Copy the whole "
                      "address again from the host's screen.")
    return decode_key(clean[:B32_LEN])


def fingerprint(key: bytes | str) -> str:
    """The key's short fingerprint, e.g. ``k3vq-7mxa-2dfp-qz5e`` (80 bits of its SHA-256)."""
    digest = hashlib.sha256(_raw(key)).digest()[:10]
    text = base64.b32encode(digest).decode("ascii").lower()
    return "-".join(text[i:i + 4] for i in range(0, 16, 4))


@dataclass(frozen=True)
class Address:
    """A parsed address: the endpoint ZeroMQ connects to, and the host's key if it came with one."""

    endpoint: str                  # tcp://HOST:PORT (or inproc://...)
    key: bytes | None = None       # z85

    @property
    def hostport(self) -> str:
        """``HOST:PORT`` (the host in lowercase), as known hosts are keyed."""
        rest = self.endpoint.split("://", 1)[-1]
        host, _, port = rest.rpartition(":")
        return f"{host.lower()}:{port}"

    @property
    def host(self) -> str:
        return self.hostport.rpartition(":")[0].strip("[]")

    @property
    def port(self) -> int:
        return int(self.hostport.rpartition(":")[2])

    def __str__(self) -> str:
        return format_address(self.endpoint, self.key)


def parse(text: str) -> Address:
    """Any address a person may give: ``tcp://HOST:PORT/KEY``, ``tcp://HOST:PORT#Z85KEY``,
    ``tcp://HOST:PORT``, each with or without ``tcp://``; ``inproc://`` as it is."""
    text = text.strip()
    if text.startswith("inproc://"):
        return Address(text)
    rest = text[len("tcp://"):] if text.lower().startswith("tcp://") else text
    if "://" in rest:
        raise AddressError(f"{text[:80]!r}: ekpeer hosts are reached over tcp:// (tcp://HOST:PORT/KEY)")
    key: bytes | None = None
    if "#" in rest:                                  # the older form: a z85 key after '#'
        rest, _, z85 = rest.partition("#")
        if not valid_key(z85):
            raise AddressError(f"the key after '#' in {text[:120]!r} is not a 40-character z85 host key")
        key = z85.encode("ascii")
    elif "/" in rest:
        rest, _, b32 = rest.partition("/")
        key = read_address_key(b32.rstrip("/"))
    host, sep, port = rest.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536 \
            or any(c.isspace() for c in rest):
        raise AddressError(f"{text[:80]!r} is not an address: write tcp://HOST:PORT/KEY "
                           "(as the host shows it), or HOST:PORT")
    return Address(f"tcp://{host}:{int(port)}", key)


def format_address(endpoint: str, key: bytes | str | None) -> str:
    """``tcp://HOST:PORT/KEY`` (the endpoint alone without a key), KEY with its checksum."""
    if key is None:
        return endpoint
    return f"{endpoint}/{address_key(key)}"


def join_command(address: str, table: str | None = None, name: str | None = None) -> str:
    """The whole ``ekpeer join ...`` line for ``address``, every word quoted where a shell
    needs it: what a lobby shows for others to copy."""
    words = ["ekpeer", "join", str(parse(address))]
    if table:
        words += ["--table", table]
    if name:
        words += ["--name", name]
    return " ".join(shlex.quote(w) for w in words)
