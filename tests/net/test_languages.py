"""One table, two languages: each client reads the host's card words in the language it asked
for in its hello (issue 30), in the lobby and in the game's catalog."""

from __future__ import annotations

import pytest
from third_party.pip_installed import installed

from ekpeer.engine import Move
from ekpeer.net.client import Client
from ekpeer.plugin_catalogs import plugin_texts

from .conftest import FAST, ann_and_bob, wait_for


def _last(client: Client, type_: str, pred=lambda body: True) -> dict | None:
    """The last ``type_`` message the client has been sent (and not read) that ``pred`` likes."""
    found = [m.body for m in list(client._queue._queue) if m.type == type_ and pred(m.body)]  # type: ignore[attr-defined]
    return found[-1] if found else None


def _titles(catalog: list[dict]) -> dict[str, str]:
    return {c["id"]: c["title"] for c in catalog}


async def test_a_danish_and_an_english_player_each_read_their_own_language(host, ctx):
    async with ann_and_bob(host, ctx, ann="da") as (ann, bob):
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
    async with ann_and_bob(host, ctx, ann="da") as (ann, bob):
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


# ---------------------------------------------------------------------- a plugin's reasons
def _rig(host, table_id: str, setup: dict) -> None:
    """Deal the started game at ``table_id`` again as ``setup`` says, and tell every seat."""
    from ekpeer.plugins import ruleset

    table = host.tables[table_id]
    table.game = ruleset(table.settings["expansions"]).game_from_table(setup)
    for seat in table.seats:
        table.send_snapshot(seat.session)


async def _seated(ann: Client, bob: Client, table: str, **settings) -> None:
    await ann.connect()
    await bob.connect()
    await ann.join(table)
    await ann.lobby_set(**{**FAST, "seats": 2, **settings})
    await bob.join(table)
    await ann.ready()
    await bob.ready()
    await ann.start()


def _view(client: Client, pred=lambda view: True) -> dict | None:
    """The last view (a snapshot's or an update's) the client has been sent that ``pred`` likes."""
    found = [m.body["view"] for m in list(client._queue._queue)  # type: ignore[attr-defined]
             if m.type in ("snapshot", "update") and "view" in m.body and pred(m.body["view"])]
    return found[-1] if found else None


BURY_DA = "du kan ikke spille Begrav, mens der ligger et »Den tager jeg« foran dig"
BURY_EN = "you cannot Bury with an I'll Take That in front of you"


async def test_why_a_card_cannot_be_played_reads_in_the_language_of_each_seat(host, ctx):
    """A Danish player read "you cannot Bury with an I'll Take That in front of you" at the table:
    the party plugin's reason, in English, where everything else was Danish. The host says it in
    each seat's language by the plugin's catalog, in a snapshot, an update and a refusal."""
    async with ann_and_bob(host, ctx, ann="da") as (ann, bob):
        await _seated(ann, bob, "buried", expansions=["base", "party"], deck="party_pack")
        _rig(host, "buried", {"players": ["ann", "bob"], "current": "ann", "deck": "party_pack",
                              "draw_pile": ["tacocat"] * 6,
                              "hands": {"ann": ["bury", "skip"], "bob": ["bury", "skip"]},
                              "in_front": {"ann": ["ill_take_that:bob"], "bob": ["ill_take_that:ann"]}})
        mine = await wait_for(lambda: _view(ann, lambda v: v["hand"] == ["bury", "skip"]), what="ann's view")
        assert mine["cannot_play"] == {"bury": BURY_DA}
        refused = await ann.move(Move("play", "ann", ("bury",)), check=False)
        assert refused["code"] == "cannot_play" and refused["message"] == BURY_DA
        await ann.move(Move("play", "ann", ("skip",)))
        theirs = await wait_for(lambda: _view(bob, lambda v: v["current"] == "bob" and not v["stack"]
                                              and v["hand"] == ["bury", "skip"]), what="bob's turn")
        assert theirs["cannot_play"] == {"bury": BURY_EN}       # an English seat still reads English
        refused = await bob.move(Move("play", "bob", ("bury",)), check=False)
        assert refused["message"] == BURY_EN
        await bob.move(Move("play", "bob", ("skip",)))
        mine = await wait_for(lambda: _view(ann, lambda v: v["current"] == "ann" and not v["stack"]
                                            and v["hand"] == ["bury"]), what="ann's turn again")
        assert mine["cannot_play"] == {"bury": BURY_DA}         # an update's own part too


async def test_a_reason_with_a_card_in_it_says_the_card_in_the_readers_words_too(host, ctx):
    """Zombie Kittens extends views (every seat's update is made whole): a Clone on a Defuse is
    refused in Danish, with the Defuse's Danish title in it, and the combo refusals are too."""
    async with ann_and_bob(host, ctx, ann="da") as (ann, bob):
        await _seated(ann, bob, "cloned", expansions=["base", "zombie"])
        hand = ["clone", "grave_robber", "tacocat"]
        _rig(host, "cloned", {"players": ["ann", "bob"], "current": "ann", "discard": ["defuse"],
                              "draw_pile": ["tacocat"] * 6,
                              "hands": {"ann": hand, "bob": ["grave_robber", "skip"]}})
        mine = await wait_for(lambda: _view(ann, lambda v: v["hand"] == hand), what="ann's view")
        assert mine["cannot_play"] == {
            "clone": "en Klon kan ikke blive til Desarmer: det kort kan ikke spilles alene",
            "grave_robber": "der er ingen døde spillere"}
        refused = await ann.move(Move("play", "ann", ("clone", "tacocat"), target="bob"), check=False)
        assert refused["code"] == "refused"
        assert refused["message"] == "i en kombination kommer en Klon lige efter det kort, den bliver til " \
                                     "(ikke efter en Klon)"
        await ann.move(Move("draw", "ann"))
        theirs = await wait_for(lambda: _view(bob, lambda v: v["current"] == "bob"
                                              and v["hand"] == ["grave_robber", "skip"]), what="bob's turn")
        assert theirs["cannot_play"] == {"grave_robber": "there are no Dead players"}


async def test_the_engines_not_enough_cards_refusal_of_a_table_reads_danish(host, ctx):
    """"2-Player Edition with these expansions has 3 x Defuse: too few for 4 players" was English
    in a Danish lobby, the deck's and the card's titles too: now ekpeer's words, the titles the
    plugin's."""
    async with ann_and_bob(host, ctx, ann="da") as (ann, bob):
        await ann.connect()
        await bob.connect()
        await ann.join("few")
        await bob.join("few")
        await ann.lobby_set(seats=4, expansions=["imploding"])
        reply = await ann.request("lobby_set", {"settings": {"deck": "two_player"}}, check=False)
        assert reply["code"] == "bad_settings"
        assert reply["message"] == ("Udgaven for 2 spillere med disse udvidelser har 3 x Desarmer: "
                                    "for få til 4 spillere")
        reply = await bob.request("lobby_set", {"settings": {"deck": "two_player"}}, check=False)
        assert reply["code"] == "not_creator"
        await ann.lobby_set(seats=3, expansions=["zombie"])
        reply = await ann.request("lobby_set", {"settings": {"deck": "two_player"}}, check=False)
        assert reply["message"] == ("Udgaven for 2 spillere med disse udvidelser har for få killinger til 3 "
                                    "spillere (1 af 2)")


# ---------------------------------------------------------------------- a third party's reasons
KENNEL = '''
from ekpeer.engine import CardSpec, DeckSpec, Reason

def hush_can_play(game, by):
    return "the kennel is asleep"           # a plain constant, found whole in the catalog

def howl_can_play(game, by):
    return Reason("{player} cannot howl before {card} is played", player=by, card=Reason("Hush"))

def fetch(game, action):
    game.ask_card_from_hand(action.target, lambda card: game.give(action.target, action.by, card),
                            prompt=Reason("give {player} a bone", player=action.by), source="fetch")

def sniff(game, action):
    game.ask(action.by, "keep", [True, False], lambda keep: None, prompt="keep the bone?",
             context={"card": "hush", "if_put_back": Reason("the kennel wakes up")}, source="sniff")

CARDS = [CardSpec("hush", "Hush", "Quiet.", counts={"kennel": 2}, can_play=hush_can_play),
         CardSpec("howl", "Howl", "Loud.", counts={"kennel": 2}, can_play=howl_can_play),
         CardSpec("fetch", "Fetch", "Take a bone.", counts={"kennel": 2}, effect=fetch, nopeable=False,
                  targets=lambda game, by: game.others_with_cards(by)),
         CardSpec("sniff", "Sniff", "Sniff.", counts={"kennel": 2}, effect=sniff, nopeable=False)]
DECKS = [DeckSpec("kennel", "Kennel")]
'''
KENNEL_DA = '''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"
"Language: da\\n"

msgid "Hush"
msgstr "Tys"

msgid "the kennel is asleep"
msgstr "kennelen sover"

msgid "{player} cannot howl before {card} is played"
msgstr "{player} kan ikke hyle, før {card} er spillet"

msgid "give {player} a bone"
msgstr "giv {player} et ben"

msgid "keep the bone?"
msgstr "beholde benet?"

msgid "the kennel wakes up"
msgstr "kennelen vågner"
'''


@pytest.fixture
def kennel(tmp_path, monkeypatch):
    """A third party's box ``kennel``, installed the way pip leaves one, with its own Danish."""
    yield from installed(tmp_path, monkeypatch, "kennel", KENNEL, {"da": KENNEL_DA})


def test_a_third_partys_reasons_are_among_its_texts_to_translate(kennel):
    texts = plugin_texts("kennel")
    assert "{player} cannot howl before {card} is played" in texts and "Hush" in texts


async def test_a_third_partys_reason_reads_in_danish_by_its_own_catalog(kennel, host, ctx):
    async with ann_and_bob(host, ctx, ann="da") as (ann, bob):
        await _seated(ann, bob, "kennel", expansions=["base", "kennel"])
        _rig(host, "kennel", {"players": ["ann", "bob"], "current": "ann", "draw_pile": ["tacocat"] * 6,
                              "hands": {"ann": ["hush", "howl"], "bob": ["hush", "howl"]}})
        mine = await wait_for(lambda: _view(ann, lambda v: v["hand"] == ["hush", "howl"]),
                              what="ann's view")
        assert mine["cannot_play"] == {"hush": "kennelen sover",
                                       "howl": "ann kan ikke hyle, før Tys er spillet"}
        refused = await ann.move(Move("play", "ann", ("howl",)), check=False)
        assert refused["message"] == "ann kan ikke hyle, før Tys er spillet"
        await ann.move(Move("draw", "ann"))
        theirs = await wait_for(lambda: _view(bob, lambda v: v["current"] == "bob"
                                              and v["hand"] == ["hush", "howl"]), what="bob's turn")
        assert theirs["cannot_play"] == {"hush": "the kennel is asleep",
                                         "howl": "bob cannot howl before Hush is played"}


def test_a_third_partys_prompts_are_among_its_texts_to_translate(kennel):
    texts = plugin_texts("kennel")
    assert "give {player} a bone" in texts and "the kennel wakes up" in texts
    assert "keep the bone?" in texts       # a constant prompt, not a Reason: found all the same


async def test_a_third_partys_prompts_read_in_the_language_of_each_seat(kennel, host, ctx):
    """A Danish player asked by a stranger's Lunar Offering read its prompt in English above
    Danish words: the host says a choice's prompt, and the Reasons of its context, in each
    seat's language by the plugins' catalogs, as it says why a card cannot be played."""
    async with ann_and_bob(host, ctx, ann="da") as (ann, bob):
        await _seated(ann, bob, "fetched", expansions=["base", "kennel"])
        _rig(host, "fetched", {"players": ["ann", "bob"], "current": "bob", "draw_pile": ["tacocat"] * 6,
                               "hands": {"ann": ["tacocat", "fetch", "sniff"], "bob": ["fetch", "sniff"]}})
        await wait_for(lambda: _view(bob, lambda v: v["hand"] == ["fetch", "sniff"]), what="bob's view")
        await bob.move(Move("play", "bob", ("fetch",), target="ann"))
        asked = await wait_for(lambda: _view(ann, lambda v: bool(v["choices"])), what="ann asked")
        assert asked["choices"][0]["prompt"] == "giv bob et ben"
        await ann.move(Move("choose", "ann", card="tacocat"))
        await bob.move(Move("play", "bob", ("sniff",)))
        asked = await wait_for(lambda: _view(bob, lambda v: bool(v["choices"])), what="bob asked")
        assert asked["choices"][0]["prompt"] == "keep the bone?"
        assert asked["choices"][0]["context"] == {"card": "hush", "if_put_back": "the kennel wakes up"}
        await bob.move(Move("choose", "bob", keep=True))
        await bob.move(Move("draw", "bob"))
        await wait_for(lambda: _view(ann, lambda v: v["current"] == "ann" and not v["stack"]),
                       what="ann's turn")
        await ann.move(Move("play", "ann", ("sniff",)))
        asked = await wait_for(lambda: _view(ann, lambda v: bool(v["choices"])), what="ann asked to keep")
        assert asked["choices"][0]["prompt"] == "beholde benet?"
        assert asked["choices"][0]["context"] == {"card": "hush", "if_put_back": "kennelen vågner"}


async def test_a_built_in_prompt_takes_the_same_door_as_a_third_partys(host, ctx):
    """The client knew the built-in plugins' prompts by a list of English; now the host says a
    Favor's in the seat's language by base's catalog, as it says a stranger's, and the dialog
    still knows the card goes to a player (``context.to``), whatever the prompt's language."""
    from ekpeer.i18n import set_language
    from ekpeer.tui.screens.card_choice import CardChoiceScreen
    from ekpeer.tui.words import Catalog

    async with ann_and_bob(host, ctx, ann="da") as (ann, bob):
        await _seated(ann, bob, "favored", expansions=["base"])
        _rig(host, "favored", {"players": ["ann", "bob"], "current": "bob", "draw_pile": ["tacocat"] * 6,
                               "hands": {"ann": ["tacocat", "skip"], "bob": ["favor"]}})
        await wait_for(lambda: _view(bob, lambda v: v["hand"] == ["favor"]), what="bob's view")
        await bob.move(Move("play", "bob", ("favor",), target="ann"))
        asked = await wait_for(lambda: _view(ann, lambda v: bool(v["choices"])), what="ann asked")
        choice = asked["choices"][0]
        assert choice["prompt"] == "giv bob et kort" and choice["context"] == {"to": "bob"}
        snap = _last(ann, "snapshot")
        assert snap is not None
        set_language("da")
        try:
            screen = CardChoiceScreen(choice, list(choice["options"]), Catalog(snap["catalog"]),
                                      hand=asked["hand"], names=["ann", "bob"], me="ann")
        finally:
            set_language("en")
        assert screen.title_text == "Giv bob et kort"
        assert screen.prompt.startswith("Vælg det kort på hånden, du vil give væk. "
                                        "Kortet Tjeneste, spillet af bob, beder om det.")


# ---------------------------------------------------------------------- the engine's refusals
async def test_the_engines_refusal_of_a_move_reads_in_the_language_of_the_one_refused(host, ctx):
    """A Danish player who typed ahead of a stale screen read "it is bob's turn": the engine's
    words, in English, in a Danish game. The host says them in the refused player's language
    by ekpeer's catalog (a name with the Danish genitive, a card's title by its plugin's);
    ``code`` stays what programs read, and an English seat still reads English."""
    async with ann_and_bob(host, ctx, ann="da") as (ann, bob):
        await ann.connect()
        await bob.connect()
        await ann.join("ahead")
        await bob.join("ahead")
        refused = await ann.move(Move("draw", "ann"), check=False)      # in the lobby: no game yet
        assert refused["code"] == "not_playing"
        assert refused["message"] == "der er ikke noget spil i gang ved dette bord"
        await ann.lobby_set(**{**FAST, "seats": 2})
        await ann.ready()
        await bob.ready()
        await ann.start()
        _rig(host, "ahead", {"players": ["ann", "bob"], "current": "bob", "draw_pile": ["tacocat"] * 6,
                             "hands": {"ann": ["skip", "tacocat"], "bob": ["skip", "tacocat"]}})
        await wait_for(lambda: _view(ann, lambda v: v["current"] == "bob"
                                     and v["hand"] == ["skip", "tacocat"]), what="bob's turn")
        refused = await ann.move(Move("draw", "ann"), check=False)
        assert refused["code"] == "not_your_turn" and refused["message"] == "det er bobs tur"
        refused = await ann.move(Move("play", "ann", ("skip", "tacocat"), target="bob"), check=False)
        assert refused["code"] == "bad_combo"
        assert refused["message"] == "de kort udgør ingen kombination (2 eller 3 ens eller 5 forskellige)"
        refused = await bob.move(Move("play", "bob", ("skip",), target="ann"), check=False)
        assert refused["code"] == "no_target" and refused["message"] == "Skip takes no target"
        await bob.move(Move("draw", "bob"))
        await wait_for(lambda: _view(ann, lambda v: v["current"] == "ann" and not v["stack"]),
                       what="ann's turn")
        refused = await bob.move(Move("draw", "bob"), check=False)
        assert refused["code"] == "not_your_turn" and refused["message"] == "it is ann's turn"
        refused = await ann.move(Move("play", "ann", ("skip",), target="bob"), check=False)
        assert refused["code"] == "no_target"
        assert refused["message"] == "Spring over spilles ikke mod nogen spiller"      # the title base's


async def test_a_custom_deck_pick_refused_reads_in_the_language_of_the_one_who_picked(host, ctx):
    """"Defuse cannot be picked for a starting hand" was English in a Danish lobby (the engine's
    custom-deck check): now ekpeer's words, the card's title its plugin's."""
    async with ann_and_bob(host, ctx, ann="da") as (ann, bob):
        await ann.connect()
        await bob.connect()
        await ann.join("picks")
        await bob.join("picks")
        await ann.lobby_set(seats=2, options={"custom": {"random_cards": 20}})
        reply = await ann.request("ready", {"ready": True, "picks": {"hand": ["defuse"]}}, check=False)
        assert reply["code"] == "bad_settings"
        assert reply["message"] == "Desarmer kan ikke vælges til en starthånd"
        reply = await bob.request("ready", {"ready": True, "picks": {"pile": [], "hand": ["defuse"]}},
                                  check=False)
        assert reply["message"] == "Defuse cannot be picked for a starting hand"


# ---------------------------------------------------------------------- the host's own refusals
async def test_the_hosts_own_refusals_read_in_the_language_of_the_one_refused(host, ctx):
    """A Danish watcher who pressed a move read "spectators only watch", and a Danish player
    at a table with a password "this table needs its password": the host's own words, in
    English. They are said as its lobby's refusals are, by ekpeer's catalog; ``code`` stays."""
    async with ann_and_bob(host, ctx, bob="da") as (ann, bob):
        await ann.connect()
        await bob.connect()
        await ann.join("locked", password="sesame")
        refused = await bob.request("join", {"table": "locked", "name": "bob"}, check=False)
        assert refused["code"] == "bad_password"
        assert refused["message"] == "dette bord kræver sin adgangskode"
        refused = await bob.request("join", {"table": "locked", "name": "bob", "password": "open"},
                                    check=False)
        assert refused["code"] == "bad_password"
        assert refused["message"] == "forkert adgangskode til dette bord"
        await bob.join("locked", spectator=True, password="sesame")
        refused = await bob.move(Move("draw", "bob"), check=False)
        assert refused["code"] == "spectator" and refused["message"] == "tilskuere ser kun med"
        refused = await ann.request("join", {"table": "locked", "name": "ann", "spectator": True,
                                             "password": "sesame"}, check=False)
        assert refused.get("ok") is not False, refused
        refused = await ann.move(Move("draw", "ann"), check=False)
        assert refused["message"] == "spectators only watch"       # an English watcher's words


async def test_a_custom_deck_pick_that_is_no_list_of_cards_reads_danish(host, ctx):
    """A pick of too many cards (or no list) was refused "picks: 'hand' must be a list of card
    ids" in a Danish lobby; it says the most, in the picker's words."""
    async with ann_and_bob(host, ctx, ann="da") as (ann, bob):
        await ann.connect()
        await bob.connect()
        await ann.join("picked")
        await bob.join("picked")
        await ann.lobby_set(seats=2, options={"custom": {"random_cards": 20}})
        reply = await ann.request("ready", {"ready": True, "picks": {"hand": ["tacocat"] * 21}}, check=False)
        assert reply["code"] == "bad_message"
        assert reply["message"] == "valg: 'hand' skal være en liste med højst 20 kort-id'er"
        reply = await bob.request("ready", {"ready": True, "picks": {"pile": "nope"}}, check=False)
        assert reply["message"] == "picks: 'pile' must be a list of at most 20 card ids"
