"""Every key of the screen beneath, in the player's language (the palette's "Keys").

Textual's own keys panel listed each binding's English description, the scrolling and
focus keys of every widget among them, and stood beside the table, narrowing it: a Danish
player read "Focus Next" and "Copy selected text", and the players list wrapped behind it.
This lists ekpeer's own keys, said through the catalog, over the screen like any dialog.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from ...i18n import _
from ..widgets import short_words
from .dialog import Dialog


def _ekpeer_binding(namespace: Any, binding: Binding) -> bool:
    """Bound by ekpeer's own code (a screen, a widget, the app), not by a Textual widget.
    A binding of several keys (``plus,equals_sign``) is active one key at a time: compared as
    such (the lobby's "+ Add seat" was missing from the list, "- Drop seat" there)."""
    return any(binding in Binding.make_bindings(vars(kind).get("BINDINGS", ()))
               for kind in type(namespace).__mro__ if kind.__module__.startswith("ekpeer"))


def _said(description: str) -> str:
    """A key's words, and its shorter ones where a narrow key bar says those: the Danish
    "m Valg" at 64 columns is "m  Muligheder (Valg)" here, so that the two read as one key."""
    whole, short = _(description), short_words(description)
    return whole if short == whole else f"{whole} ({short})"


def key_rows(screen: Screen, display: Any) -> list[tuple[str, str]]:
    """``(keys, what they do)`` for each of ekpeer's actions open on ``screen``, its keys
    together (``escape l q``), in the order they are bound."""
    rows: dict[str, tuple[list[str], str]] = {}
    # a dialog's list moves and chooses by its own (Textual's) keys, not listed below: the
    # dialog names them; and it leaves out an action its keys do not take (Esc in a decision)
    for keys, words in getattr(screen, "list_keys", list)():
        shown = [display(Binding(key, words)) for key in keys]
        rows[f"list:{words}"] = (shown, _(words))
    # and the app's keys that cannot apply here (h, the host gone: not for the one hosting)
    unlisted = (*getattr(screen, "unlisted_actions", tuple)(),
                *getattr(screen.app, "unlisted_actions", tuple)())
    # a key dimmed for now (the table's d Draw on another's turn) is the screen's key all the
    # same: listed (a key the screen does not offer at all is not among its active bindings)
    for namespace, binding, _enabled, _tooltip in screen.active_bindings.values():
        if not (binding.description and not binding.system) or \
                not _ekpeer_binding(namespace, binding) or binding.action in unlisted:
            continue
        keys, words = rows.setdefault(f"{id(namespace)}:{binding.action}", ([], _said(binding.description)))
        shown = display(binding)
        if shown not in keys:
            keys.append(shown)
    listed = [(" ".join(keys), words) for keys, words in rows.values()]
    palette = screen.app.COMMAND_PALETTE_BINDING if screen.app.ENABLE_COMMAND_PALETTE else None
    if palette:     # the way here: the palette's own key
        listed.append((display(Binding(palette, "command_palette", "palette")), _("Command palette")))
    return listed


class KeysScreen(Dialog[None]):
    """The keys, one a row, in a list as tall as the screen has rows for (Dialog._fit_list):
    at 64x20 a fixed 8 rows scrolled with rows to spare above and below the dialog, and at
    80x24 the last keys (the palette's way among them) were below its 14."""

    BINDINGS = [Binding("escape,q", "close", "Close")]
    shows_clock = False
    fitted_list = "#keys-list"
    most_list_rows = None

    def __init__(self, rows: list[tuple[str, str]]) -> None:
        super().__init__(classes="decision")
        self.rows = rows

    def compose(self) -> ComposeResult:
        width = max((len(keys) for keys, _words in self.rows), default=0)
        lines = "\n".join(f"{keys:>{width}}  {words}" for keys, words in self.rows)
        with Vertical(id="dialog"):
            yield Static(_("Keys"), id="dialog-title")
            with VerticalScroll(id="keys-list"):
                yield Static(lines or _("No keys here."), markup=False)
            with Horizontal(id="dialog-buttons"):
                yield Button(_("Back (Esc)"), id="close")

    def on_mount(self) -> None:
        self.query_one("#keys-list").focus()      # ↑ ↓ scroll a list longer than the screen

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_close()

    def action_close(self) -> None:
        self.dismiss(None)
