"""Play a game in process with one bot per seat (simulate, benchmarks, property tests)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Game, Move, player_view
from .base import Bot

RESOLVE = Move("resolve")


def _view(game: Game, player: str, bot: Bot) -> dict[str, Any] | None:
    return player_view(game, player) if bot.needs_view else None


def step(game: Game, bots: dict[str, Bot]) -> Move:
    """Make one move: a choice owed, a reaction (or the window's close), or the turn's move."""
    if game.awaiting:
        if game.ruleset.has_hook("ekpeer_play_while_waiting"):
            # Some cards (Clairvoyance) may be played by others while a choice is awaited.
            waiting = {c.player for c in game.awaiting}
            for other in game.players:
                if other in waiting or game.status[other] == "out":
                    continue
                moves = game.legal_moves(other)
                if moves:
                    bot = bots[other]
                    reaction = bot.react(_view(game, other, bot), moves)
                    if reaction is not None:
                        game.apply(reaction)
                        return reaction
        player = game.awaiting[0].player
        moves = game.legal_moves(player)
        bot = bots[player]
        move = bot.act(_view(game, player, bot), moves)
    elif game.stack:
        move = RESOLVE
        reactive = game.ruleset.reactive_cards
        for player in game.players:
            if game.status[player] == "out" or reactive.isdisjoint(game.hands[player]):
                continue
            moves = game.legal_moves(player)
            if moves:
                bot = bots[player]
                reaction = bot.react(_view(game, player, bot), moves)
                if reaction is not None:
                    move = reaction
                    break
    else:
        move = None
        for player in game.players if game.ruleset.has_now_cards else ():
            if player != game.current and game.status[player] != "out":
                moves = game.legal_moves(player)
                if moves:
                    bot = bots[player]
                    move = bot.react(_view(game, player, bot), moves)
                    if move is not None:
                        break
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
    while game.winner is None and n < max_moves:
        move = step(game, bots)
        n += 1
        if each is not None:
            each(game, move)
    return n
