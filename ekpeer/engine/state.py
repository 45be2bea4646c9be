"""A table's state and what reads it: the first layer of :class:`~ekpeer.engine.game.Game`.

The game is split by concern, each layer a class built on the one before (so each may use
what the layers below it offer, and none imports another's module in a circle):
``TableState`` (state, queries, events, hands) <- :class:`~.choices.Choices` (asking a
player) <- :class:`~.turns.TurnFlow` (turns, deaths, the end) <- :class:`~.drawing.Drawing`
(drawing, kittens, putting back) <- :class:`~.bookkeeping.Bookkeeping` (snapshot, clone,
accounting) <- :class:`~.game.Game` (moves: apply, play, resolve).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .acted import run_hook
from .cards import CardSpec
from .legal import PlayTable
from .moves import Move
from .pending import Action, Choice
from .pile import DrawPile
from .rng import below, seeded

if TYPE_CHECKING:
    from .rules import Rules

LIVING, DEAD, OUT = "living", "dead", "out"


class TableState:
    """One table's state: hands, piles, statuses, turn counters, plugins' state; the queries
    on it, the events it records and the hand primitives."""

    def __init__(
        self,
        ruleset: Rules,
        players: list[str],
        seed: int | None = 0,
        origin: dict[str, Any] | None = None,
    ) -> None:
        if len(set(players)) != len(players) or not players:
            raise ValueError("players must be distinct and non-empty")
        self.ruleset = ruleset
        self.cards: dict[str, CardSpec] = ruleset.cards
        self.hook = ruleset.hook
        self.players: list[str] = list(players)
        self.seed = seed
        self.rng = seeded(seed)  # random.Random(seed), made without its Python-level steps
        self.origin: dict[str, Any] = origin or {}
        # one loop for every per-player table (a search builds a game per sample)
        self.hands: dict[str, list[str]] = {}
        self.marked: dict[str, list[str]] = {}
        self.in_front: dict[str, list[str]] = {}
        self.removed: dict[str, list[str]] = {}
        self.status: dict[str, str] = {}
        for p in players:
            self.hands[p] = []
            self.marked[p] = []
            self.in_front[p] = []
            self.removed[p] = []
            self.status[p] = LIVING
        self.draw_pile = DrawPile()
        self.discard: list[str] = []
        self.out_of_game: list[str] = []  # set aside at setup (extra kittens, defuses)
        self.current: str = players[0]
        self.turns: int = 1
        self.attacked: bool = False
        self.direction: int = 1
        self.stack: list[Action] = []
        self.awaiting: list[Choice] = []
        self.seen: dict[str, list[str]] = {}
        #: Kittens everyone saw a hand keep (a Streaking Kitten's), by player: card -> count,
        #: as many as everyone still knows lie there (:meth:`held_in_sight_of`). The odds a
        #: stranger is shown leave them out of the draw pile; one that may have left the hand
        #: unseen (:meth:`emit_own_card`) counts in the pile again.
        self.held_in_sight: dict[str, dict[str, int]] = {}
        #: Who won: one name, or the Living players sharing the win (ruling 25); [] while on.
        #: Set through :meth:`end_game` (or ``winner``), which keep ``over`` in step with it.
        self.winners: list[str] = []
        #: Whether the game has ended (``bool(winners)``): a plain attribute, not a property,
        #: as every driver asks it after every move.
        self.over: bool = False
        #: Living players who ended a turn since the draw pile last became empty, nobody
        #: dying meanwhile (ruling 25: once it holds every Living player, they share the win).
        self.ended_on_empty: set[str] = set()
        self.turn_number: int = 1
        #: How many actions this game has numbered (``Action.serial``: what a Nope answers)
        self.actions_played: int = 0
        #: The action that last left the stack (resolved or fizzled): a Nope that answered it,
        #: come too late, is told which it was (``aimed.py``). Words only: not in the snapshot.
        self.last_gone: Action | None = None
        #: Plugins' own state, one plain dict per plugin (or per card that brings hooks):
        #: see :meth:`plugin_state`. Cloned, snapshotted and replayed with the rest.
        self.data: dict[str, Any] = {}
        self.log: list[Move] = []
        self.events: list[tuple[tuple[str, ...] | None, dict[str, Any]]] = []
        #: Whether the card being drawn lay face up (set by :meth:`receive_drawn` for the
        #: hooks and ``on_drawn`` that handle it: a fact of this draw, of any card).
        self.drawn_face_up: bool = False
        #: (who played it, the card or combo) while a played card takes effect, or goes on
        #: after an answer to what it asked: the choices it asks carry who played it. None
        #: between moves.
        self.acting: tuple[str, str | None] | None = None
        #: Events are only needed when someone watches; headless simulations switch them off.
        self.recording: bool = True
        #: None: a card's rule that raises while only asked about (its ``can_play``, its
        #: ``targets``) raises out of the engine, as any bug does. A host's table sets a dict:
        #: such a card is then set aside as not playable now, and the first failure of each
        #: (card, rule) kept here for the host to log (see ``asked.py``); so is a plugin hook
        #: asked then that raises (its fallback taken), keyed (hook, module).
        self.failed_rules: dict[tuple[str, str], Exception] | None = None
        #: hook name -> whether a plugin at this table implements it (hot paths ask this
        #: instead of ``ruleset.has_hook``: a plain dict lookup, the ruleset's own).
        self.hooked: Mapping[str, bool] = ruleset.hooked
        # the hooks asked on every move, as plain flags (an attribute is read faster still)
        hooked = self.hooked
        self._game_over_hook = hooked["ekpeer_game_over"]
        self._hand_hook = hooked["ekpeer_hand_changed"]
        self._turn_hook = hooked["ekpeer_turn_ended"]
        self._drawn_hook = hooked["ekpeer_card_drawn"]
        self._move_hook = hooked["ekpeer_handle_move"]
        self._refuse_hook = hooked["ekpeer_refuse_move"]
        self._hidden_hook = hooked["ekpeer_hand_hidden"]
        #: what legal moves read of the table's cards, worked out once per ruleset
        self.plays: PlayTable = ruleset.plays
        self.card_names: tuple[str, ...] = self.plays.names

    # ------------------------------------------------------------------ queries
    def spec(self, card: str) -> CardSpec:
        return self.cards[card]

    def plugin_state(self, name: str) -> dict[str, Any]:
        """The state plugin ``name`` keeps in this game (a card that brings hooks keys its own
        by the card's id): a dict made on first use, which the plugin changes in place.

        Keep plain data in it (dicts, lists, strings, numbers, in an order that does not
        depend on hashing): it is deep-copied by :meth:`clone`, compared by :meth:`snapshot`,
        and rebuilt by a replay (every state comes from the origin and the moves). Expansion
        state lives here, not in attributes of the game (issue 27).
        """
        state = self.data.get(name)
        if state is None:
            state = self.data[name] = {}
        return state

    def hand_hidden(self, player: str) -> bool:
        """Whether ``player``'s hand lies face down, unseen even by them (a plugin's rule:
        the Curse of the Cat Butt): their view shows no cards, and a card asked of their
        hand is picked at random (:meth:`ask_card_from_hand`)."""
        return self._hidden_hook and bool(self.hook.ekpeer_hand_hidden(game=self, player=player))

    def described(self) -> dict[str, Any]:
        """The plugins' own state in a rigged table's ``[setup]`` terms (``cursed``, owners in
        ``in_front`` as ``card:who``), merged from ``ekpeer_describe_table``: what a scenario's
        checks and a table rigged from this one read (the inverse of ``ekpeer_rig_table``)."""
        merged: dict[str, Any] = {}
        if not self.hooked["ekpeer_describe_table"]:
            return merged
        for part in self.hook.ekpeer_describe_table(game=self):
            for key, value in (part or {}).items():
                if isinstance(value, dict):
                    into = merged.setdefault(key, {})
                    for k, v in value.items():
                        into.setdefault(k, []).extend(v)
                else:
                    merged.setdefault(key, []).extend(value)
        return merged

    @property
    def cursed(self) -> frozenset[str]:
        """The players whose hands lie face down (:meth:`hand_hidden`), read-only."""
        if not self._hidden_hook:
            return frozenset()
        return frozenset(p for p in self.players if self.hand_hidden(p))

    @property
    def winner(self) -> str | None:
        """The single winner (None while the game goes on, and when several share the win)."""
        return self.winners[0] if len(self.winners) == 1 else None

    @winner.setter
    def winner(self, name: str | None) -> None:
        self.winners = [] if name is None else [name]
        self.over = bool(self.winners)

    @property
    def shared_win(self) -> bool:
        """Several Living players share the win (ruling 25)."""
        return len(self.winners) > 1

    @property
    def reaction_open(self) -> bool:
        """A reaction window is open when an action waits on the stack and no choice is owed."""
        return bool(self.stack) and not self.awaiting

    def living(self) -> list[str]:
        return [p for p in self.players if self.status[p] == LIVING]

    def dead(self) -> list[str]:
        return [p for p in self.players if self.status[p] == DEAD]

    def out(self) -> list[str]:
        return [p for p in self.players if self.status[p] == OUT]

    def is_living(self, player: str) -> bool:
        return self.status.get(player) == LIVING

    def next_player(self, player: str | None = None, direction: int | None = None) -> str:
        """The next Living player after ``player`` in the direction of play."""
        start = self.current if player is None else player
        step = self.direction if direction is None else direction
        players = self.players
        status = self.status
        n = len(players)
        i = players.index(start)
        for _ in players:  # at most once round the table
            i = (i + step) % n
            p = players[i]
            if status[p] == LIVING:
                return p
        return start

    def others_with_cards(self, by: str) -> list[str]:
        """Living players other than ``by`` who hold cards: who Favor and steals may aim at.

        A loop rather than a list comprehension: cheaper for a handful of seats, and asked
        for every Favor and combo of every hand."""
        status = self.status
        hands = self.hands
        found = []
        for p in self.players:
            if p != by and status[p] == LIVING and hands[p]:
                found.append(p)
        return found

    def waiting_for(self) -> list[str]:
        return sorted({c.player for c in self.awaiting})

    # ------------------------------------------------------------------ events
    def emit(self, event: str, to: Iterable[str] | None, /, **data: Any) -> None:
        """Record an event for its audience ``to``: None for everyone, else the players who
        may see it (a card only they know goes only in an event addressed to them). It
        leaves the engine only through :func:`ekpeer.engine.view.visible_events`."""
        if not self.recording:
            return
        data["type"] = event
        if to is not None:
            if isinstance(to, str):
                raise TypeError(f"event {event!r}: its audience is a list of players, not {to!r}")
            to = tuple(to)
        self.events.append((to, data))

    def emit_own_card(self, event: str, player: str, card: str, /, **data: Any) -> None:
        """Record ``event`` for everyone about ``card``, which ``player`` took out of their own
        hand where nobody else saw it (put face down into the draw pile: Potluck, Garbage
        Collection, Grave Robber). Everyone gets ``data``, which must not name the card; first
        ``player`` alone gets the same event with ``card`` added, as a drawer is told their
        card (``drew`` / ``drew_hidden``): they chose it, and their log names it. Not when
        their hand lies face down (:meth:`hand_hidden`): its card was picked at random, unseen
        by them too. A client writes the named event by its phrase ``event/card`` and leaves
        out the unnamed twin right after it (docs/plugins.md)."""
        if self.held_in_sight.get(player):
            self._left_unseen(player, card)
        if not self.recording:
            return
        if not self.hand_hidden(player):
            self.emit(event, (player,), card=card, **data)
        self.emit(event, None, **data)

    def show(self, player: str, cards: list[str], public: bool = False, source: str = "",
             top_first: bool = True, place: str = "") -> None:
        """Show ``cards`` to ``player``, or to everyone with ``public``: cards of the draw pile,
        top first, unless ``top_first`` is False (a hand's cards, say: the event then says
        ``top_first: False`` and the reader is not told of a pile's order). ``place`` says where
        they lie when it is not the top (``"bottom"``: Raising Heck's card), so the reader is
        told so and nobody takes them for the top cards; the bottom cards too are listed as
        they lie, top first, the very bottom card last (the reader is told so)."""
        shown = list(cards)
        extra: dict[str, Any] = {} if top_first and not place else {"top_first": False}
        if place:
            extra["place"] = place
        if public:
            for p in self.players:
                self.seen[p] = shown
            self.emit("shown", None, cards=shown, by=player, source=source, **extra)
        else:
            self.seen[player] = shown
            self.emit("shown", (player,), cards=shown, by=player, source=source, **extra)

    def show_top(self, player: str, n: int, public: bool = False, source: str = "") -> list[str]:
        """Show ``player`` (or everyone, with ``public``) the top ``n`` cards of the draw pile
        where they lie (See the Future): the pile remembers who knows them, for the odds each
        player is shown (:meth:`DrawPile.known_to`). Returns the cards, top first."""
        cards = self.draw_pile.peek(n)
        self.show(player, cards, public=public, source=source)
        if self.recording and cards:
            self.draw_pile.learn(len(cards), True if public else (player,))
        return cards

    # ------------------------------------------------------------------ hands
    def hold_in_sight(self, player: str, card: str) -> None:
        """Everyone saw ``player`` keep ``card`` (already in their hand): a kitten a Streaking
        Kitten holds, drawn face up for all (002:7) and announced as held."""
        shown = self.held_in_sight.setdefault(player, {})
        # a count left above the hand by a kitten that left it in plain sight starts from the hand
        shown[card] = min(shown.get(card, 0), self.hands[player].count(card) - 1) + 1

    def held_in_sight_of(self, player: str) -> dict[str, int]:
        """The kittens everyone knows ``player`` holds (:attr:`held_in_sight`), no more than
        their hand holds: one that left it did so in plain sight (it exploded, went back)."""
        hand = self.hands[player]
        shown = self.held_in_sight.get(player) or {}
        return {c: m for c, n in shown.items() if (m := min(n, hand.count(c))) > 0}

    def _left_unseen(self, player: str, card: str) -> None:
        """``card`` left ``player``'s hand where nobody else saw it: each kitten everyone saw
        them hold may be the one that left (002:120: a held kitten may go into the pile)."""
        shown = self.held_in_sight[player]
        hand = self.hands[player]
        for c in list(shown):
            before = min(shown[c], hand.count(c) + (c == card))     # as everyone knew it
            if before > 1:
                shown[c] = before - 1
            else:
                del shown[c]

    def add_to_hand(self, player: str, card: str) -> None:
        self.hands[player].append(card)
        if self._hand_hook:
            run_hook(self, "ekpeer_hand_changed", player=player)

    def remove_from_hand(self, player: str, card: str) -> None:
        self.hands[player].remove(card)
        marks = self.marked[player]
        if marks and card in marks and marks.count(card) > self.hands[player].count(card):
            marks.remove(card)
        if self._hand_hook:
            run_hook(self, "ekpeer_hand_changed", player=player)

    def give(self, giver: str, taker: str, card: str, secret: bool = True, how: str = "give") -> None:
        """Move one ``card`` from ``giver``'s hand to ``taker``'s (a Marked card loses its mark).

        ``how`` says in the events whether it was given or stolen (``"steal"``), or taken by
        name (``"name"``: three of a kind, whose own event says so).
        """
        if self.recording:  # said first: what leaving the hand sets off comes after it
            # a cursed hand lies face down, unseen by its owner too (ruling 11): its card left,
            # or joined it, unnamed to them (the others' ``card_moved`` says as much)
            told = tuple(p for p in (giver, taker) if not self.hand_hidden(p))
            self.emit("card_given", told if secret else None, giver=giver, taker=taker,
                      card=card, how=how)
            self.emit("card_moved", None, giver=giver, taker=taker, how=how)
        self.remove_from_hand(giver, card)
        self.hands[taker].append(card)
        if self._hand_hook:
            run_hook(self, "ekpeer_hand_changed", player=taker)

    def steal_random(self, victim: str, thief: str) -> str | None:
        hand = self.hands[victim]
        if not hand:
            return None
        card = hand[below(self.rng, len(hand))]  # self.rng.randrange(len(hand)), draw for draw
        self.give(victim, thief, card, how="steal")
        return card

    def discard_from_hand(self, player: str, card: str) -> None:
        self.remove_from_hand(player, card)
        self.discard.append(card)

