import os
import sys
import tempfile
from importlib.metadata import entry_points
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

#: The package the project's own plugins install as (``plugins/`` -> ``ekpeer_cards``).
OWN_PLUGINS_PACKAGE = "ekpeer_cards"


def own_plugins() -> list[str]:
    """The entry-point names of the project's own plugins: the five boxes of ``plugins/``."""
    return sorted(ep.name for ep in entry_points(group="ekpeer")
                  if ep.value.split(".")[0].split(":")[0] == OWN_PLUGINS_PACKAGE)


# The suite plays the project's own boxes, whatever else happens to be installed beside it:
# a third-party plugin in the same environment would join every "all installed plugins" mix
# and make results depend on the machine (issue 27). Set, not defaulted: a developer's own
# EKPEER_PLUGINS must not narrow or widen the suite either. Subprocesses inherit it; a test
# that installs a plugin on purpose (tests/test_example_plugin.py) names it itself.
os.environ["EKPEER_PLUGINS"] = ",".join(own_plugins())
# Each test worker has a tmux server of its own: on the shared default socket, one worker's
# last session ending (its server then exits) raced another's new-session, which failed with
# "server exited unexpectedly". Workers run their tests one at a time, so none race within.
os.environ["TMUX_TMPDIR"] = tempfile.mkdtemp(prefix="ekpeer-tmux-")
os.environ.pop("TMUX", None)     # a suite started inside tmux must not drive that session
# an error in a search bot's playout fails the test (and the hosts it starts) instead of
# being scored as a lost playout (issue 28, item 12)
os.environ.setdefault("EKPEER_LOUD_PLAYOUTS", "1")


@pytest.fixture(autouse=True)
def _own_known_hosts(tmp_path_factory, monkeypatch):
    """Each test remembers host keys in a file of its own: a port that a later test's host
    (with another key) happens to reuse must not look like a host whose key changed."""
    monkeypatch.setenv("EKPEER_KNOWN_HOSTS", str(tmp_path_factory.mktemp("known") / "known_hosts"))


@pytest.fixture
def first_decision():
    """Make the search bot's first decision of a fresh base game, as plain data (a
    ``Decision`` that ``expert.decide`` searches): ``first_decision(players, seed, playouts)``."""
    def make(players: int, seed: int, playouts: int):
        from ekpeer.bots.driver import public_setup
        from ekpeer.bots.expert import ExpertBot
        from ekpeer.engine import player_view
        from ekpeer.plugins import ruleset

        game = ruleset(["base"]).new_game([f"p{i}" for i in range(players)], seed=seed)
        bot = ExpertBot(seed=2, playouts=playouts)
        bot.bind(public_setup(game))
        me = game.current
        decision, _ = bot.prepare(player_view(game, me), game.legal_moves(me), react=False)
        assert decision is not None
        return decision

    return make


@pytest.fixture
def deeper_search(monkeypatch, first_decision):
    """Check a deeper level of the search bot (``expert.FLAG`` on): it fills nodes, plays
    rounds, searches a decision the same twice (a pure function of it), and the flat search,
    the flag off, fills none. ``deeper_search(flag, players, seed, playouts)``."""
    def check(flag: str, players: int, seed: int, playouts: int) -> None:
        import ekpeer.bots.expert as expert

        monkeypatch.setattr(expert, flag, True)
        decision = first_decision(players, seed, playouts)
        first, second = expert.decide(decision), expert.decide(decision)
        assert first.nodes > 0 and first.rounds > 0
        assert (first.move, first.scores, first.nodes) == (second.move, second.scores, second.nodes)
        monkeypatch.setattr(expert, flag, False)       # the flat search
        assert expert.decide(decision).nodes == 0

    return check


#: Files whose tests take ten seconds or more: run first, so that the workers end together.
#: Collected last (tests/web sorts after tests/tui), a browser's whole game started when the
#: other worker had little left, and the suite waited a minute on it alone.
SLOW_FIRST = ("tests/web/test_browser.py", "tests/net/test_trust_flood_abort.py",
              "tests/net/test_key_checksum.py", "tests/net/test_soak.py",
              "tests/tui/test_lan_evening_tmux.py", "tests/web/test_phone.py", "tests/lab/test_lan.py")


def pytest_collection_modifyitems(config, items):
    """The slowest files first (a stable sort: every file's tests stay together, in order)."""
    items.sort(key=lambda item: 0 if item.nodeid.startswith(SLOW_FIRST) else 1)
