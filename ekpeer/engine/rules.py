"""The rules a game is played by, as a game and those reading it see them: :class:`Rules`.

A :class:`~ekpeer.engine.ruleset.Ruleset` is the real thing, but it builds games, so the
game cannot import it without importing itself back; the game names this interface
instead (``game.ruleset``), and the arrows point one way: ruleset -> game -> rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .cards import CardSpec, DeckSpec
    from .legal import PlayTable


@runtime_checkable
class Rules(Protocol):
    """The cards and hooks of the plugins chosen for a table."""

    plugins: list[str]                  # their names, in the order chosen
    cards: dict[str, CardSpec]          # card id -> spec
    hook: Any                           # pluggy's hook caller, holding only these plugins
    has_now_cards: bool                 # a NOW card that may be played is in the deck
    reactive_cards: frozenset[str]      # cards that may be played into a reaction window
    kitten_cards: frozenset[str]        # cards that kill (trait "kills")
    harmless_face_down: frozenset[str]  # of those, the ones harmless drawn face down
    plays: PlayTable                    # what legal moves read of the cards, worked out once
    hooked: Mapping[str, bool]          # every hook's name -> whether a chosen plugin implements it
    decks: dict[str, DeckSpec]          # deck id -> spec (a failing box is named by its deck)

    def has_hook(self, name: str) -> bool:
        """Whether any chosen plugin implements hook ``name`` (else it need not be called)."""
        ...

    def catalog(self) -> list[dict[str, Any]]:
        """Every card as public data for clients and bots (``CardSpec.catalog_entry``)."""
        ...
