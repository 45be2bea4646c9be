"""bench_tui's second half, run inside a real terminal (tmux): how long the table takes to
redraw after a host update.

A game of heuristic bots is played with the engine; every update the host would send to
seat "ann" (her own view and the events she may see) is fed to the real app, paced like a
lively table (one every 60 ms). Each update is timed from the moment the app handles it to
the end of the screen refresh that shows it. Writes ``name value`` lines to the file named
by argv[1].
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ekpeer import collector  # noqa: E402
from ekpeer.bots import make_bot  # noqa: E402
from ekpeer.bots.driver import step  # noqa: E402
from ekpeer.engine import player_view  # noqa: E402
from ekpeer.engine.view import visible_events  # noqa: E402
from ekpeer.plugins import ruleset  # noqa: E402
from ekpeer.tui.app import EkpeerApp, make_app  # noqa: E402
from ekpeer.tui.session import Session  # noqa: E402

ME = "ann"
PACE = 0.06          # seconds between updates
MAX_UPDATES = 150


def recorded_updates(seed: int = 7) -> list[dict]:
    """The frames seat ``ann`` gets over one 4-player game (a snapshot, then updates)."""
    rules = ruleset(["base"])
    players = [ME, "bob", "cat", "dan"]
    game = rules.new_game(players, seed=seed)
    bots = {p: make_bot("heuristic", i) for i, p in enumerate(players)}
    msgs = [{"type": "snapshot", "body": {"view": player_view(game, ME), "catalog": rules.catalog(),
                                          "events": []}}]
    while not game.over and len(msgs) < MAX_UPDATES:
        step(game, bots)
        msgs.append({"type": "update", "body": {"view": player_view(game, ME),
                                                "events": visible_events(list(game.events), ME)}})
    return msgs


class Replay(Session):
    """Feeds the recorded frames, one per PACE, and ignores what the player sends."""

    def __init__(self, msgs: list[dict], done) -> None:
        self.msgs = msgs
        self.done = done

    async def open(self) -> None:
        pass

    async def recv(self) -> dict:
        import asyncio

        if not self.msgs:
            await asyncio.sleep(1.0)     # the last redraws finish
            self.done()
            await asyncio.sleep(3600)
        await asyncio.sleep(PACE)
        return self.msgs.pop(0)

    async def close(self) -> None:
        pass


def main() -> None:
    out = Path(sys.argv[1])
    msgs = recorded_updates()
    collector.pause()      # as the ekpeer commands do: resumed (and startup frozen) at the first view
    times: list[float] = []
    app = make_app(lambda **_: Replay(msgs, lambda: app.exit()), mode="play", name=ME, autostart=True)
    handle = EkpeerApp.on_host_message_received

    def timed(self: EkpeerApp, message) -> None:
        started = time.perf_counter()
        handle(self, message)

        self.call_after_refresh(lambda: times.append(time.perf_counter() - started))

    EkpeerApp.on_host_message_received = timed  # type: ignore[method-assign]
    app.run()
    ms = sorted(t * 1000 for t in times[1:])          # the first is the table's first frame
    frame = 1000 / 60
    p99 = ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))]
    tmp = out.with_suffix(".tmp")      # bench_tui waits for the file: it appears whole
    tmp.write_text(f"redraw_ms_p50 {statistics.median(ms):.2f}\nredraw_ms_p99 {p99:.2f}\n"
                   f"redraw_frames_p50 {statistics.median(ms) / frame:.2f}\nupdates {len(ms)}\n")
    tmp.replace(out)


if __name__ == "__main__":
    main()
