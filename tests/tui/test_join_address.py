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
        command = app.screen.query_one("#join-command").text     # the whole command, to copy
        assert shlex.split(command) == ["ekpeer", "join", "--table", "main", address]
        assert fingerprint(pub) in str(app.screen.query_one("#join-key").render())


async def test_a_lan_table_whose_key_changed_is_refused_on_the_start_screen(monkeypatch):
    from ekpeer.net.discovery import Found
    from ekpeer.net.known_hosts import KnownHosts
    from ekpeer.tui.screens.start import StartScreen

    old, _ = zmq.curve_keypair()
    new, _ = zmq.curve_keypair()
    KnownHosts().remember("127.0.0.1:5555", old, ["laptop"])
    monkeypatch.setattr(StartScreen, "browse", lambda self: None)     # the list, without multicast
    opened: list[dict] = []
    app = make_app(lambda **kw: opened.append(kw) or FakeSession(), name="bob", discovery=True)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause(0.1)
        look_alike = Found(name="x", table="main", title="Main", endpoint="tcp://127.0.0.1:5555",
                           key=new.decode(), hostname="laptop", seats=4, free=3)
        app.screen.show_tables([look_alike])
        await pilot.pause(0.1)
        options = app.screen.query_one("#lan-tables")
        options.focus()
        options.highlighted = 0
        for _ in range(2):                      # not on a second Enter either
            await pilot.press("enter")
            await pilot.pause(0.1)
        assert isinstance(app.screen, StartScreen) and not opened
        refused = [n.message for n in app._notifications if n.title == "Refused"]
        assert refused and fingerprint(old) in refused[0] and fingerprint(new) in refused[0]
    assert KnownHosts().lookup("127.0.0.1:5555") == old


def test_a_join_command_is_cut_into_lines_a_shell_joins_back_and_a_quoted_one_is_not_cut():
    import subprocess

    from ekpeer.tui.addressing import shell_lines

    command = "ekpeer join --table main tcp://192.168.1.20:5555/" + "q27ujszjzg4b6x5c" * 4
    text = shell_lines(command, 40)
    assert all(len(line) <= 40 for line in text.splitlines()) and text.count("\n") == 3, text
    said = subprocess.run(["bash", "-c", text.replace("ekpeer join", "printf '%s\\n'", 1)],
                          capture_output=True, text=True, timeout=10).stdout
    assert said.splitlines() == shlex.split(command)[2:]
    quoted = "ekpeer join --table main 'tcp://h:5555#" + "x$" * 30 + "'"   # inside quotes, no cut
    assert shell_lines(quoted, 40).splitlines() == ["ekpeer join --table main \\", quoted.rpartition(" ")[2]]
