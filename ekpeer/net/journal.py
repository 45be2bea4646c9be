"""The host's crash journal: one append-only JSON-lines file per table, fsynced per move.

A table's file starts with a ``table`` record (settings, title, ...), then, when a game
starts, a ``game`` record (the engine's origin, seats with names, tokens, client keys and
bot kinds, the game count), then one ``move`` record per applied move (exactly the
engine's move log), a ``cone`` record when someone's clock first runs out (the Cone of
Shame: a table fact the engine does not know), and ``over`` when the game ends. Lobby changes rewrite the file
(write a temporary file, fsync, rename). After a crash, :func:`load` reads every file
back and the host rebuilds each table by replaying its log
(:func:`ekpeer.engine.replay.replay`); a torn last line is ignored.

The host writes a move with :meth:`Journal.write` and fsyncs it with :func:`fsync_and_close`
on a descriptor from :meth:`Journal.sync_fd`, in a thread, so that one table's disk wait
does not stall the others; it tells nobody of the move until that fsync has returned.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_."


def _file_name(table_id: str) -> str:
    safe = "".join(c if c in SAFE else "_" for c in table_id)[:48] or "table"
    return f"{safe}-{table_id.encode().hex()[:24]}.jsonl"


def _line(record: dict[str, Any]) -> bytes:
    return (json.dumps(record, separators=(",", ":"), default=str) + "\n").encode()


class Journal:
    """The files of one host (a directory, e.g. ``<data>/tables/<port>``)."""

    def __init__(self, directory: str | Path, fsync: bool = True) -> None:
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.fsync = fsync
        self._files: dict[str, Any] = {}
        self.writes = 0

    def path(self, table_id: str) -> Path:
        return self.dir / _file_name(table_id)

    def _sync_dir(self) -> None:
        if not self.fsync:
            return
        try:
            fd = os.open(self.dir, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def rewrite(self, table_id: str, records: list[dict[str, Any]]) -> None:
        """Replace a table's file with ``records`` (atomic: temporary file, fsync, rename)."""
        self.close_table(table_id)
        path = self.path(table_id)
        tmp = path.with_suffix(".tmp")
        with open(tmp, "wb") as fh:
            fh.write(b"".join(_line(r) for r in records))
            fh.flush()
            if self.fsync:
                os.fsync(fh.fileno())
        os.replace(tmp, path)
        self._sync_dir()
        self.writes += 1

    def append(self, table_id: str, record: dict[str, Any]) -> None:
        """Write ``record`` at the end of the table's file and fsync it (before returning)."""
        fh = self.write(table_id, record)
        if self.fsync:
            os.fsync(fh.fileno())

    def write(self, table_id: str, record: dict[str, Any]) -> Any:
        """Write ``record`` at the end of the table's file, handed to the OS but not yet fsynced."""
        fh = self._files.get(table_id)
        if fh is None:
            fh = self._files[table_id] = open(self.path(table_id), "ab")
        fh.write(_line(record))
        fh.flush()
        self.writes += 1
        return fh

    def sync_fd(self, table_id: str) -> int | None:
        """A new descriptor of the table's open file, for :func:`fsync_and_close` in another thread
        (the file may be closed, renamed or rewritten meanwhile: the fsync still covers every
        write made before this call). None when nothing is open or fsync is off."""
        fh = self._files.get(table_id)
        if fh is None or not self.fsync:
            return None
        return os.dup(fh.fileno())

    def remove(self, table_id: str) -> None:
        self.close_table(table_id)
        try:
            self.path(table_id).unlink()
        except FileNotFoundError:
            pass

    def close_table(self, table_id: str) -> None:
        fh = self._files.pop(table_id, None)
        if fh is not None:
            fh.close()

    def close(self) -> None:
        for table_id in list(self._files):
            self.close_table(table_id)

    def clear(self) -> None:
        """Forget every table (a host started without ``--resume``)."""
        self.close()
        for path in self.dir.glob("*.jsonl"):
            path.unlink()

    def archive(self, table_id: str) -> None:
        """Keep a finished game's file as ``<file>.last`` (the table starts a fresh file)."""
        self.close_table(table_id)
        path = self.path(table_id)
        if path.exists():
            os.replace(path, path.with_suffix(".last"))

    def last(self, table_id: str) -> dict[str, Any] | None:
        """The table's last archived (finished) game, as :meth:`load` gives it."""
        path = self.path(table_id).with_suffix(".last")
        return load_file(path) if path.exists() else None

    def load(self) -> list[dict[str, Any]]:
        """Every table's state: ``{table: {...}, game: {...} or None, moves: [...], over: bool}``."""
        out = []
        for path in sorted(self.dir.glob("*.jsonl")):
            state = load_file(path)
            if state["table"] is not None:
                out.append(state)
        return out


def fsync_and_close(fd: int) -> None:
    """fsync a descriptor from :meth:`Journal.sync_fd` and close it (runs in a worker thread)."""
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def load_file(path: Path) -> dict[str, Any]:
    """One table file read back (a torn last line is ignored)."""
    state: dict[str, Any] = {"table": None, "game": None, "moves": [], "over": False,
                             "cone": None, "path": str(path)}
    with open(path, "rb") as fh:
        lines = fh.read().split(b"\n")
    for raw in lines:
        if not raw.strip():
            continue
        try:
            rec = json.loads(raw)
        except ValueError:
            break               # a torn last write: everything before it stands
        kind = rec.get("t")
        if kind == "table":
            state.update(table=rec, game=None, moves=[], over=False)
        elif kind == "game":
            state.update(game=rec, moves=[], over=False, cone=None)
        elif kind == "cone":            # who wears the Cone of Shame in this game
            state["cone"] = rec.get("seat")
        elif kind == "move":
            state["moves"].append(rec["m"])
        elif kind == "over":
            state["over"] = True
    return state
