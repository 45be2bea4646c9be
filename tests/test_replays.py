"""Replays: a host saves each finished game; the file rebuilds the same final state, and the
replay screen steps through it."""

from __future__ import annotations

import json
import time

import pytest
import zmq.asyncio
from hosts import played_out

from ekpeer.cli import build_parser
from ekpeer.net.host import Host
from ekpeer.replays import Playback, ReplayError, ReplaySaver, load, rebuild
from ekpeer.tui.screens.replay import ReplayApp, ReplayScreen


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A networked game (a remote bot and a host bot) saved by the host's ReplaySaver."""
    import asyncio

    folder = tmp_path_factory.mktemp("replays")
    finals: list[tuple] = []

    async def play() -> None:
        ctx = zmq.asyncio.Context()
        host = Host("tcp://127.0.0.1:0", ctx=ctx, seed=3)
        host.add_table("rp", {"seats": 2, "reaction_seconds": 0.01, "turn_seconds": 5.0}, title="Replay me")
        saver = ReplaySaver(folder)
        host.game_over_hooks += [saver, lambda table: finals.append(table.game.snapshot())]
        await played_out(host, ctx)

    asyncio.run(play())
    files = sorted(folder.glob("*.json"))
    assert len(files) == 1 and len(finals) == 1
    return files[0], finals[0]


def test_a_saved_game_replays_to_the_same_final_state(saved):
    path, final = saved
    data = json.loads(path.read_text())
    assert data["format"] == "ekpeer-replay" and data["table"] == "rp" and data["title"] == "Replay me"
    assert data["players"] == ["ann", "bot1"] and data["winner"] in data["players"]
    assert {s["name"]: s["bot"] for s in data["seats"]} == {"ann": None, "bot1": "heuristic"}
    assert data["plugins"] == [{"name": "base", "version": "0.1.0"}] and data["saved_at"].endswith("Z")
    assert rebuild(load(path)).snapshot() == final
    playback = Playback(load(path))
    assert playback.frames[-1].snapshot == final and playback.frames[-1].view["winner"] == data["winner"]
    assert len(playback) == len(data["record"]["moves"]) + 1


def test_bad_files_are_refused(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text('{"format": "something else"}')
    with pytest.raises(ReplayError):
        load(bad)
    from ekpeer.cli import main

    assert main(["replay", str(bad)]) == 2


def test_a_replay_that_no_longer_rebuilds_is_refused_in_words(saved, tmp_path, capsys):
    """An older ekpeer dealt differently (custom decks changed their deal): its replay must say
    so, never show another game or end in a traceback."""
    path, _ = saved
    data = json.loads(path.read_text())
    moves = data["record"]["moves"]
    first_draw = next(i for i, m in enumerate(moves) if m.get("do") == "draw")
    moves.insert(first_draw, {"do": "play", "by": moves[first_draw]["by"], "cards": ["no_such_card"]})
    broken = tmp_path / "older.json"
    broken.write_text(json.dumps(data))
    said = f"move {first_draw + 1} of this replay .*cannot be played back"
    for attempt in (lambda: Playback(load(broken)), lambda: rebuild(load(broken))):
        with pytest.raises(ReplayError, match=said):
            attempt()
    other = json.loads(path.read_text())
    loser = next(p for p in other["players"] if p != other["winner"])
    other["winner"], other["winners"] = loser, [loser]
    (tmp_path / "other.json").write_text(json.dumps(other))
    with pytest.raises(ReplayError, match=f"not by {loser} as saved"):
        Playback(load(tmp_path / "other.json"))
    from ekpeer.cli import main

    assert main(["replay", str(broken)]) == 2
    assert "cannot be played back exactly" in capsys.readouterr().err


def test_the_flags_exist():
    parser = build_parser()
    assert parser.parse_args(["host", "--headless", "--save-replays", "d"]).save_replays == "d"
    assert parser.parse_args(["play", "--save-replays", "d"]).save_replays == "d"
    assert parser.parse_args(["replay", "f.json", "--hands"]).hands is True


async def test_replay_screen_steps_through_the_game(saved):
    path, final = saved
    playback = Playback(load(path))
    app = ReplayApp(playback)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause(0.05)
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.index == 0
        assert "step 0/" in str(screen.query_one("#replay-title").render())
        assert "dealt" in str(screen.query_one("#replay-step").render())
        await pilot.press("right", "right", "right")
        assert screen.index == 3
        await pilot.press("left")
        assert screen.index == 2
        await pilot.press("end")
        assert screen.index == playback.last and screen.frame.snapshot == final
        title = str(screen.query_one("#replay-title").render())
        assert f"step {playback.last}/{playback.last}" in title and "winner" in title
        assert "wins!" in str(screen.query_one("#replay-players").render())
        await pilot.press("right")                       # past the end: stays
        assert screen.index == playback.last
        await pilot.press("home")
        assert screen.index == 0
        hands = playback.frames[0].hands["ann"]
        shown = str(screen.query_one("#replay-players").render())
        assert screen.catalog.title(hands[0]) not in shown.split("ann", 1)[1].split("\n")[0]
        await pilot.press("h")                           # every hand, and the draw pile
        shown = str(screen.query_one("#replay-players").render())
        assert screen.show_hands and screen.catalog.titles(hands) in shown and "top first" in shown
        await pilot.press("h")
        assert not screen.show_hands
        started = time.monotonic()
        for _ in range(playback.last):
            await pilot.press("right")
        assert screen.index == playback.last and time.monotonic() - started < 20


async def test_the_replay_viewer_speaks_danish(saved):
    """``ekpeer replay --lang da``: the cards in the plugins' Danish, the viewer's words too."""
    from ekpeer import i18n

    path, _final = saved
    i18n.set_language("da")
    try:
        playback = Playback(load(path))
        titles = {c["id"]: c["title"] for c in playback.catalog}
        assert titles["skip"] == "Spring over" and titles["defuse"] == "Desarmer"
        app = ReplayApp(playback)
        async with app.run_test(size=(110, 34)) as pilot:
            await pilot.pause(0.05)
            await pilot.press("end")
            title = str(app.screen.query_one("#replay-title").render())
            assert "trin" in title and "vinder" in title
            assert "vinder!" in str(app.screen.query_one("#replay-players").render())
    finally:
        i18n.set_language("en")


@pytest.fixture(scope="module")
def expansions_game():
    """A 4-player game with the Imploding and Streaking boxes, played by bots offline (a
    fraction of a second): it has Defuses, a Streaking Kitten used and an Alter the Future."""
    from ekpeer.bots import make_bot
    from ekpeer.bots.driver import play_out
    from ekpeer.plugins import ruleset
    from ekpeer.replays import replay_data

    names = ["ann", "bot1", "bot2", "bot3"]
    # the first deal whose game has all the tests need (the bots' play changes with their
    # policy, so a fixed seed would silently stop holding one of them)
    for seed in range(3, 60):
        game = ruleset(["base", "imploding", "streaking"]).new_game(names, seed=seed)
        play_out(game, {n: make_bot("heuristic", seed=30 + i) for i, n in enumerate(names)})
        data = replay_data(game, table="t", title="Words")
        moves = str(data["record"]["moves"])
        playback = Playback(data)
        if (all(card in moves for card in ("defuse", "streaking_kitten", "alter_the_future"))
                and any(0 < len(f.draw_pile) <= 5 for f in playback.frames)):
            return playback
    raise AssertionError("no deal in 3..59 has a Defuse, a Streaking Kitten, an Alter the Future "
                         "and a draw pile of 5 or fewer")


def test_the_replays_moves_are_said_in_words_not_ids(expansions_game):
    """Not "chooses: use streaking_kitten", "order [0, 1, 2]" or "position 0": card titles and
    places; with hands hidden, no more than a spectator saw."""
    from ekpeer.tui.screens.replay import move_words
    from ekpeer.tui.words import Catalog

    playback = expansions_game
    cat = Catalog(playback.catalog)
    said: dict[str, list[str]] = {"hidden": [], "shown": []}
    for i, frame in enumerate(playback.frames[1:], 1):
        for mode, shown in (("hidden", False), ("shown", True)):
            words = move_words(frame.move, cat, playback.frames[i - 1], frame, shown)
            said[mode].append(words)
            assert "_" not in words and "[" not in words and "chooses:" not in words, words
            for card in cat.cards:
                assert card not in words or cat.title(card) == card, words
    everything = "\n".join(said["shown"])
    assert "uses Defuse against Exploding Kitten." in everything
    assert "uses Streaking Kitten against Exploding Kitten." in everything
    assert "puts Exploding Kitten back into the draw pile, on top: drawn next." in everything
    order = next(w for w in said["shown"] if "puts the top" in w)
    assert "top first: " in order and order.count(",") >= 2
    hidden = "\n".join(said["hidden"])
    assert "in an order only they know" in hidden and "top first" not in hidden
    assert "puts Exploding Kitten back into the draw pile where only they know." in hidden
    assert "2 x " in everything                               # a pair, not "Tacocat, Tacocat"


async def test_the_replay_says_how_much_of_the_draw_pile_it_lists_and_its_footer_keys_are_the_readmes(
        expansions_game):
    from pathlib import Path

    from ekpeer.tui.widgets import KeyBar

    app = ReplayApp(expansions_game, show_hands=True)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause(0.05)
        screen = app.screen
        pile = len(screen.frame.draw_pile)
        shown = str(screen.query_one("#replay-players").render())
        assert f"Draw pile: {pile} cards\n  top 5 of {pile}, top first: " in shown
        few = next(f.index for f in expansions_game.frames if 0 < len(f.draw_pile) <= 5)
        screen.index = few
        screen.render_step()
        n = len(screen.frame.draw_pile)
        assert f"  all {n}, top first: " in str(screen.query_one("#replay-players").render())
        for _ in range(100):            # the key bar draws its keys once the bindings are ready
            shown = screen.query_one(KeyBar)._shown
            keys = {display: what for _key, display, what, _on in (shown[0] if shown else ())}
            if keys:
                break
            await pilot.pause(0.05)
    readme = Path(__file__).resolve().parent.parent.joinpath("README.md").read_text(encoding="utf-8")
    replay = readme[readme.index("`ekpeer replay FILE` plays it back"):][:200]
    assert set(keys) >= {"→", "←", "home", "end", "h", "q"}, keys
    for key, what in keys.items():
        if what != "palette":
            assert f"`{key}`" in replay, (key, what, replay)


def test_every_hand_shown_says_each_private_event_once_without_its_public_twin(expansions_game):
    """With every hand shown, "bot1 draws Cat Burglar!" was followed by "bot1 draws a card" (the
    public twin the engine sends the others): a reader who sees all reads each thing once."""
    from ekpeer.replays import every_event
    from ekpeer.tui.words import Catalog, event_words

    drew = {"type": "drew", "player": "bot1", "card": "skip"}
    hidden = {"type": "drew_hidden", "player": "bot1"}
    other = {"type": "turn", "player": "bob"}
    assert every_event([(("bot1",), drew), (None, hidden), (None, other)]) == [drew, other]
    assert every_event([(None, hidden)]) == [hidden]                 # no private one beside it
    cat = Catalog(expansions_game.catalog)
    draws = 0
    for frame in expansions_game.frames:
        lines = [event_words(e, cat, None) for e in frame.events]
        for player in expansions_game.players:
            if any(line and line.startswith(f"{player} draws ") for line in lines):
                draws += 1
                assert f"{player} draws a card" not in lines, lines
    assert draws


async def test_the_replays_keys_show_whole_at_64_columns(saved):
    """A stranger's replay at 64 columns cut its key bar off after "Every hand": Quit was gone."""
    from ekpeer.tui.widgets import KeyBar

    path, _final = saved
    app = ReplayApp(Playback(load(path)))
    async with app.run_test(size=(64, 20)) as pilot:
        await pilot.pause(0.1)
        bar = app.screen.query_one(KeyBar)
        words = " ".join(str(bar.render()).split())
        assert "Every hand" in words and "Quit" in words, words


async def test_the_moves_so_far_show_the_step_being_looked_at(expansions_game):
    """At step 40 of 53 a stranger's list of moves so far showed moves 1 to 16: the log never
    scrolled to its newest line."""
    playback = expansions_game
    assert playback.last > 30
    app = ReplayApp(playback)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.05)
        screen = app.screen
        for _ in range(30):
            await pilot.press("right")
        await pilot.pause(0.1)
        strips = app.screen._compositor.render_strips()
        shown = "\n".join("".join(seg.text for seg in strip) for strip in strips)
        assert screen.index == 30 and "  30. " in shown, shown
