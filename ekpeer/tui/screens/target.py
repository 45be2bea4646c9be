"""Whom to aim a card or combo at."""

from __future__ import annotations

from typing import Any

from ...i18n import _, ngettext
from .pick import PickScreen


class TargetScreen(PickScreen):
    """The other players first, and one of them highlighted: never yourself by default (a
    Targeted Attack on yourself is legal, and almost never what anyone wants)."""

    kind = "target"

    def __init__(self, what: str, targets: list[str], view: dict[str, Any],
                 prompt: str | None = None) -> None:
        counts = {p["name"]: p for p in view.get("players", [])}
        me = view.get("you")
        options = []
        for name in sorted(targets, key=lambda n: n == me):     # yourself, if offered, last
            p = counts.get(name, {})
            n = p.get("hand_count")
            extra = (ngettext("{n} card", "{n} cards", n).format(n=n) if isinstance(n, int)
                     else _("{n} cards").format(n="?"))      # "1 cards" read wrong
            if p.get("status") and p["status"] != "living":
                extra += f", {_(p['status'])}"
            who = name + _(" (you)") if name == me else name
            options.append((name, f"{who}  ({extra})", None))
        super().__init__(_("Play {what} on whom?").format(what=what),
                         prompt or _("Choose the player to target."), options, cancel=True)
        others = [i for i, (name, _label, _card) in enumerate(options) if name != me]
        living = [i for i in others if counts.get(options[i][0], {}).get("status", "living") == "living"]
        self._default = (living or others or [0])[0]

    def default_index(self) -> int | None:
        return self._default
