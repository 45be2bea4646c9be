"""The example third-party plugins install as their own packages and work unchanged.

Each is installed with pip into a folder of its own (as a user would install any
package), found through the `ekpeer` entry-point group, and its scenarios and tests run:
examples/ekpeer-catnip (three cards) and examples/ekpeer-barking (the Barking Kittens box,
written from docs/plugins.md alone, reusing built-in cards).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "ekpeer-catnip"
BARKING = ROOT / "examples" / "ekpeer-barking"


def install(example: Path, target: Path) -> Path:
    result = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(example)],
        capture_output=True, text=True, timeout=300,
    )
    if result.returncode != 0:
        pytest.fail(f"pip could not install {example.name}: {result.stderr[-2000:]}")
    return target


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return install(EXAMPLE, tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="module")
def barking_site(tmp_path_factory) -> Path:
    return install(BARKING, tmp_path_factory.mktemp("barking-site"))


def with_plugin(site: Path, name: str = "catnip") -> dict[str, str]:
    """This environment with an example plugin installed and let in beside the project's own
    (tests/conftest.py pins ``EKPEER_PLUGINS`` to those)."""
    return {**os.environ, "PYTHONPATH": f"{site}{os.pathsep}{ROOT}",
            "EKPEER_PLUGINS": f"{os.environ['EKPEER_PLUGINS']},{name}"}


def ekpeer(site: Path, *args: str, env: dict[str, str] | None = None,
           name: str = "catnip") -> subprocess.CompletedProcess:
    environ = {**with_plugin(site, name), **(env or {})}
    return subprocess.run([sys.executable, "-m", "ekpeer.cli", *args], capture_output=True, text=True,
                          timeout=120, env=environ, cwd=ROOT)


def test_installed_plugin_is_listed_with_its_cards(site):
    out = ekpeer(site, "plugins").stdout
    assert "catnip 0.1.0 (ekpeer-catnip: ekpeer_catnip)" in out
    assert f"  from: {site}" in out      # where it is installed
    assert "sneak_peek" in ekpeer(site, "cards").stdout


def test_an_editable_install_is_listed_from_the_authors_folder(site, tmp_path):
    """``pip install -e`` leaves the metadata in site-packages and the code in the author's
    folder: ``ekpeer plugins`` says where the code is read from (a stranger's listing named
    site-packages for a plugin in /tmp/strangerplugin)."""
    import shutil

    meta, code = tmp_path / "site-packages", tmp_path / "author"
    meta.mkdir()
    for info in site.glob("*.dist-info"):
        shutil.copytree(info, meta / info.name)
    shutil.copytree(site / "ekpeer_catnip", code / "ekpeer_catnip")
    env = {**with_plugin(site), "PYTHONPATH": os.pathsep.join([str(meta), str(code), str(ROOT)])}
    out = subprocess.run([sys.executable, "-m", "ekpeer.cli", "plugins"], capture_output=True, text=True,
                         timeout=120, env=env, cwd=ROOT).stdout
    assert "catnip 0.1.0" in out
    assert f"  from: {code / 'ekpeer_catnip'}" in out


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


# ---------------------------------------------------------------------- the Barking Kittens box
def test_barking_box_is_listed_and_its_scenarios_pass(barking_site):
    out = ekpeer(barking_site, "plugins", name="barking").stdout
    assert "barking 0.1.0 (ekpeer-barking: ekpeer_barking)" in out
    result = ekpeer(barking_site, "scenario", "run", str(BARKING / "scenarios"), name="barking")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASS") == 6


def test_barking_box_own_tests_pass(barking_site):
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             str(BARKING / "tests")], capture_output=True, text=True, timeout=300,
                            env=with_plugin(barking_site, "barking"), cwd=BARKING)
    assert result.returncode == 0, result.stdout[-3000:]


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_bots_play_the_barking_box_to_the_end(barking_site, bots):
    result = ekpeer(barking_site, "simulate", "--players", "4", "--games", "20", "--expansions",
                    "base,barking", "--bots", bots, "--quiet", name="barking")
    assert result.returncode == 0, result.stderr
    assert "games_per_second:" in result.stdout
