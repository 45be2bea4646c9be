"""``ekpeer serve`` bound beyond loopback serves HTTPS (issue 26.5).

``ekpeer serve --bind 0.0.0.0 --password`` served plain HTTP: a passive listener on the LAN
read the table password, the seat id and the screen. The real server runs in a network
namespace this test makes (``unshare -n``: a veth pair, 10.99.0.1 and 10.99.0.2, nothing
outside it), a listener records every byte between a browser and it; see _tls_in_netns.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import zmq

from ekpeer.web.server import ServeOptions

HERE = Path(__file__).resolve().parent
ADDRESS = "tcp://127.0.0.1:9#" + zmq.curve_keypair()[0].decode()


def _namespaces() -> str | None:
    """Why no namespace can be made here (None: one can)."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        return "needs root on Linux (a network namespace of the test's own)"
    if not (shutil.which("unshare") and shutil.which("ip")):
        return "needs unshare and ip"
    done = subprocess.run(["unshare", "-n", "ip", "link", "add", "v0", "type", "veth", "peer", "name", "v1"],
                          capture_output=True, timeout=10)
    return None if done.returncode == 0 else f"no namespace with a veth here: {done.stderr.decode()[:200]}"


def test_tls_is_chosen_beyond_loopback_unless_plain_http_is_said():
    assert not ServeOptions(address=ADDRESS).tls                                # loopback: HTTP
    assert ServeOptions(address=ADDRESS, bind="0.0.0.0").tls
    assert ServeOptions(address=ADDRESS, bind="192.168.1.20").tls
    assert not ServeOptions(address=ADDRESS, bind="0.0.0.0", plain_http=True).tls
    assert ServeOptions(address=ADDRESS, cert=Path("c.pem"), key=Path("k.pem")).tls   # given: used


def test_on_the_lan_nothing_a_listener_hears_is_readable(tmp_path):
    why = _namespaces()
    if why is not None:
        pytest.skip(why)
    done = subprocess.run(["unshare", "-n", sys.executable, str(HERE / "_tls_in_netns.py"),
                           str(tmp_path / "data"), ADDRESS], capture_output=True, text=True, timeout=150)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["tls"] and seen["url"].startswith("https://10.99.0.1:"), seen
    fingerprint = seen["fingerprint"]
    assert fingerprint and len(fingerprint.split(":")) == 32
    assert fingerprint in seen["printed"]                        # printed, as the host's key is
    # the browser pinned that fingerprint, gave the password and played its seat through the listener
    assert seen["admit"] == 303 and seen["page"] == 200 and seen["drawn"] and seen["cookie_secure"], seen
    assert seen["heard_bytes"] > 1000
    assert not (seen["heard_password"] or seen["heard_seat"] or seen["heard_screen"]), seen
    assert not (seen.get("plain_status") == 200 or seen.get("plain_body_has_form")), seen
    assert seen["fingerprint_again"] == fingerprint              # kept: the same one the next evening
    assert seen["plain_url"].startswith("http://") and "WARNING: plain HTTP" in seen["plain_printed"]
