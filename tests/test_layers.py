"""Layers point one way: engine <- plugins <- net <- tui, and no two modules of ``ekpeer/``
import each other. Checked on the import graph, read from the source (nothing is imported)."""

from __future__ import annotations

import ast
import sys
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


def module_graph(package: str = "ekpeer") -> dict[str, dict[str, int]]:
    """Every module under ``package`` -> the modules of ``package`` it imports, each with the
    line of its first import there.

    Every import counts: at the top, inside a function, or under ``if TYPE_CHECKING:`` (a
    reader follows those too). Relative imports are resolved; ``from . import x`` and
    ``from pkg import x`` mean the module ``pkg.x`` when there is one, else ``pkg`` itself."""
    paths = {}
    for path in (ROOT / package).rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        paths[".".join(parts)] = path

    def known(name: str) -> str | None:      # the module itself, or the nearest package above it
        while name and name not in paths:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, dict[str, int]] = {}
    for name, path in paths.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets: list[str | None] = []
            if isinstance(node, ast.Import):
                targets = [known(alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[: len(here.split(".")) - node.level + 1]
                    source = ".".join([*base, node.module] if node.module else base)
                else:
                    source = node.module or ""
                targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in paths else known(source)
                           for a in node.names]
            for target in targets:
                if target is not None and target != name:
                    edges[target] = min(edges.get(target, node.lineno), node.lineno)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_graph_sees_imports_in_functions_and_under_type_checking(tmp_path, monkeypatch):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from .b import B\n")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .sub import b\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from ..a import x\n")
    (pkg / "c.py").write_text("import pkg.sub\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    graph = module_graph("pkg")
    assert graph["pkg.a"] == {"pkg.sub.b": 3} and graph["pkg.sub.b"] == {"pkg.a": 2}
    assert graph["pkg.c"] == {"pkg.sub": 1} and graph["pkg.sub"] == {"pkg.sub.b": 1}
    assert cycles(graph) == [["pkg.a", "pkg.sub.b"]]


def test_no_two_modules_of_ekpeer_import_each_other():
    """Each module can be read (and tested) with only what is below it: a table is told what
    it may call on its host through an interface it owns, a bot's base class knows no bot."""
    graph = module_graph("ekpeer")
    report = []
    for component in cycles(graph):
        report.append(" <-> ".join(component))
        report += [f"    {a} -> {b} (line {graph[a][b]})"
                   for a in component for b in sorted(graph[a]) if b in component]
    assert not report, "import cycles in ekpeer/:\n" + "\n".join(report)
