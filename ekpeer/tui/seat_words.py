"""Who really played a seat, in words: the winner whose seat a bot played after its person
left (a stranger read "Game over: cat wins!" of a game the bot in cat's seat won), and why
the next game's seats changed (the rematch was dealt at once with ``bot1`` where cat had
sat, and no line said so). The host says both (``lobby``'s ``won_by_bot`` and ``replaced``,
docs/protocol.md); these are the words every screen uses for them."""

from __future__ import annotations

from typing import Any

from ..i18n import _
from ..name_lists import names_and


def bot_winners(lobby: dict[str, Any] | None) -> dict[str, str]:
    """The winners whose seat a bot played at the game's end, each ``left`` or ``covered``.
    The host's word (``won_by_bot``) comes with the ``lobby`` that follows the game's last
    update: until then (the log's line and the dialog are made from that update) the seats
    as they stand then say the same. Once said, a person leaving after the game's end does
    not make their win a bot's."""
    lobby = lobby or {}
    said = lobby.get("won_by_bot")
    if lobby.get("phase") == "over" and isinstance(said, dict):
        return {str(name): str(how) for name, how in said.items()}
    return {str(s.get("name")): str(s.get("state")) for s in lobby.get("seats") or []
            if s.get("state") in ("left", "covered")}


def winner_name(name: str, me: str | None, bots: dict[str, str]) -> str:
    """A winner among others (a shared win): ``you``, ``the bot playing cat’s seat``, or the name."""
    if name == me:
        return _("you")
    if name in bots:
        return _("the bot playing {player}’s seat").format(player=name)
    return name


def bot_won_words(name: str, me: str | None, how: str) -> str:
    """``The bot playing cat’s seat wins (cat left)!``: the one who won, and whose seat it was."""
    if name == me:
        return _("The bot playing your seat wins!")
    if how == "left":
        return _("The bot playing {player}’s seat wins ({player} left)!").format(player=name)
    return _("The bot playing {player}’s seat wins ({player} was away)!").format(player=name)


def standing_names(names: list[str], lobby: dict[str, Any] | None) -> list[str]:
    """The living seats as the game-over summary says them: a seat whose person left is played
    by a bot, so ``cat’s seat (a bot, cat left)``, not "Still at the table: cat" of someone
    gone from it."""
    lobby = lobby or {}
    left = {str(s.get("name")) for s in lobby.get("seats") or []
            if s.get("left") or s.get("state") == "left"}
    return [_("{player}’s seat (a bot, {player} left)").format(player=n) if n in left else n
            for n in names]


def leaving_seats_words(lobby: dict[str, Any]) -> list[str]:
    """After a game, before the rematch: ``cat left: a bot takes their seat in the next game``
    for each person who left (the next game seats nobody who left, docs/protocol.md)."""
    return [_("{name} left: a bot takes their seat in the next game").format(name=s.get("name"))
            for s in lobby.get("seats") or [] if s.get("left")]


def replaced_words(lobby: dict[str, Any], me: str | None) -> list[str]:
    """At a new game whose seats changed since the last (the host's ``replaced``): why, seat by
    seat (``cat left: bot2 takes their seat in this game``, ``dan takes bot1's seat in this
    game``), then who is at the table now.
    Nothing when no seat changed."""
    replaced = [r for r in lobby.get("replaced") or [] if isinstance(r, dict)]
    if not replaced:
        return []
    lines = [_seat_changed(r, me) for r in replaced]
    names = [_("you") if s.get("name") == me else str(s.get("name")) for s in lobby.get("seats") or []]
    lines.append(_("At the table this game: {names}").format(names=names_and(names)))
    return lines


def _seat_changed(replaced: dict[str, Any], me: str | None) -> str:
    """One seat's change: a bot seated where a person left (``why: "left"``), or a person who
    took a table bot's seat after the game (``why: "sat"``; a watcher's ``t``)."""
    seat, instead_of = replaced.get("seat"), replaced.get("instead_of")
    if replaced.get("why") == "sat":
        if seat == me:
            return _("You take {bot}’s seat in this game").format(bot=instead_of)
        return _("{name} takes {bot}’s seat in this game").format(name=seat, bot=instead_of)
    return _("{name} left: {bot} takes their seat in this game").format(name=instead_of, bot=seat)
