"""``ekpeer join tcp://HOST:PORT/KEY`` to a host never visited says at the terminal that it
trusts the key, with its fingerprint to compare with the host's screen; the screen covered that
line at once (a stranger read it only after quitting). The app says it again on the screen."""

from __future__ import annotations

import argparse

import zmq

from ekpeer import cli_tui
from ekpeer.net.addresses import format_address

from .conftest import settle


async def test_a_new_hosts_key_is_said_again_on_the_screen(monkeypatch, capsys):
    public, _secret = zmq.curve_keypair()
    address = format_address("tcp://127.0.0.1:9", public)
    started = []

    def run(app):
        started.append(app)
        return 0

    monkeypatch.setattr(cli_tui, "_run", run)
    args = argparse.Namespace(address=address, trust=False, no_discovery=True, insecure=False, table=None,
                              name="bob", watch=False, create=False, password=None, local=False)
    assert cli_tui.cmd_join(args) == 0
    terminal = capsys.readouterr().err
    assert "First visit to 127.0.0.1:9: trusting its key" in terminal
    app = started[0]
    assert app.notices == [line for line in terminal.splitlines() if line.strip()]

    app.start_mode = None       # the start screen: nothing to connect to here
    app.DEFAULT_MODE = "start"
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 3)
        shown = [str(n.message) for n in app._notifications]
        assert any(m.startswith("First visit to 127.0.0.1:9: trusting its key") for m in shown), shown
        # long enough to read, not 20 s over the first turn's hand (a stranger's complaint)
        assert all(n.timeout <= 12 for n in app._notifications)


async def test_a_long_refusal_to_join_does_not_cover_the_start_screen_for_half_a_minute():
    """A stranger's "Could not join: …" stayed 30 s over the start screen's table list."""
    from ekpeer.tui.app import make_app
    from ekpeer.tui.messages import SessionEnded
    from ekpeer.tui.session import FakeSession

    app = make_app(lambda **_: FakeSession([]), name="dan", discovery=False)
    app.start_mode = None
    app.DEFAULT_MODE = "start"
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 3)
        app.post_message(SessionEnded("Table base is playing already. " * 15, joined=False))
        await settle(pilot, 3)
        said = [n for n in app._notifications if "Could not join" in str(n.message)]
        assert said and said[0].timeout <= 12
