"""A bot that plays sensibly from what it may know (its view), never from hidden state.

It remembers what See the Future showed, dodges a kitten it knows is on top (Skip,
Attack, Shuffle), peeks when the odds turn bad, steals with pairs, Nopes attacks and
steals aimed at it, puts kittens back on top for the next player, and gives away its
least useful cards.
"""

from __future__ import annotations

from typing import Any

from ..engine import Move
from .base import Bot

KITTENS = {"exploding_kitten", "imploding_kitten"}
# Lower is given away first; unknown cards sit in the middle.
VALUE = {
    "defuse": 100, "zombie_kitten": 95, "streaking_kitten": 90, "nope": 80, "super_skip": 75,
    "attack": 70, "targeted_attack": 70, "skip": 65, "see_the_future": 60, "alter_the_future": 60,
    "shuffle": 55, "reverse": 55, "draw_from_the_bottom": 55, "favor": 40,
}
DODGE = ("super_skip", "attack", "targeted_attack", "skip", "reverse", "draw_from_the_bottom", "shuffle",
         "shuffle_now")
PEEK = ("see_the_future", "alter_the_future", "see_the_future_5x", "alter_the_future_5x", "clairvoyance")
AGAINST_ME = ("attack", "targeted_attack", "favor", "attack_of_the_dead", "curse_of_the_cat_butt", "mark")


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
        if any(c.startswith("shuffle") or c == "catomic_bomb" for c in fresh):
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
        count = max(1, view["draw_pile_count"])
        living = sum(1 for p in view["players"] if p["status"] == "living")
        return max(1, living - 1) / count

    # -------------------------------------------------------------- choices
    def _choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        choice = view["choices"][0] if view.get("choices") else None
        kind = choice["kind"] if choice else None
        special = expansion_choice(view, moves, choice) or streaking_party_choice(view, moves, choice)
        if special is not None:
            return special
        if kind == "use":
            saving = [m for m in moves if m.use != "none"]
            return saving[0] if saving else moves[0]
        if kind == "position":
            me = view["you"]
            turns_left = view["turns"] - 1 if view["current"] == me else 0
            want = turns_left if turns_left > 0 else 0
            if choice and choice.get("context", {}).get("card") in KITTENS and view["current"] != me:
                want = 0
            best = min(moves, key=lambda m: abs((m.position or 0) - want))
            return best
        if kind == "card":
            ranked = sorted(moves, key=lambda m: VALUE.get(m.card or "", 30))
            source = (choice or {}).get("source")
            if source in ("five_different",) or (choice or {}).get("context", {}).get("from") == "discard":
                return ranked[-1]
            return ranked[0]
        if kind == "order":
            seen = (choice or {}).get("context", {}).get("cards", [])
            if seen:
                safe = sorted(range(len(seen)), key=lambda i: seen[i] in KITTENS)
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
            keep = not (top and top[0] in KITTENS)
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
        plays = {m.cards[0]: m for m in moves if m.do == "play" and len(m.cards) == 1}
        draw = next((m for m in moves if m.do == "draw"), None)
        special = expansion_act(view, moves, plays, top) or streaking_party_act(view, moves, plays, top)
        if special is not None:
            if special.cards and special.cards[0] in PEEK:
                self.peeked = True
            return special
        if top and top[0] in KITTENS:
            for card in DODGE:
                if card in plays:
                    self.known_at = -1 if card.startswith("shuffle") else self.known_at
                    return plays[card]
        elif not top and self._risk(view) > 0.2:
            for card in PEEK:
                if card in plays:
                    self.peeked = True
                    return plays[card]
            if self._risk(view) > 0.45 and "defuse" not in view["hand"]:
                for card in DODGE:
                    if card in plays and card != "shuffle":
                        return plays[card]
        steals = [m for m in moves if m.do == "play" and len(m.cards) == 2 and m.target]
        if steals:
            counts = {p["name"]: p["hand_count"] for p in view["players"]}
            cats = [m for m in steals if all(VALUE.get(c, 30) <= 30 for c in m.cards)]
            if cats:
                return max(cats, key=lambda m: counts.get(m.target or "", 0))
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
        nope = next((m for m in moves if m.cards and m.cards[0] == "nope"), None)
        if nope is None:
            return None
        going_through = top["nopes"] % 2 == 0
        if top["card"] == "nope" or top["by"] == me:
            return nope if (top["by"] == me and not going_through) else None
        aimed = top.get("target") == me
        next_is_me = _next_living(view, top["by"]) == me
        if going_through and (aimed or (top["card"] == "attack" and next_is_me)
                              or (top["combo"] and aimed)):
            if top["card"] in AGAINST_ME or top["combo"]:
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


# ---------------------------------------------------------------------- expansion cards
# Imploding Kittens and Zombie Kittens: aim Targeted Attacks away from ourselves, never
# draw a face-up Imploding Kitten from the bottom, dodge with Dig Deeper and Attack of the
# Dead, prefer a Clone to the Zombie Kitten itself, and choose to die when being Dead is
# safer than staying alive over a pile of kittens.

TARGETED = ("targeted_attack", "feed_the_dead", "clone")
DODGE_MORE = ("attack_of_the_dead", "dig_deeper")


def _seats(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in view["players"]}


def _bottom_is_kitten(view: dict[str, Any]) -> bool:
    last = view["draw_pile_count"] - 1
    return any(f["depth"] == last and f["card"] in KITTENS for f in view.get("face_up", []))


def _best_target(view: dict[str, Any], card: str, options: list[Move]) -> Move:
    """Attack the Living player holding most cards (never ourselves); feed a Dead player the
    fewest cards; otherwise whoever holds most."""
    me, seats = view["you"], _seats(view)
    others = [m for m in options if m.target != me] or options
    if card == "feed_the_dead":
        return min(others, key=lambda m: seats.get(m.target or "", {}).get("hand_count", 0))
    return max(others, key=lambda m: seats.get(m.target or "", {}).get("hand_count", 0))


def expansion_act(view: dict[str, Any], moves: list[Move], plays: dict[str, Move],
                  top: list[str]) -> Move | None:
    """A turn's move for the expansion cards, or None to let the base heuristic decide.

    It also adjusts ``plays`` (one move per card) for the base heuristic: targeted cards
    aim at the best target, and Draw From the Bottom goes when a kitten lies face up there.
    """
    for card in TARGETED:
        options = [m for m in moves if m.do == "play" and m.cards == (card,) and m.target is not None]
        if options:
            plays[card] = _best_target(view, card, options)
    if _bottom_is_kitten(view):
        plays.pop("draw_from_the_bottom", None)
    if top and top[0] in KITTENS:
        for card in (*DODGE_MORE, *DODGE):
            if card in plays:
                return plays[card]
    return None


def expansion_choice(view: dict[str, Any], moves: list[Move], choice: dict[str, Any] | None) -> Move | None:
    """A choice about the expansion cards, or None to let the base heuristic decide."""
    if not choice:
        return None
    kind = choice["kind"]
    if kind == "use":
        saving = [m for m in moves if m.use != "none"]
        if not saving:
            return None
        living = sum(1 for p in view["players"] if p["status"] == "living")
        only_zombies = all(m.use in ("zombie_kitten", "clone") for m in saving)
        count = max(1, view["draw_pile_count"])
        # Dead is safer: the pile is mostly kittens and enough players stay to revive us.
        if only_zombies and living >= 4 and (living - 1) / count > 0.5:
            return next((m for m in moves if m.use == "none"), None)
        return next((m for m in saving if m.use == "clone"), saving[0])
    if kind == "position" and choice.get("context", {}).get("card") == "imploding_kitten":
        # Face up on top, the next player must dodge it or die; under an Attack, just
        # below the draws we still owe.
        me = view["you"]
        turns_left = view["turns"] - 1 if view["current"] == me else 0
        return min(moves, key=lambda m: abs((m.position or 0) - turns_left))
    return None


# ---------------------------------------------------------------------- Streaking Kittens, party cards
# Keep a drawn kitten under a Streaking Kitten (saving the Defuse), never play from a
# cursed hand (draw to lift the curse), dodge a known kitten on top with Bury, Swap Top
# and Bottom or Catomic Bomb, peek with the party's future cards, aim Curse, Mark and
# I'll Take That at whoever holds most, keep Raising Heck's card unless it is a kitten,
# and refill an empty draw pile with Garbage Collection or Potluck.

DODGE_PARTY = ("bury", "swap_top_and_bottom", "catomic_bomb")
PEEK_PARTY = ("reveal_the_future", "share_the_future", "alter_the_future_now")
AIMED_PARTY = ("curse_of_the_cat_butt", "mark", "ill_take_that")
REFILL = ("garbage_collection", "potluck")
VALUE.update({"personal_attack": 35, "catomic_bomb": 60, "bury": 60, "swap_top_and_bottom": 50,
              "see_the_future_5x": 62, "alter_the_future_5x": 64, "alter_the_future_now": 64,
              "shuffle_now": 58, "ill_take_that": 45, "curse_of_the_cat_butt": 45, "mark": 35,
              "garbage_collection": 40, "potluck": 40, "raising_heck": 50, "share_the_future": 58,
              "reveal_the_future": 55})
AGAINST_ME = (*AGAINST_ME, "ill_take_that")


def streaking_party_act(view: dict[str, Any], moves: list[Move], plays: dict[str, Move],
                        top: list[str]) -> Move | None:
    """A turn's move for the Streaking Kittens and party cards, or None."""
    draw = next((m for m in moves if m.do == "draw"), None)
    if view["hand"] == [] and view.get("hand_count", 0) and draw is not None:
        return draw  # a cursed hand: a safe draw lifts the curse
    for card in AIMED_PARTY:
        options = [m for m in moves if m.do == "play" and m.cards == (card,) and m.target is not None]
        if options:
            plays[card] = _best_target(view, card, options)
    if top and top[0] in KITTENS:
        for card in DODGE_PARTY:
            if card in plays:
                return plays[card]
    elif not top and view["draw_pile_count"] and 0.2 < _odds(view):
        for card in PEEK_PARTY:
            if card in plays:
                return plays[card]
    if view["draw_pile_count"] == 0:
        for card in REFILL:
            if card in plays:
                return plays[card]
    return None


def _odds(view: dict[str, Any]) -> float:
    living = sum(1 for p in view["players"] if p["status"] == "living")
    return max(1, living - 1) / max(1, view["draw_pile_count"])


def streaking_party_choice(view: dict[str, Any], moves: list[Move],
                           choice: dict[str, Any] | None) -> Move | None:
    """A choice about the Streaking Kittens and party cards, or None."""
    if not choice:
        return None
    kind = choice["kind"]
    if kind == "use":
        return next((m for m in moves if m.use == "streaking_kitten"), None)
    if kind == "keep" and choice.get("source") == "raising_heck":
        card = choice.get("context", {}).get("card")
        return next((m for m in moves if m.keep == (card not in KITTENS)), None)
    return None
