"""The rules engine: pure, synchronous and deterministic. It imports no plugin, socket or screen."""

from .cards import TRAITS, CardSpec, DeckSpec, Variant
from .errors import IllegalMove, Reason
from .game import DEAD, LIVING, OUT, Game
from .moves import Move
from .pending import Action, Choice
from .pile import DrawPile
from .ruleset import Ruleset
from .setup import SetupPlan
from .view import player_view, spectator_view

__all__ = [
    "Action", "CardSpec", "TRAITS", "Choice", "DEAD", "DeckSpec", "DrawPile", "Game", "IllegalMove",
    "LIVING", "Move",
    "OUT", "Reason", "Ruleset", "SetupPlan", "Variant", "player_view", "spectator_view",
]
