"""``ekpeer join --password`` before the address (as "ekpeer join asks for the password"
invites): the address stays the address and the password is asked; ``--password`` took the
address as its value, with no error, and the start screen opened with an empty address box."""

from __future__ import annotations

import pytest

from ekpeer import cli_tui
from ekpeer.cli import build_parser
from ekpeer.cli_tui import ASK, address_after_password

ADDRESS = "tcp://10.77.0.1:5555/a7h7iz3kexampleexampleexampleexampleexampleexamp"


def joined(*argv: str):
    args = build_parser().parse_args(["join", *argv])
    address_after_password(args)
    return args


def test_an_address_after_password_is_the_address_and_the_password_is_asked():
    args = joined("--table", "secret", "--password", ADDRESS, "--name", "bob")
    assert args.address == ADDRESS and args.password == ASK and args.table == "secret"


@pytest.mark.parametrize("argv", [
    ("--table", "secret", "--password", "kitten", ADDRESS),
    ("--table", "secret", ADDRESS, "--password", "kitten"),
])
def test_a_password_given_stays_the_password(argv):
    args = joined(*argv)
    assert args.address == ADDRESS and args.password == "kitten"


def test_password_alone_before_another_option_is_asked():
    args = joined("--password", "--name", "bob", ADDRESS)
    assert args.address == ADDRESS and args.password == ASK


def test_two_addresses_are_refused_in_words():
    with pytest.raises(SystemExit) as refused:
        joined("--password", ADDRESS, "tcp://10.77.0.2:5555")
    assert "is an address" in str(refused.value.code) and "--password alone" in str(refused.value.code)


def test_the_join_asks_for_the_password_and_goes_to_the_address(monkeypatch):
    made: dict = {}
    monkeypatch.setattr("getpass.getpass", lambda prompt: made.setdefault("prompt", prompt) and "kitten")
    monkeypatch.setattr("ekpeer.cli_trust.trusted_address", lambda address, **_: address)
    monkeypatch.setattr("ekpeer.tui.app.make_app", lambda factory, **kw: made.update(kw) or _NoRun())
    monkeypatch.setattr(cli_tui, "_run", lambda app: 0)
    monkeypatch.setattr(cli_tui, "_factory", lambda args: None)
    args = build_parser().parse_args(["join", "--table", "secret", "--password", ADDRESS, "--name", "bob"])
    assert cli_tui.cmd_join(args) == 0
    assert made["address"] == ADDRESS and made["mode"] == "join"
    assert made["options"]["password"] == "kitten" and "secret" in made["prompt"]


def test_help_says_it():
    join = build_parser()._subparsers._group_actions[0].choices["join"]
    assert "a value beginning tcp:// is the address" in " ".join(join.format_help().split())


class _NoRun:
    notices: list[str] = []
