"""The suite plays the project's own plugins only, whatever else is installed beside them.

A stray plugin is "installed" the way pip leaves one (a ``.dist-info`` with an
``entry_points.txt`` in a folder on ``sys.path``); tests/conftest.py's pin keeps it out of
this process and of the ``ekpeer`` processes tests start (issue 27, section 3).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ekpeer import plugins

ROOT = Path(__file__).resolve().parents[1]
OWN = {"base", "imploding", "party", "streaking", "zombie"}


@pytest.fixture
def stray(tmp_path: Path) -> Iterator[Path]:
    """A folder holding an installed third-party plugin ``stray``, on ``sys.path`` meanwhile."""
    (tmp_path / "ekpeer_stray.py").write_text(
        "from ekpeer.engine import CardSpec\n"
        "CARDS = [CardSpec('stray_cat', 'Stray Cat', 'From somewhere else.', cat=True,"
        " counts={'original': 4})]\n")
    info = tmp_path / "ekpeer_stray-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ekpeer-stray\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[ekpeer]\nstray = ekpeer_stray\n")
    sys.path.insert(0, str(tmp_path))
    plugins.installed.cache_clear()
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        plugins.installed.cache_clear()
        plugins.load_module.cache_clear()


def test_a_stray_installed_plugin_does_not_load_in_the_suite(stray, monkeypatch):
    assert set(plugins.installed()) == OWN
    # ...though it is installed well enough to load where nothing pins the plugins
    monkeypatch.delenv("EKPEER_PLUGINS")
    plugins.installed.cache_clear()
    assert set(plugins.installed()) == OWN | {"stray"}


def test_ekpeer_processes_the_suite_starts_do_not_load_it_either(stray):
    env = {**os.environ, "PYTHONPATH": f"{stray}{os.pathsep}{ROOT}"}
    listed = subprocess.run([sys.executable, "-m", "ekpeer.cli", "plugins"], capture_output=True,
                            text=True, timeout=60, env=env, cwd=ROOT)
    assert listed.returncode == 0, listed.stderr
    assert "base" in listed.stdout and "stray" not in listed.stdout
