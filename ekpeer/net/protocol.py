"""The ekpeer wire protocol: one msgpack map (the envelope) per ZeroMQ frame.

This module is the single owner of the wire format (see ``docs/protocol.md``). Decoding is
bounded (frame size, msgpack ``Unpacker`` limits, nesting depth, string map keys only)
and every message is schema-checked here, before the host or a client acts on it.
Unknown extra fields are tolerated everywhere; unknown message types are refused.
"""

from __future__ import annotations

import threading
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import msgpack

VERSION = 1
SUPPORTED: tuple[int, ...] = (1,)

#: What the host accepts from a client in one frame.
MAX_CLIENT_FRAME = 64 * 1024
#: Frames up to this size still reach the host, which answers ``too_large``; bigger ones
#: make ZeroMQ close the connection (the ROUTER's ``MAXMSGSIZE``, plus CURVE's bytes).
TOO_LARGE_FRAME = 2 * MAX_CLIENT_FRAME
#: What CURVE adds to each frame on the wire, which ZeroMQ counts against ``MAXMSGSIZE``:
#: the MESSAGE command's name (8 bytes), its nonce (8), the box's MAC (16) and flags (1).
CURVE_OVERHEAD = 33
#: What a client accepts from the host in one frame (snapshots carry the card catalog).
MAX_HOST_FRAME = 4 * 1024 * 1024
#: Deepest nesting accepted from a client (envelope = 1, body = 2, move = 3, cards = 4).
MAX_CLIENT_DEPTH = 6
MAX_HOST_DEPTH = 16

NAME_LEN = 32
TOKEN_LEN = 64
TABLE_LEN = 48
PASSWORD_LEN = 64
LANG_LEN = 16       # a language: ``da``, ``pt_BR``

# Client -> host message types.
CLIENT_TYPES = ("hello", "join", "lobby_set", "ready", "start", "move", "rematch", "leave", "ping")
# Host -> client message types.
HOST_TYPES = ("reply", "lobby", "snapshot", "update", "timer", "closing")


class ProtocolError(Exception):
    """A frame or message that breaks the protocol; ``code`` is stable, ``message`` is for people."""

    def __init__(self, code: str, message: str, re: int | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.re = re
        self.extra = extra


@dataclass(slots=True)
class Envelope:
    v: int
    type: str
    id: int
    re: int | None
    seq: int | None
    body: dict[str, Any] = field(default_factory=dict)


# --------------------------------------------------------------------------- encoding
_packer_cache: dict[Any, bytes] = {}


_local = threading.local()


def _p(value: Any) -> bytes:
    """``msgpack.packb`` with one Packer per thread: packb makes a new Packer, and its buffer,
    on every call, and a view goes out as a few dozen small packs."""
    try:
        packer = _local.packer
    except AttributeError:
        packer = _local.packer = msgpack.Packer(use_bin_type=True, autoreset=True)
    try:
        return packer.pack(value)
    except BaseException:
        packer.reset()      # a value it could not pack leaves nothing behind for the next one
        raise


_K_V, _K_TYPE, _K_ID, _K_RE, _K_SEQ, _K_BODY = (_p(k) for k in ("v", "type", "id", "re", "seq", "body"))
_HEADER = b"\x86" + _K_V + _p(VERSION)


def pack_body(body: dict[str, Any]) -> bytes:
    """Pack a body once; several envelopes may then carry the same bytes (see :func:`encode_packed`)."""
    return _p(body)


def map_header(n: int) -> bytes:
    """The msgpack header of a map with ``n`` entries (its keys and values follow, packed)."""
    if n < 16:
        return bytes((0x80 | n,))
    if n < 1 << 16:
        return b"\xde" + n.to_bytes(2, "big")
    return b"\xdf" + n.to_bytes(4, "big")


def pack_pairs(d: dict[str, Any]) -> bytes:
    """A map's entries packed, without its header (see :func:`pack_map`): one encode of the
    whole map, less its header."""
    n = len(d)
    return _p(d)[1 if n < 16 else 3 if n < 1 << 16 else 5:]


def pack_map(n: int, *pairs: bytes) -> bytes:
    """A map of ``n`` entries from entry bytes made by :func:`pack_pairs` or :func:`pack_entry`
    (the same entry bytes can go into many maps: a view's public part into every seat's)."""
    return map_header(n) + b"".join(pairs)


def pack_entry(key: str, packed_value: bytes) -> bytes:
    return _p(key) + packed_value


def encode_packed(type_: str, body: bytes, id_: int = 0, re: int | None = None,
                  seq: int | None = None) -> bytes:
    """An envelope around an already packed body (msgpack concatenates, so this is exact)."""
    t = _packer_cache.get(type_)
    if t is None:
        t = _packer_cache[type_] = _K_TYPE + _p(type_)
    return b"".join((_HEADER, t, _K_ID, _p(id_), _K_RE, _p(re), _K_SEQ, _p(seq), _K_BODY, body))


def encode(type_: str, body: dict[str, Any] | None = None, id_: int = 0, re: int | None = None,
           seq: int | None = None, v: int = VERSION) -> bytes:
    if v != VERSION:
        return _p({"v": v, "type": type_, "id": id_, "re": re, "seq": seq, "body": body or {}})
    return encode_packed(type_, pack_body(body or {}), id_, re, seq)


def ok(**fields: Any) -> dict[str, Any]:
    return {"ok": True, **fields}


def error(code: str, message: str, **fields: Any) -> dict[str, Any]:
    return {"ok": False, "code": code, "message": message, **fields}


def version_error(got: Any) -> ProtocolError:
    spoken = ", ".join(str(v) for v in SUPPORTED)
    return ProtocolError("bad_version", f"this peer speaks protocol version(s) {spoken}; you sent {got!r}",
                         versions=list(SUPPORTED))


# --------------------------------------------------------------------------- decoding
def _limits(max_frame: int) -> dict[str, Any]:
    """msgpack's own bounds for a frame of at most ``max_frame`` bytes: no string, list or map
    longer than such a frame could honestly hold, and no bin or ext values at all."""
    return dict(
        raw=False,
        strict_map_key=True,
        use_list=True,
        max_str_len=min(max_frame, 1 << 20),
        max_bin_len=0,
        max_ext_len=0,
        max_array_len=4096 if max_frame <= MAX_CLIENT_FRAME else 1 << 16,
        max_map_len=64 if max_frame <= MAX_CLIENT_FRAME else 1 << 12,
    )


_LIMITS: dict[int, dict[str, Any]] = {}


_PLAIN = (str, int, float, bool, type(None))
_PLAIN_TYPES = frozenset(_PLAIN)


def check_plain(obj: Any, max_depth: int) -> None:
    """Only nil, bool, int, float, str, lists and maps with string keys, at most ``max_depth`` deep."""
    if type(obj) in _PLAIN_TYPES:
        return
    _check(obj, 1, max_depth)


def _check(value: Any, depth: int, max_depth: int) -> None:
    # recursion is bounded by max_depth; exact type checks keep this cheap for big views
    if depth > max_depth:
        raise ProtocolError("too_deep", f"nesting deeper than {max_depth}")
    t = type(value)
    if t is dict:
        for k, v in value.items():
            if type(k) is not str:
                raise ProtocolError("bad_frame", "map keys must be strings")
            tv = type(v)
            if tv is dict or tv is list:
                _check(v, depth + 1, max_depth)
            elif tv not in _PLAIN_TYPES:
                raise ProtocolError("bad_frame", f"values of type {tv.__name__} are not allowed")
    elif t is list:
        for v in value:
            tv = type(v)
            if tv is dict or tv is list:
                _check(v, depth + 1, max_depth)
            elif tv not in _PLAIN_TYPES:
                raise ProtocolError("bad_frame", f"values of type {tv.__name__} are not allowed")
    else:
        raise ProtocolError("bad_frame", f"values of type {t.__name__} are not allowed")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def decode_frame(frame: bytes, max_frame: int, max_depth: int) -> Any:
    """Bounded msgpack decode of exactly one object; raises :class:`ProtocolError`."""
    if len(frame) > max_frame:
        raise ProtocolError("too_large", f"frame of {len(frame)} bytes exceeds {max_frame}")
    limits = _LIMITS.get(max_frame)
    if limits is None:
        limits = _LIMITS.setdefault(max_frame, _limits(max_frame))
    try:
        # unpackb reads exactly one object: a short frame raises ValueError, bytes after the
        # object raise ExtraData (no Unpacker, and its buffer, made for every frame)
        obj = msgpack.unpackb(frame, **limits)
    except msgpack.ExtraData:
        raise ProtocolError("bad_frame", "more than one object in a frame") from None
    except (ValueError, TypeError, msgpack.UnpackValueError, RecursionError) as exc:
        what = "truncated msgpack frame" if "incomplete input" in str(exc) else \
            f"undecodable frame: {type(exc).__name__}"
        raise ProtocolError("bad_frame", what) from None
    except Exception as exc:  # any other decoder complaint is still the sender's fault
        raise ProtocolError("bad_frame", f"undecodable frame: {type(exc).__name__}") from None
    check_plain(obj, max_depth)
    return obj


def decode(frame: bytes, max_frame: int = MAX_CLIENT_FRAME, max_depth: int = MAX_CLIENT_DEPTH,
           types: tuple[str, ...] = CLIENT_TYPES) -> Envelope:
    """Decode and check an envelope and its body's schema (for the ``types`` this side accepts)."""
    obj = decode_frame(frame, max_frame, max_depth)
    if not isinstance(obj, dict):
        raise ProtocolError("bad_frame", "a frame must be a msgpack map (the envelope)")
    msg_id = obj.get("id", 0)
    re_id = msg_id if _is_int(msg_id) else None
    v = obj.get("v")
    if not _is_int(v) or v not in SUPPORTED:       # True == 1 in Python: a bool is no version
        err = version_error(v)
        err.re = re_id
        raise err
    type_ = obj.get("type")
    if not isinstance(type_, str):
        raise ProtocolError("bad_message", "'type' must be a string", re=re_id)
    if not _is_int(msg_id) or not 0 <= msg_id < 2**63:
        raise ProtocolError("bad_message", "'id' must be a non-negative integer")
    re = obj.get("re")
    if re is not None and not _is_int(re):
        raise ProtocolError("bad_message", "'re' must be an integer or nil", re=re_id)
    seq = obj.get("seq")
    if seq is not None and not _is_int(seq):
        raise ProtocolError("bad_message", "'seq' must be an integer or nil", re=re_id)
    body = obj.get("body", {})
    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise ProtocolError("bad_message", "'body' must be a map", re=re_id)
    if type_ not in types:
        raise ProtocolError("unknown_type", f"unknown message type {type_!r}; expected one of "
                            f"{', '.join(types)}", re=re_id)
    check_body(type_, body, re_id)
    return Envelope(v, type_, msg_id, re, seq, body)


# --------------------------------------------------------------------------- schemas
# field -> (accepted types, required, max length for str/list or None)
Str, Int, Bool, Num, List, Map = str, int, bool, (int, float), list, dict
SCHEMAS: dict[str, dict[str, tuple[Any, bool, int | None]]] = {
    # client -> host
    "hello": {"versions": (List, True, 16), "name": (Str, False, NAME_LEN), "token": (Str, False, TOKEN_LEN),
              "choices": (Bool, False, None), "page": (Int, False, None), "lang": (Str, False, LANG_LEN)},
    "join": {"table": (Str, True, TABLE_LEN), "name": (Str, False, NAME_LEN),
             "token": (Str, False, TOKEN_LEN), "spectator": (Bool, False, None),
             "password": (Str, False, PASSWORD_LEN), "lang": (Str, False, LANG_LEN),
             "create": (Bool, False, None)},
    "lobby_set": {"settings": (Map, True, None)},
    "ready": {"ready": (Bool, False, None), "picks": (Map, False, None)},
    "start": {},
    "move": {"move": (Map, True, None)},
    "rematch": {},
    "leave": {},
    "ping": {"seen": (Int, False, None)},
    # host -> client
    "reply": {"ok": (Bool, True, None), "code": (Str, False, None), "message": (Str, False, None)},
    "lobby": {"table": (Str, True, None), "settings": (Map, True, None), "seats": (List, True, None)},
    "snapshot": {"view": (Map, True, None), "catalog": (List, True, None), "events": (List, True, None)},
    "update": {"view": (Map, True, None), "events": (List, True, None)},
    "timer": {"kind": (Str, True, None), "seconds": (Num, True, None)},
    "closing": {},
}


def check_body(type_: str, body: dict[str, Any], re: int | None = None) -> None:
    for name, (kind, required, limit) in SCHEMAS.get(type_, {}).items():
        value = body.get(name)
        if value is None:
            if required:
                raise ProtocolError("bad_message", f"{type_}: '{name}' is required", re=re)
            continue
        if (kind is Int and not _is_int(value)) or (kind is Num and isinstance(value, bool)) \
                or not isinstance(value, kind):
            raise ProtocolError("bad_message", f"{type_}: '{name}' has the wrong type", re=re)
        if limit is not None and len(value) > limit:
            # ``field`` and ``most``: a client says "your name is too long" in its player's words
            # (a hello's language is not known yet when it is refused)
            unit = " characters" if kind is Str else ""
            raise ProtocolError("bad_message", f"{type_}: '{name}' is too long (at most {limit}{unit})",
                                re=re, field=name, most=limit)
    if type_ == "hello" and not all(_is_int(v) for v in body["versions"]):
        raise ProtocolError("bad_message", "hello: 'versions' must be a list of integers", re=re)
    for name in ("page", "seen"):           # counts: never negative, never past 2**53
        value = body.get(name) if type_ in ("hello", "ping") else None
        if value is not None and not 0 <= value < 2**53:
            raise ProtocolError("bad_message", f"{type_}: '{name}' must be a count from 0", re=re)
    if type_ in ("hello", "join"):
        for key in ("name", "token", "table"):
            value = body.get(key)
            if isinstance(value, str) and (not value.strip() or not value.isprintable()):
                raise ProtocolError("bad_message", f"{type_}: '{key}' must be printable text", re=re)
        for key in ("name", "table"):
            value = body.get(key)
            problem = name_problem(value) if isinstance(value, str) else None
            if problem:
                raise ProtocolError("bad_message", f"{type_}: '{key}' {problem}", re=re)


def name_problem(name: str) -> str | None:
    """What is wrong with a player's or a table's name as others will read it, or None: a
    space at either end (``honest `` beside ``honest``), or nothing to see (combining marks
    alone, which show as a blank)."""
    if name != name.strip():
        return "must not start or end with a space"
    if unicodedata.category(name[:1] or " ").startswith("M") or \
            not any(unicodedata.category(c)[0] in "LNSP" for c in name):
        return "must hold a letter, a digit or a sign, first of all"
    return None


#: Letters of other scripts drawn like Latin ones (Unicode's confusables, the common ones):
#: "hоnest" with a Cyrillic о read as "honest" on every screen.
LOOK_ALIKE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w",
    "һ": "h", "ɑ": "a", "ɡ": "g", "ο": "o", "α": "a", "ν": "v", "ι": "i", "κ": "k", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "ε": "e", "β": "b", "η": "n", "μ": "u", "ӏ": "l", "ı": "i", "ℓ": "l",
})


def _skeleton(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold().translate(LOOK_ALIKE)


def same_name(a: str, b: str) -> bool:
    """Whether two names read alike: the same letters whatever their case, Unicode form or
    script where letters look the same (``Honest`` and ``honest``, ``ﬁ`` and ``fi``, a
    Cyrillic ``о`` in ``hоnest``)."""
    return _skeleton(a) == _skeleton(b)


def negotiate(versions: list[int]) -> int:
    """The highest version both sides speak, or a ``bad_version`` error saying which we speak."""
    common = set(versions) & set(SUPPORTED)
    if not common:
        raise version_error(versions)
    return max(common)
