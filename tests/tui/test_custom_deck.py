"""Custom decks (party plugin, seed 002 rules) and table passwords in the lobby."""

from __future__ import annotations

from pathlib import Path

import pytest
import zmq.asyncio
from textual.widgets import Input

from ekpeer.net.host import Host
from ekpeer.net.lobby import table_plugins
from ekpeer.plugins import ruleset
from ekpeer.tui.app import make_app
from ekpeer.tui.presets import load_config
from ekpeer.tui.screens.custom_deck import CustomDeckScreen
from ekpeer.tui.screens.lobby import LobbyScreen, Tick
from ekpeer.tui.session import NetSession, SessionClosed

from .conftest import hosted_factory, scripted_app, settle

CONFIG = Path(__file__).resolve().parents[2] / "configs" / "custom-deck.toml"


def test_catalog_and_lobby_carry_the_selection_rules():
    entry = {c["id"]: c for c in ruleset(["base", "streaking", "party"]).catalog()}
    assert {"pick_pile", "pick_hand", "random_only"} <= set(entry["defuse"])
    assert entry["defuse"]["pick_pile"] and not entry["defuse"]["pick_hand"]
    listed = {c["id"] for p in table_plugins(["base", "party"]) for c in p["cards"]}
    assert "defuse" in listed and "potluck" in listed


def _lobby(cards, creator=False, custom=None, **settings):
    return {"table": "t", "you": "ann", "creator": creator,
            "seats": [{"name": "ann", "ready": False, "you": True, "connected": True}],
            "settings": {"expansions": ["base", "party"], "seats": 3, "bots": "heuristic",
                         "options": {"custom": custom} if custom is not None else {}, **settings},
            "choices": {"plugins": [{"name": "base", "decks": [], "variants": []},
                                    {"name": "party", "decks": [], "variants": []}]},
            "plugins": [{"name": "x", "version": "1", "cards": cards}]}


CARDS = [
    {"id": "zap", "title": "Zap", "kind": "action", "text": "Zap it.", "pick_pile": True, "pick_hand": True},
    {"id": "keeper", "title": "Keeper", "kind": "defuse", "text": "Saves.", "pick_pile": True,
     "pick_hand": False},
    {"id": "wild", "title": "Wild", "kind": "action", "text": "?", "pick_pile": True, "random_only": True},
    {"id": "boom", "title": "Boom", "kind": "kitten", "traits": ["kills"], "text": "!", "pick_pile": True,
     "pick_hand": True},
]


async def test_picking_follows_the_hosts_rules_and_goes_with_ready():
    app, session = scripted_app([])
    session.push("lobby", _lobby(CARDS, custom={"pile_picks": 1, "hand_picks": 2, "random_cards": 20}))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CustomDeckScreen)          # it opens by itself
        assert [c["id"] for c in screen.cards] == ["zap", "keeper"]   # no kitten, no random-only card
        await pilot.press("h", "h")
        await pilot.press("down", "h")                        # Keeper: pile only
        assert screen.picks["hand"] == ["zap", "zap"]
        await pilot.press("p", "p")                            # the second is over the limit of 1
        assert screen.picks["pile"] == ["keeper"]
        await pilot.press("enter")
        await settle(pilot)
        assert ("ready", True, {"pile": ["keeper"], "hand": ["zap", "zap"]}) in session.sent
        assert isinstance(app.screen, LobbyScreen)


async def test_the_creator_switches_a_custom_deck_on_and_sets_a_password():
    app, session = scripted_app([])
    session.push("lobby", _lobby(CARDS, creator=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tick = next(t for t in app.screen.query(Tick) if t.has_class("custom"))
        tick.value = True
        await settle(pilot)
        sent = [s for s in session.sent if s[0] == "lobby_set"]
        assert sent and sent[-1][1]["options"]["custom"]["pile_picks"] == 2
        box = app.screen.query_one("#set-password", Input)
        box.focus()
        await pilot.press(*"s3cret", "enter")
        await settle(pilot)
        assert ("lobby_set", {"password": "s3cret"}) in session.sent


async def test_custom_deck_in_process_deals_your_hand_picks():
    settings = {**load_config(CONFIG), "seats": 2, "reaction_seconds": 0.05}
    app = make_app(hosted_factory(seed=5), mode="play", name="ann", settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CustomDeckScreen)
        hand_pick = next(c["id"] for c in screen.cards if c.get("pick_hand") and c["kind"] == "action")
        screen.query_one("#dialog-options").highlighted = [c["id"] for c in screen.cards].index(hand_pick)
        await pilot.press("h", "enter")
        await settle(pilot)
        assert "Your picks (secret)" in str(app.screen.query_one("#seats").content)
        await pilot.press("s")
        await settle(pilot, 5)
        assert hand_pick in app.view["hand"]


async def test_a_wrong_password_says_so_plainly():
    ctx = zmq.asyncio.Context()
    host = Host("tcp://127.0.0.1:0", ctx=ctx, secure=False)
    host.add_table("locked", {"seats": 3, "password": "right"})
    endpoint = await host.start()
    session = NetSession(endpoint, "bob", table="locked", password="wrong", insecure=True)
    try:
        with pytest.raises(SessionClosed, match="wrong password"):
            await session.open()
    finally:
        await session.close()
        await host.close()
        ctx.destroy(linger=0)
