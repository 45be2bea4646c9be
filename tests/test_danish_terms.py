"""One Danish word for one thing across the catalogs. "træk" is a draw (trække et kort):
"Desarmer: ikke et træk, du kan lave nu" read "not a draw", so where the English means a
move the Danish says "handling" or what you can do; and undoing a Nope is "ophæve Nikset",
where the status line said "ophæv Niks’et" and the log "ophæver niksen"."""

from __future__ import annotations

import re
from pathlib import Path

from ekpeer import i18n

ROOT = Path(__file__).resolve().parents[1]
_DRAW = re.compile(r"\btræk(et|ket)?\b", re.IGNORECASE)


def _danish() -> dict:
    merged: dict = {}
    for path in [ROOT / "ekpeer/locale/da/LC_MESSAGES/ekpeer.po",
                 *ROOT.glob("plugins/*/locale/da/LC_MESSAGES/*.po")]:
        merged.update(i18n.read_po.__wrapped__(str(path)))
    return merged


def _texts(value) -> list[str]:
    return list(value) if isinstance(value, tuple) else [value]


def test_a_move_is_never_called_traek():
    said = [(key, text) for key, value in _danish().items() for text in _texts(value)
            if re.search(r"\bmoves?\b", key if isinstance(key, str) else key[-1])
            and not re.search(r"\bmoves? (the|a|it|them)\b", key if isinstance(key, str) else key[-1])
            and _DRAW.search(text or "")]
    assert not said, said


def test_undoing_a_nope_is_spelt_one_way():
    texts = [text for value in _danish().values() for text in _texts(value) if text]
    assert not [t for t in texts if "niksen" in t or "Niks’et" in t]
    assert sum("ophæv" in t and "Nikset" in t for t in texts) >= 3
