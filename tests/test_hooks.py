"""One test per hook in ekpeer/hookspecs.py, plus a check that each is documented and tested,
and the box a plugin declares as data (``CARDS``, ``DECKS``, ``VARIANTS``, ``REQUIRES``)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from types import ModuleType

import pytest

from ekpeer import hookspecs
from ekpeer.engine import CardSpec, DeckSpec, IllegalMove, Move, Ruleset, Variant, player_view
from ekpeer.hookspecs import hookimpl
from ekpeer.plugins import load_module, plugin_manager

ROOT = Path(__file__).resolve().parents[1]
HOOKS = sorted(n for n, f in inspect.getmembers(hookspecs, inspect.isfunction) if n.startswith("ekpeer_"))


def rules_with(plugin: object, base: bool = True) -> Ruleset:
    names = ["base", "testplug"] if base else ["testplug"]
    pm, order = plugin_manager(names, extra={"testplug": plugin})
    return Ruleset(pm, order)


def table(rules: Ruleset, **extra):
    setup = {"players": ["ann", "bob", "cat"], "draw_pile": ["tacocat", "skip", "beard_cat"],
             "hands": {"ann": ["skip"], "bob": ["nope"], "cat": []}}
    setup.update(extra)
    return rules.game_from_table(setup)


def test_every_hook_is_documented_and_tested():
    docs = (ROOT / "docs" / "plugins.md").read_text()
    tests = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
    for hook in HOOKS:
        assert re.search(rf"^### `?{hook}\(", docs, re.M), f"{hook} is not documented in docs/plugins.md"
        assert f"def test_{hook}" in tests, f"{hook} has no test_{hook}"


def test_every_hook_has_a_one_line_docstring():
    for hook in HOOKS:
        doc = getattr(hookspecs, hook).__doc__ or ""
        assert doc.strip() and "\n" not in doc.strip(), hook


def plugin_module(**declared: object) -> ModuleType:
    """A plugin as a third party writes it: a module with its box as module-level data."""
    module = ModuleType("testplug")
    for name, value in declared.items():
        setattr(module, name, value)
    return module


def test_a_plugin_declares_its_box_as_data():
    def grin(game, action):
        game.emit("grinned", None, by=action.by)

    module = plugin_module(
        CARDS=[CardSpec("grin", "Grin", "Grin at everyone.", counts={"grins": 3}, effect=grin)],
        DECKS=[DeckSpec("grins", "Grins", description="3 cards")],
        VARIANTS=[Variant("testplug.wide", "Wide grins")],
        REQUIRES=["base"],
    )
    pm, order = plugin_manager(["testplug"], extra={"testplug": module})
    assert order == ["testplug", "base"]
    rules = Ruleset(pm, order)
    assert rules.cards["grin"].plugin == rules.decks["grins"].plugin == "testplug"
    assert rules.variants["testplug.wide"].plugin == "testplug"
    assert rules.plan(["a", "b"], deck="original").pool["grin"] == 3
    game = table(rules, hands={"ann": ["grin"], "bob": [], "cat": []})
    game.apply(Move("play", "ann", ("grin",)))
    assert any(e["type"] == "grinned" for _, e in game.apply(Move("resolve")))


def test_a_declared_box_of_the_wrong_type_is_refused_by_name():
    for declared, says in [({"CARDS": CardSpec("x", "X", "")}, "CARDS must be a list of CardSpec"),
                           ({"DECKS": ["tiny"]}, "DECKS holds 'tiny', not a DeckSpec"),
                           ({"REQUIRES": "base"}, "REQUIRES must be a list of str")]:
        with pytest.raises(TypeError, match=f"plugin 'testplug': {says}"):
            rules_with(plugin_module(**declared))


def test_declared_cards_and_registered_cards_join_one_box():
    class P:
        CARDS = [CardSpec("pebble", "Pebble", "Nothing.", counts={"original": 1}, playable=False)]

        @hookimpl
        def ekpeer_register_cards(self, register):
            register(CardSpec("stone", "Stone", "Nothing.", counts={"original": 1}, playable=False))

    rules = rules_with(P())
    assert list(rules.cards)[-2:] == ["pebble", "stone"]
    with pytest.raises(ValueError, match="card 'pebble' registered twice"):
        rules_with(plugin_module(CARDS=[P.CARDS[0], CardSpec("pebble", "Big Pebble", "Another.")]))


def test_the_built_in_plugins_declare_their_boxes_and_register_nothing():
    for name in ("base", "imploding", "zombie", "streaking", "party"):
        module = load_module(name)
        assert module.__name__ == f"ekpeer_cards.{name}"
        assert module.CARDS and module.DECKS, name
        assert not [h for h in dir(module) if h.startswith(("ekpeer_register_", "ekpeer_requires"))], name


def test_ekpeer_register_cards():
    def grin(game, action):
        game.emit("grinned", None, by=action.by)

    class P:
        @hookimpl
        def ekpeer_register_cards(self, register):
            register(CardSpec("grin", "Grin", "Grin at everyone.", counts={"original": 2}, effect=grin))

    rules = rules_with(P())
    assert rules.cards["grin"].plugin == "testplug"
    assert any(c["id"] == "grin" and c["title"] == "Grin" for c in rules.catalog())
    game = table(rules, hands={"ann": ["grin"], "bob": [], "cat": []})
    game.apply(Move("play", "ann", ("grin",)))
    events = game.apply(Move("resolve"))
    assert any(e["type"] == "grinned" for _, e in events)
    assert rules.plan(["a", "b"]).pool["grin"] == 2


def test_ekpeer_register_decks():
    class P:
        @hookimpl
        def ekpeer_register_decks(self, register):
            register(DeckSpec("tiny", "Tiny deck", main=True, min_players=2, max_players=3))

        @hookimpl
        def ekpeer_register_cards(self, register):
            register(CardSpec("pebble", "Pebble", "Nothing.", counts={"tiny": 30}, playable=False))

    rules = rules_with(P())
    assert rules.decks["tiny"].plugin == "testplug"
    game = rules.new_game(["a", "b", "c"], seed=1, deck="tiny")
    # No Defuses or kittens in the tiny box: only pebbles are dealt.
    assert set(game.all_cards()) == {"pebble"}
    with pytest.raises(ValueError):
        rules.new_game(["a", "b", "c", "d"], deck="tiny")


def test_ekpeer_register_variants():
    class P:
        @hookimpl
        def ekpeer_register_variants(self, register):
            register(Variant("testplug.short_hands", "Short hands", "Deal 3 cards."))

        @hookimpl
        def ekpeer_adjust_setup(self, plan):
            if "testplug.short_hands" in plan.variants:
                plan.hand_size = 3

    rules = rules_with(P())
    assert rules.variants["testplug.short_hands"].plugin == "testplug"
    game = rules.new_game(["a", "b"], seed=3, variants=["testplug.short_hands"])
    assert all(len(h) == 4 for h in game.hands.values())
    with pytest.raises(ValueError):
        rules.new_game(["a", "b"], variants=["no.such_variant"])


def test_ekpeer_requires():
    class P:
        @hookimpl
        def ekpeer_requires(self):
            return ["base"]

    pm, order = plugin_manager(["testplug"], extra={"testplug": P()})
    assert order == ["testplug", "base"]
    assert "defuse" in Ruleset(pm, order).cards


def test_ekpeer_adjust_setup():
    class P:
        @hookimpl
        def ekpeer_adjust_setup(self, plan):
            plan.kitten_count = len(plan.players)
            plan.spare_savers = 0

    rules = rules_with(P())
    game = rules.new_game(["a", "b", "c"], seed=5)
    pile = game.draw_pile.top_first()
    assert pile.count("exploding_kitten") == 3
    assert pile.count("defuse") == 0


def test_ekpeer_before_kittens():
    class P:
        @hookimpl
        def ekpeer_before_kittens(self, plan, draw_pile, rng):
            del draw_pile[5:]

    rules = rules_with(P())
    game = rules.new_game(["a", "b", "c"], seed=5)
    assert len(game.draw_pile) == 5 + 2


def test_ekpeer_card_drawn():
    class P:
        @hookimpl
        def ekpeer_card_drawn(self, game, player, card):
            if card == "tacocat":
                game.discard.append(card)
                game.end_turn()
                return True
            return None

    game = table(rules_with(P()))
    game.apply(Move("draw", "ann"))
    assert game.discard == ["tacocat"] and game.hands["ann"] == ["skip"]
    assert game.current == "bob"


def test_ekpeer_player_died():
    class P:
        @hookimpl
        def ekpeer_player_died(self, game, player, kitten):
            game.status[player] = "dead"
            return True

    game = table(rules_with(P()), draw_pile=["exploding_kitten", "skip"])
    game.apply(Move("draw", "ann"))
    assert game.status["ann"] == "dead" and game.hands["ann"] == ["skip"]
    assert game.current == "bob"


def test_ekpeer_death_words():
    class P:
        @hookimpl
        def ekpeer_death_words(self, game, player, kitten):
            return f"turn into a ghost ({player}, {kitten})"

    game = table(rules_with(P()), draw_pile=["exploding_kitten", "skip"], hands={"ann": ["defuse"],
                                                                                 "bob": [], "cat": []})
    game.apply(Move("draw", "ann"))
    context = player_view(game, "ann")["choices"][0]["context"]
    assert context["if_not_saved"] == "turn into a ghost (ann, exploding_kitten)"
    assert context["drawn_by"] == "ann"
    plain = table(rules_with(object()), draw_pile=["exploding_kitten"], hands={"ann": ["defuse"], "bob": [],
                                                                                "cat": []})
    plain.apply(Move("draw", "ann"))
    assert player_view(plain, "ann")["choices"][0]["context"]["if_not_saved"] == "explode and leave the game"


def test_ekpeer_turn_ended():
    ended = []

    class P:
        @hookimpl
        def ekpeer_turn_ended(self, game, player):
            ended.append(player)

    game = table(rules_with(P()))
    game.apply(Move("draw", "ann"))
    game.apply(Move("draw", "bob"))
    assert ended == ["ann", "bob"]


def test_ekpeer_hand_changed():
    changed = []

    class P:
        @hookimpl
        def ekpeer_hand_changed(self, game, player):
            changed.append((player, len(game.hands[player])))

    game = table(rules_with(P()))
    game.apply(Move("play", "ann", ("skip",)))
    game.apply(Move("resolve"))
    game.apply(Move("draw", "bob"))
    assert changed == [("ann", 0), ("bob", 2)]


def test_ekpeer_game_over():
    class P:
        @hookimpl
        def ekpeer_game_over(self, game):
            return "cat" if len(game.draw_pile) < 3 else None

    game = table(rules_with(P()))
    game.apply(Move("draw", "ann"))
    assert game.winner == "cat"
    with pytest.raises(IllegalMove) as refused:
        game.apply(Move("draw", "bob"))
    assert refused.value.code == "game_over"


def test_ekpeer_game_over_may_name_several_who_share_the_win():
    class P:
        @hookimpl
        def ekpeer_game_over(self, game):
            return ["ann", "bob"] if len(game.draw_pile) < 3 else None

    game = table(rules_with(P()))
    game.apply(Move("draw", "ann"))
    assert game.over and list(game.winners) == ["ann", "bob"] and game.shared_win


def test_ekpeer_refuse_move():
    class P:
        @hookimpl
        def ekpeer_refuse_move(self, game, player, move):
            return "no skipping today" if move.cards == ("skip",) else None

    game = table(rules_with(P()))
    before = game.snapshot()
    with pytest.raises(IllegalMove) as refused:
        game.apply(Move("play", "ann", ("skip",)))
    assert "no skipping" in refused.value.message
    assert game.snapshot() == before
    assert Move("play", "ann", ("skip",)) not in game.legal_moves("ann")
    assert Move("draw", "ann") in game.legal_moves("ann")


def test_ekpeer_cards_elsewhere():
    class P:
        @hookimpl
        def ekpeer_cards_elsewhere(self, game):
            return game.data.get("vault", [])

    game = table(rules_with(P()))
    game.data["vault"] = ["nope"]
    assert game.all_cards()["nope"] == 2


def test_ekpeer_check_options():
    class P:
        @hookimpl
        def ekpeer_check_options(self, cards, players, options):
            if options.get("lucky") not in (None, 7):
                return f"{len(players)} players need a lucky 7"
            return None

    rules = rules_with(P())
    assert rules.check_options(["a", "b"], {"lucky": 7}) is None
    assert rules.check_options(["a", "b"], {}) is None
    assert rules.check_options(["a", "b"], {"lucky": 3}) == "2 players need a lucky 7"


def test_ekpeer_extend_view():
    class P:
        @hookimpl
        def ekpeer_extend_view(self, game, player, view):
            view["weather"] = "sunny"

    game = table(rules_with(P()))
    assert player_view(game, "ann")["weather"] == "sunny"


def test_ekpeer_hand_hidden():
    class P:
        @hookimpl
        def ekpeer_hand_hidden(self, game, player):
            return player == "bob" or None

    game = table(rules_with(P()))
    view = player_view(game, "bob")
    assert view["hand"] == [] and view["hand_count"] == 1
    assert [s["cursed"] for s in view["players"]] == [False, True, False]
    assert game.cursed == {"bob"} and player_view(game, "ann")["hand"] == ["skip"]
    picked = []
    game.ask_card_from_hand("bob", picked.append)   # nobody is asked: a card at random
    assert picked == ["nope"] and not game.awaiting


class Badge:
    """A test plugin whose state is who wears a badge: set from a rigged table's
    ``badges`` and said back in the same terms."""

    @hookimpl
    def ekpeer_rig_table(self, game, table):
        game.plugin_state("badge")["wearers"] = list(table.get("badges", []))

    @hookimpl
    def ekpeer_describe_table(self, game):
        return {"badges": list(game.plugin_state("badge").get("wearers", []))}


def test_ekpeer_rig_table():
    game = table(rules_with(Badge()), badges=["cat"])
    assert game.plugin_state("badge") == {"wearers": ["cat"]}


def test_ekpeer_describe_table():
    game = table(rules_with(Badge()), badges=["cat", "ann"])
    assert game.described() == {"badges": ["cat", "ann"]}
    assert table(rules_with(object())).described() == {}


def test_hook_order_is_the_documented_one():
    """docs/plugins.md, *Hook order between plugins*: load order is the names as listed, then
    what they require; the last registered runs first; a card's hooks are registered last;
    ``tryfirst`` wins over all of it."""
    calls: list[str] = []

    def plugin(name: str, requires: tuple[str, ...] = (), first: bool = False, cards=()) -> ModuleType:
        module = ModuleType(name)

        @hookimpl(tryfirst=first)
        def ekpeer_turn_ended(game, player):
            calls.append(name)

        module.ekpeer_turn_ended = ekpeer_turn_ended
        module.REQUIRES = list(requires)
        module.CARDS = list(cards)
        return module

    def order(names, extra) -> list[str]:
        pm, loaded = plugin_manager(names, extra=extra)
        rules = Ruleset(pm, loaded)
        calls.clear()
        rules.hook.ekpeer_turn_ended(game=None, player="ann")
        return calls[:]

    class CardRule:
        @hookimpl
        def ekpeer_turn_ended(self, game, player):
            calls.append("card")

    card = CardSpec("chime", "Chime", "It rings.", hooks=CardRule())
    a, b = plugin("a"), plugin("b", requires=("a",), cards=[card])
    assert order(["a", "b"], {"a": a, "b": b}) == ["card", "b", "a"]
    assert order(["b"], {"a": a, "b": b}) == ["card", "a", "b"]     # a loaded after b, as its requirement
    eager = plugin("eager", first=True)
    assert order(["eager", "a", "b"], {"a": a, "b": b, "eager": eager})[0] == "eager"
