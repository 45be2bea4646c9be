"""``q`` in the "No connection to the host" dialog ended the client without a word: the
terminal says, as other exits do, the exact ``ekpeer join`` command that takes the seat back."""

from __future__ import annotations

import zmq

from ekpeer.net.addresses import format_address
from ekpeer.tui.come_back import come_back_words

from .conftest import rigged, scripted_app, settle, snapshot_of

ADDRESS = format_address("tcp://192.168.1.20:5555", zmq.curve_keypair()[0])


async def test_q_in_the_no_connection_dialog_leaves_the_command_to_come_back(table3):
    from ekpeer.tui.screens.host_gone import HostGoneScreen

    game, rules, events = rigged(table3)
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        app.address = ADDRESS
        app.lobby = {"table": "main", "settings": {}}
        session.push("connection", {"state": "lost", "reason": "host silent"})
        await settle(pilot, 4)
        assert isinstance(app.screen, HostGoneScreen)
        await pilot.press("q")
        await settle(pilot, 4)
    assert app.parting is not None
    assert app.parting.endswith(f"ekpeer join --table main {ADDRESS} --name ann"), app.parting


def test_the_words_are_printed_on_the_terminal_after_the_client_ends(capsys):
    from ekpeer.cli_tui import _run

    class Ended:
        return_code = 0
        parting = "You quit while the host was not answering."

        def run(self) -> None:
            pass

    assert _run(Ended()) == 0
    assert "You quit while the host was not answering." in capsys.readouterr().err


def test_a_watcher_is_told_how_to_watch_again_and_a_password_is_asked_not_written():
    said = come_back_words(ADDRESS, "main", "dan", password=True, watching=True)
    assert said is not None and said.endswith(f"--table main {ADDRESS} --name dan --watch"), said
    assert "--password" in said
    assert come_back_words(None, "main", "dan") is None

