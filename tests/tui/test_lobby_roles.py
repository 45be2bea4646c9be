"""The lobby says who sets the table, offers each person only their keys, snaps a refused
setting back, says which decks cannot seat the table, keeps the focus where it was, shows the
whole join command, and reads in both themes (issue 13, items 4 and 6)."""

from __future__ import annotations

import shlex
import subprocess
from typing import Any

import pytest
from textual.widgets import Select, TextArea

from ekpeer.net.lobby import choices
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.lobby import LobbyScreen, Tick
from ekpeer.tui.session import FakeSession

from .conftest import screen_lines, settle
from .contrast import cell_background, contrast, lines, runs

CHOICES = choices()
Z85_ADDRESS = "tcp://192.168.1.20:5555#Hqcd1dAP7wu.TOG)fTg9Y*FK*yBxQbBrc$S@AI8}"


def seat(name: str, you: bool = False, creator: bool = False, ready: bool = False) -> dict[str, Any]:
    return {"name": name, "ready": ready, "bot": False, "connected": True, "you": you, "rematch": False,
            "takeover": False, "left": False, "creator": creator}


def lobby(you: str = "ann", creator: str | None = "ann", seats: int = 3, expansions=("base",),
          deck: str = "original", autostart: bool = False, people=("ann", "bob")) -> dict[str, Any]:
    return {"type": "lobby", "body": {
        "table": "main", "title": "main", "description": "", "you": you, "spectator": False,
        # the host's own flag: the creator, or everyone at a table with none (a config table)
        "creator": (you == creator) if creator else True,
        "phase": "lobby", "started": False, "autostart": autostart, "games": 0, "winner": None,
        "winners": [],
        "settings": {"expansions": list(expansions), "deck": deck, "variants": [], "seats": seats,
                     "bots": "heuristic", "reaction_seconds": 3.0, "turn_seconds": 60.0,
                     "grace_seconds": 30.0, "password": False, "options": {}},
        "seats": [seat(p, you=p == you, creator=p == creator) for p in people],
        "choices": CHOICES, "plugins": [{"name": e, "version": "0.1.0"} for e in expansions]}}


def lobby_app(msgs: list[dict[str, Any]], name: str = "ann", address: str | None = None):
    session = FakeSession(msgs, name=name)
    if address:
        session.address = address   # what a hosting session tells the app
    return make_app(lambda **_: session, mode="play", name=name), session


def title_of(app) -> str:
    return str(app.screen.query_one("#lobby-title").render())


def shown_keys(app) -> set[str]:
    return {b.key for _, b, enabled, _ in app.screen.active_bindings.values() if enabled and b.show}


async def test_a_joiner_is_told_who_sets_the_table_and_offered_only_their_keys():
    app, session = lobby_app([lobby(you="bob")], name="bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert isinstance(app.screen, LobbyScreen)
        assert "ann sets the table" in title_of(app) and "you set the table" not in title_of(app).lower()
        assert {"r", "escape"} <= shown_keys(app) and not {"s", "plus", "minus"} & shown_keys(app)
        help_text = str(app.screen.query_one("#lobby-help").render()).replace("\xa0", " ")
        assert "r: ready" in help_text and "s: start" not in help_text and "seats" not in help_text
        assert "Tab" not in help_text
        assert all(w.disabled for w in app.screen.query("#settings Select, #settings Checkbox"))
        assert not app.screen.query("#set-password")
        await pilot.press("plus", "s", "minus")
        await settle(pilot)
        assert session.sent == []      # keys not offered do nothing, but + and - say why
        assert [str(n.message) for n in app._notifications] == ["Only ann sets this table."]


async def test_the_creator_is_told_so_and_offered_every_key():
    app, session = lobby_app([lobby(you="ann")])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert "You set the table" in title_of(app)
        assert {"r", "s", "plus", "minus", "escape"} <= shown_keys(app)
        help_text = " ".join(str(app.screen.query_one("#lobby-help").render()).replace("\xa0", " ").split())
        assert "Tab: settings" in help_text and "Space: tick" in help_text     # a stranger guessed them
        assert not any(w.disabled for w in app.screen.query("#settings Select"))
        await pilot.press("plus")
        await settle(pilot)
        assert ("lobby_set", {"seats": 4}) in session.sent


async def test_at_a_hosts_config_table_nobody_sets_it_and_anyone_may_start():
    app, _ = lobby_app([lobby(you="bob", creator=None, autostart=True)], name="bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert "The host set this table" in title_of(app) and "you set" not in title_of(app).lower()
        assert "s" in shown_keys(app) and "plus" not in shown_keys(app)
        assert all(w.disabled for w in app.screen.query("#settings Select, #settings Checkbox"))
        await pilot.press("plus")       # a stranger's + said nothing at all
        await settle(pilot)
        assert "The host set this table: its settings stay as they are." in [
            str(n.message) for n in app._notifications]


@pytest.mark.parametrize("creator", [None, "ann"], ids=["config table", "ann's table"])
async def test_settings_you_cannot_change_show_no_list_and_enter_on_them_says_why(creator):
    """At a host's config table a stranger saw ``Players 4 ▼`` and ticks, pressed Tab then
    Enter, and nothing happened, nothing said why: a fixed setting shows no list to open, and
    Enter (or Space) on the settings says whose they are."""
    app, session = lobby_app([lobby(you="bob", creator=creator, autostart=creator is None)], name="bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        settings = app.screen.query_one("#settings")
        right = [line[settings.region.x:settings.region.right] for line in screen_lines(app)]
        assert any("Players" in line for line in right) and not any("▼" in line for line in right)
        await pilot.press("tab")
        await settle(pilot)
        assert app.focused is settings
        await pilot.press("enter")
        await settle(pilot)
        said = ("Only ann sets this table." if creator
                else "The host set this table: its settings stay as they are.")
        assert [str(n.message) for n in app._notifications] == [said]
        assert session.sent == []


async def test_a_refused_setting_snaps_back_to_the_hosts():
    app, session = lobby_app([lobby(you="ann", seats=3)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        players = app.screen.query_one("#set-seats", Select)
        players.focus()
        players.value = 4                       # as if chosen from its list
        await settle(pilot)
        assert ("lobby_set", {"seats": 4}) in session.sent
        session.push("reply", {"ok": False, "code": "bad_settings", "message": "no more seats here"})
        await settle(pilot)
        assert app.screen.query_one("#set-seats", Select).value == 3
        tick = app.screen.query_one("#exp-imploding", Tick)
        tick.value = True
        await settle(pilot)
        assert ("lobby_set", {"expansions": ["base", "imploding"]}) in session.sent
        session.push("reply", {"ok": False, "code": "bad_settings", "message": "no"})
        await settle(pilot)
        assert app.screen.query_one("#exp-imploding", Tick).value is False
        players.value = 6                       # more than the deck seats: refused right here
        await settle(pilot)
        assert ("lobby_set", {"seats": 6}) not in session.sent
        assert app.screen.query_one("#set-seats", Select).value == 3
        said = [str(n.message) for n in app._notifications]
        assert "Original Edition: 2-5 players only, not 6" in said, said


async def test_decks_that_cannot_seat_the_table_say_so_where_they_are_chosen():
    app, _ = lobby_app([lobby(you="ann", seats=6, expansions=("base", "party"), deck="party_pack")])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        deck = app.screen.query_one("#set-deck", Select)
        labels = {value: str(prompt) for prompt, value in deck._options}
        assert labels["original"] == "Original Edition: 2-5 players only, not 6"
        assert labels["party_pack"] == "Party Pack: 4-7 player cards"
    app, _ = lobby_app([lobby(you="ann", seats=3)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        players = app.screen.query_one("#set-seats", Select)
        labels = {value: str(prompt) for prompt, value in players._options}
        assert labels[5] == "5" and labels[6] == "6 · not with Original Edition"


async def test_ticking_an_expansion_keeps_the_focus_on_it():
    app, session = lobby_app([lobby(you="ann")])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        box = app.screen.query_one("#settings")
        app.screen.query_one("#exp-zombie", Tick).focus()
        await settle(pilot)
        scrolled = box.scroll_y
        await pilot.press("space")
        await settle(pilot)
        assert ("lobby_set", {"expansions": ["base", "zombie"]}) in session.sent
        session.push("lobby", lobby(you="ann", expansions=("base", "zombie"))["body"])   # the host agrees
        await settle(pilot, 6)
        assert app.screen.query_one("#exp-zombie", Tick).value is True
        assert app.focused is app.screen.query_one("#exp-zombie", Tick)
        assert box.scroll_y == scrolled


@pytest.mark.parametrize("address,width", [(Z85_ADDRESS, 100), ("tcp://192.168.1.20:5555", 80)])
async def test_the_lobby_shows_the_whole_join_command_quoted_and_copies_it(address, width):
    """(A key with its checksum, issue 25 item 2, is 58 letters: the address with a LAN host
    is 82 characters, one line from 90 columns up; at 80 it wraps, and y copies it whole.)"""
    from ekpeer.tui.addressing import fingerprint, join_command

    app, _ = lobby_app([lobby(you="ann")], address=address)
    async with app.run_test(size=(width, 24)) as pilot:
        await settle(pilot, 6)
        area = app.screen.query_one("#join-command", TextArea)
        command = join_command(address, table="main")
        assert area.text.replace(" \\\n", " ").replace("\\\n", "") == command
        # a line too long is broken before the address with a shell's continuation, so that a
        # terminal's copy of the screen lines still runs as one command
        assert all(len(line) <= area.content_size.width for line in area.text.splitlines())
        assert ("\n" in area.text) == (len(command) > area.content_size.width)
        echo = subprocess.run(["bash", "-c", area.text.replace("ekpeer join", "printf '%s\\n'", 1)],
                              capture_output=True, text=True, timeout=10)
        assert echo.stdout.splitlines() == shlex.split(command)[2:]      # as a shell reads the lines
        assert shlex.split(command) == ["ekpeer", "join", *shlex.split(command)[2:]]
        if "#" in address:        # the z85 key's shell characters never reach the command
            assert "#" not in command and "$" not in command
            key = app.screen.query_one("#join-key").render()
            assert fingerprint(address) in str(key)
        # every wrapped line of it is on screen: nothing cut at 80 columns
        assert area.wrapped_document.height <= area.size.height
        for _ in range(20):       # (drawn a frame after its text is set)
            shown = " ".join(line.strip() for line in lines(app.export_screenshot()).values())
            if all(word in shown for word in command.split()):
                break
            await pilot.pause(0.05)
        assert all(word in shown for word in command.split()), shown
        await pilot.press("y")
        assert app.clipboard == command


async def test_the_join_command_copied_off_an_80_column_screen_runs_as_it_is():
    """A LAN address with its 58-letter key (82 characters) does not fit 80 columns. A friend
    copies the screen lines with the mouse, from the command's first letter to its last, and
    pastes them into bash: they must run as the one command. (The key wrapped inside the text
    area, two spaces in from the screen's edge: pasted, bash ran a 55-letter key, then
    ``3q6`` as a command of its own.)"""
    from ekpeer.net.addresses import format_address
    from ekpeer.tui.addressing import join_command

    address = format_address("tcp://192.168.1.20:5555", "Hqcd1dAP7wu.TOG)fTg9Y*FK*yBxQbBrc$S@AI8}")
    command = join_command(address, table="main")
    app, _ = lobby_app([lobby(you="ann")], address=address)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        # each screen line as a terminal copies it: every cell, trailing blanks dropped
        screen = [line.rstrip() for line in screen_lines(app)]
    first = next(i for i, line in enumerate(screen) if "ekpeer join" in line)
    after = next(i for i, line in enumerate(screen) if "Key fingerprint" in line)
    copied = screen[first:after]
    copied[0] = copied[0][copied[0].index("ekpeer join"):]      # the selection starts at the command
    assert len(copied) > 1, copied                               # (it did not fit one line)
    echo = subprocess.run(["bash", "-c", "\n".join(copied).replace("ekpeer join", "printf '%s\\n'", 1)],
                          capture_output=True, text=True, timeout=10)
    assert echo.stdout.splitlines() == shlex.split(command)[2:], (copied, echo.stdout)


def _readable(svg: str) -> list[tuple[str, float]]:
    """Words (not borders or scrollbars) on screen with a contrast below 3 to what is behind."""
    return [(r.text, round(r.ratio, 1)) for r in runs(svg)
            if any(c.isalnum() for c in r.text) and r.ratio < 3.0]


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_the_lobby_reads_and_shows_the_focus_in_both_themes(theme):
    app, _ = lobby_app([lobby(you="ann")])
    app.theme = theme
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        svg = app.export_screenshot()
        text = lines(svg)
        assert any("Seats" in line for line in text.values())
        footer = max(text)
        assert [w for w in _readable(svg) if w[0] not in text[footer]] == []
        # each kind of control, focused, stands out from how it looks unfocused
        for selector in ("#set-seats", "#exp-zombie", "#set-password"):
            widget = app.screen.query_one(selector)
            col, row = widget.region.x + 1, widget.region.y
            app.screen.set_focus(None)
            await settle(pilot, 1)
            before = cell_background(app.export_screenshot(), col, row)
            widget.focus()
            await settle(pilot, 1)
            after = cell_background(app.export_screenshot(), col, row)
            assert before and after and contrast(before, after) >= 3.0, (selector, before, after)


async def test_a_hosts_table_keeps_the_seats_its_flags_gave():
    """``ekpeer host --players 3``: the first lobby's Players list (4, the host's default),
    mounted as the second lobby (3) came, once reported itself as a change and set 4 back."""
    from ekpeer.cli_tui import session_factory

    settings = {"expansions": ["base"], "deck": "original", "variants": [], "seats": 3, "bots": "heuristic",
                "reaction_seconds": 3.0, "turn_seconds": 60.0, "grace_seconds": 30.0}
    from ports import free_port

    port = free_port()
    factory = session_factory(think=(0.0, 0.0), discovery=False, bind=f"tcp://127.0.0.1:{port}",
                              public_host="127.0.0.1")
    app = make_app(factory, mode="host", name="ann", settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause(0.1)
            if app.lobby.get("settings", {}).get("seats") == 3 and app.screen.query("#set-seats"):
                break
        await settle(pilot, 8)        # the first lobby's Select has reported by now
        assert app.lobby, [n.message for n in app._notifications]
        assert app.lobby["settings"]["seats"] == 3
        assert app.screen.query_one("#set-seats", Select).value == 3


async def test_a_password_tables_join_command_says_password_but_never_the_password():
    """A tester's friends ran the lobby's command at a password table and were refused: it left
    out ``--password``. It says it now (ekpeer join asks for the password), and the parser
    reads the address as the address, not as the password."""
    from ekpeer.cli import build_parser
    from ekpeer.cli_tui import ASK

    locked = lobby(you="ann")
    locked["body"]["settings"]["password"] = True       # all the host shows of it
    app, _ = lobby_app([locked], address=Z85_ADDRESS)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        area = app.screen.query_one("#join-command", TextArea)
        args = build_parser().parse_args(shlex.split(area.text.replace("\\\n", ""))[1:])
        assert args.password == ASK and args.table == "main", area.text
        assert args.address == shlex.split(join_command_of(Z85_ADDRESS))[-1]
        assert area.wrapped_document.height <= area.size.height       # whole at 80 columns


def join_command_of(address: str) -> str:
    from ekpeer.tui.addressing import join_command

    return join_command(address, table="main")


async def test_quick_spaces_on_a_tick_each_count_before_the_host_echoes():
    """A stranger's Space Space on a tick left it toggled once: the second Space was compared
    with the lobby the host had not echoed yet (party still on) and sent nothing; the echo of
    the first then unticked it for good. Each Space now sends, and a tick shows what was sent
    until the host has caught up."""
    from ekpeer.tui.screens.lobby import Tick

    app, session = lobby_app([lobby(expansions=("base", "party"))])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        app.screen.query_one("#exp-party", Tick).focus()
        await settle(pilot)
        await pilot.press("space", "space")          # no echo from this host in between
        await settle(pilot, 3)
        sent = [s["expansions"] for kind, s in session.sent if kind == "lobby_set"]
        assert sent == [["base"], ["base", "party"]], sent
        session.push("lobby", lobby(expansions=("base",))["body"])      # the first one's echo
        await settle(pilot, 3)
        assert app.screen.query_one("#exp-party", Tick).value is True
        session.push("lobby", lobby(expansions=("base", "party"))["body"])
        await settle(pilot, 3)
        assert app.screen.query_one("#exp-party", Tick).value is True and not app.screen._sent


async def test_the_first_tab_in_the_hosts_lobby_goes_to_the_first_setting():
    """It went to the settings pane itself, which shows no focus; a joiner, who can set
    nothing, still tabs to the pane to scroll and read it."""
    app, _ = lobby_app([lobby(you="ann")])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("tab")
        await settle(pilot)
        assert app.focused is app.screen.query_one("#set-seats", Select)
    app, _ = lobby_app([lobby(you="bob")], name="bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("tab")
        await settle(pilot)
        assert app.focused is app.screen.query_one("#settings")


async def test_the_arrows_move_between_the_expansions_ticks_as_tab_does():
    """A stranger tried the arrows in the expansions grid first; only Tab moved."""
    from ekpeer.tui.screens.lobby import Tick

    every = ("base", "imploding", "zombie", "streaking", "party")
    app, _ = lobby_app([lobby(expansions=every)])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        grid = app.screen.query_one("#expansions")
        ticks = list(grid.query(Tick))
        assert sorted(t.key for t in ticks) == sorted(every)
        columns = int(grid.styles.grid_size_columns)
        assert columns == 2                          # two to a row at this width
        ticks[0].focus()
        await settle(pilot)
        for key, at in (("down", 2), ("right", 3), ("up", 1), ("left", 0), ("down", 2), ("down", 4)):
            await pilot.press(key)
            await settle(pilot)
            assert app.focused is ticks[at], (key, app.focused)
        await pilot.press("down")                    # out of the grid at its bottom...
        await settle(pilot)
        assert app.focused not in ticks and app.focused is not None
        ticks[0].focus()
        await settle(pilot)
        await pilot.press("up")                      # ...and at its top, to the setting above
        await settle(pilot)
        assert app.focused is app.screen.query_one("#set-turn", Select)


async def test_in_tmux_the_copy_says_what_tmux_needs_to_pass_it_on(monkeypatch):
    """y copies through the terminal (OSC 52), which tmux passes on only with set-clipboard on:
    a stranger in tmux read "on your clipboard" and pasted nothing."""
    app, _ = lobby_app([lobby(you="ann")], address="tcp://192.168.1.20:5555")
    for tmux, told in (("", False), ("/tmp/tmux-0/default,1,0", True)):
        monkeypatch.setenv("TMUX", tmux)
        async with app.run_test(size=(100, 24)) as pilot:
            await settle(pilot, 6)
            await pilot.press("y")
            await settle(pilot)
            said = " ".join(str(n.message) for n in app._notifications)
            assert "on your clipboard" in said
            assert ("set -g set-clipboard on" in said) is told, said
        app, _ = lobby_app([lobby(you="ann")], address="tcp://192.168.1.20:5555")


async def test_seats_typed_fast_each_count_and_ten_is_said_to_be_the_most():
    """+ pressed six times in one breath from 5 seats gave 6: each press counted from the
    host's last echo, not from what was sent. And + at 10 seats said nothing."""
    app, session = lobby_app([lobby(seats=5, expansions=("base", "party"), deck="party_pack")])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("plus", "plus", "plus")
        await settle(pilot)
        assert [s["seats"] for kind, s in session.sent if kind == "lobby_set"] == [6, 7, 8]
    app, session = lobby_app([lobby(seats=10, expansions=("base", "party"), deck="party_pack")])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("plus")
        await settle(pilot)
        assert not [s for kind, s in session.sent if kind == "lobby_set"]
        assert "A table seats 2 to 10 players." in [str(n.message) for n in app._notifications]


async def test_a_focused_variant_says_what_it_does():
    """A stranger's "Big hands" showed as a bare tick: its description was nowhere."""
    app, _ = lobby_app([lobby(expansions=("base", "imploding"))])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        about = app.screen.query_one("#variant-about")
        assert not about.display
        tick = next(t for t in app.screen.query(Tick) if t.key == "imploding.faster")
        tick.focus()
        await settle(pilot)
        assert about.display and "about a third of the draw pile is removed" in str(about.render())
        next(t for t in app.screen.query(Tick) if t.key == "base").focus()
        await settle(pilot)
        assert not about.display


async def test_f1_in_the_lobby_names_the_keys_that_set_the_table():
    """A host looked in F1 for how to tick a box and found r, s, + and -: Tab, the arrows and
    Space are the settings' own keys, which the Keys dialog left out. A joiner, who sets
    nothing, is not told them."""
    from ekpeer.tui.screens.keys import KeysScreen

    for you, told in (("ann", True), ("bob", False)):
        app, _session = lobby_app([lobby(you=you)], name=you)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, 6)
            await pilot.press("f1")
            await settle(pilot, 6)
            assert isinstance(app.screen, KeysScreen)
            rows = dict((words, keys) for keys, words in app.screen.rows)
            assert ("Tick or untick the box, press the button" in rows) is told, rows
            if told:
                assert rows["Tick or untick the box, press the button"] == "space ⏎"
                assert rows["Move between the settings"] == "tab shift+tab"


@pytest.mark.parametrize("lang, more, fewer", [("en", "Add seat", "Drop seat"), ("da", "Flere", "Færre")])
async def test_f1_in_the_lobby_lists_both_keys_that_change_the_seats(lang, more, fewer):
    """A Danish host's F1 listed "- Færre" but not "+ Flere": a key bound with another
    (``plus,equals_sign``) was not taken for one of ekpeer's own."""
    from ekpeer import i18n
    from ekpeer.tui.screens.keys import KeysScreen

    i18n.set_language(lang)
    try:
        app, _session = lobby_app([lobby(seats=4)])
        async with app.run_test(size=(64, 20)) as pilot:
            await settle(pilot, 6)
            await pilot.press("f1")
            await settle(pilot, 6)
            assert isinstance(app.screen, KeysScreen)
            rows = dict((words, keys) for keys, words in app.screen.rows)
            assert rows.get(more) == "+ =" and rows.get(fewer) == "-", rows
    finally:
        i18n.set_language("en")
