"""A text box whose keys act in the order they were typed, letters and bound keys alike.

Textual sends a key to the focused box through the box's queue; a letter is typed there,
but a key bound to an action (Backspace, Enter, Tab, ...) goes back up to the app, which
runs the binding only once the key has travelled there. Keys read together from the terminal
(a fast typist, key repeat, SSH) were thus reordered: every letter of a burst was typed before
any Backspace of it ran, and Enter sent what that left (a friend who cleared the start
screen's password box and typed ``kitten`` had ``kittyk`` sent: a second "wrong password").
Here the box runs a bound key as it reaches it, in turn with its letters, and a key that
reaches it once the focus has left it (a Tab ahead of it) goes on to where the focus is.

Enter sends the box (``Submitted``), and whoever reads it does so a message later: keys typed
right after Enter were typed into the box first (``kitten pie``, Enter, ``r`` for ready sent
``kitten pier``). Keys after Enter wait, untyped, until what the Enter started says where
they go (:meth:`InOrderInput.after_enter`).
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

#: a key as typed: its name and the character it types, if any
Typed = tuple[str, str | None]


class InOrderInput(Input):
    """An :class:`Input` whose bound keys run in the order of the keys, so that a burst of keys
    does what a slow typist's would."""

    #: the keys come after Enter, waiting for what it started (None: no Enter is being answered)
    _after_enter: list[Typed] | None = None

    async def action_submit(self) -> None:
        self._after_enter = []
        await super().action_submit()

    def after_enter(self, taken: bool) -> list[Typed]:
        """The Enter has been answered. ``taken``: it left this screen (a join is on its way),
        and the keys typed after it are returned, for what comes next; else they go on as
        typed, to wherever the focus is now (this box, or where the Enter moved it)."""
        keys, self._after_enter = self._after_enter or [], None
        if taken:
            return keys
        for key, character in keys:
            self.app.post_message(events.Key(key, character))
        return []

    async def _on_key(self, event: events.Key) -> None:
        if self._after_enter is not None:      # (ctrl+q, a priority binding, never gets here)
            event.stop()
            event.prevent_default()
            self._after_enter.append((event.key, event.character))
            return
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
