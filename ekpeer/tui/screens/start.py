"""The start screen: play alone against bots, host a table, or join one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from ..messages import StartChosen


class StartScreen(Screen):
    BINDINGS = [
        Binding("ctrl+b", "choose('play')", "Play vs bots"),
        Binding("ctrl+o", "choose('host')", "Host"),
        Binding("ctrl+j", "choose('join')", "Join"),
    ]

    def __init__(self, name: str = "you", address: str = "") -> None:
        super().__init__(id="start")
        self.player_name = name
        self.address = address

    def compose(self) -> ComposeResult:
        with Vertical(id="start-box"):
            yield Static("ekpeer: Exploding Kittens in the terminal", id="start-title")
            yield Label("Your name")
            yield Input(self.player_name, id="name", max_length=16)
            yield Label("Host address to join (tcp://HOST:PORT)")
            yield Input(self.address, placeholder="tcp://127.0.0.1:5555", id="address")
            with Horizontal(id="start-buttons"):
                yield Button("Play vs bots", id="play", variant="primary")
                yield Button("Host a table", id="host")
                yield Button("Join", id="join")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#play", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id or "play")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_choose("join" if event.input.id == "address" else "play")

    def action_choose(self, mode: str) -> None:
        name = self.query_one("#name", Input).value.strip() or "you"
        address = self.query_one("#address", Input).value.strip() or None
        if mode == "join" and not address:
            self.notify("Type the host's address first (tcp://HOST:PORT).", severity="warning")
            self.query_one("#address", Input).focus()
            return
        self.post_message(StartChosen(mode, name, address))
