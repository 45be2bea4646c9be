"""The client holds no host and decides no rule: importing every module of ``ekpeer.tui`` (and
the client library it reaches a host through) loads no engine, bot, plugin loader, host,
lobby or card. Checked in a fresh interpreter, where nothing else has loaded them first."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: What the client must never load: the rules, the bots, the plugin loader and its contract,
#: the host and everything only a host runs. Card plugins are checked by their entry points.
FORBIDDEN = ("ekpeer.engine", "ekpeer.bots", "ekpeer.plugins", "ekpeer.hookspecs", "ekpeer.net.host",
             "ekpeer.net.table", "ekpeer.net.table_timers", "ekpeer.net.lobby", "ekpeer.net.hosted",
             "ekpeer.net.journal", "ekpeer.net.remote_bot", "ekpeer.replays", "ekpeer.scenario",
             "ekpeer.simulate", "pluggy")

PROBE = """
import importlib, json, pkgutil, sys
from importlib.metadata import entry_points

import ekpeer.tui

names = ["ekpeer.tui"] + sorted(m.name for m in pkgutil.walk_packages(ekpeer.tui.__path__, "ekpeer.tui."))
names += ["ekpeer.net.client", "ekpeer.net.protocol", "ekpeer.net.security", "ekpeer.net.discovery",
          "ekpeer.cli_tui"]
for name in names:
    importlib.import_module(name)
cards = sorted({ep.value.split(":")[0] for ep in entry_points(group="ekpeer")})
print(json.dumps({"imported": names, "loaded": sorted(sys.modules), "cards": cards}))
"""


def test_importing_the_client_loads_no_engine_bot_plugin_or_host():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert "ekpeer.tui.app" in out["imported"] and "ekpeer.tui.screens.table" in out["imported"]
    assert out["cards"], "no card plugin is installed: nothing to check against"
    loaded = out["loaded"]
    bad = [m for m in loaded if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    bad += [m for m in loaded for card in out["cards"] if m == card or m.startswith(card + ".")]
    bad += [m for m in loaded if m.split(".")[0] in ("plugins", "ekpeer_cards")]
    assert bad == []
