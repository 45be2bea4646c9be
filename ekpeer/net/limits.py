"""The host's budgets: how much any one peer may make the host hold, repeat or try.

Keys are free (a client makes a new CURVE key pair in microseconds), so every budget that
matters is counted twice: per client key and per remote address. ``docs/security.md``
lists each number here with what it protects; the :class:`~ekpeer.net.host.Host` takes
them as keyword arguments (tests and benchmarks change them), these are the defaults.
"""

from __future__ import annotations

import resource
from dataclasses import dataclass, field

# ---------------------------------------------------------------- connections (ekpeer.net.gate)
HELLO_SECONDS = 5.0            # from the TCP accept to the connection's hello, or it is cut
PER_KEY = 32                   # connections at once from one client key
PER_ADDRESS = 256              # connections at once from one remote address
PENDING_PER_ADDRESS = 64       # connections from one address that have not said hello yet
FD_RESERVE = 256               # file descriptors kept free for the journal, logs, discovery
MAX_CONNECTIONS = 8192         # connections at once in all (lower when the fd limit is lower)

# ---------------------------------------------------------------- what a peer makes the host keep
TABLES_PER_KEY = 8             # tables made by one client key that exist at once
TABLES_PER_ADDRESS = 32        # tables made from one remote address that exist at once
HELLO_PAGE = 20                # table summaries in one hello reply (ask for the next page)

# ---------------------------------------------------------------- what the host queues for a peer
UNREAD_PER_PEER = 4 << 20      # bytes sent to a connection that it has not acknowledged (ping seen)
UNREAD_PER_ADDRESS = 32 << 20  # the same, summed over one address's connections
ACK_MARK = 16 << 10            # how finely the host remembers where its byte count stood per seq
SNDHWM = 1000                  # ZeroMQ's own queue per connection (messages): a backstop
RCVHWM = 1000
# No ZMTP heartbeats (HEARTBEAT_IVL 0), host or client (issue 26.1): with them and a receive
# high-water mark, libzmq 4.3 aborts the whole process (``Assertion failed: !_io_error
# (src/stream_engine_base.cpp)``, libzmq issues 3937, 4364, 4767) when a connection whose input
# it had stopped is shut down, which any peer can bring about by flooding and reconnecting.
# Pings and the idle sweep (host), the silence timer and reconnect (client) do their work.
ZMTP_HEARTBEAT_MS = 0

# ---------------------------------------------------------------- table passwords
FREE_GUESSES = 3               # wrong passwords per key (and per address) before guesses slow down
GUESS_DELAY = 1.0              # then each wrong one doubles the wait before the next is heard...
GUESS_DELAY_MAX = 60.0         # ...up to this
GUESS_FORGET = 600.0           # a key or address with no wrong guess for this long starts afresh
FREE_PASSWORD_SETS = 5         # table passwords set (each a scrypt hash) per key and per address...
PASSWORD_SET_EVERY = 2.0       # ...then one every this many seconds: 20 keys setting passwords 24 times
                               # a second held the host's processor for minutes (a stranger's flood)
PASSWORD_SET_FORGET = 60.0
SETTINGS_LOG_EVERY = 5.0       # a table's settings are logged at most this often (the rest counted)


def fd_budget(wanted: int = MAX_CONNECTIONS) -> int:
    """Connections the host may hold at once: ``wanted``, or fewer when the process's file
    descriptor limit is low (the soft limit is first raised as far as the hard one allows,
    up to what ``wanted`` needs). ZeroMQ spins on ``accept`` when descriptors run out."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        need = wanted + FD_RESERVE
        if soft != resource.RLIM_INFINITY and soft < need:
            target = need if hard == resource.RLIM_INFINITY else min(need, hard)
            if target > soft:
                resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
                soft = target
    except (ValueError, OSError):
        return wanted
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(16, min(wanted, soft - FD_RESERVE))


@dataclass
class Guesses:
    """Wrong passwords from one key or one address: free ones, then a doubling wait."""

    wrong: int = 0
    last: float = 0.0
    until: float = 0.0          # no guess is heard before this (loop time)


@dataclass
class GuessBook:
    """Who guessed table passwords wrong, by client key and by address (both must be free); the
    host keeps a second book of who set table passwords, each a hash as costly as a guess."""

    free: int = FREE_GUESSES
    delay: float = GUESS_DELAY
    delay_max: float = GUESS_DELAY_MAX
    forget: float = GUESS_FORGET
    book: dict[str, Guesses] = field(default_factory=dict)

    def wait(self, who: list[str], now: float) -> float:
        """Seconds before any of ``who`` may guess again (0: now)."""
        longest = 0.0
        for w in who:
            g = self.book.get(w)
            if g is None:
                continue
            if now - g.last > self.forget:
                del self.book[w]
                continue
            longest = max(longest, g.until - now)
        return longest

    def wrong(self, who: list[str], now: float) -> float:
        """A wrong guess by ``who``: the wait it now owes (the longest of its names)."""
        longest = 0.0
        for w in who:
            g = self.book.setdefault(w, Guesses())
            g.wrong += 1
            g.last = now
            if g.wrong > self.free:
                wait = min(self.delay_max, self.delay * 2 ** (g.wrong - self.free - 1))
                g.until = now + wait
                longest = max(longest, wait)
        if len(self.book) > 10000:          # never a store without bound: the oldest go
            for w, _ in sorted(self.book.items(), key=lambda kv: kv[1].last)[:1000]:
                del self.book[w]
        return longest

    def right(self, who: list[str]) -> None:
        """A right password clears the key's count (not the address's: others may share it)."""
        if who:
            self.book.pop(who[0], None)
