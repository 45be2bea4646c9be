"""The only door out of the engine for clients: one player's view and the events they
may see, or a spectator's.

Everything the host sends a seat about a game comes from here: :func:`player_view` (or
its two halves, :func:`public_part` and :func:`own_part`, which a host encodes apart),
:func:`spectator_view`, and :func:`visible_events`, which gives each seat the events
whose audience holds it. Every event is recorded with an explicit audience
(``Game.emit(type, to, ...)``: ``None`` for everyone, else the players who may see it),
and a card id that only some may know goes only in events addressed to them; the
non-interference test (tests/test_non_interference.py) proves it for every plugin mix.
:func:`update_for` puts a view and its events together, as an update carries them.

A view holds the viewer's own hand, what they were shown, and public facts. Of hidden
cards it holds counts only, never their order or content; of the draw pile, the cards the
viewer knows where they lie (``known_pile``: shown to them or to everyone, put there by
them, face up), which the odds they are shown count, the face-up cards somewhere in it
whose place a shuffle hid (``face_up_unplaced``: everyone saw them go back face up), and
the places where everyone knows a kitten lies, not which (``kitten_depths``: a Catomic
Bomb's top cards, when an Imploding Kitten nobody saw may lie among them). Of the other
hands it holds each seat's public part, the kittens everyone saw it keep among them
(``held``: a Streaking Kitten's), which the odds leave out of the pile. Of the rules, it
says which kittens the viewer's own hand would save them from now (``saved_from``), so that
a client never guesses it from a card's kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .asked import RULES_FAILED, fails, hidden, hook_failed, set_aside, why_not
from .state import LIVING

if TYPE_CHECKING:
    from .game import Game


def _public(game: Game) -> dict[str, Any]:
    pile = game.draw_pile
    try:
        seats = _seats(game, game.hand_hidden)
    except Exception as exc:    # a plugin's ekpeer_hand_hidden: at a host's table, hidden (asked.py)
        if not hook_failed(game, "ekpeer_hand_hidden", exc):
            raise
        seats = _seats(game, lambda p: hidden(game, p))
    return {
        "players": seats,
        "current": game.current,
        "turns": game.turns,
        "attacked": game.attacked,
        "direction": game.direction,
        "turn_number": game.turn_number,
        "draw_pile_count": len(pile),
        "face_up": [{"depth": d, "card": c} for d, c in pile.face_up()],
        "face_up_unplaced": pile.face_up_unplaced(),
        "kitten_depths": pile.kitten_depths(),
        "discard": list(game.discard),
        "stack": [a.public() for a in game.stack],
        "reaction_open": game.reaction_open,
        "waiting_for": game.waiting_for(),
        "awaiting": [c.public() for c in game.awaiting],
        "winner": game.winner,
        "winners": list(game.winners),
    }


#: A seat's key, set only where the plugin hook that says whether its hand lies face down
#: (``ekpeer_hand_hidden``) failed at a host's table: the hand lies face down because its
#: rules failed, not by a curse (its ``cursed`` is False), see ``asked.hidden``.
SEAT_RULES_FAILED = "hand_rules_failed"


def _seats(game: Game, hand_hidden: Any) -> list[dict[str, Any]]:
    """Every seat as everyone sees it, ``hand_hidden(p)`` saying whose hand lies face down
    (``game.hand_hidden``; at a host's table past a failing hook, ``asked.hidden``: None where
    nobody knows, and the seat says its rules failed)."""
    seats = []
    for p in game.players:
        face_down = hand_hidden(p)
        seat = {
            "name": p,
            "status": game.status[p],
            "hand_count": len(game.hands[p]),
            "marked": list(game.marked[p]),
            "in_front": list(game.in_front[p]),
            "cursed": bool(face_down),
            "held": _held(game, p),
        }
        if face_down is None:
            seat[SEAT_RULES_FAILED] = True
        seats.append(seat)
    return seats


def _held(game: Game, player: str) -> list[str]:
    """The kittens everyone saw ``player`` keep in hand and knows are still there (a
    Streaking Kitten's: drawn face up, announced as held), sorted: not in the draw pile."""
    if not game.held_in_sight:
        return []
    return sorted(c for c, n in game.held_in_sight_of(player).items() for _ in range(n))


def player_view(game: Game, player: str) -> dict[str, Any]:
    """What ``player`` may know: public facts plus their hand, sightings and choices."""
    view = _public(game)
    view.update(_private(game, player))
    if game.ruleset.has_hook("ekpeer_extend_view"):
        try:
            game.hook.ekpeer_extend_view(game=game, player=player, view=view)
        except Exception as exc:
            if not hook_failed(game, "ekpeer_extend_view", exc):
                raise
            view = _public(game)    # at a host's table: the view as the engine makes it (asked.py)
            view.update(_private(game, player))
    return view


def _private(game: Game, player: str) -> dict[str, Any]:
    hand = list(game.hands[player])
    unknown = False
    try:
        private_hand = [] if game.hand_hidden(player) else hand
    except Exception as exc:    # a plugin's ekpeer_hand_hidden: at a host's table, hidden (asked.py)
        if not hook_failed(game, "ekpeer_hand_hidden", exc):
            raise
        private_hand, unknown = [], True
    moves = game.legal_moves(player)
    if unknown:     # a play naming a card would tell its owner the hand laid face down
        moves = [m for m in moves if not m.cards]
    known = game.draw_pile.known_to(player)
    private = {
        "you": player,
        "hand": private_hand,
        "hand_count": len(hand),
        "seen": list(game.seen.get(player, [])),
        "known_pile": [{"depth": d, "card": c} for d, c in known],
        "kittens_in_pile": _kittens_unplaced(game, player, known),
        "choices": [c.private() for c in game.awaiting if c.player == player],
        "legal_moves": [m.to_dict() for m in moves],
        "cannot_play": _cannot_play(game, player, private_hand),
    }
    if private_hand or not hand:    # a hand face down to its owner says nothing of what it holds
        private["saved_from"] = _saved_from(game, player)
    if game.ruleset.harmless_face_down:
        private["deadly_in_pile"] = _deadly_unplaced(game, player, known)
    return private


def _cannot_play(game: Game, player: str, hand: list[str]) -> dict[str, str]:
    """Card -> why its plugin's ``can_play`` refuses it to ``player`` now, for the cards of the
    hand they see, when the rules would ask (their own turn with nothing pending, or a NOW
    card): the reason the host would give if they tried it, said before they do. A plugin's
    own words, about what ``player`` may know: English, a :class:`~ekpeer.engine.Reason` kept
    as it is, so that a host says it in each seat's language (``ekpeer.plugins.said_in``).
    At a host's table, a card whose ``can_play`` or ``targets`` raised (a bug in its plugin)
    is said here too: :data:`~ekpeer.engine.asked.RULES_FAILED` (see ``asked.py``)."""
    own_turn = (game.current == player and game.status[player] == LIVING and not game.stack
                and not game.awaiting)
    guarded = game.failed_rules is not None     # a host's table: a card whose rule fails is set aside
    reasons: dict[str, str] = {}
    for card in dict.fromkeys(hand):
        spec = game.cards.get(card)
        if spec is None or not (own_turn or spec.now):
            continue
        reason = why_not(game, card, spec.can_play, player) if spec.can_play is not None else None
        if not reason and guarded and spec.targets is not None \
                and fails(game, card, spec.targets, "targets", player):
            reason = RULES_FAILED
        if reason:
            reasons[card] = reason if isinstance(reason, str) else str(reason)
    return reasons


def _saved_from(game: Game, player: str) -> list[str]:
    """The kittens a card in ``player``'s hand would save them from now, sorted (each saver's
    ``saves``, as ``game.savers`` asks when they face one): a client asks once more before a
    draw it knows kills, and only the rules know which saver answers which kitten (a Defuse
    or a Streaking Kitten none against a face-up Imploding Kitten). Of their own hand and of
    public facts only. At a host's table a saver whose ``saves`` raised is set aside: it
    counts as saving nobody, so the client asks (see ``asked.py``)."""
    hand = dict.fromkeys(game.hands[player])
    found = []
    for kitten in sorted(game.ruleset.kitten_cards):
        for card in hand:
            spec = game.cards.get(card)
            if spec is None or spec.saves is None:
                continue
            try:
                saves = spec.saves(game, player, card, kitten)
            except Exception as exc:
                if not set_aside(game, card, "saves", exc):
                    raise
                saves = False
            if saves:
                found.append(kitten)
                break
    return found


def _held_unseen(game: Game, player: str, counts: Any) -> int:
    """Of the kittens other hands hold that ``counts(card)``, those ``player`` cannot tell
    from one still in the draw pile: held where nobody saw (only a Streaking Kitten lets a
    hand keep one). A kitten everyone saw a hand keep (:func:`_held`) is no longer in the
    pile for anyone's odds."""
    held = 0
    for p in game.players:
        if p == player:
            continue
        hand = game.hands[p]
        if not hand:
            continue
        held += sum(1 for c in hand if counts(c))
        if game.held_in_sight:
            held -= sum(n for c, n in game.held_in_sight_of(p).items() if counts(c))
    return held


def _kittens_unplaced(game: Game, player: str, known: list[tuple[int, str]]) -> int:
    """The kittens ``player`` cannot place, for the odds of drawing one: those in the draw
    pile where they do not know them to lie (``known``: what they were shown, what they put
    back, what everyone saw, face-up cards), and those other hands hold where nobody saw
    (:func:`_held_unseen`: they cannot tell such a kitten from one still in the pile). Every
    other kitten was seen going where it is, and ``player`` knows their own hand, so this
    tells no more than watching the game would."""
    kittens = game.ruleset.kitten_cards
    held = _held_unseen(game, player, kittens.__contains__)
    placed = sum(c in kittens for _, c in known)
    return held + sum(c in kittens for c in game.draw_pile.top_first()) - placed


def _deadly_unplaced(game: Game, player: str, known: list[tuple[int, str]]) -> int:
    """Of :func:`_kittens_unplaced`, those that would kill on the next draw: a kitten that is
    harmless face down (an Imploding Kitten) counts only face up. How many of those lie face
    down is no secret: everyone saw each one drawn and put back face up."""
    kittens, harmless = game.ruleset.kitten_cards, game.ruleset.harmless_face_down
    pile = game.draw_pile

    def deadly(depth: int, card: str) -> bool:
        return card in kittens and (card not in harmless or bool(pile.is_face_up(depth)))

    held = _held_unseen(game, player, lambda c: c in kittens and c not in harmless)
    placed = sum(deadly(d, c) for d, c in known)
    return held + sum(deadly(d, c) for d, c in enumerate(pile.top_first())) - placed


def public_part(game: Game) -> dict[str, Any] | None:
    """The public facts of every player's view, so that a host can encode them once for all
    seats: ``player_view(game, p) == {**public_part(game), **own_part(game, p)}``. None when a
    plugin extends views (``ekpeer_extend_view`` sees, and may change, the whole view)."""
    if game.ruleset.has_hook("ekpeer_extend_view"):
        return None
    return _public(game)


def own_part(game: Game, player: str) -> dict[str, Any]:
    """``player``'s own part of their view (see :func:`public_part`): one player's part can be
    made and sent before the next is made."""
    return _private(game, player)


def spectator_view(game: Game) -> dict[str, Any]:
    """What anyone watching may know: public facts only."""
    view = _public(game)
    view["you"] = None
    view["known_pile"] = [{"depth": d, "card": c} for d, c in game.draw_pile.known_to(None)]
    if game.ruleset.has_hook("ekpeer_extend_view"):
        try:
            game.hook.ekpeer_extend_view(game=game, player=None, view=view)
        except Exception as exc:
            if not hook_failed(game, "ekpeer_extend_view", exc):
                raise
            view = _public(game)     # at a host's table: nothing added (asked.py)
            view["you"] = None
            view["known_pile"] = [{"depth": d, "card": c} for d, c in game.draw_pile.known_to(None)]
    return view


def dealt_cards(game: Game) -> list[str] | None:
    """The ids of the cards a game set up like this one holds, sorted: public setup (the
    boxes, the variants, the count of players), so a client offers only cards someone may
    hold when a card is named (a three of a kind naming a Defuse nobody was dealt, in a Zombie
    Kittens game, wasted the combo). Cards set out by rule are left out; cards a variant sets
    aside at random (the Faster Game's) are not, as nobody saw which they were. None for a
    custom deck, whose picks are each player's secret, and for a game rigged by hand."""
    from .determinize import table_facts

    origin = game.origin
    if "players" not in origin or "custom" in (origin.get("options") or {}):
        return None
    facts = table_facts(game.ruleset, list(origin["players"]), origin.get("deck"),
                        origin.get("variants") or (), origin.get("options") or None,
                        failed=game.failed_rules)
    held = facts.total - facts.set_out
    return sorted(card for card, n in held.items() if n > 0)


#: An event as the engine records it: (its audience, its data). Audience ``None``: everyone.
Event = tuple[tuple[str, ...] | None, dict[str, Any]]


def visible_events(events: list[Event], player: str | None) -> list[dict[str, Any]]:
    """The events ``player`` may see (``None``: a spectator): those whose audience is
    everyone, or holds them."""
    return [e for to, e in events if to is None or (player is not None and player in to)]


def update_for(game: Game, player: str | None, events: list[Event]) -> dict[str, Any]:
    """What ``player`` (``None``: a spectator) is told after ``events``: their view of the
    game now, and the events they may see."""
    view = player_view(game, player) if player is not None else spectator_view(game)
    return {"view": view, "events": visible_events(events, player)}
