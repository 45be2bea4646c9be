"""The table at 80x24: a hand that does not fit, long log lines, the odds line, a cursed hand."""

from __future__ import annotations

from ekpeer.engine import Move
from ekpeer.tui.screens.lobby import LobbyScreen, Tick
from ekpeer.tui.screens.table import TableScreen
from ekpeer.tui.widgets import CardWidget, _wrap

from .conftest import hosted_app, rigged, scripted_app, settle, snapshot_of

BIG_HAND = ["defuse", "favor", "tacocat", "nope", "skip", "attack", "shuffle", "see_the_future",
            "beard_cat", "cattermelon", "hairy_potato_cat", "rainbow_ralphing_cat"]


def big_hand_table():
    return {
        "players": ["ann", "bob"],
        "current": "ann",
        "draw_pile": ["tacocat", "rainbow_ralphing_cat", "nope", "exploding_kitten", "skip"],
        "discard": ["see_the_future"],
        "hands": {"ann": BIG_HAND, "bob": ["nope"]},
    }


async def test_a_wide_hand_shows_a_window_with_the_focused_card_and_how_many_more():
    game, rules, ev = rigged(big_hand_table(), [{"do": "play", "by": "ann", "cards": ["see_the_future"]},
                                                {"do": "resolve"}])
    app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        cards = list(screen.query(CardWidget))
        assert len(cards) == len(BIG_HAND) - 1
        shown = [c for c in cards if c.display]
        assert 0 < len(shown) < len(cards)
        assert all(c.region.right <= 80 for c in shown)
        right = screen.query_one("#hand-right")
        assert right.display and f"{len(cards) - len(shown)}" in str(right.render())
        for _ in range(len(cards) - 1):
            await pilot.press("right")
        await settle(pilot, 2)
        assert app.focused is cards[-1] and cards[-1].display
        assert screen.query_one("#hand-left").display
        # the log wraps what it cannot fit, and the odds line stays in view
        log_text = "\n".join(str(line.text) for line in screen.query_one("#log").lines)
        assert "Seen, top first" in log_text and "\nNope" in log_text  # wrapped, not cut
        assert "Next draw kills" in str(screen.query_one("#piles").render())


async def test_a_cursed_hand_plays_a_random_card_without_showing_titles():
    table = {
        "expansions": ["base", "streaking"],
        "players": ["ann", "bob"],
        "current": "ann",
        "cursed": ["ann"],
        "draw_pile": ["tacocat", "skip", "exploding_kitten"],
        "hands": {"ann": ["skip", "tacocat", "defuse"], "bob": ["nope"]},
    }
    game, rules, ev = rigged(table)
    msg = snapshot_of(game, rules, "ann", ev)
    assert msg["body"]["view"]["hand"] == [] and msg["body"]["view"]["hand_count"] == 3
    app, session = scripted_app([msg])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        (card,) = screen.query(CardWidget)
        assert card.card is None and "3 face-down cards" in str(card.render())
        assert "cursed" in str(screen.query_one("#status").render())
        await pilot.press("enter")
        await settle(pilot)
        moves = [m for kind, m in session.sent if kind == "move"]
        assert moves and moves[-1]["do"] == "play" and not moves[-1].get("cards")


def test_titles_wrap_into_a_narrow_card():
    assert _wrap("Rainbow-Ralphing Cat", 8, 3) == ["Rainbow-", "Ralphing", "Cat"]
    assert all(len(line) <= 8 for line in _wrap("Cattermelon", 8, 3))
    assert _wrap("See the Future (3x)", 14, 3) == ["See the Future", "(3x)"]


def test_a_word_longer_than_a_card_breaks_where_it_reads_as_two():
    """Danish compounds do not wrap: broken anywhere they read "Sammenskudsgi-/lde"."""
    assert _wrap("Skraldeindsamling", 10, 3, soft=True) == ["Skralde-", "indsamling"]
    assert _wrap("Sammenskudsgilde", 10, 3, soft=True) == ["Sammen-", "skudsgilde"]
    assert _wrap("Zombiekilling", 10, 3, soft=True) == ["Zombie-", "killing"]
    assert _wrap("Regnbuebrækkat", 10, 3, soft=True) == ["Regnbue-", "brækkat"]
    assert _wrap("Cattermelon", 10, 3, soft=True) == ["Catter-", "melon"]
    # a title a break per word leaves on four lines fills its lines instead ("Katte-/numsens/
    # forbandel…" was cut where three lines hold it whole)
    assert _wrap("Kattenumsens forbandelse", 10, 3, soft=True) == ["Kattenum-", "sens for-", "bandelse"]
    # past three lines even so, the rest is cut with …, read as one word again (? says it whole)
    assert _wrap("Kattenumsens forbandelse", 8, 3, soft=True) == ["Katte-", "numsens", "forband…"]


async def test_the_lobby_shows_the_chosen_values_and_which_expansions_are_on():
    app = hosted_app(seats=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, LobbyScreen)
        ticks = {t.key: t.value for t in app.screen.query(Tick)}
        assert ticks["base"] is True and not any(v for k, v in ticks.items() if k != "base")
        svg = app.export_screenshot()
        assert "Original&#160;Edition" in svg or "Original Edition" in svg
        base = next(t for t in app.screen.query(Tick) if t.key == "base")
        assert str(base.render()).startswith("[✓]")
        settings = app.screen.query_one("#settings")
        assert settings.virtual_size.height <= settings.size.height  # no scrolling at 80x24


async def test_the_key_bar_shows_the_keys_that_always_work_and_a_click_presses_one():
    from ekpeer.tui.widgets import KeyBar

    game, rules, ev = rigged(big_hand_table())
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        bar = app.screen.query_one(KeyBar)
        keys, palette = bar._shown
        shown = {key for key, *_ in keys}
        assert {"d", "question_mark", "b", "m", "ctrl+q"} <= shown and palette[0] == "ctrl+p"
        assert not shown & {"space", "enter", "n", "w"}     # the status line says when these work
        text = str(bar.render())
        assert "Draw" in text and "Rules" in text and "palette" in text
        assert text.rstrip().endswith("palette")            # at the right end, within 80 columns
        before = bar._shown
        await pilot.press("right", "right", "left")         # focus moves from card to card
        await settle(pilot, 2)
        assert bar._shown is before                          # nothing to redraw
        bar.action_press("d")                                # what clicking "d Draw" does
        await settle(pilot, 3)
        assert [m for kind, m in session.sent if kind == "move" and m["do"] == "draw"]


async def test_the_key_bar_shows_whole_keys_only_where_they_do_not_all_fit():
    """At 60 columns the bar ended "^t Theme  ^p": a key that does not fit is left out."""
    from ekpeer.tui.widgets import KeyBar

    game, rules, ev = rigged(big_hand_table())
    for width in (60, 64, 70):
        app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(pilot, 6)
            bar = app.screen.query_one(KeyBar)
            keys, palette = bar._shown
            text = str(bar.render()).rstrip()
            assert len(text) <= width
            words = [f"{display} {description}" for _k, display, description, _e in [*keys, palette]]
            assert any(text.endswith(w) for w in words), (width, text)
            assert "Draw" in text and "Quit" in text      # the theme goes first
            assert "f1 Keys" in text                      # and the keys left out are listed there


async def test_a_card_drawn_or_played_changes_one_widget_of_the_hand_not_the_row():
    table = big_hand_table()
    table["hands"]["ann"] = ["defuse", "favor", "tacocat", "skip"]
    game, rules, ev = rigged(table)
    app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 6)
        screen = app.table_screen
        before = {w.card: w for w in screen._cards()}
        assert set(before) == {"defuse", "favor", "tacocat", "skip"}
        game.apply(Move.from_dict({"do": "play", "by": "ann", "cards": ["skip"]}))   # skip leaves
        after_play = snapshot_of(game, rules, "ann", list(game.events))["body"]["view"]
        app.view = after_play
        screen.show_state()
        await settle(pilot, 2)
        now = {w.card: w for w in screen._cards()}
        assert set(now) == {"defuse", "favor", "tacocat"}
        assert all(now[c] is before[c] for c in now)            # the same widgets, kept
        assert not before["skip"].is_attached
        hand = list(after_play["hand"]) + ["tacocat"]           # a second Tacocat arrives
        app.view = {**after_play, "hand": hand, "hand_count": len(hand)}
        screen.show_state()
        await settle(pilot, 2)
        cards = screen._cards()
        assert [w.card for w in cards][0] == "defuse" and cards[[w.card for w in cards].index("tacocat")] \
            is before["tacocat"]
        assert before["tacocat"].count == 2 and before["tacocat"].foot() == "×2"


async def test_the_lobby_between_60_and_80_columns_cuts_no_expansion_title():
    """At 70 columns the settings ran off the screen: "[ ] Imploding Kit". They now give
    up width, and the ticks go one to a row where two titles do not fit."""
    for width in (60, 70, 80):
        app = hosted_app(seats=3)
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(pilot, 6)
            assert isinstance(app.screen, LobbyScreen)
            assert app.screen.query_one("#settings").region.right <= width
            for tick in app.screen.query(Tick).filter(".expansion"):
                label = str(tick.label)
                assert tick.region.right <= width and tick.region.width >= len(label) + 4, (width, label)



async def test_the_status_keeps_the_clock_and_what_you_selected_on_a_small_screen():
    """At 64 columns "Selected: Behåret" was all a stranger saw of two cards, and "Your turn
    (2 turns to take)" with its keys wrapped onto the clock's line and hid the clock."""
    table = {"players": ["ann", "bob"], "current": "ann", "turns": 2, "draw_pile": ["skip"] * 4,
             "hands": {"ann": ["hairy_potato_cat", "rainbow_ralphing_cat", "beard_cat"], "bob": ["nope"]}}
    game, rules, ev = rigged(table)
    for width in (64, 80):
        app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
        async with app.run_test(size=(width, 20)) as pilot:
            await settle(pilot, 6)
            session.push("timer", {"kind": "turn", "seconds": 60.0, "player": "ann"})
            await pilot.press("space", "right", "space")
            await settle(pilot, 3)
            status = app.screen.query_one("#status")
            lines = str(status.render()).splitlines()
            assert len(lines) == 2 and all(len(line) <= status.content_size.width for line in lines), lines
            assert "2 turns" in lines[0] and "Your clock" in lines[1], lines
            chosen = [app.catalog.title(c) for c in app.screen.selected]
            whole = all(title in lines[1] for title in chosen)
            assert len(chosen) == 2 and ("Selected: 2 cards" in lines[1] or whole)
            if width >= 80:
                assert lines[1].endswith("Esc: clear"), lines        # where it fits


async def test_home_and_end_go_to_the_first_and_last_card_of_the_hand():
    """A stranger tried Home and End in a hand wider than the screen: they did nothing."""
    from ekpeer.tui.widgets import CardWidget

    game, rules, ev = rigged(big_hand_table())
    app, _ = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        cards = app.screen._cards()
        await pilot.press("end")
        await settle(pilot)
        assert app.screen.focused is cards[-1] and cards[-1].display
        await pilot.press("home")
        await settle(pilot)
        assert app.screen.focused is cards[0] and isinstance(cards[0], CardWidget) and cards[0].display


async def test_a_new_game_starts_its_hand_at_the_first_card():
    """After a rematch the highlight began on the third card, where the last game left it."""
    game, rules, ev = rigged(big_hand_table())
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("right", "right")
        await settle(pilot)
        assert app.screen.focused is not app.screen._cards()[0]
        app.table_screen.new_game()
        session.push("snapshot", snapshot_of(game, rules, "ann", ev)["body"])
        await settle(pilot, 4)
        assert app.screen.focused is app.screen._cards()[0]


async def test_a_short_lobby_keeps_its_keys_in_view():
    """At 64x20 the lobby's keys (Tab: settings, Space: tick...) fell below the screen under
    the plugins' note: below 24 rows the note gives way."""
    app = hosted_app(seats=3)
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, LobbyScreen)
        keys = app.screen.query_one("#lobby-help")
        assert keys.region.height >= 3 and keys.region.bottom <= 19, keys.region
        assert "Tab: settings" in " ".join(str(keys.render()).split())


async def test_a_toast_at_the_table_never_covers_the_hand():
    """Toasts sat at the bottom right, over the cards being chosen from (a death, a refusal,
    the Host key notice covered the hand's right half for seconds)."""

    from textual.widgets._toast import Toast

    for size in ((80, 24), (64, 20), (44, 30)):
        game, rules, _ = rigged(big_hand_table())
        app, _ = scripted_app([snapshot_of(game, rules, "ann")])
        async with app.run_test(size=size, notifications=True) as pilot:
            await settle(pilot, 6)
            app.notify("You are Dead: you take no turns until someone brings you back.", timeout=30)
            await settle(pilot, 4)
            toasts = list(app.screen.query(Toast))
            assert toasts, size
            hand = app.screen.query_one("#hand-row").region
            status = app.screen.query_one("#status").region
            for toast in toasts:
                assert not toast.region.overlaps(hand) and not toast.region.overlaps(status), \
                    (size, toast.region, hand, status)


async def test_a_toast_said_at_the_table_stays_off_the_hand_when_a_dialog_opens():
    """At 64x20 (Danish) a toast said at the table moved to the bottom right when a dialog
    opened over it, and covered the hand's third card for the rest of its 3 s: over a dialog
    toasts sit at the top right, clear of the hand and of the dialog's buttons."""
    from textual.widgets._toast import Toast

    from ekpeer.i18n import set_language
    from ekpeer.tui.screens.confirm import ConfirmScreen

    from .test_safe_defaults import seen_kitten_on_top

    for lang, size in (("da", (64, 20)), ("en", (80, 24))):
        set_language(lang)
        try:
            app, _ = scripted_app([seen_kitten_on_top(["skip", "tacocat", "beard_cat", "shuffle"])])
            async with app.run_test(size=size, notifications=True) as pilot:
                await settle(pilot, 6)
                await pilot.press("n")                  # nothing to Nope: a toast of 2 s
                await pilot.press("d")                  # "Draw a kitten?" over the table
                await settle(pilot, 4)
                assert isinstance(app.screen, ConfirmScreen), size
                toasts = list(app.screen.query(Toast))
                assert toasts, size
                hand = app.table_screen.query_one("#hand-row").region
                buttons = app.screen.query_one("#dialog-buttons").region
                for toast in toasts:
                    assert not toast.region.overlaps(hand), (size, toast.region, hand)
                    assert not toast.region.overlaps(buttons), (size, toast.region, buttons)
        finally:
            set_language("en")


async def test_a_game_started_from_the_lobby_shows_as_many_cards_as_fit():
    """At 64 columns a game started from ``ekpeer play``'s lobby showed 3 cards where 4 fit:
    the hand was laid out before its row had a size, one column short."""
    app = hosted_app(seed=3, seats=4, turn_seconds=60.0)
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot, 8)
        await pilot.press("s")
        await settle(pilot, 12)
        assert isinstance(app.screen, TableScreen)
        cards = list(app.screen.query(CardWidget))
        assert len(cards) > 4 and sum(1 for c in cards if c.display) == 4, \
            [(c.card, c.display, str(c.styles.width)) for c in cards]
