"""Choose a player (who to bring back to life, or any player a card asks for)."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, _
from ..phrasing import host_words, sentence
from .pick import PickScreen

#: a player's status as the host says it, said in the player's language
STATUS_WORDS = (N_("living"), N_("dead"), N_("out"))


class PlayerChoiceScreen(PickScreen):
    kind = "player"

    def __init__(self, choice: dict[str, Any], players: list[str], view: dict[str, Any]) -> None:
        prompt = host_words(str(choice.get("prompt") or "choose a player"))
        status = {p["name"]: p.get("status", "") for p in view.get("players", [])}
        dead = all(status.get(p) == "dead" for p in players) and players
        names = [str(p.get("name")) for p in view.get("players", [])]
        title = _("Who comes back to life?") if dead else sentence(prompt, names)
        options = [(p, f"{p}  ({_(status[p]) if status.get(p) else ''})", None) for p in players]
        super().__init__(title, _("Choose one Dead player to revive.") if dead else _("Choose one player."),
                         options)
