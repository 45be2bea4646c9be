"""The narrow interfaces that keep imports one way name exactly what their module uses, and
the real thing is one of them.

A table knows its host only as ``TableHost`` (its clock as ``TimerHost``), the journal's
appends as ``JournalHost``: if a module starts calling something new on its host, or the
host loses it, these fail before a reader is misled."""

from __future__ import annotations

import ast
from pathlib import Path

from ekpeer.net.host import Host
from ekpeer.net.journal_sync import JournalHost
from ekpeer.net.table import TableHost
from ekpeer.net.table_timers import TimerHost

ROOT = Path(__file__).resolve().parents[1]


def used(module: str, via: str) -> set[str]:
    """What ``module`` reads through ``via``: ``self.<via>.NAME`` or a local ``<via>.NAME``."""
    tree = ast.parse((ROOT / module).read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            v = node.value
            if isinstance(v, ast.Name) and v.id == via or (
                    isinstance(v, ast.Attribute) and v.attr == via and isinstance(v.value, ast.Name)
                    and v.value.id == "self"):
                found.add(node.attr)
    return found


def members(protocol: type) -> set[str]:
    """The names a Protocol declares, its bases' included."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls.__module__ in ("typing", "builtins"):
            continue
        names |= set(getattr(cls, "__annotations__", {}))
        names |= {n for n, v in vars(cls).items() if not n.startswith("_") and callable(v)}
    return names


def test_a_table_calls_on_its_host_exactly_what_table_host_names():
    assert used("ekpeer/net/table_timers.py", "host") == members(TimerHost)
    assert used("ekpeer/net/table.py", "host") | members(TimerHost) == members(TableHost)


def test_the_journal_appends_use_exactly_what_journal_host_names():
    assert used("ekpeer/net/journal_sync.py", "host") == members(JournalHost)


def test_the_host_is_each_interface_it_is_given_as():
    host = Host(secure=False)
    for protocol in (TableHost, TimerHost, JournalHost):
        assert isinstance(host, protocol), protocol.__name__
