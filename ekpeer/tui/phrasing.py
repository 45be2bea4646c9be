"""Sentences from the host's words: card ids become their catalog titles, names keep their case,
and the safe answer to a question is known (the least valuable card to give away).

The host's prompts are written for the engine's log (``exploding_kitten: save yourself?``,
``give bob a card``); a person reads titles and names exactly as the players wrote them.
What a card is worth comes from the catalog (its traits and ``bot_value``), never its id.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from .. import i18n
from ..boxes import box_title
from ..i18n import N_, _
from .words import Catalog

_ID = re.compile(r"[a-z][a-z0-9_]*")

#: The worth of a card the catalog gives no ``bot_value`` (a plain cat's, as bots take it).
DEFAULT_VALUE = 30


#: The engine's own prompts (English, with their values as placeholders): a prompt that matches
#: one is said in the player's language. A plugin's words (the built-in ones' too) reach the
#: client already said in its language by the host, from the plugins' catalogs
#: (``ekpeer.plugins.choice_said_in``).
HOST_PROMPTS = (
    N_("take a card from the discard pile"),
    N_("{card}: save yourself?"),
    N_("where to put the card back"),
    N_("where to put {card} back"),
    N_("choose a player"),
    # what not saving yourself means at the table (``if_not_saved``) when no plugin says
    N_("explode and leave the game"),
)


def _pattern(english: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", english)
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    return re.compile(f"^{regex}$")


_PATTERNS = [(english, _pattern(english)) for english in HOST_PROMPTS]


def host_words(text: str) -> str:
    """A prompt of the host's in the player's language, when it is one of :data:`HOST_PROMPTS`
    (its values kept: a card id is titled afterwards, a name stays as written)."""
    if i18n.current() == i18n.DEFAULT:
        return text
    for english, pattern in _PATTERNS:
        found = pattern.match(text)
        if found:
            return _(english).format(**found.groupdict())
    return text


def titled(text: str, cat: Catalog, names: Iterable[str] = ()) -> str:
    """``text`` (a host's prompt: said in the player's language, see :func:`host_words`) with
    every card id it holds written as the card's title (``exploding_kitten`` becomes
    ``Exploding Kitten``); a word that is also a player's name stays as written, and so does a
    plain word (no ``_``): a plugin's "to shuffle back into the pile" read "to Shuffle back"."""
    text = host_words(text)
    people = set(names)

    def swap(match: re.Match[str]) -> str:
        word = match.group(0)
        if "_" in word and word in cat.cards and word not in people:
            return cat.title(word)
        return word

    return _ID.sub(swap, text)


def sentence(text: str, names: Iterable[str] = ()) -> str:
    """``text`` with a capital first letter, unless it starts with a player's name: names keep
    the case their players gave them (``bob’s Attack``, never ``Bob’s Attack``)."""
    if not text:
        return text
    for name in names:
        if name and text.startswith(name):
            return text
    return text[:1].upper() + text[1:]


def prompt_words(choice: dict[str, Any], cat: Catalog, view: dict[str, Any]) -> str:
    """A choice's prompt as a person reads it: titles for ids, a capital first letter."""
    names = [str(p.get("name")) for p in view.get("players", [])]
    raw = str(choice.get("prompt") or choice.get("kind") or "")
    return sentence(titled(raw, cat, names), names)


def card_value(card: str, cat: Catalog) -> int:
    """How much ``card`` is worth keeping, from the catalog: a card that kills (a kitten held
    under a Streaking Kitten) is best given away, else its ``bot_value`` (a Defuse last)."""
    if cat.has(card, "kills"):
        return -1
    value = (cat.cards.get(card) or {}).get("bot_value")
    return int(value) if isinstance(value, int) else DEFAULT_VALUE


def lobby_plugin(lobby: dict[str, Any], name: str) -> dict[str, Any]:
    """Plugin ``name`` as the lobby knows it (its decks, to be called by: :func:`box_title`),
    from the host's choices, else from the table's own plugins (a game started straight away
    asks for no choices); its name alone where neither lists it."""
    plugins = [*((lobby.get("choices") or {}).get("plugins") or []), *(lobby.get("plugins") or [])]
    found = next((p for p in plugins if isinstance(p, dict) and p.get("name") == name), None)
    return found or {"name": name}


def plugin_title(lobby: dict[str, Any], name: str) -> str:
    """Plugin ``name`` as the lobby ticks it (:func:`box_title`)."""
    return box_title(lobby_plugin(lobby, name))


def box_titles(lobby: dict[str, Any]) -> dict[str, str]:
    """Each plugin the lobby lists, by the box it ticks (:func:`plugin_title`, in the reader's
    language): a host's ``rules_failed`` names the box in English, "Lighthouse" to a Dane
    whose lobby said "Fyrtårn"."""
    plugins = [*((lobby.get("choices") or {}).get("plugins") or []), *(lobby.get("plugins") or [])]
    names = {str(p["name"]) for p in plugins if isinstance(p, dict) and p.get("name")}
    return {name: plugin_title(lobby, name) for name in names}


def hand_order(card: str, cat: Catalog) -> tuple[bool, str, str]:
    """Where ``card`` stands in a hand as the table shows it: Defuses first, then by kind and
    title (a dialog that lists the hand lists it so too)."""
    return (cat.kind(card) != "defuse", cat.kind(card), cat.title(card))


def least_valuable(cards: list[str], cat: Catalog, held: list[str] | None = None) -> int:
    """The index in ``cards`` of the card safest to give away: the lowest kind, and among
    equals one held singly (a lone cat makes no pair; two of a kind do)."""
    counts: dict[str, int] = {}
    for c in held if held is not None else cards:
        counts[c] = counts.get(c, 0) + 1
    return min(range(len(cards)), key=lambda i: (card_value(cards[i], cat), counts.get(cards[i], 0), i))


def most_valuable(cards: list[str], cat: Catalog) -> int:
    """The index in ``cards`` of the card best to take (a Defuse before anything else)."""
    return max(range(len(cards)), key=lambda i: (card_value(cards[i], cat), -i))
