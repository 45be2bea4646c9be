"""A plugin author keeps their translations with ``ekpeer translations PLUGIN LANG``: a stranger
removed a card title's Danish and broke a placeholder (``{Spiller} lægger {kort}``), and
nothing said so (``scripts/i18n check`` checks only the built-in plugins)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from third_party.pip_installed import lay_out

ROOT = Path(__file__).resolve().parents[1]

KENNEL = '''
from ekpeer.engine import CardSpec, DeckSpec, Reason

def fetch(game, action):
    game.ask_card_from_hand(action.by, lambda card: None, prompt="drop a bone", source="fetch")

def howl_can_play(game, by):
    return Reason("{player} cannot howl yet", player=by)

CARDS = [CardSpec("fetch", "Fetch", "Take a bone.", counts={"kennel": 2}, effect=fetch,
                  phrases={"fetched": "{Player} {player:put} {card} down"}),
         CardSpec("howl", "Howl", "Loud.", counts={"kennel": 2}, can_play=howl_can_play)]
DECKS = [DeckSpec("kennel", "Kennel")]
'''
KENNEL_DA = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"
"Language: da\\n"

msgid "Fetch"
msgstr "Hent"

msgid "Take a bone."
msgstr "Tag et ben."

msgid "{Player} {player:put} {card} down"
msgstr "{Spiller} lægger {kort}"

msgid "Howl"
msgstr "Hyl"

msgid "Loud."
msgstr "Højt."

msgid "Kennel"
msgstr "Kennel"

msgid "{player} cannot howl yet"
msgstr "{player} kan ikke hyle endnu"

msgid "drop a bone"
msgstr "slip et ben"
'''


@pytest.fixture
def kennel(tmp_path):
    """A third party's box, installed the way pip leaves one, with its own Danish; run with
    ``ekpeer`` in a process of its own that finds it."""
    return lay_out(tmp_path, "kennel", KENNEL, {"da": KENNEL_DA})


def _ekpeer(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(tmp_path),
           "EKPEER_PLUGINS": os.environ.get("EKPEER_PLUGINS", "base") + ",kennel"}
    return subprocess.run([sys.executable, "-m", "ekpeer.cli", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env=env)


def test_a_plugins_missing_title_and_broken_placeholder_are_named_and_fail(kennel, tmp_path):
    po = kennel / "locale" / "da" / "LC_MESSAGES" / "kennel.po"
    before = po.read_text()
    done = _ekpeer(tmp_path, "translations", "kennel", "da", "--check")
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert "kennel: da '{Spiller} lægger {kort}' has not the placeholders of " \
           "'{Player} {player:put} {card} down'" in lines
    assert po.read_text() == before         # --check writes nothing
    # the title's Danish removed: named, and an update brings the English in, empty
    po.write_text(before.replace('msgid "Fetch"\nmsgstr "Hent"\n', ""))
    done = _ekpeer(tmp_path, "translations", "kennel", "da")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"wrote {po}" in done.stdout.splitlines()
    assert "kennel: no da translation of 'Fetch'" in done.stdout.splitlines()
    assert 'msgid "Fetch"\nmsgstr ""' in po.read_text()
    assert 'msgstr "slip et ben"' in po.read_text() and 'msgstr "Hyl"' in po.read_text()


def test_a_whole_translation_passes_and_a_new_language_gets_its_file(kennel, tmp_path):
    po = kennel / "locale" / "da" / "LC_MESSAGES" / "kennel.po"
    po.write_text(KENNEL_DA.replace('"{Spiller} lægger {kort}"', '"{Player} lægger {card}"'))
    done = _ekpeer(tmp_path, "translations", "kennel", "da")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "kennel: every text is translated into da" in done.stdout
    done = _ekpeer(tmp_path, "translations", "kennel", "sv")
    assert done.returncode == 1
    sv = (kennel / "locale" / "sv" / "LC_MESSAGES" / "kennel.po").read_text()
    for english in ("Fetch", "Take a bone.", "{player} cannot howl yet", "drop a bone", "Kennel"):
        assert f'msgid "{english}"\nmsgstr ""' in sv


def test_an_unknown_plugin_or_language_is_refused(kennel, tmp_path):
    done = _ekpeer(tmp_path, "translations", "nokennel", "da")
    assert done.returncode == 2 and "no plugin 'nokennel' is installed" in done.stderr
    done = _ekpeer(tmp_path, "translations", "kennel", "en")
    assert done.returncode == 2


def test_plugins_strict_and_cards_in_danish_say_what_a_plugin_left_in_english(kennel, tmp_path):
    """``ekpeer plugins --strict`` and ``ekpeer cards --lang da`` said nothing of a plugin's
    missing Danish: only ``ekpeer translations kennel da --check`` did. Now the listing notes it
    (and fails ``--strict``), and the cards listing marks the card its players read in English."""
    po = kennel / "locale" / "da" / "LC_MESSAGES" / "kennel.po"
    whole = KENNEL_DA.replace('"{Spiller} lægger {kort}"', '"{Player} lægger {card}"')
    po.write_text(whole)
    done = _ekpeer(tmp_path, "plugins", "--strict")
    assert done.returncode == 0, done.stdout + done.stderr
    po.write_text(whole.replace('msgid "Fetch"\nmsgstr "Hent"\n', ""))
    done = _ekpeer(tmp_path, "plugins", "--strict")
    assert done.returncode == 1, done.stdout + done.stderr
    assert ("  note: its da translation lacks or gets wrong 1 of its texts (players read those in English): "
            "ekpeer translations kennel da --check names them") in done.stdout.splitlines()
    done = _ekpeer(tmp_path, "cards", "--lang", "da")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    fetch = next(line for line in lines if line.split()[:1] == ["fetch"])
    howl = next(line for line in lines if line.split()[:1] == ["howl"])
    assert fetch.endswith("(på engelsk: ikke oversat til da)") and "Fetch" in fetch
    assert "engelsk" not in howl and "Hyl" in howl
    assert sum("engelsk" in line for line in lines) == 1       # the built-in cards are all in Danish
