"""The LAN lab's fixtures: a lab per test, torn down (and checked gone) whatever the test did.

Every lab test is skipped, with the reason, where the lab cannot run (not root, no ``ip``,
network namespaces not permitted); see ``scripts/_lanlab.py`` and docs/lan-lab.md.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

import _lanlab  # noqa: E402

from ekpeer.engine import Move  # noqa: E402
from ekpeer.engine.replay import replay  # noqa: E402
from ekpeer.engine.view import visible_events  # noqa: E402
from ekpeer.net.journal import load_file  # noqa: E402
from ekpeer.plugins import ruleset  # noqa: E402

_cleaned: list[str] = []


@pytest.fixture
def make_lab(tmp_path):
    """``make_lab(["ann", "bob"])``: a started lab (host + those players), closed after the test,
    which then fails if any namespace, link or process of it is left."""
    why = _lanlab.unavailable()
    if why is not None:
        pytest.skip(why)
    if not _cleaned:                  # what runs killed with SIGKILL left (their pid is gone)
        _cleaned.extend(_lanlab.clean_stale() or ["-"])
    labs: list[_lanlab.Lab] = []

    def make(players: list[str]) -> _lanlab.Lab:
        lab = _lanlab.Lab(players, workdir=tmp_path / f"lab{len(labs)}")
        labs.append(lab)
        lab.up()
        return lab

    yield make
    left = []
    for lab in labs:
        lab.close()
        left += lab.leftovers()
    assert not left, f"the lab left these behind: {left}"


@pytest.fixture(scope="session", autouse=True)
def _no_lab_left_at_the_end():
    """At the end of the run: no namespace of any lab this run made is left."""
    yield
    if _lanlab.unavailable() is None:
        mine = [ns for ns in _lanlab.namespaces() if ns.startswith(f"{_lanlab.PREFIX}{os.getpid()}")]
        assert not mine, f"lab namespaces left at the end of the run: {mine}"


def norm(obj):
    return json.loads(json.dumps(obj, default=str))


def finished_game(data_dir: Path, table: str, port: int = _lanlab.PORT):
    """The game a lab host played at ``table``, replayed from its journal (the live file or the
    finished game's ``.last``): the game, every event of it, and the journal's state."""
    folder = data_dir / "tables" / str(port)
    deadline = time.monotonic() + 5.0
    while True:     # the host may be moving the finished game to .last right now: look again
        for pattern in ("*.last", "*.jsonl"):
            for path in sorted(folder.glob(pattern)):
                try:
                    state = load_file(path)
                except FileNotFoundError:
                    continue
                if state["table"] and state["table"].get("id") == table and state["game"] and state["over"]:
                    rec = state["game"]
                    game = replay(ruleset(rec["plugins"]), rec["origin"], [])
                    events = [e for m in state["moves"] for e in game.apply(Move.from_dict(m))]
                    return game, events, state
        if time.monotonic() > deadline:
            raise AssertionError(f"no finished game of table {table!r} journalled in {folder}")
        time.sleep(0.05)


def seen_by(events: list, seat: str) -> list:
    """Every one of a game's ``events`` that ``seat`` may see, as a client decodes them."""
    return norm(visible_events(events, seat))


def find_run(haystack: list, needle: list, start: int = 0) -> int:
    """Where ``needle`` lies, whole and in order, in ``haystack`` (from ``start``); -1 if nowhere."""
    if not needle:
        return start
    for i in range(start, len(haystack) - len(needle) + 1):
        if haystack[i:i + len(needle)] == needle:
            return i
    return -1


def seat_states(records: list[dict], seat: str) -> list[tuple[bool, bool]]:
    """How the lobby messages a player got showed ``seat``, in order: (connected, takeover), each
    change once."""
    out: list[tuple[bool, bool]] = []
    for r in records:
        if r.get("event") != "lobby":
            continue
        for s in r.get("seats", []):
            if s["name"] == seat:
                state = (bool(s["connected"]), bool(s["takeover"]))
                if not out or out[-1] != state:
                    out.append(state)
    return out


def in_order(wanted: list, seen: list) -> bool:
    """Does ``seen`` hold every item of ``wanted``, in that order (others may come between)?"""
    it = iter(seen)
    return all(any(x == w for x in it) for w in wanted)
