"""Lists whose cursor stops at their ends instead of coming round.

Textual's lists wrap: ↓ on the last option highlights the first. With keys read in one
breath (SSH, key repeat, a fast typist) an arrow pressed once too often then lands at the
other end, and the Enter behind it acts there: a Favor gave away the Defuse, a LAN list
joined the table at its top, a menu chose the deck at its other end. Here ↓ pressed once too
often rests on the last option (Home and End still jump to either end).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectCurrent, SelectOverlay


class StopsAtEnds(OptionList):
    """An option list whose ↑ and ↓ stop at its first and last options (disabled ones passed)."""

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)

    def _step(self, direction: int) -> None:
        if self.highlighted is None:
            super().action_cursor_down() if direction > 0 else super().action_cursor_up()
            return
        i = self.highlighted + direction
        while 0 <= i < self.option_count:
            if not self.get_option_at_index(i).disabled:
                self.highlighted = i
                return
            i += direction


class _MenuStopsAtEnds(SelectOverlay, StopsAtEnds):
    """A Select's open menu, stopping at its ends. ``SelectOverlay`` first: Textual's CSS
    names a widget by its first bases only, and the Select finds its menu by that name."""


class EndStopSelect(Select):  # type: ignore[type-arg]
    """A Select whose open menu stops at its ends (``_MenuStopsAtEnds``)."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield _MenuStopsAtEnds(type_to_search=self._type_to_search).data_bind(compact=Select.compact)
