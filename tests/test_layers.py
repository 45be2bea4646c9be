"""Layers point one way: engine <- plugins <- net <- tui. Checked on the import graph."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imports(folder: Path) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        names: set[str] = set()
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: resolve against the package
                    package = path.relative_to(ROOT).parent.parts
                    base = package[: len(package) - node.level + 1]
                    names.add(".".join([*base, node.module] if node.module else base))
                elif node.module:
                    names.add(node.module)
        found[str(path.relative_to(ROOT))] = names
    return found


def offenders(folder: str, forbidden: tuple[str, ...]) -> list[str]:
    bad = []
    for path, names in imports(ROOT / folder).items():
        for name in names:
            hit = name.split(".")[0] in forbidden
            if hit or any(name == f or name.startswith(f + ".") for f in forbidden):
                bad.append(f"{path}: {name}")
    return bad


def test_the_engine_imports_no_plugin_socket_or_screen():
    assert offenders("ekpeer/engine", ("plugins", "zmq", "textual", "msgpack", "socket", "asyncio",
                                        "ekpeer.net", "ekpeer.tui", "ekpeer.plugins", "ekpeer.bots",
                                        "ekpeer_cards")) == []


def test_plugins_import_only_the_engine_and_hookspecs():
    bad = offenders("plugins", ("zmq", "textual", "msgpack", "socket", "ekpeer.net", "ekpeer.tui"))
    assert bad == []


def test_the_network_layer_imports_no_card_and_no_screen():
    assert offenders("ekpeer/net", ("plugins", "ekpeer_cards", "textual", "ekpeer.tui")) == []


def test_the_client_imports_no_card():
    assert offenders("ekpeer/tui", ("plugins", "ekpeer_cards")) == []
