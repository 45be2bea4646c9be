"""The start screen (issue 13, items 4 and 7): the LAN list is the first way in, focused, and
Enter on a listed table joins it (after the host key's fingerprint was seen once); no label
is cut off at 80 columns or at 200, and every word reads in both themes."""

from __future__ import annotations

import pytest
import zmq
from textual.widgets import Label, OptionList

from ekpeer.net.addresses import fingerprint
from ekpeer.net.discovery import Found
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.start import StartScreen
from ekpeer.tui.session import FakeSession

from .conftest import settle
from .contrast import lines, runs


def start_app(monkeypatch, opened: list[dict]):
    monkeypatch.setattr(StartScreen, "browse", lambda self: None)     # the list, without multicast
    return make_app(lambda **kw: opened.append(kw) or FakeSession(), name="bob", discovery=True)


async def test_enter_on_a_table_found_on_the_lan_joins_it(monkeypatch):
    opened: list[dict] = []
    app = start_app(monkeypatch, opened)
    key, _ = zmq.curve_keypair()
    table = Found(name="main@laptop:5555", table="main", title="Ann's table", endpoint="tcp://127.0.0.1:5555",
                  key=key.decode(), hostname="laptop", seats=4, taken=1, free=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.focused, OptionList) and app.focused.id == "lan-tables"   # the first way in
        app.screen.show_tables([table])
        await settle(pilot)
        await pilot.press("enter")        # a key only the LAN vouches for: its fingerprint first
        await settle(pilot)
        assert not opened
        assert any(fingerprint(key) in str(n.message) for n in app._notifications)
        await pilot.press("enter")        # compared: trusted, and joined
        await settle(pilot)
        assert opened and opened[0]["mode"] == "join" and opened[0]["table"] == "main"
        assert opened[0]["address"] == table.address and opened[0]["name"] == "bob"
        # the notice asked for the second Enter: answered, it goes (it stayed 30 s over the
        # lobby, and a stranger wondered whether the trust had taken)
        assert not any(fingerprint(key) in str(n.message) for n in app._notifications)


@pytest.mark.parametrize("size", [(80, 24), (200, 50), (64, 20)])
async def test_no_start_screen_label_is_cut_off(monkeypatch, size):
    app = start_app(monkeypatch, [])
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        shown = lines(app.export_screenshot())
        labels = [str(w.render()) for w in app.screen.query(Label)] + \
            [str(b.label) for b in app.screen.query("Button")]
        assert len(labels) >= 6
        for label in labels:
            assert any(label in line for line in shown.values()), (label, size)
        # every button whole inside the box (at 64 columns "Play vs bots" ran out of it: the
        # key bar's "Play vs bots" alone made the words above look found)
        box = app.screen.query_one("#start-box").content_region
        for button in app.screen.query("Button"):
            assert button.region.right <= box.right, (str(button.label), size)


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_the_start_screen_reads_in_both_themes(monkeypatch, theme):
    app = start_app(monkeypatch, [])
    app.theme = theme
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        svg = app.export_screenshot()
        text = lines(svg)
        footer = text[max(text)]
        hard = [(r.text, round(r.ratio, 1)) for r in runs(svg)
                if any(c.isalnum() for c in r.text) and r.ratio < 3.0 and r.text not in footer]
        assert hard == []
        assert any("Your name" in line for line in text.values())


async def test_enter_in_the_name_field_without_discovery_moves_on_to_the_address():
    """Issue 25, item 8: with --no-discovery, Enter after typing a name goes to the address
    field; it used to start a game against bots."""
    from textual.widgets import Input

    opened: list[dict] = []
    app = make_app(lambda **kw: opened.append(kw) or FakeSession(), name="bob", discovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#name", Input).focus()
        await pilot.press("end", "x", "enter")
        await settle(pilot)
        assert not opened, opened                       # nothing started
        assert isinstance(app.focused, Input) and app.focused.id == "address"
        await pilot.press(*"127.0.0.1:5555", "enter")   # then Enter in the address joins it
        await settle(pilot)
        assert opened and opened[0]["mode"] == "join" and opened[0]["name"] == "bobx"


def test_a_listed_table_says_in_words_only_that_it_is_not_encrypted():
    """No padlock on every keyed table (a stranger read it as "needs a password"); the
    exception, a host run with --insecure, is said in words."""
    key, _ = zmq.curve_keypair()
    keyed = Found(name="main@laptop:5555", table="main", title="Ann's table", endpoint="tcp://10.0.0.2:5555",
                  key=key.decode(), hostname="laptop", seats=4, taken=1, free=3)
    plain = Found(name="main@box:5555", table="main", title="Box", endpoint="tcp://10.0.0.3:5555",
                  key=None, hostname="box", seats=4, taken=1, free=3)
    assert "10.0.0.2:5555" in StartScreen._table_line(keyed)
    assert "not encrypted" not in StartScreen._table_line(keyed)
    assert "🔒" not in StartScreen._table_line(keyed)
    assert "10.0.0.3:5555  (not encrypted: --insecure)" in StartScreen._table_line(plain)


async def test_a_second_game_against_bots_starts_from_the_settings_of_the_first():
    """Leave, then Play vs bots again: the lobby had put every choice back to its default (a
    stranger's six seats and turn clock were gone). The table this player set up starts the
    next one with its settings."""
    from .conftest import hosted_factory, until

    first = {"seats": 2, "reaction_seconds": 0.05, "bots": "heuristic", "expansions": ["base"]}
    app = make_app(hosted_factory(), name="ann", settings=first)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+b")
        await until(pilot, lambda: app.lobby.get("settings", {}).get("seats") == 2, 10, "the lobby")
        await until(pilot, lambda: app.screen.query("#set-seats"), 10, "the table's settings")
        await pilot.press("plus", "plus", "plus")
        await until(pilot, lambda: app.lobby.get("settings", {}).get("seats") == 5, 10, "five seats")
        await pilot.press("escape")                     # Leave
        await until(pilot, lambda: isinstance(app.screen, StartScreen), 10, "the start screen")
        await pilot.press("ctrl+b")
        await until(pilot, lambda: app.lobby.get("settings", {}).get("seats"), 10, "the second lobby")
        assert app.lobby["settings"]["seats"] == 5
        assert app.lobby["settings"]["bots"] == "heuristic" and app.lobby["settings"]["password"] is False
        await until(pilot, lambda: app.screen.query("#set-seats"), 10, "the table's settings")
        await settle(pilot, 2)


async def test_a_quiet_lan_is_said_and_the_address_heading_stands_alone_without_a_list(monkeypatch):
    """With discovery on and no host around, "Looking for tables on the LAN…" stayed up for
    good; with it off, the heading began "Or type the address" with nothing before it. And
    a Tab into the name field selected it, so the next letter typed replaced the name."""
    from textual.widgets import Input, Static

    import ekpeer.tui.screens.start as start

    monkeypatch.setattr(start, "QUIET_LAN", 0.2)
    app = start_app(monkeypatch, [])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.show_tables([])
        await settle(pilot, 8)
        status = str(app.screen.query_one("#lan-status", Static).render())
        assert status.startswith("No table found on the LAN yet (still looking)"), status
    app = make_app(lambda **kw: FakeSession(), name="bob", discovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        headings = [str(label.render()) for label in app.screen.query(".heading")]
        assert "Type the address the host's lobby shows" in headings, headings
        assert not any(h.startswith("Or ") for h in headings), headings
        app.screen.query_one("#name", Input).focus()
        await settle(pilot)
        await pilot.press("y")
        assert app.screen.query_one("#name", Input).value == "boby"


async def test_the_start_box_shows_its_buttons_whole_at_64x20(monkeypatch):
    """With the LAN list at 64x20 the buttons' bottom edge went under a scrollbar."""
    app = start_app(monkeypatch, [])
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot, 4)
        box = app.screen.query_one("#start-box")
        assert box.max_scroll_y == 0, box.max_scroll_y
        bottom = max(b.region.bottom for b in app.screen.query("#start-buttons Button"))
        assert bottom <= box.region.bottom - 1          # above the box's own border


def test_a_listed_table_says_it_has_a_password_before_anyone_is_refused():
    """Friends learnt that a table had a password only when their join failed: the LAN list
    (the start screen, ``ekpeer join`` without an address, ``ekpeer list``) says it, from what
    the host advertises of each table; the browser's list from the host's table summary."""
    import ipaddress

    from ekpeer.net import discovery
    from ekpeer.net.host import Host
    from ekpeer.web.seat import SeatScreen

    host = Host("tcp://127.0.0.1:0")
    locked = host.add_table("friday", {"password": "kitty"}, autostart=False)
    open_ = host.add_table("main", {}, autostart=False)
    key, _ = zmq.curve_keypair()

    class Info:     # a resolved service, as python-zeroconf gives it
        port = 5555

        def __init__(self, table) -> None:
            self.name = f"{table.id}@laptop:5555._ekpeer._tcp.local."
            self.decoded_properties = discovery.table_properties(table, key.decode())

        def parsed_addresses(self):
            return ["10.0.0.2"]

    nets = [ipaddress.ip_network("10.0.0.0/24")]
    found_locked = discovery.found_from(Info(locked), nets)
    found_open = discovery.found_from(Info(open_), nets)
    assert "  ·  password  ·  " in StartScreen._table_line(found_locked)
    assert "password" not in StartScreen._table_line(found_open)
    assert found_locked.line().endswith("password") and "password" not in found_open.line()
    assert found_locked.as_dict()["password"] is True
    assert "(password)" in SeatScreen._line(locked.summary())
    assert "password" not in SeatScreen._line(open_.summary())


@pytest.mark.parametrize("size", [(80, 24), (64, 20), (80, 23)])
async def test_a_busy_lan_keeps_the_address_and_the_buttons_on_screen(monkeypatch, size):
    """At 80x24 a few tables found on the LAN pushed the buttons under the box's edge (only
    their top edges showed): the list gives up rows instead, and scrolls to its highlight."""
    from .conftest import screen_lines

    key, _ = zmq.curve_keypair()
    tables = [Found(name=f"t{i}@laptop:5555", table=f"t{i}", title=f"Table {i}", endpoint=f"tcp://10.0.0.{i}:5555",
                    key=key.decode(), hostname="laptop", seats=4, taken=1, free=3, expansions=["base"])
              for i in range(6)]
    app = start_app(monkeypatch, [])
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.screen.show_tables(tables)
        await settle(pilot, 4)
        box = app.screen.query_one("#start-box")
        assert box.max_scroll_y == 0, (size, box.max_scroll_y)
        shown = "\n".join(screen_lines(app))
        for words in ("Join", "Watch", "Host a table", "Play vs bots", "tcp://HOST:PORT/KEY", "Table 0"):
            assert words in shown.split("\n ^b")[0], (words, size)
        bottom = max(b.region.bottom for b in app.screen.query("#start-buttons Button"))
        assert bottom <= box.region.bottom - 1, size
        await pilot.press(*["down"] * 5)                # the last table, scrolled into view
        await settle(pilot)
        assert "Table 5" in "\n".join(screen_lines(app))


@pytest.mark.parametrize("size", [(80, 24), (64, 20)])
async def test_a_name_of_the_most_letters_shows_whole_in_the_name_box(size):
    """The name box was 24 cells wide and showed 18 of the 32 letters a name may have (as
    ``--name`` takes it): now the whole name and the cursor after it, inside the start box."""
    from textual.widgets import Input

    from ekpeer.tui.screens.start import NAME_MOST

    name = "Mette-Marie Kristoffersen Dahlbe"
    assert len(name) == NAME_MOST
    app = make_app(lambda **kw: FakeSession(), name=name, discovery=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 3)
        box = app.screen.query_one("#name", Input)
        start = app.screen.query_one("#start-box")
        assert box.content_region.width >= NAME_MOST + 1, box.content_region   # and the cursor
        assert box.region.right <= start.region.right - 1, (box.region, start.region)
        assert start.max_scroll_x == 0
        assert box.render_line(0).text.rstrip() == name
