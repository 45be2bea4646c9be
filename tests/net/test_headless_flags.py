"""``ekpeer host --headless --config ... --turn 30``: the table flags a host types reach its
tables, the config files' and the ones players create, and where a file set the same setting
otherwise the host says at start, in one line, that the command line wins (a stranger's
``--turn 30`` was silently dropped: the tables said 60 s).

A real host process, run as the README's server section shows it; real clients on loopback."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

from ekpeer.net.addresses import format_address
from ekpeer.net.security import load_keypair

from .conftest import EKPEER, env_for_subprocess, free_port, wait_for
from .test_headless_stdout import _wait_listening
from .test_host_gone import Watcher

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def _lobby(w: Watcher, table: str) -> dict:
    return w.told("lobby", table=table)[-1][1].body


async def test_the_hosts_turn_and_nope_flags_reach_every_table_and_it_says_they_win(tmp_path, ctx):
    data, port = tmp_path / "data", free_port()
    data.mkdir()
    key = load_keypair("host", data)[0]
    env = {**env_for_subprocess(), "EKPEER_DATA_DIR": str(data), "EKPEER_NO_DISCOVERY": "1"}
    proc = subprocess.Popen([*EKPEER, "host", "--headless", "--bind", f"tcp://127.0.0.1:{port}",
                             "--config", str(CONFIGS / "base.toml"),
                             "--config", str(CONFIGS / "party-4-7.toml"),
                             "--turn", "30", "--reaction", "2", "--no-discovery"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    address = format_address(f"tcp://127.0.0.1:{port}", key)
    people = []
    try:
        said = _wait_listening(proc)
        first = said.splitlines()[0]
        assert first.startswith("ekpeer host: the command line wins over the config files: ")
        assert "--turn 30 over turn_seconds = 60 in " in first
        assert "--reaction 2 over reaction_seconds = 3 in " in first
        assert "base.toml" in first and "party-4-7.toml" in first
        people = [Watcher(address, n, ctx) for n in ("ann", "bob", "cat")]
        for w in people:
            await w.client.connect()
        await people[0].client.join("base")
        await people[1].client.join("party-4-7")
        await people[2].client.join("friday", create=True)     # a table of one's own: the same clocks
        for w, table in zip(people, ("base", "party-4-7", "friday"), strict=True):
            await wait_for(lambda w=w, table=table: w.told("lobby", table=table), 5, what=f"{table}'s lobby")
            settings = _lobby(w, table)["settings"]
            assert (settings["turn_seconds"], settings["reaction_seconds"]) == (30.0, 2.0), table
        assert _lobby(people[1], "party-4-7")["settings"]["deck"] == "party_pack"   # the rest: the file's
    finally:
        for w in people:
            await w.client.close()
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=10)


def test_flags_no_file_sets_apply_without_a_word_and_a_bad_flag_is_said(tmp_path):
    """A file that leaves the clock unset takes the flag silently; ``--turn 0`` stops the host
    at once with the reason, in words, not a table that refuses every player later."""
    from ekpeer.cli_tui import table_flags
    from ekpeer.net.lobby import load_config

    quiet = tmp_path / "quiet.toml"
    quiet.write_text('name = "Quiet"\n[table]\nexpansions = ["base"]\nseats = 3\n')
    import argparse

    flags = table_flags(argparse.Namespace(turn=30.0, reaction=None, players=None, bots="easy",
                                           expansions=None, deck=None, variants=None))
    assert flags == {"turn_seconds": 30.0, "bots": "random"}
    _id, settings, extra = load_config(quiet, flags)
    assert settings["turn_seconds"] == 30.0 and settings["bots"] == "random" and settings["seats"] == 3
    assert extra["overridden"] == {}

    env = {**env_for_subprocess(), "EKPEER_DATA_DIR": str(tmp_path), "EKPEER_NO_DISCOVERY": "1"}
    done = subprocess.run([*EKPEER, "host", "--headless", "--bind", f"tcp://127.0.0.1:{free_port()}",
                           "--turn", "0", "--no-discovery"],
                          capture_output=True, text=True, env=env, timeout=20)
    assert done.returncode == 2
    assert "ekpeer host: --turn 0: turn_seconds must be a number from 0.05 to 3600" in done.stderr


def test_a_resume_with_table_flags_says_the_resumed_tables_keep_their_settings(tmp_path):
    """``ekpeer host --resume`` with the same ``--config`` and ``--turn 30`` said "the command
    line wins over the config files", and the resumed table kept its 60 s (docs/server.md: the
    flags reach only the tables made at this start). It now says what happens."""
    data, port = tmp_path / "data", free_port()
    data.mkdir()
    env = {**env_for_subprocess(), "EKPEER_DATA_DIR": str(data), "EKPEER_NO_DISCOVERY": "1"}
    command = [*EKPEER, "host", "--headless", "--bind", f"tcp://127.0.0.1:{port}",
               "--config", str(CONFIGS / "base.toml"), "--no-discovery"]
    for extra in ([], ["--resume", "--turn", "30"]):
        proc = subprocess.Popen([*command, *extra], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True, env=env)
        try:
            said = _wait_listening(proc)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.communicate(timeout=10)
    assert "the command line wins" not in said, said
    assert "ekpeer host: the table flags --turn 30 reach only new tables; the resumed table keeps the " \
           "settings it had: base" in said, said
    assert "ekpeer host: resumed table base: its lobby, no game on" in said, said     # each table said
