"""What keeps the client's start short: the paused collector and no stylesheet re-parse."""

from __future__ import annotations

import gc

import pytest
from textual.css.stylesheet import Stylesheet

from ekpeer import collector
from ekpeer.tui.app import make_app
from ekpeer.tui.session import FakeSession

from .conftest import hosted_app, rigged, scripted_app, settle, snapshot_of


@pytest.fixture
def paused_collector():
    collector.pause()
    yield
    collector.resume()
    gc.unfreeze()


async def test_the_collector_runs_again_once_the_table_shows_a_view(paused_collector, table3):
    game, rules, _ = rigged(table3)
    app, session = scripted_app([])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert collector.paused() and not gc.isenabled()  # still waiting for the first view
        session.push("snapshot", snapshot_of(game, rules, "ann")["body"])
        await settle(pilot)
        assert not collector.paused() and gc.isenabled()
        assert gc.get_freeze_count() > 0   # what startup built is left out of collections


async def test_the_collector_runs_again_once_the_lobby_is_shown(paused_collector):
    app = hosted_app(seats=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert app.current_mode == "lobby"
        assert gc.isenabled()


async def test_the_start_screen_resumes_the_collector_once_drawn(paused_collector):
    app = make_app(lambda **_: FakeSession(), name="ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.current_mode == "start" and gc.isenabled()


def test_ekpeer_commands_leave_the_collector_on_even_when_the_app_fails(monkeypatch):
    from ekpeer import cli_tui

    class Broken:
        return_code = 0

        def run(self) -> None:
            assert not gc.isenabled()
            raise RuntimeError("no terminal")

    collector.pause()
    try:
        with pytest.raises(RuntimeError):
            cli_tui._run(Broken())
        assert gc.isenabled() and not collector.paused()
    finally:
        collector.resume()
        gc.unfreeze()


async def test_no_stylesheet_is_parsed_twice_to_show_a_screen(monkeypatch):
    reparsed: list[int] = []
    original = Stylesheet.reparse
    monkeypatch.setattr(Stylesheet, "reparse", lambda self: (reparsed.append(1), original(self))[1])
    app = make_app(lambda **_: FakeSession(), mode="play", name="ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.switch_mode("table")
        await settle(pilot)
        app.switch_mode("start")
        await settle(pilot)
        assert reparsed == []


async def test_a_screen_first_shown_after_a_theme_change_wears_the_new_theme():
    app = make_app(lambda **_: FakeSession(), mode="play", name="ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = app.screen.styles.background
        app.action_toggle_dark()
        await settle(pilot)
        app.switch_mode("start")
        await settle(pilot)
        fresh = make_app(lambda **_: FakeSession(), name="ann")
        fresh.theme = app.theme
        async with fresh.run_test(size=(80, 24)) as pilot2:
            await settle(pilot2)
            assert app.screen.styles.background == fresh.screen.styles.background != before


def test_a_process_that_hosts_collects_less_often_and_leaves_its_start_out():
    import subprocess
    import sys

    code = ("import gc; from ekpeer import collector; collector.pause(); collector.serve(); "
            "print(gc.isenabled(), gc.get_threshold() == collector.SERVING_THRESHOLD, "
            "gc.get_freeze_count() > 0, collector.paused())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30).stdout
    assert out.split() == ["True", "True", "True", "False"]
