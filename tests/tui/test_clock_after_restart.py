"""A game resumed from the host's journal starts its clock again in full: a host killed at an
unknown instant cannot know what was left. A player whose clock had stood at 35.5 s read about
44 s and no word why. The resumed game's first clock says so (``restarted``), and the log says
it in words, after how the seat came back. The real host in this process, the Textual client
under Pilot."""

from __future__ import annotations

import zmq.asyncio

from ekpeer.cli_tui import session_factory
from ekpeer.net.host import Host
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.table import TableScreen

from .conftest import settle, until
from .test_back_after_restart import played_and_crashed

SETTINGS = {"seats": 2, "reaction_seconds": 0.05, "turn_seconds": 60.0, "grace_seconds": 60.0,
            "expansions": ["base"], "bots": "random"}
RESTARTED = "The host started again: you are back in your seat"
CLOCK = "turn clock started again in full when it came back: all its 60 s"      # ann's or bob's


async def test_the_log_says_the_clock_started_again_in_full_after_the_host_came_back(tmp_path):
    ctx = zmq.asyncio.Context()
    again: Host | None = None
    try:
        again = await played_and_crashed(tmp_path, ctx, SETTINGS)
        assert again.tables["t"].timer_info["restarted"] is True
        await again.start()
        app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="ann",
                       address=again.address, options={"table": "t"})
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.view, 8, "ann's table")
            await until(pilot, lambda: any(CLOCK in str(line) for line in app.log_lines), 3,
                        "the clock's words in ann's log")
            await settle(pilot, 10)
            lines = [str(line) for line in app.log_lines]
            said = [line for line in lines if CLOCK in line]
            assert len(said) == 1, lines
            assert said[0].startswith("The host cannot know how long it was gone, so "), lines
            assert lines.index(RESTARTED) < lines.index(said[0]), "how she is back, then the clock"
    finally:
        if again is not None:
            await again.close()
        ctx.destroy(linger=0)
