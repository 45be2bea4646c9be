"""Keeping the translation files (``scripts/i18n``, and the check in tests/test_i18n.py);
a plugin's side is :mod:`ekpeer.plugin_catalogs` (which the command line may use: this
module reads the command line's help texts).

Two kinds of message: the client's own words, extracted by Babel from the ``_()``,
``ngettext()`` and ``pgettext()`` calls under ``ekpeer/`` (domain ``ekpeer``); and each
card plugin's words, read from what the plugin registers (every text a player reads of its
cards, decks and variants: :data:`ekpeer.i18n.TRANSLATED_KEYS`) and extracted by Babel from
the ``Reason("...")`` calls of its source (why a card cannot be played, a refusal), one
domain per plugin.
``update`` merges the current English into every language's ``.po`` (new messages empty,
gone ones dropped), ``problems`` lists what a language lacks or gets wrong.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from . import i18n
from .plugin_catalogs import _flags, domain_problems, merge, plugin_template, po_file

ROOT = Path(__file__).resolve().parent
#: Extra call names whose argument is an English message (beside Babel's ``_``,
#: ``gettext``, ``ngettext``, ``pgettext``): ``name: argument index`` as Babel reads them.
KEYWORDS: dict[str, Any] = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                            "N_": None, "NP_": ((1, "c"), 2), "Said": None,
            # the engine's refusals (it reads no catalog: the host says them in each person's language)
            "IllegalMove": (2,), "TableRefused": None, "CustomDeckError": None,
            # what twin games differ by (ekpeer.engine.noninterference: ``ekpeer privacy`` says it)
            "Reason": None,
            # a key binding's description (said by KeyBar where it is shown)
            "Binding": (3,)}
#: The built-in plugins, whose translations ship with ekpeer (and are checked).
BUILT_IN = ("base", "imploding", "zombie", "streaking", "party")


def client_template() -> Catalog:
    """The client's English words (domain ``ekpeer``), as Babel extracts them from the source."""
    catalog = Catalog(project="ekpeer", domain=i18n.DOMAIN, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        if filename.startswith(("locale", "i18n")):
            continue
        catalog.add(message, None, [(f"ekpeer/{filename}", lineno)], auto_comments=comments,
                    context=context, flags=_flags(message))
    for text in cli_help_texts():
        if text not in catalog:
            catalog.add(text, None, [("ekpeer/cli.py", 0)], auto_comments=["--help"], flags=_flags(text))
    return catalog


def cli_help_texts() -> list[str]:
    """Every help text ``ekpeer --help`` and its commands print (English, as declared)."""
    from . import cli
    from .cli_lang import help_texts

    was = i18n.current()
    i18n.set_language(i18n.DEFAULT)
    try:
        return help_texts(cli.build_parser())
    finally:
        i18n.set_language(was)


def domains() -> dict[str, tuple[Path, Catalog]]:
    """Every domain ekpeer ships: its locale folder and its English template."""
    from .plugins import locale_dir

    out = {i18n.DOMAIN: (i18n.LOCALE_DIR, client_template())}
    for name in BUILT_IN:
        folder = locale_dir(name)
        assert folder is not None, name
        out[name] = (folder, plugin_template(name))
    return out


def languages() -> list[str]:
    return [lang for lang in i18n.available() if lang != i18n.DEFAULT]


def update(lang: str | None = None) -> list[Path]:
    """Merge the current English into every ``.po`` of ``lang`` (every language when None;
    a new language gets its files). Returns the files written."""
    written = []
    for domain, (folder, template) in domains().items():
        for code in [lang] if lang else languages():
            written.append(merge(po_file(folder, code, domain), template, code, domain))
    return written


def write_templates(out: Path) -> list[Path]:
    """Every domain's ``.pot`` in ``out`` (for a translation tool)."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for domain, (_folder, template) in domains().items():
        path = out / f"{domain}.pot"
        buffer = io.BytesIO()
        write_po(buffer, template, width=100)
        path.write_bytes(buffer.getvalue())
        paths.append(path)
    return paths


def problems(lang: str) -> list[str]:
    """What ``lang`` lacks or gets wrong: a message of any domain with no translation (or a
    fuzzy one), a translation whose placeholders differ from the English, and one English
    text two plugins translate differently."""
    found: list[str] = []
    plugin_words: dict[str, tuple[str, str]] = {}
    for domain, (folder, template) in domains().items():
        table = i18n.read_po.__wrapped__(str(po_file(folder, lang, domain)))
        found += domain_problems(domain, template, table, lang)
        if domain == i18n.DOMAIN:
            continue
        for message in template:
            key = message.id[0] if isinstance(message.id, tuple | list) else message.id
            got = table.get((message.context, key) if message.context else key) if key else None
            if got is None:
                continue
            form = got[0] if isinstance(got, tuple) else got
            earlier = plugin_words.setdefault(key, (domain, form))
            if earlier[1] != form:
                found.append(f"{domain}: {key!r} is {form!r} here but {earlier[1]!r} in {earlier[0]}")
    return found


