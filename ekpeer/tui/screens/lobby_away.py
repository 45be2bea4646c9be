"""A lobby whose creator's (or another player's) connection dropped, in words.

The host keeps the creator's seat and role for the table's grace period, then gives the
table to the next person seated. The lobby said only ``jon  (away)`` and, in its header,
that jon sets the table, for the whole 30 s; then the next person silently became the
creator. Now the away creator's seat says how long they have been gone, the header how
long before the table passes and to whom, and the passing itself is said to everyone.
"""

from __future__ import annotations

from typing import Any

from ...i18n import _, ngettext
from ...name_lists import names_and


def names_words(names: list[str]) -> str:
    """``ann``, ``ann and bob``, ``ann, bob and cy``."""
    return names_and(names)


def _seats(lobby: dict[str, Any] | None) -> list[dict[str, Any]]:
    return [s for s in (lobby or {}).get("seats") or [] if isinstance(s, dict)]


def creator_seat(lobby: dict[str, Any] | None) -> dict[str, Any] | None:
    return next((s for s in _seats(lobby) if s.get("creator")), None)


def heir(lobby: dict[str, Any]) -> str | None:
    """Who the host gives the table to when its creator goes: the first other person seated."""
    return next((str(s.get("name")) for s in _seats(lobby)
                 if not s.get("creator") and not s.get("bot") and not s.get("left")), None)


def away_creator(lobby: dict[str, Any]) -> dict[str, Any] | None:
    """The creator's seat while its connection is gone and the table waits for them."""
    seat = creator_seat(lobby)
    if seat is None or lobby.get("phase") != "lobby" or seat.get("state") != "gone":
        return None
    return seat


def seconds_left(seat: dict[str, Any], elapsed: float) -> float | None:
    """Seconds before the seat's grace runs out, counted on from the lobby message's."""
    grace = seat.get("grace_left")
    return max(0.0, float(grace) - elapsed) if isinstance(grace, int | float) else None


def gone_tag(seat: dict[str, Any], elapsed: float) -> str:
    """``gone 6 s`` (as a game's players list says it), for a lobby seat whose person is away."""
    gone = seat.get("gone_seconds")
    if isinstance(gone, int | float):
        return _("gone {seconds:.0f} s").format(seconds=float(gone) + elapsed)
    return _("gone")


def passing_words(lobby: dict[str, Any], elapsed: float) -> str | None:
    """``if jon is not back in 24 s, kim sets the table`` (``you set``), or None."""
    seat = away_creator(lobby)
    name = heir(lobby)
    if seat is None or name is None:
        return None
    owner = str(seat.get("name"))
    me = next((s for s in _seats(lobby) if s.get("you")), {})
    left = seconds_left(seat, elapsed)
    if left is None or left <= 0:
        return (_("{owner} is gone: the table passes to you now") if me.get("name") == name
                else _("{owner} is gone: the table passes to {name} now")).format(owner=owner, name=name)
    if me.get("name") == name:
        return _("{owner} is gone: if {owner} is not back in {seconds:.0f} s, you set the table").format(
            owner=owner, seconds=left)
    return _("{owner} is gone: if {owner} is not back in {seconds:.0f} s, {name} sets the table").format(
        owner=owner, seconds=left, name=name)


def passed_words(before: dict[str, Any] | None, after: dict[str, Any]) -> str | None:
    """Said when the host gave the table on because its creator did not come back in time:
    ``jon did not come back: you set the table now`` (``kim sets``)."""
    if not before or before.get("table") != after.get("table") or after.get("phase") != "lobby":
        return None
    was = away_creator(before)
    now = creator_seat(after)
    if was is None or now is None or now.get("name") == was.get("name"):
        return None
    if any(s.get("name") == was.get("name") for s in _seats(after)):
        return None
    if now.get("you"):
        return _("{owner} did not come back: you set the table now.").format(owner=was.get("name"))
    return _("{owner} did not come back: {name} sets the table now.").format(
        owner=was.get("name"), name=now.get("name"))


def back_words(before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """Said to the others when a player whose connection dropped in the lobby is back in their
    seat (the host took the seat out of the lobby at the drop and put it back where it was,
    ``back_after`` seconds later): ``kim lost connection and is back in their seat after 6 s``.
    A seat new since ``before`` only: later lobby messages repeat ``back_after``."""
    if not before or before.get("table") != after.get("table") or after.get("phase") != "lobby":
        return []
    seated = {s.get("name") for s in _seats(before)}
    lines = []
    for seat in _seats(after):
        away = seat.get("back_after")
        if seat.get("you") or seat.get("name") in seated or not isinstance(away, int | float) \
                or isinstance(away, bool):
            continue
        n = max(1, round(float(away)))
        lines.append(ngettext("{name} lost connection and is back in their seat after {n} s",
                              "{name} lost connection and is back in their seat after {n} s", n).format(
                                  name=seat.get("name"), n=n))
    return lines
