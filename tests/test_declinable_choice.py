"""A card choice its player may decline (``ask(..., none=...)``): a stranger's Night Owl ("you
may put one of the bottom 2 cards on top") had only ``keep`` to say "or not", and its dialog
read as Dig Deeper's ("Keep Tacocat?"). The engine side: the option, its words, its answer,
and the bots that answer it."""

from __future__ import annotations

import random

import pytest
from third_party.night_watch import PLUGIN, box

from ekpeer.bots.driver import play_out
from ekpeer.bots.heuristic import HeuristicBot
from ekpeer.bots.playout import Playout
from ekpeer.bots.registry import make_bot
from ekpeer.engine import IllegalMove, Move, Reason, Ruleset, player_view
from ekpeer.plugins import plugin_manager

TABLE = {"players": ["ann", "bob"], "current": "ann",
         "draw_pile": ["skip", "nope", "tacocat", "exploding_kitten"],
         "hands": {"ann": ["night_owl", "defuse"], "bob": ["defuse"]}}


def _rules() -> Ruleset:
    pm, order = plugin_manager(["base", PLUGIN], extra={PLUGIN: box()})
    return Ruleset(pm, order)


def _asked(table=TABLE):
    game = _rules().game_from_table(table)
    game.apply(Move.play("ann", ("night_owl",)))
    game.apply(Move("resolve", "ann"))
    return game


def test_the_choice_offers_none_last_with_the_plugins_words_for_it():
    game = _asked()
    choice = player_view(game, "ann")["choices"][0]
    assert choice["kind"] == "card"
    assert choice["options"] == ["tacocat", "exploding_kitten", "none"]
    assert choice["context"]["none"] == "leave both at the bottom"
    assert isinstance(choice["context"]["none"], Reason)      # said in the chooser's language
    assert Move("choose", "ann", card="none") in game.legal_moves("ann")


def test_choosing_none_changes_nothing_and_a_card_goes_on_top():
    game = _asked()
    game.apply(Move("choose", "ann", card="none"))
    assert game.draw_pile.top_first() == ["skip", "nope", "tacocat", "exploding_kitten"]
    assert any(e.get("type") == "night_owl_kept" for _to, e in game.events)
    game = _asked()
    game.apply(Move("choose", "ann", card="tacocat"))
    assert game.draw_pile.top_first() == ["tacocat", "skip", "nope", "exploding_kitten"]


def test_none_from_the_hand_is_a_choice_though_nobody_holds_a_none():
    rules = _rules()
    game = rules.game_from_table(TABLE)
    got = []
    game.ask("bob", "card", ["defuse"], got.append, from_hand=True, none=Reason("keep them all"))
    assert [m.card for m in game.legal_moves("bob")] == ["defuse", "none"]
    game.apply(Move("choose", "bob", card="none"))
    assert got == ["none"]


def test_only_a_card_choice_offers_none_and_an_unoffered_none_is_refused():
    game = _rules().game_from_table(TABLE)
    with pytest.raises(ValueError):
        game.ask("ann", "keep", [True, False], print, none=Reason("neither"))
    game.ask("ann", "card", ["defuse"], print)
    with pytest.raises(IllegalMove):
        game.apply(Move("choose", "ann", card="none"))


def _bots_answer(kind: str, table) -> str:
    game = _asked(table)
    if kind == "playout":
        return Playout(game, random.Random(1)).choose(game.awaiting[0]).card
    bot = HeuristicBot(1)
    bot.know_cards(game.ruleset.catalog())
    return bot.act(player_view(game, "ann"), game.legal_moves("ann")).card


@pytest.mark.parametrize("kind", ["heuristic", "playout"])
def test_a_bot_puts_no_kitten_on_top_and_declines_when_only_kittens_are_offered(kind):
    assert _bots_answer(kind, TABLE) == "tacocat"
    two = {**TABLE, "draw_pile": ["skip", "exploding_kitten", "exploding_kitten"],
           "players": ["ann", "bob", "cat"], "hands": {**TABLE["hands"], "cat": []}}
    assert _bots_answer(kind, two) == "none"


@pytest.mark.parametrize("kind", ["heuristic", "random"])
def test_bots_play_whole_games_with_the_box_and_answer_its_choice(kind):
    """Simulated games: each bot is asked the choice and answers it with a legal move (the
    search bot rebuilds its table from installed plugins: its playouts' answer is above)."""
    answered = 0
    for seed in range(6):
        game = _rules().new_game(["p1", "p2", "p3"], deck="original", seed=seed)
        bots = {p: make_bot(kind, seed=seed * 10 + i) for i, p in enumerate(game.players)}
        for bot in bots.values():
            bot.know_cards(game.ruleset.catalog())
        asked = []

        def each(g, move, asked=asked):
            if move.do == "choose" and move.card is not None:
                asked.append(move.card)

        play_out(game, bots, max_moves=3000, each=each)
        answered += len(asked)
    assert answered
