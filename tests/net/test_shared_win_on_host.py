"""A shared win (ruling 25) ends a host's game: the log, the journal record and the lobby say
who shares it (``winners``), and ``winner`` stays unset."""

from __future__ import annotations

from types import SimpleNamespace

from ekpeer.engine import Move
from ekpeer.net.lobby import check
from ekpeer.net.seats import Seat
from ekpeer.net.table import Table
from ekpeer.plugins import ruleset

from .conftest import events


async def test_a_shared_win_ends_the_hosts_game_with_every_winner(host):
    table = Table(host, "shared", check({"seats": 2}), autostart=False)
    host.tables["shared"] = table
    table.seats = [Seat(name=n, kind="heuristic", ready=True) for n in ("ann", "bob")]
    # the draw pile is empty: a turn each, nobody dying, and the two share the win
    table.game = ruleset(["base"]).game_from_table({"players": ["ann", "bob"], "draw_pile": []})
    table.phase = "playing"
    table.maybe_reset = lambda: None     # nobody is connected: keep the finished game to look at
    assert table.apply(None, Move("draw", "ann")) is None and not events(host, "game_over")
    assert table.apply(None, Move("draw", "bob")) is None
    assert table.phase == "over" and table.game.winners == ["ann", "bob"]
    over = events(host, "game_over")[-1]
    assert over["winners"] == ["ann", "bob"] and over["winner"] is None and over["shared"] is True
    you = SimpleNamespace(seat=table.seats[0], spectator=False, lean=True, lang=None)
    body = table.lobby_body(you)  # type: ignore[arg-type]
    assert body["winners"] == ["ann", "bob"] and body["winner"] is None
