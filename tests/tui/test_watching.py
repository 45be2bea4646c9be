"""Issue 25, item 2.3: late friends watch. The real host and the Textual client under Pilot,
the seated player through the client library: a friend refused a seat because the game is on
reads how to watch, presses Watch (ctrl+g) on the start screen, sees the table as a spectator,
listed with the players as watching; when the game ends they take a seat (t) and are dealt
into the next game."""

from __future__ import annotations

import asyncio

import pytest
import zmq.asyncio
from ports import free_port

from ekpeer.cli_tui import session_factory
from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.net.remote_bot import RemoteBot
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.game_over import GameOverScreen
from ekpeer.tui.screens.lobby import LobbyScreen
from ekpeer.tui.screens.start import StartScreen
from ekpeer.tui.screens.table import TableScreen

from .conftest import settle, until

SETTINGS = {"seats": 2, "reaction_seconds": 0.05, "turn_seconds": 60.0, "grace_seconds": 60.0,
            "expansions": ["base"], "bots": "random"}


def said(app) -> str:
    return "\n".join(str(n.message) for n in app._notifications)


def shown(widget) -> str:
    return str(widget.render())


@pytest.fixture
async def watched_host():
    """A real host with table t in its lobby (nothing starts until asked): ctx, host, table."""
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0))
    await host.start()
    host.add_table("t", SETTINGS, autostart=False)
    yield ctx, host, host.tables["t"]
    await host.close()
    ctx.destroy(linger=0)


async def test_a_late_friend_watches_from_the_start_screen_then_sits_at_the_next_game(watched_host):
    ctx, host, table = watched_host
    bob = Client(host.address, "bob", ctx=ctx)
    playing = None
    app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="dan",
                   address=host.address, options={"table": "t"})
    try:
        await bob.connect()
        await bob.join("t")
        await bob.ready()
        await bob.start()           # bob's turn or soon: nothing moves for him until he plays
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, StartScreen) and app._notifications, 8,
                        "the refusal")
            words = said(app)
            assert "playing already" in words and "Watch" in words, words
            assert "--table t --name dan --watch" in words, words
            await pilot.press("ctrl+g")      # Watch: the address and table kept from the refusal
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.view, 8,
                        "the table, watched")
            await until(pilot, lambda: table.watchers() == ["dan"], 5, "dan watching at the host")
            await until(pilot, lambda: "Watching: dan" in shown(app.screen.query_one("#players")), 5,
                        "dan listed as watching at the table")
            assert app.view.get("you") is None and app.lobby.get("spectator") is True
            assert "you are watching t · turn" in shown(app.screen.query_one("#topbar"))   # which table
            await pilot.resize_terminal(56, 30)         # too narrow for the long words: still named
            await settle(pilot, 3)
            assert " watching t · turn" in shown(app.screen.query_one("#topbar")), \
                shown(app.screen.query_one("#topbar"))
            await pilot.resize_terminal(100, 30)
            await settle(pilot, 2)
            bindings = {b.binding.action for b in app.active_bindings.values()}
            assert "draw" not in bindings and "moves" not in bindings      # no seat to draw for
            # bob plays the game out (the turn clock is long: only his moves move it)
            playing = asyncio.create_task(RemoteBot(bob, "heuristic", seed=1, games=2, rematch=False,
                                                    emit=None).run())
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen)
                        and app.screen.query("#dialog-buttons Button"), 20, "the game's end")
            assert app.screen.query("#sit") and not app.screen.query("#rematch")
            await pilot.press("t")       # a seat for the next game: bot1's
            await until(pilot, lambda: [s.name for s in table.seats] == ["bob", "dan"], 5, "dan seated")
            assert table.watchers() == [] and table.seats[1].rematch      # dan asked for the game too
            await until(pilot, lambda: app.lobby.get("you") == "dan", 5, "dan's own lobby")
            await settle(pilot)
            assert "waiting for bob" in shown(app.screen.query_one("#rematch-state"))
            await bob.rematch()
            await until(pilot, lambda: app.view.get("you") == "dan" and table.games == 2, 8,
                        "dan dealt into the next game")
            assert isinstance(app.screen, TableScreen)
    finally:
        if playing is not None:
            playing.cancel()
            await asyncio.gather(playing, return_exceptions=True)
        await bob.close()


async def test_join_watch_in_the_lobby_lists_the_spectator_and_t_takes_a_seat(watched_host):
    _ctx, host, table = watched_host
    app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="eve",
                   address=host.address, options={"table": "t", "watch": True})    # ekpeer join --watch
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.lobby, 8, "eve's lobby")
        await until(pilot, lambda: "Watching: eve" in shown(app.screen.query_one("#seats")), 5,
                    "eve listed as watching in the lobby")
        assert table.watchers() == ["eve"] and not table.seats
        assert "you are watching" in shown(app.screen.query_one("#lobby-title"))
        assert "t: take a seat" in shown(app.screen.query_one("#lobby-help"))
        await pilot.press("t")
        await until(pilot, lambda: [s.name for s in table.seats] == ["eve"], 5, "eve seated")
        await until(pilot, lambda: app.lobby.get("you") == "eve", 5, "eve's own lobby")
        await settle(pilot)
        assert "r: ready" in shown(app.screen.query_one("#lobby-help"))
        assert "Watching" not in shown(app.screen.query_one("#seats"))


async def test_join_watch_without_an_address_watches_the_table_picked_on_the_start_screen(watched_host):
    _ctx, host, table = watched_host
    app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode=None, name="fay",
                   options={"watch": True})          # ekpeer join --watch --name fay: the start screen
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen), 5, "the start screen")
        app.screen.query_one("#address").value = host.address
        app.screen.query_one("#address").focus()
        await pilot.press("enter")          # Join: with --watch, it watches
        await until(pilot, lambda: table.watchers() == ["fay"], 8, "fay watching")
        assert not table.seats


async def test_a_spectators_rematch_key_asks_for_a_seat_not_a_rematch():
    """A spectator's ``r`` after the game (the table's key) is a seat at the next game: a
    rematch request would only be refused (spectators only watch)."""
    from ekpeer.tui.messages import RematchRequested
    from ekpeer.tui.session import FakeSession

    from .conftest import settle

    session = FakeSession(name="dan")
    session.push("lobby", {"table": "t", "you": None, "spectator": True, "phase": "over", "started": True,
                           "seats": [{"name": "bob"}, {"name": "bot1", "bot": True}], "spectators": ["dan"],
                           "settings": {"seats": 2}})
    app = make_app(lambda **_: session, mode="join", name="dan", address="tcp://127.0.0.1:1")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.lobby.get("spectator"), 5, "the spectator's lobby")
        app.post_message(RematchRequested())
        await until(pilot, lambda: ("sit", None) in session.sent, 5, "a seat asked for")
        await settle(pilot)
        assert ("rematch", None) in session.sent        # then the next game, as the seat's own word


def _watched_over(table3) -> tuple:
    """dan watches bob's and cat's game, which bob has won: the lobby (dan a spectator) and
    the public view of the table (no ``you``), over."""
    from .conftest import rigged, snapshot_of

    game, rules, events = rigged(table3)
    snap = snapshot_of(game, rules, "ann", events)
    snap["body"]["view"] = {**snap["body"]["view"], "you": None, "hand": [], "winner": "bob",
                            "winners": ["bob"], "legal_moves": [], "choices": []}
    lobby = {"table": "t", "you": None, "spectator": True, "phase": "over", "started": True,
             "seats": [{"name": "bob"}, {"name": "cat", "bot": True}], "spectators": ["dan"],
             "settings": {"seats": 2}}
    return lobby, snap


async def test_a_watchers_status_bar_at_game_over_names_the_dialogs_key_and_the_seat_fits(table3):
    """A tester's watcher read "r: rematch" under a dialog offering "Take a seat (t)": the
    status bar names t too (and t there asks for the seat). Once seated, the dialog's button
    says "Seated for the next game" whole (it was cut to "Seated for the")."""
    from ekpeer.tui.session import FakeSession

    lobby, snap = _watched_over(table3)
    session = FakeSession([{"type": "lobby", "body": lobby}, snap], name="dan")
    app = make_app(lambda **_: session, mode="join", name="dan", address="tcp://127.0.0.1:1")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen)
                    and app.screen.query("#sit"), 5, "the game-over dialog")
        status = shown(app.table_screen.query_one("#status"))
        assert "t: take a seat" in status and "r: rematch" not in status, status
        await pilot.press("t")
        await until(pilot, lambda: ("sit", None) in session.sent, 5, "a seat asked for")
        session.push("lobby", {**lobby, "you": "dan", "spectator": False, "spectators": [],
                               "seats": [{"name": "bob"}, {"name": "dan", "you": True, "rematch": True}]})
        await until(pilot, lambda: "Seated" in str(app.screen.query_one("#sit").label), 5, "dan seated")
        await settle(pilot)
        sit = app.screen.query_one("#sit")
        label = str(sit.label)
        assert sit.content_size.width >= len(label), (sit.content_size.width, label)
        assert "r: rematch" in shown(app.table_screen.query_one("#status"))     # seated: a player's key


async def test_a_watcher_back_after_the_host_returned_is_told_they_watch_not_sit(table3):
    """After a resume a watcher read "you are in your seat again": a watcher has no seat."""
    from ekpeer.tui.session import FakeSession

    lobby, snap = _watched_over(table3)
    playing = {**snap["body"]["view"], "winner": None, "winners": []}
    session = FakeSession([{"type": "lobby", "body": {**lobby, "phase": "playing"}},
                           {"type": "snapshot", "body": {**snap["body"], "view": playing}}], name="dan")
    app = make_app(lambda **_: session, mode="join", name="dan", address="tcp://127.0.0.1:1")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.view, 5, "the table, watched")
        session.push("connection", {"state": "lost", "reason": "host silent"})
        await settle(pilot, 3)
        session.push("connection", {"state": "back"})
        session.push("snapshot", {**snap["body"], "view": playing})
        await until(pilot, lambda: app._notifications, 5, "the notice")
        await settle(pilot, 3)
        words = said(app) + "\n" + "\n".join(app.log_lines)
        assert "you are watching again" in words and "seat" not in words, words
