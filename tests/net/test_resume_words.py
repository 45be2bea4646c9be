"""A host killed and started again with ``--resume``: its seats wait for their players, whose
links never dropped (the host went). Every lobby says so (``restarted``), so no screen says
"ann lost connection" then "ann is back" of a player who came back on their own (a stranger's
watcher read both for every seat; the players' logs had neither); a seat still empty once its
grace passed is said as such. The real host in this process, bare clients on loopback."""

from __future__ import annotations

from hosts import crash as _crash

from ekpeer.tui.words import seat_tag

from .conftest import wait_for
from .test_resume_seats import _lobbies, _resumed, _said, _state, _table_of_ann_and_bob


async def _after_restart(ctx, tmp_path, ann_stays: bool) -> list[str]:
    """bob's log of the table across a crash and resume, ann's client kept or closed meanwhile."""
    import asyncio

    bind, host, ann, bob, bot = await _table_of_ann_and_bob(ctx, tmp_path, {"grace_seconds": 1.5})
    seen = _lobbies(bob)
    task = asyncio.create_task(bot.run())
    again = None
    try:
        table = host.tables["t"]
        before = {"table": "t", "games": table.games,      # what bob's screen last had
                  "seats": [{"name": s.name, **table.connection(s)} for s in table.seats]}
        assert _state(before, "ann") == "connected"
        seen.append(before)
        await _crash(host)
        if not ann_stays:
            await ann.close()
        again = await _resumed(bind, ctx, tmp_path, [])
        waiting = again.tables["t"].connection(again.tables["t"].seat("ann"))
        assert waiting["state"] == "gone" and waiting.get("restarted") is True, waiting
        assert seat_tag(waiting) == "not back since the restart"
        await again.start()
        end = "connected" if ann_stays else "covered"
        await wait_for(lambda: seen[-1] is not before and _state(seen[-1], "ann") == end, 10,
                       what=f"ann {end} at the new host")
        return _said(before, seen)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        for c in (ann, bob):
            await c.close()
        if again is not None:
            await again.close()


async def test_a_player_back_on_their_own_after_a_restart_is_no_news(ctx, tmp_path):
    said = await _after_restart(ctx, tmp_path, ann_stays=True)
    assert not [line for line in said if "ann" in line], said


async def test_a_player_not_back_once_the_grace_passed_is_said_not_back_since_the_restart(ctx, tmp_path):
    said = await _after_restart(ctx, tmp_path, ann_stays=False)
    assert [line for line in said if "ann" in line] == [
        "ann has not come back since the host restarted: a bot plays for them until they are back"], said
