"""A headless host stops cleanly whatever became of its stdout (issue 25, 2.9).

``ekpeer host --headless ... | tee log`` and ctrl+c: the terminal's SIGINT reaches ``tee`` as
well, and the host's next log line meets a broken pipe. It must still tell every client "the
host closed the table" and exit 0; the same with stdout closed from the start (``>&-``).
Real host processes, real clients over CurveZMQ on loopback.
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
import time

import pytest

from ekpeer.net.addresses import format_address
from ekpeer.net.security import load_keypair

from .conftest import EKPEER, env_for_subprocess, free_port, wait_for
from .test_host_gone import Watcher
from .test_resume import CONFIG


def _host(tmp_path, stdout) -> tuple[subprocess.Popen, str]:
    data, cfg, port = tmp_path / "data", tmp_path / "closing.toml", free_port()
    data.mkdir()
    cfg.write_text(CONFIG)
    key = load_keypair("host", data)[0]         # made now: the host finds it there
    env = {**env_for_subprocess(), "EKPEER_DATA_DIR": str(data), "EKPEER_NO_DISCOVERY": "1"}
    proc = subprocess.Popen([*EKPEER, "host", "--headless", "--bind", f"tcp://127.0.0.1:{port}",
                             "--config", str(cfg), "--no-discovery"],
                            stdout=stdout, stderr=subprocess.PIPE, text=True, env=env)
    return proc, format_address(f"tcp://127.0.0.1:{port}", key)


def _wait_listening(proc: subprocess.Popen) -> str:
    """The host's stderr up to the fingerprint line it says once it listens."""
    seen = []
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        line = proc.stderr.readline()             # type: ignore[union-attr]
        seen.append(line)
        if not line or "key fingerprint" in line:
            break
    assert any("ekpeer join tcp://127.0.0.1:" in s for s in seen), "".join(seen)
    return "".join(seen)


async def _told_closing(proc: subprocess.Popen, address: str, ctx, before_sigint=None) -> None:
    people = [Watcher(address, n, ctx) for n in ("ann", "bob")]
    try:
        for w in people:
            await w.client.connect()
            await w.client.join("closing")
        if before_sigint is not None:
            before_sigint()
        proc.send_signal(signal.SIGINT)             # ctrl+c
        await wait_for(lambda: all(w.told("closing") for w in people), 4, what="everyone told")
        for w in people:
            assert w.told("closing")[0][1].body["reason"] == "the host closed the table"
        code = await asyncio.to_thread(proc.wait, 8)
        err = proc.stderr.read()                    # type: ignore[union-attr]
        assert code == 0, err
        assert "Traceback" not in err and "BrokenPipe" not in err, err
    finally:
        for w in people:
            await w.client.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


@pytest.mark.parametrize("when", ["before the clients", "after the clients"])
async def test_ctrl_c_with_tee_gone_still_tells_every_client(ctx, tmp_path, when):
    proc, address = _host(tmp_path, subprocess.PIPE)
    _wait_listening(proc)
    if when == "before the clients":           # tee died first: the joins' own lines break too
        proc.stdout.close()                     # type: ignore[union-attr]
        await _told_closing(proc, address, ctx)
    else:
        await _told_closing(proc, address, ctx, before_sigint=proc.stdout.close)  # type: ignore[union-attr]


async def test_ctrl_c_with_stdout_closed_from_the_start(ctx, tmp_path):
    proc, address = _host(tmp_path, subprocess.DEVNULL)
    proc.kill()
    proc.wait(5)
    # the same host, its stdout closed (``>&-``): a shell is the only way to start it so
    env = {**env_for_subprocess(), "EKPEER_DATA_DIR": str(tmp_path / "data"), "EKPEER_NO_DISCOVERY": "1"}
    port = address.split(":")[2].split("/")[0]
    argv = [*EKPEER, "host", "--headless", "--bind", f"tcp://127.0.0.1:{port}", "--config",
            str(tmp_path / "closing.toml"), "--no-discovery"]
    proc = subprocess.Popen(["sh", "-c", 'exec "$@" >&-', "sh", *argv], stderr=subprocess.PIPE,
                            text=True, env=env)
    _wait_listening(proc)
    await _told_closing(proc, address, ctx)


def test_a_host_of_several_tables_names_them_in_words(monkeypatch):
    """A stranger running a host with two configs found the table names only inside the JSON
    log's listening line: which --table to give a friend was a guess."""
    from ekpeer import cli_net
    from ekpeer.net import logsink
    from ekpeer.net.host import Host

    said: list[str] = []
    monkeypatch.setattr(logsink, "write_line", lambda line, stream: said.append(line))
    host = Host("tcp://127.0.0.1:5999", secure=False)
    host.add_table("base", {"seats": 4}, title="Base game")
    host.add_table("party-4-7", {"seats": 5})
    cli_net._say_addresses(host)
    text = "\n".join(said)
    assert "--table base  (Base game)" in text and "--table party-4-7" in text, text


def test_a_table_with_a_password_says_so_in_its_join_line(monkeypatch):
    """A server operator's printed ``--table secret (Secret table)`` did not say the table
    needs a password; the lobby's join command says ``--password``, and so does this line."""
    from ekpeer import cli_net
    from ekpeer.net import logsink
    from ekpeer.net.host import Host

    said: list[str] = []
    monkeypatch.setattr(logsink, "write_line", lambda line, stream: said.append(line))
    host = Host("tcp://127.0.0.1:5999", secure=False)
    host.add_table("base", {"seats": 4}, title="Base game")
    host.add_table("secret", {"seats": 4, "password": "hunter2"}, title="Secret table")
    cli_net._say_addresses(host)
    text = "\n".join(said)
    assert "--table secret --password  (Secret table)" in text, text
    assert "--table base  (Base game)" in text and "hunter2" not in text, text

    said.clear()
    alone = Host("tcp://127.0.0.1:5998", secure=False)
    alone.add_table("secret", {"seats": 4, "password": "hunter2"})
    cli_net._say_addresses(alone)
    joins = [line for line in said if "ekpeer join" in line]
    assert joins and all(line.endswith(" --password") for line in joins), said
