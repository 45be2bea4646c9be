"""Play a game in process with one bot per seat (simulate, benchmarks, property tests)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Game, Move, player_view
from ..engine.legal import may_play_now
from ..engine.view import visible_events
from .base import Bot

RESOLVE = Move("resolve")


def public_setup(game: Game) -> dict[str, Any] | None:
    """What everyone at ``game``'s table knows of its setup (a search bot's ``bind``): the
    plugins, seats, deck, variants and options, never the seed. None for a rigged table."""
    origin = game.origin
    if "players" not in origin:
        return None
    return {"plugins": list(game.ruleset.plugins), "players": list(origin["players"]),
            "deck": origin.get("deck"), "variants": list(origin.get("variants", ())),
            "options": dict(origin.get("options") or {})}


# the game and bots dict of the last step, and its followers (see step's docstring): three
# plain globals, as step() compares the first two on every move
_last_game: Game | None = None
_last_bots: dict[str, Bot] | None = None
_last_followers: list[tuple[str, Any]] = []


def _followers(game: Game, bots: dict[str, Bot]) -> list[tuple[str, Any]]:
    """The bots that follow the game's events (``wants_events``); each is bound to the
    table's public setup and told what its seat saw so far the first time it is met. Every
    bot is told the table's cards (``know_cards``) the first time it meets this ruleset."""
    global _last_game, _last_bots, _last_followers
    if game is _last_game and bots is _last_bots:
        return _last_followers
    out = []
    catalog = None
    for player, bot in bots.items():
        if getattr(bot, "book_of", game.ruleset) is not game.ruleset:   # what the cards do
            catalog = catalog if catalog is not None else game.ruleset.catalog()
            bot.know_cards(catalog, game.ruleset)
        if getattr(bot, "wants_events", False):
            if getattr(bot, "followed", None) is not game:
                setup = public_setup(game)
                if setup is not None:
                    bot.bind(setup)  # type: ignore[attr-defined]
                bot.followed = game  # type: ignore[attr-defined]
                if not game.log:
                    bot.observe(visible_events(game.events, player))  # type: ignore[attr-defined]
            out.append((player, bot))
    _last_game, _last_bots, _last_followers = game, bots, out
    return out


def _first_reaction(game: Game, bots: dict[str, Bot], players: list[str]) -> Move | None:
    """Offer each of ``players`` who may move now the chance to; the first taker's move."""
    for player in players:
        moves = game.legal_moves(player)
        if moves:
            bot = bots[player]
            reaction = bot.react(player_view(game, player) if bot.needs_view else None, moves)
            if reaction is not None:
                return reaction
    return None


def step(game: Game, bots: dict[str, Bot]) -> Move:
    """Make one move: a choice owed, a reaction (or the window's close), or the turn's move.

    Simulations and benchmarks call this for every move of every game, so the usual cases
    are written out here rather than in helpers. The bots that follow events are worked out
    once per (game, bots) pair: to change a seat's bot mid-game, pass a new ``bots`` dict
    rather than assigning into the old one.
    """
    followers = _last_followers if game is _last_game and bots is _last_bots else _followers(game, bots)
    if game.awaiting:
        status = game.status
        move = None
        if game.hooked["ekpeer_play_while_waiting"]:
            # Some cards (Clairvoyance) may be played by others while a choice is awaited.
            waiting = {c.player for c in game.awaiting}
            move = _first_reaction(game, bots, [p for p in game.players if status[p] != "out"
                                                and p not in waiting])
        if move is None:
            player = game.awaiting[0].player
            bot = bots[player]
            move = bot.act(player_view(game, player) if bot.needs_view else None, game.legal_moves(player))
    elif game.stack:
        # Who holds a card a reaction window takes is offered it, in seat order.
        reactive = game.ruleset.reactive_cards
        hands = game.hands
        status = game.status
        move = RESOLVE
        for player in game.players:
            # the hand first: most hands hold none of those cards
            if not reactive.isdisjoint(hands[player]) and status[player] != "out":
                moves = game.legal_moves(player)
                if moves:
                    bot = bots[player]
                    reaction = bot.react(player_view(game, player) if bot.needs_view else None, moves)
                    if reaction is not None:
                        move = reaction
                        break
    else:
        move = None
        if game.ruleset.has_now_cards:  # NOW cards may be played off-turn with nothing pending
            # (offered to those who may play one: whoever holds none has no move to be asked for)
            move = _first_reaction(game, bots, may_play_now(game))
        if move is None:
            player = game.current
            bot = bots[player]
            move = bot.act(player_view(game, player) if bot.needs_view else None, game.legal_moves(player))
    events = game.apply(move)
    if followers:
        for player, bot in followers:
            bot.observe(visible_events(events, player))
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
