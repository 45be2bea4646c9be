"""A bot that plays sensibly from what it may know (its view), never from hidden state.

It reads what each card does from its card book (traits and ``bot_value`` from the table's
catalog, see :mod:`.cardbook`), never from a card's id: a third-party card that says it
``dodges`` is dodged with like a Skip.

It remembers what See the Future showed, dodges a kitten it knows is on top (Skip,
Attack, Shuffle), peeks when the odds turn bad, steals with pairs, Nopes attacks and
steals aimed at it, puts kittens back on top for the next player, and gives away its
least useful cards.
"""

from __future__ import annotations

from typing import Any

from ..engine import Move
from .base import Bot
from .cardbook import DEFAULT_VALUE, CardBook

#: The traits of cards worth a Nope when aimed at us (or landing on us, for an attack).
AGAINST_ME = ("attacks", "steals", "harms")
#: How often, on a turn it would otherwise draw, the bot plays a card none of whose traits it
#: reads (a third party's card with none): now and then, as a person tries a card out. It
#: never played them, and a stranger's box was never seen in a bot's hand.
TRY_UNREAD = 1 / 3


class HeuristicBot(Bot):
    kind = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.known: list[str] = []
        self.known_at: int = -1
        self.discard_len = 0
        self.peeked = False

    # -------------------------------------------------------------- knowledge
    def _top(self, view: dict[str, Any]) -> list[str]:
        """What this bot believes lies on top of the draw pile now: what the view says its
        player knows (``known_pile``: a bot covering a person's seat knows what they saw), else
        what it remembers seeing."""
        known = view.get("known_pile")
        if isinstance(known, list):
            places = {k["depth"]: k["card"] for k in known}
            top = []
            while len(top) in places:
                top.append(places[len(top)])
            if top:
                return top
        count = view["draw_pile_count"]
        discard = view["discard"]
        fresh = discard[self.discard_len:] if len(discard) >= self.discard_len else discard
        self.discard_len = len(discard)
        if any(self.book.has(c, "shuffles") for c in fresh):
            self.known, self.known_at = [], -1
        if self.known_at >= 0 and count <= self.known_at:
            drawn = self.known_at - count
            top = self.known[drawn:]
        else:
            top = []
        for face_up in view.get("face_up", []):
            if face_up["depth"] == 0:
                top = [face_up["card"], *top[1:]]
        return top

    def _risk(self, view: dict[str, Any]) -> float:
        if 0 in (view.get("kitten_depths") or ()):
            return 1.0  # everyone saw kittens put on top (a Catomic Bomb)
        count = max(1, view["draw_pile_count"])
        living = sum(1 for p in view["players"] if p["status"] == "living")
        return max(1, living - 1) / count

    # -------------------------------------------------------------- choices
    def _choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        choice = view["choices"][0] if view.get("choices") else None
        kind = choice["kind"] if choice else None
        book = self.book
        special = (expansion_choice(book, view, moves, choice)
                   or streaking_party_choice(book, view, moves, choice))
        if special is not None:
            return special
        if kind == "use":
            saving = [m for m in moves if m.use != "none"]
            return saving[0] if saving else moves[0]
        if kind == "position":
            me = view["you"]
            turns_left = view["turns"] - 1 if view["current"] == me else 0
            want = turns_left if turns_left > 0 else 0
            if choice and book.has(choice.get("context", {}).get("card"), "kills") and view["current"] != me:
                want = 0
            best = min(moves, key=lambda m: abs((m.position or 0) - want))
            return best
        if kind == "card":
            none = declining(choice, moves)
            # a choice that may be declined (a plugin's "leave them"): never a card that kills,
            # and no card at all when every card offered does
            cards = [m for m in moves if m is not none and not (none and book.has(m.card, "kills"))]
            if not cards:
                return none or moves[0]
            ranked = sorted(cards, key=lambda m: book.value(m.card))
            source = (choice or {}).get("source")
            if source in ("five_different",) or (choice or {}).get("context", {}).get("from") == "discard":
                return ranked[-1]
            return ranked[0]
        if kind == "order":
            seen = (choice or {}).get("context", {}).get("cards", [])
            if seen:
                safe = sorted(range(len(seen)), key=lambda i: book.has(seen[i], "kills"))
                want = tuple(safe)
                chosen = next((m for m in moves if m.order == want), moves[0])
                if choice and choice["player"] == view["you"] and chosen.order is not None:
                    # We now know the new order of the top of the pile.
                    self.known = [seen[i] for i in chosen.order]
                    self.known_at = view["draw_pile_count"]
                    self.peeked = False
                return chosen
            return moves[0]
        if kind == "keep":
            top = view.get("seen") or []
            keep = not (top and book.has(top[0], "kills"))
            return next((m for m in moves if m.keep == keep), moves[0])
        if kind == "player":
            # Bring back the player who threatens us least: the one holding fewest cards.
            counts = {p["name"]: p["hand_count"] for p in view["players"]}
            return min(moves, key=lambda m: counts.get(m.player or "", 0))
        return moves[0]

    # -------------------------------------------------------------- acting
    def act(self, view: dict[str, Any] | None, moves: list[Move]) -> Move:
        assert view is not None
        if view.get("choices"):
            move = self._choose(view, moves)
            if view["choices"][0]["kind"] == "position":
                self.known, self.known_at = [], -1
            return move
        if self.peeked:
            # We just looked at the top of the pile: remember it against the pile's size.
            self.known = list(view.get("seen") or [])
            self.known_at = view["draw_pile_count"]
            self.peeked = False
        top = self._top(view)
        book = self.book
        plays = {m.cards[0]: m for m in moves if m.do == "play" and len(m.cards) == 1}
        draw = next((m for m in moves if m.do == "draw"), None)
        special = (expansion_act(book, view, moves, plays, top)
                   or streaking_party_act(book, view, moves, plays, top))
        if special is not None:
            if special.cards and special.cards[0] in _peeks(book):
                self.peeked = True
            return special
        if top and book.has(top[0], "kills"):
            for card in book.having("dodges"):
                if card in plays:
                    self.known_at = -1 if book.has(card, "shuffles") else self.known_at
                    return plays[card]
        elif not top and self._risk(view) > 0.2:
            for card in _peeks(book):
                if card in plays:
                    self.peeked = True
                    return plays[card]
            if self._risk(view) > 0.45 and not any(book.has(c, "saves") for c in view["hand"]):
                for card in book.having("dodges", without=("shuffles",)):
                    if card in plays:
                        return plays[card]
        steals = [m for m in moves if m.do == "play" and len(m.cards) == 2 and m.target]
        if steals:
            counts = {p["name"]: p["hand_count"] for p in view["players"]}
            cats = [m for m in steals if all(book.value(c) <= DEFAULT_VALUE for c in m.cards)]
            if cats:
                return max(cats, key=lambda m: counts.get(m.target or "", 0))
        blind = [m for m in moves if m.do == "play" and len(m.cards) == 1 and m.cards[0] in book.unread]
        if blind and self.rng.random() < TRY_UNREAD:
            return blind[self.rng.randrange(len(blind))]
        if draw is not None:
            return draw
        return moves[self.rng.randrange(len(moves))]

    def react(self, view: dict[str, Any] | None, moves: list[Move]) -> Move | None:
        assert view is not None
        stack = view.get("stack") or []
        if not stack:
            return None
        top = stack[-1]
        me = view["you"]
        book = self.book
        nope = next((m for m in moves if m.cards and m.cards[0] in book.nopes), None)
        if nope is None:
            return None
        going_through = top["nopes"] % 2 == 0
        if top["card"] in book.nopes or top["by"] == me:
            return nope if (top["by"] == me and not going_through) else None
        aimed = top.get("target") == me
        next_is_me = _next_living(view, top["by"]) == me
        lands = book.has(top["card"], "attacks") and top["card"] not in book.aimed and next_is_me
        if going_through and (aimed or lands or (top["combo"] and aimed)):
            if any(book.has(top["card"], t) for t in AGAINST_ME) or top["combo"]:
                return nope
        return None


def _next_living(view: dict[str, Any], player: str) -> str | None:
    names = [p["name"] for p in view["players"]]
    status = {p["name"]: p["status"] for p in view["players"]}
    if player not in names:
        return None
    i = names.index(player)
    for _ in names:
        i = (i + view["direction"]) % len(names)
        if status[names[i]] == "living":
            return names[i]
    return None


def _peeks(book: CardBook) -> tuple[str, ...]:
    """Cards played to look at the pile and carry on (not those that end the turn too)."""
    return book.having("peeks", without=("dodges", "ends_turn"))


# ---------------------------------------------------------------------- aimed cards, dodges
# Aim cards away from ourselves (at whoever holds most; a card that helps its target at whoever
# holds fewest), never draw a face-up kitten from the bottom, dodge a known kitten on top with
# any card that dodges (the most valuable first), prefer the cheapest saver, choose to die when
# being Dead is safer than staying alive over a pile of kittens (only savers that revive),
# never play from a cursed hand (draw to lift the curse), keep a card unless it kills, and
# refill an empty draw pile.


def _seats(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in view["players"]}


def _bottom_kills(book: CardBook, view: dict[str, Any]) -> bool:
    last = view["draw_pile_count"] - 1
    return any(f["depth"] == last and book.has(f["card"], "kills") for f in view.get("face_up", []))


def _best_target(book: CardBook, view: dict[str, Any], card: str, options: list[Move]) -> Move:
    """Attack the Living player holding most cards (never ourselves); help the one holding
    fewest; otherwise whoever holds most."""
    me, seats = view["you"], _seats(view)
    others = [m for m in options if m.target != me] or options
    if book.has(card, "helps"):
        return min(others, key=lambda m: seats.get(m.target or "", {}).get("hand_count", 0))
    return max(others, key=lambda m: seats.get(m.target or "", {}).get("hand_count", 0))


def expansion_act(book: CardBook, view: dict[str, Any], moves: list[Move], plays: dict[str, Move],
                  top: list[str]) -> Move | None:
    """A turn's move the book's traits decide, or None to let the base heuristic decide.

    It also adjusts ``plays`` (one move per card) for the base heuristic: aimed cards aim at
    the best target, and a card that draws from the bottom goes when a kitten lies face up
    there.
    """
    for card in book.aimed:
        options = [m for m in moves if m.do == "play" and m.cards == (card,) and m.target is not None]
        if options:
            plays[card] = _best_target(book, view, card, options)
    if _bottom_kills(book, view):
        for card in book.having("draws_bottom"):
            plays.pop(card, None)
    if top and book.has(top[0], "kills"):
        for card in book.having("dodges"):
            if card in plays:
                return plays[card]
    return None


def declining(choice: dict[str, Any] | None, moves: list[Move]) -> Move | None:
    """The move that chooses no card, where a card choice offers one (``context.none``)."""
    if not choice or "none" not in (choice.get("context") or {}):
        return None
    return next((m for m in moves if m.card == "none"), None)


def expansion_choice(book: CardBook, view: dict[str, Any], moves: list[Move],
                     choice: dict[str, Any] | None) -> Move | None:
    """A choice the book's traits decide, or None to let the base heuristic decide."""
    if not choice:
        return None
    kind = choice["kind"]
    if kind == "use":
        saving = [m for m in moves if m.use != "none"]
        if not saving:
            return None
        living = sum(1 for p in view["players"] if p["status"] == "living")
        only_revivers = all(book.has(m.use, "revives") for m in saving)
        count = max(1, view["draw_pile_count"])
        # Dead is safer: the pile is mostly kittens and enough players stay to revive us.
        if only_revivers and living >= 4 and (living - 1) / count > 0.5:
            return next((m for m in moves if m.use == "none"), None)
        return min(saving, key=lambda m: book.value(m.use))   # spend the cheapest saver
    if kind == "position" and book.has(choice.get("context", {}).get("card"), "harmless_face_down"):
        # It goes back face up: on top, the next player must dodge it or die; under an
        # Attack, just below the draws we still owe.
        me = view["you"]
        turns_left = view["turns"] - 1 if view["current"] == me else 0
        return min(moves, key=lambda m: abs((m.position or 0) - turns_left))
    return None


def streaking_party_act(book: CardBook, view: dict[str, Any], moves: list[Move], plays: dict[str, Move],
                        top: list[str]) -> Move | None:
    """A cursed hand draws; with the odds bad, peek; with the pile empty, refill it."""
    draw = next((m for m in moves if m.do == "draw"), None)
    if view["hand"] == [] and view.get("hand_count", 0) and draw is not None:
        return draw  # a cursed hand: a safe draw lifts the curse
    if not top and view["draw_pile_count"] and 0.2 < _odds(view):
        for card in _peeks(book):
            if card in plays:
                return plays[card]
    if view["draw_pile_count"] == 0:
        for card in book.having("refills"):
            if card in plays:
                return plays[card]
    return None


def _odds(view: dict[str, Any]) -> float:
    living = sum(1 for p in view["players"] if p["status"] == "living")
    return max(1, living - 1) / max(1, view["draw_pile_count"])


def streaking_party_choice(book: CardBook, view: dict[str, Any], moves: list[Move],
                           choice: dict[str, Any] | None) -> Move | None:
    """Keep the card a choice offers (or the top card we were shown) unless it kills."""
    if not choice or choice["kind"] != "keep":
        return None
    card = choice.get("context", {}).get("card")
    if card is None:
        return None
    return next((m for m in moves if m.keep == (not book.has(card, "kills"))), None)
