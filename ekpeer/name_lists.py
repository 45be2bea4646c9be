"""Names listed in a sentence, one way everywhere: ``ann, bob and cy`` (Danish ``ann, bob og
cy``). Its own module, not :mod:`ekpeer.i18n`: the catalogs' extraction skips that module,
and the words here are the client's to translate."""

from __future__ import annotations

from collections.abc import Iterable

from .i18n import _


def names_and(names: Iterable[str]) -> str:
    """``ann``, ``ann and bob``, ``ann, bob and cy``: the last two joined by the language's
    "and", as a shared win, a choice awaited or the people watching are said."""
    listed = [str(n) for n in names]
    if len(listed) <= 1:
        return listed[0] if listed else ""
    return _("{names} and {last}").format(names=", ".join(listed[:-1]), last=listed[-1])
