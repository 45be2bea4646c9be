"""The example third-party plugin installs as its own package and works unchanged.

It is installed with pip into a folder of its own (as a user would install any
package), found through the `ekpeer` entry-point group, and its scenarios and tests run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "ekpeer-catnip"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(EXAMPLE)],
        capture_output=True, text=True, timeout=300,
    )
    if result.returncode != 0:
        pytest.fail(f"pip could not install the example plugin: {result.stderr[-2000:]}")
    return target


def with_plugin(site: Path) -> dict[str, str]:
    """This environment with the example plugin installed and let in beside the project's own
    (tests/conftest.py pins ``EKPEER_PLUGINS`` to those)."""
    return {**os.environ, "PYTHONPATH": f"{site}{os.pathsep}{ROOT}",
            "EKPEER_PLUGINS": f"{os.environ['EKPEER_PLUGINS']},catnip"}


def ekpeer(site: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    environ = {**with_plugin(site), **(env or {})}
    return subprocess.run([sys.executable, "-m", "ekpeer.cli", *args], capture_output=True, text=True,
                          timeout=120, env=environ, cwd=ROOT)


def test_installed_plugin_is_listed_with_its_cards(site):
    out = ekpeer(site, "plugins").stdout
    assert "catnip 0.1.0 (ekpeer-catnip: ekpeer_catnip)" in out
    assert f"  from: {site}" in out      # where it is installed
    assert "sneak_peek" in ekpeer(site, "cards").stdout


def test_scenario_run_works_for_it_unchanged(site):
    result = ekpeer(site, "scenario", "run", str(EXAMPLE / "scenarios"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASS") == 3


def test_its_own_tests_pass(site):
    environ = with_plugin(site)
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             str(EXAMPLE / "tests")], capture_output=True, text=True, timeout=120,
                            env=environ, cwd=EXAMPLE)
    assert result.returncode == 0, result.stdout[-3000:]


def test_simulated_games_use_its_cards(site):
    result = ekpeer(site, "simulate", "--players", "3", "--games", "10", "--expansions", "base,catnip",
                    "--bots", "random", "--quiet")
    assert result.returncode == 0, result.stderr
    assert "games_per_second:" in result.stdout
