"""``ekpeer play``'s sessions (ekpeer/cli_tui.py): always a seat at the one host, ``ekpeer.net``'s,
never a host inside the client."""

from __future__ import annotations

import argparse
import subprocess
import sys

from ekpeer import cli_tui
from ekpeer.net.hosted import LocalHost
from ekpeer.tui.session import NetSession

SETTINGS = {"seats": 2, "reaction_seconds": 0.05, "expansions": ["base"], "bots": "heuristic"}


async def _first_view(seed: int) -> dict:
    session = cli_tui.session_factory(think=(0.0, 0.0), seed=seed, discovery=False)(
        mode="play", name="ann", settings=SETTINGS, autostart=True)
    try:
        await session.open()
        while True:
            msg = await session.recv()
            if msg["type"] == "snapshot":
                return msg["body"]["view"]
    finally:
        await session.close()


def test_every_mode_is_a_seat_at_a_real_host():
    make = cli_tui.session_factory(think=(0.0, 0.0), discovery=False)
    play = make(mode="play", name="ann", settings=SETTINGS)
    host = make(mode="host", name="ann", settings=SETTINGS)
    join = make(mode="join", name="bob", address="tcp://127.0.0.1:5555")
    assert all(isinstance(s, NetSession) for s in (play, host, join))
    assert isinstance(play.host, LocalHost) and play.host.bind == cli_tui.LOOPBACK
    assert isinstance(host.host, LocalHost) and host.host.bind == "tcp://0.0.0.0:5555"
    assert join.host is None
    here = cli_tui.session_factory(bind=cli_tui.LOOPBACK)(mode="host", name="ann")
    assert here.host.bind == cli_tui.LOOPBACK       # a bind asked for is the bind used


async def test_a_seed_deals_the_same_game_again():
    first, again, other = await _first_view(11), await _first_view(11), await _first_view(12)
    assert first["hand"] == again["hand"] and first["players"] == again["players"]
    assert [first["hand"], first["players"]] != [other["hand"], other["players"]]


def test_local_is_only_the_host_kept_in_this_process():
    args = argparse.Namespace(local=True, name="ann", start=True)
    factory = cli_tui.session_factory(think=(0.0, 0.0), discovery=False)
    assert cli_tui._forked(args, SETTINGS, factory) is factory      # no fork, the same factory


def test_play_without_pyzmq_says_so_and_hosts_nothing():
    code = ("import sys; sys.modules['zmq'] = None; from ekpeer.cli import main; "
            "sys.exit(main(['play', '--start']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "pyzmq is not installed" in done.stderr and "Traceback" not in done.stderr
