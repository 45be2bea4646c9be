"""Every legal move in words: the fallback that makes any plugin's move playable."""

from __future__ import annotations

from typing import Any

from ..words import Catalog
from .pick import PickScreen


def move_words(move: dict[str, Any], cat: Catalog) -> str:
    do = move.get("do")
    if do == "draw":
        return "Draw a card (ends your turn)"
    if do == "resolve":
        return "Let it happen"
    if do == "choose":
        fields = [f"{k} {cat.title(v) if isinstance(v, str) and v in cat.cards else v}"
                  for k, v in move.items() if k not in ("do", "by")]
        return "Choose " + ", ".join(fields)
    cards = move.get("cards") or []
    text = "Play " + " + ".join(cat.title(c) for c in cards)
    if move.get("target"):
        text += f" on {move['target']}"
    if move.get("name"):
        text += f", naming {cat.title(move['name'])}"
    return text


class MovesScreen(PickScreen):
    kind = "moves"

    def __init__(self, moves: list[dict[str, Any]], cat: Catalog) -> None:
        options = [(m, move_words(m, cat), (m.get("cards") or [None])[0]) for m in moves[:200]]
        if not options:
            options = [(None, "(no move is open to you now)", None)]
        super().__init__("Every move open to you", "Pick one to make it.", options, cancel=True)
