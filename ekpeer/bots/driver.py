"""Play a game in process with one bot per seat (simulate, benchmarks, property tests)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Game, Move, player_view
from .base import Bot

RESOLVE = Move("resolve")


def _view(game: Game, player: str, bot: Bot) -> dict[str, Any] | None:
    return player_view(game, player) if bot.needs_view else None


def _first_reaction(game: Game, bots: dict[str, Bot], players: list[str]) -> Move | None:
    """Offer each of ``players`` who may move now the chance to; the first taker's move."""
    for player in players:
        moves = game.legal_moves(player)
        if moves:
            bot = bots[player]
            reaction = bot.react(_view(game, player, bot), moves)
            if reaction is not None:
                return reaction
    return None


def step(game: Game, bots: dict[str, Bot]) -> Move:
    """Make one move: a choice owed, a reaction (or the window's close), or the turn's move."""
    seated = [p for p in game.players if game.status[p] != "out"]
    if game.awaiting:
        move = None
        if game.ruleset.has_hook("ekpeer_play_while_waiting"):
            # Some cards (Clairvoyance) may be played by others while a choice is awaited.
            waiting = {c.player for c in game.awaiting}
            move = _first_reaction(game, bots, [p for p in seated if p not in waiting])
        if move is None:
            player = game.awaiting[0].player
            bot = bots[player]
            move = bot.act(_view(game, player, bot), game.legal_moves(player))
    elif game.stack:
        reactive = game.ruleset.reactive_cards
        holders = [p for p in seated if not reactive.isdisjoint(game.hands[p])]
        move = _first_reaction(game, bots, holders) or RESOLVE
    else:
        move = None
        if game.ruleset.has_now_cards:  # NOW cards may be played off-turn with nothing pending
            move = _first_reaction(game, bots, [p for p in seated if p != game.current])
        if move is None:
            player = game.current
            bot = bots[player]
            move = bot.act(_view(game, player, bot), game.legal_moves(player))
    game.apply(move)
    return move


def play_out(game: Game, bots: dict[str, Bot], max_moves: int = 20000,
             each: Callable[[Game, Move], None] | None = None) -> int:
    """Play to the end (or ``max_moves``); returns the number of moves made."""
    n = 0
    while not game.over and n < max_moves:
        move = step(game, bots)
        n += 1
        if each is not None:
            each(game, move)
    return n
