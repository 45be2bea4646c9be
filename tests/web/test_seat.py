"""The browser seat's client (ekpeer.web.seat), in process against a real host: it joins only
its host, takes a seat with its own key, and a new process for the same browser session (a
reload) sits back in that seat."""

from __future__ import annotations

import stat

import pytest
import zmq.asyncio
from textual.widgets import Button, Input

from ekpeer.net.host import Host
from ekpeer.web.seat import SeatPlace, SeatScreen, WebSeatApp, WebSeatSession, web_factory

SETTINGS = {"expansions": ["base"], "deck": "original", "seats": 3, "bots": "heuristic",
            "reaction_seconds": 0.2, "turn_seconds": 30.0, "grace_seconds": 30.0}


@pytest.fixture
async def host():
    ctx = zmq.asyncio.Context()
    records: list[dict] = []
    h = Host("tcp://127.0.0.1:0", ctx=ctx, think=(0.0, 0.0), seed=3, log=records.append,
             ping_seconds=0.5, idle_seconds=5.0)
    h.records = records  # type: ignore[attr-defined]
    h.add_table("friday", SETTINGS, autostart=True, title="Friday")
    await h.start()
    yield h
    await h.close()
    ctx.destroy(linger=0)


def test_a_seat_is_kept_in_the_browser_sessions_own_folder(tmp_path):
    place = SeatPlace(tmp_path / "s", "tcp://127.0.0.1:9#" + "x" * 40)
    assert place.load() is None
    place.save("friday", "ann", "tok")
    assert place.load() == {"table": "friday", "seat": "ann", "token": "tok"}
    assert stat.S_IMODE(place.seat_file.stat().st_mode) == 0o600
    fixed = SeatPlace(place.folder, place.address, table="other")
    assert fixed.load() is None                 # a seat at another table than the one served
    place.seat_file.write_text("{not json")
    assert place.load() is None
    place.save("friday", "ann", "tok")
    place.forget()
    assert place.load() is None


def test_a_browser_seat_only_ever_joins_its_own_host(tmp_path):
    place = SeatPlace(tmp_path, "tcp://10.9.9.9:5555#" + "k" * 40, table="friday", password="pw")
    make = web_factory(place)
    for mode in ("play", "host", "join"):
        session = make(mode=mode, name="ann", address="tcp://127.0.0.1:1", table="elsewhere",
                       settings={"seats": 9})
        assert isinstance(session, WebSeatSession)
        assert session.endpoint == place.address
        assert session.table == "friday" and session.password == "pw" and not session.create


async def _until(pilot, pred, what: str, tries: int = 100):
    for _ in range(tries):
        await pilot.pause(0.05)
        if pred():
            return
    raise AssertionError(f"timed out waiting for {what}")


async def test_a_browser_seat_joins_and_a_reload_sits_back_in_the_same_seat(host, tmp_path, monkeypatch):
    folder = tmp_path / "session"
    folder.mkdir()
    monkeypatch.setenv("EKPEER_DATA_DIR", str(folder))    # its own client key, as the server sets it
    place = SeatPlace(folder, host.address)
    table = host.tables["friday"]

    app = WebSeatApp(place)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, SeatScreen)
        assert [b.id for b in screen.query(Button)] == ["seat-join", "seat-watch"]   # no "play" or "host"
        await _until(pilot, lambda: screen.tables, "the host's tables")
        screen.query_one("#name", Input).value = "ann"
        await pilot.press("enter")
        await _until(pilot, lambda: any(s.name == "ann" for s in table.seats), "ann's seat")
        await _until(pilot, lambda: app.lobby.get("seats"), "the lobby")
        await pilot.press("r")
        await _until(pilot, lambda: table.seats[0].ready, "ann ready")
        key = table.seats[0].key
    saved = place.load()
    assert saved is not None and saved["table"] == "friday" and saved["seat"] == "ann"
    assert key and (folder / "keys" / "client.json").exists()

    again = WebSeatApp(place)                 # the page reloads: a new process, the same folder
    async with again.run_test(size=(100, 30)) as pilot:
        await _until(pilot, lambda: again.lobby.get("seats"), "the lobby, without a name asked")
        assert not isinstance(again.screen, SeatScreen)
        assert [s.name for s in table.seats] == ["ann"] and table.seats[0].ready
        assert table.seats[0].session is not None
    assert [r for r in host.records if r["event"] == "resumed" and r["seat"] == "ann"]


async def test_a_seat_the_host_no_longer_knows_sits_again_by_name(host, tmp_path, monkeypatch):
    folder = tmp_path / "session"
    monkeypatch.setenv("EKPEER_DATA_DIR", str(folder))
    place = SeatPlace(folder, host.address)
    place.save("friday", "ann", "a-token-the-host-never-gave")
    app = WebSeatApp(place)
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, lambda: any(s.name == "ann" for s in host.tables["friday"].seats), "ann's seat")
        # the lobby drawn before the app closes: closed while its settings' Selects mounted,
        # Textual's Select failed on its own unmounted label (NoMatches '#label', a loaded run)
        await _until(pilot, lambda: app.lobby and type(app.screen).__name__ == "LobbyScreen", "the lobby")
        await pilot.pause(0.3)
    saved = place.load()
    assert saved is not None and saved["token"] != "a-token-the-host-never-gave"


async def test_a_late_friend_with_only_a_browser_watches_the_game_on(host, tmp_path, monkeypatch):
    """A browser friend who came after the start was told to watch (Watch, ctrl+g) on a page
    that had no Watch: the seat's start screen has it now, and it watches the game on."""
    from ekpeer.net.client import Client

    folder = tmp_path / "late"
    folder.mkdir()
    monkeypatch.setenv("EKPEER_DATA_DIR", str(folder))
    table = host.tables["friday"]
    bob = Client(host.address, "bob", ctx=host.ctx)
    try:
        await bob.connect()
        await bob.join("friday")
        await bob.ready()
        await bob.start()
        app = WebSeatApp(SeatPlace(folder, host.address))
        async with app.run_test(size=(100, 30)) as pilot:
            screen = app.screen
            await _until(pilot, lambda: screen.tables, "the host's tables")
            screen.query_one("#name", Input).value = "eve"
            await pilot.press("ctrl+g")
            await _until(pilot, lambda: table.watchers() == ["eve"], "eve watching")
            await _until(pilot, lambda: app.view, "the table, watched")
            assert [s.name for s in table.seats if not s.kind] == ["bob"]
        assert SeatPlace(folder, host.address).load() is None      # a watcher keeps no seat
    finally:
        await bob.close()


async def test_serve_password_names_the_tables_that_have_none_at_the_host(host, tmp_path, monkeypatch):
    """`ekpeer serve --password` guards its pages; a stranger read it as the table's password
    while a terminal client walked into that table without one. Serve now names the tables it
    serves that have no password at the host, to warn at its start."""
    from ekpeer.cli_web import tables_without_password

    monkeypatch.setenv("EKPEER_DATA_DIR", str(tmp_path))
    host.add_table("locked", {**SETTINGS, "password": "pw"}, autostart=True, title="Locked")
    assert await tables_without_password(host.address, "friday") == ["friday"]
    assert await tables_without_password(host.address, "locked") == []
    assert await tables_without_password(host.address, None) == ["friday"]


@pytest.mark.parametrize("page", ["http://192.168.1.20:8080/", ""])
async def test_a_browser_seats_lobby_invites_others_to_its_page_not_the_hosts_address(host, tmp_path,
                                                                                     monkeypatch, page):
    """The host's address is the server's to reach (here loopback): a join command with it would
    lead others nowhere. Others are told the server's page, or nothing when none could reach it."""
    from textual.widgets import TextArea

    folder = tmp_path / "session"
    monkeypatch.setenv("EKPEER_DATA_DIR", str(folder))
    place = SeatPlace(folder, host.address, page=page)
    place.save("friday", "ann", "no-token")
    app = WebSeatApp(place)
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, lambda: app.lobby.get("seats"), "the lobby")
        await pilot.pause(0.2)
        box = app.screen.query_one("#join-box")
        shown = app.screen.query_one("#join-command", TextArea).text
        assert "127.0.0.1" not in shown and "ekpeer join" not in shown
        if page:
            assert box.display and shown == page
        else:
            assert not box.display


@pytest.mark.parametrize(("opened", "page", "title"), [
    ("192.168.1.20:8080", "", "ekpeer: a seat at 192.168.1.20:8080"),
    ("", "https://192.168.1.20:8080/", "ekpeer: a seat at 192.168.1.20:8080"),
    ("", "", "ekpeer: a seat at a table"),
])
async def test_a_browser_seats_title_names_the_page_the_friend_opened(host, tmp_path, monkeypatch,
                                                                     opened, page, title):
    """The title said "a seat at the host tcp://127.0.0.1:5555": the server's own view of the
    host, not an address the friend knows. It names what the browser opened instead."""
    from textual.widgets import Static

    monkeypatch.setenv("EKPEER_DATA_DIR", str(tmp_path))
    app = WebSeatApp(SeatPlace(tmp_path, host.address, opened=opened, page=page))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        shown = str(app.screen.query_one("#seat-title", Static).render())
        assert shown == title and "127.0.0.1" not in shown, shown
