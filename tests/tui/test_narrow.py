"""A narrow screen (a phone's browser seat, about 41 columns) and taps (issue 29.2): panels
stack, the hand pages by a tap on "▶ N more", the key bar shows every key whole and the ones
the status line only names (Play), cancellable dialogs have a Back button, info dialogs a
Close button; a wide screen keeps its side-by-side layout. The whole game by taps in a real
browser is tests/web/test_phone.py."""

from __future__ import annotations

import pytest
from textual.widgets import Button

from ekpeer.tui.widgets import CardWidget, KeyBar

from .conftest import rigged, scripted_app, settle, snapshot_of
from .test_lobby_roles import lobby, lobby_app
from .test_table_layout import BIG_HAND, big_hand_table

PHONE = (43, 40)


def shown_cards(app) -> list[str]:
    return [c.card for c in app.screen.query(CardWidget) if c.display]


async def test_a_narrow_table_stacks_its_panels_pages_the_hand_by_taps_and_offers_play():
    game, rules, ev = rigged(big_hand_table())
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        assert screen.has_class("-narrow")
        players, log = screen.query_one("#players-box"), screen.query_one("#log")
        assert players.region.bottom <= log.region.y and log.region.width >= PHONE[0] - 2
        first = shown_cards(app)
        assert 0 < len(first) < len(set(big_hand_table()["hands"]["ann"]))
        await pilot.click("#hand-right")                  # "▶ N more", tapped
        await settle(pilot, 2)
        after = shown_cards(app)
        assert after and not set(after) & set(first), (first, after)
        assert screen.query_one("#hand-left").display     # "◀ N more" back the other way
        await pilot.click("#hand-left")
        await settle(pilot, 2)
        assert shown_cards(app) == first
        bar = screen.query_one(KeyBar)
        lines = str(bar.render()).split("\n")
        assert len(lines) > 1 and all(len(line) <= PHONE[0] for line in lines), lines
        assert "⏎ Play" in lines[0] and any("^q Quit" in line for line in lines), lines
        for _ in range(len(BIG_HAND)):                    # every card reachable by taps
            if "skip" in shown_cards(app):
                break
            await pilot.click("#hand-right")
            await settle(pilot, 2)
        card = next(c for c in screen.query(CardWidget) if c.display and c.card == "skip")
        await pilot.click(card)                           # a tap selects it ...
        await settle(pilot, 2)
        x = str(bar.render()).split("\n")[0].index("⏎ Play")
        await pilot.click(bar, offset=(x + 2, 0))         # ... and Play plays it
        await settle(pilot, 2)
        assert ("move", {"do": "play", "by": "ann", "cards": ["skip"]}) in session.sent


async def test_a_wide_table_keeps_its_panels_side_by_side():
    game, rules, ev = rigged(big_hand_table())
    app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        assert screen.has_class("-roomy") and not screen.has_class("-narrow")
        players, log = screen.query_one("#players-box"), screen.query_one("#log")
        assert players.region.right <= log.region.x
        assert str(screen.query_one(KeyBar).render()).count("\n") == 0


async def test_dialogs_have_buttons_for_what_esc_does():
    game, rules, ev = rigged(big_hand_table())
    app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot, 6)
        for key, button in (("m", "#back"), ("question_mark", "#close"), ("l", "#close")):
            await pilot.press(key)
            await settle(pilot, 2)
            dialog = app.screen
            assert dialog.has_class("-narrow")
            found = dialog.query_one(button, Button)
            assert found.region.right <= PHONE[0], (key, found.region)
            await pilot.click(found)
            await settle(pilot, 2)
            assert app.screen is app.table_screen, key


async def test_a_narrow_lobby_stacks_its_settings_under_the_seats_and_cuts_nothing_off():
    app, _ = lobby_app([lobby(you="ann", seats=3)])
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        seats, settings = screen.query_one("#seats-box"), screen.query_one("#settings")
        assert settings.region.x == seats.region.x
        assert settings.virtual_region.y >= seats.virtual_region.bottom
        for widget in settings.query("Select, Checkbox"):
            assert widget.virtual_region.right <= PHONE[0], widget


async def test_a_short_terminal_keeps_a_dialogs_keys_and_buttons_on_screen():
    """A stranger at 60x20 opened the moves (m): its list took every row, and the key hint and
    the Back button fell off the bottom. Below 24 rows a dialog's list gives up rows."""
    # (and at 80x24 itself a stranger saw only the Back button's top edge: -snug, up to 27 rows)
    for size, kind in (((60, 20), "-short"), ((80, 20), "-short"), ((80, 24), "-snug"), ((80, 27), "-snug")):
        game, rules, ev = rigged(big_hand_table())
        app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
        async with app.run_test(size=size) as pilot:
            await settle(pilot, 6)
            await pilot.press("m")
            await settle(pilot, 3)
            dialog = app.screen
            assert dialog.has_class(kind)
            for part in ("#dialog-hint", "#back"):
                region = dialog.query_one(part).region
                assert region.height == (3 if part == "#back" else 1), (size, part, region)
                assert region.bottom <= size[1] - 1, (size, part, region)      # above the key bar


@pytest.mark.parametrize("lang", ["en", "da"])
async def test_a_64_column_key_bar_keeps_the_moves_the_log_and_the_way_out(lang):
    """At 64x20 the Danish table's key bar left out "m Muligheder" and "l Log", the lobby's
    "esc Forlad", and kept "b Kastebunke" and "- Færre": the least needed keys go first."""
    from ekpeer import i18n

    from .test_danish import danish_lobby, table_in_danish

    i18n.set_language(lang)
    try:
        for make, needed in ((lambda: scripted_app([table_in_danish()]), ("m", "l", "d", "^q", "f1")),
                             (lambda: lobby_app([danish_lobby()]), ("esc", "r", "s", "+", "^q", "f1"))):
            app, _session = make()
            async with app.run_test(size=(64, 20)) as pilot:
                await settle(pilot, 8)
                bar = str(app.screen.query_one(KeyBar).render())
            assert len(bar) <= 64 and "\n" not in bar, bar
            # (a bar that fits only so has no blank between keys: tests/tui/test_small_screen.py)
            assert all(f" {key} " in f" {bar} " for key in needed), (lang, bar)
    finally:
        i18n.set_language("en")
