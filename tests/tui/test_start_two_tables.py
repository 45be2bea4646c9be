"""A headless host serving two tables on the LAN, one with a password, as a server operator's
friends met it at 80x24 with ``ekpeer join``: with ``--table`` given the start screen said
"2 tables found on the LAN" and showed one; Tab, Down, Enter joined "Base game" when
"Secret" was meant, with nothing saying which table Enter would join; F1 said nothing of Tab
or the arrows. Fake tables found on the LAN, the session a fake."""

from __future__ import annotations

import pytest
import zmq
from textual.widgets import Button, OptionList

from ekpeer import i18n
from ekpeer.net.discovery import Found
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.keys import KeysScreen
from ekpeer.tui.screens.start import StartScreen
from ekpeer.tui.session import FakeSession

from .conftest import settle
from .contrast import lines

KEY = zmq.curve_keypair()[0].decode()


def found(table: str, title: str, password: bool = False) -> Found:
    return Found(name=f"{table}@srv:5555", table=table, title=title, endpoint="tcp://10.77.0.1:5555",
                 key=KEY, hostname="srv", seats=5, taken=0, free=5, expansions=["base"], password=password)


TABLES = [found("base", "Base game"), found("secret", "Secret", password=True)]


def start_app(monkeypatch, opened: list[dict], table: str | None = None):
    monkeypatch.setattr(StartScreen, "browse", lambda self: None)     # the list, without multicast
    return make_app(lambda **kw: opened.append(kw) or FakeSession(), name="bob", discovery=True,
                    options={"table": table} if table else None)


def shown(app) -> str:
    return "\n".join(lines(app.export_screenshot()).values())


async def listed(app, pilot) -> None:
    app.screen.show_tables(list(TABLES))
    await settle(pilot, 4)


@pytest.mark.parametrize("table", [None, "base", "secret"])
async def test_both_tables_show_at_80x24_and_the_buttons_too(monkeypatch, table):
    app = start_app(monkeypatch, [], table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await listed(app, pilot)
        screen = shown(app)
        assert "2 tables found on the LAN" in screen
        assert "Base game (base)" in screen and "Secret (secret)" in screen, screen
        assert "Play vs bots │" in screen or "Play vs bots " in screen.split("\n")[-4], screen
        assert all(b.region.height == 3 and b.region.bottom <= 22 for b in app.screen.query(Button))
        said = " ".join(screen.replace("│", " ").split())
        if table == "base":         # the table marked ▶, as the Join button says
            assert "Join and Watch go to table base, marked ▶ on the list" in said, said
        elif table == "secret":
            assert "Join and Watch go to Base game, marked ▶; table secret (--table) is on the list " \
                   "too: ↑ ↓ choose it." in said, said


async def test_tab_reaches_the_list_and_the_join_button_names_the_table_enter_joins(monkeypatch):
    opened: list[dict] = []
    app = start_app(monkeypatch, opened, "secret")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await listed(app, pilot)
        app.screen.query_one("#name").focus()
        await pilot.press("tab")
        assert isinstance(app.focused, OptionList) and app.focused.id == "lan-tables"
        assert "▶ Base game (base)" in shown(app) and " Join Base game " in shown(app)
        await pilot.press("down")
        await settle(pilot)
        screen = shown(app)
        assert "▶ Secret (secret)" in screen and "▶ Base game" not in screen, screen
        assert " Join Secret " in screen
        await pilot.press("enter", "enter")        # the key's fingerprint seen, then trusted
        await settle(pilot, 3)
        assert opened and opened[-1]["table"] == "secret", opened


async def test_a_typed_address_takes_the_tables_name_off_the_join_button(monkeypatch):
    app = start_app(monkeypatch, [])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await listed(app, pilot)
        app.screen.query_one("#address").focus()
        await pilot.press(*"10.0.0.9:5555")
        await settle(pilot)
        assert str(app.screen.query_one("#join", Button).label) == "Join"
        assert app.screen.join_target() is None


async def test_f1_on_the_start_screen_names_tab_the_arrows_and_enter(monkeypatch):
    app = start_app(monkeypatch, [])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await listed(app, pilot)
        await pilot.press("f1")
        await settle(pilot, 3)
        assert isinstance(app.screen, KeysScreen)
        rows = dict((words, keys) for keys, words in app.screen.rows)
        assert rows.get("Move between your name, the tables, the address and the buttons") == "tab shift+tab"
        assert rows.get("Choose a table on the LAN list: it is marked ▶") == "↑ ↓", rows
        assert "Join the table marked ▶ (the Join button names it), or the address typed" in rows


@pytest.mark.parametrize("size", [(80, 24), (64, 20)])
async def test_the_join_button_and_the_keys_in_danish(monkeypatch, size):
    """The table's title cut to the room the buttons leave; none of it where none is left (the
    Danish buttons at 64 columns), the ▶ on the list saying it there; every button whole."""
    i18n.set_language("da")
    try:
        app = start_app(monkeypatch, [])
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            app.screen.show_tables([found("long", "Anns meget lange bord i stuen"), *TABLES])
            await settle(pilot, 4)
            screen = shown(app)
            assert "▶ Anns meget lange" in screen
            join = " Deltag i Anns meget… " if size[0] == 80 else " Deltag "
            assert join + " Kig med  Vær vært for et bord  Spil mod bots " in screen, screen
            said = [i18n._(words) for _keys, words in app.screen.list_keys()]
    finally:
        i18n.set_language("en")
    assert said[:2] == ["Flyt mellem dit navn, bordene, adressen og knapperne",
                        "Vælg et bord på LAN-listen: det er markeret ▶"], said


async def test_tab_down_enter_in_a_burst_from_the_name_box_joins_the_table_moved_to(monkeypatch):
    """The same keys read together (typed fast, or over SSH): each acts where the keys before it
    left the focus, not in the name box the Tab has just left."""
    from .test_key_bursts import burst

    opened: list[dict] = []
    app = start_app(monkeypatch, opened, "secret")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await listed(app, pilot)
        app.screen.query_one("#name").focus()
        await settle(pilot)
        burst(app, "tab", "down", "enter")
        await settle(pilot, 4)
        assert app.screen.query_one("#lan-tables", OptionList).highlighted == 1
        await pilot.press("enter")          # the key's fingerprint seen: trusted
        await settle(pilot, 3)
        assert opened and opened[-1]["table"] == "secret", opened


async def test_tables_found_over_time_keep_their_rows_and_the_highlight_its_table(monkeypatch):
    """Tables found one after another (hosts starting, multicast answers): the list re-sorted
    open tables first, and the ▶ of a new player sat on the last row (a game on) by the
    time they pressed Enter. Each table keeps its row; the ▶ its table, by address and id."""
    import dataclasses

    opened: list[dict] = []
    app = start_app(monkeypatch, opened)
    friday = dataclasses.replace(found("friday", "Friday"), phase="playing")
    other = dataclasses.replace(found("kitchen", "Kitchen"), endpoint="tcp://10.77.0.2:5555")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        options = app.screen.query_one("#lan-tables", OptionList)
        app.screen.show_tables([friday])
        await settle(pilot, 2)
        app.screen.show_tables([TABLES[0], friday])
        await settle(pilot, 2)
        assert [t.table for t in app.screen.lan_tables] == ["friday", "base"]
        assert options.highlighted == 0 and "▶ Friday (friday)" in shown(app)
        await pilot.press("down")           # on base
        app.screen.show_tables([other, TABLES[1], TABLES[0], friday])
        await settle(pilot, 2)
        assert [t.table for t in app.screen.lan_tables] == ["friday", "base", "kitchen", "secret"]
        assert app.screen.join_target().table == "base" and "▶ Base game (base)" in shown(app)
        # the same table again under its address with the key: the same row, the same ▶
        app.screen.show_tables([dataclasses.replace(t, name=t.name + "-again") for t in
                                [TABLES[1], other, friday, TABLES[0]]])
        await settle(pilot, 2)
        assert app.screen.join_target().table == "base"
        await pilot.press("enter", "enter")     # the key's fingerprint seen, then trusted
        await settle(pilot, 3)
        assert opened and opened[-1]["table"] == "base", opened


async def test_the_table_where_you_have_a_seat_is_marked(monkeypatch):
    """A player whose link was lost (the host keeps their seat) comes back to the start
    screen: the LAN list says which table has their seat."""
    from types import SimpleNamespace

    app = start_app(monkeypatch, [])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        gone = SimpleNamespace(endpoint=f"tcp://10.77.0.1:5555/{KEY}", table="secret", watch=False)
        app._keep_seat(gone, True)
        await listed(app, pilot)
        rows = [line for line in shown(app).split("\n") if "(secret)" in line or "(base)" in line]
        assert "your seat is here" in rows[1] and "your seat" not in rows[0], rows
        app._keep_seat(gone, False)         # left: the host gives the seat up
        await listed(app, pilot)
        assert "your seat" not in shown(app)
    i18n.set_language("da")
    try:
        assert "Secret (secret)  ·  din plads er her  ·  5 af 5" in StartScreen._table_line(TABLES[1], True)
    finally:
        i18n.set_language("en")
