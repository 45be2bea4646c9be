"""A table driven alone, through a host of a dozen lines: no socket, no Host.

What :class:`~ekpeer.net.table.TableHost` names is all a table needs, so a table can be
read and tested without the host module (which imports it, never the other way)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from ekpeer.engine import Move
from ekpeer.net import lobby
from ekpeer.net.seats import Session
from ekpeer.net.table import Table, TableHost


class Outbox:
    """A TableHost that keeps each frame and log line instead of sending them."""

    think = (0.0, 0.0)
    journal = None
    audit = True

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.rng = random.Random(7)
        self.stats: dict[str, int] = {}
        self.game_over_hooks: list = []
        self.frames: list[tuple[Session, str]] = []
        self.events: list[str] = []

    def call_later(self, delay: float, fn: Any, *args: Any) -> asyncio.TimerHandle:
        return self.loop.call_later(delay, fn, *args)

    def send(self, session: Session, type_: str, body: Any = None, re: Any = None,
             packed: Any = None) -> bool:
        self.frames.append((session, type_))
        return True

    def log(self, event: str, level: str = "info", **fields: Any) -> None:
        self.events.append(event)

    def guard_io(self, fn: Any, *args: Any) -> Any:
        return fn(*args)

    def journal_append(self, table: Table, records: list) -> None:
        raise AssertionError("no journal was given")

    def journal_rewrite(self, table: Table, records: list) -> None:
        raise AssertionError("no journal was given")

    def detach(self, session: Session) -> None:
        if session.table is not None:
            session.table.leave(session)

    def remove_table(self, table: Table) -> None:
        self.events.append("removed")

    def replaced(self, session: Session, table: str, seat: str) -> None:
        self.frames.append((session, "replaced"))

    seed = 7                            # a fixed seed: deals from rng, the same every run

    def new_seed(self, rng: random.Random) -> int:
        return rng.randrange(2**31)

    def check_password(self, table: Table, session: Session, password: str | None) -> None:
        if not table.password_ok(password):
            raise lobby.SettingsError("no password tables here")

    def count_password_set(self, session: Session) -> None:
        return None         # no budget here: nothing but this test sets passwords


async def test_a_table_seats_starts_and_plays_through_its_table_host_alone():
    outbox = Outbox(asyncio.get_running_loop())
    assert isinstance(outbox, TableHost)
    table = Table(outbox, "t", lobby.check({"seats": 2, "reaction_seconds": 0.01}))
    ann = Session(b"ann", last_seen=0.0, tokens=10.0, stamp=0.0)
    assert table.join(ann, "ann", None, False)["seat"] == "ann"
    table.set_ready(ann, True)
    table.request_start(ann)            # a host bot takes the free seat
    assert table.phase == "playing" and [s.name for s in table.seats] == ["ann", "bot1"]
    assert [t for s, t in outbox.frames if s is ann][-2:] == ["snapshot", "timer"]
    for _ in range(400):                # ann draws on her turns; the bot plays its own
        game = table.game
        if game is None or game.over:
            break
        if game.current == "ann" and not game.awaiting and not game.stack:
            assert table.apply(table.seat("ann"), Move("draw", "ann"), session=ann) is None
        else:
            legal = game.legal_moves("ann")
            if legal and game.awaiting and "ann" in game.waiting_for():
                table.apply(table.seat("ann"), legal[0], session=ann)
        await asyncio.sleep(0.005)
    assert "update" in {t for s, t in outbox.frames if s is ann}
    assert table.phase == "over" and "game_over" in outbox.events, outbox.events[-5:]
    assert outbox.stats.get("card_mismatches", 0) == 0      # audited after every move
    table.stop()


async def test_a_snapshot_says_which_cards_the_game_holds_and_no_secret():
    """A Zombie Kittens game deals no Defuse (they are set aside): the name-a-card dialog
    offered and highlighted one, as the client did not know what the table holds. The snapshot
    says it (public setup: the boxes and the count of players), not where any card lies."""
    class Bodies(Outbox):
        def send(self, session: Session, type_: str, body: Any = None, re: Any = None,
                 packed: Any = None) -> bool:
            self.bodies.append((type_, body))
            return super().send(session, type_, body, re, packed)

    outbox = Bodies(asyncio.get_running_loop())
    outbox.bodies = []
    table = Table(outbox, "t", lobby.check({"seats": 3, "expansions": ["base", "zombie"],
                                            "reaction_seconds": 0.01}))
    ann = Session(b"ann", last_seen=0.0, tokens=10.0, stamp=0.0)
    table.join(ann, "ann", None, False)
    table.set_ready(ann, True)
    table.request_start(ann)
    deck = next(body for kind, body in outbox.bodies if kind == "snapshot")["deck"]
    assert "defuse" not in deck and {"zombie_kitten", "exploding_kitten", "tacocat"} <= set(deck), deck
    assert deck == sorted(set(deck))        # ids only: no counts, no order
    table.stop()
