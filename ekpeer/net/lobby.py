"""Lobby settings: what a table's creator (or a headless host's config) may choose.

Settings are checked against the plugins installed on the host, the decks and variants
those plugins offer, and sane bounds for seats and timers, before a table accepts them.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from ..bots.registry import BOT_KINDS
from ..engine.errors import Reason, TableRefused
from ..i18n import Said
from ..plugins import PluginWords, installed, ruleset, translated
from ..table_settings import BOUNDS, DEFAULTS, read_preset, with_flags
from . import passwords

__all__ = ["BOT_KINDS", "BOUNDS", "DEFAULTS", "SettingsError", "check", "choices", "load_config"]


def refusal(exc: ValueError, plugins: list[str] | tuple[str, ...]) -> str:
    """The engine's refusal of a table with the plugins ``plugins``, in the words of whoever
    reads it (:func:`ekpeer.i18n.in_lang`): a :class:`TableRefused` by ekpeer's catalog, with
    its fields that are a plugin's words (a deck's or a card's title) by the plugins'
    translations, as a plugin's own reason (``ekpeer_check_options``) is; else in English."""
    if isinstance(exc, TableRefused):
        fields = {key: PluginWords(value, plugins) if isinstance(value, Reason) else value
                  for key, value in exc.fields.items()}
        return Said(exc.template, **fields)
    said = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
    return PluginWords(said if len(said) <= 300 else said[:300], plugins)


class SettingsError(ValueError):
    """A setting refused: ``str()`` in English (logs, a config file's error), :attr:`said`
    in the words of whoever set it (the host says it in the language of their hello)."""

    def __init__(self, said: str) -> None:
        super().__init__(str(said))
        self.said = said


@lru_cache(maxsize=1)
def choices() -> dict[str, Any]:
    """Every plugin installed on this host, with the decks and variants it brings."""
    plugins = []
    for name, ep in sorted(installed().items()):
        dist = getattr(ep, "dist", None)
        try:
            rules = ruleset([name])
        except Exception:  # a broken plugin is simply not offered
            continue
        plugins.append({
            "name": name,
            "version": dist.version if dist else "?",
            "decks": [{"name": d.name, "title": d.title, "main": d.main, "min_players": d.min_players,
                       "max_players": d.max_players, "description": d.description,
                       "parts": [{"min_players": lo, "max_players": hi, "description": words}
                                 for lo, hi, words in d.parts]}
                      for d in rules.decks.values() if d.plugin == name],
            "variants": [{"id": v.id, "title": v.title, "description": v.description}
                         for v in rules.variants.values() if v.plugin == name],
        })
    return {"plugins": plugins, "bots": list(BOT_KINDS)}


@lru_cache(maxsize=16)
def choices_in(lang: str | None) -> dict[str, Any]:
    """:func:`choices` in ``lang``: each plugin's decks and variants by its own translations."""
    found = choices()
    if not lang:
        return found
    return {**found, "plugins": [translated(p, [p["name"]], lang) for p in found["plugins"]]}


@lru_cache(maxsize=64)
def deck_seats(expansions: tuple[str, ...], variants: tuple[str, ...]) -> dict[str, list[int]]:
    """Each main deck of these boxes -> the counts of players it deals for with these
    variants, as the host's own check of a table finds them: the lobby read "2-Player Edition:
    2-6 players" with every box ticked, and the host then refused 4 (3 kittens for 4)."""
    try:
        rules = ruleset(list(expansions))
    except Exception:   # noqa: BLE001 - a mix that does not load: the lobby says so elsewhere
        return {}
    seats: dict[str, list[int]] = {}
    for deck in rules.main_decks():
        seats[deck.name] = []
        for n in range(2, 11):
            try:
                rules.check_table([f"p{i}" for i in range(n)], deck.name, variants, failed={})
            except ValueError:
                continue
            seats[deck.name].append(n)
    return seats


def table_plugins_in(expansions: list[str] | tuple[str, ...], lang: str | None) -> list[dict[str, Any]]:
    """:func:`table_plugins` with the cards' words in ``lang`` (the table's plugins' translations)."""
    return [dict(p) for p in _table_plugins_in(tuple(expansions), lang)]


@lru_cache(maxsize=64)
def _table_plugins_in(expansions: tuple[str, ...], lang: str | None) -> tuple[dict[str, Any], ...]:
    found = _table_plugins(expansions)
    if not lang:
        return found
    names = [p["name"] for p in found]
    return tuple(translated(dict(p), names, lang) for p in found)


def table_plugins(expansions: list[str] | tuple[str, ...]) -> list[dict[str, Any]]:
    """The plugins a table with ``expansions`` loads (what they require too), with versions
    and ``cards``: the catalog entries of the cards each brings (a custom-deck lobby offers
    them for picking by their ``pick_pile``/``pick_hand``/``random_only``).

    Clients show these in the lobby; they need none of them installed to play.
    """
    return [dict(p) for p in _table_plugins(tuple(expansions))]


@lru_cache(maxsize=64)
def _table_plugins(expansions: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    have = installed()
    try:
        rules = ruleset(list(expansions))
        names = list(rules.plugins)
        catalog = rules.catalog()
        decks = [(d.plugin, d.title) for d in rules.decks.values()]
    except Exception:
        names, catalog, decks = list(expansions), [], []
    out = []
    for name in names:
        dist = getattr(have.get(name), "dist", None)
        out.append({"name": name, "version": dist.version if dist else "?",
                    "package": dist.metadata["Name"] if dist else "?",
                    "cards": [c for c in catalog if c.get("plugin") == name],
                    # its decks' titles: a box is called by its deck's (a card's "from Imploding
                    # Kittens" where no lobby choices were asked for, straight to the table)
                    "decks": [{"title": title} for plugin, title in decks if plugin == name]})
    return tuple(out)


#: What a lobby's settings may hold, beyond what the installed plugins allow: every list is
#: short and free of repeats, every name short, and ``options`` holds only the custom-deck
#: numbers below (the picks come with ``ready``, one player's at a time).
MAX_EXPANSIONS = 16
MAX_VARIANTS = 16
NAME_LEN = 64               # a plugin, deck or variant name
PASSWORD_LEN = 64
CUSTOM_NUMBERS = {"pile_picks": (0, 20), "hand_picks": (0, 7), "random_cards": (0, 200)}


def _shown(names: list[Any], most: int = 4) -> str:
    """A few of ``names`` for an error message (which must not echo a client's whole list)."""
    out = ", ".join(repr(n)[:NAME_LEN + 2] for n in names[:most])
    return out + (f" and {len(names) - most} more" if len(names) > most else "")


def _names(value: Any, what: str, most: int, empty: bool) -> list[str]:
    """A list of at most ``most`` distinct short names, or :class:`SettingsError`."""
    if isinstance(value, list) and not value and not empty:     # a player's untick, said plainly
        raise SettingsError(Said("at least one of the expansions must stay ticked") if what == "expansions"
                            else Said("at least one of the {what} must stay ticked", what=what))
    if not isinstance(value, list) or len(value) > most or (not value and not empty):
        raise SettingsError(Said("{what} must be a list of {least} to {most} names", what=what,
                                 least=0 if empty else 1, most=most))
    bad = [v for v in value if not isinstance(v, str) or not v or len(v) > NAME_LEN or not v.isprintable()]
    if bad:
        raise SettingsError(Said("{what} must be names of at most {most} printable characters (not {bad})",
                                 what=what, most=NAME_LEN, bad=_shown(bad)))
    twice = sorted({v for v in value if value.count(v) > 1})
    if twice:
        raise SettingsError(Said("{what} names each one once (twice: {twice})", what=what,
                                 twice=_shown(twice)))
    return list(value)


def _options(options: Any) -> dict[str, Any]:
    """``options`` as the schema allows it: only ``custom``, with only its numbers (the
    engine's ``check_table`` then checks them against the cards and players)."""
    if options is None:
        return {}
    if not isinstance(options, dict) or not set(options) <= {"custom"}:
        raise SettingsError(Said("options may only hold a custom-deck table ('custom')"))
    if "custom" not in options:
        return {}
    custom = options["custom"]
    if not isinstance(custom, dict):
        raise SettingsError(Said("options.custom must be a table of numbers"))
    unknown = [k for k in custom if k not in CUSTOM_NUMBERS]
    if unknown:
        raise SettingsError(Said("options.custom takes only {known} (not {unknown}; picks come with ready)",
                                 known=", ".join(CUSTOM_NUMBERS), unknown=_shown(unknown)))
    for key, value in custom.items():
        lo, hi = CUSTOM_NUMBERS[key]
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise SettingsError(Said("options.custom.{key} must be a whole number from {lo} to {hi}",
                                     key=key, lo=lo, hi=hi))
    return {"custom": dict(custom)}


def check(settings: dict[str, Any], base: dict[str, Any] | None = None) -> dict[str, Any]:
    """``base`` updated with ``settings``, checked against one schema; raises :class:`SettingsError`.

    Every key must be a known setting, every value of its type and within its bounds, and
    every name one the installed plugins offer, each at most once: what passes here is
    stored with the table, journaled, and repeated to everyone at it."""
    if not isinstance(settings, dict):
        raise SettingsError(Said("settings must be a table"))
    unknown = [k for k in settings if k not in DEFAULTS]
    if unknown:
        raise SettingsError(Said("unknown settings: {unknown} (known: {known})", unknown=_shown(unknown),
                                 known=", ".join(DEFAULTS)))
    out = dict(base or DEFAULTS)
    out.update(settings)
    exps = _names(out["expansions"], "expansions", MAX_EXPANSIONS, empty=False)
    have = installed()
    missing = [e for e in exps if e not in have]
    if missing:
        raise SettingsError(Said("not installed on this host: {missing} (have: {have})",
                                 missing=_shown(missing), have=", ".join(sorted(have))))
    try:
        rules = ruleset(exps)
    except Exception as exc:
        raise SettingsError(Said("these plugins do not load together: {why}", why=str(exc)[:200])) from None
    seats = out["seats"]
    if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 10:
        raise SettingsError(Said("seats must be a whole number from {lo} to {hi}", lo=2, hi=10))
    deck = out["deck"]
    if deck is not None and (not isinstance(deck, str) or deck not in rules.decks
                             or not rules.decks[deck].main):
        mains = ", ".join(d.name for d in rules.main_decks())
        raise SettingsError(Said("deck must be one of {decks}", decks=mains))
    variants = _names(out["variants"], "variants", MAX_VARIANTS, empty=True)
    unknown = [v for v in variants if v not in rules.variants]
    if unknown:
        raise SettingsError(Said("unknown variants: {unknown} (have: {have})", unknown=_shown(unknown),
                                 have=", ".join(rules.variants) or "-"))
    password = out["password"]
    if isinstance(password, bool):          # the public view shows true/false: keep or clear it
        password = (base or {}).get("password") if password else None
    if passwords.is_sealed(password):       # as kept (the base's, or a journal's): already hashed
        out["password"] = password
    else:
        if password is not None and (not isinstance(password, str) or len(password) > PASSWORD_LEN
                                     or not password.isprintable()):
            raise SettingsError(Said("password must be printable text of at most {most} characters",
                                     most=PASSWORD_LEN))
        # kept only salted and hashed: no copy of the settings (journal, logs) gives it back
        out["password"] = passwords.seal(password) if password else None
    options = out["options"] = _options(out["options"])
    if out["bots"] not in BOT_KINDS:
        raise SettingsError(Said("bots must be one of {kinds}", kinds=", ".join(BOT_KINDS)))
    for key, (lo, hi) in BOUNDS.items():
        value = out[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
            raise SettingsError(Said("{key} must be a number from {lo} to {hi}", key=key, lo=lo, hi=hi))
        out[key] = float(value)
    # The picks come later, each seat its own (``ready``): the table is checked without them.
    checked = {k: ({c: v for c, v in o.items() if c != "picks"} if k == "custom" else o)
               for k, o in options.items()}
    try:   # the engine's one check of a table (``ekpeer scenario run`` makes it too)
        # as the host deals it: past a plugin hook that raises (engine/acted.py), said at the deal
        plan = rules.check_table([f"p{i}" for i in range(seats)], deck, variants, checked, failed={})
    except ValueError as exc:       # in each player's words: a deck's title by its plugin's
        raise SettingsError(refusal(exc, rules.plugins)) from None
    out["deck"] = plan.deck
    out["expansions"] = list(exps)
    out["variants"] = list(variants)
    return out


def load_config(path: str | Path, flags: dict[str, Any] | None = None,
                ) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A lobby preset file: (table id from the file name, checked settings, extra options).

    ``flags``: the host's table flags (``--turn 30``), over the file's settings: they win
    where the file sets the same setting otherwise, and ``extra["overridden"]`` names those
    (setting -> the file's value) for the host to say so."""
    path = Path(path)
    data = read_preset(path)
    table = data.get("table", {})
    if not isinstance(table, dict):
        raise SettingsError(f"{path}: [table] must be a table")
    # a key the host does not know is refused, never dropped: ``pasword = "..."`` left the
    # table open to anyone, and nothing said so
    unknown = [k for k in table if k not in DEFAULTS and k != "autostart"]
    if unknown:
        raise SettingsError(f"{path}: [table]: unknown settings: {_shown(unknown)} "
                            f"(known: {', '.join([*DEFAULTS, 'autostart'])})")
    if not isinstance(table.get("autostart", True), bool):
        raise SettingsError(f"{path}: [table]: autostart must be true or false")
    given = {k: v for k, v in table.items() if k in DEFAULTS}
    flags = flags or {}
    settings = check(with_flags(given, flags))
    overridden = {k: given[k] for k in flags if k in given and given[k] != flags[k]}
    extra = {"title": data.get("name", path.stem), "description": data.get("description", ""),
             "autostart": bool(table.get("autostart", True)), "overridden": overridden}
    return path.stem, settings, extra


#: Settings any table takes whatever its boxes: the host's flags for them always reach the
#: tables players create
ANY_TABLE = ("bots", "reaction_seconds", "turn_seconds")


def created_defaults(flags: dict[str, Any]) -> dict[str, Any]:
    """What a table a player creates starts from on a host started with table ``flags``: all
    of them where they make a table on their own, else the bots and the clocks alone
    (``--deck party_pack`` needs the party box a config file brings). Raises
    :class:`SettingsError` when even those are refused (``--turn 0``)."""
    try:
        check(flags)
        return dict(flags)
    except SettingsError:
        timing = {k: v for k, v in flags.items() if k in ANY_TABLE}
        check(timing)
        return timing
