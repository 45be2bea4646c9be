"""What a host started without ``--resume`` says, in words, about the unfinished games it set
aside (:meth:`~ekpeer.net.journal.Journal.clear`): where they are and how to play them on.

Only ``host.log`` said so (``journal_kept``): a stranger who restarted ``ekpeer host`` without
``--resume`` saw nothing on their screen while their friend read that his seat was gone. The way
back is just ``ekpeer host --resume`` (:meth:`~ekpeer.net.journal.Journal.take_back`), and a
host that takes such a game back says from which folder (:func:`taken_back_words`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..i18n import ngettext


def kept_words(journal: Any) -> str | None:
    """The games ``journal`` set aside at this start, said with the way back to them (None when
    it kept none)."""
    if journal is None:
        return None
    kept = [e for e in getattr(journal, "set_aside", []) if e.get("kind") == "kept"]
    if not kept:
        return None
    count = sum(int(e.get("count") or 1) for e in kept)
    folders = ", ".join(e["path"] for e in kept)
    return ngettext(
        "This host started without --resume, so the unfinished game of its last run is set aside, "
        "untouched, in {folder}. To play it on: quit and start again with ekpeer host --resume.",
        "This host started without --resume, so the {n} unfinished games of its last run are set "
        "aside, untouched, in {folder}. To play them on: quit and start again with ekpeer host "
        "--resume.", count).format(n=count, folder=folders)


def taken_back_words(journal: Any) -> str | None:
    """The kept-aside games ``journal`` moved back into place for this ``--resume``, said with
    the folder they came from (None when it took none back): the person sees which game goes on."""
    taken = getattr(journal, "taken_back", None) if journal is not None else None
    if not taken:
        return None
    count = int(taken.get("count") or 1)
    return ngettext(
        "There was no unfinished game to resume in {journal}, so this host plays on the one a start "
        "without --resume had set aside in {folder} (its files are back in place).",
        "There was no unfinished game to resume in {journal}, so this host plays on the {n} that a "
        "start without --resume had set aside in {folder} (their files are back in place).",
        count).format(n=count, folder=taken["path"], journal=journal.dir)


def _once(journal: Any, words_of: Callable[[Any], str | None]) -> str | None:
    """``words_of(journal)``, once per journal: the player's client says it when the host in it
    starts, not again each time they host another table from the start screen (a journal
    either set games aside at this start or took them back, never both)."""
    if journal is None or getattr(journal, "kept_told", False):
        return None
    words = words_of(journal)
    if words:
        journal.kept_told = True
    return words


def kept_notice(journal: Any) -> str | None:
    """:func:`kept_words`, once per journal."""
    return _once(journal, kept_words)


def taken_back_notice(journal: Any) -> str | None:
    """:func:`taken_back_words`, once per journal."""
    return _once(journal, taken_back_words)


def left_words(journal: Any, bind: str) -> str | None:
    """What a hosting player reads on the terminal after quitting with a game unfinished: it is
    kept, and how to play it on (a stranger's shell said nothing, and they could not know)."""
    count = journal.unfinished() if journal is not None else 0
    if not count:
        return None
    again = "ekpeer host --resume" + ("" if bind.endswith(":5555") else f" --bind {bind}")
    return ngettext("The unfinished game is kept: {command} plays it on, every seat as it was.",
                    "The {n} unfinished games are kept: {command} plays them on, every seat as it was.",
                    count).format(n=count, command=again)
