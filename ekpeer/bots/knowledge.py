"""What one seat has learned from the events it was told: the search bot's memory.

The view says where things are now but forgets how the seat learned them: that the top
three cards were seen two draws ago, that a Favor sent a Defuse to the left neighbour.
:class:`Tracker` follows the seat's own event stream (exactly what its client would be
sent) and keeps a :class:`~ekpeer.engine.determinize.Knowledge` for the sampler:

- the draw pile, by depth from the top: what See the Future and its kin showed, where
  this seat (or a Clairvoyance it played) put a kitten back, face-up cards put back.
  Draws from the top, the bottom or the second place move the known cards along; a
  shuffle, a card put back in secret, or any event it does not know forgets them (a
  forgotten card is merely sampled; a wrong one would make every sample wrong).
- cards known in other hands: given to them, taken by name, taken from the discard pile,
  a kitten kept under a Streaking Kitten. A hand that loses a card the seat did not see
  forgets what it held.
- the owners of I'll Take That cards (party), which the rules read from game data.

At each decision :meth:`Tracker.knowledge` checks the pile size against the view: if they
disagree, some move went by that the tracker misread, and it forgets the pile.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.determinize import Knowledge

#: ``shown`` sources that show the top of the draw pile, top first.
TOP_SOURCES = frozenset({
    "see_the_future", "see_the_future_5x", "alter_the_future", "alter_the_future_5x",
    "alter_the_future_now", "share_the_future", "reveal_the_future", "dig_deeper", "clone",
})
#: Events that leave the draw pile as it is (or whose draw/insert is handled by name).
QUIET = frozenset({
    "move", "waiting", "chose", "noped", "exploding", "saved", "revived", "reversed",
    "marked", "mark_nothing", "cursed", "curse_lifted", "watching", "game_over", "favor_empty",
    "stole", "named_card_missing", "dig_deeper_nothing", "draw_pile_empty", "imploding_put_back",
    "cursed_turned_up", "clairvoyance_saw", "kitten_held", "died", "kitten_from_hand",
    "card_lost", "cursed_pick", "card_moved", "card_given", "named_card_taken", "took_from_discard",
    "exploded", "ill_take_that", "played", "chose_hidden", "imploded",
})


class Tracker:
    """One seat's memory of the game, fed with the events it may see, in order."""

    def __init__(self, me: str, cards: dict[str, Any] | None = None,
                 dealt: dict[str, str] | None = None) -> None:
        self.me = me
        self.cards = cards or {}
        #: the card each player surely started with (``TableFacts.dealt``: the rules deal every
        #: hand a saver), known in their hand from the deal on until they spend or may lose it
        self.dealt = dict(dealt or {})
        self.size: int | None = None          # the draw pile's size, as followed
        self.pile: dict[int, str] = {}         # depth -> card, known
        self.face_up = Counter()               # face-up cards in the pile (seen or hidden)
        self.hands: dict[str, Counter] = {}    # another player -> cards known in hand
        self.itt: dict[str, str] = {}          # I'll Take That: target -> owner
        self.draw_from = "top"
        self.last_shown: list[str] = []
        self.last_exploding: dict[str, str] = {}
        self.put_back_seen = 0                 # put_back events of ours whose public echo is due
        self.last_chosen: str | None = None    # the card we last chose (Potluck: it is on top)
        self.events = 0
        #: The kitten we drew and must put back, when its put-back simply ends our turn
        #: (a Defuse, an Imploding Kitten): (card, face_up). The search emulates that choice.
        self.put_back: tuple[str, bool] | None = None
        self._drawn_kitten: str | None = None

    # ------------------------------------------------------------------ the pile
    def forget(self) -> None:
        self.pile = {}

    def _shift(self, start: int, by: int) -> None:
        """Known cards at ``start`` and deeper move ``by`` places (a card in or out above them)."""
        moved = {}
        for depth, card in self.pile.items():
            if depth >= start:
                if depth + by >= 0:
                    moved[depth + by] = card
            else:
                moved[depth] = card
        self.pile = moved

    def _drawn(self, card: str | None) -> None:
        where, self.draw_from = self.draw_from, "top"
        if self.size is None:
            self.forget()
            return
        if where == "bottom":
            self.pile.pop(self.size - 1, None)
        elif where == "second":
            self.pile.pop(1, None)
            self._shift(2, -1)
        else:
            known = self.pile.pop(0, None)
            if card is not None and known is not None and known != card:
                self.forget()  # we were wrong about the top: trust nothing below it either
            self._shift(1, -1)
        self.size -= 1

    def _inserted(self, depth: int | None, card: str | None) -> None:
        if self.size is None:
            return
        if depth is None:
            self.forget()
        else:
            self._shift(depth, 1)
            if card is not None:
                self.pile[depth] = card
        self.size += 1

    # ------------------------------------------------------------------ hands
    def _hand(self, player: str) -> Counter:
        return self.hands.setdefault(player, Counter())

    def _lose(self, player: str, card: str | None) -> None:
        """``player`` lost ``card`` (None: a card we did not see, so forget their hand)."""
        if player == self.me:
            return
        hand = self.hands.get(player)
        if not hand:
            return
        if card is None:
            hand.clear()
        elif hand[card] > 0:
            hand[card] -= 1
            if hand[card] <= 0:
                del hand[card]

    def _gain(self, player: str, card: str) -> None:
        if player != self.me:
            self._hand(player)[card] += 1

    # ------------------------------------------------------------------ events
    def feed(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            self.events += 1
            self.on_event(event)

    def on_event(self, e: dict[str, Any]) -> None:  # noqa: C901 - one branch per event type
        kind = e.get("type")
        me = self.me
        if kind in ("drew", "saved", "imploding_put_back", "put_back", "turn"):
            self._put_back_event(kind, e)
        if kind == "turn":
            self.draw_from = "top"
        elif kind == "dealt":
            self.size = e.get("draw_pile")
            self.pile, self.itt = {}, {}
            self.hands = {p: Counter({card: 1}) for p, card in self.dealt.items() if p != me}
            self.face_up = Counter()
        elif kind == "drew":
            if "taken_by" in e:
                return  # an I'll Take That draw: counted once, at ``card_taken``
            self._drawn(e.get("card"))
        elif kind == "drew_hidden":
            if e.get("player") != me:
                self._drawn(None)
        elif kind == "card_taken":
            self._drawn(None)
            self.itt.pop(e.get("player", ""), None)
        elif kind == "resolved":
            action = e.get("action") or {}
            if not e.get("noped"):
                self._effect(action.get("card"))
        elif kind == "cloned":
            self._effect(e.get("card"))
        elif kind == "dug":
            if not e.get("kept"):
                self.draw_from = "second"
        elif kind == "shown":
            self._shown(e)
        elif kind == "chose":
            if e.get("by") == me and e.get("kind") == "order" and self.last_shown:
                order = e.get("answer") or []
                shown = self.last_shown
                if sorted(order) == list(range(len(shown))):
                    for depth, i in enumerate(order):
                        self.pile[depth] = shown[i]
            elif e.get("by") == me and e.get("kind") == "card":
                self.last_chosen = e.get("answer")
        elif kind == "altered":
            if e.get("by") != me:
                n = int(e.get("count") or 0)
                for depth in range(n):
                    self.pile.pop(depth, None)
        elif kind == "put_back":
            self.put_back_seen += 1
            self._inserted(e.get("position"), e.get("card"))
        elif kind == "put_back_hidden":
            depth = e.get("position")
            if depth is not None:
                self.face_up[e.get("card")] += 1
            if self.put_back_seen:
                self.put_back_seen -= 1   # the public echo of a put_back we saw in full
            else:
                self._inserted(depth, e.get("card") if depth is not None else None)
        elif kind in ("shuffled", "kitten_back_into_pile", "catomic_bomb"):
            if kind == "kitten_back_into_pile" and self.size is not None:
                self.size += 1
            self.forget()
            if kind == "catomic_bomb":
                kitten = self._exploding_kitten()
                if kitten is not None:
                    for depth in range(int(e.get("kittens") or 0)):
                        self.pile[depth] = kitten
        elif kind in ("card_into_pile", "grave_robbed", "card_onto_pile"):
            card = None
            if e.get("player") == me and kind == "card_onto_pile":
                card = self.last_chosen
            self._inserted(0, card)
            self._lose(e.get("player", ""), None)
        elif kind == "bottom_to_top":
            if self.size is not None:
                bottom = self.pile.pop(self.size - 1, None)
                self._shift(0, 1)
                if bottom is not None:
                    self.pile[0] = bottom
            self.draw_from = "top"
        elif kind == "swapped_top_and_bottom":
            if self.size is not None and self.size >= 2:
                top, bottom = self.pile.pop(0, None), self.pile.pop(self.size - 1, None)
                if bottom is not None:
                    self.pile[0] = bottom
                if top is not None:
                    self.pile[self.size - 1] = top
        elif kind not in QUIET:
            self.forget()  # an event we cannot follow: the pile may have changed
        self._hands_event(kind, e)

    def _put_back_event(self, kind: str, e: dict[str, Any]) -> None:
        me = self.me
        if kind == "drew":
            card = e.get("card")
            spec = self.cards.get(card) if card is not None else None
            mine = e.get("player") == me and "taken_by" not in e
            self._drawn_kitten = card if mine and spec is not None and "kills" in spec.traits else None
            self.put_back = None
        elif kind == "saved" and e.get("player") == me:
            plain = e.get("card") == "defuse" and e.get("kitten") == self._drawn_kitten
            self.put_back = (self._drawn_kitten, False) if plain and self._drawn_kitten else None
        elif kind == "imploding_put_back" and e.get("player") == me:
            card = e.get("card")
            self.put_back = (card, True) if card == self._drawn_kitten else None
        else:
            self.put_back = None
            self._drawn_kitten = None

    def _effect(self, card: str | None) -> None:
        """A card took effect: note what its next draw or removal does to the pile."""
        if card in ("draw_from_the_bottom", "raising_heck"):
            self.draw_from = "bottom"
        elif card == "bury" and self.size:
            self.pile.pop(0, None)
            self._shift(1, -1)
            self.size -= 1

    def _shown(self, e: dict[str, Any]) -> None:
        cards = list(e.get("cards") or [])
        source = e.get("source")
        self.last_shown = cards
        if source in TOP_SOURCES:
            for depth, card in enumerate(cards):
                self.pile[depth] = card
        elif source == "raising_heck" and cards and self.size:
            self.pile[self.size - 1] = cards[0]
        # "bury": the card left the pile (see _effect); where it goes back comes as put_back

    def _exploding_kitten(self) -> str | None:
        ids = [c for c, s in self.cards.items() if "kills" in s.traits and s.extra.get("defusable")]
        return ids[0] if len(ids) == 1 else None

    def _hands_event(self, kind: str | None, e: dict[str, Any]) -> None:
        me = self.me
        if kind == "played":
            action = e.get("action") or {}
            for card in action.get("cards") or []:
                self._lose(action.get("by", ""), card)
        elif kind == "card_given":
            giver, taker, card = e.get("giver", ""), e.get("taker", ""), e.get("card")
            if card is not None:
                self._lose(giver, card)
                self._gain(taker, card)
        elif kind == "card_moved":
            giver, taker = e.get("giver", ""), e.get("taker", "")
            if me not in (giver, taker):
                self._lose(giver, None)
        elif kind == "named_card_taken":
            self._lose(e.get("target", ""), e.get("card"))
            self._gain(e.get("by", ""), e.get("card"))
        elif kind == "took_from_discard":
            self._gain(e.get("by", ""), e.get("card"))
        elif kind == "exploding":
            self.last_exploding[e.get("player", "")] = e.get("card")
        elif kind == "kitten_held":
            card = self.last_exploding.get(e.get("player", ""))
            if card is not None:
                self._gain(e.get("player", ""), card)
        elif kind == "saved":
            card = e.get("card")
            spec = self.cards.get(card)
            if spec is None or not spec.extra.get("holds_kitten"):  # a Streaking Kitten stays
                self._lose(e.get("player", ""), card)  # a Defuse, a Zombie Kitten reviving someone
        elif kind in ("kitten_from_hand", "card_lost", "cursed_pick"):
            self._lose(e.get("player") or e.get("by") or "", e.get("card"))
        elif kind == "chose_hidden":
            if e.get("kind") == "card":
                self._lose(e.get("by", ""), None)
        elif kind == "exploded":
            self.hands.pop(e.get("player", ""), None)
            self.itt.pop(e.get("player", ""), None)
        elif kind == "ill_take_that":
            self.itt[e.get("target", "")] = e.get("by", "")
        elif kind == "imploded":
            card = e.get("card")
            if self.face_up[card] > 0:
                self.face_up[card] -= 1

    # ------------------------------------------------------------------ for the sampler
    def knowledge(self, view: dict[str, Any]) -> Knowledge:
        """What to sample from now, checked against ``view``."""
        count = view["draw_pile_count"]
        if self.size != count:
            self.forget()
            self.size = count
        visible = {f["depth"]: f["card"] for f in view.get("face_up", [])}
        for depth, card in list(self.pile.items()):
            if depth >= count or (depth in visible and visible[depth] != card):
                del self.pile[depth]
        in_view = Counter(visible.values())
        hidden = Counter({c: n - in_view[c] for c, n in self.face_up.items() if n - in_view[c] > 0})
        names = {s["name"] for s in view["players"] if s["status"] != "out"}
        hands = {p: Counter(h) for p, h in self.hands.items() if p in names and h}
        laid_by = {t: {"ill_take_that": o} for t, o in self.itt.items()}
        return Knowledge(pile=dict(self.pile), hidden_face_up=hidden, hands=hands, laid_by=laid_by)
