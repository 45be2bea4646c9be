"""The narrow interfaces that keep imports one way name exactly what their module uses, and
the real thing is one of them.

A table knows its host only as ``TableHost`` (its clock as ``TimerHost``), the journal's
appends as ``JournalHost``; legal moves and combos know the game as ``LegalGame`` and
``ComboGame``, and a game knows its ruleset as ``Rules``. If a module starts using
something new, or the real class loses it, these fail before a reader is misled."""

from __future__ import annotations

import ast
from pathlib import Path

from ekpeer.engine.combos import ComboGame
from ekpeer.engine.legal import LegalGame
from ekpeer.engine.rules import Rules
from ekpeer.net.host import Host
from ekpeer.net.journal_sync import JournalHost
from ekpeer.net.table import TableHost
from ekpeer.net.table_timers import TimerHost

ROOT = Path(__file__).resolve().parents[1]


def used(module: str, via: str) -> set[str]:
    """What ``module`` (a file, or every file under a folder) reads through ``via``: each
    ``NAME`` of ``via.NAME`` or ``<anything>.via.NAME``."""
    paths = sorted((ROOT / module).rglob("*.py")) if (ROOT / module).is_dir() else [ROOT / module]
    found = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute):
                v = node.value
                if isinstance(v, ast.Name) and v.id == via or isinstance(v, ast.Attribute) and v.attr == via:
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


def test_legal_moves_and_combos_use_exactly_what_their_game_interfaces_name():
    assert used("ekpeer/engine/legal.py", "game") == members(LegalGame)
    assert used("ekpeer/engine/combos.py", "game") == members(ComboGame)


def test_what_anyone_reads_of_a_games_ruleset_is_in_rules():
    assert used("ekpeer", "ruleset") | used("plugins", "ruleset") == members(Rules)


def test_a_game_is_each_interface_it_is_given_as_and_a_ruleset_is_rules():
    from ekpeer.plugins import ruleset

    rules = ruleset(["base"])
    game = rules.new_game(["ann", "bob"], seed=1)
    assert isinstance(rules, Rules)
    assert isinstance(game, LegalGame) and isinstance(game, ComboGame)
