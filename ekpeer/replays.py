"""Saved games: a finished game as a JSON file, and its states step by step for playback.

A replay file is ``ekpeer.engine.replay.record(game)`` (plugins, origin, moves) plus who
sat where, when, and the plugin versions, so that ``ekpeer replay FILE`` rebuilds every
state exactly (the engine is deterministic from its origin). Hosts write one when a game
ends with ``--save-replays DIR`` (``ekpeer host``, ``ekpeer play``), and ``ekpeer simulate
--save-replays DIR`` one for each game it plays; ``seed_from`` says how the game's own seed
(``record.origin.seed``) came from the ``--seed`` given (docs/replays.md)::

    {"format": "ekpeer-replay", "version": 1, "saved_at": "2026-…Z", "timestamp": 1764…,
     "table": "main", "title": "…", "players": ["ann", "bob"],
     "seats": [{"name": "ann", "bot": null}, {"name": "bob", "bot": "heuristic"}],
     "winner": "bob", "winners": ["bob"], "turns": 31, "plugins": [{"name": "base", "version": "0.1.0"}],
     "record": {"plugins": ["base"], "origin": {...}, "moves": [{...}, ...]},
     "seed_from": {"by": "host", "seed": null},
     "rules_failed": [{"card": "eclipse", "rule": "can_play", "plugin": "moonbug"}],
     "told": [{"step": 12, "event": {"type": "rules_failed", "plugin": "moonbug", "box": "Moonbug"}}],
     "stopped": "bob", "won_by_bot": {"cat": "left"}}

A host's game went on past a third-party plugin's bug where the engine only asked it
(``ekpeer/engine/asked.py``): ``record.hosted`` says so, and the replay is rebuilt with the
same guard, so that it plays as it was played; ``rules_failed`` (only when some did) names the
cards' rules and plugins' hooks that failed at the host, which the replay says. What only
the host said, no move saying it, is kept too, so that the replay says it as the table did:
``told`` (a box's rules failing, the game stopped, each at its step: ``net/host_said.py``),
``stopped`` (the seat the host stopped the game for) and ``won_by_bot`` (the winners whose
seat a bot played). Each is absent where there is none, as in files saved before them.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .engine.replay import record

FORMAT = "ekpeer-replay"
VERSION = 1
#: The largest file ``load`` reads: a long game's replay is a few hundred KiB; a bigger file
#: (or ``/dev/zero``) is not a replay, and must not fill the memory on its way to being refused.
MAX_BYTES = 32 * 2**20


class ReplayError(ValueError):
    """Not a replay file, or one this ekpeer cannot play back (a plugin is missing)."""


def replay_data(game: Any, *, table: str = "", title: str = "", seats: list[dict[str, Any]] | None = None,
                when: float | None = None, seed_from: dict[str, Any] | None = None,
                told: list[dict[str, Any]] | None = None,
                won_by_bot: dict[str, str] | None = None) -> dict[str, Any]:
    """The JSON-ready replay of ``game`` (normally a finished one). ``seed_from``: where the
    game's own seed (``record.origin.seed``) came from, for a reader who gave a ``--seed``:
    ``{"by": "host", "seed": N}`` (the host's ``--seed``, None: none, the OS drew it) or
    ``{"by": "simulate", "seed": N, "game": n}`` (game n of ``ekpeer simulate --seed N``).
    ``told``: what the host told everyone that the moves do not say, each with its step
    (``net/host_said.py``); a ``game_stopped`` among them is the host's end of the game, its
    seat kept as ``stopped``. ``won_by_bot``: the winners whose seat a bot played at the end
    (the table's, ``{"cat": "left"}``)."""
    from .net.lobby import table_plugins

    when = time.time() if when is None else when
    rec = record(game)
    return {
        "format": FORMAT,
        "version": VERSION,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when)),
        "timestamp": round(when, 3),
        "table": table,
        "title": title or table,
        "players": list(game.players),
        "seats": seats if seats is not None else [{"name": p, "bot": None} for p in game.players],
        "winner": game.winner,          # None when several share the win (ruling 25)
        "winners": list(game.winners),
        "turns": game.turn_number,
        "plugins": [{"name": p["name"], "version": p["version"]} for p in table_plugins(rec["plugins"])],
        "record": rec,
        **({"seed_from": seed_from} if seed_from is not None else {}),
        **({"rules_failed": failed} if (failed := host_failures(game)) else {}),
        **({"told": told} if told else {}),
        **({"stopped": stopped} if (stopped := stopped_by(told or [])) else {}),
        **({"won_by_bot": dict(won_by_bot)} if won_by_bot else {}),
    }


def stopped_by(told: list[dict[str, Any]]) -> str | None:
    """The seat the host stopped the game for (its ``game_stopped``), if it did."""
    return next((t["event"].get("player") for t in told if t["event"].get("type") == "game_stopped"), None)


def host_failures(game: Any) -> list[dict[str, Any]]:
    """What of ``game``'s rules failed at its host where only asked (``game.failed_rules``), as
    plain data: a card's rule (``card``, ``rule``) or a plugin's hook (``card`` None, ``rule``
    the hook), with the plugin the traceback names."""
    from .plugins import blame

    found = []
    for (first, second), exc in (game.failed_rules or {}).items():
        hook = first in game.hooked
        found.append({"card": None if hook else first, "rule": first if hook else second,
                      "plugin": blame(exc, game.ruleset.plugins)})
    return found


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")[:40] or "game"


def save(game: Any, directory: str | Path, base: str | None = None, **meta: Any) -> Path:
    """Write ``game``'s replay into ``directory`` (made if needed); returns the file's path.
    ``base``: the file's name without ``.json`` (default: the time and the table), with
    ``-2``, ``-3``... added when a file has it already."""
    data = replay_data(game, **meta)
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    if base is None:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(data["timestamp"]))
        base = f"{stamp}-{_slug(data['table'] or 'game')}"
    path = folder / f"{base}.json"
    n = 2
    while path.exists():
        path = folder / f"{base}-{n}.json"
        n += 1
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".replay-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, separators=(",", ":"))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


class ReplaySaver:
    """A host's game-over hook (``host.game_over_hooks``): saves each finished game of a table."""

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)
        self.saved: list[Path] = []

    def __call__(self, table: Any) -> None:
        game = table.game
        if game is None:
            return
        seats = [{"name": s.name, "bot": s.kind} for s in table.seats]
        try:
            path = save(game, self.directory, table=table.id, title=table.title, seats=seats,
                        seed_from={"by": "host", "seed": getattr(table.host, "seed", None)},
                        told=list(getattr(table, "said_for_replay", [])),
                        won_by_bot=dict(getattr(table, "won_by_bot", {})))
        except OSError as exc:   # a full disk must not disturb the table
            table.host.log("replay_failed", level="error", table=table.id, error=repr(exc))
            return
        self.saved.append(path)
        table.host.log("replay_saved", table=table.id, path=str(path))


def load(path: str | Path) -> dict[str, Any]:
    """A replay file's data, checked; raises :class:`ReplayError`. The file may be anyone's
    (a download, a friend's): what it says is checked before a game is rebuilt from it."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc}") from None
    if len(raw) > MAX_BYTES:
        raise ReplayError(f"{path} is larger than any replay ({MAX_BYTES // 2**20} MiB at most)")
    try:
        data = json.loads(raw.decode("utf-8"))
    except ValueError as exc:
        raise ReplayError(f"cannot read {path}: {exc}") from None
    except RecursionError:       # brackets nested past Python's stack
        raise ReplayError(f"cannot read {path}: its JSON is nested too deep") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f"{path} is not an ekpeer replay")
    if data.get("version") != VERSION:
        raise ReplayError(f"{path} is replay version {data.get('version')!r}; this ekpeer reads {VERSION}")
    rec = data.get("record")
    if not (isinstance(rec, dict) and isinstance(rec.get("moves"), list)
            and isinstance(rec.get("origin"), dict)):
        raise ReplayError(f"{path} has no game record")
    plugins = rec.get("plugins")
    if plugins is not None and not _names(plugins):
        raise ReplayError(f"{path} is damaged: its record's plugins are not a list of names")
    for key in ("players", "winners"):
        if data.get(key) is not None and not _names(data[key]):
            raise ReplayError(f"{path} is damaged: its {key} are not a list of names")
    if data.get("winner") is not None and not isinstance(data["winner"], str):
        raise ReplayError(f"{path} is damaged: its winner is not a name")
    return data


def _names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def rules_for(data: dict[str, Any]) -> Any:
    from .plugins import installed, ruleset

    names = list(data["record"].get("plugins") or ["base"])
    missing = [n for n in names if n not in installed()]
    if missing:
        saved = data.get("plugins") if isinstance(data.get("plugins"), list) else []
        versions = {p.get("name"): p.get("version") for p in saved if isinstance(p, dict)}
        need = ", ".join(f"{n} {versions.get(n) if isinstance(versions.get(n), str) else ''}".strip()
                         for n in missing)
        raise ReplayError(f"this replay needs plugins that are not installed here: {need}")
    return ruleset(names)


def _differs(index: int, move: Any, exc: Exception) -> ReplayError:
    """A replay this ekpeer cannot rebuild exactly: say which move, and why that happens."""
    what = move if not isinstance(move, dict) else " ".join(str(v) for v in move.values() if v)
    return ReplayError(f"move {index} of this replay ({str(what)[:80]}) is not legal in the game this "
                       f"ekpeer deals from the replay's origin ({exc}): it was saved by a version whose "
                       "deal or rules differ, so it cannot be played back exactly")


def _check_end(data: dict[str, Any], game: Any) -> None:
    """The rebuilt game must end as the saved one did (same winners), or it is another game."""
    saved = data.get("winners") or ([data["winner"]] if data.get("winner") else None)
    if saved is not None and game.over and sorted(game.winners) != sorted(saved):
        raise ReplayError(f"this replay rebuilds a game won by {', '.join(game.winners)}, not by "
                          f"{', '.join(saved)} as saved: it was saved by a version whose deal or rules "
                          "differ, so it cannot be played back exactly")


def moves_applied(data: dict[str, Any], game: Any) -> Iterator[tuple[int, dict[str, Any], list]]:
    """Apply the record's moves to ``game`` (as dealt), yielding each move's number, the move
    and its events; a move this ekpeer finds illegal, or other winners at the end, raise
    :class:`ReplayError` in words."""
    from .engine import IllegalMove, Move

    for i, move in enumerate(data["record"]["moves"], 1):
        try:
            events = game.apply(Move.from_dict(move))
        except (IllegalMove, ValueError, KeyError, TypeError) as exc:
            raise _differs(i, move, exc) from None
        yield i, move, events
    _check_end(data, game)


@contextmanager
def rebuilding() -> Iterator[None]:
    """Whatever a replay's data makes the engine (or a plugin) raise while it is rebuilt, as a
    :class:`ReplayError` in words: a damaged or hostile file is refused, never a traceback."""
    try:
        yield
    except ReplayError:
        raise
    except RecursionError:
        raise ReplayError("this replay cannot be rebuilt: its data is nested too deep") from None
    except Exception as exc:
        said = " ".join(str(exc).split())[:200]
        raise ReplayError(f"this replay cannot be rebuilt: {type(exc).__name__}"
                          + (f": {said}" if said else "")
                          + " (a damaged file, or one saved by a version whose rules differ)") from None


def hosted(data: dict[str, Any]) -> bool:
    """Whether the replay is a host's game (``record.hosted``; a file saved before that key, by
    its ``seed_from``): rebuilt with the host's guard, it goes on past a plugin's bug where the
    engine only asked it, as the host did. A game saved elsewhere (``ekpeer simulate``) is
    rebuilt without it, and such a bug raises, as it did when the game was played."""
    origin = data.get("seed_from")
    return data["record"].get("hosted") is True or (isinstance(origin, dict) and origin.get("by") == "host")


def dealt(data: dict[str, Any]) -> tuple[Any, Any]:
    """The ruleset and the game as dealt from the record's origin (before any move)."""
    from .engine.replay import replay

    with rebuilding():
        rules = rules_for(data)
        return rules, replay(rules, data["record"]["origin"], [], hosted=hosted(data))


def rebuild(data: dict[str, Any]) -> Any:
    """The game at its end, rebuilt from the record (:class:`ReplayError` if it cannot be)."""
    _rules, game = dealt(data)
    with rebuilding():
        for _ in moves_applied(data, game):
            pass
    return game


def every_event(events: list) -> list[dict[str, Any]]:
    """Every event of a move, for a reader who sees every hand: each private event once, and
    not the public twin the engine sends everyone else beside it (``drew`` to the drawer,
    ``drew_hidden`` to all: docs/plugins.md). A twin is an event for everyone next to a
    private one that says all it says and more; read both, "bot1 draws Cat Burglar!" was
    followed by "bot1 draws a card"."""

    def twin(public: dict[str, Any], private: dict[str, Any]) -> bool:
        said = {k: v for k, v in public.items() if k != "type"}
        return bool(said) and all(private.get(k) == v for k, v in said.items())

    kept = []
    for i, (to, e) in enumerate(events):
        near = [events[j] for j in (i - 1, i + 1) if 0 <= j < len(events)]
        if to is None and any(t is not None and twin(e, other) for t, other in near):
            continue
        kept.append(e)
    return kept


@dataclass
class Frame:
    """The table after ``index`` moves (0: as dealt)."""

    index: int
    move: dict[str, Any] | None
    events: list[dict[str, Any]]              # every event of that move
    public: list[dict[str, Any]]              # the events a spectator saw
    view: dict[str, Any]                      # spectator_view
    hands: dict[str, list[str]]
    draw_pile: list[str]                      # top first
    snapshot: tuple = field(repr=False, default=())
    failed: list[Failure] = field(default_factory=list)     # the rules that first failed at this step


@dataclass(frozen=True)
class Failure:
    """A card's rule (``can_play``, ``targets``) or a plugin's hook that failed where the engine
    only asked it, at the host and so in its replay, which went on past it as the host did."""

    card: str | None            # None: a plugin's hook
    rule: str                   # the card's rule, or the hook's name
    plugin: str | None          # the plugin its traceback names (None: not known)
    step: int | None = None     # the step the replay first met it (None: only the host did)


def _failures_in(game: Any, seen: set[tuple[str, str]], step: int) -> list[Failure]:
    """The rules of ``game`` that failed since ``seen`` (which keeps them), met at ``step``."""
    host = {(f["card"], f["rule"]): f for f in host_failures(game)}
    new = []
    for (first, second) in list(game.failed_rules or {}):
        if (first, second) in seen:
            continue
        seen.add((first, second))
        card, rule = (None, first) if first in game.hooked else (first, second)
        new.append(Failure(card, rule, host[(card, rule)]["plugin"], step))
    return new


def _said_failures(data: dict[str, Any]) -> list[Failure]:
    """The failures the file says its host met (``rules_failed``), those that read as such."""
    said = data.get("rules_failed")
    found = []
    for f in said if isinstance(said, list) else []:
        if not (isinstance(f, dict) and isinstance(f.get("rule"), str)
                and isinstance(f.get("card"), (str, type(None)))):
            continue
        plugin = f.get("plugin")
        found.append(Failure(f["card"], f["rule"], plugin if isinstance(plugin, str) else None))
    return found


def host_words(data: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """What the file says its host told everyone beside the moves (``told``), those that read
    as such: ``(step, event)``, the event's fields plain text (a file may be anyone's)."""
    from .net.host_said import KEPT

    said = data.get("told")
    found = []
    for t in said if isinstance(said, list) else []:
        step = t.get("step") if isinstance(t, dict) else None
        event = t.get("event") if isinstance(t, dict) else None
        if not (isinstance(step, int) and not isinstance(step, bool) and isinstance(event, dict)):
            continue
        event = {k: v for k, v in event.items() if isinstance(k, str) and isinstance(v, (str, type(None)))}
        if event.get("type") in KEPT:
            found.append((step, event))
    return found


def bot_winners(data: dict[str, Any]) -> dict[str, str]:
    """The winners whose seat a bot played at the game's end (``won_by_bot``), each ``left`` or
    ``covered``: the replay says the bot won, as the table did, never that cat did."""
    said = data.get("won_by_bot")
    winners = data.get("winners") or [data.get("winner")]
    return {name: how for name, how in (said.items() if isinstance(said, dict) else ())
            if name in winners and how in ("left", "covered")}


def _with_host_words(frame: Frame, said: list[dict[str, Any]]) -> None:
    """``frame``'s events with what the host told everyone at its step, where the table said
    it: a box's rules failing right after the move's own events (before the next turn's line),
    the game stopped last."""
    for event in said:
        for events in (frame.events, frame.public):
            at = len(events)
            if event.get("type") == "rules_failed":
                at = next((i for i, e in enumerate(events) if e.get("type") == "turn"), at)
            events.insert(at, event)


class Playback:
    """Every state of a replayed game, to step through (built once, in order)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.rules, game = dealt(data)
        with rebuilding():
            self._play(game)

    def _play(self, game: Any) -> None:
        from . import i18n
        from .engine import spectator_view
        from .plugins import translated

        # the cards in the viewer's language (``ekpeer replay --lang da``), by the plugins' words
        self.catalog = translated(self.rules.catalog(), list(self.rules.plugins), i18n.current())
        self.players: list[str] = list(game.players)
        self.frames: list[Frame] = []

        seen: set[tuple[str, str]] = set()

        def frame(index: int, move: dict[str, Any] | None, events: list) -> Frame:
            view = spectator_view(game)
            return Frame(index, move, every_event(events), [e for to, e in events if to is None],
                         view, {p: list(game.hands[p]) for p in game.players},
                         list(game.draw_pile.top_first()), game.snapshot(), _failures_in(game, seen, index))

        self.frames.append(frame(0, None, list(game.events)))
        for i, move, events in moves_applied(self.data, game):
            self.frames.append(frame(i, move, list(events)))
        self.game = game
        #: the host's words beside the moves (``told``), by step: said at the step they were
        self.host_said: dict[int, list[dict[str, Any]]] = {}
        for step, event in host_words(self.data):
            if 0 <= step <= self.last:
                self.host_said.setdefault(step, []).append(event)
        for step, said in self.host_said.items():
            _with_host_words(self.frames[step], said)
        told = {e.get("plugin"): step for step, said in self.host_said.items() for e in said
                if e.get("type") == "rules_failed"}
        met = {(f.card, f.rule) for fr in self.frames for f in fr.failed}
        #: every rule that failed at the host or in this replay, those the replay met first; a
        #: hook the replay did not meet, at the step the host told its players of it
        self.failures: list[Failure] = [f for fr in self.frames for f in fr.failed] + [
            replace(f, step=told.get(f.plugin)) if f.card is None else f
            for f in _said_failures(self.data) if (f.card, f.rule) not in met]
        #: the host ended the game, no move of this seat's going (``game_stopped``), if it did
        self.stopped: dict[str, Any] | None = next(
            (e for said in self.host_said.values() for e in said if e.get("type") == "game_stopped"), None)
        #: the winners whose seat a bot played (``won_by_bot``)
        self.won_by_bot = bot_winners(self.data)

    def __len__(self) -> int:
        return len(self.frames)

    @property
    def last(self) -> int:
        return len(self.frames) - 1
