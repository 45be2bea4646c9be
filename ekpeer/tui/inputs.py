"""A text box whose own keys (Backspace, the arrows, Enter) act in the order they were typed.

Textual sends a key to the focused box through the box's queue; a letter is typed there,
but a key bound to an action (Backspace, Delete, Enter, ...) goes back up to the app, which
runs the binding only once the key has travelled there. Keys read together from the terminal
(a fast typist, key repeat, SSH) were thus reordered: every letter of a burst was typed before
any Backspace of it ran, and Enter sent what that left. A friend who cleared the start
screen's password box and typed ``kitten`` had ``kittyk`` sent (a second "wrong password").
Here the box runs its own bindings as the key reaches it, in turn with its letters.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class InOrderInput(Input):
    """An :class:`Input` that runs its own bindings (not the screen's nor the app's) in the
    order of the keys, so that a burst of keys leaves the value a slow typist's would."""

    async def _on_key(self, event: events.Key) -> None:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if binding.priority:
                continue        # the app's priority keys (quit) were run before the box saw them
            if await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                self._restart_blink()
                return
        await super()._on_key(event)
