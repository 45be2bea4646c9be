"""A stranger at a 64x20 terminal (``ekpeer play --lang da``): the lobby's key bar left out
"- Færre" and the table's "b Kastebunke", the lobby's deck read "Originaludgaven: 2-6 s…",
and bot3's marked card lay under the players list's scroll bar. Each screen is tried at
64x20 and at 80x24, in Danish and in English."""

from __future__ import annotations

import pytest

from ekpeer import i18n
from ekpeer.tui.screens.keys import KeysScreen
from ekpeer.tui.widgets import KeyBar

from .conftest import scripted_app, settle
from .test_danish import danish_lobby, table_in_danish
from .test_lobby_roles import lobby_app

SIZES = [(64, 20), (80, 24)]


@pytest.fixture(params=["da", "en"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def _app(where: str):
    return scripted_app([table_in_danish()])[0] if where == "table" else lobby_app([danish_lobby()])[0]


def offered(app) -> dict[str, str]:
    """The keys the screen shows in a key bar, one per action (+ and = add a seat alike), by
    the key as the bar writes it."""
    keys, actions = {}, set()
    for _node, binding, enabled, _tip in app.screen.active_bindings.values():
        if binding.show and enabled and binding.action not in actions | {"command_palette"}:
            actions.add(binding.action)
            keys[app.get_key_display(binding)] = binding.description
    return keys


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("where", ["table", "lobby"])
async def test_every_key_a_screen_offers_is_in_its_key_bar_or_the_keys_dialog(where, size, lang):
    app = _app(where)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 8)
        bar = str(app.screen.query_one(KeyBar).render())
        keys = offered(app)
        assert len(bar) <= size[0] and "\n" not in bar, bar
        missing = [k for k in keys if f" {k} " not in f" {bar} "]
        if missing:                 # the bar names F1, and F1 lists each key left out
            assert " f1 " in f" {bar} ", bar
            await pilot.press("f1")
            await settle(pilot, 4)
            assert isinstance(app.screen, KeysScreen)
            listed = " ".join(keys for keys, _words in app.screen.rows)
            assert all(k in listed.split() for k in missing), (missing, listed)
    # the Danish bar fits every key, in shorter words; so do the English table's at 64
    # columns, and every bar at 80 but the theme's key (its place the palette's)
    if lang == "da" or size == (80, 24) or where == "table":
        assert [k for k in missing if k != "^t"] == [], (bar, missing)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("deck", ["original", "party_pack"])
async def test_the_lobbys_deck_reads_whole(deck, size, lang):
    """"Bunke  Originaludgaven: 2-6 s…" at 64 columns: the choice ended where the count of
    players did. A choice too long for its row takes a second line."""
    from textual.widgets import Select

    from ekpeer.net.lobby import choices_in

    from .conftest import screen_lines
    from .test_lobby_roles import lobby

    message = lobby(seats=4, expansions=("base", "party"), deck=deck)
    message["body"]["choices"] = choices_in(lang)
    app, _session = lobby_app([message])
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 8)
        select = app.screen.query_one("#set-deck", Select)
        label = select.query_one("SelectCurrent #label")
        region = label.region
        assert region.height >= 1 and region.right <= size[0]
        shown = " ".join(line[region.x:region.right].strip()
                         for line in screen_lines(app)[region.y:region.bottom])
        said = select.labels[select.value]
        said = said.plain if hasattr(said, "plain") else str(said)
    assert shown == said and "…" not in shown, (shown, said)


MARKED = {"bot1": ["see_the_future"], "bot2": ["shuffle", "skip"], "bot3": ["see_the_future", "attack"]}


def marked_table(lang: str):
    from .conftest import rigged, snapshot_of
    from .test_danish import in_danish

    players = ["ann", "bot1", "bot2", "bot3"]
    game, rules, ev = rigged({
        "expansions": ["base", "party"], "players": players, "current": "bot2", "turns": 2,
        "draw_pile": ["skip", "tacocat", "nope", "exploding_kitten"], "marked": MARKED,
        "hands": {n: ["skip", "tacocat", "nope", "see_the_future", "attack", "shuffle"] for n in players}})
    snapshot = snapshot_of(game, rules, "ann", ev)
    return (in_danish(snapshot, rules) if lang == "da" else snapshot), rules


@pytest.mark.parametrize("size", SIZES)
async def test_every_bots_marked_cards_show_whole_in_the_players_list(size, lang):
    """Three bots with marked cards at 64x20: the list ran under its edge, and bot3's line
    ended "mærket: Se" beside the scroll bar. Now it fits, each card's title whole on a line."""
    from ekpeer.tui.words import Catalog

    snapshot, _rules = marked_table(lang)
    app, _session = scripted_app([snapshot])
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 8)
        box, players = app.screen.query_one("#players-box"), app.screen.query_one("#players")
        lines = str(players.content).split("\n")
        assert box.virtual_size.height <= box.size.height, (box.virtual_size, box.size, lines)
        assert box.virtual_size.width <= box.size.width
        assert all(len(line) <= players.content_size.width for line in lines), lines
    cat = Catalog(snapshot["body"]["catalog"])
    for cards in MARKED.values():
        for card in cards:
            title = cat.title(card)
            if len(title) + 2 <= players.content_size.width - 3:      # (a comma after it)
                assert any(title in line for line in lines), (title, lines)
