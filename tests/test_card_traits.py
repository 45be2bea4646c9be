"""Cards describe themselves (issue 27.2): every built-in card says what it does in the
words of ``TRAITS`` and carries the bots' valuation hint, and the catalog a host sends
carries both, so no client or bot needs a table of built-in card ids."""

from __future__ import annotations

from ekpeer.engine import TRAITS
from ekpeer.plugins import installed, ruleset

BUILT_IN = ("base", "imploding", "zombie", "streaking", "party")


def _all_built_in():
    return ruleset(list(BUILT_IN)).cards


def test_every_built_in_trait_is_a_documented_word():
    for card, spec in _all_built_in().items():
        assert spec.traits <= set(TRAITS), (card, spec.traits - set(TRAITS))


def test_what_kills_and_what_saves_is_said_not_guessed():
    cards = _all_built_in()
    assert {c for c, s in cards.items() if "kills" in s.traits} == {"exploding_kitten", "imploding_kitten"}
    assert {c for c, s in cards.items() if "harmless_face_down" in s.traits} == {"imploding_kitten"}
    assert {c for c, s in cards.items() if "saves" in s.traits} == {c for c, s in cards.items() if s.saves}
    assert cards["favor"].traits == {"steals"} and "attacks" in cards["targeted_attack"].traits
    assert "ends_turn" in cards["skip"].traits and "peeks" in cards["see_the_future"].traits


def test_the_catalog_carries_traits_and_bot_value():
    assert set(BUILT_IN) <= set(installed())
    entries = {e["id"]: e for e in ruleset(list(BUILT_IN)).catalog()}
    assert entries["exploding_kitten"]["traits"] == ["kills"]
    assert entries["defuse"]["bot_value"] == 100
    assert entries["tacocat"]["bot_value"] is None and entries["tacocat"]["traits"] == []
    assert all(isinstance(e["traits"], list) for e in entries.values())  # msgpack-able
