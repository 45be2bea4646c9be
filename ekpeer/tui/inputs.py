"""A text box whose keys act in the order they were typed, letters and bound keys alike.

Textual sends a key to the focused box through the box's queue; a letter is typed there,
but a key bound to an action (Backspace, Enter, Tab, ...) goes back up to the app, which
runs the binding only once the key has travelled there. Keys read together from the terminal
(a fast typist, key repeat, SSH) were thus reordered: every letter of a burst was typed before
any Backspace of it ran, and Enter sent what that left (a friend who cleared the start
screen's password box and typed ``kitten`` had ``kittyk`` sent: a second "wrong password").
Here the box runs a bound key as it reaches it, in turn with its letters, and a key that
reaches it once the focus has left it (a Tab ahead of it) goes on to where the focus is.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class InOrderInput(Input):
    """An :class:`Input` whose bound keys run in the order of the keys, so that a burst of keys
    does what a slow typist's would."""

    async def _on_key(self, event: events.Key) -> None:
        if not self.has_focus:
            # sent here before a key ahead of it (Tab) took the focus away: for the widget that
            # has the focus now (Tab, Down, Enter in a burst from the name box submitted the
            # name instead of joining the table moved to)
            event.stop()
            event.prevent_default()
            self.app.post_message(events.Key(event.key, event.character))
            return
        if event.is_printable:
            await super()._on_key(event)        # typed into the box, as Textual does
            return
        # the bindings the key would reach going up (this box's, then the screen's and the
        # app's), run now rather than once it has gone up: Textual's own lookup, from the focus
        if await self.app._check_bindings(event.key):
            event.stop()
            event.prevent_default()
            self._restart_blink()
            return
        await super()._on_key(event)
