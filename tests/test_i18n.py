"""Languages (issue 30): every word a player reads has its Danish, with the English one's
placeholders; the language comes from --lang, the environment or a browser's request.

After new English strings land (a merge), ``scripts/i18n update`` adds them to every .po file
empty; this test then names each one until it is translated (``scripts/i18n check`` too).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ekpeer import i18n
from ekpeer.i18n_catalogs import BUILT_IN, client_template, domains, problems
from ekpeer.plugin_catalogs import plugin_texts

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def danish():
    i18n.set_language("da")
    yield
    i18n.set_language("en")


def test_every_ui_string_and_every_card_of_every_built_in_plugin_has_its_danish():
    assert problems("da") == []


def test_the_check_finds_a_missing_translation_and_a_placeholder_that_differs(monkeypatch):
    real = i18n.read_po.__wrapped__

    def spoiled(path: str):
        found = dict(real(path))
        if path.endswith("ekpeer.po"):
            found.pop("You draw {card}!", None)                        # a UI string lacks its Danish
            found["{player} draws {card}!"] = "{spiller} trækker {card}!"   # a placeholder renamed
        if path.endswith("party.po"):
            found.pop("Bury", None)                                    # a card's title lacks it
        return found

    monkeypatch.setattr(i18n.read_po, "__wrapped__", spoiled)
    found = problems("da")
    assert any("no da translation of 'You draw {card}!'" in p for p in found)
    assert any("'{spiller} trækker {card}!'" in p for p in found)
    assert any(p.startswith("party: no da translation of 'Bury'") for p in found)


def test_the_templates_hold_what_a_player_reads():
    client = {m.id if isinstance(m.id, str) else m.id[0] for m in client_template() if m.id}
    assert {"You draw {card}!", "{player} draws {card}!", "Your turn", "Players", "Rematch",
            "language of the words you read: da (Danish) or en (English); default from "
            "LANGUAGE/LC_ALL/LANG, else English"} <= client
    assert set(domains()) == {"ekpeer", *BUILT_IN}
    assert {"Nope", "Original Edition", "56 cards for 2-5 players"} <= set(plugin_texts("base"))
    assert {"I'll Take That", "Party cards: 9 more in the deck"} <= set(plugin_texts("party"))


def test_the_party_pack_and_the_other_boxes_speak_the_words_of_seed_004(danish):
    from ekpeer.plugins import translated

    cards = {c["id"]: c["title"] for c in translated(
        [{"id": i, "title": t} for i, t in (("attack", "Attack (2x)"), ("skip", "Skip"), ("nope", "Nope"),
                                            ("shuffle", "Shuffle"), ("feral_cat", "Feral Cat"),
                                            ("defuse", "Defuse"))],
        ["party", "base", "imploding"], "da")}
    assert cards == {"attack": "Angreb (2x)", "skip": "Spring over", "nope": "Niks", "shuffle": "Bland",
                     "feral_cat": "Vildkat", "defuse": "Desarmer"}


@pytest.mark.parametrize("environ, lang", [
    ({}, "en"),
    ({"LANG": "da_DK.UTF-8"}, "da"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_ALL": "en_US.UTF-8", "LANG": "da_DK.UTF-8"}, "en"),
    ({"LANGUAGE": "sv:da", "LANG": "en_GB.UTF-8"}, "da"),
    ({"LANGUAGE": "fr", "LANG": "da_DK"}, "da"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
])
def test_the_language_comes_from_the_usual_variables_english_the_fallback(environ, lang):
    assert i18n.from_environment(environ) == lang


@pytest.mark.parametrize("header, lang", [
    (None, "en"), ("", "en"), ("da", "da"), ("da-DK,da;q=0.9,en;q=0.8", "da"),
    ("en-GB,en;q=0.9,da;q=0.8", "en"), ("de;q=1.0, da;q=0.5", "da"), ("de, fr", "en"),
    ("da;q=0", "en"), ("x" * 600, "en"), ("da;q=bogus, en;q=0.1", "en"),
])
def test_a_browser_seat_takes_the_best_language_of_the_page_request(header, lang):
    assert i18n.from_accept_language(header) == lang


def test_a_hostile_language_tag_is_english():
    for tag in ("../../etc", "da\x1b[31m", "d" * 100, 5, None, "*"):
        assert i18n.normalize(tag) is None or i18n.best(tag) in (None, "da")
    assert i18n.normalize("da-dk") == "da_DK" and i18n.best("da_DK") == "da"


def test_words_follow_the_chosen_language(danish):
    from ekpeer.tui.words import Catalog, event_words

    cat = Catalog([{"id": "skip", "title": "Spring over"}])
    drew = {"type": "drew", "player": "ann", "card": "skip"}
    assert event_words(drew, cat, "ann") == "Du trækker Spring over"
    assert event_words({**drew, "player": "bob"}, cat, "ann") == "bob trækker Spring over"
    i18n.set_language("en")
    assert event_words(drew, cat, "ann") == "You draw Spring over"


def test_ekpeer_cards_and_help_speak_danish_with_lang_da():
    env = {"PATH": "/usr/bin:/bin", "HOME": str(ROOT), "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"}
    cards = subprocess.run([sys.executable, "-m", "ekpeer.cli", "cards", "--lang", "da"], capture_output=True,
                           text=True, timeout=60, cwd=ROOT, env=env)
    assert cards.returncode == 0, cards.stderr
    assert "Spring over" in cards.stdout and "Niks" in cards.stdout and "Originaludgaven" in cards.stdout
    # a NOW card is flagged in the listing's words, once ("Bland NU [NOW]" read as two flags)
    assert "[NOW]" not in cards.stdout and "Klarsyn [NU]" in cards.stdout
    assert "Bland [NU]" in cards.stdout and "Bland [NU] [NU]" not in cards.stdout
    english = subprocess.run([sys.executable, "-m", "ekpeer.cli", "cards"], capture_output=True, text=True,
                             timeout=60, cwd=ROOT, env=env)
    assert "Skip" in english.stdout and "Spring over" not in english.stdout
    helped = subprocess.run([sys.executable, "-m", "ekpeer.cli", "cards", "--help"], capture_output=True,
                            text=True, timeout=60, cwd=ROOT, env={**env, "LANG": "da_DK.UTF-8"})
    assert helped.returncode == 0 and "brug:" in helped.stdout and "Skip" not in helped.stdout
    # argparse titles its sections when a parser is made, before the language is chosen
    top = subprocess.run([sys.executable, "-m", "ekpeer.cli", "--lang", "da", "--help"], capture_output=True,
                         text=True, timeout=60, cwd=ROOT, env=env)
    assert "positionelle argumenter:" in top.stdout and "tilvalg:" in top.stdout
    assert "positional arguments" not in top.stdout and "options:" not in top.stdout


def test_a_browser_seat_hands_its_page_language_to_its_client(tmp_path):
    from aiohttp.test_utils import make_mocked_request

    from ekpeer.web.server import BrowserSeat, ServeOptions, WebServer, page_language

    asked = make_mocked_request("GET", "/seat/x", headers={"Accept-Language": "da-DK,da;q=0.9,en;q=0.5"})
    assert page_language(asked) == "da"
    assert page_language(make_mocked_request("GET", "/seat/x?lang=en",
                                             headers={"Accept-Language": "da"})) == "en"
    assert page_language(make_mocked_request("GET", "/seat/x")) == "en"
    server = WebServer(ServeOptions(address="tcp://127.0.0.1:1/" + "A" * 40, data=tmp_path))
    seat = BrowserSeat("x", tmp_path, True, lang="da")
    assert server.seat_env(seat)["EKPEER_WEB_LANG"] == "da"


def test_the_serve_pages_speak_each_browsers_language(tmp_path):
    from ekpeer.web.server import ServeOptions, WebServer

    server = WebServer(ServeOptions(address="tcp://127.0.0.1:1/" + "A" * 40, data=tmp_path, table="main"))
    danish = server.password_form(wrong=True, lang="da").text
    assert "Det er ikke bordets adgangskode." in danish and ">Deltag</button>" in danish
    english = server.password_form(wrong=True).text
    assert "That is not the table's password." in english and ">Join</button>" in english
    assert "prøv igen" in server.full("da").text and "try again" in server.full_for_you("en").text


def test_a_plugin_phrase_keeps_its_fields_said_the_languages_own_way():
    """Event phrases (``{By} {by:alter} ...``): a translation keeps the event's fields; how a
    field is said (a verb agreeing with it, a counted noun) is the language's own."""
    english = "{By} {by:alter} the future of the top {count#card}"
    assert i18n.fields(english) == {"by", "count"}
    assert i18n.fields("{By} ændrer fremtiden for de {count} øverste kort") == i18n.fields(english)
    assert i18n.fields("{By} ændrer fremtiden") != i18n.fields(english)     # a field lost


def test_a_plugins_event_line_reads_danish_for_a_danish_reader(danish):
    """A plugin phrase comes translated from the host; the words the client fills in (``you``,
    ``someone``, ``your``, a place, counted kittens) are the client's own, in Danish too."""
    from ekpeer.plugins import translated
    from ekpeer.tui.words import Catalog, event_words

    rules = ["base", "zombie", "streaking", "party"]
    entries = translated([{"id": "x", "title": "Clairvoyance", "phrases": {
        "clairvoyance_saw": "Clairvoyance: you saw {by} put {card} back {position:place}",
        "catomic_bomb": "{By} {by:set} off a Catomic Bomb: {kittens#kitten} to the top",
        "card_taken": "{Taker} {taker:take} {player's} drawn card",
        "favor_empty": "{Target} {target:have} no card to give"}}], rules, "da")
    cat = Catalog(entries)
    saw = {"type": "clairvoyance_saw", "by": "bob", "card": "x", "position": 2}
    assert event_words(saw, cat, "ann") == "Klarsyn: du så bob lægge Klarsyn tilbage 3. fra toppen"
    bomb = {"type": "catomic_bomb", "by": "ann", "kittens": 2}
    assert event_words(bomb, cat, "ann") == "Du udløser en Kattomisk bombe: 2 killinger til toppen"
    assert event_words({**bomb, "kittens": 0}, cat, "ann").endswith("ingen killinger til toppen")
    taken = {"type": "card_taken", "taker": "bob", "player": "ann"}
    assert event_words(taken, cat, "ann") == "bob tager dit trukne kort"   # "kort" is neuter
    assert event_words({**taken, "player": "cy"}, cat, "ann") == "bob tager cys trukne kort"
    assert event_words({"type": "favor_empty"}, cat, "ann") == "Nogen har intet kort at give"


def test_the_card_you_put_into_the_draw_pile_is_named_to_you_in_danish(danish):
    """Potluck, Garbage Collection, Grave Robber: the line naming the card its player put in
    (the event only they receive) reads Danish, as the others' unnamed line does."""
    from ekpeer.plugins import ruleset, translated
    from ekpeer.tui.words import Catalog, event_words

    boxes = ["base", "zombie", "streaking", "party"]
    cat = Catalog(translated(ruleset(boxes).catalog(), boxes, "da"))
    said = {t: event_words({"type": t, "player": "ann", "from_hand": "ann", "card": "tacocat"}, cat, "ann")
            for t in ("card_onto_pile", "card_into_pile", "grave_robbed")}
    assert said == {"card_onto_pile": "Du lægger Tacokat på trækbunken",
                    "card_into_pile": "Du lægger Tacokat i trækbunken",
                    "grave_robbed": "Du afgiver Tacokat til trækbunken"}
    assert event_words({"type": "card_into_pile", "player": "ann", "from_hand": "ann"}, cat, "bob") == \
        "ann lægger et kort i trækbunken"


def test_a_plugin_that_ships_only_english_is_read_in_english(monkeypatch, tmp_path):
    """A third-party box need not ship Danish (examples/ekpeer-barking does not): a Danish
    player gets its cards and phrases in its English, nothing refused or left blank."""
    from ekpeer import plugins

    monkeypatch.setattr(plugins, "locale_dir", lambda name: tmp_path)   # a box with no .po at all
    entry = [{"id": "barking_kitten", "title": "Barking Kitten", "text": "Woof.",
              "phrases": {"barked": "{By} {by:bark}"}}]
    assert plugins.card_words(("only_english_box",), "da") == {}
    assert plugins.translated(entry, ["only_english_box"], "da") == entry


def test_the_trust_words_and_a_changed_key_are_said_in_danish(danish):
    """What a client says of a host's key (first visit, a key changed) is the client's own words."""
    import zmq

    from ekpeer.net.known_hosts import HostKeyChanged, Trust

    key, other = zmq.curve_keypair()[0], zmq.curve_keypair()[0]
    first = Trust("10.0.0.5:7777", key, "new").words()
    assert first.startswith("Første besøg hos 10.0.0.5:7777: stoler på dens nøgle")
    changed = str(HostKeyChanged("10.0.0.5:7777", "10.0.0.5:7777", key, other, Path("known_hosts")))
    assert changed.startswith("AFVIST: værten på 10.0.0.5:7777 har nu en anden nøgle")
    i18n.set_language("en")
    assert Trust("10.0.0.5:7777", key, "new").words().startswith("First visit to 10.0.0.5:7777: trusting")


def test_empty_seats_name_the_bots_level_without_a_danish_adjective_to_agree(danish):
    """A stranger read "svær bots fylder dem": a Danish adjective before a plural noun takes
    -e (svære, normale, lette), and the level words are shared with the singular "{level} bot".
    The Danish sentence names the level in brackets instead."""
    from ekpeer.i18n import _, ngettext

    for n in (1, 2):
        said = ngettext("{n} empty seat: {kind} bots fill it at the start",
                        "{n} empty seats: {kind} bots fill them at the start", n).format(n=n, kind=_("hard"))
        assert "(svær)" in said and "svær bot" not in said, said


def test_numbers_take_the_languages_decimal_sign(danish):
    """A stranger read "Dit ur 55.2s": Danish writes 55,2."""
    from ekpeer.i18n import number
    from ekpeer.tui.screens.lobby import thinking_words, turn_words

    assert number(55.23, "4.1f") == "55,2" and number(0.5) == "0,5" and number(30.0) == "30"
    from ekpeer.i18n import percent

    assert percent(0.13) == "13\u00a0%"       # the odds of exploding, as Danish writes them
    assert turn_words(120) == "2 min" and turn_words(30) == "30 s"
    assert thinking_words("expert", {"bot_seconds": 0.5}) == " (hver tænker 0,5 s pr. handling)"
    i18n.set_language("en")
    assert number(55.23, "4.1f") == "55.2" and number(0.5) == "0.5" and percent(0.13) == "13%"


def test_the_default_name_of_root_is_player_in_the_chosen_language(danish, monkeypatch):
    """root says nothing of who plays; a Danish stranger's lobby read "du er player"."""
    from ekpeer.cli_tui import default_name

    monkeypatch.setenv("USER", "root")
    assert default_name() == "spiller"
    monkeypatch.setenv("USER", "mette")
    assert default_name() == "mette"


def test_a_danish_genitive_follows_the_name_it_is_given():
    """Danish adds a bare s (``Annas tur``, ``bot1s tur``: a name, never the English ``bot1’s``),
    an apostrophe after an abbreviation (``DSB’s``) and only one after s, x or z (``Jens’ tur``);
    the catalog writes ``{player}s`` and cannot know which name comes."""
    from ekpeer.tui.words import Catalog, event_words

    cat = Catalog([])

    i18n.set_language("da")
    try:
        said = {name: event_words({"type": "turn", "player": name, "turns": 1}, cat, "ann")
                for name in ("bot1", "Anna", "Jens", "Max", "DSB", "{x}")}
        timed_out = i18n._("{player}’s time ran out: the bot covering {player}’s seat chose for them")
        covered = timed_out.format(player="bot2")
        clock = (i18n._("{player}’s clock").format(player="bot1"), i18n._("Your clock"))
    finally:
        i18n.set_language("en")
    assert said == {"bot1": "— bot1s tur —", "Anna": "— Annas tur —", "Jens": "— Jens’ tur —",
                    "Max": "— Max’ tur —", "DSB": "— DSB’s tur —", "{x}": "— {x}s tur —"}
    assert covered.startswith("bot2s tid løb ud") and "passer bot2s plads" in covered
    assert clock == ("bot1s tid", "Din tid")     # a player's clock is their time, as yours is
    jens = (timed_out + "").format(player="Jens")    # no longer the catalog's own message
    assert jens.startswith("Jenss tid")        # still formats, with the catalog's plain s
    assert event_words({"type": "turn", "player": "bot1", "turns": 1}, cat, "ann") == "— bot1’s turn —"


def test_a_plugins_reason_is_said_by_its_template_with_its_fields_english_the_fallback():
    """A plugin's ``Reason`` is looked up by its English template; a field that is a ``Reason``
    (a card's title) is said in the language too, a player's name takes the Danish genitive,
    and a reason without a translation, or with one that lost a field, stays English."""
    from ekpeer.engine import Reason

    table = {"{player}'s hand is cursed": "{player}s hånd er forbandet", "Hush": "Tys",
             "{player} waits for {card}": "{player} venter på {card}", "the kennel sleeps": "kennelen sover",
             "{player} lost a field": "nogen mistede et felt {who}"}
    assert i18n.plugin_said(Reason("{player}'s hand is cursed", player="bot1"), table, "da") \
        == "bot1s hånd er forbandet"
    assert i18n.plugin_said(Reason("{player}'s hand is cursed", player="ann"), table, "da") \
        == "anns hånd er forbandet"
    said = Reason("{player} waits for {card}", player="Hush", card=Reason("Hush"))
    assert i18n.plugin_said(said, table, "da") == "Hush venter på Tys"      # a name is no title
    assert i18n.plugin_said("the kennel sleeps", table, "da") == "kennelen sover"     # a plain constant
    assert i18n.plugin_said(Reason("{player} barks at {card}", player="ann", card=Reason("Hush")),
                            table, "da") == "ann barks at Hush"             # no translation: all English
    assert i18n.plugin_said(Reason("{player} lost a field", player="ann"), table, "da") == "ann lost a field"
    assert i18n.plugin_said(f"{'ann'} is asleep", table, "da") == "ann is asleep"


#: The engine's refusals, each with the argument that is its English words (``code`` first for a move).
REFUSALS = {"IllegalMove": 1, "TableRefused": 0, "CustomDeckError": 0}


def _refusals(path: Path):
    """Every refusal the engine (or a plugin, or the host) makes in ``path``: where, and its words."""
    import ast

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in REFUSALS \
                and len(node.args) > REFUSALS[node.func.id]:
            yield f"{path.relative_to(ROOT)}:{node.lineno}", node.args[REFUSALS[node.func.id]]


def test_every_refusal_of_a_move_or_a_table_is_in_the_catalog_with_its_danish():
    """The engine says why it refuses a move in English (``it is {player}'s turn``), and the host
    says it again in the refused player's language by ekpeer's catalog: each one's words are a
    template with fields, never an f-string (it cannot be looked up), and each template has its
    Danish. A plugin's own ``Reason`` (a name, not a literal, here) is its catalog's."""
    import ast

    danish = i18n.messages("da")
    found, wrong = 0, []
    for path in sorted([*(ROOT / "ekpeer").rglob("*.py"), *(ROOT / "plugins").rglob("*.py")]):
        for where, words in _refusals(path):
            found += 1
            if isinstance(words, ast.JoinedStr):
                wrong.append(f"{where}: an f-string (write a template and its fields)")
            elif isinstance(words, ast.Constant) and isinstance(words.value, str) \
                    and not isinstance(danish.get(words.value), str):
                wrong.append(f"{where}: {words.value!r} has no Danish")
    assert found > 60 and wrong == []
