"""What a person reads when the host says no, or the connection fails: words and the way on,
never a code (``name_taken: ...``) nor an exception's class name (``RequestError: ...``).

The host's ``code`` is for programs and its ``message`` for people (docs/protocol.md); the
few refusals a player meets when sitting down get sentences of their own here, saying what
to do next. Anything else is the host's own message, plainly.
"""

from __future__ import annotations

from typing import Any


def join_refused(code: str, message: str, table: str, name: str, address: str | None = None) -> str:
    """Why the host would not seat ``name`` at ``table``, and what to do instead."""
    where = f"Table {table}"
    if code == "name_taken":
        return (f"Someone at table {table} is already called {name}. "
                "Join again with another name (the name field, or --name).")
    if code == "table_started":
        command = f"ekpeer join {address} --watch" if address else "ekpeer join ADDRESS --watch"
        return (f"{where} is playing already, so there is no seat for you in this game. "
                f"Watch it meanwhile (Watch on the start screen, ctrl+g, or {command}): "
                "once it ends you may take a seat for the next game.")
    if code == "table_full":
        if "next game" in message:
            return f"Every seat at table {table} is taken for the next game too: watch on, or ask the host " \
                   "for another table."
        return f"Every seat at table {table} is taken: ask the host for another table."
    if code == "bad_password":
        return f"{where}: {message}. Join again with the table's password (--password)."
    if code == "no_table":
        return f"This host has no table {table}: check its name (--table), or join without it."
    if code == "rate_limited":
        return f"{where}: {message}"
    return f"{where}: {message or 'the host refused'}"


def trouble(exc: BaseException) -> str:
    """An exception a session ended with, in words (the host's message when it refused)."""
    message = getattr(exc, "message", None)
    if isinstance(message, str) and message:
        return message
    if isinstance(exc, TimeoutError):
        return "the host did not answer in time"
    if isinstance(exc, ConnectionError):
        said = "the connection to the host failed"
        return f"{said} ({exc})" if str(exc) else said
    text = str(exc)
    return text if text else "something went wrong on this side (see the log)"


def refused_words(body: dict[str, Any]) -> str:
    """A refusal reply (``{ok: false, code, message}``) in words: the host's message."""
    message = body.get("message")
    return str(message) if message else "the host refused that"
