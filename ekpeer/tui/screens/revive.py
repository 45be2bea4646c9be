"""Choose a player (who to bring back to life, or any player a card asks for)."""

from __future__ import annotations

from typing import Any

from ..phrasing import sentence
from .pick import PickScreen


class PlayerChoiceScreen(PickScreen):
    kind = "player"

    def __init__(self, choice: dict[str, Any], players: list[str], view: dict[str, Any]) -> None:
        prompt = str(choice.get("prompt") or "choose a player")
        status = {p["name"]: p.get("status", "") for p in view.get("players", [])}
        dead = all(status.get(p) == "dead" for p in players) and players
        names = [str(p.get("name")) for p in view.get("players", [])]
        title = "Who comes back to life?" if dead else sentence(prompt, names)
        options = [(p, f"{p}  ({status.get(p, '')})", None) for p in players]
        super().__init__(title, "Choose one player." if not dead else "Choose one Dead player to revive.",
                         options)
