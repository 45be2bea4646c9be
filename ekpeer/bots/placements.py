"""Where a kitten probably lies: beliefs learned from what other players did (issue 31).

When a player saves themselves from a kitten, they put it back where only they see. The
sampler used to deal it anywhere among the unknown places; but people (and the heuristic
bot) mostly put it back where the *next* player draws it: on top at the end of their turn,
one card down when they still owe a draw. The seat that comes next then faces a kitten
on top far more often than the pile's odds say, and a search that samples it uniformly
walks into it.

Two more signals say the same of the top card: a player who looked at the top of the pile
and then spared themselves the draw (a Skip, an Attack) probably saw a kitten there; one
who dodged without a look may remember one (or just be careful: the table shows which).

:class:`Placements` follows such kittens through the events the seat sees (draws from the
top, its own insertions, cards that move the pile) and gives the sampler each one as a
belief, ``(depth, card, chance)``, where ``chance`` is what this table has shown so far:
every time a believed kitten reaches the top and the next draw shows whether it was
there, a hit or a miss is counted for its signal (a Beta prior of one each, so 0.5
before any evidence). A table that scatters its kittens teaches the bot to stop believing; one that
aims them teaches it to dodge.

It reads only the engine's events and the traits of the cards played: anything that may
move the pile's cards (``shuffles``, ``reorders``, ``draws_bottom``, ``refills``, a card
it does not know), another player's insertion, or a pile whose size differs from the
count it followed drops every belief rather than guess.
"""

from __future__ import annotations

from typing import Any

#: Traits of a card that, played and not Noped, may move the cards of the draw pile.
MOVES_PILE = frozenset({"shuffles", "reorders", "draws_bottom", "refills"})
#: Traits of a card that spares its player the top card (played after a peek: a kitten there).
DODGES = frozenset({"dodges", "attacks"})
AIMED, DODGED, SKIPPED = "aimed", "dodged", "skipped"
#: The signals believed (fewer: only to measure without some, scripts/bench_variants).
SIGNALS = (AIMED, DODGED, SKIPPED)
#: Beta prior of the chance a kitten lies where the next player draws it (hits, misses).
PRIOR = (1.0, 1.0)
#: False: no beliefs (to measure without them: scripts/bench_variants).
ENABLED = True


class Placements:
    """Kittens other players put back face down, and how often this table aims them."""

    def __init__(self, me: str, cards: dict[str, Any]) -> None:
        self.me = me
        self.cards = cards
        self.size: int | None = None          # the draw pile's size, followed through events
        self.current: tuple[str, int] = ("", 1)   # whose turn, and how many draws they owe
        self.beliefs: list[list[Any]] = []    # [card (None: some kitten), depth now, signal]
        #: signal -> [hits, misses]: "aimed" (a put-back), "dodged" (a peek, then a dodge),
        #: "skipped" (a dodge with no peek that turn)
        self.evidence: dict[str, list[int]] = {AIMED: [0, 0], DODGED: [0, 0], SKIPPED: [0, 0]}
        self.peeked: str | None = None       # who looked at the top this turn and has not drawn

    def _kills(self, card: str | None) -> bool:
        spec = self.cards.get(card) if card is not None else None
        return spec is not None and "kills" in spec.traits

    def chance(self, signal: str) -> float:
        """The chance a kitten lies where ``signal`` says, on what this table has shown."""
        hits, misses = self.evidence[signal]
        a, b = PRIOR
        return (hits + a) / (hits + misses + a + b)

    def _count(self, signal: str, hit: bool) -> None:
        self.evidence[signal][0 if hit else 1] += 1

    # ------------------------------------------------------------------ events
    def on_event(self, kind: str | None, e: dict[str, Any]) -> None:  # noqa: C901 - one branch per event
        if kind == "dealt":
            self.size = e.get("draw_pile")
            self.beliefs = []
        elif kind == "turn":
            self.current = (str(e.get("player", "")), int(e.get("turns", 1) or 1))
            self.peeked = None
        elif kind == "resolved":
            action = e.get("action") or {}
            spec = self.cards.get(action.get("card"))
            if e.get("noped"):
                return
            if spec is None or not spec.traits.isdisjoint(MOVES_PILE):
                self.beliefs = []
                self.peeked = None
                return
            by = action.get("by")
            if "peeks" in spec.traits and by != self.me and action.get("combo") is None:
                self.peeked = by
            elif (not spec.traits.isdisjoint(DODGES) and by != self.me and by == self.current[0]
                  and action.get("combo") is None and ENABLED):
                # they spared themselves the top card: after a look at it, a kitten likely lies
                # there; without one, as likely as this table has shown (SKIPPED)
                signal = DODGED if by == self.peeked else SKIPPED
                if signal in SIGNALS and not any(b[1] == 0 for b in self.beliefs):
                    self.beliefs.append([None, 0, signal])
                self.peeked = None
        elif kind == "put_back" and e.get("player") == self.me:
            self._inserted(e.get("position"))
        elif kind == "put_back_hidden":
            if self.size is not None:
                self.size += 1
            placer = e.get("player")
            if placer == self.me:
                return  # our own, followed by "put_back" (which says where)
            if e.get("position") is not None:  # face up: everyone saw where
                self._inserted(e.get("position"))
                return
            self.beliefs = []  # where the earlier ones lie now is anybody's guess
            card = e.get("card")
            if ENABLED and self._kills(card):
                player, turns = self.current
                self.beliefs.append([card, max(0, turns - 1) if player == placer else 0, AIMED])
        elif kind == "drew_hidden" or (kind == "drew" and self._public_draw(e)):
            if self.size is not None:
                self.size -= 1
            if e.get("player") == self.peeked:
                self.peeked = None
            self._drawn(e.get("card") if kind == "drew" else None)

    def _public_draw(self, e: dict[str, Any]) -> bool:
        """A "drew" everyone sees (a card that acts when drawn: a kitten); a card drawn into a
        hand is told as "drew" to its drawer and "drew_hidden" to all, counted once."""
        spec = self.cards.get(e.get("card"))
        return spec is not None and spec.on_drawn is not None

    def _inserted(self, position: Any) -> None:
        if not isinstance(position, int):
            self.beliefs = []
            return
        for belief in self.beliefs:
            if belief[1] >= position:
                belief[1] += 1

    def _is(self, card: str | None, believed: str | None) -> bool:
        return card == believed if believed is not None else self._kills(card)

    def _drawn(self, card: str | None) -> None:
        kept = []
        for belief in self.beliefs:
            if belief[1] == 0:  # the draw it was aimed at shows whether it lay there
                self._count(belief[2], self._is(card, belief[0]))
            else:
                belief[1] -= 1
                kept.append(belief)
        self.beliefs = kept

    # ------------------------------------------------------------------ for the sampler
    def likely(self, view: dict[str, Any]) -> list[tuple[int, str, float]]:
        """The beliefs that still hold against ``view``: (depth, card, chance). A place the
        seat has since seen settles its belief (counted as a hit or a miss) and drops it."""
        count = view["draw_pile_count"]
        if self.size != count:  # something moved the pile that the events did not say
            self.size = count
            self.beliefs = []
            return []
        known = {entry["depth"]: entry["card"] for entry in view.get("known_pile", [])}
        kept = []
        for card, depth, signal in self.beliefs:
            if depth in known:  # we have seen that place since
                self._count(signal, self._is(known[depth], card))
                continue
            if depth < count:
                kept.append([card, depth, signal])
        self.beliefs = kept
        return [(depth, card, self.chance(signal)) for card, depth, signal in kept]
