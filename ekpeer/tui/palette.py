"""Textual's command palette, saying its own words in the player's language."""

from __future__ import annotations

from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.widgets.option_list import OptionDoesNotExist

from ..i18n import _

#: How long after Textual shows its English "No matches found" the palette says it again in
#: the player's words (Textual waits half a second before showing it)
_AFTER = 0.05


class Palette(CommandPalette):
    """The palette whose "No matches found" is said in the player's language: a Danish
    stranger typed a word the palette did not know and read it in English."""

    def _start_no_matches_countdown(self, search_value: str) -> None:
        super()._start_no_matches_countdown(search_value)
        if search_value:
            wait = float(getattr(self, "_NO_MATCHES_COUNTDOWN", 0.5)) + _AFTER
            self.set_timer(wait, self._say_no_matches)

    def _say_no_matches(self) -> None:
        """Put the player's words in place of Textual's, if its line is shown (a newer
        Textual that names it otherwise keeps its own words rather than failing)."""
        words = Align.center(Text(_("No matches found"), style="not bold"))
        try:
            self.query_one(CommandList).replace_option_prompt(self._NO_MATCHES, words)
        except (NoMatches, OptionDoesNotExist, AttributeError):     # gone, or named otherwise
            pass
