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


def _view_over_a_known_kitten(hand: list[str]) -> dict:
    return {"you": "ann", "current": "ann", "turns": 1, "direction": 1, "hand": hand,
            "hand_count": len(hand), "draw_pile_count": 5, "discard": [], "face_up": [],
            "known_pile": [{"depth": 0, "card": "barking_kitten"}], "seen": [], "choices": [],
            "players": [{"name": "ann", "status": "living", "hand_count": len(hand)},
                        {"name": "bob", "status": "living", "hand_count": 3}]}


def test_a_bot_dodges_with_any_card_that_says_it_dodges_not_a_list_of_ids():
    from ekpeer.bots.heuristic import HeuristicBot
    from ekpeer.engine import Move

    catalog = [{"id": "barking_kitten", "traits": ["kills"]},
               {"id": "hide_under_the_bed", "traits": ["dodges", "ends_turn"], "bot_value": 70},
               {"id": "plain_cat", "traits": [], "cat": True}]
    moves = [Move("draw", "ann"), Move.play("ann", ("hide_under_the_bed",))]
    bot = HeuristicBot(1)
    bot.know_cards(catalog)
    assert bot.act(_view_over_a_known_kitten(["hide_under_the_bed"]), moves).cards == ("hide_under_the_bed",)
    # a bot told nothing of the cards does not guess from ids: it draws
    assert HeuristicBot(1).act(_view_over_a_known_kitten(["hide_under_the_bed"]), moves).do == "draw"


async def test_a_bot_over_the_network_learns_the_cards_from_the_snapshot():
    from ekpeer.net.client import Message
    from ekpeer.net.remote_bot import RemoteBot

    catalog = ruleset(["base"]).catalog()
    frames = [Message("snapshot", {"view": {"you": "bot1", "legal_moves": []}, "catalog": catalog,
                                   "events": []}, 1, None, None),
              Message("closing", {}, 2, None, None)]

    class Feed:
        async def next_message(self):
            return frames.pop(0)

    bot = RemoteBot(Feed(), "heuristic", seed=1, emit=None)  # type: ignore[arg-type]
    assert await bot.run() == 0
    assert bot.bot.book.has("exploding_kitten", "kills") and bot.bot.book.value("defuse") == 100


def test_the_normal_bot_now_and_then_plays_a_card_none_of_whose_traits_it_reads():
    """A stranger's Snoop and Dumpster Dive, with no trait a bot reads, were never played by a
    normal bot in a whole game: the box never showed in bots' hands. It tries them now and then."""
    from ekpeer.bots.heuristic import HeuristicBot
    from ekpeer.engine import Move

    catalog = [{"id": "snoop", "kind": "action", "traits": [], "asks": ["target"]},
               {"id": "skip", "kind": "action", "traits": ["dodges", "ends_turn"]}]
    view = {**_view_over_a_known_kitten(["snoop", "skip"]), "known_pile": []}
    moves = [Move("draw", "ann"), Move.play("ann", ("snoop",), target="bob"), Move.play("ann", ("skip",))]
    picks = []
    for seed in range(60):
        bot = HeuristicBot(seed)
        bot.know_cards(catalog)
        picks.append(bot.act(view, moves))
    snoops = sum(m.cards == ("snoop",) for m in picks)
    assert 8 <= snoops <= 35 and all(m.do == "draw" or m.cards == ("snoop",) for m in picks), snoops
