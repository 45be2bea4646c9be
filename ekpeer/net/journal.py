"""The host's crash journal: one append-only JSON-lines file per table, fsynced per move.

A table's file starts with a ``table`` record (settings, title, ...), then, when a game
starts, a ``game`` record (the engine's origin, seats with names, the SHA-256 of their
tokens, client public keys, bot kinds, whether their person left or a bot took over, the
game count; the file is rewritten, moves and all, when a seat's state changes), then one
``move`` record per applied move (exactly the engine's move log), a ``cone`` record when someone's clock
first runs out (the Cone of Shame: a table fact the engine does not know), a ``watch`` record
when a client key is let in to watch or leaves the watching (the table record lists the keys
watching when it was written: a resumed table lets them back in past its password), and ``over``
when the game ends. Lobby changes rewrite the file (write a temporary file, fsync,
rename). After a crash, :meth:`Journal.load` reads every file back and the host rebuilds
each table by replaying its log (:func:`ekpeer.engine.replay.replay`); a torn last line
is ignored.

What a journal holds would let anyone who reads it predict every draw of a running game,
so the folder is 0700 and its files 0600 whatever the umask; a table's password is only
ever there salted and hashed (:mod:`ekpeer.net.passwords`), a seat's token only as its
SHA-256. A file that cannot be read back, or whose moves do not replay, is renamed
``<file>.broken-<time>`` untouched and said loudly; the other tables resume. A host
started without ``--resume`` keeps unfinished games in ``kept-<time>/`` (:meth:`Journal.clear`);
one started with it, finding no unfinished game in place, moves the newest such folder's
games back first (:meth:`Journal.take_back`), so the way back is just ``--resume``.

The host writes a move with :meth:`Journal.write` and fsyncs it with :func:`fsync_and_close`
on a descriptor from :meth:`Journal.sync_fd`, in a thread, so that one table's disk wait
does not stall the others; it tells nobody of the move until that fsync has returned.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path
from typing import Any

#: Characters of a table id kept in its file's name, for people reading the folder; the name
#: itself is told apart by a hash of the whole id (see :func:`_file_name`).
SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
DIR_MODE, FILE_MODE = 0o700, 0o600


class JournalBroken(ValueError):
    """A journal file that cannot be read back as this host wrote it (it is set aside, untouched)."""


def _file_name(table_id: str) -> str:
    """``<readable prefix>-<SHA-256 of the id, 128 bits>.jsonl``: two ids never share a file
    (the prefix alone could: ``a b`` and ``a_b``; so could a prefix of the id's bytes)."""
    safe = "".join(c if c in SAFE else "_" for c in table_id)[:32] or "table"
    return f"{safe}-{hashlib.sha256(table_id.encode()).hexdigest()[:32]}.jsonl"


def _stamp() -> str:
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


def _private_dir(path: Path) -> None:
    """``path`` made if missing and readable by this user only, whatever the umask."""
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, DIR_MODE)


def _open_private(path: Path, flags: int) -> int:
    """A descriptor of ``path`` (created 0600); an older, wider file is narrowed to 0600."""
    fd = os.open(path, flags | os.O_CREAT, FILE_MODE)
    try:
        os.fchmod(fd, FILE_MODE)
    except OSError:
        os.close(fd)
        raise
    return fd


def _line(record: dict[str, Any]) -> bytes:
    return (json.dumps(record, separators=(",", ":"), default=str) + "\n").encode()


class Journal:
    """The files of one host (a directory, e.g. ``<data>/tables/<port>``)."""

    def __init__(self, directory: str | Path, fsync: bool = True) -> None:
        self.dir = Path(directory)
        _private_dir(self.dir)      # seeds, moves and seats of running games: this user's only
        self.fsync = fsync
        self._files: dict[str, Any] = {}
        self.writes = 0
        #: files set aside by :meth:`load` (``kind`` "broken") and folders by :meth:`clear` ("kept"),
        #: ``[{"kind", "path", "reason"}]``, for the host to say
        self.set_aside: list[dict[str, str]] = []
        self.kept_told = False      # a player's client said what clear() kept (journal_kept)
        #: the ``kept-<time>/`` folder :meth:`take_back` moved back into place,
        #: ``{"path", "count"}`` (None: none), for the host to say
        self.taken_back: dict[str, str] | None = None

    def path(self, table_id: str) -> Path:
        return self.dir / _file_name(table_id)

    def _sync_dir(self) -> None:
        try:
            fd = self.dir_fd()
        except OSError:
            return
        if fd is not None:
            fsync_and_close(fd)

    def dir_fd(self) -> int | None:
        """A descriptor of the folder, for :func:`fsync_and_close` in another thread (makes the
        renames of :meth:`rewrite` survive a power cut). None when fsync is off."""
        return os.open(self.dir, os.O_RDONLY) if self.fsync else None

    def rewrite(self, table_id: str, records: list[dict[str, Any]], sync_dir: bool = True) -> None:
        """Replace a table's file with ``records`` (atomic: temporary file, fsync, rename).

        With ``sync_dir`` False the folder's fsync is left to the caller (:meth:`dir_fd`): it
        is the slow part (about 10 ms on a virtual disk, where the file's own fsync takes 1),
        and until it has run a power cut leaves the old file or the new one, never a torn one."""
        self.close_table(table_id)
        path = self.path(table_id)
        tmp = path.with_suffix(".tmp")
        with os.fdopen(_open_private(tmp, os.O_WRONLY | os.O_TRUNC), "wb") as fh:
            fh.write(b"".join(_line(r) for r in records))
            fh.flush()
            if self.fsync:
                os.fsync(fh.fileno())
        os.replace(tmp, path)
        if sync_dir:
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
            fd = _open_private(self.path(table_id), os.O_WRONLY | os.O_APPEND)
            fh = self._files[table_id] = os.fdopen(fd, "ab")
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

    def clear(self) -> list[str]:
        """Start afresh (a host started without ``--resume``), losing nothing that could matter:
        files of unfinished games, and files that cannot be read, move into a new folder
        ``kept-<time>/`` here, untouched (a start with ``--resume`` puts them back to play on:
        :meth:`take_back`); files holding only a lobby's settings are removed. Returns the
        files kept."""
        self.close()
        kept_dir = self.dir / f"kept-{_stamp()}"
        kept: list[str] = []
        for path in sorted(self.dir.glob("*.jsonl")):
            try:
                state = load_file(path)
                keep = state["game"] is not None and not state["over"]
            except (OSError, JournalBroken):
                keep = True
            if not keep:
                path.unlink()
                continue
            if not kept:
                _private_dir(kept_dir)
            os.replace(path, kept_dir / path.name)
            kept.append(str(kept_dir / path.name))
        if kept:
            self.set_aside.append({"kind": "kept", "path": str(kept_dir), "count": str(len(kept)),
                                   "reason": f"{len(kept)} unfinished or unreadable game(s) kept aside: "
                                             "this host started without --resume"})
            self._sync_dir()
        return kept

    def unfinished(self) -> int:
        """How many files here hold a game that did not end (what a ``--resume`` plays on)."""
        return sum(_unfinished(p) for p in self.dir.glob("*.jsonl")) if self.dir.is_dir() else 0

    def take_back(self) -> str | None:
        """Before a ``--resume``: when no file here holds an unfinished game, the games of the
        newest ``kept-<time>/`` folder that holds one move back into place (the folder goes), so
        a person who restarted without ``--resume`` by mistake gets them back with the seats
        kept, and a second ``--resume`` finds them where any crash leaves them. Unfinished games
        here win: nothing moves then. A file here of the same table (its lobby, a finished game:
        what :meth:`clear` would not keep) gives way to the kept one. Returns the folder taken
        back (also in :attr:`taken_back`), or None."""
        here = list(self.dir.glob("*.jsonl"))
        if any(_unfinished(p) for p in here):
            return None
        folders = sorted((p for p in self.dir.glob("kept-*") if p.is_dir()),
                         key=lambda p: p.name, reverse=True)        # kept-<UTC time>: newest first
        folder = next((f for f in folders if any(_unfinished(p) for p in f.glob("*.jsonl"))), None)
        if folder is None:
            return None
        self.close()
        present = {}
        for path in here:
            try:
                present[load_file(path)["table"]["id"]] = path
            except (OSError, JournalBroken):
                pass
        games = 0
        for path in sorted(folder.glob("*.jsonl")):
            target, old = self.dir / path.name, None
            try:
                state = load_file(path)
            except (OSError, JournalBroken):
                state = None            # back all the same: load() sets it aside, said loudly
            if state is not None:
                target = self.path(state["table"]["id"])
                old = present.pop(state["table"]["id"], None)
                if old is not None and old != target:
                    old.unlink(missing_ok=True)
            if target.exists() and target != old:
                continue                # a file this one cannot tell about: neither is lost
            os.replace(path, target)
            games += int(state is not None and state["game"] is not None and not state["over"])
        try:
            folder.rmdir()
        except OSError:                 # something else in it: left there, untouched
            pass
        self._sync_dir()
        self.taken_back = {"path": str(folder), "count": str(games)}
        return str(folder)

    def put_aside(self, path: str | Path, reason: str) -> str:
        """Rename a journal file that cannot be played on to ``<file>.broken-<time>``, untouched
        (never read again, never overwritten); returns its new path."""
        path = Path(path)
        self.close()
        target = path.with_name(f"{path.name}.broken-{_stamp()}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.name}.broken-{_stamp()}-{n}")
        os.replace(path, target)
        self._sync_dir()
        self.set_aside.append({"kind": "broken", "path": str(target), "reason": reason})
        return str(target)

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
        """Every table's state: ``{table: {...}, game: {...} or None, moves: [...], over: bool, path}``.

        A file that cannot be read back is set aside (:meth:`put_aside`, listed in
        :attr:`set_aside`) and the others load; a file under an older name moves to its
        table's name now."""
        out = []
        seen: set[str] = set()
        for path in sorted(self.dir.glob("*.jsonl")):
            try:
                state = load_file(path)
            except (OSError, JournalBroken) as exc:
                self.set_file_aside(path, str(exc))
                continue
            table_id = state["table"]["id"]
            if table_id in seen:
                self.set_file_aside(path, f"a second journal for table {table_id!r}")
                continue
            seen.add(table_id)
            want = self.path(table_id)
            if path != want:                # written by an older ekpeer: its table's name now
                if want.exists():
                    self.set_file_aside(path, f"a second journal for table {table_id!r}")
                    continue
                os.replace(path, want)
                state["path"] = str(want)
            out.append(state)
        return out

    def set_file_aside(self, path: Path, reason: str) -> None:
        """:meth:`put_aside`, or when even that fails, the file listed as set aside where it is."""
        try:
            self.put_aside(path, reason)
        except OSError as exc:          # cannot even rename it: leave it, said all the same
            self.set_aside.append({"kind": "broken", "path": str(path),
                                   "reason": f"{reason} (not moved: {exc})"})


def fsync_and_close(fd: int) -> None:
    """fsync a descriptor from :meth:`Journal.sync_fd` and close it (runs in a worker thread)."""
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _unfinished(path: Path) -> bool:
    """A file holding a game that did not end (an unreadable one holds none that can go on)."""
    try:
        state = load_file(path)
    except (OSError, JournalBroken):
        return False
    return state["game"] is not None and not state["over"]


def load_file(path: Path) -> dict[str, Any]:
    """One table file read back, or :class:`JournalBroken` saying why not.

    Only a torn end is forgiven: the last write of a host killed while writing (a line
    without its newline, or zeros a power cut left). Any other line that is not a record
    this host writes, in the order it writes them, makes the whole file broken: playing on
    from the records before it would silently drop every move after it."""
    state: dict[str, Any] = {"table": None, "game": None, "moves": [], "over": False,
                             "cone": None, "watchers": {}, "path": str(path)}
    with open(path, "rb") as fh:
        data = fh.read()
    lines = data.split(b"\n")
    tail = lines.pop()                       # after the last newline: empty, or a torn write
    while lines and not lines[-1].strip(b"\0 \t\r"):
        lines.pop()                          # zeros where the last writes never landed
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            rec = json.loads(raw)
        except ValueError:
            raise JournalBroken(f"line {number} is not a journal record") from None
        _take(state, rec, number)
    if tail.strip(b"\0 \t\r"):
        try:
            rec = json.loads(tail)
        except ValueError:
            rec = None                       # torn: this move was never told to anyone
        if rec is not None:
            _take(state, rec, len(lines) + 1)
    if state["table"] is None:
        raise JournalBroken("no table record")
    return state


def _take(state: dict[str, Any], rec: Any, number: int) -> None:
    """One record into ``state``, in the order :class:`Journal` writes them (else broken)."""
    kind = rec.get("t") if isinstance(rec, dict) else None
    where = f"line {number}"
    if kind == "table":
        if state["table"] is not None:
            raise JournalBroken(f"{where}: a second table record")
        if not isinstance(rec.get("id"), str) or not isinstance(rec.get("settings"), dict):
            raise JournalBroken(f"{where}: a table record without its id or settings")
        state["table"] = rec
        watchers = rec.get("watchers") or []      # (an older journal has none)
        if not isinstance(watchers, list) or not all(isinstance(k, str) for k in watchers):
            raise JournalBroken(f"{where}: a table record whose watchers are not client keys")
        state["watchers"] = dict.fromkeys(watchers)
    elif state["table"] is None:
        raise JournalBroken(f"{where}: a record before the table's")
    elif kind == "game":
        if state["game"] is not None:
            raise JournalBroken(f"{where}: a second game record")
        if not isinstance(rec.get("seats"), list) or not isinstance(rec.get("plugins"), list) \
                or "origin" not in rec:
            raise JournalBroken(f"{where}: a game record without its seats, plugins or origin")
        state["game"] = rec
    elif kind == "move":
        if state["game"] is None or state["over"]:
            raise JournalBroken(f"{where}: a move outside a game")
        if not isinstance(rec.get("m"), dict):
            raise JournalBroken(f"{where}: a move record without its move")
        state["moves"].append(rec["m"])
    elif kind == "cone":            # who wears the Cone of Shame in this game
        if state["game"] is None or not isinstance(rec.get("seat"), str):
            raise JournalBroken(f"{where}: a Cone of Shame outside a game, or on nobody")
        state["cone"] = rec["seat"]
    elif kind == "watch":           # a client key let in to watch, or gone from the watching
        if not isinstance(rec.get("key"), str):
            raise JournalBroken(f"{where}: a watcher without a client key")
        state["watchers"].pop(rec["key"], None)
        if not rec.get("gone"):
            state["watchers"][rec["key"]] = None
    elif kind == "over":
        if state["game"] is None:
            raise JournalBroken(f"{where}: a game's end without a game")
        state["over"] = True
    else:
        raise JournalBroken(f"{where}: an unknown record {str(kind)[:40]!r}")
