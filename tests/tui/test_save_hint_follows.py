"""The save-or-die dialog's line under its title follows the highlight: a stranger's box
brought a second saver (Lighthouse Keeper), and "Defuse is highlighted: Enter uses it" stayed
while the highlight stood on the Keeper, then on not saving yourself."""

from __future__ import annotations

from ekpeer.tui.screens.save import SaveScreen
from ekpeer.tui.words import Catalog

from .test_dialog_words import asking

CAT = Catalog([{"id": "defuse", "title": "Defuse", "kind": "defuse"},
               {"id": "lighthouse_keeper", "title": "Lighthouse Keeper", "kind": "defuse"},
               {"id": "exploding_kitten", "title": "Exploding Kitten", "kind": "kitten"}])
CHOICE = {"kind": "use", "player": "ann", "options": ["defuse", "lighthouse_keeper", "none"],
          "context": {"kitten": "exploding_kitten", "drawn_by": "ann",
                      "if_not_saved": "explode and leave the game"}}


def said(app) -> str:
    return str(app.screen.query_one("#dialog-prompt").render())


async def test_the_line_under_the_title_names_the_saver_highlighted_or_none():
    answers: list = []
    app = asking(SaveScreen(CHOICE, list(CHOICE["options"]), CAT), answers)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert said(app) == "Defuse is highlighted: Enter uses it, and you survive."
        await pilot.press("down")
        await pilot.pause()
        assert said(app) == "Lighthouse Keeper is highlighted: Enter uses it, and you survive."
        await pilot.press("down")
        await pilot.pause()
        assert "Defuse" not in said(app) and "Keeper" not in said(app), said(app)
        assert said(app) == "No card is used: Enter asks once more before you explode and leave the game."
        await pilot.press("up", "up")
        await pilot.pause()
        assert said(app) == "Defuse is highlighted: Enter uses it, and you survive."
