"""What ``ekpeer privacy`` says of a leak, for a plugin's author: the move that told two twin
games apart, said as a line of words (who, what, which card), and what differs in what the
player received as ``key=value`` lines, in the command's language; then the check's own
evidence (the data as compared) below, precise, for whoever digs. A stranger read a report of
Python reprs (``Move(do='choose', ... answers=None)``, event dicts) as debug output."""

from __future__ import annotations

from typing import Any

from . import i18n
from .i18n import _


def plain(value: Any) -> str:
    """A value of a view or an event as plain words: a dict as ``key=value`` pairs, a list as
    its items separated by ``;``, nothing as ``-``."""
    if isinstance(value, dict):
        return " ".join(f"{k}={plain(v)}" for k, v in value.items()) or "-"
    if isinstance(value, list | tuple | set | frozenset):
        return "; ".join(plain(v) for v in value) or "-"
    return "-" if value is None else str(value)


def said_move(move: Any, title) -> str:
    """``move`` (an engine Move) as a line: who (the host, for a window it closes), what they
    do, and with which card or player; ``title(card)`` is a card's title as the reader says it."""
    if move is None:
        return "-"
    who = move.by or _("the host")
    parts = [move.do]
    if move.card is not None:
        parts.append(_("card {title} ({id})").format(title=title(move.card), id=move.card))
    if move.cards:
        parts.append(_("cards {cards}").format(cards=", ".join(f"{title(c)} ({c})" for c in move.cards)))
    for name in (move.target, move.player):
        if name is not None:
            parts.append(_("player {name}").format(name=name))
    if move.name is not None:
        parts.append(_("naming {title} ({id})").format(title=title(move.name), id=move.name))
    for field in ("position", "order", "keep", "use"):
        value = getattr(move, field)
        if value is not None:
            parts.append(f"{field}={plain(value)}")
    return f"{who}: " + ", ".join(parts)


def leak_lines(leak: Any, label: str, title) -> list[str]:
    """The report of ``leak`` (:class:`ekpeer.engine.noninterference.Leak`) for ``label`` (the
    boxes checked), as lines: plain ones first, then the check's evidence, indented."""
    who = leak.who or _("a spectator")
    differ = {"hands": _("cards in the hands"), "order": _("the order of a hand nobody sees"),
              "pile": _("cards in the draw pile")}[leak.kind]
    lines = [_("LEAK in {label}: {who} can tell two games apart that differ only by cards they have not "
               "seen ({differ}), {n} moves after the twins parted").format(
                   label=label, who=who, differ=differ, n=leak.moves),
             "  " + _("the move that told them apart: {move}").format(move=said_move(leak.move, title))]
    for key, one, other in leak.view:
        lines.append("  " + _("{who} sees {part} in one game: {value}").format(who=who, part=key,
                                                                               value=plain(one)))
        lines.append("  " + _("{who} sees {part} in its twin: {value}").format(who=who, part=key,
                                                                              value=plain(other)))
    if leak.events is not None:
        one, other = leak.events
        none = _("(no event)")
        lines.append("  " + _("the event in one game: {event}").format(event=plain(one) if one else none))
        lines.append("  " + _("the event in its twin: {event}").format(event=plain(other) if other else none))
    lines.append("  " + _("the check's evidence, as compared:"))
    lines.extend("    " + line for line in evidence_lines(leak))
    return lines


def evidence_lines(leak: Any) -> list[str]:
    """The check's evidence (the text of ``leak``) in the command's language: its words said,
    the data as compared (reprs, card ids, plugin names) as it is. A leak without what each
    twin received (one raised by other code) is its text, as it is."""
    if getattr(leak, "received", None) is None:
        return str(leak).splitlines()
    lang = i18n.current()
    what = i18n.plugin_said(leak.what, i18n.messages(lang), lang)
    lines = [_("{who} can tell two games apart that differ only by cards they have not seen ({what}), "
               "{moves} moves after, on {move}:").format(who=leak.who or _("a spectator"), what=what,
                                                        moves=leak.moves, move=leak.move)]
    (view_a, events_a), (view_b, events_b) = leak.received
    for key in sorted(set(view_a) | set(view_b)):
        if view_a.get(key) != view_b.get(key):
            lines.append("  " + _("view[{key}]: {one} / {other}").format(
                key=repr(key), one=repr(view_a.get(key)), other=repr(view_b.get(key))))
    if events_a != events_b:
        events, versus = _("events"), _("vs")     # the second under the first, colons aligned
        width = max(len(events), len(versus))
        lines.append(f"  {events.rjust(width)}: {events_a!r}")
        lines.append(f"  {versus.rjust(width)}: {events_b!r}")
    return lines
