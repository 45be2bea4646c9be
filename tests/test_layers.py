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


# The client holds no host (issue 16): no module of ekpeer/tui imports, even lazily inside a
# function, the rules, the bots, the plugin loader or anything only a host runs.
CLIENT_FORBIDDEN = ("plugins", "ekpeer_cards", "pluggy", "ekpeer.engine", "ekpeer.bots", "ekpeer.plugins",
                    "ekpeer.hookspecs", "ekpeer.net.host", "ekpeer.net.table", "ekpeer.net.table_timers",
                    "ekpeer.net.lobby", "ekpeer.net.hosted", "ekpeer.net.journal", "ekpeer.net.remote_bot",
                    "ekpeer.replays", "ekpeer.scenario", "ekpeer.simulate")


def imported_modules(source: str, package: tuple[str, ...]) -> set[str]:
    """Every module ``source`` (a module of ``package``) imports anywhere, functions included;
    ``from X import name`` also counts as ``X.name`` (``from ..net import host`` is the host)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def test_the_client_imports_no_engine_bot_plugin_loader_or_host():
    bad = []
    for path in (ROOT / "ekpeer/tui").rglob("*.py"):
        package = path.relative_to(ROOT).parent.parts
        for name in imported_modules(path.read_text(), package):
            if any(name == f or name.startswith(f + ".") for f in CLIENT_FORBIDDEN):
                bad.append(f"{path.relative_to(ROOT)}: {name}")
    assert bad == []


def test_the_client_import_check_sees_lazy_and_relative_imports():
    source = "def later():\n    from ..net import host\n    from ...engine.view import own_part\n"
    names = imported_modules(source, ("ekpeer", "tui", "screens"))
    assert {"ekpeer.tui.net.host", "ekpeer.engine.view"} <= names
    names = imported_modules("def later():\n    from ..net import host\n", ("ekpeer", "tui"))
    assert "ekpeer.net.host" in names
