"""A host started without ``--resume`` that set an unfinished game aside says so on its
player's screen, in words, with the way to play it on (only host.log said it: a stranger's
friend read that his seat was gone while her screen said nothing)."""

from __future__ import annotations

from typing import Any

from ekpeer import i18n
from ekpeer.net.journal_kept import kept_notice, kept_words, taken_back_notice, taken_back_words
from ekpeer.tui.session import FakeSession

from .conftest import settle
from .test_lan_evening import ALL_HERE, lobby


class Kept:
    """A journal that set one game aside, as :meth:`Journal.clear` records it."""

    def __init__(self) -> None:
        self.dir = "/data/tables/tui-5555"
        self.set_aside = [{"kind": "kept", "path": "/data/tables/tui-5555/kept-20261207T0953", "count": "1",
                           "reason": "1 unfinished or unreadable game(s) kept aside"}]
        self.kept_told = False


def test_the_words_name_the_folder_and_the_way_to_resume_in_english_and_danish():
    words = kept_words(Kept())
    assert words is not None
    assert "started without --resume" in words and "kept-20261207T0953" in words
    assert "To play it on: quit and start again with ekpeer host --resume." in words
    assert "move the files" not in words                # --resume finds them (Journal.take_back)
    i18n.set_language("da")
    try:
        danish = kept_words(Kept())
    finally:
        i18n.set_language("en")
    assert danish is not None and danish != words and "ekpeer host --resume" in danish
    assert "kept-20261207T0953" in danish
    journal = Kept()
    assert kept_notice(journal) and kept_notice(journal) is None     # said once
    assert kept_words(None) is None


class HostedSession(FakeSession):
    def __init__(self, messages: list[dict[str, Any]]) -> None:
        super().__init__(messages, name="ann")
        self.journal = Kept()

    def kept_notice(self) -> str | None:
        return kept_notice(self.journal)


async def test_the_hosting_players_client_says_what_its_host_set_aside():
    from ekpeer.tui.app import make_app

    session = HostedSession([lobby(ALL_HERE)])
    app = make_app(lambda **_: session, mode="play", name="ann")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        said = [(n.title, str(n.message)) for n in app._notifications]
        assert any(title == "Unfinished game set aside" and "ekpeer host --resume" in words
                   for title, words in said), said


class TakenBack(Kept):
    """A journal that took a kept game back for this ``--resume`` (:meth:`Journal.take_back`)."""

    def __init__(self) -> None:
        super().__init__()
        self.set_aside = []
        self.taken_back = {"path": "/data/tables/tui-5555/kept-20261207T0953", "count": "1"}


def test_a_resume_from_a_kept_folder_says_which_one_in_english_and_danish():
    words = taken_back_words(TakenBack())
    assert words is not None and "kept-20261207T0953" in words and "/data/tables/tui-5555" in words
    assert kept_words(TakenBack()) is None
    i18n.set_language("da")
    try:
        danish = taken_back_words(TakenBack())
    finally:
        i18n.set_language("en")
    assert danish is not None and danish != words and "kept-20261207T0953" in danish
    journal = TakenBack()
    assert taken_back_notice(journal) and taken_back_notice(journal) is None     # said once
    assert taken_back_words(Kept()) is None and taken_back_words(None) is None


class ResumedSession(FakeSession):
    def __init__(self, messages: list[dict[str, Any]]) -> None:
        super().__init__(messages, name="ann")
        self.journal = TakenBack()

    def taken_back_notice(self) -> str | None:
        return taken_back_notice(self.journal)


async def test_the_hosting_players_client_says_which_kept_game_its_host_plays_on():
    from ekpeer.tui.app import make_app

    session = ResumedSession([lobby(ALL_HERE)])
    app = make_app(lambda **_: session, mode="play", name="ann")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 6)
        said = [(n.title, str(n.message)) for n in app._notifications]
        assert any(title == "Unfinished game played on" and "kept-20261207T0953" in words
                   for title, words in said), said
