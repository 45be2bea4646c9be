"""A hosting player whose host was killed mid-game runs ``ekpeer host --resume``, as the README
and the words on quitting say, without the ``--name`` of the game's start. A stranger's client
came up as "player" and read "Table main is playing already, so there is no seat for you"
(with a watch command holding the literal word ADDRESS); once seated by ``--name``, her log
said "Your connection to the host dropped; back after 436 s", though her own host had crashed.

The real host in this process (``LocalHost``, as ``ekpeer host`` runs it) and the Textual
client under Pilot; the journal in a temporary folder."""

from __future__ import annotations

import asyncio
import shlex
from pathlib import Path
from typing import Any

import pytest
from hosts import crash
from ports import free_port

from ekpeer.cli_tui import session_factory
from ekpeer.net.client import RequestError
from ekpeer.net.hosted import LocalHost
from ekpeer.net.journal import Journal
from ekpeer.tui.addressing import join_command
from ekpeer.tui.app import make_app
from ekpeer.tui.refusals import join_refused
from ekpeer.tui.screens.start import StartScreen
from ekpeer.tui.screens.table import TableScreen
from ekpeer.tui.session import FakeSession

from .conftest import settle, until
from .test_lobby_roles import Z85_ADDRESS

SETTINGS = {"seats": 2, "reaction_seconds": 0.05, "turn_seconds": 60.0, "grace_seconds": 60.0,
            "expansions": ["base"], "bots": "random"}
OWN_HOST = "Your host started again: you are back in your seat"
DROPPED = "Your connection to the host dropped"
BY_KEY = "You are back in your seat as ann: the host knew it by your key (you gave the name player)."


async def _hosted_then_killed(journal: Path, bind: str, grace: float, covered: bool) -> None:
    """ann's ``ekpeer host --name ann`` deals her game, then is killed; ``covered``: a run
    between (her host resumed, a bot taking her seat) was killed too, so the journal has the
    seat played by a bot since long before."""
    first = LocalHost(bind, think=(0.0, 0.0), journal=Journal(journal), public_host="127.0.0.1",
                      seed=5)
    await first.start("ann", "main", {**SETTINGS, "grace_seconds": grace}, deal=True)
    assert first.host.tables["main"].phase == "playing"
    await crash(first.host)
    first.ctx.destroy(linger=0)
    if not covered:
        return
    # its bots slow: the game must not be played out meanwhile
    between = LocalHost(bind, think=(30.0, 30.0), journal=Journal(journal), resume=True,
                        public_host="127.0.0.1")
    await between.start("player", "main", None, deal=False)
    seat = between.host.tables["main"].seat("ann")
    for _ in range(100):
        if seat.takeover:
            break
        await asyncio.sleep(0.05)
    assert seat.takeover
    await asyncio.sleep(1.2)        # gone a while: "back after 1 s" would be said
    await crash(between.host)
    between.ctx.destroy(linger=0)


@pytest.mark.parametrize("covered", [False, True])
@pytest.mark.parametrize("name", ["player", "ann"])
async def test_ekpeer_host_resume_without_a_name_gives_the_hosting_player_their_seat(tmp_path, covered, name):
    """``name``: the default one (no ``--name``: "player" as root), or ``--name ann``, which
    seated her already but said her own host's crash as her connection's drop."""
    bind = f"tcp://127.0.0.1:{free_port()}"
    await _hosted_then_killed(tmp_path, bind, 0.2 if covered else 60.0, covered)
    factory = session_factory(think=(0.0, 0.0), bind=bind, public_host="127.0.0.1", discovery=False,
                              journal=Journal(tmp_path), resume=True)
    app = make_app(factory, mode="host", name=name, settings=SETTINGS)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.view, 8, "ann's table",
                    said=lambda: f"{app.screen} {[str(n.message) for n in app._notifications]}")
        await until(pilot, lambda: any(OWN_HOST in str(line) for line in app.log_lines), 3,
                    "the restart in ann's log")
        await settle(pilot, 6)
        lines = [str(line) for line in app.log_lines]
        assert app.session.name == "ann" and app.player_name == "ann"
        assert (BY_KEY in lines) is (name == "player"), lines
        assert [line for line in lines if OWN_HOST in line] == [OWN_HOST], lines
        assert not any(DROPPED in line for line in lines), lines
        assert any("a bot played it" in line for line in lines) is covered, lines
        seat = app.session.host.host.tables["main"].seat("ann")
        assert seat.session is not None and not seat.takeover
        assert [s.name for s in app.session.host.host.tables["main"].seats][0] == "ann"
        # closing, the host names her to the others by her seat ("If ann's host resumes the
        # game"), not by the name the client gave ("If player's host", a friend read)
        assert app.session.host.seat_name() == "ann"


def test_the_watch_command_holds_the_address_or_is_left_out():
    known = join_refused("table_started", "this table is playing", "main", "ann", Z85_ADDRESS)
    assert f"{join_command(Z85_ADDRESS)} --table main --name ann --watch" in known, known
    # one word in a shell, though the key as given holds $ and ")"
    words = shlex.split(known.split("ctrl+g, or ", 1)[1].split("): once", 1)[0])
    assert words[:2] == ["ekpeer", "join"] and words[2].startswith("tcp://192.168.1.20:5555"), words
    assert words[3:] == ["--table", "main", "--name", "ann", "--watch"], words
    unknown = join_refused("table_started", "this table is playing", "main", "ann", None)
    assert "ADDRESS" not in unknown and "ekpeer join" not in unknown
    assert "Table main is playing already" in unknown and "ctrl+g" in unknown


class Refused(FakeSession):
    """The hosting player's own client, refused: it sits at its host over inproc, and others
    reach the host at ``address``."""

    endpoint = "inproc://ekpeer-host-1"
    address = Z85_ADDRESS
    table = "main"

    async def open(self) -> None:
        raise RequestError("table_started", "this table is playing")

    async def recv(self) -> dict[str, Any]:
        await asyncio.sleep(3600)
        return {}


async def test_a_hosting_players_refusal_names_its_hosts_address_not_the_word_address():
    app = make_app(lambda **_: Refused([], name="player"), mode="host", name="player")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen) and app._notifications, 8,
                    "the refusal")
        said = "\n".join(str(n.message) for n in app._notifications)
        assert "ADDRESS" not in said, said
        assert f"{join_command(Z85_ADDRESS)} --table main --name player --watch" in said, said
