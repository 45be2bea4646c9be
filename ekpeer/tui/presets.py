"""The lobby form's starting values and preset files (configs/*.toml), from the lobby's
own defaults (:mod:`ekpeer.table_settings`) rather than a copy of them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..table_settings import DEFAULTS, read_preset

#: Settings a lobby also takes beside the form's: the table password and free-form options
#: (the party plugin's custom deck: ``{"custom": {pile_picks, hand_picks, random_cards}}``).
EXTRA_SETTINGS = ("password", "options")
#: The lobby form's starting values: the lobby's own defaults, with the deck named.
DEFAULT_SETTINGS: dict[str, Any] = {**{k: v for k, v in DEFAULTS.items() if k not in EXTRA_SETTINGS},
                                    "deck": "original"}


def load_config(path: str | Path | None) -> dict[str, Any]:
    """Lobby settings from a preset file in configs/ (the ``[table]`` section)."""
    settings = dict(DEFAULT_SETTINGS)
    if path:
        settings.update(read_preset(path).get("table", {}))
    return settings
