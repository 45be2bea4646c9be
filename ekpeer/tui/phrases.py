"""A plugin's event phrasing, filled in for one reader.

A card's catalog entry may carry ``phrases``: ``{event type: English format string}``, the
log line for an event its plugin emits. The client knows no plugin event by name: it fills
the phrase in with the event's fields, from the reader's point of view. The placeholders:

- ``{player}``: a field naming a player reads ``you`` for the reader, else the name;
  ``{Player}`` starts a sentence (``You``); ``{player's}`` is ``your`` or ``bob’s``.
  Where a language's ``your`` follows the noun it goes with, a translated phrase names the
  noun's form: ``{player's:neuter}``, ``{player's:plural}`` (Danish ``dit kort``, ``dine
  kort``; English ignores it).
- ``{player:verb}``: the verb agreeing with that player (``{by:alter}``: ``alter`` for
  you, ``alters`` for bob; ``be`` gives ``are``/``is``, ``have`` gives ``have``/``has``).
- ``{card}``: a field holding a card id reads as the card's title (a missing card field
  reads ``a card``); ``{count}``: a number as it is.
- ``{count#kitten}``, ``{count#card}``: a number with its noun (``no kittens``, ``1 kitten``,
  ``2 kittens``), in the reader's language; any other noun in English, with an ``s``.
- ``{position:place}``: where a card went (``on top``, ``3rd from the top``, ``at the bottom``).
- ``{target:self}``: as ``{target}``, but ``yourself``/``themselves`` when that player is the
  one acting (the event's ``by``, else ``player``): ``{By} {by:give} {target:self} a break``.

A phrase keyed ``type/field`` is used instead of ``type``'s when the event's ``field`` is
set (``died/imploded``), and one keyed ``type/field=value`` when the field is that value
(``altered/count=1``: "the top card", where "the top 1 cards" read wrong in both languages,
and a count's phrase is looked up whole, so a translation cannot choose its own plural);
an empty phrase means the event needs no line. Phrases are
plain English format strings, so that a translation can look each one up whole.

The words filled in (``you``, ``someone``, ``your``, ``3rd from the top``, ``2 kittens``)
are the client's own, said through gettext in the reader's language. A verb's agreement
(``{by:alter}``) is English grammar: a translated phrase writes its verbs as its language
says them (Danish verbs do not agree: ``{By} ændrer``), so only English phrases use it.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from .. import i18n
from ..i18n import _, ngettext, pgettext


class _Titles(Protocol):
    cards: dict[str, dict[str, Any]]

    def title(self, card: str | None) -> str: ...


_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)('s)?(?::([a-z]+))?(?:#([a-z]+))?\}")


def who(name: str | None, me: str | None) -> str:
    """A player as the object of a sentence: ``you``, a name, ``someone``."""
    if name is None:
        return _("someone")
    return pgettext("object", "you") if name == me else name


def whose(name: str | None, me: str | None, form: str | None = None) -> str:
    """``your``, ``ann’s`` or ``someone’s`` (never "you’s"); ``form`` is the noun's that
    follows, where a language's ``your`` agrees with it (``neuter``, ``plural``)."""
    if name is not None and name == me:
        return your(form)
    return _("{player}’s").format(player=who(name, me))


def your(form: str | None) -> str:
    """``your`` before a noun of ``form`` (each form written out, for the extractor)."""
    if form == "neuter":
        return pgettext("neuter", "your")
    if form == "plural":
        return pgettext("plural", "your")
    return _("your")


def Who(name: str | None, me: str | None) -> str:  # noqa: N802 - sentence case
    return _("You") if name == me else (name or _("Someone"))


def reflexive(name: str | None, event: dict[str, Any], me: str | None) -> str:
    """``{target:self}``: ``yourself`` or ``themselves`` where the player is the one acting
    (the event's ``by``, else its ``player``), else as ``{target}`` reads: a Coffee Break the
    next player played for themselves read "bot1 gives bot1 a coffee break"."""
    actor = event.get("by", event.get("player"))
    if name is None or name != actor:
        return who(name, me)
    return _("yourself") if name == me else _("themselves")


def agree(verb: str, name: str | None, me: str | None) -> str:
    """``verb`` as the subject ``name`` says it: ``take`` for you, ``takes`` for bob (English
    grammar: a translated phrase writes its verbs itself, see the module's docstring)."""
    if name == me:
        return "are" if verb == "be" else verb
    third = {"have": "has", "are": "is", "be": "is", "do": "does", "go": "goes"}.get(verb)
    if third is None:
        if verb.endswith(("s", "sh", "ch", "x", "z")):
            third = verb + "es"                     # scratches, passes, boxes
        elif len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
            third = verb[:-1] + "ies"               # buries, copies (but plays, obeys)
        else:
            third = verb + "s"
    return third


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th`` (Danish: ``1.``, ``2.``)."""
    if i18n.current() != i18n.DEFAULT:
        return _("{n}th").format(n=n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place(position: Any, pile_count: Any = None) -> str:
    """Where a card put back at ``position`` went (``pile_count``: the pile's size with it in,
    so that its last place reads "at the bottom")."""
    last = isinstance(pile_count, int) and pile_count > 1 and position == pile_count - 1
    if isinstance(position, int) and position >= 0 and not last:
        return _("on top") if position == 0 else _("{nth} from the top").format(nth=ordinal(position + 1))
    if isinstance(position, int):
        return _("at the bottom")
    return _("somewhere")


def counted(n: Any, noun: str) -> str:
    """``no kittens``, ``1 kitten``, ``2 kittens``: the nouns the built-in phrases count are
    the client's words (translated); any other noun is a plugin's English."""
    n = int(n or 0)
    if noun == "kitten":
        return _("no kittens") if n == 0 else ngettext("{n} kitten", "{n} kittens", n).format(n=n)
    if noun == "card":      # a plugin's "bob has {count#card}": translated as the kittens are
        return _("no cards") if n == 0 else ngettext("{n} card", "{n} cards", n).format(n=n)
    return f"no {noun}s" if n == 0 else f"{n} {noun}{'s' if n != 1 else ''}"


def variant_for(event: dict[str, Any], phrases: dict[str, str]) -> str | None:
    """The phrase for a variant of ``event``: a ``type/field=value`` key whose field is that
    value (first), else a ``type/field`` key whose field is set."""
    t = str(event.get("type"))
    for key, text in phrases.items():
        head, _sep, field = key.partition("/")
        name, equals, value = field.partition("=")
        if equals and head == t and str(event.get(name)) == value:
            return text
    for key, text in phrases.items():
        head, _sep, field = key.partition("/")
        if field and "=" not in field and head == t and event.get(field):
            return text
    return None


def fill(text: str, event: dict[str, Any], cat: _Titles, me: str | None) -> str:
    """``text`` with each placeholder filled from ``event`` for the reader ``me``."""

    def one(match: re.Match[str]) -> str:
        name, possessive, word, noun = match.group(1), match.group(2), match.group(3), match.group(4)
        field = name[:1].lower() + name[1:]
        value = event.get(field)
        if word == "place":     # a plugin's put-back line says "at the bottom" as the engine's does
            return place(value, event.get("pile_count"))
        if noun:
            return counted(value if isinstance(value, int) else 0, noun)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return str(value)
        if isinstance(value, str) and value in cat.cards:
            return cat.title(value)
        if value is None and "card" in field:
            return _("a card")
        person = None if value is None else str(value)
        if possessive:
            mine = whose(person, me, word)
            if not name[:1].isupper() or (person is not None and person != me):
                return mine            # a player's name keeps its own case: "bot1’s", never "Bot1’s"
            return mine[:1].upper() + mine[1:]
        if word == "self":      # the object, reflexive where it is the one acting
            return reflexive(person, event, me)
        if word:
            return agree(word, person, me)
        return Who(person, me) if name[:1].isupper() else who(person, me)

    return _FIELD.sub(one, text)
