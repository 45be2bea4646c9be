"""Helpers for the Textual client's tests: real engine views behind a scripted session, or
the real host (``ekpeer.net``) in this process, reached over inproc, its bots thinking 0 s."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from ekpeer.cli_tui import session_factory
from ekpeer.engine import Move, player_view
from ekpeer.engine.view import visible_events
from ekpeer.plugins import ruleset
from ekpeer.tui.app import make_app
from ekpeer.tui.session import FakeSession


def rigged(table: dict[str, Any], moves: list[dict[str, Any]] = (), seed: int = 0):
    """A base-game table as written (the scenario ``[setup]`` shape), after ``moves``."""
    rules = ruleset(table.get("expansions", ["base"]))
    game = rules.game_from_table(table, seed=seed)
    events: list = []
    for m in moves:
        game.apply(Move.from_dict(m))
        events = list(game.events)
    return game, rules, events


def snapshot_of(game, rules, me: str, events=()) -> dict[str, Any]:
    return {
        "type": "snapshot",
        "body": {
            "view": player_view(game, me),
            "catalog": rules.catalog(),
            "events": visible_events(list(events), me),
        },
    }


def scripted_app(messages: list[dict[str, Any]], name: str = "ann", size=None):
    session = FakeSession(messages, name=name)
    app = make_app(lambda **_: session, mode="play", name=name)
    return app, session


def hosted_factory(seed: int = 3):
    """Sessions the way ``ekpeer play`` makes them: a seat at a host in this process (the one
    host there is), with a fixed ``seed`` for its deals and bots that move at once."""
    return session_factory(think=(0.0, 0.0), seed=seed, discovery=False)


def hosted_app(seed: int = 3, **settings: Any):
    """The app in ``ekpeer play``'s lobby, at a 2-seat base table (``settings`` change it)."""
    base = {"seats": 2, "reaction_seconds": 0.05, "expansions": ["base"], "bots": "heuristic"}
    base.update(settings)
    return make_app(hosted_factory(seed), mode="play", name="ann", settings=base)


def screen_lines(app) -> list[str]:
    """Every line of the screen as a terminal shows it: each cell, spaces included."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


async def settle(pilot, times: int = 3) -> None:
    for _ in range(times):
        await pilot.pause(0.05)


async def until(pilot, pred, timeout: float, what: str, step: float = 0.05,
                said: Callable[[], str] | None = None) -> None:
    """Wait, bounded, until ``pred()`` holds, letting the app run; fail naming ``what``, and
    with ``said()`` (how things stood then) if given: a wait that failed once on a busy
    machine says why."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return
        await pilot.pause(step)
    raise AssertionError(f"timed out waiting for {what}" + (f": {said()}" if said is not None else ""))


@pytest.fixture
def table3():
    return {
        "players": ["ann", "bob", "cat"],
        "current": "ann",
        "draw_pile": ["tacocat", "skip", "beard_cat", "exploding_kitten", "shuffle", "nope"],
        "discard": ["skip", "attack"],
        "hands": {
            "ann": ["defuse", "favor", "tacocat", "tacocat", "nope", "skip"],
            "bob": ["nope", "attack", "cattermelon"],
            "cat": ["beard_cat", "favor"],
        },
    }
