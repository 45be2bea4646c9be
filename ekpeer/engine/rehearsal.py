"""A cursed rehearsal: a table rigged so that a given card is played, first thing, by a
hand that lies face down (the Curse of the Cat Butt), for :mod:`.noninterference`.

Random games seldom get there: a curse must be played on the player who holds that card,
and their random play must pick it before a draw lifts the curse. A leak that shows only
then (a card that tells its own player which card of their hand it moved, though that
hand lies face down to them too) would pass unseen. So the check also deals a game as
usual, puts the card in the first player's hand (swapped with one of theirs), curses that
hand, and looks for the place in the hand where the random play picks it. Only what the
engine offers is used: a table rigged as a scenario's ``[setup]`` is (``game_from_table``),
and the player's own legal moves. Pure: no I/O.
"""

from __future__ import annotations

from .replay import replay
from .ruleset import Ruleset


def plain(game, card: str) -> bool:
    """A card that does nothing when drawn, is no kitten and saves from none: one that may
    lie anywhere without showing itself (the cards a twin may swap, too)."""
    spec = game.cards[card]
    return spec.kind != "kitten" and spec.on_drawn is None and spec.saves is None


def played(game) -> list[tuple[str, str]]:
    """The cards played on their own (not in a combo) by the last move: (player, card)."""
    out = []
    for _to, data in game.events:
        action = data.get("action") if data.get("type") == "played" else None
        if action and action.get("combo") is None and action.get("card") is not None:
            out.append((action["by"], action["card"]))
    return out


def cursed_table(deal, card: str, cursed: str) -> dict | None:
    """``deal`` (a game just dealt) as a rigged table where its first player's hand holds
    ``card`` and ``cursed``'s hand lies face down; None when ``card`` was not dealt or
    cannot be put there."""
    player = deal.current
    hands = {p: list(h) for p, h in deal.hands.items()}
    pile = deal.draw_pile.top_first()
    up = {d for d in range(len(pile)) if deal.draw_pile.is_face_up(d)}
    if card not in hands[player]:
        room = [i for i, c in enumerate(hands[player]) if c != card and plain(deal, c)]
        if not room:
            return None
        mine = room[0]
        for p in deal.players:
            if p != player and card in hands[p]:
                at = hands[p].index(card)
                hands[p][at], hands[player][mine] = hands[player][mine], card
                break
        else:
            lying = [d for d, c in enumerate(pile) if c == card and d not in up]
            if not lying:
                return None
            pile[lying[0]], hands[player][mine] = hands[player][mine], card
    table = {"players": list(deal.players), "hands": hands,
             "draw_pile": [c + (":up" if d in up else "") for d, c in enumerate(pile)],
             "current": player, "turns": deal.turns, "direction": deal.direction}
    for key, value in deal.described().items():
        table.setdefault(key, value)
    table["cursed"] = [cursed]
    return table


def _rigged(rules: Ruleset, table: dict, seed: int):
    """The game ``table`` rigs, or None when no plugin at this table lays a hand face down
    (or the boxes refuse the rig)."""
    try:
        game = rules.game_from_table(table, seed=seed)
    except ValueError:
        return None
    return game if set(table["cursed"]) <= game.cursed else None


def _plays(rules: Ruleset, game, move, card: str) -> bool:
    """Whether ``move`` plays ``card`` by its player (a random play: the RNG decides)."""
    return (move.by, card) in played(replay(rules, game.origin, [move]))


def played_blind(rules: Ruleset, table: dict, card: str, seed: int):
    """The rigged game, and its first player's move that plays ``card`` at random from their
    face-down hand: the card is tried at each place of the hand (which place a random play
    picks depends on the game's RNG, not on the cards). None when no place is found."""
    player = table["current"]
    hand = table["hands"][player]
    at = hand.index(card)
    for place in range(len(hand)):
        mine = list(hand)
        mine[at], mine[place] = mine[place], mine[at]
        game = _rigged(rules, {**table, "hands": {**table["hands"], player: mine}}, seed)
        if game is None:
            return None
        for move in game.legal_moves(player):
            if move.do == "play" and not move.cards and _plays(rules, game, move, card):
                return game, move
    return None


def played_beside(rules: Ruleset, table: dict, card: str, seed: int):
    """The rigged game, and its first player's move that plays ``card`` from their hand,
    aimed at the cursed player when it takes an aim."""
    game = _rigged(rules, table, seed)
    if game is None:
        return None
    cursed = table["cursed"][0]
    moves = [m for m in game.legal_moves(table["current"]) if m.do == "play" and m.cards == (card,)]
    moves.sort(key=lambda m: m.target != cursed)
    for move in moves[:1]:
        if _plays(rules, game, move, card):
            return game, move
    return None


def rehearse(rules: Ruleset, deal, card: str, seed: int, blind: bool) -> tuple | None:
    """A rigged game where ``card`` is played first thing, its first move, and the player
    whose face-down hand it is about: the card's own player (``blind``: their hand is cursed,
    they play at random), or the next one (the card is played beside their cursed hand)."""
    player = deal.current
    cursed = player if blind else next((p for p in deal.players[deal.players.index(player) + 1:]
                                        + deal.players if p != player and deal.hands[p]), None)
    table = None if cursed is None else cursed_table(deal, card, cursed)
    if table is None:
        return None
    found = (played_blind if blind else played_beside)(rules, table, card, seed)
    return None if found is None else (*found, cursed)
