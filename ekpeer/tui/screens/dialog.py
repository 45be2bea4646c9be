"""The modal screens' common ground: an answer counts only while its dialog is on top.

The host withdraws a question when its clock runs out (ruling 26: the covering bot answers)
or a new game is dealt, and the table pops that dialog at once; a key pressed in the same
instant still reaches the dialog's handlers afterwards. Textual's ``dismiss`` would then pop
whatever screen is on top instead (the next question, or the table itself: a crash), so a
dialog that is no longer on top ignores its own late answer.
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen

T = TypeVar("T")


class Dialog(ModalScreen[T]):
    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_attached or self.app.screen is not self:
            return AwaitComplete.nothing()       # withdrawn (or covered): the answer is too late
        return super().dismiss(result)
