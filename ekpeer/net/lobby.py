"""Lobby settings: what a table's creator (or a headless host's config) may choose.

Settings are checked against the plugins installed on the host, the decks and variants
those plugins offer, and sane bounds for seats and timers, before a table accepts them.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from ..plugins import installed, ruleset
from ..table_settings import BOT_KINDS, BOUNDS, DEFAULTS, read_preset

__all__ = ["BOT_KINDS", "BOUNDS", "DEFAULTS", "SettingsError", "check", "choices", "load_config"]


class SettingsError(ValueError):
    pass


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
                       "max_players": d.max_players, "description": d.description}
                      for d in rules.decks.values() if d.plugin == name],
            "variants": [{"id": v.id, "title": v.title, "description": v.description}
                         for v in rules.variants.values() if v.plugin == name],
        })
    return {"plugins": plugins, "bots": list(BOT_KINDS)}


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
    except Exception:
        names, catalog = list(expansions), []
    out = []
    for name in names:
        dist = getattr(have.get(name), "dist", None)
        out.append({"name": name, "version": dist.version if dist else "?",
                    "package": dist.metadata["Name"] if dist else "?",
                    "cards": [c for c in catalog if c.get("plugin") == name]})
    return tuple(out)


def check(settings: dict[str, Any], base: dict[str, Any] | None = None) -> dict[str, Any]:
    """``base`` updated with ``settings``, checked; raises :class:`SettingsError`."""
    out = dict(base or DEFAULTS)
    for key, value in settings.items():
        if key in DEFAULTS:
            out[key] = value
    exps = out["expansions"]
    if not isinstance(exps, list) or not exps or not all(isinstance(e, str) for e in exps) or len(exps) > 16:
        raise SettingsError("expansions must be a non-empty list of plugin names")
    have = installed()
    missing = [e for e in exps if e not in have]
    if missing:
        raise SettingsError(f"not installed on this host: {', '.join(missing)} "
                            f"(have: {', '.join(sorted(have))})")
    try:
        rules = ruleset(exps)
    except Exception as exc:
        raise SettingsError(f"these plugins do not load together: {exc}") from None
    seats = out["seats"]
    if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 10:
        raise SettingsError("seats must be a whole number from 2 to 10")
    deck = out["deck"]
    if deck is not None and (not isinstance(deck, str) or deck not in rules.decks
                             or not rules.decks[deck].main):
        mains = ", ".join(d.name for d in rules.main_decks())
        raise SettingsError(f"deck must be one of {mains}")
    variants = out["variants"]
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise SettingsError("variants must be a list of variant ids")
    unknown = [v for v in variants if v not in rules.variants]
    if unknown:
        raise SettingsError(f"unknown variants: {', '.join(unknown)} "
                            f"(have: {', '.join(rules.variants) or 'none'})")
    password = out["password"]
    if isinstance(password, bool):          # the public view shows true/false: keep or clear it
        password = (base or {}).get("password") if password else None
    if password is not None and (not isinstance(password, str) or len(password) > 64):
        raise SettingsError("password must be text of at most 64 characters")
    out["password"] = password or None
    options = out["options"]
    if options is None:
        options = {}
    if not isinstance(options, dict) or not set(options) <= {"custom"} \
            or not isinstance(options.get("custom", {}), dict):
        raise SettingsError("options may only hold a custom-deck table ('custom')")
    out["options"] = options
    if out["bots"] not in BOT_KINDS:
        raise SettingsError(f"bots must be one of {', '.join(BOT_KINDS)}")
    for key, (lo, hi) in BOUNDS.items():
        value = out[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
            raise SettingsError(f"{key} must be a number from {lo} to {hi}")
        out[key] = float(value)
    # The picks come later, each seat its own (``ready``): the table is checked without them.
    checked = {k: ({c: v for c, v in o.items() if c != "picks"} if k == "custom" else o)
               for k, o in options.items()}
    try:   # the engine's one check of a table (``ekpeer scenario run`` makes it too)
        plan = rules.check_table([f"p{i}" for i in range(seats)], deck, variants, checked)
    except ValueError as exc:
        raise SettingsError(str(exc)) from None
    out["deck"] = plan.deck
    out["expansions"] = list(exps)
    out["variants"] = list(variants)
    return out


def load_config(path: str | Path) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A lobby preset file: (table id from the file name, checked settings, extra options)."""
    path = Path(path)
    data = read_preset(path)
    table = data.get("table", {})
    if not isinstance(table, dict):
        raise SettingsError(f"{path}: [table] must be a table")
    settings = check({k: v for k, v in table.items() if k in DEFAULTS})
    extra = {"title": data.get("name", path.stem), "description": data.get("description", ""),
             "autostart": bool(table.get("autostart", True))}
    return path.stem, settings, extra
