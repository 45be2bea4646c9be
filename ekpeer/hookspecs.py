"""The plugin contract: every hook a card plugin may implement (see docs/plugins.md).

A plugin's box is data, not a hook: its module declares ``CARDS``, ``DECKS``, ``VARIANTS``
and ``REQUIRES`` (lists), which the loader reads; hooks are for behaviour. The
``ekpeer_register_*`` and ``ekpeer_requires`` hooks remain for boxes built at load time.
A plugin's translations are data too: ``locale/<lang>/LC_MESSAGES/<plugin>.po`` beside its
module (or ``LOCALE_DIR``), keyed by its English texts (docs/plugins.md, *Languages*).
"""

from __future__ import annotations

from typing import Any

import pluggy

hookspec = pluggy.HookspecMarker("ekpeer")
hookimpl = pluggy.HookimplMarker("ekpeer")


@hookspec
def ekpeer_register_cards(register: Any) -> None:
    """Register cards built at load time with ``register(CardSpec(...))`` (fixed ones: declare ``CARDS``)."""


@hookspec
def ekpeer_register_decks(register: Any) -> None:
    """Register boxes built at load time with ``register(DeckSpec(...))`` (fixed ones: declare ``DECKS``)."""


@hookspec
def ekpeer_register_variants(register: Any) -> None:
    """Register variants built at load time with ``register(Variant(...))`` (fixed ones: ``VARIANTS``)."""


@hookspec
def ekpeer_requires() -> list[str]:
    """Return the plugins this plugin needs beside it, when ``REQUIRES`` cannot say it."""


@hookspec
def ekpeer_adjust_setup(plan: Any) -> None:
    """Change the ``SetupPlan`` (pool, saver, kittens, hand size) before dealing."""


@hookspec
def ekpeer_before_kittens(plan: Any, draw_pile: list[str], rng: Any, hands: dict[str, list[str]]) -> None:
    """Change the dealt draw pile (a list, top first) and the dealt hands before kittens go in."""


@hookspec(firstresult=True)
def ekpeer_card_drawn(game: Any, player: str, card: str, end_turn: bool) -> bool | None:
    """Return True to take over a card ``player`` just drew (in no hand yet; ``end_turn``: it ends a turn)."""


@hookspec(firstresult=True)
def ekpeer_player_died(game: Any, player: str, kitten: str | None) -> bool | None:
    """Return True after handling ``player``'s death yourself instead of the default out."""


@hookspec(firstresult=True)
def ekpeer_death_words(game: Any, player: str, kitten: str | None) -> str | None:
    """Return what dying from ``kitten`` means for ``player`` by your rules, for the save dialog."""


@hookspec
def ekpeer_turn_ended(game: Any, player: str) -> None:
    """Called when play passes on from ``player``."""


@hookspec
def ekpeer_hand_changed(game: Any, player: str) -> None:
    """Called after a card enters or leaves ``player``'s hand."""


@hookspec(firstresult=True)
def ekpeer_game_over(game: Any) -> str | list[str] | None:
    """Return the winner's name, or the names sharing the win, if the game is over by this plugin's rules."""


@hookspec(firstresult=True)
def ekpeer_refuse_move(game: Any, player: str, move: Any) -> str | None:
    """Return a reason to refuse ``move`` by ``player`` (the engine's own checks still apply)."""


@hookspec
def ekpeer_cards_elsewhere(game: Any) -> list[str]:
    """Return cards this plugin keeps outside hands and piles, so they are accounted for."""


@hookspec(firstresult=True)
def ekpeer_combo_cards(game: Any, player: str, cards: tuple[str, ...]) -> tuple[str, ...] | None:
    """Return the card ids a played combo counts as (e.g. a copying card), or None to leave it."""


@hookspec(firstresult=True)
def ekpeer_play_while_waiting(game: Any, player: str, move: Any) -> bool | None:
    """Return True to let ``player`` make the play ``move`` while a choice is still awaited."""


@hookspec(firstresult=True)
def ekpeer_handle_move(game: Any, move: Any) -> bool | None:
    """Return True after carrying out ``move`` yourself; raise IllegalMove to refuse it, changing nothing."""


@hookspec
def ekpeer_extra_moves(game: Any, player: str) -> list[Any]:
    """Return moves ``player`` may make now that the engine does not list itself (``ekpeer_handle_move``)."""


@hookspec(firstresult=True)
def ekpeer_check_options(cards: dict[str, Any], players: list[str], options: dict[str, Any]) -> str | None:
    """Return a reason a lobby's ``options`` for these players are not acceptable (checked before dealing)."""


@hookspec
def ekpeer_extend_view(game: Any, player: str | None, view: dict[str, Any]) -> None:
    """Add this plugin's facts to ``player``'s view (``None``: a spectator's); nothing secret."""


@hookspec(firstresult=True)
def ekpeer_hand_hidden(game: Any, player: str) -> bool | None:
    """Return True while ``player``'s hand lies face down, unseen even by them (the curse)."""


@hookspec
def ekpeer_rig_table(game: Any, table: dict[str, Any]) -> None:
    """Set this plugin's state from a rigged table (a scenario's ``[setup]``, a bot's guess)."""


@hookspec
def ekpeer_describe_table(game: Any) -> dict[str, Any]:
    """Return this plugin's state in ``[setup]`` terms (``cursed``, ``in_front`` owners) for checks."""
