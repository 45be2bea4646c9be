"""A plugin's ``ekpeer_handle_move`` that raises on every draw must not stop a host's table.

A stranger's Coffee Break hook raised on a draw: the bot's draw was rolled back and refused,
the turn clock's default draw the same, then the table waited for good with no clock and no
word to anyone. Now the engine draws as its own rules say (``ekpeer/engine/acted.py``), the
host logs the hook once, every player is told once that the box's rules failed, and the game
goes on to its end.
"""

from __future__ import annotations

import asyncio

import pytest
from third_party.pip_installed import installed

from ekpeer import plugins
from ekpeer.i18n import set_language
from ekpeer.tui.words import Catalog, event_words

from .conftest import events, wait_for
from .test_timeouts import closing, seated

DRAWBUG = '''
from ekpeer.engine import CardSpec, DeckSpec
from ekpeer.hookspecs import hookimpl

CARDS = [CardSpec("coffee", "Coffee Break", "Nothing.", counts={"drawbug": 1}, kind="now", now=True)]
DECKS = [DeckSpec("drawbug", "Night Shift")]


@hookimpl
def ekpeer_handle_move(game, move):
    if move.do == "draw":
        raise RuntimeError("handle_move crash")
    return None
'''


def events_told(client, told: list[dict]) -> asyncio.Task:
    """A task adding to ``told`` every event ``client``'s updates and snapshots carry."""

    async def listen():
        async for msg in client.messages():
            if msg.type in ("update", "snapshot"):
                told.extend(msg.body.get("events") or [])

    return asyncio.create_task(listen())


@pytest.fixture
def drawbug(tmp_path, monkeypatch):
    for _package in installed(tmp_path, monkeypatch, "drawbug", DRAWBUG):
        yield plugins.load_module("drawbug")


async def test_a_handle_move_that_raises_on_every_draw_lets_the_game_go_on_to_its_end(drawbug, host, ctx):
    settings = {"expansions": ["base", "drawbug"], "seats": 3, "bots": "heuristic", "reaction_seconds": 0.05,
                "turn_seconds": 0.3, "grace_seconds": 30.0}
    clients = await seated(host, ctx, ["ann"], "shift", settings)     # ann lets her clock run out
    told: list[dict] = []
    listening = events_told(clients[0], told)
    try:
        await wait_for(lambda: host.tables["shift"].phase != "playing", 60, what="the game's end")
        assert host.tables["shift"].game.over
        said = [e for e in told if e["type"] == "rules_failed"]
        assert said == [{"type": "rules_failed", "plugin": "drawbug", "box": "Night Shift"}]   # once
        set_language("en")
        assert event_words(said[0], Catalog([]), "ann").startswith(
            "Night Shift’s rules failed on the host (a bug in its plugin)")
        logged = events(host, "hook_failed")
        assert [(e["hook"], e["plugin"]) for e in logged] == [("ekpeer_handle_move", "drawbug")]
        assert not events(host, "engine_error") and not events(host, "default_refused")
    finally:
        listening.cancel()
        await closing(clients)


PILEBUG = '''
from ekpeer.engine import CardSpec, DeckSpec


def drawn(game, player, card):
    raise RuntimeError("on_drawn crash")


CARDS = [CardSpec("gremlin", "Gremlin", "Nothing.", counts={"pilebug": 1}, on_drawn=drawn)]
DECKS = [DeckSpec("pilebug", "Pilebug")]
'''


@pytest.fixture
def pilebug(tmp_path, monkeypatch):
    for _package in installed(tmp_path, monkeypatch, "pilebug", PILEBUG):
        yield plugins.load_module("pilebug")


async def gremlin_on_top(host, ctx, table_id: str, current: str | None):
    """ann and a bot at ``table_id`` with pilebug's Gremlin (whose draw rule raises) on top of
    the pile: ann holds a Skip, the bot a Tacocat; ``current``: whose turn (None: the bot's).
    Returns the clients, the table and the bot's name."""
    settings = {"expansions": ["base", "pilebug"], "seats": 2, "bots": "heuristic", "reaction_seconds": 0.05,
                "turn_seconds": 0.3, "grace_seconds": 30.0}
    clients = await seated(host, ctx, ["ann"], table_id, settings)
    table = host.tables[table_id]
    table.cancel_all()
    bot = next(s.name for s in table.seats if s.name != "ann")
    table.game = plugins.ruleset(["base", "pilebug"]).game_from_table(
        {"players": ["ann", bot], "current": current or bot, "draw_pile": ["gremlin"] + ["tacocat"] * 6,
         "hands": {"ann": ["skip"], bot: ["tacocat"]}})
    table.journal_game()
    return clients, table, bot


async def test_a_seat_whose_every_move_fails_is_said_and_its_clock_starts_again(pilebug, host, ctx):
    """Every draw fails on the host (the card on top raises when drawn). Ann's clock's draw is
    refused: her Skip goes instead, and the game goes on. The bot has nothing but the draw:
    everyone is told, and the clock starts again (the table waited in silence for good)."""
    clients, table, bot = await gremlin_on_top(host, ctx, "pile", "ann")
    told: list[dict] = []
    listening = events_told(clients[0], told)
    try:
        table.schedule()
        await wait_for(lambda: events(host, "default_moved"), 5, what="ann's Skip after her draw failed")
        await wait_for(lambda: table.game.current == bot, 5, what="the bot's turn after ann's Skip")
        assert table.game.hands["ann"] == []
        # the bot's draw fails too, and it holds no card it may play alone: nothing goes
        await wait_for(lambda: any(e["type"] == "no_move" for e in told), 5, what="everyone told")
        assert table.timer is not None and table.game.current == bot     # the clock runs again
        set_language("en")
        line = event_words(next(e for e in told if e["type"] == "no_move"), Catalog([]), "ann")
        assert line.startswith(f"The rules failed on the host on every move tried for {bot}")
    finally:
        listening.cancel()
        await closing(clients)


DEALBUG = '''
from ekpeer.engine import CardSpec, DeckSpec
from ekpeer.hookspecs import hookimpl

CARDS = [CardSpec("lantern", "Lantern", "Nothing.", counts={"dealbug": 1})]
DECKS = [DeckSpec("dealbug", "Lighthouse")]


@hookimpl
def ekpeer_cards_elsewhere(game):
    raise RuntimeError("cards_elsewhere crash")
'''


@pytest.fixture
def dealbug(tmp_path, monkeypatch):
    for _package in installed(tmp_path, monkeypatch, "dealbug", DEALBUG):
        yield plugins.load_module("dealbug")


async def test_a_cards_elsewhere_that_raises_still_lets_the_game_be_dealt_and_says_so(dealbug, host, ctx):
    """A stranger's ``ekpeer_cards_elsewhere`` raised as the game was dealt (the host counts
    the cards a game so set up holds, for the seats' views): no game began. Now it is dealt,
    and every player is told once, by the box's title, that its rules failed."""
    settings = {"expansions": ["base", "dealbug"], "seats": 2, "bots": "heuristic", "reaction_seconds": 0.05,
                "turn_seconds": 30.0, "grace_seconds": 30.0}
    clients = await seated(host, ctx, ["ann"], "light", settings)
    told: list[dict] = []
    listening = events_told(clients[0], told)
    try:
        table = host.tables["light"]
        assert table.phase == "playing" and table.game is not None
        await wait_for(lambda: any(e["type"] == "rules_failed" for e in told), 5, what="ann told")
        said = [e for e in told if e["type"] == "rules_failed"]
        assert said == [{"type": "rules_failed", "plugin": "dealbug", "box": "Lighthouse"}]
        logged = events(host, "hook_failed")
        assert [(e["hook"], e["plugin"]) for e in logged] == [("ekpeer_cards_elsewhere", "dealbug")]
    finally:
        listening.cancel()
        await closing(clients)


async def test_a_seat_that_can_never_move_ends_the_game_with_no_winner(pilebug, host, ctx):
    """The bot holds a Tacocat, the Gremlin whose rules raise lies on top: its only move, the
    draw, fails every time. Said once and its clock started again, then every move of its tried
    once more: none goes, and the host ends the game with no winner, in words on every screen
    (it was retried for good, and the game never ended)."""
    clients, table, bot = await gremlin_on_top(host, ctx, "stuck", None)
    told: list[dict] = []
    listening = events_told(clients[0], told)
    try:
        table.schedule()
        await wait_for(lambda: table.phase == "over", 10, what="the game's end")
        await wait_for(lambda: any(e["type"] == "game_stopped" for e in told), 5, what="everyone told")
        said = [e["type"] for e in told if e["type"] in ("no_move", "game_stopped")]
        assert said == ["no_move", "game_stopped"]
        stopped = next(e for e in told if e["type"] == "game_stopped")
        assert stopped == {"type": "game_stopped", "player": bot, "plugin": "pilebug", "box": "Pilebug"}
        assert not table.game.over and table.game.winner is None    # the engine's game, as it was left
        assert table.timer is None
        assert [e["seat"] for e in events(host, "game_stopped")] == [bot]
        assert events(host, "game_over")[-1]["stopped"] == bot
        set_language("en")
        assert event_words(stopped, Catalog([]), "ann") == (
            f"The game cannot go on: Pilebug’s rules fail on every move for {bot}’s seat. "
            "It ends with no winner.")
    finally:
        listening.cancel()
        await closing(clients)
