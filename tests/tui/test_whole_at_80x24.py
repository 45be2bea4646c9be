"""What a stranger found cut or run together at 80x24: the custom deck's settings ("Pile
picks2"), the Party Pack's deck label ("the cards for 4-7" read as cut off) and a long combo
among the moves (``m``); and the game-over dialog's Leave, which did not say the seat is kept.
Each is read off the screen as a terminal shows it."""

from __future__ import annotations

import pytest

from ekpeer import i18n
from ekpeer.net.lobby import choices_in, table_plugins_in

from .conftest import screen_lines, settle
from .test_lobby_roles import lobby, lobby_app


def party_lobby(lang: str) -> dict:
    """A 5-seat Party Pack table whose players pick cards; ann, its creator, is ready (so the
    picking screen stays shut)."""
    message = lobby(seats=5, expansions=("base", "party"), deck="party_pack")
    body = message["body"]
    body["choices"] = choices_in(lang)
    body["plugins"] = table_plugins_in(["base", "party"], lang)
    body["seats"][0]["ready"] = True
    body["settings"]["options"] = {"custom": {"pile_picks": 2, "hand_picks": 2, "random_cards": 40}}
    return message


@pytest.mark.parametrize("lang, said", [
    ("en", ["Pile picks 2", "Hand picks 2", "Random     40", "Deck      Party Pack: 4-7 player cards "]),
    ("da", ["Bunkevalg  2", "Håndvalg   2", "Tilfældige 40", "Bunke     Party Pack: til 4-7 spillere "]),
])
async def test_the_custom_decks_settings_and_the_party_packs_label_read_whole(lang, said):
    i18n.set_language(lang)
    try:
        app, _ = lobby_app([party_lobby(lang)])
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, 6)
            top = screen_lines(app)
            app.screen.query_one("#settings").scroll_end(animate=False)
            await settle(pilot, 3)
            shown = "\n".join(top + screen_lines(app))
    finally:
        i18n.set_language("en")
    for words in said:
        assert words in shown, (words, shown)


def _game_over():
    from .test_snapshots import game_over

    return game_over()


@pytest.mark.parametrize("mode", ["join", "play"])
async def test_the_game_over_dialog_says_what_leaving_does_to_your_seat(mode):
    """bob pressed x after a game; the next one was dealt with "bob 8▮ left: bot playing" in
    his seat, and his command run again gave it back. The dialog said only "Leave (x)". In
    ``ekpeer play`` the table lives in the program: leaving closes it."""
    from ekpeer.tui.app import make_app
    from ekpeer.tui.session import FakeSession

    session = FakeSession([_game_over()], name="ann")
    app = make_app(lambda **_: session, mode=mode, name="ann", address="tcp://10.0.0.2:5555")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        box = app.screen.query_one("#dialog").region
        shown = " ".join(line[box.x + 1:box.right - 1] for line in screen_lines(app)[box.y:box.bottom])
    shown = " ".join(shown.split())
    kept = ("Leaving or quitting gives up your seat: the next game is dealt without you, and "
            "joining again takes a free seat, if one is left.")
    closed = "Leaving or quitting closes this table: it is hosted in this program."
    assert (kept if mode == "join" else closed) in shown, shown
    assert (closed if mode == "join" else kept) not in shown
    assert "Rematch (r)" in shown and "Leave (x)" in shown and "Quit (q)" in shown


async def test_the_moves_list_never_shows_part_of_a_move_as_if_whole():
    """At 80x24 the list's bottom edge cut a combo at "Play Defuse + See the Future (3x) +
    Attack (2x) + Skip +"; each five-card combo also said what five different cards do, three
    lines each. Now that is said once over the list, and a move the list's edge would cut
    shows as "…" until scrolled to: every move in view is whole, whichever is highlighted."""
    from .conftest import rigged, scripted_app, snapshot_of

    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["tacocat"] * 5,
             "discard": ["nope", "cattermelon"],
             "hands": {"ann": ["defuse", "see_the_future", "attack", "skip", "favor", "tacocat"],
                       "bob": ["nope"]}}
    game, rules, events = rigged(table)
    app, _ = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("m")
        await settle(pilot, 4)
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert "Five different cards: take any card of the discard pile." in shown
        moves = app.screen.query_one("#dialog-options")
        labels = [" ".join(label.split()) for _m, label, _c in app.screen.options]
        assert sum(label.endswith("(five different)  (spends your Defuse!)".replace("  ", " "))
                   for label in labels) >= 3, labels
        for _ in labels:
            box = moves.scrollable_content_region        # (without its scrollbar)
            rows = [line[box.x:box.right].strip() for line in screen_lines(app)[box.y:box.bottom]]
            said = " ".join(" ".join(row for row in rows if row and row != "…").split())
            assert said, rows
            # what shows is whole moves, one after the other: never a move's tail or its head alone
            rest = said
            while rest:
                whole = max((label for label in labels if rest.startswith(label)), key=len, default=None)
                assert whole is not None, (rest, rows)
                rest = rest[len(whole):].lstrip()
            await pilot.press("down")
            await settle(pilot, 1)
