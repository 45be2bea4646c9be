"""One table, two languages: each client reads the host's card words in the language it asked
for in its hello (issue 30), in the lobby and in the game's catalog."""

from __future__ import annotations

from ekpeer.net.client import Client

from .conftest import FAST, wait_for


def _last(client: Client, type_: str, pred=lambda body: True) -> dict | None:
    """The last ``type_`` message the client has been sent (and not read) that ``pred`` likes."""
    found = [m.body for m in list(client._queue._queue) if m.type == type_ and pred(m.body)]  # type: ignore[attr-defined]
    return found[-1] if found else None


def _titles(catalog: list[dict]) -> dict[str, str]:
    return {c["id"]: c["title"] for c in catalog}


async def test_a_danish_and_an_english_player_each_read_their_own_language(host, ctx):
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.5, lang="da")
    bob = Client(host.address, "bob", ctx=ctx, ping_seconds=0.5, lang="en")
    try:
        hello = await ann.connect()
        base = next(p for p in hello["choices"]["plugins"] if p["name"] == "base")
        assert base["decks"][0]["title"] == "Originaludgaven"
        hello = await bob.connect()
        base = next(p for p in hello["choices"]["plugins"] if p["name"] == "base")
        assert base["decks"][0]["title"] == "Original Edition"
        await ann.join("mixed")
        await ann.lobby_set(**{**FAST, "seats": 2, "expansions": ["base", "party"], "deck": "party_pack"})
        await bob.join("mixed")
        lobbies = {}
        for who in (ann, bob):
            lobby = await wait_for(lambda w=who: _last(w, "lobby", lambda b: len(b["seats"]) == 2),
                                   what="a lobby with both seats")
            lobbies[who.name] = {c["id"]: c["title"] for p in lobby["plugins"] for c in p["cards"]}
        assert lobbies["ann"]["nope"] == "Niks" and lobbies["bob"]["nope"] == "Nope"
        assert lobbies["ann"]["ill_take_that"] == "Den tager jeg"
        assert lobbies["bob"]["ill_take_that"] == "I'll Take That"
        await ann.ready()
        await bob.ready()
        await ann.start()
        snaps = {}
        for who in (ann, bob):
            snaps[who.name] = await wait_for(lambda w=who: _last(w, "snapshot"), what="snapshot")
        da, en = _titles(snaps["ann"]["catalog"]), _titles(snaps["bob"]["catalog"])
        assert da["skip"] == "Spring over" and da["shuffle"] == "Bland" and da["defuse"] == "Desarmer"
        assert da["feral_cat"] == "Vildkat" and da["attack"] == "Angreb (2x)"
        assert en["skip"] == "Skip" and en["shuffle"] == "Shuffle" and en["defuse"] == "Defuse"
        assert set(da) == set(en)      # the same cards, ids untouched
        # the view itself (ids, counts) is the same language-free data for both
        assert snaps["ann"]["view"]["you"] == "ann" and snaps["bob"]["view"]["you"] == "bob"
    finally:
        await ann.close()
        await bob.close()


async def test_a_language_nobody_translates_or_a_malformed_one_gets_english(host, ctx):
    for lang in ("zz", "en_US", "../../etc/passwd", "da\x1b[2J"):
        client = Client(host.address, "eve", ctx=ctx, ping_seconds=0.5, lang=lang)
        try:
            hello = await client.connect()
            base = next(p for p in hello["choices"]["plugins"] if p["name"] == "base")
            assert base["decks"][0]["title"] == "Original Edition", lang
        finally:
            await client.close()
    client = Client(host.address, "eve", ctx=ctx, ping_seconds=0.5)
    try:
        await client.connect()
        reply = await client.request("hello", {"versions": [1], "lang": 5}, check=False)
        assert reply.get("ok") is False        # not a string: refused by the schema, the host goes on
        reply = await client.request("hello", {"versions": [1], "lang": "d" * 40}, check=False)
        assert reply.get("ok") is False        # longer than any language tag
    finally:
        await client.close()


async def test_a_lobby_refusal_reads_in_the_language_of_the_one_refused(host, ctx):
    """A Danish creator who unticked the last expansion read "at least one of the expansions
    must stay ticked" under "Afvist": the host's words, in English, whatever the hello asked."""
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.5, lang="da")
    bob = Client(host.address, "bob", ctx=ctx, ping_seconds=0.5, lang="en")
    try:
        await ann.connect()
        await bob.connect()
        await ann.join("words")
        await bob.join("words")
        reply = await ann.request("lobby_set", {"settings": {"expansions": []}}, check=False)
        assert reply["code"] == "bad_settings"
        assert reply["message"] == "mindst én af udvidelserne skal blive ved med at være krydset af"
        reply = await ann.request("lobby_set", {"settings": {"seats": 11}}, check=False)
        assert reply["message"] == "pladser skal være et helt tal fra 2 til 10"
        reply = await bob.request("lobby_set", {"settings": {"seats": 3}}, check=False)
        assert reply["code"] == "not_creator"
        assert reply["message"] == "only the table's creator may change its settings"
        reply = await ann.request("lobby_set", {"settings": {"deck": "nope"}}, check=False)
        assert reply["message"].startswith("bunken skal være en af ")
        # the engine's refusal of the table, its deck's title by the plugin's own words
        await ann.lobby_set(seats=4)
        reply = await ann.request("lobby_set", {"settings": {"deck": "two_player"}}, check=False)
        assert reply["message"] == "Udgaven for 2 spillere har plads til 2 spillere, ikke 4"
    finally:
        await ann.close()
        await bob.close()
