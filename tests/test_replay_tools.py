"""The tools that look back at games, as a user runs them: ``ekpeer replay FILE --text``, a
file it must refuse in one line, ``ekpeer simulate --save-replays DIR``, and the seed a saved
game says it was dealt from beside the ``--seed`` the command was given."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ekpeer.replays import load, rebuild, replay_data, save

ROOT = Path(__file__).resolve().parents[1]
EKPEER = [sys.executable, "-m", "ekpeer.cli"]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*EKPEER, *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env=os.environ)


def played(seed: int = 5, names: tuple[str, ...] = ("ann", "bob", "cat")):
    """A finished base game between bots, as a host has it when the game ends."""
    from ekpeer.bots import make_bot
    from ekpeer.bots.driver import play_out
    from ekpeer.plugins import ruleset

    game = ruleset(["base"]).new_game(list(names), seed=seed)
    play_out(game, {n: make_bot("heuristic", seed=i) for i, n in enumerate(names)})
    assert game.over
    return game


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory):
    """A game saved as a host's ``--save-replays`` saves it (ReplaySaver calls this ``save``)."""
    game = played()
    seats = [{"name": "ann", "bot": None}, {"name": "bob", "bot": "heuristic"},
             {"name": "cat", "bot": "random"}]
    path = save(game, tmp_path_factory.mktemp("saved"), table="main", title="Friday", seats=seats)
    return path, game


def steps(out: str) -> list[str]:
    """The step lines of ``ekpeer replay --text``: ``N. ...``."""
    return [line for line in out.splitlines() if line.split(". ", 1)[0].isdigit()]


def test_replay_text_prints_the_game_one_line_a_step_every_card_shown(saved_game):
    path, game = saved_game
    done = run("replay", str(path), "--text")
    assert done.returncode == 0, done.stderr
    lines = steps(done.stdout)
    assert [line.split(". ", 1)[0] for line in lines] == [str(i) for i in range(len(game.log) + 1)]
    head = done.stdout.splitlines()[:len(done.stdout.splitlines()) - len(lines)]
    assert head[0].startswith("replay: Friday, saved ")
    assert "players: ann, bob (heuristic bot), cat (random bot)" in head
    assert f"result: {game.winner} wins after {game.turn_number} turns" in head
    from ekpeer.engine.replay import replay
    from ekpeer.plugins import ruleset
    from ekpeer.tui.words import Catalog

    rules = ruleset(["base"])
    cat = Catalog(rules.catalog())
    dealt = replay(rules, game.origin, [])
    for player in game.players:        # the deal, every hand of it: the game is over
        assert f"{player} holds {cat.titles(list(dealt.hands[player]))}" in lines[0]
    for i, move in enumerate(game.log, 1):      # each draw names the card drawn
        before = list(dealt.draw_pile.top_first())
        dealt.apply(move)
        if move.do == "draw":       # "!" for a kitten only: "ann draws Tacocat!" shouted news
            shout = "!" if cat.has(before[0], "kills") else ""
            assert f"{move.by} draws {cat.title(before[0])}{shout} ·" in lines[i] + " ·", lines[i]
            assert shout or f"{move.by} draws {cat.title(before[0])}!" not in lines[i], lines[i]
    assert f"{game.winner} wins the game!" in lines[-1]
    assert "\x1b" not in done.stdout and "Traceback" not in done.stderr


def test_replay_text_prints_what_a_hostile_file_says_without_control_characters(tmp_path):
    game = played(seed=8)
    data = replay_data(game, table="t\x1b[2J", title="evil\x1b]0;owned\x07\nline two",
                       seats=[{"name": "ann", "bot": "\x1b[31mred"}, {"name": 5}])
    data["saved_at"] = "\u202etoday"
    (tmp_path / "hostile.json").write_text(json.dumps(data))
    done = run("replay", str(tmp_path / "hostile.json"), "--text")
    assert done.returncode == 0, done.stderr
    assert not any(c in done.stdout for c in "\x1b\x07\u202e")
    assert done.stdout.splitlines()[0].startswith("replay: evil?]0;owned??line two, saved ?today")


def damaged_files(folder: Path, good: dict) -> dict[str, Path]:
    """Files ``ekpeer replay`` must refuse: missing, not JSON, cut short, not a replay, and
    replays whose data a stranger (or a bit flip) changed."""

    def variant(name: str, change) -> None:
        data = json.loads(json.dumps(good))
        change(data)
        (folder / f"{name}.json").write_text(json.dumps(data))

    (folder / "short.json").write_text(json.dumps(good)[:300])
    (folder / "binary.json").write_bytes(b"\xff\xfe\x00junk")
    (folder / "nested.json").write_text("[" * 100_000)
    (folder / "list.json").write_text("[1, 2]")
    variant("players", lambda d: d.update(players=5))
    variant("winners", lambda d: d.update(winners=[1, "ann"]))
    variant("plugins", lambda d: d["record"].update(plugins=[["base"]]))
    variant("origin", lambda d: d["record"]["origin"].update(players=7))
    variant("seed", lambda d: d["record"]["origin"].update(seed=[1]))
    variant("deck", lambda d: d["record"]["origin"].update(deck=None, variants={"x": 1}))
    variant("table", lambda d: d["record"].update(origin={"table": {"players": ["a", "b"], "hands": 3}}))
    variant("moves", lambda d: d["record"].update(moves=[None, 7]))
    return {"missing": folder / "nowhere.json", "folder": folder,
            **{p.stem: p for p in folder.glob("*.json")}}


@pytest.mark.parametrize("text", [True, False], ids=["text", "screen"])
def test_a_missing_damaged_or_hostile_file_is_refused_in_one_line(saved_game, tmp_path, text):
    path, _game = saved_game
    for name, bad in damaged_files(tmp_path, json.loads(path.read_text())).items():
        done = run("replay", str(bad), *(["--text"] if text else []))
        assert done.returncode == 2, (name, done.stderr)
        assert done.stdout == "" and "Traceback" not in done.stderr, (name, done.stderr)
        assert len(done.stderr.splitlines()) == 1, (name, done.stderr)
        assert done.stderr.startswith("ekpeer replay: "), (name, done.stderr)


def test_simulate_saves_each_game_as_a_replay_that_ekpeer_replay_opens(tmp_path):
    folder = tmp_path / "sims"
    done = run("simulate", "--players", "3", "--games", "3", "--seed", "10", "--quiet",
               "--save-replays", str(folder))
    assert done.returncode == 0, done.stderr
    assert f"replays_saved: 3 in {folder}" in done.stdout.splitlines()
    files = sorted(folder.glob("*.json"))
    assert [f.stem.rsplit("-", 1)[1] for f in files] == ["1", "2", "3"]
    hosts = set(replay_data(played()))                  # the keys a host's replay has
    for n, path in enumerate(files, 1):
        data = load(path)
        assert hosts <= set(data) and data["title"] == f"simulate game {n} of 3"
        assert sorted(rebuild(data).winners) == sorted(data["winners"])
        shown = run("replay", str(path), "--text")
        assert shown.returncode == 0, shown.stderr
        assert shown.stdout.startswith(f"replay: simulate game {n} of 3, saved ")
        assert steps(shown.stdout)[-1].startswith(f"{len(data['record']['moves'])}. ")


def test_simulate_refuses_a_replay_folder_it_cannot_make_before_any_game(tmp_path):
    (tmp_path / "a-file").write_text("")
    done = run("simulate", "--games", "2", "--quiet", "--save-replays", str(tmp_path / "a-file"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"ekpeer simulate: cannot save replays in {tmp_path / 'a-file'}: ")
    assert "win_rate" not in done.stdout


def test_a_simulated_games_seed_is_the_given_seed_plus_its_number_less_one(tmp_path):
    """Game 3 of ``--seed 10`` is dealt from seed 12, not 10: the file and the text say so, and
    ``--seed 12 --games 1`` deals (and, with these bots, plays) that very game."""
    run("simulate", "--players", "3", "--games", "3", "--seed", "10", "--quiet", "--save-replays",
        str(tmp_path / "run"))
    third = sorted((tmp_path / "run").glob("*.json"))[2]
    data = load(third)
    assert data["record"]["origin"]["seed"] == 12
    assert data["seed_from"] == {"by": "simulate", "seed": 10, "game": 3}
    header = run("replay", str(third), "--text").stdout.splitlines()
    assert ("seed: 12, the seed this game was dealt from; it is game 3 of ekpeer simulate --seed 10, "
            "which deals game N from seed 10+N-1 (ekpeer simulate --seed 12 --games 1 deals this game "
            "first)") in header
    run("simulate", "--players", "3", "--games", "1", "--seed", "12", "--quiet", "--save-replays",
        str(tmp_path / "again"))
    again = load(next((tmp_path / "again").glob("*.json")))
    assert again["record"] == data["record"]


@pytest.fixture(scope="module")
def hosted(tmp_path_factory):
    """A game a host started with ``seed=3`` (``--seed 3``) saved, and one started without."""
    import asyncio

    import zmq.asyncio
    from hosts import played_out

    from ekpeer.net.host import Host
    from ekpeer.replays import ReplaySaver

    files = {}

    async def play(seed: int | None) -> Path:
        folder = tmp_path_factory.mktemp(f"host-{seed}")
        ctx = zmq.asyncio.Context()
        host = Host("tcp://127.0.0.1:0", ctx=ctx, seed=seed)
        host.add_table("rp", {"seats": 2, "reaction_seconds": 0.01, "turn_seconds": 5.0})
        host.game_over_hooks.append(ReplaySaver(folder))
        await played_out(host, ctx)
        return next(folder.glob("*.json"))

    for seed in (3, None):
        files[seed] = asyncio.run(play(seed))
    return files


def test_a_hosts_saved_game_says_how_its_seed_came_from_the_hosts_seed(hosted):
    seeded = load(hosted[3])
    seed = seeded["record"]["origin"]["seed"]
    assert seeded["seed_from"] == {"by": "host", "seed": 3} and seed != 3
    lines = run("replay", str(hosted[3]), "--text").stdout.splitlines()
    assert (f"seed: {seed}, the seed this game was dealt from; the host drew it from its --seed 3 (a host's "
            "--seed draws every game's seed: the same --seed deals the same first game again)") in lines
    free = load(hosted[None])
    assert free["seed_from"] == {"by": "host", "seed": None} and free["record"]["origin"]["seed"] >= 2**64
    lines = run("replay", str(hosted[None]), "--text").stdout.splitlines()
    assert (f"seed: {free['record']['origin']['seed']}, the seed this game was dealt from; the host drew it "
            "from the operating system (it had no --seed)") in lines
