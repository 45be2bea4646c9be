"""A person with only a browser plays a whole game at a table with a terminal player.

Everything is real: a host on loopback, ``ekpeer serve`` in its own process, headless
Chromium on the served page (keys typed into xterm.js's textarea, the screen read from its
buffer), and the other player in ``ekpeer join`` under tmux. Screenshots of the lobby and
the table are kept in ``test-artefacts/web/`` (``EKPEER_ARTEFACTS`` moves them).
"""

from __future__ import annotations

import shutil
import time

import pytest

from .support import EKPEER, ServeProcess, ThreadHost, TmuxPlayer, alive, wait_until

Keys = pytest.importorskip("selenium.webdriver.common.keys", reason="selenium is not installed").Keys

DUEL = {"expansions": ["base"], "deck": "two_player", "seats": 2, "bots": "heuristic",
        "reaction_seconds": 0.2, "turn_seconds": 60.0, "grace_seconds": 30.0}


def keys_for(screen: str, home: str, enter: str) -> list[str] | None:
    """The keys a player who only ever draws presses on this screen (None: the game is over)."""
    if "Game over" in screen:
        return None
    if "Put " in screen and " back" in screen:     # a kitten goes back: on top (no place is preselected)
        return [home, enter]
    if "You drew" in screen:                       # save yourself (Defuse) when you can
        return [enter]
    if "Draw a kitten?" in screen:                 # a kitten known on top: this player draws anyway
        return ["y"]
    if "Your turn" in screen:
        return ["d"]
    return []


@pytest.fixture
def duel_host():
    host = ThreadHost({"duel": DUEL}).start()
    yield host
    host.close()


def test_a_browser_player_joins_readies_and_plays_a_whole_game_with_a_terminal_player(
        page, static, duel_host, tmp_path):
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (the terminal player runs in it)")
    begun = time.monotonic()
    phases: list[str] = []

    def phase(name: str) -> None:
        phases.append(f"{name} {time.monotonic() - begun:.1f}s")

    serve = ServeProcess([duel_host.address, "--port", "0", "--static", str(static)], tmp_path / "web")
    phase("served")
    bob = None
    try:
        assert serve.url.startswith("http://127.0.0.1:")        # loopback unless told otherwise
        started = time.monotonic()
        page.open(serve.url)
        page.wait_for("Your name", "Duel")
        rendered = time.monotonic() - started
        # the keys go to the seat without a click first (focus stayed on <body>: typing did nothing)
        wait_until(lambda: "xterm-helper-textarea" in page.focused(), 5, "the terminal to have the keys")
        page.press("ann")
        page.wait_for("ann")
        page.press(Keys.ENTER)                                  # joins the highlighted table, the only one
        page.wait_for("Seats")
        page.press("r")

        # the host itself sees the browser's seat taken and readied, with a key of its own
        seats = wait_until(lambda: [s for s in duel_host.seats("duel") if s["name"] == "ann" and s["ready"]],
                           10, "ann ready at the host")
        assert seats[0]["connected"] and seats[0]["bot"] is None and seats[0]["key"]
        page.wait_for("ready")
        page.screenshot("lobby")
        phase("joined and ready")

        # a reload sits back in the same seat (by the seat's token), still ready
        seat_url = page.url
        page.reload()
        page.wait_for("Seats")
        wait_until(lambda: "xterm-helper-textarea" in page.focused(), 5, "the keys after a reload")
        assert page.url == seat_url
        wait_until(lambda: duel_host.events("resumed"), 10, "the host to see ann come back")
        assert [s["name"] for s in duel_host.seats("duel")] == ["ann"]
        assert duel_host.seats("duel")[0]["ready"]
        assert len(serve.pids()) == 2
        wait_until(lambda: len(serve.events("seat_ended")) == 1, 10, "the first page's client to end")
        assert not alive(serve.pids()[0])
        phase("reloaded")

        # a terminal player joins and readies: the table is full and starts
        bob = TmuxPlayer("bob", [*EKPEER, "join", duel_host.address, "--name", "bob", "--table", "duel",
                                 "--no-discovery"], env={"EKPEER_DATA_DIR": str(tmp_path / "bob")})
        bob.wait_for("Seats")
        bob.press("r")
        wait_until(lambda: duel_host.events("game_started"), 15, "the game to start")
        phase("started")
        first = page.wait_for("Your turn", "’s turn")
        page.screenshot("table")
        assert "bob" in first

        # a reload in the middle of the game: back at the table, in the same seat
        page.reload()
        page.wait_for("Your turn", "’s turn")
        wait_until(lambda: len(duel_host.events("resumed")) == 2, 10, "the host to see ann back at the table")
        assert not duel_host.events("bot_takes_over")
        phase("reloaded at the table")

        # both play by drawing until someone explodes
        players = [(page, Keys.HOME, Keys.ENTER), (bob, "Home", "Enter")]
        over = [False, False]
        deadline = time.monotonic() + 120
        while not all(over) and time.monotonic() < deadline:
            for i, (who, home, enter) in enumerate(players):
                if over[i]:
                    continue
                keys = keys_for(who.screen(), home, enter)
                if keys is None:
                    over[i] = True
                elif keys:
                    who.press(*keys)
            time.sleep(0.3)
        assert all(over), f"no game over within 120 s:\nbrowser:\n{page.screen()}\nterminal:\n{bob.screen()}"
        ended = duel_host.events("game_over")
        assert ended and ended[0]["winner"] in ("ann", "bob")
        final = page.screen()
        assert "Game over" in final and ("You win" in final or "bob wins" in final)
        page.screenshot("game-over")
        phase("game over")
        print(f"\nbrowser page drawn in {rendered:.1f} s; {ended[0]['winner']} wins; " + ", ".join(phases))
    finally:
        if bob is not None:
            bob.close()
        assert serve.stop() == 0
    # every client the server started has ended with it
    assert serve.events("stopping")
    for pid in serve.pids():
        wait_until(lambda pid=pid: not alive(pid), 10, f"client {pid} to end")
