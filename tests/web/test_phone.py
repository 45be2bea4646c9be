"""A whole game played by taps alone on a phone-sized browser seat (issue 29.2).

Headless Chromium emulates a 390x844 touch screen (about 41 columns of terminal); every
action is a touch event on what the screen shows: the name field, Join, Ready and Start in
the key bar, a card of the hand and Play, "▶ N more" to see the rest of the hand, Draw,
the Defuse, where the kitten goes, Quit. Typing the name is the only typing (the phone's own
keyboard). Not saving yourself is asked once more, and going back works by a tap. The same
seat at 1366x768 keeps the wide layout. Screenshots go to ``test-artefacts/web/phone-*.png``
(``EKPEER_ARTEFACTS`` moves them).
"""

from __future__ import annotations

import time

import pytest

from .support import PhonePage, ServeProcess, ThreadHost, wait_until

DUEL = {"expansions": ["base"], "deck": "two_player", "seats": 2, "bots": "heuristic",
        "reaction_seconds": 0.2, "turn_seconds": 60.0, "grace_seconds": 30.0}
#: cards a tap can play alone with nothing more to choose
PLAIN_PLAYS = ("Skip", "Shuffle", "See the Future", "Attack")


@pytest.fixture
def phone(chromium, tmp_path):
    p = PhonePage(tmp_path / "profile")
    yield p
    p.close()


@pytest.fixture
def duel_host():
    host = ThreadHost({"duel": DUEL}).start()
    yield host
    host.close()


def fits(screen: str, text: str) -> bool:
    """``text`` is on the screen whole, on one line."""
    return any(text in line for line in screen.split("\n"))


def stacked(screen: str) -> bool:
    """The game-over buttons each on a line of its own, whole (a phone's layout)."""
    lines = [line for line in screen.split("\n") if "Quit (q)" in line or "Leave (x)" in line]
    return len(lines) == 2 and all(not ("Quit" in line and "Leave" in line) for line in lines)


def test_a_whole_game_is_played_by_taps_alone_on_a_phone(phone, static, duel_host, tmp_path):
    begun = time.monotonic()
    serve = ServeProcess([duel_host.address, "--port", "0", "--static", str(static)], tmp_path / "web")
    try:
        phone.open(serve.url)
        start = phone.wait_for("Your name")
        cols, rows = phone.size()
        assert cols < 60 and rows > 30, (cols, rows)
        assert fits(start, "╮") and fits(start, "Join"), start      # the start box, whole
        phone.screenshot("phone-start")
        phone.tap("your name")
        phone.press("ann")
        phone.wait_for("ann")
        phone.tap("Join")
        phone.wait_for("Seats")
        # the lobby's frame comes first, its keys with the host's first lobby message: under a
        # loaded suite the page was once read between the two (no "Start" yet)
        lobby = phone.wait_for("Start")
        assert "Ready" in lobby and "Start" in lobby and "Leave" in lobby, lobby
        phone.screenshot("phone-lobby")
        phone.tap("Ready")
        wait_until(lambda: any(s["ready"] for s in duel_host.seats("duel")), 10, "ann ready at the host")
        phone.tap("Start")
        phone.wait_for("Your turn", "’s turn")
        phone.screenshot("phone-table")

        played = paged = refused_to_die = saw_save = False
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            screen = phone.screen()
            if "Game over" in screen:
                break
            if "Explode and leave the game?" in screen:          # asked once more: go back
                phone.screenshot("phone-asked-once-more")
                phone.tap("No: back to Defuse")
                phone.wait_for("Use Defuse")
                refused_to_die = True
            elif "Use Defuse: survive" in screen:
                saw_save = True
                if not refused_to_die:                           # the tap a row low, on purpose
                    phone.screenshot("phone-save")
                    phone.tap("Do not save yourself")
                    phone.wait_for("Explode and leave the game?")
                    continue
                phone.tap("Use Defuse")
            elif "Draw a kitten?" in screen:                     # a drawer draws it, asked or not
                phone.tap("Yes: draw")
            elif "Enter: choose" in screen:                      # any other choice: its last option
                hint = phone.find("Enter: choose")
                assert hint is not None
                phone.tap_cell(hint[0] + 4, hint[1] - 2)         # above the list's bottom border
            elif "Your turn" in screen and "Play" in screen and "Draw" in screen:
                card = next((c for c in PLAIN_PLAYS if fits(screen, c)), None) if not played else None
                if not paged or (not played and card is None and "▶" in screen):
                    before = screen
                    phone.tap("more")                            # the rest of the hand
                    wait_until(lambda before=before: phone.screen() != before and "◀" in phone.screen(), 5,
                               "the hand's next cards")
                    if not paged:
                        phone.screenshot("phone-hand-paged")
                    paged = True
                    continue
                if card is not None:
                    phone.tap(card)
                    phone.wait_for("Selected:")
                    phone.tap("⏎ Play")
                    played = True
                else:
                    phone.tap("d Draw")
            time.sleep(0.4)
        final = phone.wait_for("Game over", timeout=5)
        assert refused_to_die or not saw_save, final          # asked once more, and back by a tap
        assert paged and played, final                         # the hand paged, a card played, by taps
        assert stacked(final), final                   # the buttons one above the other, whole
        phone.screenshot("phone-game-over")

        # the same seat on a laptop's screen: the wide layout, the dialog as it was
        phone.resize(1366, 768, touch=False)
        wait_until(lambda: phone.size()[0] >= 100, 10, "the terminal to widen")
        def side_by_side() -> str | None:
            screen = phone.screen()
            wide = "Game over" in screen and fits(screen, "Rematch (r)") and not stacked(screen)
            return screen if wide else None

        wide = wait_until(side_by_side, 10, "the buttons side by side again")
        assert "Still at the table" in wide, wide
        phone.screenshot("laptop-game-over")
        phone.resize(390, 844)
        wait_until(lambda: phone.size()[0] < 60 and stacked(phone.screen()), 10, "the phone's layout again")
        phone.tap("Quit (q)")
        wait_until(lambda: serve.events("seat_ended"), 10, "the seat to end on Quit")
        assert time.monotonic() - begun < 60
    finally:
        assert serve.stop() == 0
