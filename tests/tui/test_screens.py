"""Pilot tests: the start, lobby, table and game-over screens against the real host in this
process (over inproc), or a scripted session."""

from __future__ import annotations

from pathlib import Path

from ekpeer.tui.app import make_app
from ekpeer.tui.screens.game_over import GameOverScreen
from ekpeer.tui.screens.lobby import LobbyScreen
from ekpeer.tui.screens.position import PositionScreen
from ekpeer.tui.screens.start import StartScreen
from ekpeer.tui.screens.table import TableScreen
from ekpeer.tui.widgets import CardWidget

from .conftest import hosted_app, hosted_factory, rigged, scripted_app, settle, snapshot_of, until


async def test_start_screen_leads_to_the_lobby():
    app = make_app(hosted_factory(seed=1), name="ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        await pilot.click("#play")
        await settle(pilot, 6)
        assert isinstance(app.screen, LobbyScreen)
        assert app.lobby["seats"][0]["name"] == "ann"


async def test_lobby_shows_seats_and_settings_and_the_creator_edits_them():
    app = hosted_app(seats=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, LobbyScreen)
        seats = " ".join(str(app.screen.query_one("#seats").render()).split())    # wrapped to its panel
        # the host seats its bots when the game starts: the lobby says who fills the free seats
        # in the words of the lobby's Bots choice ("normal", not the kind's id "heuristic")
        assert "ann (you)" in seats and "2 empty seats: normal bots fill them at the start" in seats
        assert app.screen.query("#exp-base")  # every installed plugin is offered
        await pilot.press("plus")
        await settle(pilot, 4)
        assert app.lobby["settings"]["seats"] == 4
        await pilot.press("minus", "minus")
        await settle(pilot, 4)
        assert app.lobby["settings"]["seats"] == 2
        await pilot.press("r")
        await settle(pilot, 4)
        assert app.lobby["seats"][0]["ready"] is True
        await pilot.press("s")
        await settle(pilot, 6)
        assert isinstance(app.screen, TableScreen)


async def test_a_non_creator_sees_settings_but_cannot_edit_them():
    lobby = {
        "table": "t",
        "you": "bob",
        "creator": False,
        "started": False,
        "settings": {
            "expansions": ["base"],
            "deck": "original",
            "variants": [],
            "seats": 3,
            "bots": "random",
            "reaction_seconds": 3.0,
            "turn_seconds": 60.0,
            "grace_seconds": 30.0,
        },
        "seats": [
            {"name": "ann", "ready": True, "bot": False, "connected": True, "you": False},
            {"name": "bob", "ready": False, "bot": False, "connected": True, "you": True},
        ],
        "choices": {
            "plugins": [
                {
                    "name": "base",
                    "decks": [
                        {
                            "name": "original",
                            "title": "Original",
                            "main": True,
                            "min_players": 2,
                            "max_players": 5,
                        }
                    ],
                    "variants": [],
                }
            ]
        },
    }
    app, session = scripted_app([{"type": "lobby", "body": lobby}], name="bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert all(w.disabled for w in app.screen.query("#settings Select"))
        await pilot.press("plus", "s")
        await settle(pilot)
        assert not [s for s in session.sent if s[0] in ("lobby_set", "start")]
        await pilot.press("r")
        await settle(pilot)
        assert ("ready", True) in session.sent


async def test_table_shows_hand_piles_players_and_plays_from_legal_moves(table3):
    game, rules, _ = rigged(table3)
    app, session = scripted_app([snapshot_of(game, rules, "ann")])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        cards = list(screen.query(CardWidget))
        titles = {c.card: c.count for c in cards}
        assert titles["tacocat"] == 2 and "defuse" in titles
        players = str(screen.query_one("#players").render())
        assert "ann (you)" in players and "bob" in players and "cat" in players
        piles = str(screen.query_one("#piles").render())
        assert "6 cards" in piles and "Attack" in piles and "kills" in piles
        await pilot.press("d")
        await settle(pilot)
        assert (
            session.sent[-1] == ("move", {"do": "draw", "by": "ann"}) or session.sent[-1][1]["do"] == "draw"
        )
        # select both Tacocats and play them: a pair needs a target
        i = [c.card for c in screen.query(CardWidget)].index("tacocat")
        screen.focus_index = i
        screen._focus_card()
        await pilot.press("space", "space", "enter")
        await settle(pilot)
        from ekpeer.tui.screens.target import TargetScreen

        assert isinstance(app.screen, TargetScreen)
        await pilot.press("down", "enter")
        await settle(pilot)
        move = session.sent[-1][1]
        assert move["cards"] == ["tacocat", "tacocat"] and move["target"] == "cat"


async def test_a_card_that_is_no_legal_move_is_not_sent(table3):
    game, rules, _ = rigged(table3)
    app, session = scripted_app([snapshot_of(game, rules, "ann")])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        screen.focus_index = [c.card for c in screen.query(CardWidget)].index("defuse")
        screen._focus_card()
        await pilot.press("enter")
        await settle(pilot)
        assert not session.sent


async def test_question_mark_shows_the_rules_text_from_the_catalog(table3):
    game, rules, _ = rigged(table3)
    app, _ = scripted_app([snapshot_of(game, rules, "ann")])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("question_mark")
        await settle(pilot)
        from ekpeer.tui.screens.card_info import CardInfoScreen

        assert isinstance(app.screen, CardInfoScreen)
        assert "Exploding Kitten" in str(app.screen.query_one("#dialog-prompt").render())
        # its way out is said once, on its button (a phone has no Esc), not again in a hint
        assert str(app.screen.query_one("#close").label) == "Close (Esc)"
        assert not app.screen.query("#dialog-hint")
        await pilot.press("escape", "b")
        await settle(pilot)
        from ekpeer.tui.screens.discard import DiscardScreen

        assert isinstance(app.screen, DiscardScreen)
        assert "Attack" in str(app.screen.query_one("#dialog-options").get_option_at_index(0).prompt)


async def rules_said(message, cards: list[str]) -> dict[str, str]:
    """What ``?`` on each of ``cards`` (held by the table's player) shows under the card's
    rules: the text after its facts line, "" when there is none."""
    from ekpeer.tui.screens.card_info import CardInfoScreen

    app, _ = scripted_app([message])
    said = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        for card in cards:
            table = app.screen
            table.focus_index = [c.card for c in table.query(CardWidget)].index(card)
            table._focus_card()
            await pilot.press("question_mark")
            await settle(pilot)
            assert isinstance(app.screen, CardInfoScreen) and app.screen.card == card
            order = app.screen.query("#card-order")
            said[card] = str(order.first().render()) if order else ""
            await pilot.press("escape")
            await settle(pilot)
    return said


def reaction_cards_table():
    game, rules, _ = rigged({"expansions": ["base", "zombie"], "players": ["ann", "bob"], "current": "ann",
                             "draw_pile": ["skip", "tacocat"],
                             "hands": {"ann": ["nope", "shuffle_now", "skip"], "bob": ["attack"]}})
    return snapshot_of(game, rules, "ann"), rules


async def test_a_nope_or_now_cards_rules_say_the_last_one_played_takes_effect_first():
    """Nope on Nope, or NOW cards played on each other, take effect last-played first, and
    nothing told the player so: ``?`` on a Nope or a NOW card says it, once, not on other cards."""
    message, _ = reaction_cards_table()
    said = await rules_said(message, ["nope", "shuffle_now", "skip"])
    last_first = ("When several cards are played in one reaction window, the last one played takes "
                  "effect first.")
    assert said == {"nope": last_first, "shuffle_now": last_first, "skip": ""}
    # and where the rules are written down: the README's keys, the rules notes' reaction window
    root = Path(__file__).resolve().parents[2]
    for doc in ("README.md", "docs/rules-notes.md"):
        text = " ".join((root / doc).read_text().split())
        assert "in one reaction window, the last one played takes effect first" in text or \
            "in one window, the last one played takes effect first" in text, doc


async def test_game_over_offers_rematch(table3):
    table3 = dict(
        table3,
        out=["cat"],
        draw_pile=["exploding_kitten"],
        hands={**table3["hands"], "ann": []},
        current="ann",
    )
    game, rules, events = rigged(table3, [{"do": "draw", "by": "ann"}])
    assert game.winner == "bob"
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, GameOverScreen)
        assert "bob wins" in str(app.screen.query_one("#dialog-title").render())
        hint = app.screen.query_one("#dialog-hint")
        assert "l: the game's log" in str(hint.render()) and hint.region.bottom <= 24
        await pilot.press("r")
        await settle(pilot)
        assert ("rematch", None) in session.sent


async def test_whole_game_against_a_bot_in_process():
    app = hosted_app(seats=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        await pilot.press("s")
        for _ in range(400):
            await pilot.pause(0.02)
            if app.view.get("winner"):
                break
            if isinstance(app.screen, PositionScreen):  # no place is highlighted at first
                await pilot.press("home", "enter")
            elif not isinstance(app.screen, TableScreen):
                await pilot.press("enter")
            else:
                await pilot.press("d")
        assert app.view.get("winner")
        assert any("wins the game" in line or "win the game" in line for line in app.log_lines)


async def test_play_with_flags_keeps_the_settings_it_was_given():
    """`ekpeer play --players 3 --expansions base,imploding`: the lobby must not slip back to the
    host's defaults when its first lobby message (before the flags applied) mounts its widgets."""
    from textual.widgets import Select

    settings = {"expansions": ["base", "imploding"], "deck": "original", "variants": [], "seats": 3,
                "bots": "heuristic", "reaction_seconds": 3.0, "turn_seconds": 60.0, "grace_seconds": 30.0}
    app = make_app(hosted_factory(), mode="play", name="ann", settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(30):
            await pilot.pause(0.1)
            if app.lobby and app.screen.query("#set-seats"):
                break
        await settle(pilot, 6)
        assert app.lobby["settings"]["seats"] == 3
        assert app.lobby["settings"]["expansions"] == ["base", "imploding"]
        assert app.screen.query_one("#set-seats", Select).value == 3


async def test_leaving_the_table_goes_back_to_the_start_without_a_disconnected_warning():
    app = hosted_app(seats=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("s")
        await settle(pilot, 6)
        assert isinstance(app.screen, TableScreen)
        told: list[str] = []
        app.notify = lambda message, **kw: told.append(str(message))   # type: ignore[method-assign]
        app.leave()
        await settle(pilot, 6)
        assert app.current_mode == "start" and app.session is None
        assert not [m for m in told if "Disconnected" in m]


def test_the_lobby_names_bots_by_the_difficulty_words_it_takes():
    """A seated bot reads as the Bots choice names it ("[hard bot]"), a plugin's bot by its kind."""
    from ekpeer.table_settings import bot_kind
    from ekpeer.tui.screens.lobby import BOTS, bot_words

    assert [bot_words(kind) for _, kind in BOTS] == ["hard", "normal", "easy"]
    assert all(bot_kind(bot_words(kind)) == kind for _, kind in BOTS)
    assert all(label.startswith(bot_words(kind) + " ") for label, kind in BOTS)
    assert bot_words("cautious") == "cautious"


async def test_the_lobby_says_what_a_hard_bots_move_costs_in_time(monkeypatch):
    """Issue 31: the budget a hard bot gets is the host's (``EKPEER_EXPERT_SECONDS``), sent in
    the lobby (``bot_seconds``) and said beside the seats hard bots fill; nothing for others."""
    from ekpeer.tui.screens.lobby import thinking_words

    monkeypatch.setenv("EKPEER_EXPERT_SECONDS", "0.5")
    app = hosted_app(seats=3, bots="expert")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), 10, "the lobby")
        await until(pilot, lambda: "each thinks" in str(app.screen.query_one("#seats").render()), 10,
                    "the hard bots' thinking time")
        assert app.lobby["bot_seconds"] == 0.5
        seats = " ".join(str(app.screen.query_one("#seats").render()).split())    # wrapped to its panel
        assert "2 empty seats: hard bots fill them at the start (each thinks 0.5 s a move)" in seats
        # leave once the settings are mounted: closing the app while a Select mounts raises
        await until(pilot, lambda: app.screen.query("#set-seats"), 10, "the table's settings")
        await settle(pilot, 2)
    assert thinking_words("heuristic", {"bot_seconds": 1.0}) == ""
    assert thinking_words("expert", {}) == ""


async def test_quitting_a_game_against_bots_at_a_host_in_this_process_is_asked_first():
    """``ekpeer play --menu``, then ctrl+b: the host runs in the client's process. ctrl+q in
    mid-game quit at once, where ``ekpeer play`` (its host forked) asks "Quit the game?"."""
    from ekpeer.tui.screens.leave_confirm import LeaveConfirmScreen

    app = hosted_app(seats=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        await pilot.press("s")
        await until(pilot, lambda: bool(app.view), 10, "the game")
        assert app.hosting()
        await pilot.press("ctrl+q")
        await settle(pilot, 3)
        assert isinstance(app.screen, LeaveConfirmScreen) and app.is_running
        assert str(app.screen.query_one("#dialog-title").render()) == "Quit the game?"
        await pilot.press("escape")
        await settle(pilot, 2)
        assert isinstance(app.screen, TableScreen)


async def test_the_key_bar_offers_a_rematch_at_the_table_once_the_game_is_over(table3):
    """The status says "r: rematch" under a closed game-over dialog; the key bar offered only
    q and x (and, mid-game, no r at all)."""
    from ekpeer.tui.widgets import KeyBar

    def keys(app) -> set[str]:
        return {b.key for _, b, enabled, _ in app.screen.active_bindings.values() if enabled and b.show}

    app, _ = scripted_app([snapshot_of(*rigged(table3)[:2], "ann")])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert "r" not in keys(app)
    over = dict(table3, out=["cat"], draw_pile=["exploding_kitten"], hands={**table3["hands"], "ann": []},
                current="ann")
    game, rules, events = rigged(over, [{"do": "draw", "by": "ann"}])
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("escape")                # the dialog closed: the table, game over
        await settle(pilot, 3)
        assert isinstance(app.screen, TableScreen) and {"r", "q", "x"} <= keys(app)
        assert "Rematch" in str(app.screen.query_one(KeyBar).render())
