"""A host started without ``--resume`` that set an unfinished game aside says so on its
player's screen, in words, with the way to play it on (only host.log said it: a stranger's
friend read that his seat was gone while her screen said nothing)."""

from __future__ import annotations

from typing import Any

from ekpeer import i18n
from ekpeer.net.journal_kept import kept_notice, kept_words
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
    assert "/data/tables/tui-5555 and start again with ekpeer host --resume" in words
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
