"""Issue 25, item 7: words a person reads, never codes. The real host and the Textual client
under Pilot: a late friend whose table is playing, or whose name is taken, reads what happened
and what to do (watch with --watch, another name), never ``RequestError: name_taken: ...`` or
``table_started: ...``; the host-gone notice counts the seconds the host has really been silent."""

from __future__ import annotations

import re

import zmq
import zmq.asyncio
from ports import free_port

from ekpeer.cli_tui import session_factory
from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.start import StartScreen

from .conftest import settle, until

SETTINGS = {"seats": 3, "reaction_seconds": 0.05, "turn_seconds": 60.0, "grace_seconds": 60.0,
            "expansions": ["base"], "bots": "random"}
CODES = re.compile(r"RequestError|name_taken|table_started|table_full|[a-z]+_[a-z]+:")



def said(app) -> str:
    return "\n".join(str(n.message) for n in app._notifications)


async def _refused(host: Host, name: str) -> str:
    app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name=name,
                   address=host.address, options={"table": "t"})
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen) and app._notifications, 8,
                    "the refusal")
        return said(app)


async def test_a_late_friend_and_a_taken_name_read_words_and_the_way_on():
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0))
    await host.start()
    host.add_table("t", SETTINGS, autostart=False)
    # bob is another person (his own key): the app's key under his name would be bob back
    bob = Client(host.address, "bob", ctx=ctx, keypair=zmq.curve_keypair())
    try:
        await bob.connect()
        await bob.join("t")
        taken = await _refused(host, "bob")             # bob is seated in the lobby already
        assert "Someone at table t is already called bob" in taken and "another name" in taken
        assert not CODES.search(taken), taken
        await bob.ready()
        await bob.start()
        late = await _refused(host, "dan")              # the game is on
        assert "Table t is playing already" in late and "next game" in late, late
        assert not CODES.search(late), late
    finally:
        await bob.close()
        await host.close()
        ctx.destroy(linger=0)


async def test_a_typo_in_table_is_refused_with_the_tables_there_unless_asked_to_create():
    """``ekpeer join --table bsae ADDRESS`` seated the player alone at a new table 'bsae' ("You
    set the table") while 'base' was there: now it is refused with the host's tables named,
    and ``--create`` makes the new table as before."""
    from ekpeer.tui.screens.lobby import LobbyScreen

    ctx = zmq.asyncio.Context()
    port = free_port()
    host = Host(f"tcp://127.0.0.1:{port}", ctx=ctx, seed=5, think=(0.0, 0.0))
    await host.start()
    host.add_table("base", SETTINGS, autostart=False)
    host.add_table("party-4-7", SETTINGS, autostart=False)
    try:
        app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="ann",
                       address=host.address, options={"table": "bsae"})
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, StartScreen) and app._notifications, 8,
                        "the refusal")
            words = said(app)
        assert f"No table 'bsae' at 127.0.0.1:{port}; its tables: base, party-4-7." in words, words
        assert "--create" in words and not CODES.search(words), words
        assert sorted(host.tables) == ["base", "party-4-7"]         # no table made by the typo
        app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="ann",
                       address=host.address, options={"table": "bsae", "create": True})
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.lobby, 8,
                        "the new table's lobby")
            await settle(pilot, 4)          # (its settings drawn before the app closes)
            assert "bsae" in host.tables and app.lobby.get("table") == "bsae"
    finally:
        await host.close()
        ctx.destroy(linger=0)


async def _refusals_at_a_full_table() -> tuple[str, str, str, str]:
    """What ann reads when her name is 33 letters long, when she is CAT beside cat, when every
    seat is taken, and what the host itself said of the name (its message, for other clients)."""
    from ekpeer.net.client import RequestError

    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0))
    await host.start()
    host.add_table("t", {**SETTINGS, "seats": 2}, autostart=False)
    seated = [Client(host.address, n, ctx=ctx) for n in ("cat", "bob")]
    try:
        await seated[0].connect()
        await seated[0].join("t")
        long_name = await _refused(host, "a" * 33)
        capitals = await _refused(host, "CAT")
        late = Client(host.address, "Cat", ctx=ctx)
        await late.connect()
        try:
            await late.join("t")
        except RequestError as exc:
            hosts_words = exc.message
        finally:
            await late.close()
        await seated[1].connect()
        await seated[1].join("t")
        full = await _refused(host, "dan")
    finally:
        for c in seated:
            await c.close()
        await host.close()
        ctx.destroy(linger=0)
    return long_name, capitals, full, hosts_words


async def test_a_long_name_a_name_in_capitals_and_a_full_table_read_as_a_person_says_them():
    """A stranger read "Table party-4-7: hello: 'name' is too long (at most 32)", "already called
    CAT" (the seated one is cat), and "ask the host for another table" from a server that has no
    host person to ask."""
    long_name, capitals, full, hosts_words = await _refusals_at_a_full_table()
    assert "Your name is too long: at most 32 characters." in long_name, long_name
    assert "hello" not in long_name and "'name'" not in long_name
    assert "Someone at table t is already called cat: names that differ only in capitals" in capitals
    assert "already called cat (names that differ only in capitals" in hosts_words
    # the table is in its lobby: no game to watch yet, and a seat that frees up is the watcher's
    assert "Every seat at table t is taken, and its game has not started yet. Watch the table" in full, full
    assert "Watch its game" not in full and "--watch" in full and "take a seat with t if one frees up" in full
    assert "--table NAME --create" in full and "ask the host" not in full
    for said_here in (long_name, capitals, full):
        assert not CODES.search(said_here), said_here


async def test_the_same_refusals_read_in_danish():
    from ekpeer import i18n

    i18n.set_language("da")
    try:
        long_name, capitals, full, hosts_words = await _refusals_at_a_full_table()
    finally:
        i18n.set_language("en")
    assert "Dit navn er for langt: højst 32 tegn." in long_name, long_name
    assert "allerede cat" in capitals and "store og små bogstaver" in capitals, capitals
    assert "allerede cat" in hosts_words and "store og små bogstaver" in hosts_words, hosts_words
    assert "--watch" in full and "--create" in full and "Alle pladser ved bord t er taget" in full, full
    assert "ikke begyndt" in full and "Kig med på spillet" not in full, full
