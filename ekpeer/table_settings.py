"""A table's lobby settings as data: the defaults, their bounds, and preset files.

Shared by the network lobby (``ekpeer.net.lobby``, which checks settings against the
installed plugins) and the Textual client (which reads presets and fills the lobby form),
so that both start from the same defaults. Plain data: it imports no plugin and no engine.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

#: The lobby's difficulty words for the bot kinds (ekpeer play offers hard first).
BOT_LEVELS = {"easy": "random", "normal": "heuristic", "hard": "expert"}


#: Seconds of processor time a hard bot thinks per decision unless the host says otherwise.
HARD_SECONDS = 1.0


def hard_seconds() -> float:
    """What a hard (search) bot's decision costs on this host: its budget in seconds of one
    core (``EKPEER_EXPERT_SECONDS``). The lobby shows it, so nobody wonders why a hard bot
    pauses; the bot itself reads it too (``ekpeer.bots.expert.default_seconds``)."""
    try:
        return max(0.01, float(os.environ.get("EKPEER_EXPERT_SECONDS", HARD_SECONDS)))
    except ValueError:
        return HARD_SECONDS


def bot_kind(name: str) -> str:
    """A bot kind from a kind or a difficulty word (``hard`` -> ``expert``)."""
    return BOT_LEVELS.get(name, name)

#: What a lobby takes, with the value a table has when nobody says otherwise
#: (``deck`` None: the expansions' own main deck for the number of seats).
DEFAULTS: dict[str, Any] = {
    "expansions": ["base"],
    "deck": None,
    "variants": [],
    "seats": 4,
    "bots": "heuristic",
    "reaction_seconds": 3.0,
    "turn_seconds": 60.0,
    "grace_seconds": 30.0,
    "password": None,       # a table password (never sent to players; they see only whether there is one)
    "options": {},          # SetupPlan.options, e.g. {"custom": {...}} for a party custom deck
}
BOUNDS = {
    "reaction_seconds": (0.01, 60.0),
    "turn_seconds": (0.05, 3600.0),
    "grace_seconds": (0.0, 3600.0),
}


def lobby_settings(settings: dict[str, Any] | None) -> dict[str, Any]:
    """Only the keys a lobby takes (a preset file or a form may carry more)."""
    return {k: v for k, v in (settings or {}).items() if k in DEFAULTS}


def with_flags(settings: dict[str, Any], flags: dict[str, Any],
               default_bots: str | None = None) -> dict[str, Any]:
    """A preset's settings with the command line's table ``flags`` over them (a host who typed
    ``--turn 30`` expects 30 whatever the file says); ``default_bots``: the bots when no flag
    names them (``ekpeer play``'s hard ones). More players than two take the boxes' own deck
    where the file named the 2-Player Edition and no ``--deck`` did."""
    settings = dict(settings)
    if flags.get("seats", 2) != 2 and "deck" not in flags and settings.get("deck") == "two_player":
        settings["deck"] = None
    settings.update(flags)
    if "bots" not in flags and default_bots:
        settings["bots"] = default_bots
    if settings.get("bots") is not None:
        settings["bots"] = bot_kind(settings["bots"])
    if settings.get("deck") is None:
        settings.pop("deck", None)
    return settings


def read_preset(path: str | Path) -> dict[str, Any]:
    """A preset file in configs/ as written: ``name``, ``description`` and the ``[table]``
    section (unchecked: the lobby checks it against the plugins installed)."""
    with Path(path).open("rb") as fh:
        return tomllib.load(fh)
