"""``ekpeer scenario run``: the public rules-scenario format (shared/docs/scenario-format.md).

Rigs a table exactly as written, plays its steps, and checks its expectations.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import Game, IllegalMove, Move
from .plugins import ruleset

MOVE_FIELDS = ("by", "cards", "target", "name", "position", "card", "order", "player", "keep", "use")
KNOWN_STEP_KEYS = {"do", "reject", "expect", *MOVE_FIELDS}


class Mismatch(Exception):
    """The first expectation that did not hold."""


@dataclass
class Result:
    name: str
    path: Path
    ok: bool
    detail: str = ""

    def line(self) -> str:
        return f"PASS {self.name}" if self.ok else f"FAIL {self.name}: {self.detail}"


def find(paths: list[str]) -> list[Path]:
    """Scenario files under ``paths`` (files as given, directories searched for *.toml)."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(path.rglob("*.toml")))
        else:
            found.append(path)
    return found


def step_move(step: dict[str, Any]) -> Move:
    data = {k: step[k] for k in ("do", *MOVE_FIELDS) if k in step}
    return Move.from_dict(data)


def build_game(doc: dict[str, Any]) -> Game:
    setup = doc.get("setup", {})
    expansions = setup.get("expansions", ["base"])
    rules = ruleset(expansions)
    return rules.game_from_table(setup, seed=doc.get("seed", 0))


def run_file(path: Path) -> Result:
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return Result(path.stem, path, False, f"cannot read scenario: {exc}")
    name = doc.get("name", path.stem)
    try:
        game = build_game(doc)
    except Exception as exc:
        return Result(name, path, False, f"bad setup: {exc}")
    try:
        for i, step in enumerate(doc.get("step", []), start=1):
            where = f"step {i} ({_describe(step)})"
            try:
                move = step_move(step)
            except IllegalMove as exc:
                raise Mismatch(f"{where}: malformed step: {exc.message}") from None
            if step.get("reject"):
                before = game.snapshot()
                try:
                    game.apply(move)
                except IllegalMove:
                    pass
                else:
                    raise Mismatch(f"{where}: expected the move to be refused, but it was accepted")
                if game.snapshot() != before:
                    raise Mismatch(f"{where}: the refused move changed the table")
            else:
                try:
                    game.apply(move)
                except IllegalMove as exc:
                    raise Mismatch(f"{where}: refused ({exc.code}: {exc.message})") from None
            if "expect" in step:
                check(game, step["expect"], where)
        if "expect" in doc:
            check(game, doc["expect"], "end")
    except Mismatch as exc:
        return Result(name, path, False, str(exc))
    except Exception as exc:  # an engine bug must show as a failure, not a crash
        return Result(name, path, False, f"engine error: {type(exc).__name__}: {exc}")
    return Result(name, path, True)


def _describe(step: dict[str, Any]) -> str:
    parts = [str(step.get("by", "")), str(step.get("do", "?"))]
    if "cards" in step:
        parts.append("+".join(step["cards"]))
    for k in ("target", "name", "position", "card", "order", "player", "keep", "use"):
        if k in step:
            parts.append(f"{k}={step[k]}")
    return " ".join(p for p in parts if p)


def _ids(cards: list[str]) -> list[str]:
    return [c.partition(":")[0] for c in cards]


def _pile(game: Game, expected: list[str]) -> list[str]:
    """The draw pile top first, with face-up cards written ``id:up`` where expected says so."""
    actual = game.draw_pile.top_first()
    if any(":" in e for e in expected):
        up = game.draw_pile.face_up_depths()
        return [f"{c}:up" if d in up else c for d, c in enumerate(actual)]
    return actual


def _multiset(x: Any) -> Counter:
    return Counter(x if isinstance(x, list) else [x])


def check(game: Game, expect: dict[str, Any], where: str) -> None:
    def fail(field: str, want: Any, got: Any) -> None:
        raise Mismatch(f"{where}: {field} expected {want!r}, got {got!r}")

    for field, want in expect.items():
        if field in ("current", "turns", "direction", "winner"):
            got = getattr(game, field)
            if got != want:
                fail(field, want, got)
        elif field == "draw_pile":
            got = _pile(game, want)
            if got != want:
                fail(field, want, got)
        elif field == "draw_pile_top":
            got = _pile(game, want)[: len(want)]
            if got != want:
                fail(field, want, got)
        elif field == "draw_pile_count":
            if len(game.draw_pile) != want:
                fail(field, want, len(game.draw_pile))
        elif field == "draw_pile_has":
            have = Counter(game.draw_pile.top_first())
            if _multiset(_ids(want)) - have:
                fail(field, want, game.draw_pile.top_first())
        elif field == "discard_top":
            got = game.discard[-1] if game.discard else None
            if got != want:
                fail(field, want, got)
        elif field == "discard":
            if game.discard != want:
                fail(field, want, game.discard)
        elif field in ("hand", "hand_count", "hand_has", "marked", "seen"):
            if not isinstance(want, dict):
                raise Mismatch(f"{where}: {field} must be written {field}.NAME")
            for player, value in want.items():
                if player not in game.hands:
                    raise Mismatch(f"{where}: {field}.{player}: no such player")
                label = f"{field}.{player}"
                if field == "hand":
                    if Counter(game.hands[player]) != _multiset(value):
                        fail(label, sorted(value), sorted(game.hands[player]))
                elif field == "hand_count":
                    if len(game.hands[player]) != value:
                        fail(label, value, len(game.hands[player]))
                elif field == "hand_has":
                    if _multiset(value) - Counter(game.hands[player]):
                        fail(label, value, sorted(game.hands[player]))
                elif field == "marked":
                    if Counter(game.marked[player]) != _multiset(value):
                        fail(label, sorted(value), sorted(game.marked[player]))
                else:
                    got = game.seen.get(player, [])
                    if got != list(value):
                        fail(label, value, got)
        elif field in ("out", "dead"):
            got = game.out() if field == "out" else game.dead()
            if Counter(got) != _multiset(want):
                fail(field, sorted(want), sorted(got))
        elif field == "cursed":
            if Counter(game.cursed) != _multiset(want):
                fail(field, sorted(want), sorted(game.cursed))
        elif field == "waiting_for":
            got = game.waiting_for()
            wanted = [] if want in ("", []) else sorted(want) if isinstance(want, list) else [want]
            if got != wanted:
                fail(field, want, got if len(got) != 1 else got[0])
        elif field == "reaction_open":
            if game.reaction_open != want:
                fail(field, want, game.reaction_open)
        else:
            raise Mismatch(f"{where}: unknown check {field!r}")


def run(paths: list[str]) -> tuple[list[Result], bool]:
    results = [run_file(p) for p in find(paths)]
    return results, bool(results) and all(r.ok for r in results)
