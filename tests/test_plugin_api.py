"""The built-in plugins (and the example boxes) use the documented plugin API and nothing
else (issue 27, section 3): read from their source, every attribute they use of the game,
its draw pile, a setup plan, an action, a choice or a move is named in docs/plugins.md;
they touch no private ``_name`` of anything but themselves; and they import of ``ekpeer``
only the modules that page lists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = (ROOT / "docs" / "plugins.md").read_text()
#: plugin source: the built-in boxes and every example box's package (not its tests)
SOURCES = sorted([*(ROOT / "plugins").rglob("*.py"),
                  *(p for p in (ROOT / "examples").rglob("*.py") if "tests" not in p.parts)])
#: the variable names the API's objects go by in plugins' code
OBJECTS = {"game": "Game", "plan": "SetupPlan", "action": "Action", "choice": "Choice", "move": "Move",
           "pile": "DrawPile", "spec": "CardSpec"}
ALLOWED_IMPORTS = {"ekpeer.engine", "ekpeer.engine.combos", "ekpeer.engine.custom", "ekpeer.hookspecs"}


def trees() -> list[tuple[Path, ast.AST]]:
    return [(p, ast.parse(p.read_text(), str(p))) for p in SOURCES]


def documented(name: str) -> bool:
    """``name`` is written in code in docs/plugins.md (inside backticks)."""
    return re.search(rf"`[^`\n]*\b{re.escape(name)}\b[^`\n]*`", DOCS) is not None


def used_names(tree: ast.AST) -> set[tuple[str, str]]:
    """(object, attribute) for ``game.x``, ``plan.x``..., and ``game.draw_pile.x`` as the pile's."""
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        value = node.value
        if isinstance(value, ast.Name) and value.id in OBJECTS:
            found.add((OBJECTS[value.id], node.attr))
        elif isinstance(value, ast.Attribute) and value.attr == "draw_pile":
            found.add(("DrawPile", node.attr))
    return found


def test_the_sources_are_found():
    names = {p.name for p in SOURCES}
    assert {"__init__.py", "common.py"} <= names and len(SOURCES) >= 7


def test_every_name_plugins_use_is_documented():
    missing = sorted({f"{kind}.{attr} ({path.relative_to(ROOT)})" for path, tree in trees()
                      for kind, attr in used_names(tree) if not documented(attr)})
    assert not missing, "used by plugins but not in docs/plugins.md:\n" + "\n".join(missing)


def test_plugins_touch_no_private_name_of_anything_else():
    bad = []
    for path, tree in trees():
        for node in ast.walk(tree):
            private = isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__")
            if private and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: .{node.attr}")
            if isinstance(node, ast.ImportFrom) and any(a.name.startswith("_") for a in node.names):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: imports a private name")
    assert not bad, "\n".join(bad)


def test_plugins_import_only_the_documented_modules():
    bad = []
    for path, tree in trees():
        for node in ast.walk(tree):
            modules = []
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            for module in modules:
                if module.split(".")[0] == "ekpeer" and module not in ALLOWED_IMPORTS:
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {module}")
    assert not bad, "\n".join(bad)
    for module in ALLOWED_IMPORTS:
        assert documented(module)


def test_every_spec_field_plugins_set_is_documented():
    """What the boxes declare (``CardSpec(..., on_drawn=..., extra=...)``, ``DeckSpec``,
    ``Variant``) is named in the page too, and every hook they implement."""
    missing = set()
    for path, tree in trees():
        for node in ast.walk(tree):
            spec = getattr(node.func, "id", None) if isinstance(node, ast.Call) else None
            if spec in ("CardSpec", "DeckSpec", "Variant"):
                missing.update(f"{spec}({k.arg}=) {path.relative_to(ROOT)}"
                               for k in node.keywords if k.arg and not documented(k.arg))
            if isinstance(node, ast.FunctionDef) and node.name.startswith("ekpeer_"):
                if not re.search(rf"^### `{node.name}\(", DOCS, re.M):
                    missing.add(f"hook {node.name} {path.relative_to(ROOT)}")
    assert not missing, "\n".join(sorted(missing))
