"""Asking a player to choose (several asks may wait at once), and taking their answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import IllegalMove
from .moves import Move
from .pending import NONE, Choice, declined
from .state import TableState


class Choices(TableState):
    """The choice mechanism: ``ask`` records what is awaited and its continuation; a
    ``choose`` move is checked against it and runs the continuation."""

    def ask(self, player: str, kind: str, options: Any, then: Callable[[Any], None],
            prompt: str = "", context: dict[str, Any] | None = None, from_hand: bool = False,
            source: str | None = None, none: str | None = None) -> None:
        """Wait for ``player`` to ``choose`` (several asks may wait at once). Asked while a
        played card ``source`` takes effect (or goes on after an answer to it), the choice
        carries who played it (``by``).

        ``none`` (a ``card`` choice only) lets the player choose no card: the words of that
        option, in the plugin's English (a ``Reason``, said in the chooser's language), e.g.
        "leave both cards at the bottom". The options then end with ``"none"``, the answer
        ``then`` gets for it, and the words go to the chooser as ``context["none"]``: a card
        choice that could only be declined before by a second question ("keep ...?") read as
        Dig Deeper's."""
        if none is not None:
            if kind != "card":
                raise ValueError(f"only a card choice may offer none, not a {kind} choice")
            options = [*(o for o in options if o != NONE), NONE]
            context = {**(context or {}), NONE: none}
        acting = self.acting
        by = acting[0] if acting is not None and source is not None and acting[1] == source else None
        choice = Choice(player, kind, options, then, prompt, context or {}, from_hand, source, by)
        self.awaiting.append(choice)
        if self.recording:
            self.emit("waiting", None, player=player, kind=kind, source=source)

    def ask_card_from_hand(self, player: str, then: Callable[[str], None], prompt: str = "",
                           source: str | None = None, context: dict[str, Any] | None = None) -> None:
        """Ask ``player`` for a card of their hand; a cursed hand lies face down and unseen by
        its owner (ruling 11), so its card is picked at random and nobody is asked. ``context``
        as for :meth:`ask` (``{"to": taker}``: the card goes to that player, a Favor's)."""
        hand = self.hands[player]
        if hand and self.hand_hidden(player):
            then(hand[self.rng.randrange(len(hand))])
            return
        self.ask(player, "card", list(dict.fromkeys(self.hands[player])), then, prompt,
                 context=context, from_hand=True, source=source)

    def _choose(self, move: Move) -> None:
        by = move.by
        while (not self.awaiting and self.stack and "paused" in self.stack[-1].data
               and any(c.player == by for c in self.stack[-1].data["paused"])):
            self._resolve()  # the paused chooser goes on: the window closes, nobody else playing
        for choice in self.awaiting:
            if choice.player == by:
                break
        else:
            raise IllegalMove("no_choice", "nothing is awaited from {player}", player=by)
        kind = choice.kind
        answer = getattr(move, kind, None)
        if answer is None:
            raise IllegalMove("wrong_choice", "{player} must choose a {kind}", player=by, kind=kind)
        if kind == "position":
            lo, hi = choice.options
            if not lo <= answer <= hi:
                raise IllegalMove("bad_position", "position must be from {lo} to {hi}", lo=lo, hi=hi)
        elif kind == "order":
            if sorted(answer) != list(range(choice.options)):
                raise IllegalMove("bad_order", "order must list each index 0..{last} once",
                                  last=choice.options - 1)
        elif kind == "keep":
            pass
        else:
            if answer not in choice.options:
                raise IllegalMove("bad_choice", "{answer} is not one of {options}",
                                  answer=repr(answer), options=str(choice.options))
            if choice.from_hand and answer not in self.hands[by] and not declined(choice, answer):
                raise IllegalMove("card_not_held", "{player} holds no {card}", player=by, card=answer)
        self.awaiting.remove(choice)
        if self.recording:
            self.emit("chose", (by,), by=by, kind=kind, answer=answer)
            self.emit("chose_hidden", None, by=by, kind=kind)
        was, self.acting = self.acting, (choice.by, choice.source) if choice.by is not None else None
        try:    # what follows an answer is still the played card's doing (its next asks)
            choice.then(answer)
        finally:
            self.acting = was

