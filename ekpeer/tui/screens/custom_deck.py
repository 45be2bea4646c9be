"""Picking cards for a custom deck (the party plugin's custom-deck table).

Which cards may be picked, and where, comes from the host: the lobby's ``plugins`` list each
plugin's ``cards`` (catalog entries with ``pick_pile``, ``pick_hand`` and ``random_only``),
and ``settings.options.custom`` holds the limits. The client knows no card by name. The picks
go to the host with ``ready`` and stay secret: this screen shows only your own.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import _, ngettext
from ..lists import StopsAtEnds
from ..widgets import KeyBar
from .dialog import Modal


def custom_options(lobby: dict[str, Any]) -> dict[str, Any] | None:
    """The table's custom-deck option (``settings.options.custom``), or None."""
    options = (lobby.get("settings") or {}).get("options") or {}
    custom = options.get("custom") if isinstance(options, dict) else None
    return custom if isinstance(custom, dict) else None


def my_picks(lobby: dict[str, Any]) -> dict[str, list[str]]:
    """Your own picks as the host echoes them (nobody else's are ever sent)."""
    custom = custom_options(lobby) or {}
    picks = custom.get("picks") or {}
    mine = picks.get(lobby.get("you")) if isinstance(picks, dict) else None
    mine = mine if isinstance(mine, dict) else {}
    return {"pile": list(mine.get("pile") or []), "hand": list(mine.get("hand") or [])}


def table_cards(lobby: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card of the table's plugins, as the host lists them (first listing of an id wins)."""
    seen: dict[str, dict[str, Any]] = {}
    for plugin in lobby.get("plugins") or []:
        for card in plugin.get("cards") or []:
            if isinstance(card, dict) and card.get("id") and card["id"] not in seen:
                seen[card["id"]] = card
    return list(seen.values())


def may_pick(card: dict[str, Any], where: str) -> bool:
    """The selection rules, read from the catalog entry: never a kitten or a random-only card."""
    if card.get("random_only") or "kills" in (card.get("traits") or ()):
        return False
    return bool(card.get("pick_pile" if where == "pile" else "pick_hand"))


def limits(custom: dict[str, Any]) -> tuple[int, int]:
    def whole(key: str, default: int) -> int:
        value = custom.get(key, default)
        return value if isinstance(value, int) and not isinstance(value, bool) else default

    return whole("pile_picks", 2), whole("hand_picks", 2)


def picks_words(picks: dict[str, list[str]], titles: dict[str, str]) -> str:
    def names(ids: list[str]) -> str:
        return ", ".join(titles.get(c, c) for c in ids) or _("nothing")

    return _("pile: {pile} · hand: {hand}").format(pile=names(picks.get("pile", [])),
                                                   hand=names(picks.get("hand", [])))


class CustomDeckScreen(Modal[Any]):
    """Pick cards for the draw pile (``p``) and for your own starting hand (``h``).

    Dismisses with ``{"pile": [...], "hand": [...]}`` on Enter, None on Escape."""

    BINDINGS = [
        Binding("p", "add('pile')", "To pile"),
        Binding("h", "add('hand')", "To hand"),
        Binding("x,backspace,delete", "remove", "Take back"),
        Binding("c", "clear", "Clear", show=False),
        Binding("enter", "done", "Done, ready", priority=True),
        Binding("escape", "cancel", "Back"),
    ]

    def __init__(self, cards: list[dict[str, Any]], custom: dict[str, Any],
                 picks: dict[str, list[str]] | None = None) -> None:
        super().__init__(classes="decision decision-custom")
        self.cards = [c for c in cards if may_pick(c, "pile") or may_pick(c, "hand")]
        self.cards.sort(key=lambda c: (str(c.get("kind")), str(c.get("title"))))
        self.by_id = {c["id"]: c for c in cards}
        self.random_cards = custom.get("random_cards")
        self.pile_limit, self.hand_limit = limits(custom)
        picks = picks or {}
        self.picks = {w: [c for c in picks.get(w, []) if c in self.by_id and may_pick(self.by_id[c], w)]
                      for w in ("pile", "hand")}

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(_("Custom deck: pick your cards"), id="dialog-title")
            yield Static("", id="dialog-prompt")
            # ↓ once too often rests on the last card: come round, p p ↓ ↓ p put the first card in
            yield StopsAtEnds(*[Option(self._line(c), id=c["id"]) for c in self.cards], id="dialog-options")
            yield Static("", id="dialog-details")
            yield Static(_("p: to the draw pile   h: to your hand   x: take back   Enter: done (ready)   "
                           "Esc: back"), id="dialog-hint")
        yield KeyBar()

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0 if self.cards else None
        options.focus()
        self._refresh()

    # ------------------------------------------------------------------ drawing
    def _line(self, card: dict[str, Any]) -> Text:
        counts = Counter(self.picks["pile"]) if hasattr(self, "picks") else Counter()
        hands = Counter(self.picks["hand"]) if hasattr(self, "picks") else Counter()
        where = (_("pile+hand") if may_pick(card, "pile") and may_pick(card, "hand")
                 else _("pile only") if may_pick(card, "pile") else _("hand only"))
        t = Text()
        t.append(f"{card.get('title', card['id'])[:24]:<24}", style="bold")
        t.append(f" {where:<10}", style="dim")
        if counts[card["id"]]:
            t.append(_(" pile ×{n}").format(n=counts[card["id"]]), style="bold green")
        if hands[card["id"]]:
            t.append(_(" hand ×{n}").format(n=hands[card["id"]]), style="bold cyan")
        return t

    def _refresh(self) -> None:
        pile, hand = self.picks["pile"], self.picks["hand"]
        prompt = Text()
        prompt.append(_("Draw pile {n}/{most}").format(n=len(pile), most=self.pile_limit), style="bold")
        prompt.append(_(" · your hand {n}/{most}").format(n=len(hand), most=self.hand_limit), style="bold")
        if self.random_cards is not None:
            prompt.append(_(" · {n} random cards").format(n=self.random_cards), style="dim")
        prompt.append("\n" + _("Only you see your picks. Kittens come in by themselves."), style="dim")
        self.query_one("#dialog-prompt", Static).update(prompt)
        options = self.query_one(OptionList)
        for i, card in enumerate(self.cards):
            options.replace_option_prompt_at_index(i, self._line(card))
        self._details()

    def _details(self) -> None:
        card = self.highlighted()
        text = Text()
        if card is not None:
            text.append(f"{card.get('title')}: ", style="bold")
            # the whole text, wrapped by the dialog: a cut mid-word ("it explodes on t") hid
            # the end of the longest rules
            text.append(" ".join(str(card.get("text", "")).split()))
        self.query_one("#dialog-details", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._details()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()

    def highlighted(self) -> dict[str, Any] | None:
        options = self.query_one(OptionList)
        i = options.highlighted
        return self.cards[i] if i is not None and 0 <= i < len(self.cards) else None

    # ------------------------------------------------------------------ actions
    def action_add(self, where: str) -> None:
        card = self.highlighted()
        if card is None:
            return
        title = card.get("title", card["id"])
        place = _("the draw pile") if where == "pile" else _("your starting hand")
        if not may_pick(card, where):
            self.warn(_("{card} cannot be picked for {place}.").format(card=title, place=place))
            return
        limit = self.pile_limit if where == "pile" else self.hand_limit
        if len(self.picks[where]) >= limit:
            self.warn(ngettext("At most {n} card for {place}: x takes one back.",
                               "At most {n} cards for {place}: x takes one back.", limit).format(
                                   n=limit, place=place))
            return
        self.picks[where].append(card["id"])
        self._refresh()

    def action_remove(self) -> None:
        card = self.highlighted()
        if card is None:
            return
        for where in ("hand", "pile"):
            if card["id"] in self.picks[where]:
                self.picks[where].reverse()
                self.picks[where].remove(card["id"])
                self.picks[where].reverse()
                break
        self._refresh()

    def action_clear(self) -> None:
        self.picks = {"pile": [], "hand": []}
        self._refresh()

    def action_done(self) -> None:
        self.dismiss({"pile": list(self.picks["pile"]), "hand": list(self.picks["hand"])})

    def action_cancel(self) -> None:
        self.dismiss(None)
