"""Turn flow: ending turns, passing play, attacks, deaths and the end of the game."""

from __future__ import annotations

from .acted import run_hook
from .choices import Choices
from .state import DEAD, LIVING, OUT


class TurnFlow(Choices):
    """Who plays next and how many turns they owe; who dies, and when the game ends."""

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
            run_hook(self, "ekpeer_turn_ended", player=previous)
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
            run_hook(self, "ekpeer_turn_ended", player=self.current)
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

    def die(self, player: str, kitten: str | None) -> None:
        """``player`` explodes (or, with a plugin's rule, dies); their owed turns are lost."""
        if self.hooked["ekpeer_player_died"] and run_hook(self, "ekpeer_player_died", player=player,
                                                          kitten=kitten):
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
            winner = run_hook(self, "ekpeer_game_over")
        if winner is None:
            living = [p for p, s in self.status.items() if s == LIVING]
            if len(living) == 1:
                winner = living[0]
        if winner is not None:
            winners = [winner] if isinstance(winner, str) else list(winner)
            self.end_game(winners, shared=len(winners) > 1)
            return True
        return False

