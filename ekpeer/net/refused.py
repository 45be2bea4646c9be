"""A refused move in the words of the player refused (a host's ``error`` reply to ``move``).

The engine writes why it refuses a move in English (:class:`~ekpeer.engine.IllegalMove`: a
``template`` and its ``fields``, as a table's :class:`~ekpeer.engine.errors.TableRefused`
is), and may not read ekpeer's catalog itself (tests/test_layers.py): a Danish player who
typed ahead of a stale screen read "it is bob's turn" in a Danish game. The host says the
refusal again in the language of the refused player's hello, as it says a plugin's reasons:
``code`` and the English ``message`` stay what programs and logs read.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import i18n
from ..engine import IllegalMove
from ..plugins import said_in


class MoveRefused(str):
    """An :class:`IllegalMove`'s words: ``str()`` the English, :meth:`in_lang` the words of a
    person speaking ``lang`` (``ekpeer.i18n.in_lang``). The engine's and the host's own words
    are ekpeer's catalog's, a card's title among their fields the table's plugins' (``names``);
    a plugin's own words (a card's ``can_play`` reason, a ``Reason`` or a plain constant) are
    said by the plugins' catalogs, as before. English where no catalog has them."""

    words: str
    template: str
    fields: dict[str, Any]
    names: tuple[str, ...]

    def __new__(cls, refused: IllegalMove, names: Iterable[str] = ()) -> MoveRefused:
        said = super().__new__(cls, str(refused.message))
        said.words, said.names = refused.message, tuple(names)
        said.template, said.fields = refused.template, refused.fields
        return said

    def in_lang(self, lang: str | None) -> str:
        if not lang or i18n.best(lang) in (None, i18n.DEFAULT):
            return str(self)
        if not isinstance(getattr(self.template, "template", None), str):    # not a plugin's Reason
            ours = i18n.speaker(lang)(self.template)
            if ours != self.template:
                try:
                    return ours.format(**{key: self._said(value, lang) for key, value in self.fields.items()})
                except (KeyError, IndexError, ValueError):  # a translation that lost a field
                    return str(self)
        return said_in(self.words, self.names, lang)

    def _said(self, value: Any, lang: str) -> Any:
        """A field in ``lang``: words that can be said again (the host's ``Said``) are, a card's
        title (a ``Reason``) by the plugins' catalogs; a name or a number as it is."""
        if callable(getattr(value, "in_lang", None)):
            return value.in_lang(lang)
        if isinstance(getattr(value, "template", None), str):
            return said_in(value, self.names, lang)
        return value
