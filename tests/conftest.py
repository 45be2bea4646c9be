import os
import sys
import tempfile
from pathlib import Path

import pytest

# keys and crash journals of hosts and clients started by the tests live in a temporary data dir
os.environ.setdefault("EKPEER_DATA_DIR", tempfile.mkdtemp(prefix="ekpeer-test-data-"))

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
# LAN discovery (multicast DNS) stays on loopback in tests: hosts the suite starts, and the
# subprocesses it runs, never send multicast on a real network.
os.environ["EKPEER_DISCOVERY_INTERFACES"] = "127.0.0.1"
# an error in a search bot's playout fails the test (and the hosts it starts) instead of
# being scored as a lost playout (issue 28, item 12)
os.environ.setdefault("EKPEER_LOUD_PLAYOUTS", "1")


@pytest.fixture(autouse=True)
def _own_known_hosts(tmp_path_factory, monkeypatch):
    """Each test remembers host keys in a file of its own: a port that a later test's host
    (with another key) happens to reuse must not look like a host whose key changed."""
    monkeypatch.setenv("EKPEER_KNOWN_HOSTS", str(tmp_path_factory.mktemp("known") / "known_hosts"))
