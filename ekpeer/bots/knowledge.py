"""What one seat has learned from the events it was told: the search bot's memory.

The view says where things are now, and what the seat knows of the draw pile
(``known_pile``: what it was shown or put back, where those cards lie now, as the engine
follows them; ``face_up_unplaced``: face-up cards a shuffle hid). What it does not say is
what the seat knows of the other hands, which :class:`Tracker` follows in the seat's own
event stream (exactly what its client would be sent) for the sampler's
:class:`~ekpeer.engine.determinize.Knowledge`:

- cards known in other hands: the saver each hand was dealt, cards given to them, taken by
  name or from the discard pile, a kitten kept in hand. A hand that loses a card the seat
  did not see forgets what it held.
- who laid the cards lying in front of a player (an I'll Take That's owner), which the
  rules read from game data.
- the kitten this seat drew and must put back, when its put-back simply ends the turn.

It reads the engine's own events by name, and a plugin's events only by their generic
fields (docs/plugins.md): ``from_hand`` (the player a card leaves; ``card`` if the seat
may know which), ``to_hand`` (the player ``card`` joins), ``laid`` (a card ``by`` laid in
front of ``target``). What a card is comes from its spec's traits and ``extra``, never
from its id: a third-party box is followed as well as a built-in one.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.determinize import Knowledge
from .lacking import Lacking
from .placements import Placements


class Tracker:
    """One seat's memory of the game, fed with the events it may see, in order."""

    def __init__(self, me: str, cards: dict[str, Any] | None = None,
                 dealt: dict[str, str] | None = None) -> None:
        self.me = me
        self.cards = cards or {}
        #: the card each player surely started with (``TableFacts.dealt``: the rules deal every
        #: hand a saver), known in their hand from the deal on until they spend or may lose it
        self.dealt = dict(dealt or {})
        self.hands: dict[str, Counter] = {}    # another player -> cards known in hand
        self.laid: dict[str, dict[str, str]] = {}   # target -> {card laid in front: who laid it}
        self.events = 0
        #: The kitten we drew and must put back, when its put-back simply ends our turn
        #: (a Defuse, an Imploding Kitten): (card, face_up). The search emulates that choice.
        self.put_back: tuple[str, bool] | None = None
        self._drawn_kitten: str | None = None
        #: kittens others put back, believed where the next player draws them
        self.placements = Placements(me, self.cards)
        #: players who let an action against them through: no Nope, probably
        self.lacking = Lacking(me, self.cards)
        #: this turn's last peek of ours: (the card, what it showed, top first)
        self.peek: tuple[str, list[str]] | None = None
        self._peeking: str | None = None

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

    def _gain(self, player: str, card: str | None) -> None:
        if player and card is not None and player != self.me:
            self._hand(player)[card] += 1

    def _spec(self, card: str | None) -> Any:
        return self.cards.get(card) if card is not None else None

    # ------------------------------------------------------------------ events
    def feed(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            self.events += 1
            self.on_event(event)

    def on_event(self, e: dict[str, Any]) -> None:
        kind = e.get("type")
        if kind in ("drew", "saved", "put_back", "turn"):
            self._put_back_event(kind, e)
        if kind in ("played", "shown", "turn"):
            self._peek_event(kind, e)
        self.placements.on_event(kind, e)
        self.lacking.on_event(kind, e, self.placements.size)
        if kind == "dealt":
            self.hands = {p: Counter({card: 1}) for p, card in self.dealt.items() if p != self.me}
            self.laid = {}
        self._engine_event(kind, e)
        # a plugin's event, read by its generic fields
        if "from_hand" in e:
            self._lose(str(e["from_hand"]), e.get("card"))
        if "to_hand" in e:
            self._gain(str(e["to_hand"]), e.get("card"))
        if "laid" in e and e.get("target"):
            self.laid.setdefault(str(e["target"]), {})[str(e["laid"])] = str(e.get("by", ""))

    def _put_back_event(self, kind: str, e: dict[str, Any]) -> None:
        me = self.me
        if kind == "drew":
            card = e.get("card")
            spec = self._spec(card)
            mine = e.get("player") == me and "taken_by" not in e
            kitten = mine and spec is not None and "kills" in spec.traits
            self._drawn_kitten = card if kitten else None
            # a kitten that goes back face up when drawn face down (an Imploding Kitten): its
            # put-back is asked at once (drawn face up, it kills and nothing is asked)
            self.put_back = (card, True) if kitten and spec.extra.get("put_back_face_up") else None
        elif kind == "saved" and e.get("player") == me:
            plain = e.get("card") == "defuse" and e.get("kitten") == self._drawn_kitten
            self.put_back = (self._drawn_kitten, False) if plain and self._drawn_kitten else None
        else:
            self.put_back = None
            self._drawn_kitten = None

    def _peek_event(self, kind: str, e: dict[str, Any]) -> None:
        """Remember what our own peek card showed us this turn (see :meth:`spent_peek`)."""
        if kind == "turn":
            self.peek = self._peeking = None
        elif kind == "played":
            action = e.get("action") or {}
            cards = action.get("cards") or []
            spec = self._spec(cards[0]) if len(cards) == 1 else None
            mine = action.get("by") == self.me
            self._peeking = cards[0] if mine and spec is not None and "peeks" in spec.traits else None
        elif e.get("by") == self.me and self._peeking is not None and e.get("top_first", True):
            self.peek = (self._peeking, list(e.get("cards") or []))
            self._peeking = None

    def spent_peek(self, view: dict[str, Any]) -> str | None:
        """The peek card that would show us nothing new: the one we played this turn, while
        every card it showed still lies where it was shown (so playing it again only spends
        it). Only a card whose sole trait is ``peeks`` (one that also reorders, dodges or
        ends the turn does more than show)."""
        if self.peek is None:
            return None
        card, shown = self.peek
        spec = self._spec(card)
        if spec is None or spec.traits != {"peeks"} or card not in view.get("hand", ()) or not shown:
            return None
        known = {entry["depth"]: entry["card"] for entry in view.get("known_pile", ())}
        return card if all(known.get(i) == c for i, c in enumerate(shown)) else None

    def _engine_event(self, kind: str | None, e: dict[str, Any]) -> None:  # noqa: C901 - one branch per event
        """The engine's own events (ekpeer/engine), which every table has."""
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
        elif kind == "saved":
            card = e.get("card")
            spec = self._spec(card)
            if spec is None or not spec.extra.get("holds_kitten"):  # a Streaking Kitten stays
                self._lose(e.get("player", ""), card)  # a Defuse, a Zombie Kitten reviving someone
        elif kind == "chose_hidden":
            if e.get("kind") == "card":
                self._lose(e.get("by", ""), None)
        elif kind == "exploded":
            self.hands.pop(e.get("player", ""), None)
            self.laid.pop(e.get("player", ""), None)

    # ------------------------------------------------------------------ for the sampler
    def knowledge(self, view: dict[str, Any]) -> Knowledge:
        """What to sample from now beyond ``view``: the draw pile's known cards are the view's
        own (``known_pile``, which the sampler reads), the face-up cards lost in it too."""
        hidden = Counter(view.get("face_up_unplaced") or ())
        names = {s["name"] for s in view["players"] if s["status"] != "out"}
        hands = {p: Counter(h) for p, h in self.hands.items() if p in names and h}
        laid_by = {t: dict(cards) for t, cards in self.laid.items() if cards}
        return Knowledge(pile={}, hidden_face_up=hidden, hands=hands, laid_by=laid_by,
                         likely=self.placements.likely(view), lacking=self.lacking.lacking(names))
