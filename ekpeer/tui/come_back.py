"""What a player who quit with the host not answering reads on the terminal afterwards: the
exact ``ekpeer join`` command that takes their seat back once the host answers.

``q`` in the "No connection to the host" dialog ended the client without a word, and the
dialog's "you are back in your seat automatically" no longer held for a client that was gone:
the way back is said where it stays, above the shell's next prompt, as a hosting player's
quit says how to play a kept game on (net/journal_kept.py)."""

from __future__ import annotations

import shlex

from ..i18n import _
from .addressing import join_command


def come_back_words(address: str | None, table: str | None, name: str | None,
                    password: bool = False, watching: bool = False) -> str | None:
    """The words with the command that rejoins this seat (or watches again), or None where no
    address is known to say it with."""
    if not address or not name:
        return None
    command = join_command(address, table=table, password=password) + f" --name {shlex.quote(name)}"
    if watching:
        return _("You quit while the host was not answering. To watch again once it answers: "
                 "{command}").format(command=command + " --watch")
    return _("You quit while the host was not answering. To take your seat back once it answers: "
             "{command}").format(command=command)
