"""A move the search bot never searches because it only spends a card: a See the Future
played again while all the first one showed still lies where it was (the flat search scores
it about level with drawing, and now and then played it twice in a row)."""

from __future__ import annotations

from ekpeer.bots.driver import public_setup
from ekpeer.bots.expert import ExpertBot
from ekpeer.engine import Move, player_view
from ekpeer.engine.view import visible_events
from ekpeer.plugins import ruleset

NAMES = ["p0", "p1", "p2", "p3"]


def _seat_with_two_peeks(seed: int = 4):
    rules = ruleset(["base"])
    game = rules.new_game(NAMES, seed=seed)
    me = game.current
    game.hands[me] = ["see_the_future", "see_the_future", "skip", "defuse"]
    bot = ExpertBot(seed=1, playouts=60)
    bot.bind(public_setup(game))
    bot.observe(visible_events(game.events, me))
    return game, me, bot


def _play(game, me, bot, move: Move) -> None:
    game.apply(move)                        # (game.events holds the last move's events)
    bot.observe(visible_events(game.events, me))
    while game.stack:
        game.apply(Move("resolve"))
        bot.observe(visible_events(game.events, me))


def test_a_second_see_the_future_that_would_show_the_same_cards_is_not_searched():
    game, me, bot = _seat_with_two_peeks()
    first, _ = bot.prepare(player_view(game, me), game.legal_moves(me), react=False)
    assert first is not None and any(m.get("cards") == ["see_the_future"] for m in first.moves)
    _play(game, me, bot, Move.play(me, ("see_the_future",)))
    view = player_view(game, me)
    assert view["seen"] == game.draw_pile.peek(3)
    again, _ = bot.prepare(view, game.legal_moves(me), react=False)
    assert again is not None and not any(m.get("cards") == ["see_the_future"] for m in again.moves)
    assert any(m.get("cards") == ["skip"] for m in again.moves)
    assert any(m["do"] == "draw" for m in again.moves)
    move = bot.act(view, game.legal_moves(me))
    assert move.cards != ("see_the_future",)


def test_once_the_pile_has_changed_or_the_turn_passed_a_peek_is_searched_again():
    game, me, bot = _seat_with_two_peeks()
    bot.prepare(player_view(game, me), game.legal_moves(me), react=False)   # it starts following
    _play(game, me, bot, Move.play(me, ("see_the_future",)))
    tracker = bot.tracker
    assert tracker is not None and tracker.spent_peek(player_view(game, me)) == "see_the_future"
    changed = player_view(game, me)
    changed["known_pile"] = changed["known_pile"][1:]        # the top card no longer known
    assert tracker.spent_peek(changed) is None
    tracker.feed([{"type": "turn", "player": me}])
    assert tracker.spent_peek(player_view(game, me)) is None
