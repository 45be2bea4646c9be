"""The lobby: seats and who is ready, the table's settings, and the command others join with.

Whoever created the table sets it; everyone else sees the settings and only the keys they
may use. What the host refuses snaps back at once to the host's last word on it."""

from __future__ import annotations

import asyncio
import os
import re
import time
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Label, Select, Static, TextArea

from ...i18n import N_, _, ngettext, number
from ...name_lists import names_and
from ...table_settings import BOT_LEVELS, bot_kind
from ..inputs import InOrderInput
from ..lists import EndStopSelect
from ..messages import LeaveRequested, ReadyToggled, SettingsEdited, SitRequested, StartRequested
from ..phrasing import box_title
from ..widgets import KeyBar, glued_lines, plain, spectators_words
from ..words import quiet_words, waiting_words
from .custom_deck import CustomDeckScreen, custom_options, limits, my_picks, picks_words, table_cards
from .lobby_away import away_creator, gone_tag, passing_words

BOTS = [(N_("hard (searches)"), "expert"), (N_("normal (heuristic)"), "heuristic"),
        (N_("easy (random)"), "random")]
#: the built-in bots' levels, as BOT_LEVELS words them (said in the player's language)
LEVEL_WORDS = (N_("hard"), N_("normal"), N_("easy"))
#: a bot kind by its difficulty word, the one the lobby takes ("expert" is shown as "hard")
LEVELS = {kind: word for word, kind in BOT_LEVELS.items()}
REACTION = [0.5, 1.0, 2.0, 3.0, 5.0, 8.0]
TURN = [15.0, 30.0, 60.0, 120.0, 300.0]     # seconds a player has for a move (--turn)


def turn_words(seconds: float) -> str:
    """``30 s``, ``2 min``: a turn's time as the lobby shows it."""
    if seconds >= 60 and seconds % 60 == 0:
        return _("{n} min").format(n=number(seconds / 60))
    return _("{n} s").format(n=number(seconds))
PILE_PICKS = list(range(0, 6))
HAND_PICKS = list(range(0, 8))
RANDOM_CARDS = [0, 10, 20, 30, 40, 60, 80]


def bot_words(kind: str) -> str:
    """A bot kind in the lobby's words: its level for the three built in, else its own name
    (a plugin's bot)."""
    return _(LEVELS[kind]) if kind in LEVELS else kind


def thinking_words(kind: str, lobby: dict[str, Any]) -> str:
    """What a hard bot's move costs in time on this host (the lobby's ``bot_seconds``), so that
    nobody wonders why it pauses: `` (each thinks 1 s a move)``; nothing for other kinds."""
    seconds = lobby.get("bot_seconds")
    if bot_kind(kind) != "expert" or not isinstance(seconds, int | float) or seconds <= 0:
        return ""
    return _(" (each thinks {seconds} s a move)").format(seconds=number(seconds))


#: seconds a tick sent is shown over the host's echoes that do not have it yet
SENT_TRUSTED = 2.0
#: seconds before a refusal said in the lobby is said again (not once for every key pressed)
SAID_AGAIN = 4.0
#: the lobby's actions whose keys type into the password box while it has the focus
TYPED = frozenset({"ready", "start", "seats", "fixed", "sit", "pick", "copy_join"})
#: seconds within which a second Enter on the empty password box removes the password
CLEAR_AGAIN = 5.0


class PasswordBox(InOrderInput):
    """The creator's password box. Esc leaves it for the lobby's keys: it was the screen's
    Esc, which left the table from the middle of typing a password (a stranger's). What was
    typed and not set goes with it: the dots stayed in the box over "no password", which
    read as set. Enter, which sets the password, is in the key bar while the box has the
    focus (the screen's keys, which type into the box there, are not). Keys in a burst act
    in order, as in the start screen's boxes (:mod:`..inputs`): a password mistyped, taken
    back and retyped at speed was set with the Backspaces run after every letter."""

    BINDINGS = [Binding("enter", "submit", "Set the password"),
                Binding("escape", "leave_box", "Back to the lobby's keys")]

    def action_leave_box(self) -> None:
        self.value = ""
        self.screen.set_focus(None)


def show_text(area: TextArea, text: str) -> None:
    """``text`` in the read-only ``area``, drawn now: a text area repaints by itself only when
    its size changes, so the creator's own join command went on without ``--password`` (as
    many lines as before) until something else redrew it."""
    if area.text != text:
        area.load_text(text)
        area.refresh()


class Tick(Checkbox):
    """A checkbox that reads without colour: ``[✓] base`` or ``[ ] zombie``.

    ``key`` is the expansion or variant it stands for (variant ids hold dots, which a widget
    id may not). The arrows move between ticks, as Tab does: in the expansions' grid a row
    or a column at a time, and out of it at its edges (a stranger tried the arrows first)."""

    BINDINGS = [
        Binding("up", "step(0, -1)", show=False),
        Binding("down", "step(0, 1)", show=False),
        Binding("left", "step(-1, 0)", show=False),
        Binding("right", "step(1, 0)", show=False),
    ]
    #: what it does, said under the variants while it has the focus (a variant's description)
    about = ""

    def __init__(self, label: str, value: bool, key: str, **kwargs: Any) -> None:
        super().__init__(plain(label), value, **kwargs)     # a plugin's name or title: plain text
        self.key = key

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        """As many rows as its words wrap to (a variant's title, "height: auto" in ekpeer.tcss):
        Textual's toggle counted one, and "[ ] Hurtigere spil (Imploding Kittens)" lost its
        end at 64 columns."""
        if width <= 0:
            return 1
        words = Text(f"[ ] {self.label.plain if hasattr(self.label, 'plain') else self.label}")
        return max(1, len(words.wrap(self.app.console, width)))

    def action_step(self, across: int, down: int) -> None:
        grid = self.parent
        ticks = [t for t in grid.children if isinstance(t, Tick)] if isinstance(grid, Ticks) else [self]
        columns = int(grid.styles.grid_size_columns or 1) if isinstance(grid, Ticks) else 1
        to = ticks.index(self) + across + down * columns
        if 0 <= to < len(ticks):
            self.screen.set_focus(ticks[to])
            return
        # out of the grid: to what comes before its first tick, or after its last
        chain = self.screen.focus_chain
        edge = ticks[0] if to < 0 else ticks[-1]
        if edge in chain:
            at = chain.index(edge) + (-1 if to < 0 else 1)
            if 0 <= at < len(chain):
                self.screen.set_focus(chain[at])

    @property
    def _button(self) -> Content:
        return Content.styled("[✓]" if self.value else "[ ]", self.get_visual_style("toggle--label"))


class Ticks(Grid):
    """The expansions' ticks, two to a row where their titles fit, else one: at 70 columns
    "[ ] Imploding Kittens" was cut to "[ ] Imploding Kit"."""

    def __init__(self, *ticks: Tick, room: int = 0, **kwargs: Any) -> None:
        """``room``: the width it will have, when known (a rebuild), so that it starts laid
        out as it will stay rather than waiting for its first resize."""
        super().__init__(*ticks, **kwargs)
        self.widest = max((len(str(tick.label)) for tick in ticks), default=0) + 5  # "[ ] ", a gap
        if room:
            self._fit(room)

    def _fit(self, width: int) -> None:
        self.styles.grid_size_columns = 2 if width >= 2 * self.widest else 1

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width)


def _focus_key(widget: Any) -> tuple[str, str] | None:
    """What names a settings control across a rebuild: its id, or a tick's kind and key."""
    if widget.id:
        return ("id", widget.id)
    if isinstance(widget, Tick):
        return (next((c for c in ("expansion", "variant", "custom") if widget.has_class(c)), ""), widget.key)
    return None


def _ident(prefix: str, name: str) -> str:
    return f"{prefix}-" + re.sub(r"[^A-Za-z0-9_-]", "_", name)


def who_sets(lobby: dict[str, Any]) -> tuple[str | None, bool]:
    """Who sets this table (the creator's name, None when nobody does: a host's config table)
    and whether that is you. The host marks the creator's seat; an older host only said
    ``creator`` to each person, and said it to everyone at a config table."""
    seats = lobby.get("seats") or []
    if any("creator" in s for s in seats):
        owner = next((s for s in seats if s.get("creator")), None)
        return (str(owner.get("name")) if owner else None), bool(owner and owner.get("you"))
    return None, bool(lobby.get("creator"))


def _names(names: list[str]) -> str:
    return names_and(names)


def sets_words(lobby: dict[str, Any], elapsed: float = 0.0) -> Text:
    """Who sets the table, who may start it and what starting waits for, in the host's terms:
    a creator's table starts when its creator presses ``s`` and every person seated is ready
    (bots fill the empty seats); a host's config table when anyone seated presses ``s`` then,
    or by itself once every seat is taken by a ready person (``autostart``). While the creator's
    connection is gone, how long before the table passes, and to whom (``elapsed``: seconds
    since the lobby message, whose ``grace_left`` counts to then)."""
    owner, mine = who_sets(lobby)
    seats = [s for s in lobby.get("seats") or [] if isinstance(s, dict)]
    people = [s for s in seats if not s.get("bot")]
    waiting = [str(s.get("name")) for s in people if not s.get("ready")]
    total = int((lobby.get("settings") or {}).get("seats", len(seats)) or len(seats))
    free = max(0, total - len(seats))
    t = Text()
    if lobby.get("spectator"):
        t.append(_("You are watching"), style="bold")
        t.append(_(": the game starts when {owner} starts it, and you see it from the start. "
                   "t takes a seat, if one is free (or, once a game is on, one for the next).").format(
                       owner=owner or _("a player seated")))
        return t
    if mine:
        t.append(_("You set the table"), style="bold")
        t.append(_(" and start the game: s, once everyone seated is ready"))
    elif passing := passing_words(lobby, elapsed):
        t.append(passing, style="bold")
        t.append(_("; you get ready with r"))
    elif owner:
        t.append(owner, style="bold")
        t.append(_(" sets the table and starts the game (s on {owner}'s screen) once everyone seated "
                   "is ready; you get ready with r").format(owner=owner))
    elif lobby.get("autostart"):
        t.append(_("The host set this table"), style="bold")
        t.append(_(": it starts by itself once all {n} seats are taken by people who are ready, or when "
                   "anyone seated presses s with everyone seated ready").format(n=total))
    else:
        t.append(_("The host set this table"), style="bold")
        t.append(_(": anyone seated starts it (s) once everyone seated is ready"))
    if free and (mine or owner or not lobby.get("autostart")):
        t.append(ngettext(" ({n} empty seat: bots play it)", " ({n} empty seats: bots play them)",
                          free).format(n=free))
    t.append(".")
    if waiting:
        before, _sep, after = _(" Waiting for {names} to be ready.").partition("{names}")
        t.append(before)
        t.append(_names(waiting), style="bold")
        t.append(after)
    else:
        t.append(_(" Everyone seated is ready."))
    return t


def seats_span(deck: dict[str, Any], reach: int = 0) -> tuple[int, int]:
    """The fewest and most players ``deck`` seats: as the host says it deals them at this
    table (``seats``, from the lobby's ``deck_seats``), else as the deck declares, at a table
    whose expansions seat up to ``reach`` (an expansion box adds players: the Original Edition
    with Imploding seats 6)."""
    if deck.get("seats"):
        return min(deck["seats"]), max(deck["seats"])
    return int(deck.get("min_players", 2)), max(int(deck.get("max_players", 10)), reach)


def seats_fit(deck: dict[str, Any], n: int, reach: int = 0) -> bool:
    """Whether ``deck`` deals for ``n`` players at this table (see :func:`seats_span`)."""
    if deck.get("seats"):
        return n in deck["seats"]
    lo, hi = seats_span(deck, reach)
    return lo <= n <= hi


def deck_part(deck: dict[str, Any], seats: int) -> str | None:
    """The words for the cards ``deck`` deals to ``seats`` players when they change with the
    count (the Party Pack's paw cards for 2-3), else None."""
    for part in deck.get("parts") or ():
        if int(part.get("min_players", 0)) <= seats <= int(part.get("max_players", 0)):
            return str(part.get("description") or "") or None
    return None


def deck_label(deck: dict[str, Any], seats: int, reach: int = 0) -> Text:
    """``Original Edition: 2-5 players``; a deck that cannot seat the table says so in words:
    ``2-Player Edition: 2 players only, not 5`` (never "2-2, not 5"); one dealt by the count says
    which of its cards this table gets instead, ``Party Pack: 4-7 player cards`` at 5 (a stranger
    at a 5-seat table saw only "2-10 players"; "the cards for 4-7" read as cut off, and a longer
    label is cut in the lobby's 80 columns: 31 of them show)."""
    lo, hi = seats_span(deck, reach)
    players = _("{n} players").format(n=lo) if lo == hi else _("{lo}-{hi} players").format(lo=lo, hi=hi)
    title = deck.get("title", deck.get("name"))
    if seats_fit(deck, seats, reach):
        part = deck_part(deck, seats)
        if part:
            return Text(_("{deck}: {cards}").format(deck=title, cards=part))
        return Text(f"{title}: {players}")
    return Text.assemble(_("{deck}: {players} only, ").format(deck=title, players=players),
                         (_("not {n}").format(n=seats), "bold"))


def pack(entries: list[str], width: int, gap: str = "   ") -> str:
    """``entries`` on lines of at most ``width`` (an entry longer than that alone on its line)."""
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + len(gap) + len(entry) <= width:
            lines[-1] += gap + entry
        else:
            lines.append(entry)
    return "\n".join(lines)


def _main_decks(settings: dict[str, Any], choices: dict[str, Any]) -> list[dict[str, Any]]:
    """The main decks of the table's expansions, each with the counts of players the host
    deals it for here (``seats``), when the lobby says them (``deck_seats``)."""
    seats = choices.get("deck_seats") or {}
    return [{**d, "seats": seats[d["name"]]} if seats.get(d["name"]) else d
            for p in choices.get("plugins", []) if p["name"] in settings.get("expansions", [])
            for d in p.get("decks", []) if d.get("main", True)]


def _choices(lobby: dict[str, Any]) -> dict[str, Any]:
    """The lobby's choices with the counts of players its decks deal for at this table."""
    return {**(lobby.get("choices") or {}), "deck_seats": lobby.get("deck_seats") or {}}


def _chosen_deck(settings: dict[str, Any], choices: dict[str, Any]) -> dict[str, Any] | None:
    """The deck the table plays: the one set, else its expansions' first main deck."""
    decks = _main_decks(settings, choices)
    return next((d for d in decks if d["name"] == settings.get("deck")), decks[0] if decks else None)


def _reach(settings: dict[str, Any], choices: dict[str, Any]) -> int:
    """The most players the table's expansion boxes seat (0 without one): see :func:`seats_span`."""
    return max([int(d.get("max_players", 0)) for p in choices.get("plugins", [])
                if p["name"] in settings.get("expansions", [])
                for d in p.get("decks", []) if not d.get("main", True)], default=0)


def players_label(n: int, deck: dict[str, Any] | None, reach: int = 0) -> Text:
    """``6``, or ``6 · not with Original Edition`` when the chosen deck cannot seat that many."""
    t = Text(str(n))
    if deck is not None and not seats_fit(deck, n, reach):
        t.append(_(" · not with {deck}").format(deck=deck.get("title", deck.get("name"))), style="dim")
    return t


class SettingsPane(VerticalScroll):
    """The table's settings. Where you set nothing it is a Tab stop of its own (to scroll and
    read): Enter or Space there says whose the settings are, as + and - do (a stranger at a
    host's config table pressed Tab, then Enter, and nothing happened nor said why)."""

    BINDINGS = [Binding("enter,space", "screen.fixed", show=False)]


class LobbyScreen(Screen):
    #: the keys a key bar too narrow for all leaves out first (KeyBar): the help beside the
    #: seats names them ("+/-: seats"), and F1 lists them; Esc, the way out, stays
    LEAST_NEEDED = ("minus", "plus")
    BINDINGS = [
        Binding("r", "ready", "Ready"),
        Binding("s", "start", "Start"),
        Binding("plus,equals_sign", "seats(1)", "Add seat"),
        Binding("minus", "seats(-1)", "Drop seat"),
        # the same keys where you set nothing: said, not ignored (the settings look changeable)
        Binding("plus,equals_sign,minus", "fixed", show=False),
        Binding("t", "sit", "Take a seat"),
        Binding("c", "pick", "Pick cards", show=False),
        Binding("y", "copy_join", "Copy join command", show=False),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(self) -> None:
        super().__init__(id="lobby")
        self._shape: Any = None
        self._picker: CustomDeckScreen | None = None
        self._asked_picks: Any = None
        self._rebuilding = asyncio.Lock()
        # settings sent, not yet echoed by the host: ticked lists, and the seats
        self._sent: dict[str, Any] = {}
        self._sent_at = 0.0
        self._said, self._said_at = "", 0.0     # the last refusal said here, and when
        self._clear_asked = 0.0     # when an Enter on the empty password box asked "again?"

    def compose(self) -> ComposeResult:
        yield Static("", id="lobby-title")
        with Vertical(id="join-box"):
            yield Static("", id="join-label")
            # the whole command, never cut: it wraps where it must, and copies as one line
            yield TextArea("", id="join-command", read_only=True, soft_wrap=True, compact=True,
                           show_line_numbers=False, highlight_cursor_line=False, show_cursor=False)
            yield Static("", id="join-key")
        with Horizontal(id="lobby-main"):
            with Vertical(id="seats-box"):
                yield Static(_("Seats"), classes="heading")
                yield Static("", id="seats")
                yield Static("", id="lobby-plugins")
                yield Static("", id="lobby-help")
            yield SettingsPane(id="settings")
        yield KeyBar()

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.show_lobby())
        self.show_lobby()
        self.set_interval(1.0, self._tick)

    def on_resize(self) -> None:
        self.call_after_refresh(self.show_lobby)     # the key hints packed to the new width

    @property
    def lobby(self) -> dict[str, Any]:
        return self.app.lobby  # type: ignore[attr-defined]

    def can_set(self) -> bool:
        """May you change this table's settings (you created it)?"""
        return who_sets(self.lobby)[1]

    def can_start(self) -> bool:
        """May you start the game (the creator; at a config table anyone seated)?"""
        return bool(self.lobby.get("creator")) and not self.lobby.get("spectator")

    def list_keys(self) -> list[tuple[tuple[str, ...], str]]:
        """The settings' own keys, for the Keys dialog (F1): Textual's, which it leaves out, and
        a host setting up the table needs them first (a stranger looked there for Space). In
        the password box, what works there (the box's own Enter and Esc are its bindings)."""
        if self._in_password_box():
            removes = N_("On the empty box: remove the password")
            return [(("enter", "enter"), removes)] if self._locked() else []
        if not self.can_set():
            return []
        return [(("tab", "shift+tab"), N_("Move between the settings")),
                (("up", "down", "left", "right"), N_("Move among the boxes")),
                (("space", "enter"), N_("Tick or untick the box, press the button"))]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer each person only the keys they may use; in the password box, none of the
        screen's letters (they type into it: the key bar offered + and - there)."""
        if action in TYPED and self._in_password_box():
            return False
        watching = bool(self.lobby.get("spectator"))
        if action == "sit":         # a spectator's way to a seat; the seated get ready instead
            return watching
        if action == "ready":
            return not watching
        if action == "seats":
            return self.can_set()
        if action == "fixed":
            return not self.can_set() and not watching
        if action == "start":
            return self.can_start()
        if action == "pick":
            return custom_options(self.lobby) is not None
        if action == "copy_join":
            return bool(self.join_command())
        return True

    def join_command(self) -> str:
        """The command others run to join this table, or "" when no address is known here."""
        addr = getattr(self.app, "address", None)
        if not addr or self._page() is not None:   # a browser seat: others open its page instead
            return ""
        from ..addressing import join_command

        return join_command(addr, table=self.lobby.get("table"), password=self._locked())

    def _locked(self) -> bool:
        """The table has a password (the host shows only that it has one): others' command
        says ``--password``, so they are asked for it rather than refused."""
        return bool((self.lobby.get("settings") or {}).get("password"))

    def join_commands(self) -> list[str]:
        """One join command per address of this host (several on a machine on several networks
        without a default route: each friend uses the one of their own network)."""
        first = self.join_command()
        if not first:
            return []
        from ..addressing import join_command

        others = getattr(getattr(self.app, "session", None), "addresses", None) or []
        table = self.lobby.get("table")
        locked = self._locked()
        return list(dict.fromkeys([first, *(join_command(a, table=table, password=locked) for a in others)]))

    def action_copy_join(self) -> None:
        command = self.join_command()
        if command:
            self.app.copy_to_clipboard(command)
            said = _("The join command is on your clipboard (if your terminal lets apps set it).")
            if os.environ.get("TMUX"):  # tmux passes the copy on only when told to (a stranger's was not)
                said += " " + _("In tmux, only with: set -g set-clipboard on")
            self.notify(said, timeout=6 if os.environ.get("TMUX") else 4, markup=False)

    def snap_back(self) -> None:
        """The host refused a change: every control shows the host's settings again."""
        self._sent.clear()
        if self.is_mounted and self.lobby:
            self._apply_values()

    def show_lobby(self) -> None:
        if not self.is_mounted or not self.lobby:
            return
        lobby = self.lobby
        settings = lobby.get("settings", {})
        # the host has caught up with what was sent (or changed it otherwise, a while ago)
        stale = time.monotonic() - self._sent_at > SENT_TRUSTED or not self.can_set()
        for group, sent in list(self._sent.items()):
            echoed = sorted(settings.get(group, [])) == sorted(sent) if isinstance(sent, list) \
                else settings.get(group) == sent
            if stale or echoed:
                del self._sent[group]
        creator = self.can_set()
        self._show_title()
        self._show_join()
        self._show_seats()
        custom = custom_options(lobby)
        self.query_one("#lobby-plugins", Static).update(plugins_line(lobby))
        self._show_help()
        self._sync_settings(settings, _choices(lobby), creator)
        self.refresh_bindings()
        self._maybe_ask_picks(custom)

    def _elapsed(self) -> float:
        """Seconds since the lobby message came (its seat clocks count to then)."""
        return max(0.0, time.monotonic() - getattr(self.app, "lobby_at", time.monotonic()))

    def _tick(self) -> None:
        """While the creator is away, their seat's and the table's clocks count down."""
        if self.is_mounted and self.lobby and away_creator(self.lobby) is not None:
            self._show_title()
            self._show_seats()

    def _show_title(self) -> None:
        lobby = self.lobby
        title = Text()
        title.append(_(" ekpeer lobby "), style="bold reverse")
        who = _("you are {name}").format(name=lobby.get("you")) if lobby.get("you") else _("you are watching")
        where = _("  table {table} · {who}").format(table=lobby.get("table", "?"), who=who)
        quiet = getattr(self.app, "host_quiet", None)
        if quiet:       # the host late to answer: said on the title's first line, nothing moves
            said = waiting_words(quiet) if getattr(self.app, "host_folded", False) else quiet_words(quiet)
            tone = self.app.get_css_variables().get("text-warning", "")
            room = (self.size.width or 80) - len(title.plain) - 1
            title.append(where + " · " if len(where) + 3 + len(said) <= room else "  ")
            title.append(said, style=("bold " + tone).strip())
        else:
            title.append(where)
        title.append("\n ")
        title.append_text(sets_words(lobby, self._elapsed()))
        self.query_one("#lobby-title", Static).update(title)

    def show_quiet(self) -> None:
        """The host late to answer, or speaking again (the app's ``host_quiet``): the title says so."""
        if self.is_mounted and self.lobby:
            self._show_title()

    def _show_seats(self) -> None:
        lobby = self.lobby
        settings = lobby.get("settings", {})
        # the theme's own text colours for ready / not ready: ANSI yellow was unreadable on light
        variables = self.app.get_css_variables()
        tones = {k: variables.get(k, "") for k in ("text-success", "text-warning")}
        seats = Text()
        for seat in lobby.get("seats", []):
            mark = _("✓ ready") if seat.get("ready") else _("… not ready")
            who = seat.get("name", "?") + (_(" (you)") if seat.get("you") else "")
            if seat.get("bot"):
                kind = seat["bot"] if isinstance(seat["bot"], str) else settings.get("bots", "")
                who += "  [" + _("{level} bot").format(level=bot_words(kind)) + "]"
            if seat.get("state") == "gone":     # how long, as a game's players list says it
                who += "  (" + gone_tag(seat, self._elapsed()) + ")"
            elif not seat.get("connected", True):
                who += _("  (away)")
            seats.append(f"{mark:<12}", style=tones["text-success" if seat.get("ready") else "text-warning"])
            seats.append(who + "\n")
        free = int(settings.get("seats", 0)) - len(lobby.get("seats", []))
        if free > 0:
            kind = str(settings.get("bots", "heuristic"))
            empty = ngettext("{n} empty seat: {kind} bots fill it at the start",
                             "{n} empty seats: {kind} bots fill them at the start", free).format(
                                 n=free, kind=bot_words(kind)) + thinking_words(kind, lobby)
            # "each thinks 1 s a move" never split between the 1 and the s (Danish at 64 columns)
            seats.append(glued_lines(empty, self.query_one("#seats", Static).content_size.width) + "\n",
                         style="dim")
        watchers = spectators_words(lobby)
        if watchers:
            seats.append(watchers + "\n", style="italic")
        if settings.get("password"):
            seats.append(_("This table has a password.") + "\n", style="dim")
        custom = custom_options(lobby)
        if custom is not None:
            pile, hand = limits(custom)
            seats.append("\n" + _("Custom deck: "), style="bold")
            seats.append(_("each player picks {pile} for the draw pile, {hand} for their hand; "
                           "{n} random cards.").format(pile=pile, hand=hand,
                                                       n=custom.get("random_cards", _("some"))) + "\n")
            titles = {c["id"]: c.get("title", c["id"]) for c in table_cards(lobby)}
            seats.append(_("Your picks (secret): "), style="bold")
            seats.append(picks_words(my_picks(lobby), titles) + "\n")
        self.query_one("#seats", Static).update(seats)

    def _in_password_box(self) -> bool:
        return isinstance(self.focused, PasswordBox)

    def _help_keys(self) -> list[str]:
        """The keys the left panel offers: the lobby's, or, while the password box has the
        focus, what works there (r and s type into it: the panel promised them all the same)."""
        if self._in_password_box():
            keys = [_("Enter: set the password")]
            if self._locked():
                keys.append(_("Enter twice on the empty box: remove it"))
            return [*keys, _("Esc: back to the lobby's keys")]
        lobby, creator = self.lobby, self.can_set()
        keys = [_("t: take a seat") if lobby.get("spectator") else _("r: ready")] \
            + ([_("s: start")] if self.can_start() else []) + ([_("+/-: seats")] if creator else []) \
            + ([_("Tab: settings"), _("Space: tick")] if creator else [])   # a stranger had to guess them
        if custom_options(lobby) is not None:
            keys.insert(0, _("c: pick cards"))
        if self.join_command():
            keys.append(_("y: copy the join command"))
        keys.append(_("Esc: leave"))
        return keys

    def _show_help(self) -> None:
        # a key and its words never part at a line's end: lines packed to the column's width
        for help_box in self.query("#lobby-help").results(Static):
            help_box.update(Text(pack(self._help_keys(), help_box.content_size.width or 34), style="dim"))

    def _page(self) -> str | None:
        """A browser seat's page for others to open ("": none they could reach), None elsewhere."""
        return getattr(self.app, "page_url", None)

    def _show_join(self) -> None:
        command = self.join_command()
        box = self.query_one("#join-box")
        page = self._page()
        box.display = bool(command or page)
        if page:
            self._show_page(page)
        if not command:
            return
        commands = self.join_commands()
        which = (_("Others join with this command") if len(commands) == 1 else
                 _("Others join with the command of their own network (this machine is on several)"))
        copies = _(" (y copies it; ") if len(commands) == 1 else _(" (y copies the first; ")
        self.query_one("#join-label", Static).update(
            Text.assemble((which, "bold"), copies, (_("--name THEIRS"), "bold"), _(" names them):")))
        area = self.query_one("#join-command", TextArea)
        from ..addressing import fingerprint, shell_lines

        # less one column: a text area wraps a line before the column its cursor would take
        width = (area.content_size.width or self.app.size.width) - 1
        show_text(area, "\n".join(shell_lines(command, width) for command in commands))

        key = fingerprint(getattr(self.app, "address", None) or "")
        if key:
            words = Text.assemble(_("Key fingerprint "), (key, "bold"),
                                  _(" (others compare it with what they see)"))
        else:
            words = Text(_("No key: this host runs --insecure (plain TCP)."), style="bold")
        self.query_one("#join-key", Static).update(words)

    def _show_page(self, page: str) -> None:
        """A browser seat's invitation: the page (the host's address is the server's to reach)."""
        words = Text(_("Others open this page in their browser:"), style="bold")
        self.query_one("#join-label", Static).update(words)
        show_text(self.query_one("#join-command", TextArea), page)
        self.query_one("#join-key", Static).update("")

    def _sync_settings(self, settings: dict[str, Any], choices: dict[str, Any], creator: bool) -> None:
        plugins = choices.get("plugins", [])
        seats = int(settings.get("seats", 4))
        main_decks = _main_decks(settings, choices)
        # each deck says how many it seats, and that it cannot seat this table when it cannot
        reach = _reach(settings, choices)
        decks = [(deck_label(d, seats, reach), d["name"]) for d in main_decks]
        chosen = _chosen_deck(settings, choices)
        variants = [(v["title"], v["id"], str(v.get("description") or ""))
                    for p in plugins if p["name"] in settings.get("expansions", [])
                    for v in p.get("variants", [])]
        custom = custom_options(self.lobby)
        can_custom = bool(settings.get("expansions"))   # the engine deals custom decks with any plugins
        shape = (tuple(p["name"] for p in plugins), tuple((str(t), n) for t, n in decks), tuple(variants),
                 creator, can_custom, custom is not None, chosen and chosen.get("name"))
        box = self.query_one("#settings", VerticalScroll)
        if shape != self._shape:
            self._shape = shape
            reaction = float(settings.get("reaction_seconds", 3.0))
            def select(options: list[tuple[str, Any]], ident: str, value: Any) -> Select:
                widget = EndStopSelect(options, id=ident, value=value, allow_blank=False, compact=True,
                                       disabled=not creator)
                widget.synced = value  # type: ignore[attr-defined]  # see on_select_changed
                widget.labels = dict((v, label) for label, v in options)  # type: ignore[attr-defined]
                return widget

            counts = [(players_label(n, chosen, reach), n) for n in range(2, 11)]
            rows = [(_("Players"), select(counts, "set-seats", int(settings.get("seats", 4)))),
                    (_("Bots"), select([(_(label), kind) for label, kind in BOTS], "set-bots",
                                       settings.get("bots", "heuristic")))]
            if decks:
                deck = settings.get("deck") if settings.get("deck") in [d[1] for d in decks] else decks[0][1]
                rows.append((_("Deck"), select(decks, "set-deck", deck)))
            rows.append((_("Nope time"), select([(turn_words(s), s) for s in sorted({*REACTION, reaction})],
                                                "set-reaction", reaction)))
            turn = float(settings.get("turn_seconds", 60.0))
            rows.append((_("Turn time"), select([(turn_words(s), s) for s in sorted({*TURN, turn})],
                                             "set-turn", turn)))
            widgets: list[Any] = []     # the rows need no heading: 80x24 has no line to spare
            widgets += [Horizontal(Label(label, classes="row-label"), select, classes="row")
                        for label, select in rows]
            widgets.append(Label(_("Expansions"), classes="heading"))
            widgets.append(Ticks(*[Tick(box_title(p), p["name"] in settings.get("expansions", []), p["name"],
                                       id=_ident("exp", p["name"]), classes="expansion", disabled=not creator)
                                  for p in plugins],
                                 id="expansions", room=box.content_size.width))
            widgets.append(Label(_("Variants"), classes="heading"))
            if not variants:
                widgets.append(Static(_("none for these expansions"), classes="dim"))
            for title, vid, about in variants:
                tick = Tick(title, vid in settings.get("variants", []), vid, classes="variant",
                            disabled=not creator)
                tick.about = about
                widgets.append(tick)
            if variants:    # what the focused variant does (a stranger saw only its title)
                about_line = Static("", id="variant-about", classes="dim")
                about_line.display = False
                widgets.append(about_line)
            if can_custom:
                widgets.append(Label(_("Custom deck"), classes="heading"))
                widgets.append(Tick(_("players pick cards"), custom is not None, "custom", id="set-custom",
                                    classes="custom", disabled=not creator))
                if custom is not None:
                    pile, hand = limits(custom)
                    n_random = custom.get("random_cards", 10 * int(settings.get("seats", 4)))
                    for label, ident, values, value in (
                            (_("Pile picks"), "set-pile-picks", PILE_PICKS, pile),
                            (_("Hand picks"), "set-hand-picks", HAND_PICKS, hand),
                            (_("Random"), "set-random-cards", RANDOM_CARDS, n_random)):
                        values = sorted({*values, value}) if isinstance(value, int) else values
                        # "Pile picks" and "Tilfældige" fill the rows' 10 columns: the value
                        # ran into them ("Pile picks2"), so these labels are one column wider
                        widgets.append(Horizontal(Label(label, classes="row-label picks"),
                                                  select([(str(n), n) for n in values], ident, value),
                                                  classes="row"))
            widgets.append(Label(_("Password"), classes="heading"))
            if creator:
                widgets.append(PasswordBox("", placeholder=self._password_hint(settings), password=True,
                                           id="set-password", max_length=64, compact=True))
            widgets.append(Static("", id="password-state", classes="dim"))
            self.run_worker(self._rebuild(box, widgets), group="lobby-settings")
        else:
            self._apply_values()

    async def _rebuild(self, box: VerticalScroll, widgets: list[Any]) -> None:
        """One rebuild at a time: two lobby messages in a row must not mount the same ids twice.

        The control that had the focus has it again afterwards, and the settings stay scrolled
        where they were: ticking an expansion rebuilds the list, and must not throw you to the top."""
        async with self._rebuilding:
            focused = self.focused
            key = _focus_key(focused) if focused is not None and box in focused.ancestors else None
            scroll = box.scroll_y
            await box.remove_children()
            await box.mount_all(widgets)
        self.call_after_refresh(self._apply_values)
        if key is not None:
            self.call_after_refresh(self._refocus, box, key, scroll)

    def _refocus(self, box: VerticalScroll, key: tuple[str, str], scroll: float) -> None:
        found = [w for w in box.query("*") if w.focusable and _focus_key(w) == key]
        if found:
            found[0].focus(scroll_visible=False)
        box.scroll_to(y=scroll, animate=False)

    def _apply_values(self) -> None:
        settings = self.lobby.get("settings", {})
        creator = self.can_set()
        # the pane is a Tab stop only for whoever cannot set anything (to scroll it and read):
        # for the host the first Tab went to the pane, which showed no focus, not a setting
        self.query_one("#settings").can_focus = not creator
        with self.prevent(Select.Changed, Checkbox.Changed):
            for widget in self.query("#settings Select, #settings Checkbox"):
                widget.disabled = not creator
            self._set("#set-seats", int(settings.get("seats", 4)))
            self._set("#set-bots", settings.get("bots", "heuristic"))
            if settings.get("deck"):
                self._set("#set-deck", settings.get("deck"))
            self._set("#set-reaction", float(settings.get("reaction_seconds", 3.0)))
            self._set("#set-turn", float(settings.get("turn_seconds", 60.0)))
            custom = custom_options(self.lobby)
            for box in self.query(Tick):
                if box.has_class("custom"):
                    box.value = custom is not None
                    continue
                group = "expansions" if box.has_class("expansion") else "variants"
                box.value = box.key in self._sent.get(group, settings.get(group, []))
            if custom is not None:
                pile, hand = limits(custom)
                self._set("#set-pile-picks", pile)
                self._set("#set-hand-picks", hand)
                if isinstance(custom.get("random_cards"), int):
                    self._set("#set-random-cards", custom["random_cards"])
        for box in self.query("#set-password").results(PasswordBox):
            box.placeholder = self._password_hint(settings)
        for state in self.query("#password-state"):
            state.update(_("this table has a password") if settings.get("password") else _("no password"))
        for select in self.query("#settings Select"):
            # What each Select shows is drawn from its value here, whatever Textual drew: a value
            # set before the Select mounted left it showing its prompt ("Select") for good.
            label = getattr(select, "labels", {}).get(select.value)
            if select.is_mounted and label is not None:
                for current in select.query("SelectCurrent"):
                    if current.query("#label"):   # its own children may not be mounted yet
                        current.update(label)

    @staticmethod
    def _password_hint(settings: dict[str, Any]) -> str:
        """What the empty password box says it takes."""
        if settings.get("password"):
            return _("set: type a new one, Enter sets it")
        return _("none: type one, Enter sets it")

    def _set(self, selector: str, value: Any) -> None:
        found = self.query(selector)
        if found:
            widget = found.first()
            widget.synced = value
            if not widget.is_mounted:
                # Not mounted yet (a rebuild under way as the next lobby came): setting its value
                # now is lost on mount, which then shows "Select" in every control until a
                # reload. It mounts with the value it was built with; the rebuild's own
                # _apply_values, once mounted, sets the newest.
                return
            try:
                widget.value = value
            except Exception:
                pass

    # ------------------------------------------------------------------ edits
    def on_select_changed(self, event: Select.Changed) -> None:
        # A Select reports the value the host's lobby gave it (when mounted or synced) as a
        # change too, possibly after a newer lobby arrived: that is no edit by the player, who
        # chooses with the Select (or its list) focused. (`ekpeer host --players 3` was set
        # back to 4 by the first lobby's Select, mounted as the second lobby came.)
        focused = self.focused
        if getattr(event.select, "synced", None) == event.value or focused is None \
                or not (focused is event.select or event.select in focused.ancestors):
            return
        event.select.synced = event.value  # type: ignore[attr-defined]
        option = {"set-pile-picks": "pile_picks", "set-hand-picks": "hand_picks",
                  "set-random-cards": "random_cards"}.get(event.select.id or "")
        if option:
            custom = custom_options(self.lobby)
            if (custom is not None and self.can_set() and event.value is not Select.BLANK
                    and custom.get(option) != event.value):
                self._set_custom({**custom, option: event.value})
            return
        key = {"set-seats": "seats", "set-bots": "bots", "set-deck": "deck",
               "set-reaction": "reaction_seconds", "set-turn": "turn_seconds"}.get(event.select.id or "")
        settings = self.lobby.get("settings", {})
        if key == "seats" and isinstance(event.value, int) and not self._deck_seats(event.value):
            self.snap_back()
            return
        if (key and event.value is not Select.BLANK and self.can_set()
                and settings.get(key) != event.value):
            self.post_message(SettingsEdited({key: event.value}))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Under the variants, what the focused one does; nothing once the focus moves on. The
        left panel's keys follow the password box's focus."""
        about = getattr(event.widget, "about", "")
        for line in self.query("#variant-about"):
            line.update(Text(about, style="dim"))   # a plugin's words: plain text
            line.display = bool(about)
        self._show_help()
        self.refresh_bindings()     # the key bar: the password box's keys, or the lobby's

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        if isinstance(event.widget, PasswordBox):
            self._clear_asked = 0.0     # "Enter again" is asked anew next time
            self.call_after_refresh(self._show_help)    # once the focus has moved on
            self.call_after_refresh(self.refresh_bindings)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        box = event.checkbox
        if not self.can_set() or not isinstance(box, Tick):
            return
        if box.has_class("custom"):
            custom = custom_options(self.lobby)
            if (custom is not None) != event.value:
                seats = int(self.lobby.get("settings", {}).get("seats", 4))
                self._set_custom({"pile_picks": 2, "hand_picks": 2, "random_cards": 10 * seats}
                                 if event.value else None)
            return
        group = "expansions" if box.has_class("expansion") else "variants"
        # from what was last sent, not the lobby the host last echoed: two quick Spaces on a
        # tick sent one change, and the echo of the first then unticked it for good
        listed = self._sent.get(group, self.lobby.get("settings", {}).get(group, []))
        if (box.key in listed) == event.value:
            return
        chosen = [k for k in listed if k != box.key] + ([box.key] if event.value else [])
        self._sent[group] = chosen
        self._sent_at = time.monotonic()
        edit: dict[str, Any] = {group: chosen}
        settings = self.lobby.get("settings", {})
        if group == "expansions" and settings.get("deck") is not None:
            # a deck that came with the expansion unticked goes with it: the expansions' own
            # deck then (the host refused "deck must be one of original, two_player")
            decks = _main_decks({**settings, "expansions": chosen}, self.lobby.get("choices") or {})
            if all(d["name"] != settings["deck"] for d in decks):
                edit["deck"] = None
        self.post_message(SettingsEdited(edit))

    def _set_custom(self, custom: dict[str, Any] | None) -> None:
        """The creator's custom-deck option (limits only: everyone's picks travel with ``ready``)."""
        settings = self.lobby.get("settings", {})
        options = {k: v for k, v in (settings.get("options") or {}).items() if k != "custom"}
        if custom is not None:
            options["custom"] = {k: v for k, v in custom.items() if k != "picks"}
        self.post_message(SettingsEdited({"options": options}))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter sets the password typed and gives the lobby's keys back (the focus stayed in
        the box, and r then typed into it). An empty box removes a password only on a second
        Enter: one stray Enter had opened the table to anyone, unsaid."""
        if event.input.id != "set-password":
            return
        box = event.input
        if not self.can_set():
            if isinstance(box, InOrderInput):
                box.after_enter(False)
            return
        event.stop()
        self._password_entered(box, event.value)
        if isinstance(box, InOrderInput):
            # the keys typed after Enter go on now, to where the focus is (r readies once the
            # lobby's keys are back; after "Enter again?" they type into the box still)
            box.after_enter(False)

    def _password_entered(self, box: Input, password: str) -> None:
        """What Enter in the password box does with what it held (see :meth:`on_input_submitted`)."""
        box.value = ""
        if password:
            self.post_message(SettingsEdited({"password": password}))
            self.notify(_("Password set: joiners must type it."), timeout=3)
        elif not self._locked():
            pass        # nothing to remove: the box is left as it was found
        elif time.monotonic() - self._clear_asked > CLEAR_AGAIN:
            self._clear_asked = time.monotonic()
            self.notify(_("Enter again to remove the password (Esc keeps it)."), timeout=CLEAR_AGAIN)
            return
        else:
            self.post_message(SettingsEdited({"password": None}))
            self.notify(_("Password removed: anyone may join."), timeout=4)
        self._clear_asked = 0.0
        self.set_focus(None)

    def _me(self) -> dict[str, Any]:
        return next((s for s in self.lobby.get("seats", []) if s.get("you")), {})

    def _maybe_ask_picks(self, custom: dict[str, Any] | None) -> None:
        """At a custom-deck table, the picking screen opens by itself once (until you are ready)."""
        if custom is None or self.lobby.get("spectator") or self._me().get("ready"):
            return
        key = (self.lobby.get("table"), self.lobby.get("games"))
        if key == self._asked_picks or any(my_picks(self.lobby).values()):
            return
        self._asked_picks = key
        self.call_after_refresh(self.action_pick)

    def action_pick(self) -> None:
        """Pick your custom-deck cards; done means ready with them."""
        custom = custom_options(self.lobby)
        if custom is None:
            self.notify(_("This table deals the box's cards: nothing to pick."), timeout=3)
            return
        if self._picker is not None and self._picker.is_attached:
            return
        cards = table_cards(self.lobby)
        if not cards:
            self.notify(_("The host did not list the table's cards: nothing to pick from."),
                        severity="warning", timeout=4)
            return
        screen = CustomDeckScreen(cards, custom, my_picks(self.lobby))
        self._picker = screen

        def done(picks: dict[str, list[str]] | None) -> None:
            self._picker = None
            if picks is not None:
                self.post_message(ReadyToggled(True, picks))

        self.app.push_screen(screen, done)

    def action_sit(self) -> None:
        if self.lobby.get("spectator"):
            self.post_message(SitRequested())

    def action_ready(self) -> None:
        me = self._me()
        unpicked = custom_options(self.lobby) is not None and not any(my_picks(self.lobby).values())
        if not me.get("ready") and unpicked:
            self.action_pick()
            return
        self.post_message(ReadyToggled(not me.get("ready", False)))

    def action_start(self) -> None:
        if not self.can_start():
            owner = who_sets(self.lobby)[0]
            self.notify(_("Only {owner} starts the game.").format(owner=owner or _("the table’s creator")),
                        severity="warning", markup=False)
            return
        self.post_message(StartRequested())

    def action_fixed(self) -> None:
        owner = who_sets(self.lobby)[0]
        self._say(_("Only {owner} sets this table.").format(owner=owner) if owner
                  else _("The host set this table: its settings stay as they are."))

    def action_seats(self, step: int) -> None:
        if not self.can_set():
            return
        # from the count last sent, as a tick is (see on_checkbox_changed), not the host's last
        # echo: + + + in one breath sent 5, 5, 5 (a stranger's six presses from 5 seats gave 6)
        n = int(self._sent.get("seats", self.lobby.get("settings", {}).get("seats", 4))) + step
        if not 2 <= n <= 10:
            self._say(_("A table seats 2 to 10 players."))
        elif self._deck_seats(n):
            self._sent["seats"], self._sent_at = n, time.monotonic()
            self.post_message(SettingsEdited({"seats": n}))

    def _say(self, said: str) -> None:
        """A refusal said here, once however often its key is pressed (toasts stacked up)."""
        if self._said != said or time.monotonic() - self._said_at > SAID_AGAIN:
            self._said, self._said_at = said, time.monotonic()
            self.notify(said, title=_("Refused"), severity="warning", timeout=SAID_AGAIN, markup=False)

    def _deck_seats(self, n: int) -> bool:
        """Whether the table's deck seats ``n``; if not, said here in the player's words (the
        host's refusal came in English, once for every press of +, stacked three high)."""
        settings = self.lobby.get("settings", {})
        choices = _choices(self.lobby)
        deck, reach = _chosen_deck(settings, choices), _reach(settings, choices)
        if deck is None or seats_fit(deck, n, reach):
            return True
        self._say(deck_label(deck, n, reach).plain)
        return False

    def action_leave(self) -> None:
        self.post_message(LeaveRequested())


def plugins_line(lobby: dict[str, Any]) -> Text:
    """The plugins the table runs, with versions (from the host: a client installs none of them)."""
    plugins = lobby.get("plugins")
    if plugins is None:  # an older host: the chosen expansions, versions from its choices
        versions = {p.get("name"): p.get("version", "") for p in lobby.get("choices", {}).get("plugins", [])}
        plugins = [{"name": n, "version": versions.get(n, "")}
                   for n in lobby.get("settings", {}).get("expansions", [])]
    text = Text("\n" + _("Plugins: "), style="bold")
    text.append(" · ".join(f"{p.get('name')} {p.get('version') or ''}".strip() for p in plugins) or _("none"))
    text.append("\n" + _("(they run on the host: nothing to install to play)"), style="dim")
    return text
