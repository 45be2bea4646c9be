"""Issue 25, item 5: a player's ``ctrl+q`` in mid-game asks first, then leaves (joining again
takes the seat back, as the dialog says). The
real host and the Textual client under Pilot, another player at the table through the client
library: the host is told (``leave``), a bot takes the seat at once, and the others' lobby says
the player left (``left``), not that their connection dropped (``gone``, waiting out the grace)."""

from __future__ import annotations

import time

import zmq.asyncio
from ports import free_port

from ekpeer.cli_tui import session_factory
from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.leave_confirm import LeaveConfirmScreen
from ekpeer.tui.screens.lobby import LobbyScreen
from ekpeer.tui.screens.table import TableScreen
from ekpeer.tui.words import seat_changes, seat_tag

from .conftest import settle, until

SETTINGS = {"seats": 3, "reaction_seconds": 0.05, "turn_seconds": 60.0, "grace_seconds": 60.0,
            "expansions": ["base"], "bots": "random"}



def ann_state(lobbies: list[dict]) -> str | None:
    seats = lobbies[-1].get("seats", []) if lobbies else []
    return next((s.get("state") for s in seats if s.get("name") == "ann"), None)


async def test_ctrl_q_mid_game_asks_then_leaves_for_good_and_a_bot_takes_the_seat_at_once():
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0))
    await host.start()
    host.add_table("t", SETTINGS, autostart=False)
    app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="ann",
                   address=host.address, options={"table": "t"})
    bob = Client(host.address, "bob", ctx=ctx)
    lobbies: list[dict] = []
    bob.on_message = lambda m: lobbies.append(m.body) if m.type == "lobby" else None
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.lobby, 8, "ann's lobby")
            await bob.connect()
            await bob.join("t")
            await bob.ready()
            await until(pilot, lambda: len(app.lobby.get("seats", [])) == 2, 5, "bob in ann's lobby")
            await pilot.press("s")       # a config table: anyone seated starts it (ann: ready, start)
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.view, 8, "the table")
            await pilot.press("ctrl+q")
            await settle(pilot, 3)
            assert isinstance(app.screen, LeaveConfirmScreen) and app.is_running    # asked first
            assert app.screen.focused.id == "stay"
            await pilot.press("escape")                                          # stays
            await settle(pilot, 3)
            assert isinstance(app.screen, TableScreen) and ann_state(lobbies) == "connected"
            await pilot.press("ctrl+q")
            await settle(pilot, 2)
            await pilot.press("y")
            pressed = time.monotonic()
            await until(pilot, lambda: not app.is_running, 5, "ann's client to quit")
        while ann_state(lobbies) not in ("left", "gone", "covered") and time.monotonic() - pressed < 4:
            await __import__("asyncio").sleep(0.05)
        assert ann_state(lobbies) == "left", lobbies[-1]["seats"]
        assert time.monotonic() - pressed < 4
        seat = host.tables["t"].seat("ann")
        assert seat.left and seat.takeover and seat.grace is None      # a bot plays it now, no grace
        # what bob's table says of it, in words
        assert "ann left the game: a bot plays for them" in seat_changes(lobbies[-2], lobbies[-1], "bob")
        assert seat_tag(next(s for s in lobbies[-1]["seats"] if s["name"] == "ann")) == "left: bot playing"
        # the dialog says joining again gives the seat back (a stranger found it did, and the
        # words said "to the end"): ann joins again as `ekpeer join` would, by name
        again = Client(host.address, "ann", ctx=ctx)
        try:
            await again.connect()
            joined = await again.join("t")
            assert joined["resumed"] and joined["seat"] == "ann"
            assert joined["bot_played"]        # the client says so: the bot's moves read "You"
            assert not seat.left and not seat.takeover
        finally:
            await again.close()
    finally:
        await bob.close()
        await host.close()
        ctx.destroy(linger=0)


async def test_the_palettes_leave_asks_first_in_a_game_you_are_in():
    """ctrl+p, Leave the table: a game against bots ended at once, where ctrl+q asks."""
    from ekpeer.tui.screens.start import StartScreen

    from .conftest import hosted_app

    app = hosted_app(seats=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        await pilot.press("s")
        await until(pilot, lambda: bool(app.view), 10, "the game")
        for answer in ("escape", "y"):
            await pilot.press("ctrl+p")
            await settle(pilot, 3)
            await pilot.press(*"Leave the table", "enter")
            await until(pilot, lambda: isinstance(app.screen, LeaveConfirmScreen), 5, "the question")
            assert str(app.screen.query_one("#dialog-title").render()) == "Leave the game?"
            await pilot.press(answer)
            await settle(pilot, 4)
            if answer == "escape":
                assert isinstance(app.screen, TableScreen) and app.session is not None
        await until(pilot, lambda: isinstance(app.screen, StartScreen), 10, "the start screen")
