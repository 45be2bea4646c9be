"""``s`` pressed twice in one's own new lobby: the second start reached the host after the game
had started, and the player read "Refused — start is for seated players in the lobby" at a game
just begun. The host now says what is so: the game has already started (``r`` alike)."""

from __future__ import annotations

import pytest

from ekpeer.net.client import Client, RequestError

from .conftest import FAST


@pytest.mark.parametrize(("lang", "said"), [("en", "the game has already started"),
                                             ("da", "spillet er allerede gået i gang")])
async def test_a_second_start_or_ready_is_told_the_game_has_started(host, ctx, lang, said):
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.5, lang=lang)
    try:
        await ann.connect()
        await ann.join("t")
        await ann.lobby_set(**FAST)
        await ann.ready()
        await ann.start()
        for again in (ann.start, ann.ready):
            with pytest.raises(RequestError) as refused:
                await again()
            assert (refused.value.code, refused.value.message) == ("not_in_lobby", said)
    finally:
        await ann.close()
