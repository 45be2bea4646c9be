"""The start screen: join a table found on the LAN (the first way in), type a host's address,
host a table, or play alone against bots."""

from __future__ import annotations

import asyncio
from typing import Any

from rich.cells import cell_len
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import N_, NP_, _, ngettext
from ..inputs import InOrderInput
from ..lists import StopsAtEnds
from ..messages import StartChosen
from ..widgets import KeyBar

#: a table's phase, as a host lists it
PHASE_WORDS = (N_("lobby"), N_("playing"), N_("over"))
#: seconds of a LAN with no table before the start screen says so (hosts answer in about one)
QUIET_LAN = 6.0
#: rows the LAN list may take at most (its frame included), and at least: one table's line
LAN_ROWS = (3, 10)
#: the key bar's shorter words for this screen's keys, where their whole words do not fit
#: (KeyBar): English has no shorter ones; the Danish bar at 64 columns left "^g Kig med" out
KEY_BAR_WORDS = (NP_("key bar", "Play vs bots"), NP_("key bar", "Host"))
#: the highlighted table's mark on the LAN list (and the blank every other line has in its
#: place): a list without the focus showed its highlight faintly, and a friend could not
#: tell which table Enter would join
MARK = ("▶ ", "  ")
#: letters of a table's title the Join button says at most ("Join Secret"), so that the
#: four buttons keep to one row
BUTTON_TITLE = 12
#: the longest name, as ``--name`` and the host take it (``ekpeer.net.protocol.NAME_LEN``; the
#: client imports no host code, so a test checks that the two agree)
NAME_MOST = 32


def place(address: str, table: str) -> tuple[str, str]:
    """A table as the same table wherever it is named: its host's ``HOST:PORT`` (without the
    key, which an advertisement may add later, nor ``tcp://``) and its id there."""
    where = address.split("://", 1)[-1].split("/", 1)[0].split("#", 1)[0]
    return (where, table)


def table_id(t: Any) -> tuple[str, str]:
    """A table found on the LAN, as the same table however the list changes."""
    return place(str(t.endpoint), str(t.table))


class NameInput(InOrderInput):
    """The name box: a letter typed into it when full is said, not dropped without a word (it
    stopped at 16 letters, and nothing said why)."""

    def on_key(self, event: events.Key) -> None:
        if event.is_printable and self.max_length and len(self.value) >= self.max_length \
                and self.selection.is_empty:
            self.notify(_("A name has at most {most} characters.").format(most=self.max_length),
                        severity="warning", timeout=4)


class StartScreen(Screen):
    # The name box shows a whole name of NAME_MOST letters, the cursor after it, its padding
    # and border (39 cells) where the row has them (24 cells showed 18 of 32), else the row's rest.
    # Every label is short enough for its column at 80 columns, and the box keeps one width at
    # 200: nothing is cut off (tests/tui/test_evening_screens.py measures them).
    DEFAULT_CSS = """
    #lan-tables { height: auto; max-height: 10; margin: 0; text-wrap: nowrap; text-overflow: ellipsis; }
    #lan-status { color: $text-muted; }
    #name-row { height: 3; }
    #name-row Label { width: 11; padding: 1 0 0 0; }
    #name-row #name { width: 1fr; max-width: 39; }
    #join-row { height: auto; }
    #join-row .field { height: auto; }
    #join-row #address-field { width: 1fr; }
    #join-row #password-field { width: 22; }
    """
    BINDINGS = [
        Binding("ctrl+b", "choose('play')", "Play vs bots"),
        Binding("ctrl+o", "choose('host')", "Host"),
        Binding("ctrl+j", "choose('join')", "Join"),
        Binding("ctrl+g", "choose('watch')", "Watch"),
    ]

    def __init__(self, name: str = "you", address: str = "", discovery: bool = False,
                 table: str | None = None) -> None:
        super().__init__(id="start")
        self.player_name = name
        self.address = address
        self.table = table      # --table: the table an address typed here joins, said below it
        self.discovery = discovery
        self.lan_tables: list[Any] = []     # ekpeer.net.discovery.Found, as listed
        self._trusting: tuple[str, str] | None = None   # (endpoint, key) shown once, Enter again trusts
        self._chosen: StartChosen | None = None     # the last choice posted (see on_input_submitted)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="start-box"):
            yield Static(_("ekpeer: Exploding Kittens in the terminal"), id="start-title")
            with Horizontal(id="name-row"):
                yield Label(_("Your name"))
                # Tab into it keeps the name: selected whole, the next letter typed replaced it
                yield NameInput(self.player_name, id="name", max_length=NAME_MOST, select_on_focus=False)
            if self.discovery:
                yield Label(_("Tables on your LAN: ↑ ↓ choose, Enter joins"), classes="heading first")
                yield Static(_("Looking for tables on the LAN…"), id="lan-status")
                yield StopsAtEnds(id="lan-tables")     # ↓ ↓ ⏎ never comes round to the top table
            # "Or ..." only below the LAN's list: alone, it began with nothing before it
            yield Label(_("Or type the address the host's lobby shows") if self.discovery
                        else _("Type the address the host's lobby shows"), classes="heading")
            with Horizontal(id="join-row"):
                with Vertical(id="address-field", classes="field"):
                    yield InOrderInput(self.address, placeholder="tcp://HOST:PORT/KEY", id="address")
                with Vertical(id="password-field", classes="field"):
                    yield InOrderInput("", placeholder=_("password, if any"), password=True, id="password",
                                max_length=64)
            if self.table:
                # a typed address joins that table, whatever host it names: said, or a person who
                # typed another host's address was sat at a table name they no longer saw
                yield Static(self._table_note(), id="table-note", classes="dim", markup=False)
            with Horizontal(id="start-buttons"):
                yield Button(_("Join"), id="join", variant="primary" if self.discovery else "default")
                # a late friend: the game on is theirs to watch, a seat theirs at the next one
                yield Button(_("Watch"), id="watch")
                yield Button(_("Host a table"), id="host")
                yield Button(_("Play vs bots"), id="play", variant="default" if self.discovery else "primary")
        yield KeyBar()

    def list_keys(self) -> list[tuple[tuple[str, ...], str]]:
        """The keys that move about this screen and choose a table, for the Keys dialog (F1):
        they are Textual's, which it leaves out, and a friend did not know that Tab reaches the
        LAN list nor which table Enter joins."""
        keys = [(("tab", "shift+tab"), N_("Move between your name, the tables, the address and the buttons"))]
        if self.discovery:
            keys += [(("up", "down"), N_("Choose a table on the LAN list: it is marked ▶")),
                     (("enter",), N_("Join the table marked ▶ (the Join button names it), or the "
                                     "address typed"))]
        else:
            keys.append((("enter",), N_("Join the address typed")))
        return keys

    def on_mount(self) -> None:
        for box in self.query("#start-box"):    # its lines come and go: the LAN list fits again
            self.watch(box, "virtual_size", lambda _size: self.call_after_refresh(self._fit_lan_list),
                       init=False)
        if self.discovery:
            # the LAN list is the first way in: Enter on a table found there joins it
            self.query_one("#lan-tables", OptionList).focus()
            self.browse()
        else:
            for button in self.query("#play"):     # (none when the app is closing)
                button.focus()

    def on_screen_resume(self) -> None:
        """Back from a table: the seats kept for this player may have changed (marked ▶ anew)."""
        self._mark_target()

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_lan_list)
        self.call_after_refresh(self._name_join_button)

    def _fit_lan_list(self) -> None:
        """The LAN list takes only the rows the box has left, so that the address and the
        buttons below it stay on screen: at 80x24 a few tables found pushed the buttons under
        the box's edge (their top edges alone showed). The list scrolls to its highlight."""
        lists, boxes = self.query("#lan-tables"), self.query("#start-box")
        if not lists or not boxes:
            return
        tables, box = lists.first(OptionList), boxes.first()
        keys = sum(bar.outer_size.height for bar in self.query(KeyBar))
        room = self.size.height - keys - box.styles.gutter.height
        others = box.virtual_size.height - tables.outer_size.height
        low, high = LAN_ROWS
        wanted = min(high, tables.virtual_size.height + tables.styles.gutter.height)
        # every table found in view before a blank line: at 80x24 with --table's note the
        # list showed one of two tables under "2 tables found" (a friend never saw the other)
        if len(self.lan_tables) < 2:
            self.remove_class("-crowded")
        elif room - others < wanted:
            self.add_class("-crowded")      # the box's height changes: fitted again (on_mount)
        rows = max(low, min(high, room - others))
        if tables.styles.max_height is None or tables.styles.max_height.value != rows:
            tables.styles.max_height = rows

    # ------------------------------------------------------------------ LAN tables
    @work(exclusive=True, group="lan")
    async def browse(self) -> None:
        """Watch the LAN for advertised tables while the app runs (zeroconf loads only now)."""
        try:
            from ...net.discovery import Browser

            browser = Browser(on_change=self.show_tables)
            await browser.start()
            self.set_timer(QUIET_LAN, self._quiet_lan)
        except Exception as exc:
            self._lan_status(_("LAN discovery is off here ({reason}): type the host's address below.").format(
                reason=exc))
            return
        try:
            await asyncio.Event().wait()
        finally:
            await browser.close()

    def _quiet_lan(self) -> None:
        """Nothing found after a while is said so: "Looking…" alone stayed up for good."""
        if not self.lan_tables:
            self._lan_status(_("No table found on the LAN yet (still looking). A host on another "
                               "network: type its address below."))

    def _lan_status(self, text: str) -> None:
        found = self.query("#lan-status")
        if found:
            found.first(Static).update(Content(text))
            self.call_after_refresh(self._fit_lan_list)     # its lines may wrap to more or fewer

    def show_tables(self, tables: list[Any]) -> None:
        """The tables found, each kept on its row: those listed before stay where they were,
        in their order, and a table found now comes below them (open ones first, the ones
        Enter can join). The list re-sorted as tables were found, and a fast typist's Enter
        joined whatever table had come to be under the ▶."""
        old = self.lan_tables
        now = {table_id(t): t for t in tables}
        kept = [now.pop(table_id(t)) for t in old if table_id(t) in now]
        self.lan_tables = kept + sorted(now.values(), key=lambda t: not getattr(t, "open", True))
        found = self.query("#lan-tables")
        if not found:
            return
        options = found.first(OptionList)
        before = options.highlighted
        # the highlight stays on the table it was on (its address and id), not on its row: a
        # table found meanwhile (another host starting) must not move Enter onto another table
        was = table_id(old[before]) if before is not None and 0 <= before < len(old) else None
        options.clear_options()
        # what a host advertises on the LAN is anyone's words: plain text
        options.add_options([Option(Content(MARK[1] + self._table_line(t, self._seated(t))), id=f"lan-{i}")
                             for i, t in enumerate(self.lan_tables)])
        if self.lan_tables:
            same = [i for i, t in enumerate(self.lan_tables) if table_id(t) == was]
            options.highlighted = same[0] if same else min(before or 0, len(self.lan_tables) - 1)
        self._mark_target()
        n = len(self.lan_tables)
        found = ngettext("{n} table found on the LAN", "{n} tables found on the LAN", n).format(n=n)
        self._lan_status(found if n else _("Looking for tables on the LAN…"))
        if not n:
            self.set_timer(QUIET_LAN, self._quiet_lan)
        self.call_after_refresh(self._fit_lan_list)

    def _seated(self, t: Any) -> bool:
        """This player has a seat at table ``t`` (the app keeps the seats it was dealt and did
        not leave: a host gone, the link lost), so a returning player sees where to go."""
        return table_id(t) in getattr(self.app, "seats_kept", ())

    @staticmethod
    def _table_line(t: Any, seated: bool = False) -> str:
        seats = _("{free} of {seats} seats free").format(free=t.free, seats=t.seats) if t.phase == "lobby" \
            else _(t.phase)
        exps = ", ".join(t.expansions)
        where = t.endpoint.split("://", 1)[-1]
        # the exception is said, in words: a padlock on every keyed table read as "password"
        plain = "" if t.key else "  " + _("(not encrypted: --insecure)")
        # said before Enter, not learnt from a refused join (a stranger's friends)
        lock = "  ·  " + _("password") if getattr(t, "password", False) else ""
        if seated:      # said first: the table a returning player goes back to
            seats = _("your seat is here") + "  ·  " + seats
        # one line a table (cut with "…" where too long): what tells tables apart and what
        # Enter asks for first, the expansions last (at 80 columns a table's second line
        # took a row that another table needed)
        parts = (f"{t.title} ({t.table})", f"{seats}{lock}", f"{where}{plain}", exps)
        return "  ·  ".join(part for part in parts if part)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.join_listed(event.option_index)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._mark_target()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "address":     # another address typed: Join goes there instead
            self._mark_target()

    def join_target(self) -> Any | None:
        """The LAN table that Join, and Enter in the address and password boxes, would join:
        the one highlighted, unless another address is typed (that address is joined then)."""
        lists = self.query("#lan-tables")
        index = lists.first(OptionList).highlighted if lists and self.lan_tables else None
        if index is None or not 0 <= index < len(self.lan_tables):
            return None
        typed = self.query_one("#address", Input).value.strip()
        table = self.lan_tables[index]
        return table if not typed or typed == table.address else None

    def _mark_target(self) -> None:
        """The highlighted table marked on the list, and named on the Join button: their Tab,
        Down, Enter joined "Base game" when a friend meant "Secret", with nothing saying which."""
        lists = self.query("#lan-tables")
        if lists:
            options = lists.first(OptionList)
            for i, t in enumerate(self.lan_tables[:options.option_count]):
                mark = MARK[0] if i == options.highlighted else MARK[1]
                line = self._table_line(t, self._seated(t))
                options.replace_option_prompt_at_index(i, Content(mark + line))
        self._name_join_button()
        self.call_after_refresh(self._name_join_button)     # once laid out: the room it has
        words = self._table_note()
        for note in self.query("#table-note").results(Static):
            if str(note.content) != words:      # (a new text lays the box out again)
                note.update(words)

    def _table_note(self) -> str:
        """What Join and Watch do with ``--table``, as the Join button says it: "go to table
        friday at the address typed" stood next to "Join Open table" (nothing typed, the LAN
        list's table is joined), and friday, closed, was on no list."""
        table = self.table or ""
        target = self.join_target() if self.is_mounted else None
        if target is None:
            return _("Join and Watch go to table {table} at the address typed "
                     "(--table {table} on the command line).").format(table=table)
        if target.table == table:
            return _("Join and Watch go to table {table}, marked ▶ on the list (--table {table} "
                     "on the command line).").format(table=table)
        title = str(target.title or target.table)
        if any(t.table == table for t in self.lan_tables):
            return _("Join and Watch go to {title}, marked ▶; table {table} (--table) is on the "
                     "list too: ↑ ↓ choose it.").format(title=title, table=table)
        return _("No table {table} (--table) is among the tables found on the LAN: Join and Watch "
                 "go to {title}, marked ▶, or type an address.").format(title=title, table=table)

    def _name_join_button(self) -> None:
        """"Join Secret": the table Join joins, its title cut to the room the button row has
        (BUTTON_TITLE letters at most), plain "Join" where no letter of it fits (the Danish
        buttons at 64 columns: the ▶ on the list says it there)."""
        rows, joins = self.query("#start-buttons"), self.query("#join")
        if not rows or not joins:
            return
        row, join = rows.first(), joins.first(Button)
        target = self.join_target()
        title = str(target.title or target.table) if target is not None else ""
        if title and row.content_size.width and join.outer_size.width:
            others = 0 if self.has_class("-narrow") else sum(
                b.outer_size.width + b.styles.margin.width for b in self.query(Button) if b is not join)
            # the cells around the label: its padding and border (more for a short label at min-width)
            around = max(2, join.outer_size.width - cell_len(join.label.plain))
            room = row.content_size.width - others - join.styles.margin.width - around \
                - cell_len(_("Join {table}").format(table=""))
            most = min(BUTTON_TITLE, room)
            if most < 4:
                title = ""
            elif cell_len(title) > most:
                title = title[:most - 1].rstrip() + "…"
        # plain text: a table's title is anyone's words
        label = Content(_("Join {table}").format(table=title)) if title else Content(_("Join"))
        if join.label.plain != label.plain:
            join.label = label
            join.refresh(layout=True)     # as wide as its new words (Textual's Button is not)

    def join_listed(self, index: int | None, watch: bool = False) -> None:
        if index is None or not 0 <= index < len(self.lan_tables):
            self.notify(_("No table found on the LAN yet: wait a moment, or type the host's address."),
                        severity="warning", timeout=4)
            return
        table = self.lan_tables[index]
        if not self._trusted(table):
            return
        self.query_one("#address", Input).value = table.address
        name = self.query_one("#name", Input).value.strip() or "you"
        password = self.query_one("#password", Input).value
        self._choose(StartChosen("join", name, table.address, table=table.table, password=password,
                                 watch=watch))

    def _trusted(self, table: Any) -> bool:
        """A key only the LAN vouches for is never trusted silently: the first Enter shows its
        fingerprint, the second trusts it (remembered by address and advertised name); a
        known address or name with another key is refused."""
        from ...net.addresses import AddressError
        from ...net.known_hosts import HostKeyChanged, check_found, expect

        if not table.key:                   # an --insecure host: the client says so, or refuses
            return True
        try:
            trust = check_found(table)
        except HostKeyChanged as exc:
            self.notify(str(exc), title=_("Refused"), severity="error", timeout=30, markup=False)
            return False
        except AddressError as exc:         # KeysContested too: two keys for one host
            self.notify(str(exc), title=_("Refused"), severity="error", timeout=30, markup=False)
            return False
        if trust.status == "known":
            return True
        if self._trusting != (table.endpoint, table.key):
            self._trusting = (table.endpoint, table.key)
            self.notify(trust.words() + _(" Enter again to trust it."), title=_("New host"), timeout=30,
                        markup=False)
            return False
        expect(trust)       # remembered once the host has answered the handshake with this key
        self.app.clear_notifications()      # "Enter again to trust it" is answered: it goes
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id or "play")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._chosen = None
        if event.input.id == "name":     # on to the tables found on the LAN, or to the address
            if self.discovery:
                self.query_one("#lan-tables", OptionList).focus()
            else:               # (never a game against bots: that is its own button, ctrl+b)
                self.query_one("#address", Input).focus()
        else:
            # the boxes as they were at Enter: the keys typed since wait in the box (InOrderInput)
            self.action_choose("join" if event.input.id in ("address", "password") else "play")
        box = event.input
        if isinstance(box, InOrderInput):
            # a join on its way: the keys typed after Enter are for the lobby to come (r: ready),
            # never typed here; else they go on as typed (to where the focus is now)
            keys = box.after_enter(self._chosen is not None)
            if self._chosen is not None:
                self._chosen.typed_after = keys

    def action_choose(self, mode: str) -> None:
        name = self.query_one("#name", Input).value.strip() or "you"
        address = self.query_one("#address", Input).value.strip() or None
        watch = mode == "watch"
        if watch:
            mode = "join"
        target = self.join_target() if mode == "join" else None
        if target is not None:
            # nothing typed, or the address of the table highlighted on the LAN list (Enter on it
            # put it there): that table, not the --table the screen was opened with
            self.join_listed(self.lan_tables.index(target), watch=watch)
            return
        if mode == "join" and not address:
            self.notify(_("Type the host's address first (as the host's lobby shows it)."),
                        severity="warning")
            self.query_one("#address", Input).focus()
            return
        password = self.query_one("#password", Input).value if mode == "join" else None
        self._choose(StartChosen(mode, name, address, password=password, watch=watch))

    def _choose(self, choice: StartChosen) -> None:
        self._chosen = choice
        self.post_message(choice)
