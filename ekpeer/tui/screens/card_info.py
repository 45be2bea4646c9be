"""A card's rules text, from the catalog (``?`` on any card), and for a Nope or a NOW card
the order in which the cards of a reaction window take effect."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ...boxes import from_box
from ...i18n import N_, _
from ..phrasing import lobby_plugin
from ..widgets import plain
from .dialog import Dialog

#: the usual kinds of card (the catalog's ``kind``), said in the player's language
KIND_WORDS = (N_("kitten"), N_("defuse"), N_("action"), N_("now"), N_("nope"), N_("cat"), N_("attack"))
#: kinds said as what they do, not as one card's name: a Danish stranger read a Streaking
#: Kitten's rules as "desarmer · ..." and took it for a Defuse
KIND_SAID = {"defuse": N_("saves you from a kitten")}
#: said under a Nope's or a NOW card's rules: nothing else told a player which card of a
#: reaction window counts first (the engine's stack: the last one played)
LAST_PLAYED_FIRST = N_("When several cards are played in one reaction window, the last one played "
                       "takes effect first.")


class CardInfoScreen(Dialog[None]):
    BINDINGS = [Binding("escape,question_mark,enter,q", "close", "Close")]

    def __init__(self, card: str) -> None:
        super().__init__(classes="decision")
        self.card = card

    def compose(self) -> ComposeResult:
        cat = self.app.catalog  # type: ignore[attr-defined]
        entry = cat.cards.get(self.card, {})
        kind = cat.kind(self.card)
        # a NOW card's kind is "now": "now · NOW: play any time" said it twice
        facts = [] if entry.get("now") and kind == "now" else [_(KIND_SAID.get(kind, kind))]
        if entry.get("now"):
            facts.append(_("NOW: play any time"))
        if entry.get("nopeable") is False:
            facts.append(_("cannot be Noped"))
        if entry.get("playable") is False:
            facts.append(_("not played on its own"))
        if entry.get("boxes") == []:    # Personal Attack: the party's, but in no box (ekpeer cards)
            facts.append(_("no box (a variant or a custom deck adds it)"))
        elif entry.get("plugin"):       # named as the lobby ticks it: its box's title
            facts.append(from_box(lobby_plugin(getattr(self.app, "lobby", None) or {}, str(entry["plugin"]))))
        with Vertical(id="dialog", classes=cat.kind_class(self.card)):
            # the catalog comes from the host: its titles and texts are shown as plain text
            yield Static(plain(cat.title(self.card)), id="dialog-title")
            yield Static(plain(cat.text(self.card)), id="dialog-prompt")
            yield Static(plain(" · ".join(facts)), id="dialog-details")
            if entry.get("now") or cat.is_nope(self.card):
                yield Static(_(LAST_PLAYED_FIRST), id="card-order")
            with Horizontal(id="dialog-buttons"):     # a tap target: a phone has no Esc
                yield Button(_("Close (Esc)"), id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_close()

    def action_close(self) -> None:
        self.dismiss(None)
