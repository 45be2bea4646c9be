"""Who is at the host: a connection (:class:`Session`) and a place at a table (:class:`Seat`).

They are two things because they part and meet again: a seat outlives its connection (a
dropped player comes back with the seat's token, or a bot plays the seat meanwhile), and
one connection may leave a table's seat to watch another as a spectator.

Both sit below the table (:mod:`ekpeer.net.table` imports them; they import no table).
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import protocol as P

if TYPE_CHECKING:
    from ..bots import Bot
    from .gate import Conn


@dataclass(eq=False)
class Session:
    """One connection (a ROUTER identity)."""

    ident: bytes
    last_seen: float
    tokens: float
    stamp: float
    seq: int = 0
    table: Any = None                # the ekpeer.net.table.Table it is at (None: at no table)
    seat: Seat | None = None
    spectator: bool = False
    watcher: str | None = None       # the name a spectator gave (listed at the table as watching)
    strikes: int = 0
    err_tokens: float = 20.0
    dead: bool = False
    version: int = P.VERSION
    key: str | None = None           # the peer's authenticated CURVE public key (None: --insecure)
    said_hello: bool = False
    lang: str | None = None          # the language it asked for in hello or join (None: English)
    lean: bool = False               # said hello with choices: false (no lobby choices once playing)
    stamp0: float = 0.0              # when the connection's first frame came
    conn: Conn | None = None         # its TCP connection (None: inproc, or not seen by the gate)
    address: str | None = None       # the remote address (None: inproc)
    sent: int = 0                    # bytes sent on this connection...
    acked: int = 0                   # ...of which the peer said it has read this many (ping seen)
    marked: int = 0                  # ``sent`` at the last mark
    marks: deque = field(default_factory=deque)   # (seq, sent) every ACK_MARK bytes, until acked


def new_token() -> str:
    """A seat's token: 18 random bytes, as hex, so that it is shell-safe and never starts with
    ``-`` (a url-safe token did one time in 64, and ``ekpeer bot --token TOKEN`` read it as
    an option)."""
    return secrets.token_hex(18)


def token_digest(token: str) -> str:
    """What the crash journal keeps of a seat's token (a token is 18 random bytes: no salt needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def seconds_gone(gone_at: Any, now: float | None = None) -> float:
    """Seconds since ``gone_at`` (a wall-clock time a journal kept, see ``Table.gone_at``): 0
    for anything else, or a time ahead of this clock (set back since; an old journal has none)."""
    if not isinstance(gone_at, int | float) or isinstance(gone_at, bool):
        return 0.0
    return max(0.0, (time.time() if now is None else now) - float(gone_at))


@dataclass(eq=False)
class Seat:
    """A player's place at a table: a person's (with a token to come back by) or a bot's."""

    name: str
    token: str | None = None
    kind: str | None = None          # a bot seat's kind; None for a person's seat
    key: str | None = None           # the client key that took the seat: only it may use the token
    picks: dict[str, Any] | None = None   # custom-deck picks (party), shown to this seat only
    session: Session | None = None
    ready: bool = False
    rematch: bool = False
    left: bool = False
    takeover: bool = False           # a person's seat played by a bot (gone past grace, or left)
    gone_since: float | None = None
    #: the seat has had no connection since this host started (brought back from the journal):
    #: its player saw the host gone, not their own link drop (the join reply says ``restarted``)
    gone_at_start: bool = False
    #: seconds its connection was gone when it last came back to a lobby seat (others say so)
    back_after: float | None = None
    bot: Bot | None = None
    bot_seed: int | None = None      # the bot is made on its first move (its module loads then)
    grace: asyncio.TimerHandle | None = None
    pending: asyncio.TimerHandle | None = None
    #: a seat brought back from the crash journal knows only its token's SHA-256 (the journal
    #: keeps no token): the first token that matches it becomes ``token`` again
    token_sha256: str | None = None

    def has_token(self, token: str) -> bool:
        """Is ``token`` this seat's (compared in constant time)?"""
        if self.token is not None:
            return secrets.compare_digest(self.token, token)
        if self.token_sha256 is not None:
            return secrets.compare_digest(self.token_sha256, token_digest(token))
        return False

    @property
    def human(self) -> bool:
        return self.kind is None

    @property
    def bot_driven(self) -> bool:
        return self.kind is not None or self.takeover or self.left
