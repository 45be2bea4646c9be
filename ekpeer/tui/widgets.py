"""The table's pieces: cards in hand, the players, the piles, the status line."""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

from .words import Catalog, explode_odds


class CardWidget(Static, can_focus=True):
    """One title in your hand: its count, how many are selected, and marks."""

    class Toggled(Message):
        """The card was clicked (select one more copy, or none)."""

        def __init__(self, card: CardWidget) -> None:
            super().__init__()
            self.card = card

    def __init__(self, card: str | None, count: int, marked: int, selected: int, cat: Catalog,
                 index: int) -> None:
        classes = "card " + (cat.kind_class(card) if card else "face-down")
        super().__init__(classes=classes)
        self.index = index
        self.card = card
        self.count = count
        self.marked = marked
        self.selected = selected
        self.cat = cat
        self.set_class(selected > 0, "-selected")

    def render(self) -> Text:
        if self.card is None:
            return Text(f"▒▒▒▒▒▒▒▒\n×{self.count} face down", justify="center")
        title = self.cat.title(self.card)
        width = max(4, self.size.width or 12)
        lines = _wrap(title, width)[:2]
        foot = f"×{self.count}" if self.count > 1 else ""
        if self.marked:
            foot += f" ◆{self.marked if self.marked > 1 else ''}"
        if self.selected:
            foot += f" ✓{self.selected}"
        text = Text("\n".join(lines), style="bold", justify="center")
        text.append("\n" + foot.strip() if len(lines) < 3 else "")
        return text

    def on_click(self, event: Click) -> None:
        self.focus()
        self.post_message(self.Toggled(self))


def _wrap(title: str, width: int) -> list[str]:
    words, lines, line = title.split(), [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    if line:
        lines.append(line)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])[: width - 1] + "…"]
    return [ln if len(ln) <= width else ln[: width - 1] + "…" for ln in lines]


def player_lines(view: dict[str, Any], cat: Catalog, width: int = 28) -> Text:
    """Every player on one or two lines: turn marker, cards held, state, cards in front."""
    out = Text()
    me = view.get("you")
    current = view.get("current")
    waiting = set(view.get("waiting_for") or [])
    turns = view.get("turns", 1)
    for i, p in enumerate(view.get("players", [])):
        name = p["name"]
        status = p.get("status", "living")
        mark = "▶ " if name == current and status == "living" else "  "
        style = "bold reverse" if name == current else ""
        if status == "out":
            style = "dim strike"
        line = Text(mark, style="bold")
        line.append(name + (" (you)" if name == me else ""), style=style)
        line.append(f"  {p.get('hand_count', 0)}▮", style="bold")
        tags = []
        if name == current and turns and turns > 1:
            tags.append(f"owes {turns} turns")
        if status == "dead":
            tags.append("DEAD")
        elif status == "out":
            tags.append("OUT")
        if p.get("cursed"):
            tags.append("cursed")
        if p.get("marked"):
            tags.append(f"{len(p['marked'])} marked")
        if name in waiting:
            tags.append("choosing…")
        if tags:
            line.append("  " + ", ".join(tags), style="italic")
        if p.get("in_front"):
            line.append("\n    in front: " + cat.titles(p["in_front"]), style="dim")
        if i:
            out.append("\n")
        out.append_text(line)
    return out


def pile_text(view: dict[str, Any], cat: Catalog, known: Any) -> Text:
    count = view.get("draw_pile_count", 0)
    t = Text()
    t.append("Draw pile ", style="bold")
    t.append(f"{count} cards")
    for fu in view.get("face_up", []):
        t.append(f"  face up: {cat.title(fu.get('card'))} at depth {fu.get('depth')}", style="bold red")
    discard = view.get("discard") or []
    t.append("   Discard ", style="bold")
    t.append(f"{cat.title(discard[-1])} ({len(discard)})" if discard else "empty")
    arrow = "→ in seat order" if view.get("direction", 1) == 1 else "← reversed"
    t.append("\nPlay goes ", style="bold")
    t.append(arrow)
    if view.get("you") is not None:
        odds, why = explode_odds(view, cat, known)
        style = "bold red" if odds >= 0.34 else ("yellow" if odds >= 0.15 else "green")
        t.append("   Next draw explodes: ", style="bold")
        t.append(f"{odds:.0%}", style=style)
        t.append(f" ({why})", style="dim")
    return t


class Countdown(Static):
    """A reaction or turn timer counting down from the host's last ``timer`` message."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.kind: str | None = None
        self.seconds = 0.0
        self.started = 0.0
        self.player: str | None = None

    def start(self, kind: str, seconds: float, player: str | None = None) -> None:
        self.kind, self.seconds, self.started, self.player = kind, float(seconds), time.monotonic(), player
        self.refresh()

    def left(self) -> float:
        if self.kind is None:
            return 0.0
        return max(0.0, self.seconds - (time.monotonic() - self.started))
