"""One browser seat: the process ``ekpeer serve`` starts for each browser session.

It is the ordinary Textual client (same screens, keys and rules), run by Textual's web
driver, with three differences that make it fit a page anyone on the LAN may open:

* It can only **join tables of the one host** the server was started for: its start
  screen asks for a name and one of that host's tables, and its sessions connect to that
  address whatever a screen asks (no "play vs bots" or "host a table", which would start
  hosts on the server's machine).
* It has **its own identity**: ``EKPEER_DATA_DIR`` is the browser session's own folder,
  so its client key (``keys/client.json``) is its own, and the seat it took
  (``seat.json``: table, seat name, token) is kept there, so that a reload of the page,
  which starts a new process, sits back in the same seat by its token.
* It **ends with its page**: the server sends ``quit`` when the page closes, and if the
  server itself dies, the client sees its input hang up (:mod:`ekpeer.tui.hangup`) and,
  on Linux, gets SIGTERM as its parent dies.
* It **ends when left on its start screen**: no key, click or paste for
  ``EKPEER_WEB_START_IDLE`` seconds while it has no seat at a table, and it ends (exit
  code :data:`START_IDLE_CODE`), so that a page opened and left (or opened by the dozen)
  does not hold one of the server's few client processes; a reload starts it again.

Configured by the server through the environment (a password never goes on a command
line, where ``ps`` shows it): ``EKPEER_WEB_ADDRESS``, ``EKPEER_WEB_TABLE``,
``EKPEER_WEB_PASSWORD``, ``EKPEER_WEB_INSECURE``, ``EKPEER_WEB_PARENT``,
``EKPEER_WEB_START_IDLE``, ``EKPEER_WEB_PAGE`` (the server's page, which the lobby tells
others to open: the host's address is the server's to reach, often on loopback),
``EKPEER_WEB_OPENED`` (the address the browser opened, which the start screen's title says).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from .. import i18n, tui
from ..i18n import _, ngettext
from ..tui.app import EkpeerApp
from ..tui.messages import StartChosen
from ..tui.session import NetSession, Session
from ..tui.widgets import KeyBar
from .limits import START_IDLE, START_IDLE_CODE

SEAT_FILE = "seat.json"


@dataclass(frozen=True)
class SeatPlace:
    """Where this browser seat may sit, and the folder that keeps its key and its seat."""

    folder: Path
    address: str                   # tcp://HOST:PORT#KEY of the one host
    table: str | None = None       # the one table, when the server names it
    password: str | None = None    # the table's password, when the server asked the browser for it
    insecure: bool = False
    start_idle: float = START_IDLE  # seconds left on the start screen before this seat ends (0: never)
    page: str = ""                 # the server's page, for others to open ("": none they could reach)
    opened: str = ""               # the address the browser opened (its Host: 192.168.1.20:8080)

    @classmethod
    def from_env(cls) -> SeatPlace:
        env = os.environ
        address = env.get("EKPEER_WEB_ADDRESS", "")
        if not address:
            raise SystemExit("ekpeer.web.seat is started by `ekpeer serve` (EKPEER_WEB_ADDRESS is not set)")
        folder = Path(env.get("EKPEER_DATA_DIR") or ".")
        try:
            start_idle = max(0.0, float(env.get("EKPEER_WEB_START_IDLE") or START_IDLE))
        except ValueError:
            start_idle = START_IDLE
        return cls(folder=folder, address=address, table=env.get("EKPEER_WEB_TABLE") or None,
                   password=env.get("EKPEER_WEB_PASSWORD") or None,
                   insecure=env.get("EKPEER_WEB_INSECURE", "") == "1", start_idle=start_idle,
                   page=env.get("EKPEER_WEB_PAGE", ""), opened=env.get("EKPEER_WEB_OPENED", ""))

    def title(self) -> str:
        """The start screen's title, in words the friend knows: the address their browser
        opened (or the server's page), never the host's as this machine reaches it (often
        ``tcp://127.0.0.1:5555``, which the friend never saw)."""
        where = self.opened or self.page.split("://", 1)[-1].rstrip("/")
        if not where:
            return _("ekpeer: a seat at a table")
        return _("ekpeer: a seat at {place}").format(place=where)

    @property
    def seat_file(self) -> Path:
        return self.folder / SEAT_FILE

    def load(self) -> dict[str, str] | None:
        """The seat this browser session took last, if it still may come back to it."""
        try:
            data = json.loads(self.seat_file.read_text())
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or not all(isinstance(data.get(k), str) and data.get(k)
                                                 for k in ("table", "seat", "token")):
            return None
        if self.table is not None and data["table"] != self.table:
            return None
        return {k: data[k] for k in ("table", "seat", "token")}

    def save(self, table: str, seat: str, token: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.seat_file.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as fh:
            json.dump({"table": table, "seat": seat, "token": token}, fh)
        os.replace(tmp, self.seat_file)

    def forget(self) -> None:
        with contextlib.suppress(OSError):
            self.seat_file.unlink()


class WebSeatSession(NetSession):
    """A seat at the one host: resumes the saved seat by its token, and saves the seat it takes."""

    def __init__(self, place: SeatPlace, name: str, table: str | None, password: str | None,
                 watch: bool = False) -> None:
        super().__init__(place.address, name, table=table, password=password, watch=watch)
        self.place = place
        self.insecure = place.insecure
        saved = None if watch else place.load()     # a late friend watching has no seat to resume
        if saved is not None and (table is None or table == saved["table"]):
            self.table, self.token = saved["table"], saved["token"]

    async def open(self) -> None:
        from ..net.client import RequestError

        try:
            await super().open()
        except RequestError as exc:
            if not getattr(self, "token", None):
                raise
            self.place.forget()            # the host refused the saved seat: never ask again
            if exc.code != "bad_token":
                raise
            # the seat is gone (a lobby seat leaves with its connection): sit again by name
            await self._drop_client()
            self.token = None
            await super().open()
        if self.client is not None and self.client.token and self.table:
            self.place.save(self.table, self.name, self.client.token)

    async def close(self) -> None:
        """The player left the table (the host was told): the seat is no longer theirs to resume."""
        self.place.forget()
        await super().close()


def web_factory(place: SeatPlace):
    """Sessions of a browser seat: always a join at ``place``'s host, whatever mode or address
    a screen asks for (this is the boundary that keeps a browser from hosting anything)."""

    def make(mode: str = "join", name: str = "you", table: str | None = None, password: str | None = None,
             watch: bool = False, **_: Any) -> Session:
        return WebSeatSession(place, name, place.table or table, place.password or password, watch=watch)

    return make


MAX_HELLO_PAGES = 50       # 1,000 tables: as many as a host serves by default


async def every_table(client: Any, hello: dict[str, Any]) -> list[dict[str, Any]]:
    """Every table the host lists, page after page of its hello (``table_count`` says how
    many; a table listed twice as others come and go is kept once)."""
    from ..net import protocol as P

    tables: dict[str, dict[str, Any]] = {}

    def add(page: Any) -> int:
        fresh = 0
        for summary in page if isinstance(page, list) else []:
            if isinstance(summary, dict) and isinstance(summary.get("table"), str):
                fresh += summary["table"] not in tables
                tables.setdefault(summary["table"], summary)
        return fresh

    add(hello.get("tables"))
    count, size = hello.get("table_count"), hello.get("page_size")
    if isinstance(count, int) and isinstance(size, int) and size > 0:
        pages = min(MAX_HELLO_PAGES, -(-count // size))
        for page in range(1, pages):
            reply = await client.request("hello", {"versions": list(P.SUPPORTED), "choices": False,
                                                   "page": page})
            if not add(reply.get("tables")) and not reply.get("tables"):
                break                      # past the end (tables went while we read)
    return list(tables.values())


class SeatScreen(Screen):
    """The start screen of a browser seat: a name, one of the host's tables, its password."""

    DEFAULT_CSS = """
    SeatScreen { align: center middle; }
    #seat-box { width: 72; max-width: 100%; height: auto; max-height: 100%; border: round $accent;
        padding: 1 2; overflow-y: auto; }
    SeatScreen.-narrow #seat-box { padding: 0 1; }
    SeatScreen.-narrow #seat-join, SeatScreen.-narrow #seat-watch { width: 100%; }
    #seat-title { text-style: bold; margin: 0 0 1 0; }
    #seat-tables { height: auto; max-height: 10; }
    #seat-status { color: $text-muted; }
    #seat-join, #seat-watch { margin: 1 0 0 0; }
    """
    BINDINGS = [Binding("f5", "refresh_tables", "Refresh tables"),
                # a late friend: the game on is theirs to watch, a seat theirs at the next one
                Binding("ctrl+g", "watch", "Watch")]

    def __init__(self, place: SeatPlace, name: str = "") -> None:
        super().__init__(id="start")
        self.place = place
        self.player_name = name
        self.tables: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        from ..tui.widgets import scrub

        with Vertical(id="seat-box"):
            yield Static(Content(scrub(self.place.title())), id="seat-title")
            yield Label(_("Your name (enter joins)"))
            yield Input(self.player_name, placeholder=_("your name"), id="name", max_length=16)
            if self.place.table is None:
                yield Label(_("Table (↑/↓ to choose, enter joins)"))
                yield Static(_("Asking the host for its tables…"), id="seat-status")
                yield OptionList(id="seat-tables")
            else:
                yield Static(Content(_("Table: {table}").format(table=self.place.table)), id="seat-status")
            if self.place.password is None:
                yield Label(_("Table password (if it has one)"))
                yield Input("", placeholder=_("if it has one"), password=True, id="password", max_length=64)
            yield Button(_("Join"), id="seat-join", variant="primary")
            yield Button(_("Watch"), id="seat-watch")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()
        if self.place.table is None:
            self.action_refresh_tables()

    def action_refresh_tables(self) -> None:
        if self.place.table is None:
            self.fetch_tables()

    @work(exclusive=True, group="tables")
    async def fetch_tables(self) -> None:
        """The host's tables, from its hello (this seat's own key; no seat is taken)."""
        from ..net.client import Client

        client = Client(self.place.address, insecure=self.place.insecure, reconnect=False, choices=False,
                        request_timeout=3.0)
        try:
            hello = await client.connect()
            self.show_tables(await every_table(client, hello))
        except Exception as exc:
            self._status(_("The host does not answer ({reason}): f5 asks again.").format(
                reason=type(exc).__name__))
        finally:
            with contextlib.suppress(Exception):
                await client.close()

    def _status(self, text: str) -> None:
        for found in self.query("#seat-status"):
            if isinstance(found, Static):
                found.update(Content(text))

    def show_tables(self, tables: list[dict[str, Any]]) -> None:
        # open lobbies first, in the host's order: the first is highlighted, so enter joins it
        self.tables = sorted(tables, key=lambda t: (t.get("phase") != "lobby", t.get("taken", 0)
                                                    >= t.get("seats", 0)))
        options = self.query_one("#seat-tables", OptionList)
        options.clear_options()
        from ..tui.widgets import scrub

        # the host's words (titles, ids): plain text, never markup nor terminal controls
        options.add_options([Option(Content(scrub(self._line(t))), id=f"table-{i}")
                             for i, t in enumerate(self.tables)])
        if self.tables:
            options.highlighted = 0
        n = len(self.tables)
        self._status(ngettext("{n} table at this host", "{n} tables at this host", n).format(n=n) if n else
                     _("This host has no table yet: f5 asks again."))

    @staticmethod
    def _line(t: dict[str, Any]) -> str:
        seats, taken = int(t.get("seats") or 0), int(t.get("taken") or 0)
        state = (_("{free} of {seats} seats free").format(free=seats - taken, seats=seats)
                 if t.get("phase") == "lobby" else _(str(t.get("phase"))))
        lock = _("  (password)") if t.get("password") else ""
        title = t.get("title") or t.get("table")
        return f"{title} ({t.get('table')})  ·  {state}{lock}"

    def chosen_table(self) -> str | None:
        if self.place.table is not None:
            return self.place.table
        found = self.query("#seat-tables")
        index = found.first(OptionList).highlighted if found else None
        if index is not None and 0 <= index < len(self.tables):
            return str(self.tables[index].get("table"))
        return None

    def action_watch(self) -> None:
        self.join(watch=True)

    def join(self, watch: bool = False) -> None:
        name = self.query_one("#name", Input).value.strip()
        if not name:
            self.notify(_("Type your name first."), severity="warning")
            self.query_one("#name", Input).focus()
            return
        table = self.chosen_table()
        if table is None:
            self.notify(_("The host has no table to join yet (f5 asks again)."), severity="warning")
            return
        password = None
        for found in self.query("#password"):
            if isinstance(found, Input):
                password = found.value or None
        self.post_message(StartChosen("join", name, self.place.address, table=table, password=password,
                                      watch=watch))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.join(watch=event.button.id == "seat-watch")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.join()


class WebSeatApp(EkpeerApp):
    """The ekpeer client for one browser session (see the module's docstring)."""

    TITLE = "ekpeer (browser seat)"
    # Textual reads CSS_PATH beside the module that sets it: the client's own stylesheet
    CSS_PATH = str(Path(tui.__file__).resolve().parent / "ekpeer.tcss")

    def __init__(self, place: SeatPlace) -> None:
        saved = place.load()
        self.place = place
        options: dict[str, Any] = {}
        if saved is not None:
            options["table"] = saved["table"]
        # with a seat to come back to, straight back to it (its lobby or its game)
        super().__init__(web_factory(place), mode="join" if saved else None,
                         name=saved["seat"] if saved else "", address=place.address, options=options)
        self.last_input = time.monotonic()      # a key, click or paste, or the start screen left
        #: what the lobby tells others to open (the host's address is the server's to reach,
        #: often loopback: a join command with it would lead others nowhere)
        self.page_url = place.page

    def on_mount(self) -> None:
        # EkpeerApp's on_mount runs too (Textual calls each class's)
        if self.place.start_idle > 0:
            self.set_interval(min(1.0, self.place.start_idle / 4), self.end_if_left_at_start)

    async def on_event(self, event: events.Event) -> None:
        # a resize is no sign of a person (a page can send them by the thousand)
        if isinstance(event, events.Key | events.MouseDown | events.Paste):
            self.last_input = time.monotonic()
        await super().on_event(event)

    def end_if_left_at_start(self) -> None:
        """Ends this seat when it has sat on the start screen (no seat at a table, whatever
        dialog is over it) with no input for ``place.start_idle`` seconds."""
        now = time.monotonic()
        if self.current_mode != "start":
            self.last_input = now
        elif now - self.last_input >= self.place.start_idle:
            self.exit(return_code=START_IDLE_CODE)

    def _current_css(self, screen: Screen) -> Screen:
        # EkpeerApp skips the first stylesheet refresh of a new screen to start sooner, which
        # leaves text whose colour is computed (labels, titles) drawn in the background's
        # colour; a browser seat is not in that hurry
        return screen

    @cached_property
    def start_screen(self) -> Any:
        return SeatScreen(self.place, self.player_name if self.player_name != "you" else "")

    def on_start_chosen(self, message: StartChosen) -> None:
        # EkpeerApp's handler runs after this one (Textual calls each class's): only ever a join here
        message.mode, message.address = "join", self.place.address


def follow_parent() -> None:
    """On Linux, get SIGTERM when the web server dies (even by SIGKILL): the hangup of the
    input would end this client too, this only ends it sooner."""
    parent = os.environ.get("EKPEER_WEB_PARENT", "")
    if not sys.platform.startswith("linux") or not parent.isdigit():
        return
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM))          # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != int(parent):                 # the server died before the line above
        raise SystemExit(0)


def main() -> int:
    from ..tui.hangup import exit_on_hangup

    place = SeatPlace.from_env()
    # the page request's language (ekpeer serve read its Accept-Language), else the usual ones
    i18n.set_language(os.environ.get("EKPEER_WEB_LANG") or i18n.from_environment())
    follow_parent()
    app = WebSeatApp(place)
    with exit_on_hangup(app):
        app.run()
    return int(app.return_code or 0)


if __name__ == "__main__":
    sys.exit(main())
