"""A Nope aimed at what its player saw: refused, in words, when the stack changed meanwhile.

A Nope acts on whatever is on top of the stack when the host applies it. On a lagged link, or
in a quick game, that may no longer be what its player saw when they pressed Nope: the action
resolved and the next one opened its own window (the Nope would stop a card they never meant),
or someone else Noped it first (the Nope would undo theirs: a Yup, the opposite of what they
meant). So a Nope may say what it answers (``Move.answers``: the top action's ``serial`` and
its ``nopes``, as the player's view showed them); where the top is no longer that, the move is
refused with code ``too_late`` and nothing changes. Two Nopes more on the same action (a Nope
and a Yup) leave it as the player saw it, and their Nope does what they meant: it stands. A
Nope that says nothing (a bot's, an older
client's, a scenario's) lands on the top as before.

The check reads only the state, so a move log replays exactly, ``answers`` and all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import IllegalMove, Reason

if TYPE_CHECKING:
    from .pending import Action
    from .state import TableState as Game


def number_new(game: Game) -> None:
    """Number the actions a plugin put on the stack itself (``Action.serial`` still 0), in
    stack order: each has its own identity, as the engine's own plays have."""
    for action in game.stack:
        if not action.serial:
            game.actions_played += 1
            action.serial = game.actions_played


def still_meant(top: Action, answers: tuple[int, int]) -> bool:
    """Whether a Nope that answered ``answers`` (serial, nopes) still does what its player meant
    on ``top``: the same action, Noped as often as they saw or an even number of times more
    (each pair a Nope and its Yup, which leave the action live or stopped as it was)."""
    serial, nopes = answers
    return top.serial == serial and top.nopes >= nopes and (top.nopes - nopes) % 2 == 0


def _card(game: Game, action: Action) -> Reason:
    """The title of what ``action`` played (a combo's: its first card's), said in each
    player's language by the plugins' catalogs."""
    card = action.card or action.cards[0]
    spec = game.cards.get(card)
    return Reason(spec.title if spec is not None else card)


def refuse(game: Game, answers: tuple[int, int]) -> None:
    """Raise ``too_late``: a Nope answered ``answers`` (serial, nopes), which is no longer
    what is on top of the stack. Says what changed, in words a player can act on."""
    serial, _nopes = answers
    top = game.stack[-1] if game.stack else None
    if top is not None and top.serial == serial:
        noper = top.data.get("noped_by", "?")
        if top.nopes % 2:
            raise IllegalMove(
                "too_late", "Too late: {noper} already Noped {player}'s {card}, and your Nope would "
                "undo theirs. Nope again if you mean that", noper=noper, player=top.by,
                card=_card(game, top))
        raise IllegalMove(
            "too_late", "Too late: {noper} already undid the Nope on {player}'s {card}, and your Nope "
            "would Nope it again. Nope again if you mean that", noper=noper, player=top.by,
            card=_card(game, top))
    under = next((a for a in game.stack if a.serial == serial), None)
    if top is not None and under is not None:
        raise IllegalMove(
            "too_late", "Too late: {other}'s {top} was played over {player}'s {card}, and your Nope "
            "would land on it. Nope again if you mean that", other=top.by, top=_card(game, top),
            player=under.by, card=_card(game, under))
    gone = game.last_gone if game.last_gone is not None and game.last_gone.serial == serial else None
    if gone is None:
        if top is None:
            raise IllegalMove("too_late", "Too late: the play you meant to Nope was already resolved")
        raise IllegalMove("too_late", "Too late: the play you meant to Nope was already resolved; "
                          "{other}'s {top} is in play now", other=top.by, top=_card(game, top))
    if top is None:
        raise IllegalMove("too_late", "Too late: {player}'s {card} was already resolved",
                          player=gone.by, card=_card(game, gone))
    raise IllegalMove("too_late", "Too late: {player}'s {card} was already resolved; {other}'s {top} "
                      "is in play now", player=gone.by, card=_card(game, gone), other=top.by,
                      top=_card(game, top))
