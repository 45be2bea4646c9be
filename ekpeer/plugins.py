"""Finding and loading card plugins.

Built-in plugins (the repository's ``plugins/``, installed as the package ``ekpeer_cards``)
and third-party ones are found and read the same way: through the ``ekpeer`` entry-point
group, each a module that declares its box as data (``CARDS``, ``DECKS``, ``VARIANTS``,
``REQUIRES``) and implements hooks for behaviour. ``EKPEER_PLUGINS`` (comma-separated
names) limits which load.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy

from . import hookspecs, i18n
from .engine.ruleset import Ruleset, declared

GROUP = "ekpeer"


@cache
def installed() -> dict[str, Any]:
    """Entry points of every installed plugin allowed by ``EKPEER_PLUGINS``, by name."""
    allowed = os.environ.get("EKPEER_PLUGINS")
    names = {n.strip() for n in allowed.split(",") if n.strip()} if allowed else None
    found = {}
    for ep in entry_points(group=GROUP):
        if names is None or ep.name in names:
            found[ep.name] = ep
    return found


@cache
def load_module(name: str) -> ModuleType:
    eps = installed()
    if name not in eps:
        raise KeyError(f"no plugin named {name!r} is installed (have: {', '.join(sorted(eps))})")
    return eps[name].load()


def plugin_manager(names: list[str] | tuple[str, ...],
                   extra: dict[str, object] | None = None) -> tuple[pluggy.PluginManager, list[str]]:
    """A plugin manager holding ``names`` and what they require, in load order.

    ``extra`` maps names to plugin objects that are not installed (tests, embedding).
    """
    pm = pluggy.PluginManager(GROUP)
    pm.add_hookspecs(hookspecs)
    order: list[str] = []
    todo = list(names)
    extra = extra or {}
    while todo:
        name = todo.pop(0)
        if name in order:
            continue
        module = extra[name] if name in extra else load_module(name)
        pm.register(module, name)
        order.append(name)
        todo.extend(r for r in requires(pm, name, module) if r not in order)
    return pm, order


def requires(pm: pluggy.PluginManager, name: str, plugin: object) -> list[str]:
    """The plugins ``plugin`` needs beside it: its ``REQUIRES``, then its ``ekpeer_requires()``."""
    needed = declared(plugin, "REQUIRES", name)
    for impl in pm.hook.ekpeer_requires.get_hookimpls():
        if impl.plugin_name == name:
            needed.extend(impl.function())
    return needed


@lru_cache(maxsize=64)
def _ruleset(names: tuple[str, ...]) -> Ruleset:
    pm, order = plugin_manager(names)
    return Ruleset(pm, order)


def ruleset(names: list[str] | tuple[str, ...]) -> Ruleset:
    """The (cached) ruleset for a table that uses the plugins ``names``."""
    return _ruleset(tuple(names))


def plugin_info() -> list[dict[str, Any]]:
    """Name, version, source and cards of every installed plugin."""
    out = []
    boxes: set[str] = set()      # every installed plugin's decks: a card may count in another's
    for name in installed():
        try:
            boxes |= set(ruleset([name]).decks)
        except Exception:
            pass
    for name, ep in sorted(installed().items()):
        dist = getattr(ep, "dist", None)
        notes: list[str] = []
        try:
            rs = ruleset([name])
            cards = [c.id for c in rs.cards.values() if c.plugin == name]
            own = [c for c in rs.cards.values() if c.plugin == name]
            notes = hook_notes(load_module(name)) + trait_notes(own) + deck_notes(own, boxes)
            decks = [_deck_line(d, name) for d in rs.decks.values() if d.plugin == name]
            variants = [_variant_line(v, name) for v in rs.variants.values() if v.plugin == name]
        except Exception as exc:  # a broken third-party plugin must not break the listing
            cards, decks, variants = [f"<failed to load: {exc}>"], [], []
        out.append({
            "notes": notes,
            "decks": decks,
            "variants": variants,
            "name": name,
            "version": dist.version if dist else "?",
            "package": dist.metadata["Name"] if dist else "?",
            "module": ep.value,
            "cards": cards,
            "path": _where(dist, ep.value),
        })
    return out


def blame(exc: BaseException, names: Iterable[str]) -> str | None:
    """The plugin of ``names`` whose code raised ``exc``: the one holding the deepest frame of
    its traceback (None: no plugin's, an engine bug). A host names it to the players and in
    its log, so that a third-party card's bug is not taken for ekpeer's, nor left unnamed."""
    import traceback

    roots: dict[str, Path] = {}
    for name in names:
        try:
            file = getattr(load_module(name), "__file__", None)
        except Exception:
            continue
        if file:
            path = Path(file).resolve()
            roots[name] = path.parent if path.name == "__init__.py" else path
    found = None
    for frame in traceback.extract_tb(exc.__traceback__):
        path = Path(frame.filename).resolve()
        for name, root in roots.items():
            if path == root or root in path.parents:
                found = name
    return found


def _did_you_mean(word: str, known: Iterable[str]) -> str:
    """`` (did you mean 'steals'?)`` for the known word closest to a misspelled one, else ""."""
    import difflib

    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def raised_at(exc: BaseException, names: Iterable[str]) -> tuple[str | None, str]:
    """Where ``exc`` was raised: the plugin of ``names`` whose code raised it (:func:`blame`)
    and ``FILE, line N, in FUNCTION`` of its last frame ("?" without a traceback)."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    last = frames[-1] if frames else None
    return blame(exc, names), (f"{last.filename}, line {last.lineno}, in {last.name}" if last else "?")


def card_raised(exc: BaseException, cards: Mapping[str, Any]) -> str | None:
    """The id of the card of ``cards`` (id -> CardSpec) whose code raised ``exc``: the outermost
    frame of its traceback in a card's own callables (``effect``, ``targets``... and its
    ``hooks``' methods), or in a function one of them defines (a choice's answer); None when no
    card's code ran (an engine or bot bug). The outermost, because a card's effect may call
    another card's helper: the card played is the one at fault for the player."""
    import inspect
    import types

    owners: dict[types.CodeType, str] = {}

    def own(code: types.CodeType, card: str) -> None:
        if code not in owners:
            owners[code] = card
            for inner in code.co_consts:
                if isinstance(inner, types.CodeType):
                    own(inner, card)

    for spec in cards.values():
        found = [getattr(spec, name, None) for name in ("effect", "targets", "can_play", "on_drawn",
                                                         "saves", "save")]
        hooks = getattr(spec, "hooks", None)
        if hooks is not None:
            found += [f for _name, f in inspect.getmembers(type(hooks), inspect.isfunction)]
        for f in found:
            f = getattr(f, "func", f)       # a functools.partial
            code = getattr(inspect.unwrap(f), "__code__", None) if callable(f) else None
            if code is not None:
                own(code, spec.id)
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code in owners:
            return owners[tb.tb_frame.f_code]
        tb = tb.tb_next
    return None


def _deck_line(deck: Any, plugin: str) -> str:
    """``ekpeer plugins``' line for a deck, in the command's language: its title by its
    plugin's catalog, ekpeer's words by ekpeer's (a Danish reader read "main, 2-5 players")."""
    title = translated({"title": deck.title}, [plugin], i18n.current())["title"]
    line = (i18n._("{title} ({name}, main, {seats} players)") if deck.main
            else i18n._("{title} ({name}, {seats} players)"))
    return line.format(title=title, name=deck.name, seats=_seats(deck))


def _variant_line(variant: Any, plugin: str) -> str:
    """``ekpeer plugins``' line for a variant: its title and description by its plugin's catalog."""
    said = translated({"title": variant.title, "description": variant.description}, [plugin], i18n.current())
    line = i18n._("{title} ({id})").format(title=said["title"], id=variant.id)
    return f"{line}: {said['description']}" if said["description"] else line


def _seats(deck: Any) -> str:
    lo, hi = deck.min_players, deck.max_players
    return str(lo) if lo == hi else f"{lo}-{hi}"


def deck_notes(cards: Iterable[Any], boxes: Iterable[str]) -> list[str]:
    """A word for each deck a card's ``counts`` names that no installed plugin declares: the
    card is never dealt there, and nothing said so ("snop" for "snoop")."""
    known = sorted(boxes)
    notes = []
    for card in cards:
        for deck in sorted(set(card.counts) - set(known)):
            notes.append(f"{card.id}: counts name deck {deck!r}, which no installed plugin declares"
                         + _did_you_mean(deck, known))
    return notes


def hook_notes(module: object) -> list[str]:
    """A word for each ``@hookimpl`` of ``module`` that is no ekpeer hook: pluggy ignores it
    without a word, so a typo ("ekpeer_adjust_setpu") silently left a variant doing nothing."""
    specs = [n for n in dir(hookspecs) if n.startswith("ekpeer_")]
    notes = []
    for attr in sorted(dir(module)):
        if hasattr(getattr(module, attr, None), "ekpeer_impl") and attr not in specs:
            notes.append(f"hook {attr!r} is no ekpeer hook: nothing calls it" + _did_you_mean(attr, specs))
    return notes


def trait_notes(cards: Iterable[Any]) -> list[str]:
    """A word for each trait of ``cards`` that nothing in the project reads: allowed (a plugin
    may keep words of its own), but a typo ("steal" for "steals") would silently change how
    bots play the card, or let a card that kills be dealt into a hand."""
    from .engine.cards import TRAITS

    notes = []
    for card in cards:
        for trait in sorted(set(card.traits) - set(TRAITS)):
            notes.append(f"{card.id}: trait {trait!r} is read by nothing in ekpeer"
                         + _did_you_mean(trait, TRAITS))
    return notes


def _where(dist: Any, module: str) -> str:
    """Where a plugin's code is: its module's folder, found without importing it. An editable
    install (``pip install -e``) has its metadata in site-packages and its code in the
    author's folder, and the author asks where the code is read from; else the folder its
    distribution is installed in."""
    try:
        spec = importlib.util.find_spec(module.partition(":")[0])
        if spec is not None and spec.origin:
            return str(Path(spec.origin).parent)
    except Exception:   # a broken third-party plugin must not break the listing
        pass
    try:
        return str(dist.locate_file("")) if dist is not None else "?"
    except Exception:
        return "?"


# ---------------------------------------------------------------------- languages
def locale_dir(name: str) -> Path | None:
    """Where plugin ``name`` keeps its translations: its module's ``LOCALE_DIR`` if it sets one,
    else the ``locale`` folder beside its module (``locale/<lang>/LC_MESSAGES/<name>.po``)."""
    try:
        module = load_module(name)
    except Exception:
        return None
    given = getattr(module, "LOCALE_DIR", None)
    if given:
        return Path(given)
    where = getattr(module, "__file__", None)
    return Path(where).resolve().parent / "locale" if where else None


@lru_cache(maxsize=64)
def card_words(names: tuple[str, ...], lang: str) -> dict[Any, Any]:
    """The translations into ``lang`` of the English words the plugins ``names`` send (titles,
    texts, phrasing), merged; where two plugins translate one English text, the first named wins."""
    merged: dict[Any, Any] = {}
    if i18n.best(lang, [lang]) in (None, i18n.DEFAULT):
        return merged
    for name in names:
        folder = locale_dir(name)
        if folder is None:
            continue
        for key, value in i18n.messages(lang, name, folder).items():
            merged.setdefault(key, value)
    return merged


def translated(entries: Any, names: list[str] | tuple[str, ...], lang: str | None) -> Any:
    """``entries`` (catalog entries, decks, variants: see :func:`ekpeer.i18n.translate_entry`)
    in ``lang``, by the plugins ``names``' translations; English (or no lang) as they are."""
    if not lang or lang == i18n.DEFAULT:
        return entries
    words = card_words(tuple(names), lang)
    return i18n.translate_entry(entries, i18n.lookup_in(words)) if words else entries


def said_in(words: str, names: list[str] | tuple[str, ...], lang: str | None) -> str:
    """A plugin's words to a player (a card's ``can_play`` reason, a refusal: see
    :func:`ekpeer.i18n.plugin_said`) in ``lang``, by the plugins ``names``' translations, the
    card words' road; English (or no lang) as they are."""
    if not lang or lang == i18n.DEFAULT:
        return str(words)
    table = card_words(tuple(names), lang)
    return i18n.plugin_said(words, table, lang) if table else str(words)


def choice_said_in(choice: Mapping[str, Any], names: list[str] | tuple[str, ...],
                   lang: str | None) -> dict[str, Any]:
    """A seat's choice (a view's ``choices`` entry) with the words a plugin wrote for its
    chooser in ``lang``: its ``prompt`` (a :class:`~ekpeer.engine.Reason`, or a constant whose
    whole text is a message id) and every ``Reason`` in its ``context`` (what not saving yourself
    means, where a card not kept goes). The rest of the context is data (card ids, names) and
    stays as it is: a player called "Eclipse" is not translated."""
    out = dict(choice)
    prompt = choice.get("prompt")
    if isinstance(prompt, str) and prompt:
        out["prompt"] = said_in(prompt, names, lang)
    context = choice.get("context")
    if isinstance(context, Mapping) and context:
        out["context"] = {key: said_in(value, names, lang) if _is_reason(value) else value
                          for key, value in context.items()}
    return out


def _is_reason(value: Any) -> bool:
    return isinstance(value, str) and isinstance(getattr(value, "template", None), str)


class PluginWords(str):
    """Plugins' words that a host says again in each person's language, as a refusal's
    :class:`ekpeer.i18n.Said` is: ``str()`` is the English (programs, logs), :meth:`in_lang` the
    words by the translations of the plugins ``names`` (a table's)."""

    words: str
    names: tuple[str, ...]

    def __new__(cls, words: str, names: Iterable[str]) -> PluginWords:
        said = super().__new__(cls, words)
        said.words, said.names = words, tuple(names)
        return said

    def in_lang(self, lang: str | None) -> str:
        return said_in(self.words, self.names, lang)
