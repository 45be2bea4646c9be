"""The rules engine: one table's state, its legal moves, and how a move changes it.

Synchronous, deterministic and free of I/O: ``legal_moves -> apply -> events``. All
randomness comes from ``self.rng`` (seeded), so a game replays exactly from its origin
and move log. Card behaviour is not written here: cards come from plugins as
:class:`~ekpeer.engine.cards.CardSpec` callables, and rule hooks are called through the
table's own plugin manager, which holds only the plugins chosen for this table.
"""

from __future__ import annotations

from typing import Any

from . import aimed, combos, legal
from .acted import run_hook
from .asked import RULES_FAILED, hook_failed, set_aside, why_not
from .bookkeeping import Bookkeeping
from .errors import IllegalMove, Reason
from .moves import Move
from .pending import Action
from .state import DEAD, LIVING, OUT

__all__ = ["DEAD", "LIVING", "OUT", "Game"]


class Game(Bookkeeping):
    """One table. Construct with :meth:`Ruleset.new_game` or :meth:`Ruleset.game_from_table`.

    Its layers, each in a module of its own: state and queries (``state.py``), choices
    (``choices.py``), turn flow (``turns.py``), drawing (``drawing.py``), snapshot and clone
    (``bookkeeping.py``); the moves themselves here.
    """

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
        elif do == "fizzle":
            self._fizzle(move.by)
        else:
            by = move.by
            state = self.status.get(by)
            if state is None:
                raise IllegalMove("unknown_player", "{player} is not at this table", player=repr(by))
            if state == OUT:
                raise IllegalMove("player_out", "{player} is out of the game", player=by)
            if self._move_hook and run_hook(self, "ekpeer_handle_move", move=move):
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
                raise IllegalMove("bad_move", "unknown move {do}", do=repr(do))
        self.log.append(move)
        if self.stack and not self.stack[-1].serial:
            aimed.number_new(self)  # pushed by a plugin's own move (a Streaking Kitten's)
        if self.ended_on_empty and self.draw_pile._cards:
            self.ended_on_empty.clear()  # the pile filled again: ruling 25's round starts over
        if self._game_over_hook:
            # A plugin may end the game by its own rule after any move; the default rule (one
            # Living player left) can only change through die(), which checks it itself.
            self.check_game_over()
        return self.events

    def _check_draw(self, by: str) -> None:
        if self.awaiting:
            raise IllegalMove("awaiting_choice", "waiting for {players} to choose",
                              players=", ".join(self.waiting_for()))
        if self.stack:
            raise IllegalMove("reaction_open", "a reaction window is open: resolve it first")
        if by != self.current:
            raise IllegalMove("not_your_turn", "it is {player}'s turn", player=self.current)
        if self.status[by] != LIVING:
            raise IllegalMove("not_living", "{player} is not Living", player=by)
        if self._refuse_hook:
            try:
                reason = self.hook.ekpeer_refuse_move(game=self, player=by, move=Move("draw", by))
            except Exception as exc:    # a plugin's bug: at a host's table, never the draw (asked.py)
                if not hook_failed(self, "ekpeer_refuse_move", exc):
                    raise
                reason = None
            if reason:
                raise IllegalMove("refused", reason)

    def _resolve(self) -> None:
        if self.awaiting:
            raise IllegalMove("awaiting_choice", "waiting for {players} to choose",
                              players=", ".join(self.waiting_for()))
        if not self.stack:
            raise IllegalMove("no_reaction_window", "no reaction window is open")
        action = self.last_gone = self.stack.pop()
        if self.recording:
            self.emit("resolved", None, action=action.public(), noped=action.nopes % 2 == 1)
        if "paused" in action.data:  # played while a choice waited: it waits again after this
            self._settle_paused(action)
            return
        if action.nopes % 2 == 1:
            return
        self.carry_out(action)

    def _fizzle(self, by: str | None) -> None:
        """Set aside without effect the choice ``by`` owes (any awaited one without ``by``), or
        else the action on top of the stack. The host does this where answering or resolving it
        failed (a bug in its card's plugin: the host has rolled the game back to before), so
        that one card's bug does not stop the game for good. A choice set aside takes what was
        to follow its answer with it: the game goes on from where it stands."""
        choice = next((c for c in self.awaiting if by is None or c.player == by), None)
        if choice is not None:
            self.awaiting.remove(choice)
            if self.recording:
                self.emit("fizzled", None, choice=choice.public())
            return
        if not self.stack:
            raise IllegalMove("no_reaction_window", "no reaction window is open")
        action = self.last_gone = self.stack.pop()
        if self.recording:
            self.emit("fizzled", None, action=action.public())
        if "paused" in action.data:  # played while a choice waited: the choice waits again
            self.awaiting[:0] = action.data.pop("paused")

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
        was, self.acting = self.acting, (action.by, action.combo or action.card)
        try:
            if action.combo is not None:
                combos.carry_out(self, action)
                return
            spec = self.cards[action.card]  # type: ignore[index]
            if spec.effect is not None:
                spec.effect(self, action)
        finally:
            self.acting = was

    def _play(self, move: Move) -> None:
        by = move.by
        cards = move.cards
        if not cards:
            raise IllegalMove("no_cards", "play needs at least one card")
        hand = self.hands[by]
        alone = len(cards) == 1
        if alone:  # the usual play, checked without counting (a hot path)
            if cards[0] not in self.cards:
                raise IllegalMove("unknown_card", "there is no card {card} at this table",
                                  card=repr(cards[0]))
            if cards[0] not in hand:
                raise IllegalMove("card_not_held", "{player} does not hold 1 x {card}",
                                  player=by, card=cards[0])
        else:
            for card in dict.fromkeys(cards):
                n = cards.count(card)
                if card not in self.cards:
                    raise IllegalMove("unknown_card", "there is no card {card} at this table",
                                      card=repr(card))
                if hand.count(card) < n:
                    raise IllegalMove("card_not_held", "{player} does not hold {count} x {card}",
                                      player=by, count=n, card=card)
        if self.awaiting:
            let_in = False
            if self.hooked["ekpeer_play_while_waiting"]:
                try:
                    let_in = self.hook.ekpeer_play_while_waiting(game=self, player=by, move=move)
                except Exception as exc:    # a plugin's bug: at a host's table, not let in (asked.py)
                    if not hook_failed(self, "ekpeer_play_while_waiting", exc):
                        raise
                    raise IllegalMove("cannot_play", RULES_FAILED) from None
            if not let_in:
                raise IllegalMove("awaiting_choice", "waiting for {players} to choose",
                                  players=", ".join(self.waiting_for()))
        if self._refuse_hook:
            try:
                reason = self.hook.ekpeer_refuse_move(game=self, player=by, move=move)
            except Exception as exc:    # a plugin's bug: at a host's table, refused (asked.py)
                if not hook_failed(self, "ekpeer_refuse_move", exc):
                    raise
                reason = RULES_FAILED
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
                    if move.answers is not None:
                        aimed.refuse(self, move.answers)
                    raise IllegalMove("nothing_to_nope", "there is no action to Nope")
                top = self.stack[-1]
                if move.answers is not None and not aimed.still_meant(top, move.answers):
                    aimed.refuse(self, move.answers)
                self.discard_from_hand(by, card)
                top.nopes += 1
                top.data["noped_by"] = by
                if self.recording:
                    self.emit("noped", None, by=by, action=top.public())
                return
            if not spec.playable:
                raise IllegalMove("not_playable", "{card} cannot be played on its own",
                                  card=Reason(spec.title))
            if spec.now:
                if self.status[by] == DEAD and spec.dead_may_play is False:
                    raise IllegalMove("not_living", "{player} is Dead", player=by)
            else:  # self._check_own_turn(by), written out: most plays come this way
                if self.stack:
                    raise IllegalMove("reaction_open", "a reaction window is open: only Nope and NOW cards")
                if by != self.current:
                    raise IllegalMove("not_your_turn", "it is {player}'s turn", player=self.current)
                if self.status[by] != LIVING:
                    raise IllegalMove("not_living", "{player} is not Living", player=by)
            target = move.target
            try:
                targets = spec.targets(self, by) if spec.targets is not None else None
            except Exception as exc:    # a plugin's bug: refused at a host's table (asked.py)
                if not set_aside(self, card, "targets", exc):
                    raise
                raise IllegalMove("cannot_play", RULES_FAILED) from None
            if targets is not None:
                if target is None:
                    raise IllegalMove("needs_target", "{card} needs a target player",
                                      card=Reason(spec.title))
                if target not in targets:
                    raise IllegalMove("bad_target", "{player} cannot be targeted by {card}",
                                      player=target, card=Reason(spec.title))
            elif target is not None:
                raise IllegalMove("no_target", "{card} takes no target", card=Reason(spec.title))
            if spec.can_play is not None:
                reason = why_not(self, card, spec.can_play, by)
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
                run_hook(self, "ekpeer_hand_changed", player=by)
            self.discard.append(card)
        self.actions_played += 1
        action.serial = self.actions_played
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
            raise IllegalMove("not_your_turn", "it is {player}'s turn", player=self.current)
        if self.status[by] != LIVING:
            raise IllegalMove("not_living", "{player} is not Living", player=by)

    # ------------------------------------------------------------------ legal moves
    #: ``game.legal_moves(player)``: every move ``player`` may make now (five-different
    #: combos: a sample, see docs). The function itself, not a method calling it: bots ask
    #: on every move.
    legal_moves = legal.legal_moves

