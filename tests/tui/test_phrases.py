"""Events in their plugin's words (issue 27.2): a card's catalog entry carries the phrases
of the events its plugin emits, and the client renders any plugin's event from them, a
third party's as well as a built-in box's."""

from __future__ import annotations

import re
from pathlib import Path

from ekpeer.plugins import ruleset
from ekpeer.tui.words import Catalog, event_words

ROOT = Path(__file__).resolve().parents[2]
BARKING = [{"id": "barking_kitten", "title": "Barking Kitten", "traits": ["kills"],
            "phrases": {"barked": "{By} {by:bark} at {target}",
                        "barked/loud": "{By} {by:bark} at {target} very loudly",
                        "bark_echo": "",
                        "kennel": "{Player} {player:have} {dogs#dog} in {player's} kennel, "
                                  "{card} {position:place}"}}]


def test_a_third_party_event_reads_in_its_own_words_for_every_seat():
    cat = Catalog(BARKING)
    barked = {"type": "barked", "by": "bot1", "target": "ann"}
    assert event_words(barked, cat, "ann") == "bot1 barks at you"
    assert event_words(barked, cat, "bot1") == "You bark at ann"
    assert event_words(barked, cat, None) == "bot1 barks at ann"
    assert event_words({**barked, "loud": True}, cat, "ann") == "bot1 barks at you very loudly"
    assert event_words({"type": "bark_echo", "by": "bot1"}, cat, "ann") is None
    kennel = {"type": "kennel", "player": "ann", "dogs": 2, "card": "barking_kitten", "position": 0}
    assert event_words(kennel, cat, "ann") == "You have 2 dogs in your kennel, Barking Kitten on top"
    assert event_words({**kennel, "dogs": 1}, cat, "bob") == \
        "ann has 1 dog in ann’s kennel, Barking Kitten on top"


def _plugin_events() -> set[str]:
    """Every event type the built-in plugins emit that the engine does not emit itself."""
    emitted = re.compile(r'emit\(\s*"([a-z_]+)"')
    engine = set()
    for path in (ROOT / "ekpeer" / "engine").glob("*.py"):
        engine |= set(emitted.findall(path.read_text()))
    plugins = set()
    for path in (ROOT / "plugins").rglob("*.py"):
        plugins |= set(emitted.findall(path.read_text()))
    return plugins - engine


def test_every_built_in_plugin_event_has_its_phrase_in_the_catalog():
    events = _plugin_events()
    assert {"marked", "died", "catomic_bomb", "altered", "shuffled"} <= events
    cat = Catalog(ruleset(["base", "imploding", "zombie", "streaking", "party"]).catalog())
    assert events - set(cat.phrases) == set()
    for t in events:    # none falls through to the raw fields ("marked: by=bob, ...")
        line = event_words({"type": t, "by": "bob", "player": "bob", "target": "ann", "card": "nope",
                            "count": 3, "kittens": 1}, cat, "ann")
        assert line is None or "=" not in line, (t, line)


def test_the_client_writes_no_line_for_a_plugin_event():
    words = (ROOT / "ekpeer" / "tui" / "words.py").read_text()
    for t in _plugin_events():
        assert f'"{t}"' not in words, t


def test_a_plugins_notes_beside_the_piles_read_in_its_phrases():
    from ekpeer.tui.widgets import pile_text

    cat = Catalog(BARKING)
    view = {"you": "ann", "draw_pile_count": 4, "discard": [], "players": [], "kittens_in_pile": 1,
            "known_pile": [], "notes": [{"type": "barked", "by": "bob", "target": "ann"}]}
    assert "bob barks at you" in pile_text(view, cat, None).plain
