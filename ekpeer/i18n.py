"""Languages: the client's own words through gettext, and the host's card words by lookup.

Every English text is its own message id. The client's words are wrapped in ``_()`` (and
``ngettext`` for counts) and found in ``ekpeer/locale/<lang>/LC_MESSAGES/ekpeer.po``; a card
plugin ships ``locale/<lang>/LC_MESSAGES/<plugin>.po`` beside its module, keyed by the English
titles and texts it registers, so any English a plugin sends becomes translatable by a lookup
(:func:`translate_entry`), with no id scheme of its own.

The ``.po`` files are read as they are, with Babel (a kept library, which also extracts and
updates them: ``scripts/i18n``), when a language other than English is first asked for: no
build step, an editable checkout or a third-party plugin needs nothing compiled, and a
translation edit shows at the next start. English is the default and every gap's fallback.

The language comes from ``--lang``, else ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG``
(:func:`from_environment`), else English; a browser seat takes its page request's
``Accept-Language`` (:func:`from_accept_language`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

DOMAIN = "ekpeer"
DEFAULT = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: A language as the wire and ``--lang`` carry it: ``da``, ``pt_BR`` (at most a region).
LANG_RE = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")
LANG_LEN = 16

_current = DEFAULT


def normalize(tag: str | None) -> str | None:
    """``da_DK.UTF-8`` / ``da-dk`` / ``da`` -> ``da_DK`` / ``da_DK`` / ``da``; None for ``C``,
    ``POSIX``, empty or malformed tags (a hostile one included)."""
    if not isinstance(tag, str) or not tag or len(tag) > 64:
        return None
    tag = tag.split(".")[0].split("@")[0].replace("-", "_").strip()
    if tag in ("C", "POSIX", "") or tag.startswith("*"):
        return None
    lang, _sep, region = tag.partition("_")
    out = lang.lower() + (f"_{region.upper()}" if region else "")
    if not LANG_RE.match(out):
        out = lang.lower()
    return out if LANG_RE.match(out) else None


def available() -> list[str]:
    """The languages the client's words come in (English, and every ``ekpeer/locale/*``)."""
    found = {DEFAULT}
    if LOCALE_DIR.is_dir():
        found.update(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())
    return sorted(found)


def best(tag: str | None, have: Iterable[str] | None = None) -> str | None:
    """The language of ``have`` that fits ``tag`` (``da_DK`` -> ``da``), or None."""
    code = normalize(tag)
    if code is None:
        return None
    have = list(available() if have is None else have)
    if code in have:
        return code
    base = code.split("_")[0]
    return base if base in have else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the usual variables ask for, as gettext reads them: ``LANGUAGE`` (a list,
    colon-separated) when a locale is set at all, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if not value:
            continue
        for tag in value.split(":"):
            found = best(tag)
            if found:
                return found
        if var != "LANGUAGE":
            return DEFAULT      # the first locale variable set decides (C, en_US: English)
    return DEFAULT


def from_accept_language(header: str | None, fallback: str = DEFAULT) -> str:
    """The best language of an HTTP ``Accept-Language`` header (``da, en;q=0.8``), else
    ``fallback`` (English, or a server's own language) when it asks for none of ours."""
    if not header or len(header) > 512:
        return fallback
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")[:32]):
        tag, _sep, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        ranked.append((-q, i, tag.strip()))
    for q, _i, tag in sorted(ranked):
        if q >= 0:
            continue
        found = best(tag)
        if found:
            return found
    return fallback


# --------------------------------------------------------------------------- .po files
@lru_cache(maxsize=256)     # bounded: a hostile client may name a new language each time
def read_po(path: str) -> dict[Any, Any]:
    """A ``.po`` file's translated messages: ``msgid -> msgstr``, a plural's ``msgid ->
    (forms...)``, a context's ``(context, msgid) -> msgstr``. Fuzzy and empty ones are left
    out (their English shows). A missing file is an empty dict."""
    if not os.path.isfile(path):
        return {}
    from babel.messages.pofile import read_po as babel_read_po

    with open(path, "rb") as source:
        catalog = babel_read_po(source)
    out: dict[Any, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        key = message.id[0] if isinstance(message.id, tuple | list) else message.id
        if isinstance(message.string, tuple | list):
            if not all(message.string):
                continue
            value: Any = tuple(message.string)
        elif not message.string:
            continue
        else:
            value = message.string
        out[(message.context, key) if message.context else key] = value
    return out


def po_path(locale_dir: str | os.PathLike[str], lang: str, domain: str) -> str:
    return os.path.join(locale_dir, lang, "LC_MESSAGES", f"{domain}.po")


def messages(lang: str, domain: str = DOMAIN,
             locale_dir: str | os.PathLike[str] = LOCALE_DIR) -> dict[Any, Any]:
    """The translations of ``domain`` in ``lang`` (a region falls back on its language)."""
    if lang == DEFAULT:
        return {}
    found = dict(read_po(po_path(locale_dir, lang.split("_")[0], domain)))
    if "_" in lang:
        found.update(read_po(po_path(locale_dir, lang, domain)))
    return found


# --------------------------------------------------------------------------- the client's words
def set_language(lang: str | None) -> str:
    """Speak ``lang`` from now on (None or an unknown one: English); returns what was chosen."""
    global _current
    _current = best(lang) or DEFAULT
    return _current


def current() -> str:
    return _current


def _(message: str) -> str:
    """``message`` in the current language (English when it has no translation)."""
    if _current == DEFAULT:
        return message
    found = messages(_current).get(message)
    return _possessive(found, _current) if isinstance(found, str) else message


def danish_genitive(name: str) -> str:
    """``name``'s Danish genitive: ``Annas``, ``bot1s`` (a player's name, not a number: no
    apostrophe after its digit), but ``Jens’`` after s, x or z, and ``DSB’s`` for a name
    written as an abbreviation, as Danish writes ``USA’s``."""
    if not name:
        return name
    last = name[-1]
    if last in "sxzSXZ":
        return name + "’"
    if len(name) > 1 and name.isupper():
        return name + "’s"
    return name + "s"


#: Languages whose catalogs write a genitive as a field followed by "s" (``{player}s tur``),
#: and how a name takes it there: the catalog cannot know a player's name ends in a digit.
GENITIVES: dict[str, Callable[[str], str]] = {"da": danish_genitive}
_GENITIVE_FIELD = re.compile(r"\{(\w+)\}s(?![^\W\d_])")


class Possessive(str):
    """A translated message whose ``{field}s`` is a genitive: ``format`` gives each such name
    its language's form (``Jens’ tur``, not ``Jenss tur``). A message that loses this type
    (joined to another string first) still formats, with the plain ``s``."""

    genitive: Callable[[str], str]

    def format(self, *args: Any, **kwargs: Any) -> str:
        genitive = self.genitive

        def replace(match: re.Match[str]) -> str:
            value = kwargs.get(match.group(1))
            if not isinstance(value, str):
                return match.group(0)
            return genitive(value).replace("{", "{{").replace("}", "}}")

        return _GENITIVE_FIELD.sub(replace, str(self)).format(*args, **kwargs)


def _possessive(text: str, lang: str) -> str:
    genitive = GENITIVES.get(lang)
    if genitive is None or "}s" not in text or not _GENITIVE_FIELD.search(text):
        return text
    message = Possessive(text)
    message.genitive = genitive
    return message


def number(value: float, spec: str = "g") -> str:
    """``value`` formatted by ``spec`` with the current language's decimal sign: 0.5 s in
    English is 0,5 s in Danish (the turn clock ticks five times a second: one lookup a language)."""
    text = format(value, spec)
    return text if _current == DEFAULT else text.replace(".", _decimal_sign(_current))


def percent(value: float) -> str:
    """``value`` (0.13) as a whole percentage the current language's way: 13% in English,
    13 % in Danish (Babel knows each language's pattern)."""
    if _current == DEFAULT:
        return format(value, ".0%")
    from babel.numbers import format_percent

    try:
        return format_percent(value, locale=_current)
    except Exception:    # a language Babel does not know: the English way
        return format(value, ".0%")


@cache
def _decimal_sign(lang: str) -> str:
    from babel.numbers import get_decimal_symbol

    try:
        return get_decimal_symbol(lang)
    except Exception:    # a language Babel does not know keeps the point
        return "."


def speaker(lang: str | None) -> Callable[[str], str]:
    """``_`` for one language, whatever the current one is: a server answering several people
    at once (``ekpeer serve``'s pages) says each one's words in their own language."""
    chosen = best(lang) or DEFAULT
    if chosen == DEFAULT:
        return lambda message: message
    table = messages(chosen)
    return lambda message: (_possessive(found, chosen) if isinstance(found := table.get(message), str)
                            else message)


class Said(str):
    """English words with their fields, to be said again in another language: a host's
    refusal is its ``message`` in English for programs and logs, and each person reads it in
    the language their hello asked for (:meth:`in_lang`), as the lobby's card words are."""

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, **fields: Any) -> Said:
        said = super().__new__(cls, template.format(**fields) if fields else template)
        said.template, said.fields = template, fields
        return said

    def in_lang(self, lang: str | None) -> str:
        """In ``lang``; a field that can be said in it too (a :class:`Said`, a deck's title) is."""
        if not self.fields:
            return speaker(lang)(self.template)
        fields = {k: v.in_lang(lang) if callable(getattr(v, "in_lang", None)) else v
                  for k, v in self.fields.items()}
        return speaker(lang)(self.template).format(**fields)


def in_lang(message: str, lang: str | None) -> str:
    """``message`` for a person speaking ``lang``: a :class:`Said` (or any words that can be said
    again, a plugin's: ``ekpeer.plugins.PluginWords``) in their words, else as it is."""
    return message.in_lang(lang) if callable(getattr(message, "in_lang", None)) else str(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` (Danish, like English: one, and the rest)."""
    if _current != DEFAULT:
        found = messages(_current).get(singular)
        if isinstance(found, tuple) and len(found) >= 2:
            return found[0] if n == 1 else found[1]
    return singular if n == 1 else plural


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` (a verb from a noun)."""
    if _current == DEFAULT:
        return message
    found = messages(_current).get((context, message))
    return _possessive(found, _current) if isinstance(found, str) else message


# --------------------------------------------------------------------------- a host's card words
#: The keys of a catalog entry, deck or variant whose text a player reads (translated).
TRANSLATED_KEYS = ("title", "text", "description", "phrasing", "phrases")


def translate_entry(entry: Any, lookup: Callable[[str], str]) -> Any:
    """``entry`` (a catalog entry, deck, variant, or a list or map of them) with every text a
    player reads (:data:`TRANSLATED_KEYS`, and every string inside them) looked up. Ids, kinds
    and flags stay as they are. ``lookup`` returns its argument when it has no translation."""
    if isinstance(entry, list):
        return [translate_entry(e, lookup) for e in entry]
    if not isinstance(entry, dict):
        return entry
    out = {}
    for key, value in entry.items():
        if key in TRANSLATED_KEYS:
            out[key] = _texts(value, lookup)
        elif isinstance(value, list | dict):
            out[key] = translate_entry(value, lookup)
        else:
            out[key] = value
    return out


def _texts(value: Any, lookup: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return lookup(value) if value else value
    if isinstance(value, list):
        return [_texts(v, lookup) for v in value]
    if isinstance(value, dict):
        return {k: _texts(v, lookup) for k, v in value.items()}
    return value


def lookup_in(table: Mapping[Any, Any]) -> Callable[[str], str]:
    """A ``lookup`` for :func:`translate_entry` from a ``.po`` file's messages."""
    def lookup(text: str) -> str:
        found = table.get(text)
        return found if isinstance(found, str) else text
    return lookup


def plugin_said(words: str, table: Mapping[Any, Any], lang: str) -> str:
    """A plugin's words to a player (a card's ``can_play`` reason, a refusal) in ``lang`` by
    ``table``, its plugins' translations. An ``ekpeer.engine.Reason`` is looked up by its
    English ``template``, and each field that is a ``Reason`` too (a card's title) is said the
    same way, the others as they are (a player's name, with the language's genitive: Danish
    ``{player}s``); plain text is looked up whole. English where the template has no
    translation, or one whose fields do not fit."""
    template = getattr(words, "template", None)
    if not isinstance(template, str):
        found = table.get(str(words))
        return found if isinstance(found, str) else str(words)
    found = table.get(template)
    if not isinstance(found, str):
        return str(words)
    fields = getattr(words, "fields", None)
    if not fields:
        return found
    said = {key: plugin_said(value, table, lang) if isinstance(getattr(value, "template", None), str)
            else value for key, value in fields.items()}
    try:
        return _possessive(found, lang).format(**said)
    except (KeyError, IndexError, ValueError, AttributeError):   # a translation that lost a field
        return str(words)


PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifr%]")


def placeholders(text: str) -> list[str]:
    """The ``{name}`` and ``%s`` placeholders of ``text``, sorted (a translation must keep them)."""
    return sorted(m for m in PLACEHOLDER.findall(text) if m != "%%")


_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)")


def fields(text: str) -> set[str]:
    """The event fields a plugin's phrase reads (``{By} {by:alter} {count#kitten}`` ->
    ``{"by", "count"}``): how a field is said (``:verb``, ``#noun``, ``'s``, a capital) is the
    language's own, so a translation keeps the fields, not the English forms (a Danish verb
    does not agree with its subject: ``{By} ændrer`` for ``{By} {by:alter}``)."""
    return {name[:1].lower() + name[1:] for name in _FIELD.findall(text)}


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for it
    """Mark ``message`` for extraction where it is defined (a module's constant), to be said
    with ``_()`` where it is shown, once a language is chosen."""
    return message


def NP_(context: str, message: str) -> str:  # noqa: N802 - N_ with a context, as pgettext is _
    """Mark ``message`` in ``context`` for extraction, to be said with ``pgettext()`` where it
    is shown (the key bar's shorter words for a key: ``NP_("key bar", "Host")``)."""
    return message
