"""The built-in plugins install as ``ekpeer_cards``, never as a top-level ``plugins``.

The repository keeps its ``plugins/`` folder; a wheel puts it in site-packages as
``ekpeer_cards`` (a top-level ``plugins`` would clash with any other distribution's). The
wheel is built and installed into a folder of its own here, and ekpeer runs from it with
the checkout out of reach: no ``.pth`` (``python -S``), not the working directory.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = ("base", "imploding", "zombie", "streaking", "party")


def test_the_built_in_plugins_import_each_other_relatively():
    """Absolute imports of ``plugins`` (or ``ekpeer_cards``) would work under one name only."""
    bad = []
    for path in (ROOT / "plugins").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            bad += [f"{path.relative_to(ROOT)}: {n}" for n in names
                    if n.split(".")[0] in ("plugins", "ekpeer_cards")]
    assert bad == []


def pip(*args: str) -> None:
    result = subprocess.run([sys.executable, "-m", "pip", *args, "-q", "--no-deps"], capture_output=True,
                            text=True, timeout=300)
    if result.returncode != 0:
        pytest.fail(f"pip {args[0]} failed: {result.stderr[-2000:]}")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    pip("wheel", "-w", str(out), str(ROOT))
    return next(out.glob("ekpeer-*.whl"))


def test_the_wheel_holds_ekpeer_cards_and_no_plugins_package(wheel):
    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
        entry_points = next(whl.read(n).decode() for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")} == \
        {"ekpeer", "ekpeer_cards"}
    assert {f"ekpeer_cards/{p}/__init__.py" for p in PLUGINS} <= set(names)
    for plugin in PLUGINS:
        assert f"{plugin} = ekpeer_cards.{plugin}" in entry_points
    # the translations travel with the code, read as they are (issue 30)
    assert "ekpeer/locale/da/LC_MESSAGES/ekpeer.po" in names
    assert {f"ekpeer_cards/{p}/locale/da/LC_MESSAGES/{p}.po" for p in PLUGINS} <= set(names)


def test_ekpeer_runs_from_the_installed_wheel(wheel, tmp_path):
    site = tmp_path / "site"
    pip("install", "--target", str(site), str(wheel))
    # -S: no site-packages .pth (the editable install's path to the checkout); the
    # dependencies come from this venv's site-packages, after the wheel's folder.
    deps = sysconfig.get_paths()["purelib"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), deps])}

    def ekpeer(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-S", "-m", "ekpeer.cli", *args], capture_output=True,
                              text=True, timeout=120, env=env, cwd=tmp_path)

    plugins = ekpeer("plugins")
    assert plugins.returncode == 0, plugins.stderr
    assert "base 0.1.0 (ekpeer: ekpeer_cards.base)" in plugins.stdout
    assert plugins.stdout.count(f"  from: {site}") == len(PLUGINS)
    cards = ekpeer("cards")
    assert cards.returncode == 0 and "(party):" in cards.stdout and "streaking_kitten" in cards.stdout
    danish = ekpeer("cards", "--lang", "da")
    assert danish.returncode == 0 and "Spring over" in danish.stdout and "i: Originaludgaven" in danish.stdout
    scenarios = ekpeer("scenario", "run", str(ROOT / "tests" / "scenarios"))
    assert scenarios.returncode == 0 and " passed, 0 failed" in scenarios.stdout, scenarios.stdout[-2000:]
    where = subprocess.run([sys.executable, "-S", "-c", "import ekpeer_cards, importlib.util; "
                            "print(ekpeer_cards.__file__, importlib.util.find_spec('plugins'))"],
                           capture_output=True, text=True, env=env, cwd=tmp_path)
    assert where.stdout.split() == [str(site / "ekpeer_cards" / "__init__.py"), "None"]
