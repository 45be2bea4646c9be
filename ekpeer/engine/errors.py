"""Refusals: every illegal move is refused with a stable code and a human message."""

from __future__ import annotations

from typing import Any


class Reason(str):
    """A plugin's words to a player (a card's ``can_play`` reason, a refusal of a move or of
    the lobby's options): its English, as a ``str``, and the ``template`` and ``fields`` it was
    made of, so that a host says it again in each player's language by the plugin's catalog,
    where ``template`` is the English message id. A field that is a ``Reason`` itself (a card's
    title: ``Reason(spec.title)``) is said in that language too; any other (a player's name, a
    number) goes in as it is. ``scripts/i18n`` finds ``Reason("...")`` in a plugin's source."""

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, **fields: Any) -> Reason:
        reason = super().__new__(cls, template.format(**fields) if fields else template)
        reason.template, reason.fields = template, fields
        return reason


class IllegalMove(Exception):
    """A move the rules do not allow; the game state is left exactly as it was.

    ``code`` is for programs, ``message`` the English words for people; ``template`` and
    ``fields`` are what the message was made of, as a :class:`TableRefused`'s are, so that a
    host says it again in the refused player's language: the template by ekpeer's catalog
    (``scripts/i18n`` finds ``IllegalMove(code, "...")`` in the source), a field that is a
    :class:`Reason` (a card's title) by the table's plugins'. A plugin's :class:`Reason` as the
    message (a card's ``can_play``) is said by the plugins' catalogs."""

    def __init__(self, code: str, message: str, **fields: Any) -> None:
        words = message.format(**fields) if fields else message
        super().__init__(words)
        self.code = code
        self.message = words
        self.template, self.fields = message, fields

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"IllegalMove({self.code!r}, {self.message!r})"


class TableRefused(ValueError):
    """A table the boxes cannot set up: its English words, and the ``template`` and ``fields``
    they were made of (a host says them again in each player's language: the template by
    ekpeer's catalog, a field that is a :class:`Reason`, a deck's or a card's title, by the
    table's plugins')."""

    def __init__(self, template: str, **fields: object) -> None:
        super().__init__(template.format(**fields))
        self.template = template
        self.fields = fields
