"""Everything another peer wrote is shown as plain text (issue 14.6).

Player names, table names, the host's card catalog (titles, texts, plugin names), prompts,
refusals and LAN advertisements all come from other peers. Written as Textual markup they
crashed screens (``[/]``), ran actions (``[@click=app.quit]``) or vanished (``[b]``); a
terminal control (ESC) in them would reach the terminal. These tests drive the real
screens with such words through a scripted session and check that nothing raises and that
the words are shown exactly as written.
"""

from __future__ import annotations

from typing import Any

from ekpeer.engine import Move, player_view
from ekpeer.engine.view import visible_events
from ekpeer.plugins import ruleset
from ekpeer.tui.app import make_app
from ekpeer.tui.session import FakeSession
from ekpeer.tui.widgets import scrub

CLOSE = "[/]"                              # raised MarkupError: the screen crashed
CLICK = "[@click=app.quit]x[/]"            # became a link that quits the app
BOLD = "[b]"                               # vanished (read as a style)
ESCAPE = "eve\x1b]0;pwned\x07"             # a terminal command (sets the window title)


def _plain(widget: Any) -> str:
    return str(widget.render())


def _app(messages: list[dict[str, Any]], name: str = "ann"):
    session = FakeSession(messages, name=name)
    return make_app(lambda **_: session, mode="play", name=name), session


async def _settle(pilot: Any, times: int = 4) -> None:
    for _ in range(times):
        await pilot.pause(0.05)


def _evil_catalog(rules: Any) -> list[dict[str, Any]]:
    """The host's catalog with markup in every title and text (a host is a peer too)."""
    return [{**c, "title": f"{CLOSE}{c['title']}{CLICK}", "text": f"{BOLD}{c.get('text', '')}{CLOSE}",
             "plugin": f"{CLICK}{c.get('plugin', '')}"} for c in rules.catalog()]


def _table(moves: list[dict[str, Any]] = (), **changes: Any):
    table = {
        "players": ["ann", CLOSE, CLICK, BOLD],
        "current": "ann",
        "draw_pile": ["tacocat", "skip", "beard_cat", "exploding_kitten", "shuffle", "nope"],
        "discard": ["skip", "attack"],
        "hands": {"ann": ["defuse", "favor", "tacocat", "tacocat", "nope", "skip"],
                  CLOSE: ["nope", "attack"], CLICK: ["beard_cat"], BOLD: ["favor"]},
        **changes,
    }
    rules = ruleset(["base"])
    game = rules.game_from_table(table, seed=0)
    for m in moves:
        game.apply(Move.from_dict(m))
    return game, rules


def _snapshot(game: Any, rules: Any, me: str = "ann") -> dict[str, Any]:
    return {"type": "snapshot", "body": {"view": player_view(game, me), "catalog": _evil_catalog(rules),
                                         "events": visible_events(list(game.events), me)}}


async def test_names_and_the_hosts_catalog_on_the_table_and_its_dialogs():
    game, rules = _table()
    app, session = _app([_snapshot(game, rules)])
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot, 6)
        screen = app.screen
        players = _plain(screen.query_one("#players"))
        for name in (CLOSE, CLICK, BOLD):
            assert name in players
        # a pair of Tacocats asks for a target: every name listed as written
        cards = [c.card for c in screen.query("CardWidget")]
        screen.focus_index = cards.index("tacocat")
        screen._focus_card()
        await pilot.press("space", "space", "enter")
        await _settle(pilot)
        options = app.screen.query_one("#dialog-options")
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        for name in (CLOSE, CLICK, BOLD):
            assert any(label.startswith(name + "  (") for label in labels), labels
        assert CLOSE in _plain(app.screen.query_one("#dialog-title"))      # "Play [/]Tacocat… on whom?"
        await pilot.press("down", "enter")
        await _settle(pilot)
        assert session.sent[-1][1]["target"] == labels[1].split("  (")[0]      # the name, as sent
        # a card's rules: title, text and plugin from the host's catalog
        await pilot.press("question_mark")
        await _settle(pilot)
        assert _plain(app.screen.query_one("#dialog-title")).startswith(CLOSE)
        assert _plain(app.screen.query_one("#dialog-prompt")).startswith(BOLD)
        assert CLICK in _plain(app.screen.query_one("#dialog-details"))
        await pilot.press("escape", "b")                                     # the discard pile
        await _settle(pilot)
        first = str(app.screen.query_one("#dialog-options").get_option_at_index(0).prompt)
        assert CLOSE in first and CLICK in first
        await pilot.press("escape", "m")                                     # every move in words
        await _settle(pilot)
        options = app.screen.query_one("#dialog-options")
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any(f"on {CLICK}" in label for label in labels), labels
        await pilot.press("escape")
        # the host's refusal and the reason it closed, in its own words
        session.push("reply", {"ok": False, "code": "bad_move", "message": f"{CLOSE} no {CLICK}"})
        await _settle(pilot)
        shown = [n.message for n in app._notifications]
        assert f"{CLOSE} no {CLICK}" in shown
    assert app.return_code in (None, 0)      # no action ran (app.quit), nothing raised


async def test_a_winner_named_in_markup_and_the_game_over_summary():
    game, rules = _table([{"do": "draw", "by": "ann"}], draw_pile=["exploding_kitten"],
                         players=["ann", CLOSE], hands={"ann": [], CLOSE: ["nope"]})
    assert game.winner == CLOSE
    app, _ = _app([_snapshot(game, rules)])
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot, 6)
        assert _plain(app.screen.query_one("#dialog-title")) == f"Game over: {CLOSE} wins!"
        assert CLOSE in _plain(app.screen.query_one("#dialog-prompt"))


def _lobby(creator: bool) -> dict[str, Any]:
    return {
        "table": CLICK, "title": CLOSE, "you": CLOSE, "creator": creator, "started": False,
        "settings": {"expansions": [CLICK], "deck": "original", "variants": [], "seats": 4, "bots": "random",
                     "reaction_seconds": 3.0, "turn_seconds": 60.0, "grace_seconds": 30.0},
        "seats": [{"name": CLOSE, "ready": True, "bot": False, "connected": True, "you": True},
                  {"name": CLICK, "ready": False, "bot": False, "connected": True, "you": False},
                  {"name": BOLD, "ready": False, "bot": False, "connected": False, "you": False}],
        "plugins": [{"name": CLICK, "version": CLOSE}],
        "choices": {"plugins": [{"name": CLICK, "version": BOLD,
                                 "decks": [{"name": "original", "title": CLOSE, "main": True,
                                            "min_players": 2, "max_players": 5}],
                                 "variants": [{"id": "v", "title": CLICK}]}]},
    }


async def test_the_lobby_shows_table_seat_plugin_deck_and_variant_names_as_written():
    for creator in (False, True):
        app, _ = _app([{"type": "lobby", "body": _lobby(creator)}], name=CLOSE)
        async with app.run_test(size=(100, 30)) as pilot:
            await _settle(pilot, 8)
            screen = app.screen
            title = _plain(screen.query_one("#lobby-title"))
            assert f"table {CLICK}" in title and f"you are {CLOSE}" in title
            seats = _plain(screen.query_one("#seats"))
            for name in (CLOSE, CLICK, BOLD):
                assert name in seats
            assert f"{CLICK} {CLOSE}" in _plain(screen.query_one("#lobby-plugins"))
            ticks = [str(t.label) for t in screen.query("Tick")]
            # the expansion by the title of its one box, and the variant: each as written
            assert ticks[:2] == [CLOSE, CLICK], ticks
            deck = screen.query_one("#set-deck")
            assert str(deck._options[0][0]).startswith(CLOSE)
        assert app.return_code in (None, 0)


async def test_tables_advertised_on_the_lan_are_listed_as_written(monkeypatch):
    from ekpeer.net.discovery import Found
    from ekpeer.tui.screens.start import StartScreen

    monkeypatch.setattr(StartScreen, "browse", lambda self: None)     # the list, without multicast
    session = FakeSession([])
    app = make_app(lambda **_: session, name="ann", discovery=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        found = Found(name="x", table=CLOSE, title=CLICK, endpoint="tcp://127.0.0.1:5555",
                      expansions=[BOLD], seats=4, free=2)
        app.screen.show_tables([found])
        await _settle(pilot)
        line = str(app.screen.query_one("#lan-tables").get_option_at_index(0).prompt)
        assert line.startswith(f"▶ {CLICK} ({CLOSE})") and BOLD in line      # (the highlighted mark)
    assert app.return_code in (None, 0)


async def test_terminal_controls_in_a_hosts_words_never_reach_the_terminal():
    game, rules = _table(players=["ann", ESCAPE], hands={"ann": ["defuse"], ESCAPE: ["nope"]})
    app, _ = _app([_snapshot(game, rules)])
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot, 6)
        players = _plain(app.screen.query_one("#players"))
        assert "eve\ufffd]0;pwned\ufffd" in players and "\x1b" not in players
    body = {"a": ["ok", {"b": "x\x1by"}], "c\u202e": 1}
    assert scrub(body) == {"a": ["ok", {"b": "x\ufffdy"}], "c\ufffd": 1}
    clean = {"a": ["ok", {"b": "xy"}]}
    assert scrub(clean) is clean            # nothing to change: the same objects, no copy
