"""A plugin's card choice from the hand whose card is shown, not given (a stranger's Fog: the
target shows its player a card of their choice). It read "Cattermelon is highlighted: the card
you can best spare", as a Favor does. With ``context={"kept": True}`` the plugin's prompt leads,
and nothing says the card is given away; a Favor still says so."""

from __future__ import annotations

from ekpeer.tui.screens.card_choice import CardChoiceScreen
from ekpeer.tui.words import Catalog

CAT = Catalog([{"id": "defuse", "title": "Defuse", "kind": "defuse", "bot_value": 100},
               {"id": "nope", "title": "Nope", "kind": "nope", "bot_value": 80},
               {"id": "cattermelon", "title": "Cattermelon", "kind": "cat", "bot_value": 10},
               {"id": "fog", "title": "Fog", "kind": "action"},
               {"id": "favor", "title": "Favor", "kind": "action"}])
HAND = ["defuse", "nope", "cattermelon"]


def _screen(choice: dict) -> CardChoiceScreen:
    return CardChoiceScreen(choice, list(HAND), CAT, hand=list(HAND), names=["ann", "bob"], me="bob")


def test_a_card_only_shown_is_worded_by_its_plugin_and_not_spared():
    fog = _screen({"kind": "card", "player": "bob", "prompt": "show ann a card",
                   "source": "fog", "by": "ann", "from_hand": True, "context": {"kept": True}})
    assert fog.title_text == "Show ann a card"
    assert fog.prompt == "Asked by ann’s Fog. The card stays in your hand."
    assert not fog.giving and fog.default_index() == 0
    assert "spare" not in fog.prompt and "give" not in fog.prompt.lower()


def test_a_favor_still_says_the_card_is_given_away_and_highlights_the_one_best_spared():
    favor = _screen({"kind": "card", "player": "bob", "prompt": "give ann a card", "source": "favor",
                     "by": "ann", "from_hand": True, "context": {"to": "ann"}})
    assert favor.title_text == "Give ann a card"
    assert favor.prompt.startswith("Choose the card you give away from your hand. Asked by ann’s Favor.")
    assert favor.prompt.endswith("Cattermelon is highlighted: the card you can best spare.")


def test_the_line_under_the_title_says_in_danish_what_it_says_in_english():
    """The English "Asked by your own Beacon." read in Danish "Du spillede Fyrlys." (you
    played it): the Danish now says the card asks, and whose it is, as the English does, in each of
    its three forms."""
    from ekpeer import i18n
    from ekpeer.tui.screens.card_choice import _asked_by

    i18n.set_language("da")
    try:
        choice = {"source": "fog", "by": "bob"}
        assert _asked_by(choice, CAT, "bob") == "Kortet Fog, som du selv spillede, beder om det."
        assert _asked_by(choice, CAT, "ann") == "Kortet Fog, spillet af bob, beder om det."
        assert _asked_by({"source": "fog"}, CAT, "ann") == "Kortet Fog beder om det."
    finally:
        i18n.set_language("en")
