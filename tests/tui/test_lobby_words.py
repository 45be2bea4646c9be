"""Issue 25, item 6: a guest's lobby never shows its settings as empty ("Players Select, Bots
Select, Deck Select"), whatever the order in which the host's lobby messages and the settings
controls' mounting come; the lobby says who may start and what starting waits for, in words
that match what the host does; the turn time is shown."""

from __future__ import annotations

import copy

import pytest

from .conftest import settle
from .test_lobby_roles import lobby, lobby_app


def shown(app) -> dict[str, str]:
    return {s.id: str(s.query_one("SelectCurrent #label").render())
            for s in app.screen.query("#settings Select")}


@pytest.mark.parametrize("gap", [0, 1, 2, 3])
async def test_settings_are_never_shown_empty_when_lobbies_come_during_a_rebuild(gap):
    app, session = lobby_app([lobby(you="bob")], name="bob")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        assert shown(app)["set-seats"] == "3"
        more = lobby(you="bob", seats=4)            # another seat: the deck labels change (a rebuild)
        then = copy.deepcopy(more)
        then["body"]["seats"][0]["ready"] = True
        then["body"]["settings"]["bots"] = "random"
        session.queue.put_nowait(more)
        for _ in range(gap):                        # the next lobby while the controls mount
            await pilot.pause(0)
        session.queue.put_nowait(then)
        await settle(pilot, 8)
        got = shown(app)
        assert "Select" not in got.values(), got
        assert got["set-seats"] == "4" and got["set-bots"] == "easy (random)", got


async def test_a_deck_that_cannot_seat_the_table_is_refused_in_words():
    """Picking 2-Player Edition at four seats: refused, and the toast says why in plain words
    (it read "2-Player Edition takes 2-2 players")."""
    from textual.widgets import Select

    from .conftest import hosted_app, settle, until

    app = hosted_app(seats=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 8)
        deck = app.screen.query_one("#set-deck", Select)
        deck.focus()
        await settle(pilot)
        deck.value = "two_player"
        await until(pilot, lambda: list(app._notifications), 5, "the refusal")
        assert app.lobby["settings"]["deck"] == "original"
        said = [str(n.message) for n in app._notifications]
        assert "2-Player Edition seats 2 players, not 4" in said, said


async def test_unticking_the_expansion_whose_deck_is_chosen_takes_the_deck_with_it():
    """Party Pack's deck chosen, then Party Pack unticked: refused with "deck must be one of
    original, two_player", the host's own names, in English at a Danish table too."""
    from ekpeer.tui.screens.lobby import Tick

    from .conftest import hosted_app, settle, until

    app = hosted_app(seats=4, expansions=["base", "party"], deck="party_pack")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.lobby.get("settings", {}).get("deck") == "party_pack", 10, "the deck")
        await until(pilot, lambda: app.screen.query("#exp-party"), 10, "the ticks")
        await settle(pilot, 4)
        tick = app.screen.query_one("#exp-party", Tick)
        tick.focus()
        await settle(pilot)
        await pilot.press("space")
        await until(pilot, lambda: app.lobby["settings"]["expansions"] == ["base"], 10, "party unticked")
        assert app.lobby["settings"]["deck"] in (None, "original")
        said = [str(n.message) for n in app._notifications]
        assert not any("must be one of" in s for s in said), said
        await settle(pilot, 2)
