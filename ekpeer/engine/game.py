"""The rules engine: one table's state, its legal moves, and how a move changes it.

Synchronous, deterministic and free of I/O: ``legal_moves -> apply -> events``. All
randomness comes from ``self.rng`` (seeded), so a game replays exactly from its origin
and move log. Card behaviour is not written here: cards come from plugins as
:class:`~ekpeer.engine.cards.CardSpec` callables, and rule hooks are called through the
table's own plugin manager, which holds only the plugins chosen for this table.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from . import combos, legal
from .cards import CardSpec
from .errors import IllegalMove
from .legal import PlayTable
from .moves import Move
from .pending import Action, Choice
from .pile import DrawPile
from .rng import below, copied, seeded

if TYPE_CHECKING:
    from .rules import Rules

LIVING, DEAD, OUT = "living", "dead", "out"


class Game:
    """One table. Construct with :meth:`Ruleset.new_game` or :meth:`Ruleset.game_from_table`."""

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
        #: Plugins' own state, one plain dict per plugin (or per card that brings hooks):
        #: see :meth:`plugin_state`. Cloned, snapshotted and replayed with the rest.
        self.data: dict[str, Any] = {}
        self.log: list[Move] = []
        self.events: list[tuple[tuple[str, ...] | None, dict[str, Any]]] = []
        #: Whether the card being drawn lay face up (set by :meth:`receive_drawn` for the
        #: hooks and ``on_drawn`` that handle it: a fact of this draw, of any card).
        self.drawn_face_up: bool = False
        #: Events are only needed when someone watches; headless simulations switch them off.
        self.recording: bool = True
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

    def show(self, player: str, cards: list[str], public: bool = False, source: str = "") -> None:
        """Show ``cards`` (top first) to ``player``, or to everyone with ``public``."""
        shown = list(cards)
        if public:
            for p in self.players:
                self.seen[p] = shown
            self.emit("shown", None, cards=shown, by=player, source=source)
        else:
            self.seen[player] = shown
            self.emit("shown", (player,), cards=shown, by=player, source=source)

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
    def add_to_hand(self, player: str, card: str) -> None:
        self.hands[player].append(card)
        if self._hand_hook:
            self.hook.ekpeer_hand_changed(game=self, player=player)

    def remove_from_hand(self, player: str, card: str) -> None:
        self.hands[player].remove(card)
        marks = self.marked[player]
        if marks and card in marks and marks.count(card) > self.hands[player].count(card):
            marks.remove(card)
        if self._hand_hook:
            self.hook.ekpeer_hand_changed(game=self, player=player)

    def give(self, giver: str, taker: str, card: str, secret: bool = True, how: str = "give") -> None:
        """Move one ``card`` from ``giver``'s hand to ``taker``'s (a Marked card loses its mark).

        ``how`` says in the events whether it was given or stolen (``"steal"``).
        """
        if self.recording:  # said first: what leaving the hand sets off comes after it
            self.emit("card_given", (giver, taker) if secret else None, giver=giver, taker=taker,
                      card=card, how=how)
            self.emit("card_moved", None, giver=giver, taker=taker, how=how)
        self.remove_from_hand(giver, card)
        self.hands[taker].append(card)
        if self._hand_hook:
            self.hook.ekpeer_hand_changed(game=self, player=taker)

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

    # ------------------------------------------------------------------ turns
    def end_turn(self) -> None:
        """End one of the current player's turns (Skip, a draw, a Defuse...)."""
        if self.winners:
            return
        if self.draw_pile._cards:  # turn_ended_on_empty()'s answer while the pile holds cards
            if self.ended_on_empty:
                self.ended_on_empty.clear()
        elif self.turn_ended_on_empty(self.current):
            return
        self.turns -= 1
        if self.turns <= 0 or self.status[self.current] != LIVING:
            self.advance()
        elif self.recording:
            self.emit("turn", None, player=self.current, turns=self.turns)

    def end_all_turns(self) -> None:
        """End every turn the current player owes (Super Skip)."""
        self.turns = 1
        self.end_turn()

    def advance(self, to: str | None = None) -> None:
        """Pass play to ``to`` (default: the next Living player), owing one fresh turn."""
        if self.winners:
            return
        previous = self.current
        if self._turn_hook:
            self.hook.ekpeer_turn_ended(game=self, player=previous)
        self.current = to if to is not None else self.next_player(previous)
        self.turns = 1
        self.attacked = False
        self.turn_number += 1
        if self.recording:
            self.emit("turn", None, player=self.current, turns=1)

    def attack(self, victim: str, extra: int) -> None:
        """End the attacker's turns; ``victim`` owes the attacker's untaken turns + ``extra``."""
        if self.winners or self.turn_ended_on_empty(self.current):
            return
        owed = (self.turns if self.attacked else 0) + extra
        if self._turn_hook:
            self.hook.ekpeer_turn_ended(game=self, player=self.current)
        self.current = victim
        self.turns = owed
        self.attacked = True
        self.turn_number += 1
        if self.recording:
            self.emit("turn", None, player=victim, turns=owed, attacked=True)

    def turn_ended_on_empty(self, player: str) -> bool:
        """Ruling 25: ``player`` ends a turn; True if that ends the game in a shared win.

        An empty draw pile cannot end a game by itself (ruling 5), so once it is empty and
        every Living player has ended a turn since, nobody dying meanwhile, the Living
        players share the win. A pile that fills again starts the count over.
        """
        if len(self.draw_pile):
            self.ended_on_empty.clear()
            return False
        if self.status.get(player) != LIVING:
            return False
        self.ended_on_empty.add(player)
        living = self.living()
        if len(living) < 2 or not self.ended_on_empty.issuperset(living):
            return False
        self.end_game(living, shared=True)
        return True

    def end_game(self, winners: list[str], shared: bool = False) -> None:
        """The game is over: ``winners`` (one, or several sharing the win) and nothing pending."""
        self.winners = list(winners)
        self.over = bool(self.winners)
        self.stack.clear()
        self.awaiting.clear()
        if shared:
            self.emit("game_over", None, winner=None, winners=list(winners), shared=True,
                      reason="the draw pile is empty and every Living player has ended a turn since, "
                             "nobody dying: they share the win")
        else:
            self.emit("game_over", None, winner=winners[0], winners=list(winners), shared=False)

    # ------------------------------------------------------------------ drawing
    def draw(self, player: str, bottom: bool = False, end_turn: bool = True) -> str | None:
        """``player`` draws from the top (or bottom); the turn ends unless a card takes over."""
        pile = self.draw_pile
        if not pile._cards:
            self.emit("draw_pile_empty", None, player=player)
            if end_turn:
                self.end_turn()
            return None
        card, up = pile.draw_bottom() if bottom else pile.draw_top()
        self.receive_drawn(player, card, end_turn, face_up=up)
        return card

    def receive_drawn(self, player: str, card: str, end_turn: bool = True, face_up: bool = False) -> None:
        """A drawn card reaches ``player``: a plugin may take it, a kitten acts, else to hand.

        ``face_up``: the card lay face up in the draw pile; whoever handles the draw reads it
        as ``game.drawn_face_up`` (a face-up Imploding Kitten kills). A plugin that takes a
        card out of the pile itself and has it drawn (Dig Deeper, Raising Heck) passes it.
        """
        self.drawn_face_up = face_up
        if self._drawn_hook:
            if self.hook.ekpeer_card_drawn(game=self, player=player, card=card, end_turn=end_turn):
                return
        spec = self.cards[card]
        if spec.on_drawn is not None:
            if self.recording:
                self.emit("drew", None, player=player, card=card)
            spec.on_drawn(self, player, card)
            return
        self._to_hand(player, card, end_turn)

    def _to_hand(self, player: str, card: str, end_turn: bool) -> None:
        """A drawn card nothing acts on goes to the hand (told to its drawer alone)."""
        self.hands[player].append(card)
        if self.recording:
            self.emit("drew", (player,), player=player, card=card)
            self.emit("drew_hidden", None, player=player)
        if self._hand_hook:
            self.hook.ekpeer_hand_changed(game=self, player=player)
        if end_turn:
            self.end_turn()

    # ------------------------------------------------------------------ kittens
    def savers(self, player: str, kitten: str) -> list[str]:
        """Distinct cards in ``player``'s hand that could save them from ``kitten``."""
        found = []
        for card in dict.fromkeys(self.hands[player]):
            spec = self.cards[card]
            if spec.saves is not None and spec.saves(self, player, card, kitten):
                found.append(card)
        return found

    def explode(self, player: str, kitten: str, then: Callable[[], None] | None = None) -> None:
        """``player`` faces ``kitten`` (already lying in front of them): save or die.

        With anything that could save them, the engine always asks (``use``), even with a
        single option; ``then`` runs once they are saved (by default: their turn ends).
        """
        done = then if then is not None else self.end_turn
        if kitten not in self.in_front[player]:
            self.in_front[player].append(kitten)
        if self.recording:
            self.emit("exploding", None, player=player, card=kitten)
        savers = self.savers(player, kitten)
        if not savers:
            self.die(player, kitten)
            return

        def answer(use: str) -> None:
            if use == "none":
                self.die(player, kitten)
            else:
                self.emit("saved", None, player=player, card=use, kitten=kitten)
                self.cards[use].save(self, player, use, kitten, done)  # type: ignore[misc]

        self.ask(player, "use", savers + ["none"], answer, prompt=f"{kitten}: save yourself?",
                 context={"kitten": kitten})

    def put_back(self, player: str, card: str, then: Callable[[], None], face_up: bool = False,
                 watchers: Iterable[str] = (), secret: bool = False) -> None:
        """Ask ``player`` where to put ``card`` back into the draw pile.

        The card lies in front of ``player`` (a kitten everyone saw drawn), or, with
        ``secret``, in no public place (the caller keeps it until ``then``: Bury's card,
        which only its player has seen); a secret card is named to nobody else, in the
        choice's public prompt as in the events."""
        def answer(position: int) -> None:
            if not secret:
                self.in_front[player].remove(card)
            # who put it back (and who watched) knows where it lies; a face-up card, everyone
            knowers: tuple[str, ...] | bool = True if face_up else (player, *watchers)
            self.draw_pile.insert(position, card, face_up, known_to=knowers if self.recording else (),
                                  place_known=bool(face_up))
            depth = len(self.draw_pile) - 1 if position < 0 or position >= len(self.draw_pile) else position
            self.emit("put_back", (player, *watchers), player=player, card=card, position=depth)
            self.emit("put_back_hidden", None, player=player, card=None if secret and not face_up else card,
                      position=depth if face_up else None)
            then()

        prompt = "where to put the card back" if secret else f"where to put {card} back"
        self.ask(player, "position", [-1, len(self.draw_pile)], answer,
                 prompt=prompt, context={"card": card, "pile": len(self.draw_pile)})

    def die(self, player: str, kitten: str | None) -> None:
        """``player`` explodes (or, with a plugin's rule, dies); their owed turns are lost."""
        if self.hooked["ekpeer_player_died"] and self.hook.ekpeer_player_died(
            game=self, player=player, kitten=kitten
        ):
            pass
        else:
            self.status[player] = OUT
            self.removed[player].extend(self.hands[player])
            self.hands[player].clear()
            self.marked[player].clear()
            if self.recording:
                self.emit("exploded", None, player=player, card=kitten)
        self.awaiting = [c for c in self.awaiting if c.player != player or self.status[player] == DEAD]
        self.ended_on_empty.clear()  # a death starts ruling 25's round over
        if self.check_game_over():
            return
        if player == self.current:
            self.advance()

    def check_game_over(self) -> bool:
        if self.winners:
            return True
        winner = None
        if self._game_over_hook:
            winner = self.hook.ekpeer_game_over(game=self)
        if winner is None:
            living = [p for p, s in self.status.items() if s == LIVING]
            if len(living) == 1:
                winner = living[0]
        if winner is not None:
            winners = [winner] if isinstance(winner, str) else list(winner)
            self.end_game(winners, shared=len(winners) > 1)
            return True
        return False

    # ------------------------------------------------------------------ choices
    def ask(self, player: str, kind: str, options: Any, then: Callable[[Any], None],
            prompt: str = "", context: dict[str, Any] | None = None, from_hand: bool = False,
            source: str | None = None) -> None:
        """Wait for ``player`` to ``choose`` (several asks may wait at once)."""
        choice = Choice(player, kind, options, then, prompt, context or {}, from_hand, source)
        self.awaiting.append(choice)
        if self.recording:
            self.emit("waiting", None, player=player, kind=kind, source=source)

    def ask_card_from_hand(self, player: str, then: Callable[[str], None], prompt: str = "",
                           source: str | None = None) -> None:
        """Ask ``player`` for a card of their hand; a cursed hand lies face down and unseen by
        its owner (ruling 11), so its card is picked at random and nobody is asked."""
        hand = self.hands[player]
        if hand and self.hand_hidden(player):
            then(hand[self.rng.randrange(len(hand))])
            return
        self.ask(player, "card", list(dict.fromkeys(self.hands[player])), then, prompt,
                 from_hand=True, source=source)

    # ------------------------------------------------------------------ the move API
    def apply(self, move: Move) -> list[tuple[tuple[str, ...] | None, dict[str, Any]]]:
        """Apply ``move`` or raise :class:`IllegalMove` (and change nothing). Returns events."""
        if self.events or self.recording:  # else it is empty already: no new list per move
            self.events = []
        if self.winners:
            raise IllegalMove("game_over", "the game is over")
        do = move.do
        if do == "resolve":
            self._resolve()
        else:
            by = move.by
            state = self.status.get(by)
            if state is None:
                raise IllegalMove("unknown_player", f"{by!r} is not at this table")
            if state == OUT:
                raise IllegalMove("player_out", f"{by} is out of the game")
            if self._move_hook and self.hook.ekpeer_handle_move(
                    game=self, move=move):
                pass
            elif do == "draw":
                if self.awaiting or self.stack or by != self.current or state != LIVING \
                        or self._refuse_hook:
                    self._check_draw(by)  # which may refuse it (else a plain draw: nothing to check)
                if self.recording:
                    self.emit("move", None, by=by, do="draw")
                self.draw(by)
            elif do == "play":
                self._play(move)
            elif do == "choose":
                self._choose(move)
            else:
                raise IllegalMove("bad_move", f"unknown move {do!r}")
        self.log.append(move)
        if self.ended_on_empty and self.draw_pile._cards:
            self.ended_on_empty.clear()  # the pile filled again: ruling 25's round starts over
        if self._game_over_hook:
            # A plugin may end the game by its own rule after any move; the default rule (one
            # Living player left) can only change through die(), which checks it itself.
            self.check_game_over()
        return self.events

    def _check_draw(self, by: str) -> None:
        if self.awaiting:
            raise IllegalMove("awaiting_choice", f"waiting for {', '.join(self.waiting_for())} to choose")
        if self.stack:
            raise IllegalMove("reaction_open", "a reaction window is open: resolve it first")
        if by != self.current:
            raise IllegalMove("not_your_turn", f"it is {self.current}'s turn")
        if self.status[by] != LIVING:
            raise IllegalMove("not_living", f"{by} is not Living")
        if self._refuse_hook:
            reason = self.hook.ekpeer_refuse_move(game=self, player=by, move=Move("draw", by))
            if reason:
                raise IllegalMove("refused", reason)

    def _hook_refusal(self, by: str, move: Move) -> str | None:
        if self._refuse_hook:
            return self.hook.ekpeer_refuse_move(game=self, player=by, move=move)
        return None

    def _resolve(self) -> None:
        if self.awaiting:
            raise IllegalMove("awaiting_choice", f"waiting for {', '.join(self.waiting_for())} to choose")
        if not self.stack:
            raise IllegalMove("no_reaction_window", "no reaction window is open")
        action = self.stack.pop()
        if self.recording:
            self.emit("resolved", None, action=action.public(), noped=action.nopes % 2 == 1)
        if "paused" in action.data:  # played while a choice waited: it waits again after this
            self._settle_paused(action)
            return
        if action.nopes % 2 == 1:
            return
        if action.combo is not None:  # self.carry_out(action), written out
            combos.carry_out(self, action)
            return
        effect = self.cards[action.card].effect  # type: ignore[index]
        if effect is not None:
            effect(self, action)

    def _settle_paused(self, action: Action) -> None:
        """Settle a card played while a choice was awaited (Clairvoyance during a put-back):
        its window paused the choice; the card takes effect unless Noped, then the choice
        is awaited again."""
        paused = action.data.pop("paused")
        if action.nopes % 2 == 0:
            self.carry_out(action)
        self.awaiting[:0] = paused

    def carry_out(self, action: Action) -> None:
        """Make a played card or combo take effect."""
        if action.combo is not None:
            combos.carry_out(self, action)
            return
        spec = self.cards[action.card]  # type: ignore[index]
        if spec.effect is not None:
            spec.effect(self, action)

    def _choose(self, move: Move) -> None:
        by = move.by
        while (not self.awaiting and self.stack and "paused" in self.stack[-1].data
               and any(c.player == by for c in self.stack[-1].data["paused"])):
            self._resolve()  # the paused chooser goes on: the window closes, nobody else playing
        for choice in self.awaiting:
            if choice.player == by:
                break
        else:
            raise IllegalMove("no_choice", f"nothing is awaited from {by}")
        kind = choice.kind
        answer = getattr(move, kind, None)
        if answer is None:
            raise IllegalMove("wrong_choice", f"{by} must choose a {kind}")
        if kind == "position":
            lo, hi = choice.options
            if not lo <= answer <= hi:
                raise IllegalMove("bad_position", f"position must be from {lo} to {hi}")
        elif kind == "order":
            if sorted(answer) != list(range(choice.options)):
                raise IllegalMove("bad_order", f"order must list each index 0..{choice.options - 1} once")
        elif kind == "keep":
            pass
        else:
            if answer not in choice.options:
                raise IllegalMove("bad_choice", f"{answer!r} is not one of {choice.options}")
            if choice.from_hand and answer not in self.hands[by]:
                raise IllegalMove("card_not_held", f"{by} holds no {answer}")
        self.awaiting.remove(choice)
        if self.recording:
            self.emit("chose", (by,), by=by, kind=kind, answer=answer)
            self.emit("chose_hidden", None, by=by, kind=kind)
        choice.then(answer)

    def _play(self, move: Move) -> None:
        by = move.by
        cards = move.cards
        if not cards:
            raise IllegalMove("no_cards", "play needs at least one card")
        hand = self.hands[by]
        alone = len(cards) == 1
        if alone:  # the usual play, checked without counting (a hot path)
            if cards[0] not in self.cards:
                raise IllegalMove("unknown_card", f"there is no card {cards[0]!r} at this table")
            if cards[0] not in hand:
                raise IllegalMove("card_not_held", f"{by} does not hold 1 x {cards[0]}")
        else:
            for card in dict.fromkeys(cards):
                n = cards.count(card)
                if card not in self.cards:
                    raise IllegalMove("unknown_card", f"there is no card {card!r} at this table")
                if hand.count(card) < n:
                    raise IllegalMove("card_not_held", f"{by} does not hold {n} x {card}")
        if self.awaiting and not (self.hooked["ekpeer_play_while_waiting"]
                                  and self.hook.ekpeer_play_while_waiting(game=self, player=by, move=move)):
            raise IllegalMove("awaiting_choice", f"waiting for {', '.join(self.waiting_for())} to choose")
        if self._refuse_hook:
            reason = self.hook.ekpeer_refuse_move(game=self, player=by, move=move)
            if reason:
                raise IllegalMove("refused", reason)
        if not alone:
            action = combos.check(self, move)
            self._check_own_turn(by)
        else:
            card = cards[0]
            spec = self.cards[card]
            if spec.is_nope:
                if not self.stack:
                    raise IllegalMove("nothing_to_nope", "there is no action to Nope")
                self.discard_from_hand(by, card)
                top = self.stack[-1]
                top.nopes += 1
                if self.recording:
                    self.emit("noped", None, by=by, action=top.public())
                return
            if not spec.playable:
                raise IllegalMove("not_playable", f"{spec.title} cannot be played on its own")
            if spec.now:
                if self.status[by] == DEAD and spec.dead_may_play is False:
                    raise IllegalMove("not_living", f"{by} is Dead")
            else:  # self._check_own_turn(by), written out: most plays come this way
                if self.stack:
                    raise IllegalMove("reaction_open", "a reaction window is open: only Nope and NOW cards")
                if by != self.current:
                    raise IllegalMove("not_your_turn", f"it is {self.current}'s turn")
                if self.status[by] != LIVING:
                    raise IllegalMove("not_living", f"{by} is not Living")
            target = move.target
            targets = spec.targets(self, by) if spec.targets is not None else None
            if targets is not None:
                if target is None:
                    raise IllegalMove("needs_target", f"{spec.title} needs a target player")
                if target not in targets:
                    raise IllegalMove("bad_target", f"{target} cannot be targeted by {spec.title}")
            elif target is not None:
                raise IllegalMove("no_target", f"{spec.title} takes no target")
            if spec.can_play is not None:
                reason = spec.can_play(self, by)
                if reason:
                    raise IllegalMove("cannot_play", reason)
            action = Action(by, cards, card, None, target, move.name, 0, {})
        # discard_from_hand() for each card, written out (every play comes this way)
        marks = self.marked[by]
        for card in cards:
            hand.remove(card)
            if marks and card in marks and marks.count(card) > hand.count(card):
                marks.remove(card)
            if self._hand_hook:
                self.hook.ekpeer_hand_changed(game=self, player=by)
            self.discard.append(card)
        if self.recording:
            self.emit("played", None, action=action.public())
        nopeable = action.combo is not None or spec.nopeable
        if nopeable:
            if self.awaiting:  # let in while a choice waits: its window pauses the choice
                action.data["paused"], self.awaiting = self.awaiting, []
            self.stack.append(action)
        else:
            self.carry_out(action)

    def _check_own_turn(self, by: str) -> None:
        if self.stack:
            raise IllegalMove("reaction_open", "a reaction window is open: only Nope and NOW cards")
        if by != self.current:
            raise IllegalMove("not_your_turn", f"it is {self.current}'s turn")
        if self.status[by] != LIVING:
            raise IllegalMove("not_living", f"{by} is not Living")

    # ------------------------------------------------------------------ legal moves
    #: ``game.legal_moves(player)``: every move ``player`` may make now (five-different
    #: combos: a sample, see docs). The function itself, not a method calling it: bots ask
    #: on every move.
    legal_moves = legal.legal_moves

    # ------------------------------------------------------------------ bookkeeping
    def snapshot(self) -> tuple:
        """Everything that makes up the state, comparable (a refused move leaves it equal)."""
        return (
            tuple((p, self.status[p], tuple(sorted(self.hands[p])), tuple(sorted(self.marked[p])),
                   tuple(self.in_front[p]), tuple(self.removed[p])) for p in self.players),
            tuple(self.draw_pile.top_first()),
            tuple(self.draw_pile.states()),
            tuple(self.discard),
            self.current, self.turns, self.attacked, self.direction,
            tuple((a.by, a.cards, a.nopes, a.target) for a in self.stack),
            tuple((c.player, c.kind, repr(c.options)) for c in self.awaiting),
            tuple(sorted((k, tuple(v)) for k, v in self.seen.items())),
            tuple(self.winners), tuple(sorted(self.ended_on_empty)),
            repr({k: v for k, v in self.data.items() if v != {}}), len(self.log),
            self.rng.getstate(),
        )

    def clone(self, seed: int | None = None, recording: bool | None = None) -> Game:
        """A copy of this game to play forward (a search bot's playout), sharing the rules.

        Only mutable state is copied: the ruleset, cards, hooks and origin are shared, and
        the log is copied (a clone replays like its original). ``seed`` reseeds the copy's
        RNG (a playout must not know the table's own shuffles); None keeps its state.
        ``recording`` switches events on or off in the copy (None: as in this game).

        A pending choice holds a closure over *this* game (``Choice.then``), which cannot
        be carried over to another one, so a game that awaits a choice cannot be cloned:
        search from the states with nothing awaited (see docs/bots.md).
        """
        if self.awaiting or any("paused" in a.data for a in self.stack):
            raise ValueError("a game that awaits a choice cannot be cloned (its continuation "
                             "belongs to this game)")
        other = Game.__new__(Game)
        other.ruleset = self.ruleset
        other.cards = self.cards
        other.hook = self.hook
        other.players = self.players
        other.seed = self.seed
        other.rng = copied(self.rng) if seed is None else seeded(seed)
        other.origin = self.origin
        # one loop for every per-player table (a search clones for every playout)
        hands, marked, in_front, removed = {}, {}, {}, {}
        was_marked, was_in_front, was_removed = self.marked, self.in_front, self.removed
        for p, h in self.hands.items():
            hands[p] = h[:]
            marked[p] = was_marked[p][:]
            in_front[p] = was_in_front[p][:]
            removed[p] = was_removed[p][:]
        other.hands = hands
        other.marked = marked
        other.in_front = in_front
        other.removed = removed
        other.status = dict(self.status)
        other.draw_pile = self.draw_pile.copy()
        other.discard = self.discard[:]
        other.out_of_game = self.out_of_game[:]
        other.current = self.current
        other.turns = self.turns
        other.attacked = self.attacked
        other.direction = self.direction
        other.stack = [Action(a.by, a.cards, a.card, a.combo, a.target, a.name, a.nopes,
                              copy.deepcopy(a.data) if a.data else {}) for a in self.stack] \
            if self.stack else []
        other.awaiting = []
        other.seen = dict(self.seen)  # each list is replaced, never changed in place
        other.winners = self.winners[:]
        other.over = self.over
        other.ended_on_empty = set(self.ended_on_empty)
        other.turn_number = self.turn_number
        other.data = copy.deepcopy(self.data) if self.data else {}
        other.log = self.log[:]
        other.events = []
        other.drawn_face_up = self.drawn_face_up
        other.recording = self.recording if recording is None else recording
        other.hooked = self.hooked
        other._game_over_hook = self._game_over_hook
        other._hand_hook = self._hand_hook
        other._turn_hook = self._turn_hook
        other._drawn_hook = self._drawn_hook
        other._move_hook = self._move_hook
        other._refuse_hook = self._refuse_hook
        other._hidden_hook = self._hidden_hook
        other.plays = self.plays
        other.card_names = self.card_names
        return other

    def all_cards(self) -> Counter:
        """Every card at the table wherever it lies: the same multiset at every step."""
        total: Counter = Counter(self.draw_pile.top_first())
        total.update(self.discard)
        total.update(self.out_of_game)
        for p in self.players:
            total.update(self.hands[p])
            total.update(self.in_front[p])
            total.update(self.removed[p])
        if self.hooked["ekpeer_cards_elsewhere"]:
            for cards in self.hook.ekpeer_cards_elsewhere(game=self):
                total.update(cards)
        return total
