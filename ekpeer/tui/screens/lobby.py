"""The lobby: seats and who is ready, and the table's settings (the creator edits them)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Checkbox, Footer, Input, Label, Select, Static

from ..messages import LeaveRequested, ReadyToggled, SettingsEdited, StartRequested
from ..widgets import plain
from .custom_deck import CustomDeckScreen, custom_options, limits, my_picks, picks_words, table_cards

BOTS = [("hard (searches)", "expert"), ("normal (heuristic)", "heuristic"), ("easy (random)", "random")]
REACTION = [0.5, 1.0, 2.0, 3.0, 5.0, 8.0]
PILE_PICKS = list(range(0, 6))
HAND_PICKS = list(range(0, 8))
RANDOM_CARDS = [0, 10, 20, 30, 40, 60, 80]


class Tick(Checkbox):
    """A checkbox that reads without colour: ``[✓] base`` or ``[ ] zombie``.

    ``key`` is the expansion or variant it stands for (variant ids hold dots, which a widget
    id may not)."""

    def __init__(self, label: str, value: bool, key: str, **kwargs: Any) -> None:
        super().__init__(plain(label), value, **kwargs)     # a plugin's name or title: plain text
        self.key = key

    @property
    def _button(self) -> Content:
        return Content.styled("[✓]" if self.value else "[ ]", self.get_visual_style("toggle--label"))


def _ident(prefix: str, name: str) -> str:
    return f"{prefix}-" + re.sub(r"[^A-Za-z0-9_-]", "_", name)


class LobbyScreen(Screen):
    BINDINGS = [
        Binding("r", "ready", "Ready"),
        Binding("s", "start", "Start"),
        Binding("plus,equals_sign", "seats(1)", "Add seat"),
        Binding("minus", "seats(-1)", "Drop seat"),
        Binding("c", "pick", "Pick cards", show=False),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(self) -> None:
        super().__init__(id="lobby")
        self._shape: Any = None
        self._picker: CustomDeckScreen | None = None
        self._asked_picks: Any = None
        self._rebuilding = asyncio.Lock()

    def compose(self) -> ComposeResult:
        yield Static("", id="lobby-title")
        with Horizontal(id="lobby-main"):
            with Vertical(id="seats-box"):
                yield Static("Seats", classes="heading")
                yield Static("", id="seats")
                yield Static("", id="lobby-plugins")
                yield Static("", id="lobby-help")
            yield VerticalScroll(id="settings")
        yield Footer()

    def on_mount(self) -> None:
        self.show_lobby()

    @property
    def lobby(self) -> dict[str, Any]:
        return self.app.lobby  # type: ignore[attr-defined]

    def show_lobby(self) -> None:
        if not self.is_mounted or not self.lobby:
            return
        lobby = self.lobby
        settings = lobby.get("settings", {})
        creator = bool(lobby.get("creator"))
        title = Text()
        title.append(" ekpeer lobby ", style="bold reverse")
        title.append(f"  table {lobby.get('table', '?')} · you are {lobby.get('you')}")
        title.append("  (you set the table)" if creator else "  (the host sets the table)", style="italic")
        addr = getattr(self.app, "address", None)
        if addr:
            from ...net.addresses import AddressError, fingerprint, join_command, parse

            title.append(f"\n Others join with:  {join_command(addr)}", style="bold")
            try:
                title.append(f"\n Key fingerprint:   {fingerprint(parse(addr).key or b'')}  "
                             "(they compare it with what their screen shows)")
            except AddressError:    # no key: --insecure
                pass
        self.query_one("#lobby-title", Static).update(title)
        seats = Text()
        for seat in lobby.get("seats", []):
            mark = "✓ ready" if seat.get("ready") else "… not ready"
            who = seat.get("name", "?") + (" (you)" if seat.get("you") else "")
            if seat.get("bot"):
                kind = seat["bot"] if isinstance(seat["bot"], str) else settings.get("bots", "")
                who += f"  [bot {kind}]"
            if not seat.get("connected", True):
                who += "  (away)"
            seats.append(f"{mark:<12}", style="green" if seat.get("ready") else "yellow")
            seats.append(who + "\n")
        free = int(settings.get("seats", 0)) - len(lobby.get("seats", []))
        if free > 0:
            seats.append(f"{free} empty seat(s): {settings.get('bots', 'heuristic')} bots fill them\n",
                         style="dim")
        if settings.get("password"):
            seats.append("This table has a password.\n", style="dim")
        custom = custom_options(lobby)
        if custom is not None:
            pile, hand = limits(custom)
            seats.append("\nCustom deck: ", style="bold")
            seats.append(f"each player picks {pile} for the draw pile, {hand} for their hand; "
                         f"{custom.get('random_cards', 'some')} random cards.\n")
            titles = {c["id"]: c.get("title", c["id"]) for c in table_cards(lobby)}
            seats.append("Your picks (secret): ", style="bold")
            seats.append(picks_words(my_picks(lobby), titles) + "\n")
        self.query_one("#seats", Static).update(seats)
        self.query_one("#lobby-plugins", Static).update(plugins_line(lobby))
        help_text = "r: ready   s: start   +/-: seats   Esc: leave" if creator else "r: ready   Esc: leave"
        if custom is not None:
            help_text = "c: pick cards   " + help_text
        self.query_one("#lobby-help", Static).update(Text(help_text, style="dim"))
        self._sync_settings(settings, lobby.get("choices", {}), creator)
        self._maybe_ask_picks(custom)

    def _sync_settings(self, settings: dict[str, Any], choices: dict[str, Any], creator: bool) -> None:
        plugins = choices.get("plugins", [])
        decks = [(Text(f"{d['title']} ({d['min_players']}-{d['max_players']})"), d["name"])
                 for p in plugins if p["name"] in settings.get("expansions", []) for d in p.get("decks", [])
                 if d.get("main", True)]
        variants = [(v["title"], v["id"]) for p in plugins if p["name"] in settings.get("expansions", [])
                    for v in p.get("variants", [])]
        custom = custom_options(self.lobby)
        can_custom = bool(settings.get("expansions"))   # the engine deals custom decks with any plugins
        shape = (tuple(p["name"] for p in plugins), tuple(decks), tuple(variants), creator,
                 can_custom, custom is not None)
        box = self.query_one("#settings", VerticalScroll)
        if shape != self._shape:
            self._shape = shape
            reaction = float(settings.get("reaction_seconds", 3.0))
            def select(options: list[tuple[str, Any]], ident: str, value: Any) -> Select:
                widget = Select(options, id=ident, value=value, allow_blank=False, compact=True,
                                disabled=not creator)
                widget.synced = value  # type: ignore[attr-defined]  # see on_select_changed
                return widget

            rows = [("Players", select([(str(n), n) for n in range(2, 11)], "set-seats",
                                       int(settings.get("seats", 4)))),
                    ("Bots", select(BOTS, "set-bots", settings.get("bots", "heuristic")))]
            if decks:
                deck = settings.get("deck") if settings.get("deck") in [d[1] for d in decks] else decks[0][1]
                rows.append(("Deck", select(decks, "set-deck", deck)))
            rows.append(("Nope time", select([(f"{s:g} s", s) for s in sorted({*REACTION, reaction})],
                                             "set-reaction", reaction)))
            widgets: list[Any] = [Label("Table", classes="heading first")]
            widgets += [Horizontal(Label(label, classes="row-label"), select, classes="row")
                        for label, select in rows]
            widgets.append(Label("Expansions", classes="heading"))
            widgets.append(Grid(*[Tick(p["name"], p["name"] in settings.get("expansions", []), p["name"],
                                       id=_ident("exp", p["name"]), classes="expansion", disabled=not creator)
                                  for p in plugins],
                                id="expansions"))
            widgets.append(Label("Variants", classes="heading"))
            if not variants:
                widgets.append(Static("none for these expansions", classes="dim"))
            for title, vid in variants:
                widgets.append(Tick(title, vid in settings.get("variants", []), vid, classes="variant",
                                    disabled=not creator))
            if can_custom:
                widgets.append(Label("Custom deck", classes="heading"))
                widgets.append(Tick("players pick cards", custom is not None, "custom", id="set-custom",
                                    classes="custom", disabled=not creator))
                if custom is not None:
                    pile, hand = limits(custom)
                    n_random = custom.get("random_cards", 10 * int(settings.get("seats", 4)))
                    for label, ident, values, value in (
                            ("Pile picks", "set-pile-picks", PILE_PICKS, pile),
                            ("Hand picks", "set-hand-picks", HAND_PICKS, hand),
                            ("Random", "set-random-cards", RANDOM_CARDS, n_random)):
                        values = sorted({*values, value}) if isinstance(value, int) else values
                        widgets.append(Horizontal(Label(label, classes="row-label"),
                                                  select([(str(n), n) for n in values], ident, value),
                                                  classes="row"))
            widgets.append(Label("Password", classes="heading"))
            if creator:
                widgets.append(Input("", placeholder="none: Enter sets, empty clears", password=True,
                                     id="set-password", max_length=64, compact=True))
            widgets.append(Static("", id="password-state", classes="dim"))
            self.run_worker(self._rebuild(box, widgets), group="lobby-settings")
        else:
            self._apply_values()

    async def _rebuild(self, box: VerticalScroll, widgets: list[Any]) -> None:
        """One rebuild at a time: two lobby messages in a row must not mount the same ids twice."""
        async with self._rebuilding:
            await box.remove_children()
            await box.mount_all(widgets)
        self.call_after_refresh(self._apply_values)

    def _apply_values(self) -> None:
        settings = self.lobby.get("settings", {})
        creator = bool(self.lobby.get("creator"))
        with self.prevent(Select.Changed, Checkbox.Changed):
            for widget in self.query("#settings Select, #settings Checkbox"):
                widget.disabled = not creator
            self._set("#set-seats", int(settings.get("seats", 4)))
            self._set("#set-bots", settings.get("bots", "heuristic"))
            if settings.get("deck"):
                self._set("#set-deck", settings.get("deck"))
            self._set("#set-reaction", float(settings.get("reaction_seconds", 3.0)))
            custom = custom_options(self.lobby)
            for box in self.query(Tick):
                if box.has_class("custom"):
                    box.value = custom is not None
                    continue
                group = "expansions" if box.has_class("expansion") else "variants"
                box.value = box.key in settings.get(group, [])
            if custom is not None:
                pile, hand = limits(custom)
                self._set("#set-pile-picks", pile)
                self._set("#set-hand-picks", hand)
                if isinstance(custom.get("random_cards"), int):
                    self._set("#set-random-cards", custom["random_cards"])
        for state in self.query("#password-state"):
            state.update("this table has a password" if settings.get("password") else "no password")
        for select in self.query("#settings Select"):
            # A Select mounted with a value can keep showing its prompt: draw its label again.
            for label in select.query("SelectCurrent #label"):
                label.update(label.content)

    def _set(self, selector: str, value: Any) -> None:
        found = self.query(selector)
        if found:
            try:
                found.first().synced = value
                found.first().value = value
            except Exception:
                pass

    # ------------------------------------------------------------------ edits
    def on_select_changed(self, event: Select.Changed) -> None:
        # A Select reports the value the host's lobby gave it (when mounted or synced) as a
        # change too, possibly after a newer lobby arrived: that is no edit by the player.
        if getattr(event.select, "synced", None) == event.value:
            return
        event.select.synced = event.value  # type: ignore[attr-defined]
        option = {"set-pile-picks": "pile_picks", "set-hand-picks": "hand_picks",
                  "set-random-cards": "random_cards"}.get(event.select.id or "")
        if option:
            custom = custom_options(self.lobby)
            if (custom is not None and self.lobby.get("creator") and event.value is not Select.BLANK
                    and custom.get(option) != event.value):
                self._set_custom({**custom, option: event.value})
            return
        key = {"set-seats": "seats", "set-bots": "bots", "set-deck": "deck",
               "set-reaction": "reaction_seconds"}.get(event.select.id or "")
        settings = self.lobby.get("settings", {})
        if (key and event.value is not Select.BLANK and self.lobby.get("creator")
                and settings.get(key) != event.value):
            self.post_message(SettingsEdited({key: event.value}))

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        box = event.checkbox
        if not self.lobby.get("creator") or not isinstance(box, Tick):
            return
        if box.has_class("custom"):
            custom = custom_options(self.lobby)
            if (custom is not None) != event.value:
                seats = int(self.lobby.get("settings", {}).get("seats", 4))
                self._set_custom({"pile_picks": 2, "hand_picks": 2, "random_cards": 10 * seats}
                                 if event.value else None)
            return
        group = "expansions" if box.has_class("expansion") else "variants"
        listed = self.lobby.get("settings", {}).get(group, [])
        if (box.key in listed) == event.value:
            return
        chosen = [k for k in listed if k != box.key] + ([box.key] if event.value else [])
        self.post_message(SettingsEdited({group: chosen}))

    def _set_custom(self, custom: dict[str, Any] | None) -> None:
        """The creator's custom-deck option (limits only: everyone's picks travel with ``ready``)."""
        settings = self.lobby.get("settings", {})
        options = {k: v for k, v in (settings.get("options") or {}).items() if k != "custom"}
        if custom is not None:
            options["custom"] = {k: v for k, v in custom.items() if k != "picks"}
        self.post_message(SettingsEdited({"options": options}))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "set-password" or not self.lobby.get("creator"):
            return
        event.stop()
        password = event.value
        event.input.value = ""
        self.post_message(SettingsEdited({"password": password or None}))
        self.notify("Password set: joiners must type it." if password else "Password cleared.", timeout=3)

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
            self.notify("This table deals the box's cards: nothing to pick.", timeout=3)
            return
        if self._picker is not None and self._picker.is_attached:
            return
        cards = table_cards(self.lobby)
        if not cards:
            self.notify("The host did not list the table's cards: nothing to pick from.",
                        severity="warning", timeout=4)
            return
        screen = CustomDeckScreen(cards, custom, my_picks(self.lobby))
        self._picker = screen

        def done(picks: dict[str, list[str]] | None) -> None:
            self._picker = None
            if picks is not None:
                self.post_message(ReadyToggled(True, picks))

        self.app.push_screen(screen, done)

    def action_ready(self) -> None:
        me = self._me()
        unpicked = custom_options(self.lobby) is not None and not any(my_picks(self.lobby).values())
        if not me.get("ready") and unpicked:
            self.action_pick()
            return
        self.post_message(ReadyToggled(not me.get("ready", False)))

    def action_start(self) -> None:
        if not self.lobby.get("creator"):
            self.notify("Only the table's creator starts the game.", severity="warning")
            return
        self.post_message(StartRequested())

    def action_seats(self, step: int) -> None:
        if self.lobby.get("creator"):
            n = int(self.lobby.get("settings", {}).get("seats", 4)) + step
            if 2 <= n <= 10:
                self.post_message(SettingsEdited({"seats": n}))

    def action_leave(self) -> None:
        self.post_message(LeaveRequested())


def plugins_line(lobby: dict[str, Any]) -> Text:
    """The plugins the table runs, with versions (from the host: a client installs none of them)."""
    plugins = lobby.get("plugins")
    if plugins is None:  # an older host: the chosen expansions, versions from its choices
        versions = {p.get("name"): p.get("version", "") for p in lobby.get("choices", {}).get("plugins", [])}
        plugins = [{"name": n, "version": versions.get(n, "")}
                   for n in lobby.get("settings", {}).get("expansions", [])]
    text = Text("\nPlugins: ", style="bold")
    text.append(" · ".join(f"{p.get('name')} {p.get('version') or ''}".strip() for p in plugins) or "none")
    text.append("\n(they run on the host: nothing to install to play)", style="dim")
    return text
