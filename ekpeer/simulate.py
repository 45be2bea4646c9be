"""``ekpeer simulate``: headless bot games with win rates, average turns and speed.

A shared win (ruling 25: the draw pile emptied and a full round passed with nobody dying)
counts as an equal part of one win for each Living player sharing it, so the win rates of
a table still add up to the finished games; ``shared_wins`` says how many games ended so.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from contextlib import nullcontext
from pathlib import Path
from typing import Any, TextIO

from .bots import make_bot
from .bots.driver import play_out
from .plugins import card_raised, ruleset


class GameFailed(Exception):
    """A game the rules failed in (most often a card's bug): which game of how many, the seed
    that plays it again, and the card whose code raised (None: none did). The error itself is
    ``__cause__``, with its traceback."""

    def __init__(self, number: int, games: int, seed: int, card: str | None) -> None:
        super().__init__(f"game {number} of {games} (seed {seed}) failed")
        self.number, self.games, self.seed, self.card = number, games, seed, card


class Unplayable(ValueError):
    """The tables asked for cannot be set up (a plugin not installed, an unknown bot, a
    count of players no deck seats): said before any game, not as a game's failure."""


def _table_for(players: int, expansions: list[str], bots: list[str], deck: str | None,
               variants: list[str] | None) -> tuple[Any, list[str]]:
    """The ruleset and the seats' names, or :class:`Unplayable` saying why there are none (a
    typo in ``--bots`` read as a game failed in "the rules engine or a bot")."""
    from .bots.registry import bot_class

    try:
        rules = ruleset(expansions)
    except (KeyError, ValueError) as exc:
        raise Unplayable(str(exc.args[0] if exc.args else exc)) from None
    if not bots:
        raise Unplayable("no bots to seat: name at least one kind")
    for kind in dict.fromkeys(bots):
        try:
            bot_class(kind)
        except ValueError as exc:
            raise Unplayable(str(exc)) from None
    names = [f"p{i + 1}-{bots[i % len(bots)]}" for i in range(players)]
    try:
        rules.check_table(names, deck, variants or ())
    except ValueError as exc:
        raise Unplayable(str(exc)) from None
    return rules, names


def simulate(players: int, games: int, expansions: list[str], bots: list[str], seed: int = 0,
             deck: str | None = None, variants: list[str] | None = None,
             out: TextIO = sys.stdout, progress: bool = True, save_replays: str | Path | None = None) -> dict:
    """Play ``games`` bot games; game N (from 1) is dealt from seed ``seed + N - 1`` and its bots
    are seeded from that too: game N of ``--seed S`` is the first game of ``--seed S+N-1``.
    ``save_replays``: a folder for each game's replay (``ekpeer replay FILE``), made if needed."""
    rules, names = _table_for(players, expansions, bots, deck, variants)
    saver = _Saver(Path(save_replays), games, seed) if save_replays is not None else None
    wins: Counter = Counter()
    turns = moves = 0
    unfinished = shared = 0
    started = time.perf_counter()
    bar = progress_bar(out) if progress else None
    task = bar.add_task("games", total=games) if bar is not None else None
    with bar or nullcontext():
        for g in range(games):
            try:
                game = rules.new_game(names, seed=seed + g, deck=deck, variants=variants or ())
                seats = {name: make_bot(name.split("-", 1)[1], seed=(seed + g) * 100 + i)
                         for i, name in enumerate(names)}
                moves += play_out(game, seats)
            except Exception as exc:
                raise GameFailed(g + 1, games, seed + g, card_raised(exc, rules.cards)) from exc
            if saver is not None:
                saver.save(game, g + 1, names)
            turns += game.turn_number
            if not game.over:
                unfinished += 1
            else:
                for name in game.winners:
                    wins[name] += 1 / len(game.winners)
                shared += game.shared_win
            if bar is not None:
                bar.advance(task)  # type: ignore[arg-type]
    elapsed = time.perf_counter() - started
    result = {
        "games": games,
        "win_rates": {n: wins[n] / games for n in names},
        "by_bot": {},
        "average_turns": turns / games if games else 0,
        "average_moves": moves / games if games else 0,
        "games_per_second": games / elapsed if elapsed else 0.0,
        "unfinished": unfinished,
        "shared_wins": shared,
    }
    if saver is not None:
        result["replays"] = {"folder": str(saver.folder), "saved": saver.saved}
    by_bot: Counter = Counter()
    seats_by_bot: Counter = Counter()
    for n in names:
        kind = n.split("-", 1)[1]
        by_bot[kind] += wins[n]
        seats_by_bot[kind] += 1
    result["by_bot"] = {k: by_bot[k] / (games * seats_by_bot[k]) for k in seats_by_bot}
    return result


class _Saver:
    """Each simulated game's replay, in the format a host saves (``ekpeer.replays``): files named
    by the run's start and the game's number, so that they sort in the order played."""

    def __init__(self, folder: Path, games: int, seed: int) -> None:
        self.folder, self.games, self.seed, self.saved = folder, games, seed, 0
        self.stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        self.width = len(str(games))

    def save(self, game: Any, number: int, names: list[str]) -> None:
        from .replays import save

        seats = [{"name": name, "bot": name.split("-", 1)[1]} for name in names]
        save(game, self.folder, base=f"{self.stamp}-simulate-{number:0{self.width}d}", table="simulate",
             title=f"simulate game {number} of {self.games}", seats=seats,
             seed_from={"by": "simulate", "seed": self.seed, "game": number})
        self.saved += 1


def report(result: dict, out: TextIO = sys.stdout) -> None:
    for name, rate in result["win_rates"].items():
        out.write(f"win_rate {name}: {rate:.3f}\n")
    for kind, rate in result["by_bot"].items():
        out.write(f"win_rate_per_seat {kind}: {rate:.3f}\n")
    out.write(f"average_turns: {result['average_turns']:.1f}\n")
    out.write(f"average_moves: {result['average_moves']:.1f}\n")
    out.write(f"games_per_second: {result['games_per_second']:.1f}\n")
    if result.get("shared_wins"):
        out.write(f"shared_wins: {result['shared_wins']}\n")
    if result["unfinished"]:
        out.write(f"unfinished: {result['unfinished']}\n")
    if "replays" in result:
        out.write(f"replays_saved: {result['replays']['saved']} in {result['replays']['folder']}\n")


def progress_bar(out: TextIO) -> Any:
    """Rich's progress bar on ``out`` when it is a terminal (rich comes with Textual); None
    when it is not (a pipe or a file gets the results only, no bar drawn over them)."""
    isatty = getattr(out, "isatty", None)
    if isatty is None or not isatty():
        return None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                    TimeRemainingColumn(), console=Console(file=out))
