"""A card whose rules raise mid-game (a bug in a third-party plugin) must not freeze the table.

A stranger's Snoop raised in its effect: the host logged ``engine_error`` with no plugin, card
or traceback, refused its own ``resolve``, and the game never moved again while the player's
screen said nothing. Now the game is rolled back to before the failing move, the action
fizzles (set aside without effect, everyone told in words), the log names the plugin, the
card and the traceback, and play goes on."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from ekpeer.engine import Move
from ekpeer.plugins import blame, load_module
from ekpeer.tui.words import Catalog, event_words

from .conftest import events, wait_for
from .test_timeouts import closing, seated

SETTINGS = {"expansions": ["base"], "seats": 2, "bots": "heuristic", "reaction_seconds": 0.05,
            "turn_seconds": 60, "grace_seconds": 30.0}


def boom(game, action):
    raise ZeroDivisionError("division by zero")


@pytest.fixture
def rigged_deal(monkeypatch):
    """The host deals this table, whoever sits (ann first, then the bot): the game is made from
    it (``game_from_table``), so that the rollback's replay of the log deals it again. (Editing
    a dealt game's state would not survive the replay.)"""
    from ekpeer.engine.ruleset import Ruleset

    def new_game(self, players, seed=0, **_kw):
        a, b = players
        return self.game_from_table({
            "players": players, "draw_pile": ["tacocat", "skip", "exploding_kitten", "beard_cat", "nope"],
            "hands": {a: ["favor", "see_the_future", "defuse", "cattermelon"],
                      b: ["defuse", "tacocat", "skip"]},
        }, seed=seed)

    monkeypatch.setattr(Ruleset, "new_game", new_game)


async def test_a_card_whose_rules_raise_fizzles_and_the_game_goes_on(host, ctx, monkeypatch, rigged_deal):
    clients = await seated(host, ctx, ["ann"], "f1", SETTINGS)
    ann = clients[0]
    try:
        table = host.tables["f1"]
        game = table.game
        assert game.current == "ann"
        card = "see_the_future"
        monkeypatch.setitem(game.cards, card, replace(game.cards[card], effect=boom))
        cards = game.all_cards()
        told: list[dict] = []

        async def listen():
            async for msg in ann.messages():
                if msg.type == "update":
                    told.extend(msg.body.get("events") or [])

        listening = asyncio.create_task(listen())
        await ann.move({"do": "play", "cards": [card]})
        await wait_for(lambda: events(host, "engine_error"), 5, what="the failing card")
        await wait_for(lambda: any(e["type"] == "fizzled" for e in told), 5, what="ann told it fizzled")
        error = events(host, "engine_error")[0]
        assert error["card"] == card and "ZeroDivisionError" in error["traceback"]
        assert "boom" in error["traceback"]                       # where, for whoever fixes it
        game = table.game                                          # rolled back: a replayed game
        assert not game.stack and game.current == "ann" and game.all_cards() == cards
        assert game.discard[-1] == card and game.log[-1] == Move("fizzle")
        moves = len(game.log)
        await ann.move({"do": "draw"})                             # and the game goes on
        assert game.log[moves] == Move("draw", "ann")
        listening.cancel()
    finally:
        await closing(clients)


def test_the_plugin_whose_code_raised_is_named():
    base = load_module("base")
    effect = next(getattr(base, n) for n in dir(base) if n.startswith("_") and callable(getattr(base, n))
                  and getattr(getattr(base, n), "__module__", "") == base.__name__)
    try:
        effect(None, None)
    except Exception as exc:
        assert blame(exc, ["base", "imploding"]) == "base"
    try:
        boom(None, None)
    except Exception as exc:
        assert blame(exc, ["base"]) is None


def test_a_fizzled_card_is_said_in_words():
    cat = Catalog([{"id": "snoop", "title": "Snoop", "kind": "action"}])
    fizzled = {"type": "fizzled", "action": {"by": "ann", "card": "snoop", "cards": ["snoop"]}}
    words = event_words(fizzled, cat, "bob")
    assert words == "Snoop does nothing: its rules failed on the host (a bug in its plugin)"


def asks_then_fails(game, action):
    game.ask_card_from_hand(action.target, lambda card: 1 / 0, prompt=f"give {action.by} a card",
                            source=action.card)


async def test_a_choice_whose_answer_raises_is_set_aside_and_the_game_goes_on(host, ctx, monkeypatch,
                                                                               rigged_deal):
    """A stranger's Dumpster Dive raised in its choice's answer: the host refused the answer,
    asked again, refused again, gave the Cone to the player whose clock ran out on it, and the
    table waited for good. Now the choice is set aside (fizzled) and play goes on."""
    clients = await seated(host, ctx, ["ann"], "f2", SETTINGS)
    ann = clients[0]
    try:
        table = host.tables["f2"]
        game = table.game
        assert game.current == "ann"
        moves = [m for m in game.legal_moves("ann") if m.do == "play" and m.cards == ("favor",)]
        card = "favor"
        monkeypatch.setitem(game.cards, card, replace(game.cards[card], effect=asks_then_fails))
        cards = game.all_cards()
        await ann.move(moves[0].to_dict())
        await wait_for(lambda: events(host, "engine_error"), 5, what="the failing answer")
        fizzled = Move("fizzle", moves[0].target)
        game = await wait_for(lambda: table.game if table.game.log[-1] == fizzled else None, 5,
                              what="the choice set aside")
        error = events(host, "engine_error")[0]
        assert error["card"] == card and error["move"]["do"] == "choose"
        assert not game.awaiting and game.all_cards() == cards and game.current == "ann"
        assert not events(host, "default_refused") and table.cone is None
        await ann.move({"do": "draw"})                             # and the game goes on
    finally:
        await closing(clients)
