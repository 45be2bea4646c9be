"""Bookkeeping: the comparable snapshot of a game, its clone for playouts, and the count
of every card wherever it lies."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Self

from .acted import run_hook
from .drawing import Drawing
from .pending import Action
from .rng import copied, seeded


class Bookkeeping(Drawing):
    """Copies and checks of the whole state: what search bots and the tests lean on."""

    def snapshot(self) -> tuple:
        """Everything that makes up the state, comparable (a refused move leaves it equal)."""
        return (
            tuple((p, self.status[p], tuple(sorted(self.hands[p])), tuple(sorted(self.marked[p])),
                   tuple(self.in_front[p]), tuple(self.removed[p])) for p in self.players),
            tuple(self.draw_pile.top_first()),
            tuple(self.draw_pile.states()),
            tuple(self.discard),
            self.current, self.turns, self.attacked, self.direction,
            tuple((a.by, a.cards, a.nopes, a.target, a.serial) for a in self.stack),
            self.actions_played,
            tuple((c.player, c.kind, repr(c.options)) for c in self.awaiting),
            tuple(sorted((k, tuple(v)) for k, v in self.seen.items())),
            tuple(sorted((p, tuple(sorted(h.items()))) for p, h in self.held_in_sight.items() if h)),
            tuple(self.winners), tuple(sorted(self.ended_on_empty)),
            repr({k: v for k, v in self.data.items() if v != {}}), len(self.log),
            self.rng.getstate(),
        )

    def clone(self, seed: int | None = None, recording: bool | None = None) -> Self:
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
        other = type(self).__new__(type(self))
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
                              copy.deepcopy(a.data) if a.data else {}, a.serial) for a in self.stack] \
            if self.stack else []
        other.actions_played = self.actions_played
        other.last_gone = self.last_gone
        other.awaiting = []
        other.seen = dict(self.seen)  # each list is replaced, never changed in place
        other.held_in_sight = {p: dict(h) for p, h in self.held_in_sight.items()}
        other.winners = self.winners[:]
        other.over = self.over
        other.ended_on_empty = set(self.ended_on_empty)
        other.turn_number = self.turn_number
        other.data = copy.deepcopy(self.data) if self.data else {}
        other.log = self.log[:]
        other.events = []
        other.drawn_face_up = self.drawn_face_up
        other.acting = None
        other.recording = self.recording if recording is None else recording
        other.failed_rules = None if self.failed_rules is None else {}  # its own record
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
            for cards in run_hook(self, "ekpeer_cards_elsewhere", []):
                total.update(cards)
        return total

