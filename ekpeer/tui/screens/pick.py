"""The shared shape of a decision modal: a title, plain words, and a list to pick from."""

from __future__ import annotations

import time
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.strip import Strip
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import N_, _
from ..lists import StopsAtEnds
from ..widgets import KeyBar, plain
from .dialog import Dialog

#: the longest a chosen option holds the keys typed after it (its answer comes well before)
CHOSEN_WAIT = 1.0


class Choices(StopsAtEnds):
    """A dialog's list, whose cursor stops at its ends instead of coming round: ↓ pressed
    once too often rests on the last option. Textual's list wraps, so in a Favor asked of a
    hand of a Defuse and a Tacocat (the Tacocat highlighted, the safe default) ↓ ↓ ↓ came
    round to the Defuse, and Enter gave it away."""

    #: when an option was chosen, its dialog not having answered yet: keys that reach the app
    #: meanwhile wait for what the answer opens (``EkpeerApp._after_choice``)
    chosen_at: float | None = None

    @property
    def chosen(self) -> bool:
        """Chosen and not yet answered; never for long, whatever happens to the answer."""
        return self.chosen_at is not None and time.monotonic() - self.chosen_at < CHOSEN_WAIT

    @chosen.setter
    def chosen(self, value: bool) -> None:
        self.chosen_at = time.monotonic() if value else None

    def action_select(self) -> None:
        """Enter with nothing highlighted (a kitten's place has no default) tells its dialog."""
        if self.highlighted is None:
            said = getattr(self.screen, "nothing_chosen", None)
            if said is not None:
                said()
            return
        option = self.get_option_at_index(self.highlighted)
        self.chosen = not option.disabled      # (a disabled option is not selected: no answer)
        super().action_select()

    def render_line(self, y: int) -> Strip:
        """An option of several lines that the list's edge cuts shows none of them: a stranger
        read "Play Defuse + See the Future (3x) + Attack (2x) + Skip +" at the list's bottom as
        the whole move. Its first line in view says "…" (more there: scroll on); the
        highlighted option always shows, scrolled whole into view where it fits."""
        line = self.scroll_offset.y + y
        lines = self._lines
        if 0 <= line < len(lines):
            index, offset = lines[line]
            start = line - offset
            height = self._heights.get(index, 1)
            top, rows = self.scroll_offset.y, self.scrollable_content_region.height
            if index != self.highlighted and (start < top or start + height > top + rows):
                style = self.get_visual_style("option-list--option").rich_style
                width = self.scrollable_content_region.width
                first_in_view = line == max(start, top)
                if first_in_view:
                    return Strip([Segment(" …".ljust(width), style + Style(dim=True))], width)
                return Strip.blank(width, style)
        return super().render_line(y)


class PickScreen(Dialog[Any]):
    """Pick one of ``options`` (value, label, card id or None); dismisses with the value.

    ``cancel`` lets Escape dismiss with None (only for moves the player may take back, never
    for a decision the game waits on).
    """

    BINDINGS = [
        Binding("escape", "cancel", "Back", show=False),
        Binding("question_mark", "card_text", "Rules of card"),
    ]
    kind = "pick"

    def __init__(self, title: str, prompt: str, options: list[tuple[Any, str, str | None]],
                 cancel: bool = False, details: str = "") -> None:
        super().__init__(classes=f"decision decision-{self.kind}")
        self.title_text = title
        self.prompt = prompt
        self.options = options
        self.can_cancel = cancel
        self.details = details

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            # titles, prompts and labels hold names and card titles from other peers: plain text
            yield Static(plain(self.title_text), id="dialog-title")
            yield Static(plain(self.prompt), id="dialog-prompt")
            if self.details:
                yield Static(plain(self.details), id="dialog-details")
            yield Choices(*[Option(plain(label), id=str(i))
                               for i, (_value, label, _card) in enumerate(self.options)], id="dialog-options")
            yield Static(self.hint(), id="dialog-hint")
            if self.can_cancel:     # a tap target too: a phone's keyboard has no Esc
                with Horizontal(id="dialog-buttons"):
                    yield Button(_("Back (Esc)"), id="back")
        yield KeyBar()

    def hint(self) -> str:
        """The keys under the list: ``?`` only where the options are cards (choosing a player
        offered it, and it did nothing)."""
        keys = _("Enter: choose   ?: card rules") if self._has_cards() else _("Enter: choose")
        return keys + (_("   Esc: back") if self.can_cancel else "")

    def _has_cards(self) -> bool:
        return any(card for _value, _label, card in self.options)

    def list_keys(self) -> list[tuple[tuple[str, ...], str]]:
        """The list's own keys, for the Keys dialog (F1): they are Textual's, which it leaves out."""
        return [(("up", "down"), N_("Move through the list")), (("enter",), N_("Choose"))]

    def unlisted_actions(self) -> tuple[str, ...]:
        """Esc goes back only from a move you may take back: a decision waits for its answer."""
        return () if self.can_cancel else ("cancel",)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "card_text":
            return self._has_cards()
        return True

    def on_mount(self) -> None:
        found = self.query(OptionList)
        if not found:          # withdrawn by the host before it was ever shown
            return
        options = found.first()
        options.highlighted = self.default_index()
        options.focus()
        # in view once laid out: at 64x20 the Favor's marked card was highlighted below the
        # list's fold, and Enter gave a card the player could not see
        self.call_after_refresh(self._show_highlight)

    def on_resize(self) -> None:
        self.call_after_refresh(self._show_highlight)

    def _show_highlight(self) -> None:
        for options in self.query(OptionList):
            if options.highlighted is not None:
                options.scroll_to_highlight()

    def default_index(self) -> int | None:
        return 0

    def hand_card(self, index: int | None) -> str | None:
        """The card of your hand that the option at ``index`` stands for, where the dialog is
        about your hand (a saver, a card to give): the hand beneath highlights it too. None:
        the hand is left as it is."""
        return None

    def hand_follows(self) -> bool:
        """Whether the hand's highlight follows this dialog's (:meth:`hand_card`)."""
        return False

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The hand beneath highlights the card the dialog's highlight stands for, or none."""
        table = getattr(self.app, "table_screen", None)
        if self.hand_follows() and table is not None and hasattr(table, "point_at") and self.is_active:
            table.point_at(self.hand_card(event.option_index))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "back":
            event.stop()
            self.action_cancel()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.answer(self.options[int(event.option.id or 0)][0])
        if self in self.app.screen_stack and isinstance(event.option_list, Choices):
            event.option_list.chosen = False    # not closed (asked once more, or refused)

    def answer(self, value: Any) -> None:
        """Close with ``value``, unless this modal is gone already: a decision the host
        settled meanwhile (its timer ran out) is withdrawn by the table while the choice was
        on its way, and ``dismiss`` would then close whatever screen is on top instead."""
        if self.is_active:
            self.dismiss(value)

    def answer_once_more(self, value: Any, title: str, prompt: str, yes: str, no: str) -> None:
        """Ask once more before answering ``value`` (a choice that throws something away);
        going back highlights this dialog's safe option again (``default_index``)."""
        from .confirm import ConfirmScreen

        def confirmed(sure: bool | None) -> None:
            if sure:
                PickScreen.answer(self, value)
                return
            for options in self.query(OptionList):
                options.highlighted = self.default_index()

        self.app.push_screen(ConfirmScreen(title, prompt, yes, no), confirmed)

    def action_cancel(self) -> None:
        if self.can_cancel:
            self.answer(None)
        else:
            self.warn(_("The game is waiting for this choice."))

    def action_card_text(self) -> None:
        index = self.query_one(OptionList).highlighted
        card = self.options[index][2] if index is not None else None
        if card:
            from .card_info import CardInfoScreen

            self.app.push_screen(CardInfoScreen(card))
