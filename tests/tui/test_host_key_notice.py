"""``ekpeer join tcp://HOST:PORT/KEY`` to a host never visited says at the terminal that it
trusts the key, with its fingerprint to compare with the host's screen; the screen covered that
line at once (a stranger read it only after quitting). The app says it again on the screen."""

from __future__ import annotations

import argparse

import zmq

from ekpeer import cli_tui
from ekpeer.net.addresses import format_address

from .conftest import settle


async def test_a_new_hosts_key_is_said_on_the_screen_and_at_exit_as_a_thing_of_the_past(monkeypatch, capsys):
    """It was printed before the screen opened, which covered it at once: after the game it
    stood above the shell's prompt as if the client had just trusted the key on quitting."""
    from ekpeer.net.known_hosts import KnownHosts

    public, _secret = zmq.curve_keypair()
    address = format_address("tcp://127.0.0.1:9", public)
    started, before_the_screen = [], []

    def run(app):
        started.append(app)
        before_the_screen.append(capsys.readouterr().err)
        KnownHosts().remember("127.0.0.1:9", public)     # the host answered: trusted from now on
        return 0

    monkeypatch.setattr(cli_tui, "_run", run)
    args = argparse.Namespace(address=address, trust=False, no_discovery=True, insecure=False, table=None,
                              name="bob", watch=False, create=False, password=None, local=False)
    assert cli_tui.cmd_join(args) == 0
    assert "First visit" not in before_the_screen[0]        # nothing printed the screen would cover
    printed = capsys.readouterr().err.strip()
    after = " ".join(printed.split())
    assert after.startswith("Earlier, at your first visit to 127.0.0.1:9, this client trusted its key, "
                            "fingerprint "), after
    assert after.endswith("it will refuse any other key there from now on."), after
    # wrapped between words, never inside one ("fin/gerprint" at a terminal's edge)
    assert all(len(line) < 80 for line in printed.splitlines()), printed
    assert "fingerprint" in printed.split(), printed
    app = started[0]
    assert len(app.notices) == 1 and app.notices[0].startswith("First visit to 127.0.0.1:9: trusting its key")

    app.start_mode = None       # the start screen: nothing to connect to here
    app.DEFAULT_MODE = "start"
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 3)
        shown = [str(n.message) for n in app._notifications]
        assert any(m.startswith("First visit to 127.0.0.1:9: trusting its key") for m in shown), shown
        # long enough to read, not 20 s over the first turn's hand (a stranger's complaint)
        assert all(n.timeout <= 12 for n in app._notifications)


def test_a_key_never_confirmed_is_not_said_trusted_at_exit_and_a_refusal_is_said_at_once(monkeypatch, capsys):
    """A host that never answered trusted nothing: no "Earlier ..." line. A refused address
    opens no screen: why is said at the terminal straight away."""
    public, _secret = zmq.curve_keypair()
    monkeypatch.setattr(cli_tui, "_run", lambda app: 0)
    args = argparse.Namespace(address=format_address("tcp://127.0.0.1:9", public), trust=False,
                              no_discovery=True, insecure=False, table=None, name="bob", watch=False,
                              create=False, password=None, local=False)
    assert cli_tui.cmd_join(args) == 0
    assert capsys.readouterr().err == ""
    args.address = "127.0.0.1:10"           # no key, none known, no LAN to ask
    assert cli_tui.cmd_join(args) == 2
    assert "127.0.0.1:10: no host key in the address" in capsys.readouterr().err


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


def test_a_question_about_the_key_comes_after_its_fingerprint(monkeypatch):
    """``ekpeer join HOST:PORT`` asks whether to trust the key the LAN advertises: the
    fingerprint it is about is at the terminal before the question, not held for the screen."""
    import io

    out = io.StringIO()
    said = cli_tui._Said(out)
    print("HOST is advertised on the LAN with key fingerprint abcd", file=said)
    assert out.getvalue() == ""
    asked = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda q: asked.append(out.getvalue()) or "y")
    assert said.ask("Trust this host's key? [y/N] ") == "y"
    assert asked == ["HOST is advertised on the LAN with key fingerprint abcd\n"]
    print("Not trusted.", file=said)
    assert out.getvalue().endswith("Not trusted.\n") and not said.held()
