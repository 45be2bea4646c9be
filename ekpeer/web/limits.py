"""``ekpeer serve``'s budgets: what one browser, or one address, may make the server hold or
do. docs/security.md lists each with what it protects; ``ekpeer serve``'s options change
the first ones. Kept apart from server.py so that a seat process (ekpeer.web.seat) reads
them without loading the web server."""

from __future__ import annotations

PER_ADDRESS = 2           # client processes at once from one address (bound beyond loopback)
START_IDLE = 300.0        # seconds on the start screen with no key, click or paste: the seat ends
START_IDLE_CODE = 3       # the seat process's exit code that says so (ekpeer serve logs it)
