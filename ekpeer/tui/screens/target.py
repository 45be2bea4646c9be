"""Whom to aim a card or combo at."""

from __future__ import annotations

from typing import Any

from .pick import PickScreen


class TargetScreen(PickScreen):
    kind = "target"

    def __init__(self, what: str, targets: list[str], view: dict[str, Any]) -> None:
        counts = {p["name"]: p for p in view.get("players", [])}
        options = []
        for name in targets:
            p = counts.get(name, {})
            extra = f"{p.get('hand_count', '?')} cards"
            if p.get("status") and p["status"] != "living":
                extra += f", {p['status']}"
            who = f"{name} (you)" if name == view.get("you") else name
            options.append((name, f"{who}  ({extra})", None))
        super().__init__(f"Play {what} on whom?", "Choose the player to target.", options, cancel=True)
