"""Drawing: a card from the pile reaching its drawer, kittens, savers, putting back."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .acted import run_hook
from .turns import TurnFlow


class Drawing(TurnFlow):
    """A draw and what a drawn card sets off: a plugin taking it, a kitten exploding (and the
    savers asked), a card put back into the pile by its player."""

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
            if run_hook(self, "ekpeer_card_drawn", player=player, card=card, end_turn=end_turn):
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
            run_hook(self, "ekpeer_hand_changed", player=player)
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

    def explode(self, player: str, kitten: str, then: Callable[[], None] | None = None,
                drawn_by: str | None = None) -> None:
        """``player`` faces ``kitten`` (already lying in front of them): save or die.

        With anything that could save them, the engine always asks (``use``), even with a
        single option; ``then`` runs once they are saved (by default: their turn ends).
        The choice's context says who drew the kitten (``drawn_by``: None when nobody just
        drew it, or the caller does not say) and what dying means here (``if_not_saved``,
        from ``ekpeer_death_words``), so that the dialog says what the choice is.
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
            if use != "none" and use not in self.hands[player]:
                # the saver left the hand while the choice waited (a cursed hand turned it up
                # to save from another kitten): ask again with what is left, or die
                self.explode(player, kitten, then, drawn_by)
                return
            if use == "none":
                self.die(player, kitten)
            else:
                self.emit("saved", None, player=player, card=use, kitten=kitten)
                self.cards[use].save(self, player, use, kitten, done)  # type: ignore[misc]

        words = None
        if self.hooked.get("ekpeer_death_words"):
            words = run_hook(self, "ekpeer_death_words", player=player, kitten=kitten)
        self.ask(player, "use", savers + ["none"], answer, prompt=f"{kitten}: save yourself?",
                 context={"kitten": kitten, "drawn_by": drawn_by,
                          "if_not_saved": words or "explode and leave the game"})

    def put_back(self, player: str, card: str, then: Callable[[], None], face_up: bool = False,
                 watchers: Iterable[str] = (), secret: bool = False, owner: str | None = None) -> None:
        """Ask ``player`` where to put ``card`` back into the draw pile.

        The card lies in front of ``player`` (a kitten everyone saw drawn), or, with
        ``secret``, in no public place (the caller keeps it until ``then``: Bury's card,
        which only its player has seen); a secret card is named to nobody else, in the
        choice's public prompt as in the events. ``watchers`` is read when the card goes
        back, not now: a Clairvoyance played while the choice waits joins the list.
        ``owner``: whose card it was, when not ``player``'s (a revived player's kitten that a
        Zombie Kitten's player puts back): the dialog says so."""
        def answer(position: int) -> None:
            if not secret:
                self.in_front[player].remove(card)
            # who put it back (and who watched) knows where it lies; a face-up card, everyone
            knowers: tuple[str, ...] | bool = True if face_up else (player, *watchers)
            self.draw_pile.insert(position, card, face_up, known_to=knowers if self.recording else (),
                                  place_known=bool(face_up),
                                  kitten=not secret and card in self.ruleset.kitten_cards)
            depth = len(self.draw_pile) - 1 if position < 0 or position >= len(self.draw_pile) else position
            size = len(self.draw_pile)   # so that a log can say "at the bottom", not "23rd"
            # whose it was, when not its player's: a Zombie Kitten's player puts back two kittens
            whose = {"owner": owner} if owner and owner != player else {}
            self.emit("put_back", (player, *watchers), player=player, card=card, position=depth,
                      pile_count=size, **whose)
            self.emit("put_back_hidden", None, player=player, card=None if secret and not face_up else card,
                      position=depth if face_up else None, pile_count=size, **whose)
            then()

        prompt = "where to put the card back" if secret else f"where to put {card} back"
        # what the dialog may say of who sees the place: everyone (face up), watchers, nobody
        self.ask(player, "position", [-1, len(self.draw_pile)], answer,
                 prompt=prompt, context={"card": card, "pile": len(self.draw_pile), "face_up": bool(face_up),
                                         "watchers": [w for w in watchers if w != player],
                                         **({"owner": owner} if owner and owner != player else {})})

