"""A card plugin's words and their translations: what ``ekpeer translations PLUGIN LANG``
keeps for a plugin's author, and what ``scripts/i18n`` (:mod:`ekpeer.i18n_catalogs`) keeps for
the built-in plugins.

A plugin's words are read from what it registers (every text a player reads of its cards,
decks and variants: :data:`ekpeer.i18n.TRANSLATED_KEYS`) and extracted from its source: the
``Reason("...")`` calls (why a card cannot be played, a refusal, a prompt) and the constant
prompts it asks with; one domain per plugin. Apart from the client's own words (which need
the command line's help texts, so ``ekpeer.cli``), so that the command line may use it.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from . import i18n

#: How a plugin marks its words to a player in its source (``ekpeer.engine.Reason``).
REASON_KEYWORDS: dict[str, Any] = {"Reason": None}


def _flags(message: Any) -> tuple[str, ...]:
    text = message if isinstance(message, str) else message[0]
    return ("python-brace-format",) if "{" in text else ()


def plugin_texts(name: str) -> list[str]:
    """Every English text plugin ``name`` sends a player: its cards' (those it brings, not
    those of the plugins it requires), its decks' and its variants'."""
    from .plugins import ruleset

    rules = ruleset([name])
    required = set().union(*(ruleset([r]).cards for r in rules.plugins if r != name))
    entries: list[Any] = [c.catalog_entry() for c in rules.cards.values() if c.id not in required]
    entries += [{"title": d.title, "description": d.description,
                 "parts": [{"description": words} for _lo, _hi, words in d.parts]}
                for d in rules.decks.values() if d.plugin == name]
    entries += [{"title": v.title, "description": v.description}
                for v in rules.variants.values() if v.plugin == name]
    seen: list[str] = []

    def record(text: str) -> str:
        if text not in seen:
            seen.append(text)
        return text

    i18n.translate_entry(entries, record)
    for text in plugin_reasons(name):
        record(text)
    return seen


def plugin_reasons(name: str) -> list[str]:
    """The English of every ``Reason("...")`` in plugin ``name``'s source (why one of its cards
    cannot be played now, its refusals of a move or of a table's options, its choices'
    prompts), and of every constant prompt it asks with (``game.ask(..., prompt="...")``)."""
    from babel.messages.extract import extract_from_file

    found: list[str] = []
    for path in plugin_sources(name):
        for _line, message, _comments, _context in extract_from_file(
                "python", str(path), keywords=REASON_KEYWORDS):
            if isinstance(message, str) and message not in found:
                found.append(message)
        for message in constant_prompts(path):
            if message not in found:
                found.append(message)
    return found


#: The engine's calls that ask a player, and where their ``prompt`` stands among the
#: positional arguments (``ask(player, kind, options, then, prompt)``).
PROMPT_CALLS = {"ask": 4, "ask_card_from_hand": 2}


def constant_prompts(path: Path) -> list[str]:
    """The constant prompts of the source file ``path``: a plain string given as ``prompt``
    to ``ask`` or ``ask_card_from_hand``, which the host looks up whole, as a ``Reason``'s."""
    import ast

    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    except (OSError, SyntaxError, ValueError):
        return []
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        called = (func.attr if isinstance(func, ast.Attribute)
                  else func.id if isinstance(func, ast.Name) else None)
        if called not in PROMPT_CALLS:
            continue
        given = [k.value for k in node.keywords if k.arg == "prompt"]
        if len(node.args) > PROMPT_CALLS[called]:
            given.append(node.args[PROMPT_CALLS[called]])
        for value in given:
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
                found.append(value.value)
    return found


def plugin_sources(name: str) -> list[Path]:
    """The source files of plugin ``name``: its module (a package: every module in its folder),
    a module of its own top package that it imports whole (``from .. import common``: helpers
    its box shares with others, a prompt among them), and the module where a card it brings
    from another plugin has its ``can_play`` or ``hooks`` (a card's reasons go wherever the card
    goes, as its title does)."""
    import inspect
    from types import ModuleType

    from .plugins import load_module, ruleset

    module = load_module(name)
    where = Path(inspect.getfile(module)).resolve()
    files = sorted(where.parent.rglob("*.py")) if where.name == "__init__.py" else [where]
    top = module.__name__.partition(".")[0]
    for value in vars(module).values():
        if (isinstance(value, ModuleType) and value.__name__.startswith(top + ".")
                and getattr(value, "__file__", None)):
            path = Path(value.__file__).resolve()
            if path.suffix == ".py" and path not in files:
                files.append(path)
    rules = ruleset([name])
    required = set().union(*(ruleset([r]).cards for r in rules.plugins if r != name))
    for card in rules.cards.values():
        if card.id in required:
            continue
        for part in (card.can_play, None if card.hooks is None else type(card.hooks)):
            try:
                path = Path(inspect.getfile(part)).resolve() if part is not None else None
            except TypeError:       # a builtin, a partial: no source of its own
                path = None
            if path is not None and path.suffix == ".py" and path not in files:
                files.append(path)
    return files


def plugin_template(name: str) -> Catalog:
    catalog = Catalog(project=f"ekpeer plugin {name}", domain=name, charset="utf-8")
    for text in plugin_texts(name):
        catalog.add(text, None, flags=_flags(text))
    return catalog


def po_file(folder: Path, lang: str, domain: str) -> Path:
    return Path(i18n.po_path(folder, lang, domain))


def merge(path: Path, template: Catalog, lang: str, domain: str) -> Path:
    """Write ``path``, the ``.po`` of ``domain`` in ``lang``, with ``template``'s English: its
    translations kept, new messages empty, gone ones dropped (a new file when there was none)."""
    if path.is_file():
        with path.open("rb") as source:
            catalog = read_po(source, locale=lang, domain=domain)
        created = catalog.creation_date
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.creation_date = created     # no header churn: only messages change
    else:
        catalog = Catalog(locale=lang, domain=domain, project=template.project, charset="utf-8")
        for message in template:
            if message.id:
                catalog.add(message.id, None, message.locations, flags=message.flags,
                            context=message.context, auto_comments=message.auto_comments)
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False, include_previous=False)
    path.write_bytes(buffer.getvalue())
    return path


def plugin_po(name: str, lang: str) -> Path:
    """Where plugin ``name`` keeps its ``lang`` translations (``ekpeer.plugins.locale_dir``)."""
    from .plugins import locale_dir

    folder = locale_dir(name)
    if folder is None:
        raise KeyError(f"plugin {name!r} cannot be loaded")
    return po_file(folder, lang, name)


def update_plugin(name: str, lang: str) -> Path:
    """Merge plugin ``name``'s current English (:func:`plugin_texts`) into its ``lang`` file."""
    return merge(plugin_po(name, lang), plugin_template(name), lang, name)


def plugin_problems(name: str, lang: str) -> list[str]:
    """What plugin ``name``'s ``lang`` translation lacks or gets wrong, as :func:`problems`
    says it of a built-in one."""
    table = i18n.read_po.__wrapped__(str(plugin_po(name, lang)))
    return domain_problems(name, plugin_template(name), table, lang)


def domain_problems(domain: str, template: Catalog, table: dict[Any, Any], lang: str) -> list[str]:
    """What ``table`` (``domain``'s translations into ``lang``) lacks of ``template``: a message
    with no translation (or a fuzzy one), and a translation whose placeholders differ from the
    English (a plugin's: whose fields differ, each said its language's way)."""
    found: list[str] = []
    for message in template:
        if not message.id:
            continue
        plural = isinstance(message.id, tuple | list)
        key = message.id[0] if plural else message.id
        got = table.get((message.context, key) if message.context else key)
        if got is None:
            found.append(f"{domain}: no {lang} translation of {key!r}")
            continue
        english = list(message.id) if plural else [message.id]
        forms = list(got) if isinstance(got, tuple) else [got]
        for i, form in enumerate(forms):
            source = english[min(i, len(english) - 1)]
            if domain == i18n.DOMAIN:       # the client's own: the very same placeholders
                same = i18n.placeholders(form) == i18n.placeholders(source)
            else:                           # a plugin's phrase: the same fields, said its own way
                same = i18n.fields(form) == i18n.fields(source)
            if not same:
                found.append(f"{domain}: {lang} {form!r} has not the placeholders of {key!r}")
    return found


def shipped_languages(name: str) -> list[str]:
    """The languages plugin ``name`` ships a ``.po`` file for (``locale/<lang>/LC_MESSAGES``)."""
    from .plugins import locale_dir

    folder = locale_dir(name)
    if folder is None or not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if (p / "LC_MESSAGES" / f"{name}.po").is_file())


def translation_notes(name: str) -> list[str]:
    """A note (``ekpeer plugins``; ``--strict`` fails on it) for each language plugin ``name``
    ships whose file lacks a translation of its texts, or gets a placeholder wrong: its players
    read those words in English, and only ``ekpeer translations NAME LANG --check`` said so. A
    language the plugin does not ship is no fault: its words go out in English by design."""
    notes = []
    for lang in shipped_languages(name):
        try:
            bad = plugin_problems(name, lang)
        except Exception as exc:     # a damaged .po: say so, never break the listing
            notes.append(f"its {lang} translation cannot be read ({exc})")
            continue
        if bad:
            notes.append(f"its {lang} translation lacks or gets wrong {len(bad)} of its texts "
                         f"(players read those in English): ekpeer translations {name} {lang} --check "
                         "names them")
    return notes
