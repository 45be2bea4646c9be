"""A lobby whose creator is gone, as a game-night host met it at 80x24: a creator whose
terminal was killed was shown as ``(away)`` for 30 s while the header said they set the
table, and the next person silently became the creator. The real host in this process; the app joined as
``ekpeer join --table NAME --create`` does, the others through the client library."""

from __future__ import annotations

import re

import zmq.asyncio
from ports import free_port

from ekpeer.cli_tui import session_factory
from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.lobby import LobbyScreen

from .conftest import screen_lines, settle, until
from .test_lobby_password import notes
from .test_lobby_roles import title_of


def _app(host: Host, name: str, table: str, create: bool = True):
    return make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name=name,
                    address=host.address, options={"table": table, "create": create})


async def _in_lobby(pilot, app) -> None:
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.lobby
                and len(app.lobby.get("seats") or []) >= 1, 10, "the lobby")
    await settle(pilot, 4)


async def test_a_gone_creators_lobby_counts_down_to_the_next_person_and_says_when_it_passes():
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0),
                ping_seconds=0.2, idle_seconds=0.8)
    await host.start()
    jon = Client(host.address, "jon", ctx=ctx, ping_seconds=0.2, reconnect=False, known_hosts=None)
    app = _app(host, "kim", "sat", create=False)
    try:
        await jon.connect()
        await jon.join("sat", create=True)
        await jon.lobby_set(grace_seconds=6.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await _in_lobby(pilot, app)
            await jon.close()                                   # jon's terminal is killed
            jon = None
            said = re.compile(r"jon is gone: if jon is not back in (\d+) s, you set the table")
            await until(pilot, lambda: said.search(" ".join(title_of(app).split())), 5, "the countdown")
            first = int(said.search(" ".join(title_of(app).split())).group(1))
            assert any(re.search(r"jon\s+\(gone \d+ s\)", line) for line in screen_lines(app))
            await settle(pilot, 30)                             # 1.5 s: the count goes on by itself
            later = said.search(" ".join(title_of(app).split()))
            assert later and int(later.group(1)) < first
            await until(pilot, lambda: app.screen.can_set(), 10, "the table to pass to kim")
            assert "jon did not come back: you set the table now." in notes(app)
            assert "You set the table" in title_of(app)
    finally:
        if jon is not None:
            await jon.close()
        await host.close()
        ctx.destroy(linger=0)
