"""What a plugin registers: cards, decks (boxes) and variants.

A card's behaviour is written once, here as plain callables on its spec; the engine
calls them and never names a card itself. Each callable is given the
:class:`~ekpeer.engine.game.Game` it is played in, typed ``Any`` here: the game holds
these specs, so this module stays below it and imports nothing of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .pending import Action

#: Kinds a client may colour by; free text is allowed, these are the usual ones.
CARD_KINDS = ("kitten", "defuse", "action", "now", "nope", "cat", "attack")

#: What playing a card asks for besides the card itself (travels to clients).
ASKS = ("target", "name")

#: What a card does, in words every part of the project reads instead of guessing from a
#: card's id or ``kind`` (which is only for colours). A spec's ``traits`` are drawn from
#: these; a plugin may add words of its own, which nobody here reads. Whether a card is
#: aimed at a player stays its ``targets`` (``asks`` in the catalog).
TRAITS: dict[str, str] = {
    "kills": "drawing it ends its player unless a card that saves does (the deal keeps it out "
             "of the hands, the odds count it)",
    "harmless_face_down": "drawn face down it kills nobody (it goes back face up), so only a "
                          "face-up copy counts in the odds of the next draw",
    "saves": "held, it may save its player from a card that kills (see its ``saves``)",
    "revives": "saving with it brings a Dead player back to life",
    "ends_turn": "playing it ends its player's turn without drawing",
    "dodges": "playing it spares its player the top card of the draw pile (ends the turn "
              "without drawing it, draws another, or moves it away)",
    "attacks": "gives turns to another player",
    "steals": "takes a card from another player",
    "harms": "hurts the player it is aimed at otherwise than by attacking or stealing",
    "helps": "helps the player it is aimed at (others give them cards)",
    "draws_bottom": "its player draws the bottom card of the draw pile (not with a kitten "
                    "face up there)",
    "refills": "puts cards from hands into the draw pile (worth playing when it is empty)",
    "peeks": "shows cards of the draw pile",
    "reorders": "changes the draw pile's order",
    "shuffles": "shuffles the draw pile: where its cards lay is known to nobody after it",
}


@dataclass(frozen=True)
class CardSpec:
    """One card title with its rules.

    ``counts`` maps a deck (box) name to how many copies that box holds.
    ``targets(game, by)`` lists the players the card may be aimed at (no ``targets``, or a
    ``targets`` that returns None for this play: the card takes no target).
    ``can_play(game, by)`` returns a reason when the card may not be played now.
    ``effect(game, action)`` carries the card out once its reaction window settles.
    ``on_drawn(game, player, source)`` replaces "put it in your hand" (kittens).
    ``saves(game, player, card, kitten)`` tells whether holding it may save from ``kitten``;
    ``save(game, player, card, kitten, done)`` then does it and calls ``done()`` when the
    player is safe (which normally ends their turn).
    ``hooks``: an object with hook implementations (``@hookimpl``) that the card needs at
    every table it is at, whichever plugin deals it: a rule of the card that is no single
    callable (I'll Take That takes the next card its target draws). The ruleset registers
    it once beside the table's plugins, so a box that reuses the card gets its behaviour.
    ``plugin``: filled in by the ruleset, per table (a spec is never changed): the plugin
    implementing the card when it is at the table, else the first at the table to declare
    it.
    ``traits`` says what the card does in the words of :data:`TRAITS` (the engine deals,
    counts odds and samples by them, clients and bots read them from the catalog);
    ``kind`` is only for colours. ``bot_value`` is a hint for bots: how much the card is
    worth keeping, higher kept longer (a Defuse 100, a plain cat None: bots then use 30).
    ``phrases`` maps an event type the card's plugin emits to its log line, an English
    format string with the placeholders of ``ekpeer/tui/phrases.py`` (``"{By} {by:bark} at
    {target}"``): clients render every plugin event from these, built-in or not.
    """

    id: str
    title: str
    text: str
    plugin: str = ""
    kind: str = "action"
    counts: Mapping[str, int] = field(default_factory=dict)
    nopeable: bool = True
    now: bool = False
    playable: bool = True
    combo: bool = True
    cat: bool = False
    wild_cat: bool = False
    is_nope: bool = False
    # each callable's first argument is the Game (see the module's docstring)
    targets: Callable[[Any, str], list[str]] | None = None
    can_play: Callable[[Any, str], str | None] | None = None
    effect: Callable[[Any, Action], None] | None = None
    on_drawn: Callable[[Any, str, str], None] | None = None
    saves: Callable[[Any, str, str, str], bool] | None = None
    save: Callable[[Any, str, str, str, Callable[[], None]], None] | None = None
    pick_pile: bool = True
    pick_hand: bool = True
    random_only: bool = False
    dead_may_play: bool | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    traits: frozenset[str] = frozenset()
    bot_value: int | None = None
    phrases: Mapping[str, str] = field(default_factory=dict)
    hooks: object | None = None

    @property
    def asks(self) -> list[str]:
        """What a client must supply to play it alone."""
        return ["target"] if self.targets is not None else []

    def catalog_entry(self) -> dict[str, Any]:
        """The public, plugin-free description a client builds its screens from."""
        return {
            "id": self.id,
            "title": self.title,
            "text": self.text,
            "plugin": self.plugin,
            # the decks (boxes) that hold it: none for a card only a variant or a custom deck adds
            "boxes": sorted(self.counts),
            "kind": self.kind,
            "now": self.now,
            "nopeable": self.nopeable,
            "playable": self.playable,
            "cat": self.cat or self.wild_cat,
            "is_nope": self.is_nope,
            "asks": self.asks,
            # custom-deck selection rules (seed 002): what a lobby may offer for picking
            "pick_pile": self.pick_pile,
            "pick_hand": self.pick_hand,
            "random_only": self.random_only,
            # what the card does, for clients' odds and words and for bots (see TRAITS)
            "traits": sorted(self.traits),
            "bot_value": self.bot_value,
            **({"phrases": dict(self.phrases)} if self.phrases else {}),
        }

    def has(self, trait: str) -> bool:
        """Whether the card has ``trait`` (one of :data:`TRAITS`)."""
        return trait in self.traits


@dataclass(frozen=True)
class DeckSpec:
    """A box of cards: a main deck (``main=True``) or an expansion added to one."""

    name: str
    title: str
    plugin: str = ""
    main: bool = False
    min_players: int = 2
    max_players: int = 5
    description: str = ""
    #: which of its cards are dealt for how many players, when that changes with the count:
    #: ``(least, most, words)``, e.g. ``(4, 7, "4-7 player cards")``; public setup,
    #: said in the lobby for the table's seats (a stranger at 5 saw only "2-10 players")
    parts: tuple[tuple[int, int, str], ...] = ()


@dataclass(frozen=True)
class Variant:
    """A rule variant a lobby may switch on, e.g. the Faster Game."""

    id: str
    title: str
    description: str = ""
    plugin: str = ""
