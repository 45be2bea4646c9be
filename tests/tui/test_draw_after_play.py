"""A d typed with the play before it (→ ⏎ d in one burst, against bots) is kept while your own
card waits for its Nope window, said on the status line, and drawn once the window closes; Esc
or another move key calls it off; and a picture changed meanwhile (your card Noped, the top
cards seen) drops it, said why. A stranger's d was thrown away with a toast cut off at 64x20,
and each play cost the window's seconds and a second d.

The real host in this process (its bots moving at once, its Nope window 1.5 s), dealt a rigged
table; the Noped case by a scripted session (a bot's Nope is its own to play)."""

from __future__ import annotations

import pytest

from ekpeer import i18n
from ekpeer.engine import Move, player_view
from ekpeer.engine.ruleset import Ruleset
from ekpeer.engine.view import visible_events
from ekpeer.tui.screens.table import TableScreen
from ekpeer.tui.widgets import CardWidget

from .conftest import hosted_app, rigged, screen_lines, scripted_app, settle, snapshot_of, until
from .test_key_bursts import burst

KEPT = "Drawing when the Nope window closes (Esc: don't)"
KEPT_NARROW = "Drawing after the window (Esc: don't)"


@pytest.fixture
def dealt(monkeypatch):
    """The host deals ann this hand and this pile (top first), whoever sits beside her."""

    def deal(hand: list[str], pile: list[str]) -> None:
        def new_game(self, players, seed=0, **_):
            return self.game_from_table({"players": list(players), "current": players[0], "draw_pile": pile,
                                         "hands": {players[0]: hand, players[1]: ["tacocat"]}}, seed=seed)

        monkeypatch.setattr(Ruleset, "new_game", new_game)

    return deal


def _drawn(app) -> list[dict]:
    """The draws ann's client sent the host (recorded by :func:`_seated`)."""
    return [m for m in app.sent_moves if m.get("do") == "draw"]


def _status(app) -> str:
    return str(app.table_screen.query_one("#status").render())


def _toasts(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def _seated(pilot, app) -> list[str]:
    await settle(pilot, 4)
    await pilot.press("s")
    await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.view.get("current") == "ann"
                and bool(app.screen.query(CardWidget)), 10, "ann's turn at the table")
    await settle(pilot, 4)
    session, app.sent_moves = app.session, []
    send = session.move

    async def move(m):
        app.sent_moves.append(m)
        await send(m)

    session.move = move
    return [c.card for c in app.screen.query(CardWidget)]


def _play_and_draw(app, titles: list[str], card: str) -> None:
    """→ to ``card``, ⏎, d: one burst."""
    burst(app, *["right"] * titles.index(card), "enter", "d")


@pytest.mark.parametrize("size", [(80, 24), (64, 20)])
async def test_a_d_typed_with_the_play_draws_once_the_window_closes(dealt, size):
    dealt(["defuse", "shuffle", "skip"], ["tacocat", "beard_cat", "skip", "nope"])
    app = hosted_app(seats=2, reaction_seconds=1.5)
    async with app.run_test(size=size) as pilot:
        titles = await _seated(pilot, app)
        _play_and_draw(app, titles, "shuffle")
        said = KEPT if size[0] >= 80 else KEPT_NARROW
        await until(pilot, lambda: said in _status(app), 3, "the kept d said on the status line")
        assert not _drawn(app) and not _toasts(app), _toasts(app)     # kept, not refused
        lines = screen_lines(app)       # on the status line, whole, and the window's bar under it
        assert any(said in line for line in lines) and any("Reaction" in line for line in lines), \
            "\n".join(lines)
        await until(pilot, lambda: bool(_drawn(app)), 5, "the draw once the window closed")
        assert said not in _status(app)
        assert not _toasts(app), _toasts(app)


async def test_esc_calls_the_kept_draw_off(dealt):
    dealt(["defuse", "shuffle", "skip"], ["tacocat", "beard_cat", "skip", "nope"])
    app = hosted_app(seats=2, reaction_seconds=1.5)
    async with app.run_test(size=(80, 24)) as pilot:
        titles = await _seated(pilot, app)
        _play_and_draw(app, titles, "shuffle")
        await until(pilot, lambda: KEPT in _status(app), 3, "the kept d")
        await pilot.press("escape")
        await settle(pilot, 2)
        assert KEPT not in _status(app) and "Not drawing after all." in _status(app)
        assert not _toasts(app), _toasts(app)
        await until(pilot, lambda: not app.view.get("stack"), 5, "the window closed")
        await settle(pilot, 6)
        assert not _drawn(app) and app.view.get("current") == "ann"


async def test_another_move_key_calls_the_kept_draw_off(dealt):
    """→ ⏎ d, then Enter on the Skip once its window is closed: the Skip, and no draw."""
    dealt(["defuse", "shuffle", "skip"], ["tacocat", "beard_cat", "skip", "nope"])
    app = hosted_app(seats=2, reaction_seconds=1.5)
    async with app.run_test(size=(80, 24)) as pilot:
        titles = await _seated(pilot, app)
        _play_and_draw(app, titles, "shuffle")
        await until(pilot, lambda: KEPT in _status(app), 3, "the kept d")
        await pilot.press("enter")          # the Skip, still in its window's way: refused, and no d
        await settle(pilot, 2)
        assert KEPT not in _status(app)
        await until(pilot, lambda: not app.view.get("stack"), 5, "the window closed")
        await settle(pilot, 6)
        assert not _drawn(app)


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("size", [(64, 20), (80, 24)])
async def test_a_see_the_future_then_d_shows_the_top_cards_and_draws_nothing(dealt, size, lang):
    """The d was pressed before the top cards were seen: a kitten may be there (here it is),
    so it is dropped and said, not drawn into; said on the status line, for a few seconds: a
    toast stood over the log's newest line, "You saw, top first: Exploding Kitten…" (64x20)."""
    dealt(["defuse", "see_the_future", "skip"], ["exploding_kitten", "tacocat", "beard_cat", "nope"])
    i18n.set_language(lang)
    try:
        app = hosted_app(seats=2, reaction_seconds=1.5)
        async with app.run_test(size=size, notifications=True) as pilot:
            titles = await _seated(pilot, app)
            _play_and_draw(app, titles, "see_the_future")
            kept = i18n._(KEPT_NARROW if size[0] < 80 else KEPT)
            await until(pilot, lambda: kept in _status(app), 3, "the kept d")
            said = i18n._("You saw the top cards: not drawing.")
            await until(pilot, lambda: said in _status(app), 5, "the d dropped, said why",
                        said=lambda: _status(app))
            await settle(pilot, 6)
            assert not _drawn(app) and app.view.get("current") == "ann"
            assert not _toasts(app), _toasts(app)
            lines = screen_lines(app)
            assert any(said in line for line in lines), "\n".join(lines)
            seen = [line for line in app.log_lines if "exploding" in line.lower() or "eksploderende" in
                    line.lower()][-1]
            words = " ".join(lines).split()
            assert all(word in words for word in seen.split()), (seen, "\n".join(lines))
            table = app.screen
            table._kept_said = (said, 0.0)          # its seconds over: the status line as it was
            await settle(pilot, 4)
            assert said not in _status(app)
    finally:
        i18n.set_language("en")


def _update(session, game, before: int) -> None:
    session.push("update", {"view": player_view(game, "ann"),
                            "events": visible_events(list(game.events[before:]), "ann")})


async def test_a_kept_draw_whose_card_is_noped_is_dropped_and_said():
    """ann's Skip Noped while her d waits: she must still draw or play on, her own choice;
    the d is not drawn for her."""
    table = {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["tacocat", "exploding_kitten"],
             "hands": {"ann": ["skip", "shuffle"], "bob": ["nope"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "ann", "cards": ["skip"]}])
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot, 6)
        await pilot.press("d")
        await settle(pilot, 2)
        assert KEPT_NARROW in _status(app)
        before = len(game.events)
        game.apply(Move.from_dict({"do": "play", "by": "bob", "cards": ["nope"]}))
        _update(session, game, before)
        await settle(pilot, 3)
        assert "Skip was Noped: not drawing." in _status(app) and KEPT_NARROW not in _status(app)
        before = len(game.events)
        while game.reaction_open:
            game.apply(Move.from_dict({"do": "resolve"}))
        _update(session, game, before)
        await settle(pilot, 4)
        assert not [m for kind, m in session.sent if kind == "move"]


@pytest.mark.parametrize("lang", ["en", "da"])
async def test_a_refused_draw_says_it_whole_at_64x20(lang):
    """A d while another's card waits for its Nope window (not kept: not your card): the
    toast's words end on the screen (the Danish one showed four of its five lines)."""
    table = {"players": ["ann", "bob"], "current": "bob", "draw_pile": ["skip", "tacocat"],
             "hands": {"ann": ["nope", "skip"], "bob": ["shuffle"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "bob", "cards": ["shuffle"]}])
    i18n.set_language(lang)
    try:
        app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
        async with app.run_test(size=(64, 20), notifications=True) as pilot:
            await settle(pilot, 6)
            session.push("timer", {"kind": "reaction", "seconds": 3.0, "player": None})
            await pilot.press("d")
            await settle(pilot, 3)
            said = _toasts(app)
            assert len(said) == 1, said
            last = said[0].split()[-1]           # the toast's last line is on the screen
            assert any(last in line.split("▌")[-1] for line in screen_lines(app)), (said, screen_lines(app))
    finally:
        i18n.set_language("en")


async def test_a_kept_draw_after_a_skip_of_one_of_two_turns_draws_for_the_other():
    """Attacked (two turns), ann typed → ⏎ d on her Skip: the Skip used one turn and it is still
    her turn, nothing else changed, so the d draws for the turn left (it was dropped, said "Your
    turn moved on", while the bar said it was still hers)."""
    table = {"players": ["ann", "bob"], "current": "ann", "turns": 2, "draw_pile": ["tacocat", "beard_cat"],
             "hands": {"ann": ["skip", "shuffle"], "bob": ["tacocat"]}}
    game, rules, ev = rigged(table, [{"do": "play", "by": "ann", "cards": ["skip"]}])
    app, session = scripted_app([snapshot_of(game, rules, "ann", ev)])
    async with app.run_test(size=(64, 20), notifications=True) as pilot:
        await settle(pilot, 6)
        await pilot.press("d")
        await settle(pilot, 2)
        assert KEPT_NARROW in _status(app)
        before = len(game.events)
        while game.reaction_open:
            game.apply(Move.from_dict({"do": "resolve"}))
        assert game.current == "ann" and game.turns == 1
        _update(session, game, before)
        await settle(pilot, 4)
        assert not _toasts(app), _toasts(app)
        assert [m.get("do") for kind, m in session.sent if kind == "move"] == ["draw"]
