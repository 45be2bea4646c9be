"""The refusals a watcher meets, in words: a table with no room for more watchers is not
"every seat is taken" (a seat may be free), and a seat kept for a player who left is said
to be kept, in English and in Danish."""

from __future__ import annotations

import pytest

from ekpeer import i18n
from ekpeer.tui.refusals import join_refused


@pytest.fixture
def danish():
    i18n.set_language("da")
    yield
    i18n.set_language("en")


def _watchers_full() -> str:
    return join_refused("too_many_watchers", "64 people watch this table already, the most it takes",
                        "t", "eve", body={"most": 64})


def _kept(kept: int) -> str:
    return join_refused("table_full", "all 2 seats are taken by people for the next game too", "t", "eve",
                        body={"kept": kept})


def test_too_many_watchers_is_not_every_seat_taken():
    words = _watchers_full()
    assert words.startswith("Table t has no room for another watcher: 64 people watch it already."), words
    assert "seat is taken" not in words and "--watch" in words


def test_a_seat_kept_for_a_player_who_left_is_said_so():
    assert "1 of them is kept for a player who left and may come back" in _kept(1)
    assert "2 of them are kept for players who left" in _kept(2)
    assert "kept" not in _kept(0)


def test_the_same_in_danish(danish):
    words = _watchers_full()
    assert words.startswith("Bord t har ikke plads til flere tilskuere: 64 personer"), words
    assert "1 af dem holdes for en spiller, der gik" in _kept(1), _kept(1)
    assert "2 af dem holdes for spillere, der gik" in _kept(2), _kept(2)


def test_a_danish_hosts_next_game_refusal_is_told_by_its_field_not_its_words(danish):
    """The client knew a full table "for the next game too" by those English words in the
    host's message, which a host now says in the joiner's language: a Danish player was told
    the game had not started yet (and to take a seat with t) after it was over."""
    words = join_refused("table_full", "alle 2 pladser er også taget af folk i det næste spil", "t", "eve",
                         body={"kept": 0, "next_game": True})
    assert words.startswith("Alle pladser ved bord t er også taget i det næste spil: se videre på"), words
    kept = join_refused("table_full", "alle 2 pladser er også taget af folk i det næste spil (1 holdes ...)",
                        "t", "eve", body={"kept": 1, "next_game": True})
    assert "1 af dem holdes for en spiller, der gik" in kept, kept
    lobby = join_refused("table_full", "alle 2 pladser er taget", "t", "eve", body={})
    assert "spillet er ikke begyndt endnu" in lobby, lobby


def test_a_watcher_asking_for_a_seat_is_not_told_to_join_again_with_password():
    """A watcher's t refused for the password (a host that asks again) read "Join again with
    the table's password (--password)", from inside the table's lobby."""
    words = join_refused("bad_password", "this table needs its password", "t", "eve", watching=True)
    assert "(--password)" not in words and "leave (Esc)" in words, words
    assert "(--password)" in join_refused("bad_password", "this table needs its password", "t", "eve")


def test_the_watchers_password_words_in_danish(danish):
    words = join_refused("bad_password", "this table needs its password", "t", "eve", watching=True)
    assert "forlad bordet (Esc)" in words, words


async def test_a_watchers_session_words_its_refused_seat_as_a_watcher():
    from ekpeer.net.client import RequestError
    from ekpeer.tui.session import NetSession

    class Refusing:
        async def join(self, *args, **kwargs):
            raise RequestError("bad_password", "this table needs its password")

    session = NetSession("tcp://127.0.0.1:1", "eve", table="t", watch=True)
    session.client = Refusing()
    assert await session.sit() is False
    refusal = session.queue.get_nowait()["body"]
    assert refusal["code"] == "bad_password" and "leave (Esc)" in refusal["message"], refusal
