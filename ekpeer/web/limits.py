"""``ekpeer serve``'s budgets: what one browser, or one address, may make the server hold or
do. docs/security.md lists each with what it protects; ``ekpeer serve``'s options change
the first ones. Kept apart from server.py so that a seat process (ekpeer.web.seat) reads
them without loading the web server."""

from __future__ import annotations

PER_ADDRESS = 2           # client processes at once from one address (bound beyond loopback)
START_IDLE = 300.0        # seconds on the start screen with no key, click or paste: the seat ends
START_IDLE_CODE = 3       # the seat process's exit code that says so (ekpeer serve logs it)

# ------------------------------------------------------------ one page's websocket
# The page sends keys, sizes and pings; each costs its client process (a Textual app) a
# redraw or more. Past these budgets the server stops reading the page's websocket until
# the budget is back, so a flooding page slows itself down (TCP holds the rest), and a
# resize is applied at most every RESIZE_EVERY seconds, the latest one wins.
MESSAGES_PER_SECOND = 30.0     # websocket messages of one page, on average (key repeat)...
MESSAGES_BURST = 120           # ...and at once (a burst of keys, a paste, a window dragged)
STDIN_PER_SECOND = 16 << 10    # bytes of keys and pastes of one page, on average...
STDIN_BURST = 64 << 10         # ...and at once (one websocket message is at most 64 KiB)
RESIZE_EVERY = 0.25            # seconds between two sizes given to a page's client


class Budget:
    """A token bucket: ``rate`` a second, at most ``burst`` saved up. :meth:`spend` takes
    ``cost`` now (into debt if need be) and says how long to wait for the debt to be paid."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = float(rate), float(burst)
        self.tokens, self.at = float(burst), now

    def spend(self, cost: float, now: float) -> float:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate) - cost
        self.at = now
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate
