"""The browser seat says what a player's view carries, in the terminal client's words.

The page is the terminal client itself (``ekpeer.web.seat`` runs the Textual client, and
xterm.js draws its screen), so it says what the terminal says: here, at one game in headless
Chromium, the four things a view carries that the client learned to say (a choice's ``by``,
``cannot_play``, a Dead player, and the Catomic Bomb's ``kitten_depths`` in the odds line).

One game, dealt by hand at a real host on loopback: ann in the browser, bot1 and bot2 seats
whose bots think too long to move, so that the test makes their moves (and ann's, where the
page is not what is being tried) through the host, as their seats would.
"""

from __future__ import annotations

import re

import pytest

from .support import ServeProcess, ThreadHost, wait_until

Keys = pytest.importorskip("selenium.webdriver.common.keys", reason="selenium is not installed").Keys

EXPANSIONS = ["base", "zombie", "imploding", "streaking"]
TABLE = {"expansions": EXPANSIONS, "seats": 3, "bots": "heuristic", "reaction_seconds": 0.3,
         "turn_seconds": 600.0, "grace_seconds": 60.0}
#: the Catomic Bomb puts the two Exploding Kittens on top; the Imploding Kitten, face down
#: where nobody saw it, stays put among the eight cards
PILE = ["tacocat", "skip", "exploding_kitten", "nope", "imploding_kitten", "beard_cat", "exploding_kitten",
        "tacocat"]
HANDS = {"ann": ["grave_robber", "catomic_bomb", "tacocat"], "bot1": ["favor", "skip"], "bot2": ["skip"]}


@pytest.fixture
def dealt(monkeypatch):
    """The host deals this game, whoever sits: ann first, then the two bots."""
    from ekpeer.engine.ruleset import Ruleset

    def new_game(self, players, seed=0, **_kw):
        assert sorted(players) == sorted(HANDS), players
        return self.game_from_table({"players": list(HANDS), "hands": HANDS, "draw_pile": PILE}, seed=seed)

    monkeypatch.setattr(Ruleset, "new_game", new_game)


@pytest.fixture
def host(dealt):
    # bots that would think for minutes: every move of theirs is the test's
    h = ThreadHost({"parity": TABLE}, think=(500.0, 500.0)).start()
    yield h
    h.close()


def flat(screen: str) -> str:
    """The screen's words with each run of spaces and line ends as one space (a sentence that
    wraps in a panel or a toast still reads whole where nothing stands beside it)."""
    return re.sub(r"\s+", " ", screen)


def toasts(screen: str) -> list[str]:
    """The words of each toast on the screen, whole: a toast's lines start with its ▌ edge
    (beside the hand, whatever stands left of it)."""
    said: list[list[str]] = []
    last = -2
    for i, line in enumerate(screen.split("\n")):
        if "▌" not in line:
            continue
        if i != last + 1:
            said.append([])
        last = i
        said[-1].append(line[line.index("▌") + 1:].strip())
    return [" ".join(w for w in words if w) for words in said]


def focused_card(screen: str) -> str:
    """The title on the hand's focused card: the one drawn with a heavy border (┏━┓)."""
    lines = screen.split("\n")
    top = next((i for i, line in enumerate(lines) if "┏" in line), None)
    if top is None:
        return ""
    left, right = lines[top].index("┏"), lines[top].index("┓", lines[top].index("┏"))
    words = []
    for line in lines[top + 1:]:
        inside = line[left:right + 1]
        if inside.startswith("┗"):
            break
        words.append(inside.strip("┃ "))
    return " ".join(w for w in words if w)


def settled(host: ThreadHost, current: str) -> bool:
    """Nothing on the stack nor asked, and it is ``current``'s turn."""
    async def look() -> bool:
        game = host.game("parity")
        return not game.stack and not game.awaiting and game.current == current

    return host.call(look())


def test_the_page_says_who_asks_why_a_card_is_refused_the_odds_after_a_catomic_bomb_and_that_you_are_dead(
        page, static, host, tmp_path):
    serve = ServeProcess([host.address, "--port", "0", "--static", str(static)], tmp_path / "web")
    try:
        page.open(serve.url)
        page.wait_for("Your name", "Parity")
        page.press("ann")
        page.wait_for("ann")
        page.press(Keys.ENTER)                              # joins the only table
        page.wait_for("Seats")
        page.press("r")
        wait_until(lambda: any(s["name"] == "ann" and s["ready"] for s in host.seats("parity")), 10,
                   "ann ready at the host")
        page.press("s")                                     # bots take the other seats
        page.wait_for("Your turn")

        # 2. cannot_play: Enter on Grave Robber says its plugin's reason
        page.press(Keys.HOME)
        for _ in range(len(HANDS["ann"])):
            card = focused_card(page.screen())
            if card == "Grave Robber":
                break
            page.press(Keys.RIGHT)      # the focus moved, not just the screen (a clock ticks on it)
            wait_until(lambda card=card: focused_card(page.screen()) != card, 5, "the next card focused")
        assert focused_card(page.screen()) == "Grave Robber", page.screen()
        page.press(Keys.ENTER)
        said = toasts(page.wait_for("there are no Dead"))
        assert "Grave Robber: there are no Dead players (m lists every move you can)." in said, said

        # 4. a Catomic Bomb over an Imploding Kitten nobody saw: a kitten is on top, one in
        #    eight it is the harmless Imploding Kitten face down (kitten_depths), never a low chance
        host.move("parity", "ann", {"do": "play", "cards": ["catomic_bomb"]})
        wait_until(lambda: settled(host, "bot1"), 10, "the Catomic Bomb to go off")
        # the update that tells of the bomb going off (its log line) redraws the piles with it
        page.wait_for("2 kittens to the top")
        odds = flat(page.wait_for("lying face down)"))     # the odds line, drawn whole
        # the line wraps beside the players' list: its two halves
        said = ("Next draw kills: 88% (a kitten is on top, but there is a 1 in 8 chance it is instead",
                "the harmless Imploding Kitten lying face down)")
        assert all(part in odds for part in said), odds

        # 1. a choice's `by`: bot1's Favor asks ann for a card, and her dialog says whose card asks
        host.move("parity", "bot1", {"do": "play", "cards": ["favor"], "target": "ann"})
        asked = flat(page.wait_for("Asked by"))
        assert "Asked by bot1’s Favor." in asked, asked
        page.press(Keys.ENTER)                              # gives the card the dialog offers first
        wait_until(lambda: settled(host, "bot1"), 10, "ann's card given to bot1")

        # 3. Dead: ann draws an Exploding Kitten with no Defuse, and is Dead for as long as it lasts
        host.move("parity", "bot1", {"do": "play", "cards": ["skip"]})
        wait_until(lambda: settled(host, "bot2"), 10, "bot1's Skip")
        host.move("parity", "bot2", {"do": "play", "cards": ["skip"]})
        wait_until(lambda: settled(host, "ann"), 10, "bot2's Skip")
        host.move("parity", "ann", {"do": "draw"})
        dead = page.wait_for("You are Dead: you take no turns")
        assert "you are ann, Dead" in dead, dead            # the top bar says it too
        assert re.search(r"ann \(you\) +\d▮ +DEAD", dead), dead     # and the players list
        page.press("d")                                     # and d says why nothing is drawn
        said = toasts(page.wait_for("so you draw no"))
        assert any(t.startswith("You are Dead: you take no turns, so you draw no cards.") for t in said), said
        page.screenshot("view-words-dead")
    finally:
        assert serve.stop() == 0
