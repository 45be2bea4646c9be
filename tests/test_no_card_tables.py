"""The client and the bots hold no table of built-in card ids or plugin event names (issue
27.2): what a card does comes from its catalog entry (traits, bot_value, phrases), so a
third-party box reads and plays as well as a built-in one. Checked on the source's string
literals (docstrings and comments may name cards: they explain, they decide nothing)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from ekpeer.engine.cards import CARD_KINDS
from ekpeer.engine.view import player_view
from ekpeer.plugins import ruleset

ROOT = Path(__file__).resolve().parents[1]
BUILT_IN = ["base", "imploding", "zombie", "streaking", "party"]

#: Files still to make generic (none: the search bot's tracker reads the pile from the view
#: and a plugin's events by their generic fields).
PENDING: set[str] = set()
#: (file, word): words that are card ids or plugin events too, read there as something else.
ALLOWED: set[tuple[str, str]] = {
    ("ekpeer/tui/screens/table.py", "watching"),     # the top bar's "you are watching", not an event
}


def _plugin_events() -> set[str]:
    emitted = re.compile(r'emit\(\s*"([a-z_]+)"')
    engine = {e for p in (ROOT / "ekpeer" / "engine").glob("*.py") for e in emitted.findall(p.read_text())}
    plugins = {e for p in (ROOT / "plugins").rglob("*.py") for e in emitted.findall(p.read_text())}
    return plugins - engine


def _view_words() -> set[str]:
    """The engine's own view keys ("marked", "cursed"): fields of every view, not events."""
    game = ruleset(["base"]).new_game(["ann", "bob"], seed=1)
    view = player_view(game, "ann")
    return set(view) | set(view["players"][0])


def _literals(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    return {n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs}


def _sources() -> list[Path]:
    return [*sorted((ROOT / "ekpeer" / "tui").rglob("*.py")), ROOT / "ekpeer" / "net" / "client.py",
            *sorted((ROOT / "ekpeer" / "bots").rglob("*.py"))]


def test_no_built_in_card_id_or_plugin_event_name_in_the_client_or_the_bots():
    ids = set(ruleset(BUILT_IN).cards)
    named = (ids | _plugin_events()) - set(CARD_KINDS) - _view_words()
    assert {"defuse", "skip", "marked", "died"} & named == {"skip", "died"}
    found = []
    for path in _sources():
        rel = str(path.relative_to(ROOT))
        if rel in PENDING:
            continue
        for word in _literals(path) & named:
            if (rel, word) not in ALLOWED:
                found.append(f"{rel}: {word!r}")
    assert found == []


def test_the_scan_sees_a_card_table():
    probe = ast.parse('KITTENS = {"exploding_kitten", "imploding_kitten"}\n')
    assert {n.value for n in ast.walk(probe) if isinstance(n, ast.Constant)} & set(ruleset(BUILT_IN).cards)
