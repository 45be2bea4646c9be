"""CurveZMQ for ekpeer: key pairs in the data directory, addresses that carry the host's key, ZAP.

* The host has a long-lived key pair (``<data>/keys/host.json``), a client its own
  (``<data>/keys/client.json``); both are made on first use. ``EKPEER_DATA_DIR``
  overrides the data directory (tests use temporary ones).
* An address is ``tcp://HOST:PORT/<the host's public key in base32>`` (or the older
  ``tcp://HOST:PORT#<z85 key>``; :mod:`ekpeer.net.addresses`); a client sets that key as
  ``CURVE_SERVERKEY``, so it only ever talks to the host it was told of.
* The host's ROUTER is a CURVE server with a ZAP handler (``zmq.auth``'s thread
  authenticator, any client key allowed); each message then carries its sender's
  authenticated public key as the ``User-Id`` frame property, which the host reads per
  message to keep a seat with the key that took it.
* ``insecure`` (plain TCP) exists for loopback debugging only, and says so loudly.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

import zmq

from .addresses import KEY_LEN, AddressError, fingerprint, format_address, parse, valid_key

__all__ = ["KEY_LEN", "AddressError", "fingerprint", "valid_key"]   # (their home is ekpeer.net.addresses)
ZAP_DOMAIN = b"ekpeer"
INSECURE_WARNING = ("WARNING: ekpeer is running WITHOUT encryption (--insecure): anyone on the network "
                    "can read every card and act as any player. Use it only for loopback debugging.")


def data_dir() -> Path:
    """The user's ekpeer data directory (``EKPEER_DATA_DIR`` wins), created if missing."""
    env = os.environ.get("EKPEER_DATA_DIR")
    if env:
        path = Path(env)
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir("ekpeer", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


_key_lock = threading.Lock()
_key_cache: dict[Path, tuple[bytes, bytes]] = {}


def _read_keypair(path: Path) -> tuple[bytes, bytes] | None:
    """The key pair saved at ``path``, or None if there is none or it is not a valid pair."""
    try:
        data = json.loads(path.read_text())
        pub, sec = data["public"].encode("ascii"), data["secret"].encode("ascii")
        if len(pub) == KEY_LEN and len(sec) == KEY_LEN and zmq.curve_public(sec) == pub:
            return pub, sec
    except (OSError, ValueError, KeyError, TypeError, AttributeError, zmq.ZMQError):
        pass
    return None


def load_keypair(role: str, directory: Path | None = None) -> tuple[bytes, bytes]:
    """(public, secret) z85 keys for ``role`` ("host" or "client"), made and saved (0600) on first use.

    Two processes of one user may make the first key at the same moment (a host and a client
    started together): each writes a file of its own, and only the first to link it in place
    has its key kept; the other reads that one, so both use one key and neither fails."""
    path = (directory or data_dir()) / "keys" / f"{role}.json"
    with _key_lock:
        cached = _key_cache.get(path)
        if cached is not None:
            return cached
        pair = _read_keypair(path)
        if pair is None:
            pair = zmq.curve_keypair()
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            try:
                with os.fdopen(fd, "w") as fh:
                    json.dump({"public": pair[0].decode(), "secret": pair[1].decode()}, fh)
                    fh.flush()
                    os.fsync(fh.fileno())
                try:
                    os.link(tmp, path)          # only where no key is saved yet
                except FileExistsError:
                    kept = _read_keypair(path)  # another process's, made at the same moment
                    if kept is not None:
                        pair = kept
                    else:                       # a file that holds no valid pair: ours replaces it
                        os.replace(tmp, path)
            finally:
                tmp.unlink(missing_ok=True)
        _key_cache[path] = pair
        return pair


#: The key of a client in the host's own process (``ekpeer play``, the player of ``ekpeer host``):
#: it connects over ``inproc://``, where ZeroMQ runs no CURVE handshake and no ZAP, so the
#: frames carry no key; only code inside the host's process can reach an inproc endpoint.
#: Not a z85 key (those are 40 characters), so no network client can claim it.
LOCAL_KEY = "local:inproc"


def is_local(address: str) -> bool:
    """An in-process endpoint (``inproc://``): nothing goes on any wire, no key is needed."""
    return address.startswith("inproc://")


def split_address(address: str) -> tuple[str, bytes | None]:
    """``tcp://h:p/KEY`` (or ``tcp://h:p#Z85``, or ``h:p``) -> (``tcp://h:p``, z85 key or None)."""
    parsed = parse(address)
    return parsed.endpoint, parsed.key


def join_address(endpoint: str, key: bytes | str | None) -> str:
    """The address people are given: ``tcp://h:p/KEY`` (shell-safe; the endpoint alone without a key)."""
    return format_address(endpoint, key)


def warn_insecure(who: str) -> None:
    sys.stderr.write(f"\n{'!' * 78}\n{INSECURE_WARNING}\n({who})\n{'!' * 78}\n\n")
    sys.stderr.flush()


# --------------------------------------------------------------------------- sockets
def secure_client(sock: zmq.Socket, server_key: bytes, keypair: tuple[bytes, bytes]) -> None:
    sock.setsockopt(zmq.CURVE_SERVERKEY, server_key)
    sock.setsockopt(zmq.CURVE_PUBLICKEY, keypair[0])
    sock.setsockopt(zmq.CURVE_SECRETKEY, keypair[1])


def secure_server(sock: zmq.Socket, keypair: tuple[bytes, bytes]) -> None:
    sock.setsockopt(zmq.CURVE_SERVER, 1)
    sock.setsockopt(zmq.CURVE_SECRETKEY, keypair[1])
    sock.setsockopt(zmq.ZAP_DOMAIN, ZAP_DOMAIN)


def peer_key(frame: Any) -> str | None:
    """The authenticated CURVE key (z85) of the peer that sent ``frame`` (a ``zmq.Frame``)."""
    try:
        value = frame.get("User-Id")
    except (zmq.ZMQError, AttributeError, KeyError, TypeError, UnicodeDecodeError):
        return None
    if isinstance(value, bytes):
        value = value.decode("ascii", "replace")
    return value or None


def peer_fd(frame: Any) -> int | None:
    """The file descriptor of the TCP connection ``frame`` came in on (None: inproc)."""
    try:
        value = frame.get("__fd")
    except (zmq.ZMQError, AttributeError, KeyError, TypeError, UnicodeDecodeError):
        return None
    try:
        return int(value) if value is not None else None
    except (TypeError, ValueError):
        return None


#: Tries (20 ms apart) to bind a context's ZAP handler while a stopped one still holds it.
ZAP_TRIES = 50


class _Auth:
    # zmq.auth's thread authenticator: independent of any event loop, and (unlike the asyncio
    # one) it can be stopped and started again on the same context (a host restarted in process)
    def __init__(self, ctx: zmq.Context) -> None:
        from zmq.auth.thread import ThreadAuthenticator

        self.users = 0
        for attempt in range(ZAP_TRIES):
            self.auth = ThreadAuthenticator(ctx)
            try:
                self.auth.start()
                break
            except zmq.ZMQError as exc:
                # the ZAP address of a handler just stopped on this context is released by
                # zmq's own thread a moment later (a host restarted in process): wait for it
                socket = getattr(self.auth, "zap_socket", None)
                if socket is not None:
                    socket.close(linger=0)
                if exc.errno != zmq.EADDRINUSE or attempt == ZAP_TRIES - 1:
                    raise
                time.sleep(0.02)
        self.auth.configure_curve(domain="*", location=zmq.auth.CURVE_ALLOW_ANY)


_auths: dict[int, _Auth] = {}


def start_zap(ctx: zmq.Context) -> None:
    """One ZAP handler per context (several hosts may share a context, as in tests)."""
    entry = _auths.get(id(ctx))
    if entry is None or not entry.auth.is_alive():
        entry = _auths[id(ctx)] = _Auth(ctx)
    entry.users += 1


def stop_zap(ctx: zmq.Context) -> None:
    entry = _auths.get(id(ctx))
    if entry is None:
        return
    entry.users -= 1
    if entry.users <= 0:
        del _auths[id(ctx)]
        try:
            entry.auth.stop()
        except Exception:  # the context may already be gone
            pass
