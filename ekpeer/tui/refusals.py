"""What a person reads when the host says no, or the connection fails: words and the way on,
never a code (``name_taken: ...``) nor an exception's class name (``RequestError: ...``).

The host's ``code`` is for programs and its ``message`` for people (docs/protocol.md); the
few refusals a player meets when sitting down get sentences of their own here, saying what
to do next. Anything else is the host's own message, plainly.
"""

from __future__ import annotations

import shlex
from typing import Any

from ..i18n import _, ngettext


def join_refused(code: str, message: str, table: str, name: str, address: str | None = None,
                 body: dict[str, Any] | None = None, allow_create: bool | None = None,
                 watching: bool = False) -> str:
    """Why the host would not seat ``name`` at ``table``, and what to do instead. ``body``: the
    host's whole refusal (its ``seated`` name, a ``field`` and its ``most``); ``allow_create``:
    whether the host makes new tables (its hello said), so a full table points to one;
    ``watching``: they watch the table and asked for a seat from its lobby (t), where "join
    again" is no way on without leaving first."""
    body = body or {}
    if code == "bad_message" and body.get("field") == "name" and isinstance(body.get("most"), int):
        # a hello's words ("hello: 'name' is too long"), said as a person would
        return _("Your name is too long: at most {most} characters. Join again with a shorter one "
                 "(the name field, or --name).").format(most=body["most"])
    if code == "name_taken":
        seated = body.get("seated")
        if isinstance(seated, str) and seated and seated != name:
            return _("Someone at table {table} is already called {seated}: names that differ only in "
                     "capitals, or in letters that look alike, count as the same. Join again with another "
                     "name (the name field, or --name).").format(table=table, seated=seated)
        return _("Someone at table {table} is already called {name}. "
                 "Join again with another name (the name field, or --name).").format(table=table, name=name)
    if code == "table_started":
        # this game, of several, under the name they gave (a stranger's copy watched as "player");
        # no address known, no command: one with "ADDRESS" in it was no command to paste
        if not address:
            return _("Table {table} is playing already, so there is no seat for you in this game. "
                     "Watch it meanwhile (Watch on the start screen, or ctrl+g): once it ends you may "
                     "take a seat for the next game.").format(table=table)
        from .addressing import join_command

        # the address as the lobby shows it, quoted if it must be (a key may hold $ or ")")
        command = f"{join_command(address)} --table {table} --name {shlex.quote(name)} --watch"
        return _("Table {table} is playing already, so there is no seat for you in this game. "
                 "Watch it meanwhile (Watch on the start screen, ctrl+g, or {command}): "
                 "once it ends you may take a seat for the next game.").format(table=table, command=command)
    if code == "table_full":
        # a server has nobody to ask for a table: what a player can do themselves
        elsewhere = (_("or make a table of your own (--table NAME --create)") if allow_create is not False
                     else _("or join another of its tables (--table NAME)"))
        # a host says which refusal it is (``next_game``), in any language; an older one only
        # in its English words
        if body.get("next_game") is True or "next game" in message:
            kept = body.get("kept")
            if isinstance(kept, int) and kept > 0:
                # a leaver's seat is theirs until they come back: no watcher gets it
                return ngettext("Every seat at table {table} is taken for the next game too: {n} of them "
                                "is kept for a player who left and may come back (a bot plays it until "
                                "then). Watch on, {elsewhere}.",
                                "Every seat at table {table} is taken for the next game too: {n} of them "
                                "are kept for players who left and may come back (a bot plays them until "
                                "then). Watch on, {elsewhere}.", kept).format(
                                    table=table, n=kept, elsewhere=elsewhere)
            return _("Every seat at table {table} is taken for the next game too: watch on, "
                     "{elsewhere}.").format(table=table, elsewhere=elsewhere)
        # only a table in its lobby says this (a game on is "table_started", one over "next game
        # too"): "Watch its game" sent a stranger to watch a game nobody had started
        return _("Every seat at table {table} is taken, and its game has not started yet. Watch the "
                 "table (Watch on the start screen, ctrl+g, or add --watch) and take a seat with t if "
                 "one frees up, {elsewhere}.").format(table=table, elsewhere=elsewhere)
    if code == "too_many_watchers":
        # a seat may well be free: it is the watchers' room that is full
        most = body.get("most")
        full = (_("Table {table} has no room for another watcher: {most} people watch it already.")
                if isinstance(most, int) else _("Table {table} has no room for another watcher."))
        return full.format(table=table, most=most) + " " + _(
            "Try again later, or take a seat if one is free (Join on the start screen, or join "
            "without --watch).")
    if code == "bad_password":
        if watching:    # (a host that asks a watcher for it again: ekpeer's own no longer does)
            return _("Table {table}: {message}. To take a seat, leave (Esc) and join the table again "
                     "with its password.").format(table=table, message=message)
        return _("Table {table}: {message}. Join again with the table's password (--password).").format(
            table=table, message=message)
    if code == "no_table":
        return _("This host has no table {table}: check its name (--table), or join without it.").format(
            table=table)
    return _("Table {table}: {message}").format(table=table, message=message or _("the host refused"))


def password_refused(table: str, message: str, given: bool, start_screen: bool) -> str:
    """A table's password refused (``bad_password``), and the way on where the person is:
    ``given``, they typed one and it was wrong (try again); else it is needed, and goes in the
    start screen's password box (``start_screen``) or after ``--password`` on the command line."""
    if given:
        return _("Table {table}: {message}. Try again.").format(table=table, message=message)
    if start_screen:
        return _("Table {table}: {message}. Type it in the “{box}” box, then join again.").format(
            table=table, message=message, box=_("password, if any"))
    return _("Table {table}: {message}. Join again with the table's password (--password).").format(
        table=table, message=message)


def no_table(table: str, endpoint: str, hello: dict[str, Any]) -> str:
    """A join naming a table the host does not have (``ekpeer join --table bsae``): the tables
    it has (its hello's list), so a typo is seen at once, and how to make the table instead."""
    from ..net.addresses import AddressError, parse

    try:
        where = parse(endpoint).hostport
    except (AddressError, ValueError):
        where = endpoint.split("://", 1)[-1].split("#", 1)[0] or _("this host")
    names = [str(t.get("table")) for t in hello.get("tables") or [] if isinstance(t, dict) and t.get("table")]
    if names and (hello.get("table_count") or 0) > len(names):
        names.append("...")
    if names:
        words = _("No table '{table}' at {where}; its tables: {tables}.").format(
            table=table, where=where, tables=", ".join(names))
    else:
        words = _("No table '{table}' at {where}; it has no tables yet.").format(table=table, where=where)
    if hello.get("allow_create"):
        how = _("Join one of them (--table NAME), or add --create to make a new table '{table}'.") if names \
            else _("Add --create to make table '{table}'.")
    else:
        how = _("Join one of them (--table NAME): this host makes no new tables.") if names \
            else _("This host makes no new tables.")
    return words + " " + how.format(table=table)


def trouble(exc: BaseException) -> str:
    """An exception a session ended with, in words (the host's message when it refused)."""
    message = getattr(exc, "message", None)
    if isinstance(message, str) and message:
        return message
    if isinstance(exc, TimeoutError):
        return _("the host did not answer in time")
    if isinstance(exc, ConnectionError):
        said = _("the connection to the host failed")
        return f"{said} ({exc})" if str(exc) else said
    text = str(exc)
    return text if text else _("something went wrong on this side (see the log)")


def refused_words(body: dict[str, Any]) -> str:
    """A refusal reply (``{ok: false, code, message}``) in words: the host's message."""
    message = body.get("message")
    return str(message) if message else _("the host refused that")
