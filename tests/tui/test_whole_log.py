"""``l`` reads the whole game's log, as the README promises: a stranger's, after 28 turns and
a connection reset of a second, said "The game's log: 100 lines" and began mid-game (the
resume's snapshot, the host's last 50 events, had written it anew), its first line a live
"Your turn · 28 s left"; and his own log said nothing of the drop every other table said."""

from __future__ import annotations

from ekpeer.engine import Move, player_view
from ekpeer.engine.view import visible_events
from ekpeer.tui.app import OUTAGE_WORD_WAIT
from ekpeer.tui.game_log import LOG_LINES, GameLog, unseen
from ekpeer.tui.screens.log import LogScreen, log_title

from .conftest import rigged, scripted_app, settle, until

SEATS = {"ann": {"state": "connected"}, "bob": {"state": "connected"}}


def lobby(games: int = 1) -> dict:
    seats = [{"name": n, "ready": True, "bot": False, "you": n == "ann", "connected": True, **s}
             for n, s in SEATS.items()]
    return {"type": "lobby", "body": {"table": "t", "you": "ann", "started": True, "phase": "playing",
                                      "games": games, "creator": True, "seats": seats, "cone": None,
                                      "settings": {}}}


def long_game():
    """Two players who only draw, from a pile of harmless cards."""
    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["tacocat", "beard_cat"] * 30,
             "hands": {"ann": ["defuse"], "bob": ["defuse"]}}
    return rigged(table)


def snapshot(game, rules, events, first: int = 0) -> dict:
    """The host's snapshot for ann: ``events`` (ann's), the last of this game's, ``first``
    among all those she may see."""
    return {"type": "snapshot", "body": {"view": player_view(game, "ann"), "catalog": rules.catalog(),
                                         "events": list(events), "earlier": 0, "first": first}}


def seen(events) -> list:
    return visible_events(list(events), "ann")


def draws(game, n: int) -> list:
    """``n`` draws, each player's in turn: the events of each."""
    out = []
    for _ in range(n):
        out.append(game.apply(Move.from_dict({"do": "draw", "by": game.current})))
    return out


async def test_a_resume_keeps_the_log_from_the_first_move_and_adds_only_what_is_new():
    game, rules, _ev = long_game()
    app, session = scripted_app([lobby(), snapshot(game, rules, [])])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        history: list = []
        for events in draws(game, 12):
            history += events
            session.push("update", {"view": player_view(game, "ann"),
                                    "events": visible_events(list(events), "ann")})
        await settle(pilot, 4)
        before = list(app.log_lines)
        first = before[:3]
        assert before and app.log_lines.count(before[-1]) >= 1
        # the connection reset: the host sends the lobby and a snapshot of its last events, a
        # few of them new (played while the connection was down)
        later = [e for events in draws(game, 2) for e in events]
        session.push("lobby", lobby()["body"])
        told = seen(history)
        session.push("snapshot", snapshot(game, rules, told[-6:] + seen(later), len(told) - 6)["body"])
        # (the new moves wait for the client library's word on a drop; none comes here)
        await pilot.pause(OUTAGE_WORD_WAIT + 0.2)
        await settle(pilot, 6)
        lines = list(app.log_lines)
        assert lines[:3] == first, lines[:5]                 # the opening moves are still there
        assert lines[:len(before)] == before                  # nothing written twice
        assert len(lines) > len(before)                       # the new moves, once
        assert not app.log_lines.recent_only
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        title = str(app.screen.query_one("#dialog-title").render())
        assert title == f"The game's log: {len(lines)} lines"
        whole = [str(line.text) for line in app.screen.query_one("#whole-log").lines]
        assert whole[0] == lines[0]


async def test_moves_missed_beyond_the_snapshot_and_a_mid_game_join_say_the_log_is_not_whole():
    game, rules, _ev = long_game()
    history = [e for events in draws(game, 10) for e in events]
    # joined mid-game: the host's last events only
    told = seen(history)
    app, session = scripted_app([lobby(), snapshot(game, rules, told[-4:], len(told) - 4)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert app.log_lines.recent_only
        await pilot.press("l")
        await settle(pilot)
        title = str(app.screen.query_one("#dialog-title").render())
        assert "not the whole game" in title, title
        await pilot.press("escape")
        await settle(pilot)
    # away longer than the snapshot reaches: none of its events joins on to the log
    game, rules, _ev = long_game()
    app, session = scripted_app([lobby(), snapshot(game, rules, [])])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert not app.log_lines.recent_only
        missed = [e for events in draws(game, 8) for e in events]
        session.push("lobby", lobby()["body"])
        told = seen(missed)
        session.push("snapshot", snapshot(game, rules, told[-3:], len(told) - 3)["body"])
        await settle(pilot, 6)
        assert app.log_lines.recent_only
        assert any("went by while you were away" in line for line in app.log_lines)


async def test_a_rematch_begins_a_new_log():
    game, rules, _ev = long_game()
    app, session = scripted_app([lobby(), snapshot(game, rules, [])])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        session.push("update", {"view": player_view(game, "ann"),
                                "events": visible_events(list(draws(game, 1)[0]), "ann")})
        await settle(pilot, 3)
        old = list(app.log_lines)
        game2, rules2, _ev = long_game()
        session.push("lobby", lobby(games=2)["body"])
        session.push("snapshot", snapshot(game2, rules2, [])["body"])
        await settle(pilot, 6)
        assert len(app.log_lines) < len(old) + 1 and app.log_lines[-1] != old[-1]


async def test_your_turn_and_its_clock_are_said_under_the_log_not_as_its_first_line():
    game, rules, _ev = long_game()
    app, session = scripted_app([lobby(), snapshot(game, rules, [])])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        session.push("timer", {"kind": "turn", "seconds": 30.0, "player": "ann"})
        await pilot.press("l")
        await settle(pilot, 4)
        calling = app.screen.query_one("#log-calling")
        whole_log = app.screen.query_one("#whole-log")
        await until(pilot, lambda: calling.display, 2.0, "your turn said")
        assert calling.region.y >= whole_log.region.bottom, (calling.region, whole_log.region)


def test_the_log_keeps_thousands_of_lines_and_counts_those_it_dropped():
    log = GameLog()
    log.extend(f"line {i}" for i in range(LOG_LINES))
    assert log.dropped == 0 and log[0] == "line 0"
    log.append("one more")
    assert log.dropped == 1 and log[0] == "line 1" and len(log) == LOG_LINES
    assert log.since(log.written - 1) == ["one more"]
    assert "1 older ones dropped" in log_title(log)


def test_the_events_after_those_known_are_found_past_the_earlier_explosions():
    ev = [{"type": "drew", "player": p, "n": i} for i, p in enumerate("abcdefg")]
    boom = {"type": "exploded", "player": "z"}
    known = [boom, *ev[:5]]
    assert unseen(known, [boom, *ev[3:]]) == ev[5:]
    assert unseen(known, [boom, *ev[2:5]]) == []
    assert unseen(known, [ev[6]]) is None
    assert unseen([], ev[:2]) == ev[:2]


async def test_your_own_drop_is_in_your_own_log():
    game, rules, _ev = long_game()
    app, session = scripted_app([lobby(), snapshot(game, rules, [])])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        session.push("connection", {"state": "rejoined", "reason": "host forgot us", "away": 1.6,
                                    "bot_played": False})
        await settle(pilot, 4)
        assert app.log_lines[-1] == "Your connection to the host dropped; back after 2 s"
        shown = [str(line.text) for line in app.table_screen.query_one("#log").lines]
        said = " ".join(line.strip() for line in shown[-3:])       # (wrapped at 80 columns)
        assert said.endswith("Your connection to the host dropped; back after 2 s"), said


async def test_a_log_begun_anew_while_l_is_open_shows_its_lines_and_their_count():
    """A stranger's log, open over a reconnect, lacked the newest lines the table showed and
    its title kept the old count: the screen held the log from before it was begun anew."""
    game, rules, _ev = long_game()
    app, session = scripted_app([lobby(), snapshot(game, rules, [])])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        for events in draws(game, 6):
            session.push("update", {"view": player_view(game, "ann"), "events": seen(events)})
        await settle(pilot, 4)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        game2, rules2, _ev = long_game()
        session.push("lobby", lobby(games=2)["body"])
        session.push("snapshot", snapshot(game2, rules2, [])["body"])
        await settle(pilot, 6)
        assert isinstance(app.screen, LogScreen)
        lines = list(app.log_lines)
        whole = [str(line.text) for line in app.screen.query_one("#whole-log").lines]
        assert whole == lines, (whole, lines)
        title = str(app.screen.query_one("#dialog-title").render())
        assert title == log_title(app.log_lines), title


async def test_home_and_end_reach_the_first_and_last_line_whatever_has_the_focus():
    """Home did not reach the log's first line (PgUp did)."""
    game, rules, _ev = long_game()
    app, session = scripted_app([lobby(), snapshot(game, rules, [])])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        for events in draws(game, 12):
            session.push("update", {"view": player_view(game, "ann"), "events": seen(events)})
        await settle(pilot, 4)
        await pilot.press("l")
        await settle(pilot)
        log = app.screen.query_one("#whole-log")
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        app.screen.query_one("#close").focus()      # the Back button, as after a tap
        await pilot.press("home")
        await settle(pilot, 2)
        assert log.scroll_y == 0
        await pilot.press("end")
        await settle(pilot, 2)
        assert log.scroll_y == log.max_scroll_y
