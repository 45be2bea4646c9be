"""The web layer sits on top: it may use the client and the network layer, never a card, and
nothing below imports it (the client runs without aiohttp or textual-serve installed)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported(folder: Path) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        package = path.relative_to(ROOT).parent.parts
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[: len(package) - node.level + 1]
                    names.add(".".join([*base, node.module] if node.module else base))
                elif node.module:
                    names.add(node.module)
        found[str(path.relative_to(ROOT))] = names
    return found


def test_the_web_layer_imports_no_card():
    bad = [f"{path}: {name}" for path, names in imported(ROOT / "ekpeer" / "web").items()
           for name in names if name == "plugins" or name.startswith("plugins.") or name == "ekpeer.plugins"]
    assert bad == []


def test_nothing_below_the_web_layer_imports_it():
    bad = []
    for folder in ("ekpeer/engine", "ekpeer/net", "ekpeer/tui", "ekpeer/bots", "plugins"):
        for path, names in imported(ROOT / folder).items():
            bad += [f"{path}: {n}" for n in names
                    if n.startswith(("ekpeer.web", "aiohttp", "textual_serve"))]
    assert bad == []
