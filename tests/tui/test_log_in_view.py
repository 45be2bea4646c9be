"""A stranger playing fast at 64x20 (``ekpeer play --lang da``): with Imploding in play the
piles' facts filled the right column, and the log showed one old line, not the newest."""

from __future__ import annotations

import pytest

from ekpeer import i18n

from .conftest import screen_lines, scripted_app, settle
from .test_danish import in_danish

SIZES = [(64, 20), (80, 24)]


@pytest.fixture(params=["da", "en"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def imploding_table(lang: str):
    """Four players, an Imploding Kitten face up in the pile, and two turns' worth of log."""
    from ekpeer.engine import Move, player_view
    from ekpeer.engine.view import visible_events
    from ekpeer.plugins import ruleset

    players = ["ann", "bot1", "bot2", "bot3"]
    rules = ruleset(["base", "imploding"])
    game = rules.game_from_table({
        "expansions": ["base", "imploding"], "players": players, "current": "ann",
        "draw_pile": ["skip", "tacocat", "nope", "exploding_kitten", "shuffle", "beard_cat", "skip"],
        "discard": ["skip", "attack"],
        "hands": {"ann": ["tacocat", "tacocat", "see_the_future", "reverse", "defuse", "skip"],
                  "bot1": ["nope", "skip"], "bot2": ["beard_cat"], "bot3": ["favor"]}}, seed=0)
    catalog = rules.catalog()
    if lang == "da":
        catalog = in_danish({"body": {"catalog": catalog}}, rules)["body"]["catalog"]

    def played(moves: list[dict]) -> list:
        events: list = []
        for move in moves:
            game.apply(Move.from_dict(move))
            events += list(game.events)
        return visible_events(events, "ann")

    first = played([{"do": "draw", "by": p} for p in players])
    snapshot = {"type": "snapshot", "body": {"view": player_view(game, "ann"), "catalog": catalog,
                                             "events": first}}
    then = played([{"do": "play", "by": "ann", "cards": ["see_the_future"]}, {"do": "resolve"},
                   {"do": "play", "by": "ann", "cards": ["tacocat", "tacocat"], "target": "bot1"},
                   {"do": "resolve"}])
    view = player_view(game, "ann")
    # where the Imploding Kitten lies, face up: one more fact in the piles' block as the log grows
    view["face_up"] = [{"card": "imploding_kitten", "depth": 2}]
    return [snapshot, {"type": "update", "body": {"view": view, "events": then}}]


@pytest.mark.parametrize("size", SIZES)
async def test_the_log_shows_its_newest_lines_beside_imploding_piles(size, lang):
    app, _session = scripted_app(imploding_table(lang))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 8)
        log = app.screen.query_one("#log")
        _newest_in_view(app, log)
        # more facts in the piles' block, and no new log line: the log still ends at its newest
        app.view["direction"] = -1
        app.screen.show_state()
        await settle(pilot, 4)
        _newest_in_view(app, log)


def _newest_in_view(app, log) -> None:
    """The log's three newest lines show whole in its rows (wrapped, each word of each)."""
    rows = screen_lines(app)[log.region.y:log.region.bottom]
    thumb = str.maketrans("", "", "▁▂▃▄▅▆▇█")       # (not the scroll bar's thumb)
    shown = " ".join(row[log.region.x:log.region.right] for row in rows).translate(thumb).split()
    newest = " ".join(list(app.log_lines)[-3:]).split()
    assert shown[-len(newest):] == newest, "\n".join(screen_lines(app))
