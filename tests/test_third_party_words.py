"""A third party's box reads and plays as well as a built-in one (issue 27.2): a box written
with the public API only, traits and phrases on its cards, played on the engine; its log
lines, its save dialog, the odds line and the bots come from its catalog alone."""

from __future__ import annotations

from types import ModuleType

from ekpeer.bots.heuristic import HeuristicBot
from ekpeer.engine import CardSpec, DeckSpec, Move, Ruleset, player_view
from ekpeer.engine.view import visible_events
from ekpeer.plugins import plugin_manager
from ekpeer.tui.screens.save import SaveScreen
from ekpeer.tui.words import Catalog, Knowledge, event_words, explode_odds


def _yaps(game, player, card):
    game.in_front[player].append(card)
    game.emit("yapped", None, player=player, card=card)
    game.explode(player, card, drawn_by=player)


def _hush(game, action):
    game.emit("hushed", None, by=action.by)
    game.end_turn()


def kennel() -> ModuleType:
    box = ModuleType("kennel")
    box.CARDS = [
        CardSpec("yapping_kitten", "Yapping Kitten", "Drawn, it yaps: Defuse it or explode.",
                 kind="kitten", counts={"kennel": 1}, nopeable=False, playable=False, combo=False,
                 on_drawn=_yaps, extra={"defusable": True}, traits=frozenset({"kills"}),
                 phrases={"yapped": "{Player} {player:wake} {card}: it yaps!"}),
        CardSpec("hush", "Hush", "End your turn without drawing.", counts={"kennel": 2}, effect=_hush,
                 traits=frozenset({"ends_turn", "dodges"}), bot_value=66,
                 phrases={"hushed": "{By} {by:hush} the kennel and {by:tiptoe} away"}),
    ]
    box.DECKS = [DeckSpec("kennel", "Kennel")]
    return box


def _game():
    pm, order = plugin_manager(["base", "kennel"], extra={"kennel": kennel()})
    rules = Ruleset(pm, order)
    game = rules.game_from_table({"players": ["ann", "bob"], "current": "ann",
                                  "draw_pile": ["yapping_kitten", "skip", "tacocat"],
                                  "hands": {"ann": ["defuse", "hush"], "bob": ["hush"]}})
    return game, Catalog(rules.catalog())


def _lines(game, events, me, cat):
    return [w for w in (event_words(e, cat, me) for e in visible_events(events, me)) if w]


def test_its_events_read_in_its_own_words_and_its_kitten_is_dealt_with_like_one():
    game, cat = _game()
    events = game.apply(Move("draw", "ann"))
    assert _lines(game, events, "ann", cat) == [
        "You draw Yapping Kitten!", "You wake Yapping Kitten: it yaps!", "You face Yapping Kitten!"]
    assert _lines(game, events, "bob", cat) == [
        "ann draws Yapping Kitten!", "ann wakes Yapping Kitten: it yaps!", "ann faces Yapping Kitten!"]
    choice = player_view(game, "ann")["choices"][0]
    screen = SaveScreen(choice, list(choice["options"]), cat)
    assert screen.title_text == "You drew Yapping Kitten!"
    assert [label for _, label, _ in screen.options] == ["Use Defuse: survive",
                                                         "Do not save yourself: explode and leave the game"]


def test_the_odds_count_its_kitten_and_a_bot_dodges_it_with_its_card():
    game, cat = _game()
    view = player_view(game, "ann")
    assert view["kittens_in_pile"] == 1
    assert explode_odds(view, cat, Knowledge()) == (1 / 3, "1 kitten in 3 cards")
    # bob is shown the top card; a bot told the catalog dodges it with Hush, a third party's card
    game.show_top("bob", 1)
    game.current = "bob"
    bot = HeuristicBot(1)
    bot.know_cards(game.ruleset.catalog())
    move = bot.act(player_view(game, "bob"), game.legal_moves("bob"))
    assert move.cards == ("hush",)
    events = game.apply(move)
    events += game.apply(Move("resolve"))
    assert "bob hushes the kennel and tiptoes away" in _lines(game, events, "ann", cat)
