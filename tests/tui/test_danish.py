"""The game in Danish at 80x24 (issue 30): snapshots of the lobby, the table and a dialog, and
no card title cut but between syllables though Danish words run longer (Skraldeindsamling,
Sammenskudsgilde).

The cards come as a host sends them to a client that asked for Danish (the plugins'
translations); the client's own words from ekpeer's Danish catalog.
"""

from __future__ import annotations

import asyncio

import pytest

from ekpeer import i18n
from ekpeer.net.lobby import choices_in, table_plugins_in
from ekpeer.plugins import translated
from ekpeer.tui.widgets import CardWidget

from .conftest import rigged, screen_lines, scripted_app, settle, snapshot_of
from .test_lobby_roles import lobby, lobby_app

LONG = ["garbage_collection", "potluck", "curse_of_the_cat_butt", "rainbow_ralphing_cat", "defuse",
        "streaking_kitten", "raising_heck", "swap_top_and_bottom"]


@pytest.fixture(autouse=True)
def danish():
    i18n.set_language("da")
    yield
    i18n.set_language("en")


def in_danish(message: dict, rules) -> dict:
    body = dict(message["body"])
    body["catalog"] = translated(body["catalog"], list(rules.plugins), "da")
    return {**message, "body": body}


def table_in_danish():
    table = {
        "expansions": ["base", "streaking", "party"],
        "players": ["ann", "bob", "cat"],
        "current": "ann",
        "turns": 2,
        "draw_pile": ["tacocat", "skip", "beard_cat", "exploding_kitten", "shuffle"],
        "discard": ["skip", "attack"],
        "hands": {"ann": list(LONG), "bob": ["nope", "attack"], "cat": ["beard_cat"]},
    }
    game, rules, ev = rigged(table, [{"do": "play", "by": "ann", "cards": ["raising_heck"]}])
    return in_danish(snapshot_of(game, rules, "ann", ev), rules)


def danish_lobby() -> dict:
    message = lobby(seats=4, expansions=("base", "party"), deck="party_pack")
    body = message["body"]
    body["choices"] = choices_in("da")
    body["plugins"] = table_plugins_in(["base", "party"], "da")
    return message


def test_the_lobby_in_danish(snap_compare):
    app, _ = lobby_app([danish_lobby()])

    async def ready(pilot):
        await settle(pilot, 8)

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_the_table_in_danish(snap_compare):
    app, _ = scripted_app([table_in_danish()])

    async def ready(pilot):
        await settle(pilot, 6)
        pilot.app.screen.query_one("#log").scroll_end(animate=False)   # the newest lines, as played
        await settle(pilot, 2)

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_a_dialog_in_danish(snap_compare):
    table = {"players": ["ann", "bob"], "current": "ann",
             "draw_pile": ["exploding_kitten", "tacocat", "skip"],
             "hands": {"ann": ["defuse", "skip"], "bob": ["nope"]}}
    game, rules, ev = rigged(table, [{"do": "draw", "by": "ann"}])
    app, _ = scripted_app([in_danish(snapshot_of(game, rules, "ann", ev), rules)])

    async def ready(pilot):
        await settle(pilot, 6)

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def _read(shown: list[str]) -> str:
    """A card's lines read as one title: a word broken at the end of a line joins the next."""
    text = ""
    for line in shown:
        text += line[:-1] if line.endswith("-") and line[-2:-1].isalpha() else line + " "
    return text.strip()


async def test_no_danish_card_title_is_cut_but_between_syllables_at_80x24():
    """Sammenskudsgilde was split 'Sammenskudsgi-/lde'; then the longest word widened every
    card, 3 of 8 shown. A word longer than a card breaks where it is read as two."""
    app, _ = scripted_app([table_in_danish()])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        cards = list(app.screen.query(CardWidget))
        titles = {c.card: app.catalog.title(c.card) for c in cards}
        assert titles["garbage_collection"] == "Skraldeindsamling"
        assert titles["potluck"] == "Sammenskudsgilde"
        assert sum(c.display for c in cards) >= 5
        seen, lines = 0, {}
        for index in range(len(cards)):        # walk the hand: every card is shown in turn
            app.screen.focus_index = index
            app.screen._layout_hand()
            await settle(pilot, 2)
            for card in cards:
                if not card.display:
                    continue
                seen += 1
                shown = lines[card.card] = str(card.render()).split("\n")
                read = _read(shown)
                # whole, or (past three lines) the title's start and …
                assert read == titles[card.card] or (read.endswith("…") and titles[card.card].startswith(
                    read[:-1])), (titles[card.card], shown)
        assert seen >= len(cards)
        assert lines["garbage_collection"] == ["Skralde-", "indsamling"]
        assert lines["potluck"] == ["Sammen-", "skudsgilde"]


async def test_a_long_danish_title_leaves_room_for_four_cards_at_64x20():
    """One "Skraldeindsamling" in a hand of 8 made every card 19 wide: 2 shown at 64x20."""
    table = {"expansions": ["base", "streaking", "zombie"], "players": ["ann", "bob"], "current": "ann",
             "draw_pile": ["tacocat", "skip", "exploding_kitten"],
             "hands": {"ann": ["garbage_collection", "zombie_kitten", "shuffle", "skip", "attack", "nope",
                               "favor", "tacocat"], "bob": ["nope"]}}
    game, rules, ev = rigged(table)
    app, _ = scripted_app([in_danish(snapshot_of(game, rules, "ann", ev), rules)])
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot, 6)
        cards = list(app.screen.query(CardWidget))
        shown = [c for c in cards if c.display]
        assert len(shown) >= 4 and len({c.region.width for c in cards if c.display}) == 1
        assert all(c.region.right <= 64 for c in shown)
        (garbage,) = [c for c in cards if c.card == "garbage_collection"]
        if not garbage.display:
            app.screen.focus_index = cards.index(garbage)
            app.screen._layout_hand()
            await settle(pilot, 2)
        assert str(garbage.render()).split("\n") == ["Skralde-", "indsamling"]
        assert sum(c.display for c in cards) >= 4


async def test_ekpeer_play_in_danish_gets_the_cards_in_danish_from_its_host():
    """``ekpeer play --lang da``: the client's session asks its (real, local) host for Danish,
    and the game's catalog comes in Danish."""
    from ekpeer import cli_tui

    session = cli_tui.session_factory(think=(0.0, 0.0), seed=5, discovery=False)(
        mode="play", name="ann", autostart=True,
        settings={"seats": 2, "reaction_seconds": 0.05, "expansions": ["base"], "bots": "heuristic"})

    async def first_snapshot() -> dict:
        while True:
            msg = await session.recv()
            if msg["type"] == "snapshot":
                return msg

    try:
        await session.open()
        msg = await asyncio.wait_for(first_snapshot(), 30)
    finally:
        await session.close()
    titles = {c["id"]: c["title"] for c in msg["body"]["catalog"]}
    assert titles["skip"] == "Spring over" and titles["defuse"] == "Desarmer" and titles["nope"] == "Niks"


def small_table_in_danish():
    """ann's turn with a Defuse, bob with a Nope, in Danish: an app showing it."""
    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["skip"] * 4,
             "hands": {"ann": ["defuse"], "bob": ["nope"]}}
    game, rules, ev = rigged(table)
    app, _ = scripted_app([in_danish(snapshot_of(game, rules, "ann", ev), rules)])
    return app


async def test_the_command_palette_speaks_danish():
    """A Danish stranger's palette read "Search for commands…", "Keys", "Screenshot"."""
    app = small_table_in_danish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert {"Tema", "Afslut", "Taster", "Skærmbillede", "Træk et kort"} <= titles, titles
        await pilot.press("ctrl+p")
        await settle(pilot, 3)
        assert "Søg efter kommandoer" in str(app.screen.query_one("Input").placeholder)


async def test_the_palette_says_it_found_nothing_in_danish():
    """A Danish stranger typed a word the palette did not know and read "No matches found"."""
    app = small_table_in_danish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("ctrl+p")
        await settle(pilot, 3)
        await pilot.press(*"qqxz")
        await pilot.pause(1.0)
        await settle(pilot, 3)
        shown = "\n".join(screen_lines(app))
    assert "No matches found" not in shown, shown
    assert "Ingen" in shown, shown


async def test_a_deck_too_long_for_a_narrow_lobby_reads_whole_on_two_lines():
    """At 64x20 the Danish deck reads "Party Pack: til 4-7 spillere", never a cut "Party Pack:
    til 4-7" that looks whole (a stranger read "Originaludgaven: 2-5" that way), nor one cut
    short in "…" ("Originaludgaven: 2-6 s…"): its second line says the rest."""
    app, _ = lobby_app([danish_lobby()])
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot, 8)
        lines = [line.split("▕")[-1] for line in screen_lines(app)]
    at = next(i for i, line in enumerate(lines) if "Party Pack: til" in line)
    deck = " ".join(" ".join(lines[at:at + 2]).replace("▼", "").split())
    assert "Party Pack: til 4-7 spillere" in deck and "…" not in deck, deck


async def opened_menu(size: tuple[int, int], setting: str) -> tuple[list[str], str]:
    """The Danish lobby at ``size`` with ``setting``'s list open: the screen's lines, the key bar."""
    from textual.widgets import Select

    from ekpeer.tui.widgets import KeyBar

    app, _ = lobby_app([danish_lobby()])
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 8)
        app.screen.query_one(setting, Select).focus()
        await pilot.press("enter")
        await settle(pilot, 4)
        return screen_lines(app), str(app.screen.query_one(KeyBar).render())


async def test_an_open_settings_menu_is_closed_in_danish():
    """Textual's own "Dismiss menu" key under an open Select is said in the player's language
    (a stranger found it in English in the Danish lobby)."""
    _, keys = await opened_menu((80, 24), "#set-deck")
    assert "Luk menuen" in keys and "Dismiss" not in keys, keys


async def test_an_open_settings_menu_is_framed_off_from_the_labels_beside_it():
    """At 64x20 an open setting's list has a frame a text terminal shows; Textual's tall border
    drew nothing there, so its choices ran into the labels ("Udvidelser7")."""
    lines, _ = await opened_menu((64, 20), "#set-seats")
    framed = [line for line in lines if "│" in line]
    assert any("╭" in line for line in lines) and any("╰" in line for line in lines), lines
    assert any("Udvidelser│" in line for line in framed), lines


@pytest.mark.parametrize("size", [(80, 24), (64, 20)])
async def test_not_saving_yourself_is_asked_in_whole_danish(size):
    """A stranger read "Redder du dig ikke, må du du eksploderer og forlader spillet" (the
    death's words hold their own "du"), and at 64 columns the yes button ended "og forlader".
    The title was a statement with a question mark ("Du eksploderer og forlader spillet?") and
    the line under it said it again: a question, and a line that adds to it."""
    from textual.widgets import Button

    table = {"players": ["ann", "bob"], "current": "ann",
             "draw_pile": ["exploding_kitten", "tacocat", "skip"],
             "hands": {"ann": ["defuse", "skip"], "bob": ["nope"]}}
    game, rules, ev = rigged(table, [{"do": "draw", "by": "ann"}])
    app, _ = scripted_app([in_danish(snapshot_of(game, rules, "ann", ev), rules)])
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 6)
        await pilot.press("down")
        await settle(pilot, 3)      # the hint under the title: "før du du eksploderer" it read
        assert "du du" not in " ".join(line.strip(" █") for line in screen_lines(app))
        await pilot.press("enter")
        await settle(pilot, 6)
        shown = " ".join(line.strip(" █") for line in screen_lines(app))
        assert "du du" not in shown and "må du" not in shown
        assert "Eksplodere og forlade spillet?" in shown
        assert "Du eksploderer og forlader spillet?" not in shown
        assert "Desarmer bliver ikke brugt, og spillet er slut for dig." in shown
        for button in app.screen.query(Button):
            label = str(button.label)
            assert button.size.width >= len(label) + 2 and label in shown, label


@pytest.mark.parametrize("width", [28, 22])
def test_the_cone_of_shame_is_worn_in_danish_and_never_cut_in_two(width):
    """The players list said "cone ↓" in Danish, and at 64 columns wrapped it to "spiller (dig)
    cone" above "↓  0▮"."""
    from ekpeer.tui.widgets import player_lines
    from ekpeer.tui.words import Catalog

    view = {"you": "spiller", "current": "bob", "direction": 1, "players": [
        {"name": "spiller", "status": "living", "hand_count": 6},
        {"name": "bob", "status": "living", "hand_count": 5}]}
    lines = player_lines(view, Catalog({}), width, {"cone": "spiller", "seats": []}).plain.split("\n")
    assert "cone" not in " ".join(lines)
    assert any("kegle ↓" in line for line in lines), lines
    assert all(len(line) <= width for line in lines), lines
    assert any(line.startswith("  spiller (dig)") and line.rstrip().endswith("6▮") for line in lines), lines


async def test_a_seat_the_deck_cannot_take_is_refused_once_in_danish():
    """+ past what Original Edition seats: the host's refusal came in English ("Original
    Edition seats 2-5 players, not 6"), once for every press, stacked three high."""
    message = lobby(seats=5, expansions=("base",), deck="original")
    message["body"]["choices"] = choices_in("da")
    app, session = lobby_app([message])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("plus", "plus", "plus")
        await settle(pilot, 3)
        assert not [s for kind, s in session.sent if kind == "lobby_set"]    # nothing to refuse
        said = [(n.title, str(n.message)) for n in app._notifications]
        assert len(said) == 1, said
        title, words = said[0]
        assert title == "Afvist" and "Originaludgaven" in words and "ikke 6" in words, said
        await pilot.press("minus")
        await settle(pilot, 3)
        assert [s for kind, s in session.sent if kind == "lobby_set"] == [{"seats": 4}]


async def test_the_palettes_keys_are_ekpeers_own_and_in_danish():
    """ctrl+p, Taster: Textual's panel said "Focus Next", "Copy selected text" and "Scroll Up"
    in English, and stood beside the table, wrapping its players list."""
    from textual.command import CommandPalette

    from ekpeer.tui.screens.keys import KeysScreen

    app, _ = scripted_app([table_in_danish()])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        table = app.screen
        keys = [c for c in app.get_system_commands(table) if c.title == "Taster"]
        assert len(keys) == 1
        await pilot.press("ctrl+p")
        await settle(pilot, 3)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"Taster", "enter")
        await settle(pilot, 6)
        assert isinstance(app.screen, KeysScreen)
        shown = "\n".join(screen_lines(app))
        assert "Træk" in shown and "Niks" in shown and "Kastebunke" in shown, shown
        for english in ("Focus Next", "Copy selected text", "Scroll Up", "Draw", "Discard"):
            assert english not in shown, english
        assert "Tag en plads" not in shown      # a watcher's key, after a game: not a player's
        assert "Forrige kort" in shown and "◀" not in shown     # words, not arrows for arrows
        rows = dict((words, keys) for keys, words in app.screen.rows)
        assert rows.get("Kommandopalet") == "^p", rows          # and the way there
        assert rows.get("Vælg") == "mellemrum", rows            # the space bar in Danish
        await pilot.press("escape")
        await settle(pilot, 3)
        assert app.screen is table


async def test_the_hard_bots_thinking_time_is_never_split_from_its_unit():
    """At 64x20 the lobby read "(hver tænker 1" above "s pr. træk)"."""
    from .conftest import hosted_app

    app = hosted_app(seats=4, bots="expert")
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot, 12)
        shown = [line.split("▕")[0].rstrip() for line in screen_lines(app)]     # the seats' side
        assert any("tænker" in line for line in shown), shown
        assert not any(line.endswith(" 1") or line.lstrip().startswith("s pr.") for line in shown), shown


async def test_a_streaking_kittens_rules_do_not_call_it_a_defuse():
    """A Danish stranger read a Streaking Kitten's rules as "desarmer · kan ikke nikses" and
    took it for a Defuse: the kind is said as what it does."""
    table = {"expansions": ["base", "streaking"], "players": ["ann", "bob"], "current": "ann",
             "draw_pile": ["skip"] * 4, "hands": {"ann": ["streaking_kitten", "defuse"], "bob": ["nope"]}}
    game, rules, ev = rigged(table)
    app, _ = scripted_app([in_danish(snapshot_of(game, rules, "ann", ev), rules)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        screen.focus_index = [c.card for c in screen.query(CardWidget)].index("streaking_kitten")
        screen._focus_card()
        await pilot.press("question_mark")
        await settle(pilot)
        details = str(app.screen.query_one("#dialog-details").render())
    assert "desarmer" not in details.lower() and "redder dig fra en killing" in details, details


@pytest.mark.parametrize(("hand", "said"), [
    (["nope", "skip"], "Der er intet at nikse nu."),
    (["skip"], "Du har intet Niks."),
])
async def test_n_says_why_no_nope_is_played(hand, said):
    """n on your own turn with a Niks in hand and nothing to Nope said "Du har ingen Niks at
    spille nu." (you have no Nope), to one holding one."""
    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["tacocat", "skip"],
             "hands": {"ann": hand, "bob": ["attack"]}}
    game, rules, ev = rigged(table)
    app, session = scripted_app([in_danish(snapshot_of(game, rules, "ann", ev), rules)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("n")
        await settle(pilot, 3)
        assert [str(n.message) for n in app._notifications] == [said]
        assert not [m for kind, m in session.sent if kind == "move"]


def test_dig_deeper_asks_once_whether_to_keep_the_card():
    """The dialog read "Beholde Eksploderende killing?" over "Behold det øverste kort?": the
    same question twice, in two forms."""
    from ekpeer.plugins import ruleset
    from ekpeer.tui.screens.keep import KeepScreen
    from ekpeer.tui.words import Catalog

    rules = ruleset(["base", "zombie"])
    cat = Catalog(translated(rules.catalog(), list(rules.plugins), "da"))
    choice = {"kind": "keep", "player": "ann", "prompt": "keep the top card?", "source": "dig_deeper",
              "options": [True, False], "context": {}}
    screen = KeepScreen(choice, ["exploding_kitten"], cat)
    assert screen.title_text == "Vil du beholde Eksploderende killing?"
    assert screen.prompt == ""
    assert screen.details.startswith("Grav dybere: ")


async def test_the_keys_are_named_as_a_danish_keyboard_labels_them():
    """The Taster dialog read "home", "end", "pgup", "pgdn" and the order dialog "shift+↑":
    English words on a Danish screen."""
    from ekpeer.tui.app import key_words
    from ekpeer.tui.screens.keys import KeysScreen

    assert key_words("shift+↑") == "skift+↑" and key_words("shift+tab") == "skift+tab"
    assert key_words("^p") == "^p" and key_words("+") == "+" and key_words("shift+") == "shift+"
    app, _ = scripted_app([table_in_danish()])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        app.action_show_help_panel()
        await settle(pilot, 6)
        assert isinstance(app.screen, KeysScreen)
        keys = " ".join(keys for keys, _words in app.screen.rows).split()
        assert {"Home", "End", "PgUp", "PgDn", "mellemrum"} <= set(keys), keys
        assert not {"home", "end", "pgup", "pgdn", "space"} & set(keys), keys


@pytest.mark.parametrize("size", [(80, 24), (64, 20)])
async def test_f1_opens_the_keys_and_the_key_bar_says_so(size):
    """The keys were found only through ctrl+p, Taster (? shows a card's rules)."""
    from ekpeer.tui.screens.keys import KeysScreen
    from ekpeer.tui.widgets import KeyBar

    app, _ = scripted_app([table_in_danish()])
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 6)
        table = app.screen
        assert "f1 Taster" in str(table.query_one(KeyBar).render())
        await pilot.press("f1")
        await settle(pilot, 6)
        assert isinstance(app.screen, KeysScreen)
        assert dict((words, keys) for keys, words in app.screen.rows).get("Taster") == "f1"
        await pilot.press("f1")          # again: the same dialog, not a second on top
        await settle(pilot, 3)
        await pilot.press("escape")
        await settle(pilot, 3)
        assert app.screen is table


async def test_unticking_the_last_expansion_is_refused_in_danish():
    """The tester unticked the last expansion and read "▌ Afvist / ▌ at least one of the
    expansions must stay ticked": the host's words, in English at a Danish table."""
    from ekpeer.tui.screens.lobby import Tick

    from .conftest import hosted_app, until

    app = hosted_app(seats=4, expansions=["base"])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.query("#exp-base"), 10, "the ticks")
        await settle(pilot, 4)
        app.screen.query_one("#exp-base", Tick).focus()
        await settle(pilot)
        await pilot.press("space")
        await until(pilot, lambda: list(app._notifications), 10, "the refusal")
        said = [(n.title, str(n.message)) for n in app._notifications]
        assert ("Afvist", "mindst én af udvidelserne skal blive ved med at være krydset af") in said, said
        assert app.lobby["settings"]["expansions"] == ["base"]


@pytest.mark.parametrize("size", [(80, 24), (64, 20)])
async def test_the_status_lines_key_hints_are_whole(size):
    """The Danish status line read "... l: log (PgUp/PgDn)  ctrl+p:", cut after a key."""
    app, _ = scripted_app([table_in_danish()])
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 6)
        line = next(line for line in screen_lines(app) if "?: regler" in line).strip()
    assert line.endswith(("kastebunke", "muligheder", "ruller)", "kommandoer")), line


async def test_a_nope_s_rules_say_in_danish_that_the_last_card_played_takes_effect_first():
    from .test_screens import reaction_cards_table, rules_said

    message, rules = reaction_cards_table()
    said = await rules_said(in_danish(message, rules), ["nope", "shuffle_now"])
    last_first = "Når flere kort spilles i samme reaktionsvindue, virker det sidst spillede kort først."
    assert said == {"nope": last_first, "shuffle_now": last_first}


@pytest.mark.parametrize("lang", ["da", "en"])
async def test_the_start_screens_key_bar_shows_every_way_in_at_64x20(lang):
    """The Danish start screen at 64x20 left "^g Kig med" out of its key bar: where the whole
    words do not fit, the bar takes shorter Danish ones (at 80 columns the whole ones)."""
    from ekpeer.tui.app import make_app
    from ekpeer.tui.session import FakeSession
    from ekpeer.tui.widgets import KeyBar

    i18n.set_language(lang)
    words = {"da": ("Bots", "Vært", "Deltag", "Kig med", "Spil mod bots", "Vær vært"),
             "en": ("Play vs bots", "Host", "Join", "Watch", "Play vs bots", "Host")}[lang]
    for size, shown in (((64, 20), words[:4]), ((80, 24), (words[4], words[5], *words[2:4]))):
        app = make_app(lambda **kw: FakeSession(), name="bob", discovery=False)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, 3)
            bar = " ".join(str(app.screen.query_one(KeyBar).render()).split())
            expected = " ".join(f"^{key} {word}" for key, word in zip("bojg", shown, strict=True))
            assert bar.startswith(expected), (size, bar)


def test_the_events_read_as_danish_sentences():
    """A Danish player read "bot3 dør og er nu Død", "bot1 imploderer med Imploderende killing og
    er nu Død" (the status said twice, a capital mid-sentence) and "bot3’s hånd" (an English
    genitive): a death is said once, a name takes Danish's bare s."""
    from ekpeer.plugins import ruleset
    from ekpeer.tui.words import Catalog, event_words

    rules = ruleset(["base", "imploding", "streaking", "zombie"])
    cat = Catalog(translated(rules.catalog(), list(rules.plugins), "da"))
    said = [event_words(e, cat, "ann") for e in (
        {"type": "died", "player": "bot3"},
        {"type": "died", "player": "bot1", "card": "imploding_kitten", "imploded": True},
        {"type": "card_lost", "by": "bot2", "card": "tacocat"},
        {"type": "marked", "by": "bot2", "target": "bot3", "card": "skip"},
    )]
    assert said[:2] == ["bot3 dør", "bot1 imploderer med Imploderende killing"], said
    assert said[2] == "Tacokat er spildt: det kan ikke spilles på den måde", said
    assert said[3].endswith("bot3s Spring over: nu kan alle se kortet"), said
    assert "Død" not in " ".join(said)


def test_the_odds_say_which_cards_they_count_in_danish():
    """"ingen killinger i 18 kort, hvis plads du ikke kender" read stiffly; and "1 ud af 81 at
    det er den ufarlige med bagsiden op" said no chance at all, "men med 1 chance ud af 52 er
    det den ufarlige killing med bagsiden op" was clumsy and did not say which kitten."""
    from ekpeer.i18n import _, ngettext

    cards = ngettext("{n} card whose place you do not know", "{n} cards whose place you do not know", 18)
    assert _("{kittens} in {cards}").format(kittens=_("no kittens"), cards=cards.format(n=18)) \
        == "ingen killinger i de 18 kort, du ikke kender pladsen på"
    harmless = ngettext("a kitten is on top, but there is a 1 in {n} chance it is instead the harmless "
                        "{card} lying face down",
                        "a kitten is on top, but there is a {k} in {n} chance it is instead a harmless "
                        "{card} lying face down", 1)
    assert harmless.format(k=1, n=81, card="Imploderende killing") == (
        "en killing ligger øverst, men der er en chance på 1 af 81 for, at det i stedet er den ufarlige "
        "Imploderende killing med bagsiden op")


def test_a_card_asked_for_says_who_played_it_in_danish():
    """"Spurgt af Sammenskudsgilde, dit eget kort." read as a riddle: who played the card; "Du
    spillede Sammenskudsgilde." then said other than the English ("Asked by your own ..."): the
    card asks, and whose it is, plainly."""
    from ekpeer.tui.screens.card_choice import _asked_by
    from ekpeer.tui.words import Catalog

    cat = Catalog([{"id": "potluck", "title": "Sammenskudsgilde", "kind": "action"}])
    assert _asked_by({"source": "potluck", "by": "ann"}, cat, "ann") == \
        "Kortet Sammenskudsgilde, som du selv spillede, beder om det."
    assert _asked_by({"source": "potluck", "by": "bot2"}, cat, "ann") == \
        "Kortet Sammenskudsgilde, spillet af bot2, beder om det."


async def test_a_cards_rules_name_its_box_in_danish():
    """A Danish player read "fra base" under a Defuse's rules, "nu · NU: spil når som helst"
    under a NOW card's, and "fra Party Pack" under Personal Attack's where ``ekpeer cards``
    says it is in no box (the party's variant adds it): the base game is "grundspillet", a NOW
    card says so once, a card in no box says so."""
    table = {"expansions": ["base", "party"], "players": ["ann", "bob"], "current": "ann",
             "draw_pile": ["skip"] * 4,
             "hands": {"ann": ["defuse", "personal_attack", "shuffle_now"], "bob": ["nope"]}}
    game, rules, ev = rigged(table)
    app, _ = scripted_app([in_danish(snapshot_of(game, rules, "ann", ev), rules)])
    said = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        for card in ("defuse", "personal_attack", "shuffle_now"):
            screen = app.screen
            screen.focus_index = [c.card for c in screen.query(CardWidget)].index(card)
            screen._focus_card()
            await pilot.press("question_mark")
            await settle(pilot)
            said[card] = str(app.screen.query_one("#dialog-details").render())
            await pilot.press("escape")
            await settle(pilot)
    assert said["defuse"].endswith("fra grundspillet"), said
    assert said["personal_attack"].endswith(
        "findes ikke i nogen æske (kommer kun med via en variant eller en egen bunke)"), said
    assert said["shuffle_now"].startswith("NU: spil når som helst"), said
    assert "base" not in " ".join(said.values()), said


@pytest.mark.parametrize("lang, words", [("da", "mærket: Ændr fremtiden (3x) [NU]"),
                                         ("en", "marked: Alter the Future (3x) [NOW]")])
def test_a_marked_card_takes_two_lines_of_the_players_list_at_64_columns(lang, words):
    """At 64x20 bob's marked Alter the Future took three lines: "mærket: Ændr", "fremtiden
    (3x)" and "[NU]" alone. Two now, the title whole across them."""
    from ekpeer.plugins import ruleset
    from ekpeer.tui.widgets import player_lines
    from ekpeer.tui.words import Catalog

    i18n.set_language(lang)
    rules = ruleset(["base", "party"])
    cat = Catalog(translated(rules.catalog(), list(rules.plugins), lang) if lang != "en" else rules.catalog())
    view = {"you": "ann", "current": "ann", "direction": 1, "players": [
        {"name": "ann", "status": "living", "hand_count": 6},
        {"name": "bob", "status": "living", "hand_count": 5, "marked": ["alter_the_future_now"]}]}
    lines = player_lines(view, cat, 22).plain.split("\n")      # the list's width at 64 columns
    under = lines[lines.index(next(line for line in lines if line.startswith("  bob"))) + 1:]
    assert len(under) == 2 and all(len(line) <= 22 for line in under), lines
    assert " ".join(line.strip() for line in under) == words, lines


def test_danish_words_agree_with_any_card_and_list_names_with_og():
    """A Danish stranger read "nu kan alle se det" of a Nøgen killing (common gender), "Enter
    bruger det" of a Zombiekilling, "dit kort Eksploderende killing", "bot1, bot2 deler
    sejren!" where the end dialog said "bot1 og bot2", "Du er Død" with a capital mid-sentence,
    "Jo det" for a Yup, and a box line that read as if a variant put the card in a box."""
    from ekpeer.i18n import _
    from ekpeer.name_lists import names_and
    from ekpeer.plugins import ruleset
    from ekpeer.tui.words import Catalog, event_words

    da = Catalog([{"id": "zombie_kitten", "title": "Zombiekilling", "kind": "kitten"}])
    i18n.set_language("da")
    try:
        assert names_and(["bot1", "bot2", "bot3"]) == "bot1, bot2 og bot3"
        won = event_words({"type": "game_over", "winners": ["bot1", "bot2"]}, da, "ann")
        assert won is not None and won.endswith("bot1 og bot2 deler sejren!"), won
        assert _("{card} is highlighted: Enter uses it, and you survive.").format(card="Zombiekilling") \
            == "Zombiekilling er markeret: Enter bruger kortet, og du overlever."
        assert _("You are Dead: you take no turns") == "Du er død: du har ingen ture"
        assert "Levende" not in _("The draw pile is empty and a full round passed with nobody dying: "
                                  "the Living players share the win.")
        assert _("   n: Yup it (undo the Nope)") == "   n: Niks igen (ophæv Nikset)"
        assert _("↑ up the players list (reversed)") == "↑ op ad spillerlisten (baglæns)"
        assert _("no box (a variant or a custom deck adds it)") \
            == "findes ikke i nogen æske (kommer kun med via en variant eller en egen bunke)"
    finally:
        i18n.set_language("en")
    assert names_and(["ann", "bob"]) == "ann and bob" and names_and(["ann"]) == "ann"
    rules = ruleset(["streaking"])
    phrases = Catalog(translated(rules.catalog(), list(rules.plugins), "da")).phrases
    assert any(p.endswith("nu kan alle se kortet") for p in phrases.values()), phrases


@pytest.mark.parametrize("size", [(64, 20), (80, 24)])
async def test_a_variant_too_long_for_a_narrow_lobby_reads_whole(size):
    """At 64x20 a Danish stranger read "[✓] Hurtigere spil (Imploding Kitten", cut with no
    sign that more was there, then "… (Imploding Kitte…": a variant's title too long for
    its line goes on on the next, whole."""
    message = lobby(seats=4, expansions=("base", "imploding", "zombie"))
    body = message["body"]
    body["choices"] = choices_in("da")
    body["plugins"] = table_plugins_in(["base", "imploding", "zombie"], "da")
    app, _ = lobby_app([message])
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 8)
        titles, seen = [], []
        for tick in app.screen.query(".variant"):
            tick.focus()                                # scrolled into view
            await settle(pilot, 3)
            titles.append(str(tick.label))
            rows = screen_lines(app)[tick.region.y:tick.region.bottom]
            seen.append(" ".join(row[tick.region.x:tick.region.right] for row in rows)[4:])  # after "[ ] "
    assert "Hurtigere spil (Imploding Kittens)" in titles, titles
    for title, shown in zip(titles, seen, strict=True):
        assert " ".join(shown.split()) == title, (shown, title)


def test_danish_variants_and_now_cards_read_one_way():
    """"To spillere (Imploding Kittens)" beside "For to spillere (Zombie Kittens)", and the
    party cards' line said "Ændr fremtiden NU" of a card titled "Ændr fremtiden (3x) [NU]"."""
    plugins = choices_in("da")["plugins"]
    titles = {v["title"] for p in plugins for v in p.get("variants", [])}
    assert {"To spillere (Imploding Kittens)", "To spillere (Zombie Kittens)"} <= titles, titles
    about = " ".join(str(v.get("description")) for p in plugins for v in p.get("variants", []))
    assert "Ændr fremtiden (3x) [NU] og Bland [NU]" in about, about
    english = " ".join(str(v.get("description")) for p in choices_in("en")["plugins"]
                       for v in p.get("variants", []))
    # one mark for a NOW card's title, as the catalog writes it (ruling 34): "Shuffle NOW" stood
    # beside "Alter the Future (3x) [NOW]" and the listing's "Clairvoyance [NOW]"
    assert "Alter the Future (3x) [NOW] and Shuffle [NOW]" in english, english


@pytest.mark.parametrize("lang, said", [("en", "Out, in order: bot2, ann, bot3"),
                                        ("da", "Ude, i rækkefølge: bot2, ann, bot3")])
def test_the_game_over_summary_says_out_not_exploded(lang, said):
    """bot3 imploded, and the summary said "Eksploderet, i rækkefølge: bot2, spiller, bot3"."""
    app, _session = scripted_app([])
    app.view = {"you": "ann", "turn_number": 30, "players": [{"name": p, "status": "out"} for p in
                                                            ("ann", "bot2", "bot3")] + [{"name": "bot1"}],
                "winner": "bot1"}
    app.out_order = ["bot2", "ann", "bot3"]
    i18n.set_language(lang)
    try:
        assert said in app.summary(), app.summary()
    finally:
        i18n.set_language("en")
