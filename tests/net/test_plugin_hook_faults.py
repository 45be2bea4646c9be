"""A third-party plugin's hook that raises while the engine only asks it must not freeze a table.

The engine asks plugins' hooks while it builds a view or the legal moves, and while it checks a
move before changing anything (``ekpeer_extend_view``, ``ekpeer_refuse_move``,
``ekpeer_extra_moves``, ``ekpeer_play_while_waiting``, ``ekpeer_hand_hidden``,
``ekpeer_combo_cards``). One raising there froze a host's table as a card's ``can_play`` did: no
view reached anyone, the turn clock's default move failed the same way. At a host's table each
now gives way to a safe fallback (``ekpeer/engine/asked.py``), the table and its clocks go on,
and the host logs it once with the plugin's name; elsewhere it still raises.
"""

from __future__ import annotations

import asyncio
import sys

import pytest
from third_party.pip_installed import installed

from ekpeer import plugins
from ekpeer.engine import Move, player_view, spectator_view
from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.net.journal import Journal

from .conftest import ann_and_bob, events, wait_for
from .test_languages import _seated, _view

HOOKBUG = '''
from ekpeer.engine import CardSpec, DeckSpec
from ekpeer.hookspecs import hookimpl

BROKEN = set()      # the hooks that raise (a test sets them)


def _bug(hook):
    if hook in BROKEN:
        raise RuntimeError(hook + " crash")


def glitch_drawn(game, player, card):
    _bug("glitch")      # a move's effect failing: the host rolls the game back
    game.add_to_hand(player, card)
    game.end_turn()


CARDS = [CardSpec("glitch", "Glitch", "Nothing.", counts={"hookbug": 1}, on_drawn=glitch_drawn)]
DECKS = [DeckSpec("hookbug", "Hookbug")]


@hookimpl
def ekpeer_extend_view(game, player, view):
    view["hookbug"] = "half-made"       # changed before it fails: none of it may be sent
    _bug("ekpeer_extend_view")


@hookimpl
def ekpeer_refuse_move(game, player, move):
    _bug("ekpeer_refuse_move")


@hookimpl
def ekpeer_extra_moves(game, player):
    _bug("ekpeer_extra_moves")
    return []


@hookimpl
def ekpeer_play_while_waiting(game, player, move):
    _bug("ekpeer_play_while_waiting")


@hookimpl
def ekpeer_hand_hidden(game, player):
    _bug("ekpeer_hand_hidden")


@hookimpl
def ekpeer_combo_cards(game, player, cards):
    _bug("ekpeer_combo_cards")

'''

#: the hooks asked while a view or the legal moves are made (the turn clock asks them too)
ASKED = ["ekpeer_extend_view", "ekpeer_refuse_move", "ekpeer_extra_moves", "ekpeer_play_while_waiting",
         "ekpeer_hand_hidden"]
RULES_FAILED = "its rules failed on the host (a bug in its plugin)"
HANDS = {"ann": ["defuse", "skip", "tacocat", "tacocat"], "bob": ["skip", "tacocat"]}


@pytest.fixture
def hookbug(tmp_path, monkeypatch):
    """A third party's plugin ``hookbug``, installed the way pip leaves one, whose hooks raise
    as its module's ``BROKEN`` says (the module is returned)."""
    for _package in installed(tmp_path, monkeypatch, "hookbug", HOOKBUG):
        yield plugins.load_module("hookbug")


def _rig(host, table_id: str, setup: dict, broken: str) -> None:
    """Deal the started game at ``table_id`` again as ``setup`` says, then break ``broken`` (a
    rigged table asks who is cursed) and tell every seat."""
    table = host.tables[table_id]
    game = plugins.ruleset(table.settings["expansions"]).game_from_table(setup)
    sys.modules["ekpeer_hookbug"].BROKEN.add(broken)
    table.game = game
    table.journal_game()
    for seat in table.seats:
        table.send_snapshot(seat.session)


def _logged_once(host, hook: str) -> None:
    logged = events(host, "hook_failed")
    assert [(e["hook"], e["plugin"]) for e in logged] == [(hook, "hookbug")]    # once, not per view
    assert f"{hook} crash" in logged[0]["traceback"]
    assert not events(host, "handler_error") and not events(host, "engine_error")


@pytest.mark.parametrize("hook", ASKED)
async def test_a_hook_that_raises_leaves_every_view_coming_and_the_turn_passing(hookbug, host, ctx, hook):
    """Ann draws a kitten and defuses it (choices awaited: ``ekpeer_play_while_waiting`` is asked
    for every other hand), and the turn passes to Bob, every seat's view coming all along."""
    async with ann_and_bob(host, ctx) as (ann, bob):
        await _seated(ann, bob, "bug", expansions=["base", "hookbug"])
        _rig(host, "bug", {"players": ["ann", "bob"], "current": "ann",
                           "draw_pile": ["exploding_kitten"] + ["tacocat"] * 8, "hands": HANDS}, hook)
        mine = await wait_for(lambda: _view(ann, lambda v: v["hand_count"] == 4), what="ann's view")
        theirs = await wait_for(lambda: _view(bob, lambda v: v["hand_count"] == 2), what="bob's view")
        moves = [m["do"] for m in mine["legal_moves"]]
        if hook == "ekpeer_extend_view":   # sent as the engine makes it: nothing of it half-extended
            assert "hookbug" not in mine and "hookbug" not in theirs
        else:
            assert mine["hookbug"] == theirs["hookbug"] == "half-made"
        if hook == "ekpeer_refuse_move":    # each play refused (the rules may forbid it), never the draw
            assert moves == ["draw"]
            refused = await ann.move(Move("play", "ann", ("skip",)), check=False)
            assert refused["code"] == "refused" and refused["message"] == RULES_FAILED
        elif hook != "ekpeer_hand_hidden":
            assert "draw" in moves and "play" in moves
        if hook == "ekpeer_hand_hidden":    # face down rather than shown where it should not be,
            assert mine["hand"] == [] and theirs["hand"] == []      # and said so: no curse was cast
            assert not any(p["cursed"] for p in mine["players"])
            assert all(p["hand_rules_failed"] for p in mine["players"] + theirs["players"])
            assert not [m for m in mine["legal_moves"] if m.get("cards")]   # no card of it named
        else:
            assert mine["hand"] == HANDS["ann"]
        await ann.move(Move("draw", "ann"))
        await wait_for(lambda: _view(bob, lambda v: v["awaiting"]), what="bob's view while ann chooses")
        await ann.move(Move("choose", "ann", use="defuse"))
        await wait_for(lambda: _view(ann, lambda v: [c["kind"] for c in v["choices"]] == ["position"]),
                       what="where ann puts the kitten back")
        await ann.move(Move("choose", "ann", position=2))
        await wait_for(lambda: _view(bob, lambda v: v["current"] == "bob"), what="bob's turn")
        await wait_for(lambda: _view(ann, lambda v: v["current"] == "bob"), what="ann sees bob's turn")
        _logged_once(host, hook)


@pytest.mark.parametrize("hook", ASKED)
async def test_the_turn_clock_default_moves_work_past_a_hook_that_raises(hookbug, host, ctx, hook):
    """Ann's clock runs out: she draws a kitten, her clock runs out on where to put it back (a
    choice awaited: ``ekpeer_play_while_waiting`` is asked), and the turn passes to Bob."""
    async with ann_and_bob(host, ctx) as (ann, bob):
        await _seated(ann, bob, "clock", expansions=["base", "hookbug"], turn_seconds=0.3)
        _rig(host, "clock", {"players": ["ann", "bob"], "current": "ann",
                             "draw_pile": ["exploding_kitten"] + ["tacocat"] * 30,
                             "hands": {"ann": ["defuse", "skip"], "bob": ["skip", "tacocat"]}}, hook)
        host.tables["clock"].schedule()       # the rigged game's clock: ann's turn runs out
        defused = lambda v: v["current"] == "bob" and v["players"][0]["status"] == "living"   # noqa: E731
        await wait_for(lambda: _view(bob, defused), 5, what="bob's turn after ann's kitten went back")
        assert events(host, "timed_out")[0]["move"]["do"] == "draw"
        assert not events(host, "default_refused")
        _logged_once(host, hook)


async def test_a_combo_a_failing_combo_cards_counts_is_refused_with_words(hookbug, host, ctx):
    async with ann_and_bob(host, ctx) as (ann, bob):
        await _seated(ann, bob, "combo", expansions=["base", "hookbug"])
        _rig(host, "combo", {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["tacocat"] * 8,
                             "hands": HANDS}, "ekpeer_combo_cards")
        await wait_for(lambda: _view(ann, lambda v: v["hand_count"] == 4), what="ann's view")
        for _ in range(2):
            refused = await ann.move(Move("play", "ann", ("tacocat", "tacocat"), target="bob"), check=False)
            assert refused["code"] == "cannot_play" and refused["message"] == RULES_FAILED
        await ann.move(Move("draw", "ann"))
        await wait_for(lambda: _view(bob, lambda v: v["current"] == "bob"), what="bob's turn")
        _logged_once(host, "ekpeer_combo_cards")


async def test_a_draw_let_past_a_failing_refuse_move_replays_in_rollback_and_restart(hookbug, ctx, tmp_path):
    """The draw a failing ``ekpeer_refuse_move`` let through is in the game's log: the host's
    rollback (a later move's effect failing) and its restart from the journal replay that log,
    and must go the same way past the hook, or the rollback fails and the table is lost."""
    records: list[dict] = []
    host = Host("tcp://127.0.0.1:0", ctx=ctx, think=(0.0, 0.0), seed=7, log=records.append, ping_seconds=0.5,
                idle_seconds=5.0, journal=Journal(tmp_path))
    host.records = records  # type: ignore[attr-defined]
    await host.start()
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.5, lang="en")
    bob = Client(host.address, "bob", ctx=ctx, ping_seconds=0.5, lang="en")
    again = None
    try:
        await _seated(ann, bob, "bug", expansions=["base", "hookbug"])
        _rig(host, "bug", {"players": ["ann", "bob"], "current": "ann",
                           "draw_pile": ["tacocat", "glitch"] + ["tacocat"] * 6, "hands": HANDS},
             "ekpeer_refuse_move")
        await ann.move(Move("draw", "ann"))
        await wait_for(lambda: _view(bob, lambda v: v["current"] == "bob"), what="bob's turn")
        hookbug.BROKEN.add("glitch")
        refused = await bob.move(Move("draw", "bob"), check=False)     # rolled back, refused in words
        assert refused["code"] == "internal" and "a bug in plugin hookbug" in refused["message"]
        assert not events(host, "rollback_failed")
        hookbug.BROKEN.discard("glitch")
        await bob.move(Move("draw", "bob"))
        await wait_for(lambda: _view(ann, lambda v: v["current"] == "ann"), what="ann's turn again")
        moves = len(host.tables["bug"].game.log)
        again = Host("tcp://127.0.0.1:0", ctx=ctx, seed=8, journal=Journal(tmp_path), log=records.append)
        again.loop = asyncio.get_running_loop()
        assert again.restore() == ["bug"] and len(again.tables["bug"].game.log) == moves == 2
        assert not events(host, "journal_broken")
    finally:
        await ann.close()
        await bob.close()
        await host.close()
        if again is not None:
            await again.close()


def _game(guarded: bool, broken: str):
    """A game of base and hookbug whose ``broken`` hook raises (a host's, where ``guarded``)."""
    sys.modules["ekpeer_hookbug"].BROKEN.discard(broken)    # a rigged table asks who is cursed
    game = plugins.ruleset(["base", "hookbug"]).game_from_table(
        {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["exploding_kitten"] + ["tacocat"] * 4,
         "hands": {"ann": ["defuse", "tacocat", "tacocat"], "bob": ["skip"]}})
    sys.modules["ekpeer_hookbug"].BROKEN.add(broken)
    if guarded:
        game.failed_rules = {}
    return game


def _ask(game, hook: str) -> None:
    """Make ``game`` ask ``hook`` as a host's table would."""
    if hook == "ekpeer_combo_cards":
        try:
            game.apply(Move("play", "ann", ("tacocat", "tacocat"), target="bob"))
        except Exception as exc:
            if type(exc).__name__ != "IllegalMove":
                raise
        return
    if hook == "ekpeer_play_while_waiting":
        game.apply(Move("draw", "ann"))             # a kitten: where it goes back is awaited
        assert game.awaiting
    player_view(game, "ann")
    player_view(game, "bob")
    spectator_view(game)


@pytest.mark.parametrize("hook", [*ASKED, "ekpeer_combo_cards"])
def test_outside_a_hosts_table_a_hook_that_raises_still_fails_loudly(hookbug, hook):
    with pytest.raises(RuntimeError, match=f"{hook} crash"):
        _ask(_game(False, hook), hook)
    game = _game(True, hook)
    _ask(game, hook)
    assert {key[0] for key in game.failed_rules} == {hook}
    assert {key[1] for key in game.failed_rules} == {"ekpeer_hookbug"}    # the module whose hook raised


def test_a_failing_hand_hidden_lays_hands_face_down_but_calls_nobody_cursed(hookbug):
    """Safe and honest: a hand lies face down when the hook that says so fails (shown, it could
    tell its owner cards a curse hides), its owner's moves name none of its cards; but no seat
    reads "cursed", which nobody cast: each reads that a plugin's rules failed."""
    from ekpeer.i18n import set_language
    from ekpeer.tui.widgets import player_lines
    from ekpeer.tui.words import Catalog

    game = _game(True, "ekpeer_hand_hidden")
    view = player_view(game, "ann")
    assert view["hand"] == [] and view["hand_count"] == 3
    assert [(p["cursed"], p["hand_rules_failed"]) for p in view["players"]] == [(False, True)] * 2
    assert [m for m in view["legal_moves"] if m.get("cards")] == []
    assert [p["cursed"] for p in spectator_view(game)["players"]] == [False, False]
    set_language("en")
    said = player_lines(view, Catalog(game.ruleset.catalog())).plain
    assert "cursed" not in said
    assert [line.strip() for line in said.splitlines()].count("face down: a plugin bug") == 2      # whole
