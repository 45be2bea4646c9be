"""Two things a stranger's box could not say (Night Shift): a player aiming their card at
themselves read "bot1 gives bot1 a coffee break" (``{target:self}`` reads "themselves"), and
"Seen at the bottom of the draw pile: Tacocat, Cattermelon" did not say which card is the
very bottom."""

from __future__ import annotations

import pytest

from ekpeer import i18n
from ekpeer.tui.words import Catalog, event_words

BREAK = [{"id": "coffee_break", "title": "Coffee Break",
          "phrases": {"coffee_break": "{By} {by:give} {target:self} a coffee break: {target} "
                                      "{target:skip} drawing once"}}]
BREAK_DA = [{"id": "coffee_break", "title": "Kaffepause",
             "phrases": {"coffee_break": "{By} giver {target:self} en kaffepause"}}]
CARDS = [{"id": "tacocat", "title": "Tacocat"}, {"id": "cattermelon", "title": "Cattermelon"}]


@pytest.fixture
def lang():
    yield i18n.set_language
    i18n.set_language("en")


def test_a_player_who_aims_it_at_themselves_reads_as_themselves(lang):
    cat = Catalog(BREAK)
    own = {"type": "coffee_break", "by": "bot1", "target": "bot1"}
    assert event_words(own, cat, "ann") == "bot1 gives themselves a coffee break: bot1 skips drawing once"
    assert event_words(own, cat, "bot1") == "You give yourself a coffee break: you skip drawing once"
    other = {**own, "target": "ann"}
    assert event_words(other, cat, "ann") == "bot1 gives you a coffee break: you skip drawing once"
    assert event_words(other, cat, "bob") == "bot1 gives ann a coffee break: ann skips drawing once"
    lang("da")
    cat = Catalog(BREAK_DA)
    assert event_words(own, cat, "ann") == "bot1 giver sig selv en kaffepause"
    assert event_words(own, cat, "bot1") == "Du giver dig selv en kaffepause"
    assert event_words(other, cat, "bob") == "bot1 giver ann en kaffepause"


def test_the_bottom_cards_seen_say_which_is_the_very_bottom(lang):
    cat = Catalog(CARDS)
    two = {"type": "shown", "by": "ann", "cards": ["tacocat", "cattermelon"], "top_first": False,
           "place": "bottom"}
    assert event_words(two, cat, "ann") == \
        "Seen at the bottom of the draw pile, the bottom card last: Tacocat, Cattermelon"
    one = {**two, "cards": ["tacocat"]}
    assert event_words(one, cat, "ann") == "Seen at the bottom of the draw pile: Tacocat"
    lang("da")
    assert event_words(two, cat, "ann") == \
        "Du så nederst i trækbunken, det nederste kort sidst: Tacocat, Cattermelon"
