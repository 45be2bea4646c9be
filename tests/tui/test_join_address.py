"""The lobby of a player who hosts shows the whole join command, shell-safe, and the key's
fingerprint to compare (issue 13.4's address; the lobby's layout is another item's)."""

from __future__ import annotations

import shlex

import zmq

from ekpeer.net import security
from ekpeer.net.addresses import fingerprint
from ekpeer.tui.app import make_app
from ekpeer.tui.session import FakeSession

LOBBY = {"table": "main", "you": "ann", "creator": True, "started": False,
         "settings": {"expansions": ["base"], "deck": "original", "variants": [], "seats": 3,
                      "bots": "random", "reaction_seconds": 3.0, "turn_seconds": 60.0, "grace_seconds": 30.0},
         "seats": [{"name": "ann", "ready": False, "bot": False, "connected": True, "you": True}],
         "choices": {"plugins": []}}


async def test_the_hosts_lobby_shows_a_join_command_a_shell_takes_whole_and_the_fingerprint():
    pub, _ = zmq.curve_keypair()
    address = security.join_address("tcp://192.168.1.20:5555", pub)
    session = FakeSession([{"type": "lobby", "body": LOBBY}])
    session.address = address          # what a hosting session tells others to type
    app = make_app(lambda **_: session, mode="play", name="ann")
    async with app.run_test(size=(120, 30)) as pilot:
        for _ in range(6):
            await pilot.pause(0.05)
        title = str(app.screen.query_one("#lobby-title").render())
        line = next(t for t in title.splitlines() if "ekpeer join" in t)
        command = line[line.index("ekpeer join"):].strip()
        assert shlex.split(command) == ["ekpeer", "join", address]
        assert fingerprint(pub) in title
