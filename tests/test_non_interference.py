"""Non-interference (``ekpeer.engine.noninterference``: the check itself, which ``ekpeer
privacy PLUGIN`` runs for anyone's box): what a player receives never depends on a card they
have not seen. Over every built-in plugin mix (the party box's extra cards dealt), test-only
plugins written like third-party ones (``tests/third_party/spyglass.py``, ``offering.py``),
with their leaky twins, which the check must catch, and the example boxes of ``examples/``
(Catnip; Barking Kittens, alone and beside every built-in box).
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from third_party import offering, spyglass

from ekpeer.engine import Move, Ruleset
from ekpeer.engine.noninterference import RESOLVE, check_games, names_a_swapped_card, options, received
from ekpeer.plugins import plugin_manager

ALL = ("base", "imploding", "party", "streaking", "zombie")

#: (plugins, deck, variants, most players)
MIXES = {
    "base": (("base",), "original", (), 5),
    "two_player": (("base",), "two_player", (), 2),
    "imploding": (("base", "imploding"), "original", (), 6),
    "zombie": (("base", "zombie"), "original", (), 5),
    "streaking": (("base", "streaking"), "original", (), 5),
    "party": (("base", "party"), "party_pack", ("party.extras",), 7),
    "party_in_original": (("base", "party"), "original", ("party.extras",), 5),
    "everything": (ALL, "original", ("party.extras",), 5),
    "everything_party_pack": (ALL, "party_pack", ("party.extras",), 5),
    "spyglass": (("base", "spyglass"), "original", (), 5),
    "spyglass_and_party": (("base", "party", "spyglass"), "original", ("party.extras",), 5),
    "catnip": (("base", "catnip"), "original", (), 5),
    "barking": (("base", "barking"), "original", (), 5),
    "barking_and_everything": ((*ALL, "barking"), "original", ("party.extras",), 5),
}
GAMES = 6            # games per mix


def example_box(folder: str, module: str):
    """An example box's plugin module, read from examples/ as it is written (the suite does not
    install it here: tests/test_example_plugin.py installs them as a user would)."""
    path = Path(__file__).resolve().parents[1] / "examples" / folder / module / "__init__.py"
    spec = importlib.util.spec_from_file_location(module, path)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


BARKING = example_box("ekpeer-barking", "ekpeer_barking")
CATNIP = example_box("ekpeer-catnip", "ekpeer_catnip")


def rules_for(plugins: tuple[str, ...], leaky: bool = False) -> Ruleset:
    extra = {"spyglass": spyglass.LEAKY if leaky else spyglass, "barking": BARKING, "catnip": CATNIP}
    pm, order = plugin_manager(plugins, extra=extra)
    return Ruleset(pm, order)


_RULES: dict[tuple, Ruleset] = {}


def cached_rules(plugins: tuple[str, ...], leaky: bool = False) -> Ruleset:
    key = (plugins, leaky)
    if key not in _RULES:
        _RULES[key] = rules_for(plugins, leaky)
    return _RULES[key]


def run_mix(name: str, games: int = GAMES, leaky: bool = False, first_seed: int = 0) -> dict:
    plugins, deck, variants, most = MIXES[name]
    return check_games(cached_rules(plugins, leaky), games, most, deck, variants, first_seed)


@pytest.mark.parametrize("name", sorted(MIXES))
def test_what_a_player_receives_does_not_depend_on_cards_they_have_not_seen(name):
    stats = run_mix(name)
    assert stats["forks"] >= GAMES and stats["compared"] >= 10 * GAMES, stats


def test_the_test_catches_a_plugin_that_names_a_hidden_card():
    """Spyglass's leaky twin names the card it sends to the bottom to everyone."""
    with pytest.raises(AssertionError, match="spyglass_sent_down"):
        run_mix("spyglass", games=40, leaky=True)


def test_the_test_catches_a_plugin_that_names_a_card_chosen_from_a_hand():
    """Offering's leaky twin names to everyone the card each player chose from their hand: the
    twins, differing only in the draw pile (and in hands no move chose from), never saw it."""
    pm, order = plugin_manager(("base", "offering"), extra={"offering": offering.TOLD})
    with pytest.raises(AssertionError, match="'type': 'offered'"):
        check_games(Ruleset(pm, order), 20, 3)


def test_the_test_catches_a_plugin_that_tells_a_face_down_hand_its_card():
    """Offering's other leaky twin tells a cursed player where their card went: picked at
    random from a face-down hand, unseen by them too. It shows only beside Streaking Kittens,
    in a twin where that hand lies in another order; the box as written passes."""
    def rules(box, *beside):
        pm, order = plugin_manager(("base", "offering", *beside), extra={"offering": box})
        return Ruleset(pm, order)

    check_games(rules(offering.CURSED_TOLD), 30, 5)
    check_games(rules(offering, "streaking"), 30, 5)
    with pytest.raises(AssertionError, match="their own face-down hand"):
        check_games(rules(offering.CURSED_TOLD, "streaking"), 30, 5)


def test_a_buried_card_is_named_to_its_player_alone():
    """Bury (ruling 20): while its player chooses where the card goes it lies in no public
    place, and putting it back names it to nobody else (it lay in front of its player, and
    ``put_back_hidden`` named it to all)."""
    rules = cached_rules(("base", "party"))
    game = rules.game_from_table({"players": ["ann", "bob"], "hands": {"ann": ["bury"], "bob": ["nope"]},
                                  "draw_pile": ["tacocat", "skip", "skip"]})
    start = game.all_cards()
    seen_by_bob = []
    for move in (Move.play("ann", ("bury",)), RESOLVE, Move("choose", "ann", position=2)):
        game.apply(move)
        assert game.all_cards() == start
        seen_by_bob.append(received(game, "bob"))
        seen_by_bob.append(received(game, None))
        if move is RESOLVE:
            assert "tacocat" in repr(received(game, "ann"))   # she looks at it
    assert "tacocat" not in repr(seen_by_bob)
    assert game.draw_pile.top_first() == ["skip", "skip", "tacocat"]
    assert game.current == "bob"


def test_every_event_has_an_explicit_audience_of_seated_players():
    """The door's other half: ``emit`` takes no default audience and no bare name (a name is
    not a list of players: ``tuple("ann")`` would address a, n and n), and every event of a
    random game of every mix is for everyone or for players at the table."""
    rules = cached_rules(ALL)
    game = rules.new_game(["ann", "bob"], seed=1, deck="original")
    with pytest.raises(TypeError):
        game.emit("whispered", "ann", card="nope")
    with pytest.raises(TypeError):
        game.emit("whispered", card="nope")  # type: ignore[call-arg]
    for name in sorted(MIXES):
        plugins, deck, variants, most = MIXES[name]
        rules = cached_rules(plugins)
        rng = random.Random(name)
        game = rules.new_game([f"p{i}" for i in range(most)], seed=3, deck=deck, variants=variants)
        while not game.over and len(game.log) < 300:
            events = game.apply(rng.choice(options(game, None, None, set())))
            for to, event in events:
                assert to is None or (isinstance(to, tuple) and set(to) <= set(game.players)), (name, event)


@pytest.mark.parametrize("faster", ["imploding.faster", "zombie.faster"])
def test_the_cards_a_snapshot_says_a_game_holds_tell_nothing_of_what_was_set_aside(faster):
    """A snapshot's ``deck`` (the cards a game holds, for the name-a-card dialog) is public
    setup. The Faster Game sets cards aside at random, unseen: a list that left them out
    told every player, for one, that the game's single Catomic Bomb was not in it."""
    from ekpeer.engine.view import dealt_cards
    from ekpeer.plugins import ruleset

    boxes = ["base", "imploding", "streaking"] + (["zombie"] if faster == "zombie.faster" else [])
    rules = ruleset(boxes)
    lists = set()
    gone: set[str] = set()
    for seed in range(12):
        game = rules.new_game(["ann", "bob", "cat"], seed=seed, variants=[faster])
        lists.add(tuple(dealt_cards(game)))
        in_play = game.all_cards()
        in_play.subtract(game.out_of_game)
        gone |= {card for card, n in game.all_cards().items() if n > 0 and in_play[card] <= 0}
    assert gone, "no seed set every copy of some card aside: the test shows nothing"
    assert len(lists) == 1, "the list changed with the cards set aside at random"


#: The cards that have a player put a card of their hand face down into the draw pile, each at
#: a table where ann plays it and bob puts one in (Grave Robber: bob is Dead): (boxes, hands).
PUT_INTO_PILE = {
    "potluck": (["base", "party"], {"ann": ["potluck", "skip"], "cy": ["nope"]}),
    "garbage_collection": (["base", "streaking"], {"ann": ["garbage_collection", "skip"], "cy": ["nope"]}),
    "grave_robber": (["base", "zombie"], {"ann": ["grave_robber", "skip"], "cy": ["nope"]}),
}


def _putting(card: str, bob: list[str], puts: str, cursed: bool = False) -> list[tuple]:
    """Ann plays ``card``; bob, holding ``bob``, puts ``puts`` into the draw pile (a cursed bob
    puts what chance picks), ann and cy their first card. What ann, bob, cy and a spectator
    receive after each move, as the host encodes it."""
    from ekpeer.engine.view import update_for
    from ekpeer.net.protocol import encode

    boxes, hands = PUT_INTO_PILE[card]
    if cursed and "streaking" not in boxes:     # the Curse of the Cat Butt's box
        boxes = [*boxes, "streaking"]
    table = {"expansions": boxes, "players": ["ann", "bob", "cy"], "current": "ann",
             "draw_pile": ["skip", "attack", "shuffle", "favor"], "hands": {**hands, "bob": list(bob)}}
    if card == "grave_robber":
        table["dead"] = ["bob"]
    if cursed:
        table["cursed"] = ["bob"]
    game = cached_rules(tuple(boxes)).game_from_table(table)
    received_by: list[tuple] = []
    moves = [Move.play("ann", (card,)), RESOLVE]
    while True:
        for move in moves:
            events = game.apply(move)
            received_by.append(tuple(encode("update", update_for(game, who, events))
                                     for who in ("ann", "bob", "cy", None)))
        asked = [c.player for c in game.awaiting]
        if not asked:
            assert sum(c in game.draw_pile.top_first() for c in bob) == 1, "bob put no card in"
            return received_by
        who = asked[0]
        moves = [Move("choose", who, card=puts if who == "bob" else game.hands[who][0])]


@pytest.mark.parametrize("card", sorted(PUT_INTO_PILE))
def test_which_card_a_player_put_into_the_draw_pile_is_theirs_alone_to_know(card):
    """Potluck, Garbage Collection, Grave Robber: bob's log names the card he put in, and no
    other seat can tell which it was, nor what else he held: what they receive is the same,
    byte for byte, whichever card it was (bob's own events differ: they name it)."""
    def seats(received_by, *who):
        index = {"ann": 0, "bob": 1, "cy": 2, None: 3}
        return [tuple(step[index[w]] for w in who) for step in received_by]

    tacocat = _putting(card, ["tacocat", "cattermelon"], "tacocat")
    beard_cat = _putting(card, ["beard_cat", "cattermelon"], "beard_cat")
    assert seats(tacocat, "ann", "cy", None) == seats(beard_cat, "ann", "cy", None)
    assert seats(tacocat, "bob") != seats(beard_cat, "bob")
    # the card he kept, never seen by the others, does not show either
    kept_tacocat = _putting(card, ["tacocat", "cattermelon"], "cattermelon")
    kept_beard_cat = _putting(card, ["beard_cat", "cattermelon"], "cattermelon")
    assert seats(kept_tacocat, "ann", "cy", None) == seats(kept_beard_cat, "ann", "cy", None)


@pytest.mark.parametrize("card", sorted(PUT_INTO_PILE))
def test_a_cursed_hands_card_put_into_the_draw_pile_is_named_to_nobody(card):
    """A cursed hand lies face down, unseen by its owner too (ruling 11): its card is picked
    at random, and nobody, bob included, learns which card went in (nor, after a Potluck,
    which card lies on top)."""
    tacocat = _putting(card, ["tacocat"], "tacocat", cursed=True)
    beard_cat = _putting(card, ["beard_cat"], "beard_cat", cursed=True)
    assert tacocat == beard_cat


def _favor_with_a_curse(bob: list[str], cursed: str) -> list[tuple]:
    """Ann plays a Favor on bob (one card: it is given, whether asked or picked at random), with
    ``cursed`` (not ann: a cursed hand plays only at random) under the Curse of the Cat Butt;
    what ann, bob, cy and a spectator receive."""
    from ekpeer.engine.view import update_for
    from ekpeer.net.protocol import encode

    table = {"expansions": ["base", "streaking"], "players": ["ann", "bob", "cy"], "current": "ann",
             "draw_pile": ["skip", "attack", "shuffle"], "cursed": [cursed],
             "hands": {"ann": ["favor", "skip"], "bob": list(bob), "cy": ["nope"]}}
    game = cached_rules(("base", "streaking")).game_from_table(table)
    received_by: list[tuple] = []
    moves = [Move.play("ann", ("favor",), target="bob"), RESOLVE]
    while True:
        for move in moves:
            events = game.apply(move)
            received_by.append(tuple(encode("update", update_for(game, who, events))
                                     for who in ("ann", "bob", "cy", None)))
        if not game.awaiting:
            return received_by
        who = game.awaiting[0].player
        moves = [Move("choose", who, card=game.hands[who][0])]


def test_a_cursed_hand_is_not_told_which_card_left_it():
    """A Favor took a card at random from bob's cursed hand and his log named it ("You give
    Tacocat to ann"): the curse forbids him to look at his cards (ruling 11). ann, not cursed,
    still sees what she got."""
    def seat(received_by, who):
        return [step[{"ann": 0, "bob": 1, "cy": 2, None: 3}[who]] for step in received_by]

    tacocat, beard_cat = _favor_with_a_curse(["tacocat"], "bob"), _favor_with_a_curse(["beard_cat"], "bob")
    assert seat(tacocat, "bob") == seat(beard_cat, "bob")
    assert seat(tacocat, "ann") != seat(beard_cat, "ann")      # ann, not cursed, sees what she got
    for who in ("cy", None):
        assert seat(tacocat, who) == seat(beard_cat, who)


def test_three_of_a_kind_naming_a_card_asks_about_the_cards_that_share_its_name():
    """Naming Shuffle NOW takes a Shuffle (ruling 34): when the twins differ by a Shuffle, the
    move asks about it, and whether one was taken shows legitimately. The check let it be
    played in both twins and took the answer for a leak (hands differ far more often now)."""
    kin = cached_rules(ALL).plays.kin
    triple = Move.play("ann", ("tacocat",) * 3, target="bob", name="shuffle_now")
    assert names_a_swapped_card(triple, {"shuffle"}, kin)
    assert not names_a_swapped_card(triple, {"skip"}, kin)


def _rehearsals(rules: Ruleset, cards: list[str], seeds=(0, 1), players: int = 3) -> int:
    """Each card's cursed rehearsals (``ekpeer privacy``'s, ``ekpeer/engine/rehearsal.py``) for
    ``seeds``, the one deal each: played first thing by a cursed hand (an even seed) or beside
    one, against its twin; raises at a leak. How many were played."""
    from ekpeer.engine.noninterference import play_and_compare, rehearsal
    from ekpeer.engine.rehearsal import plain

    names = [f"p{i}" for i in range(players)]
    tried = 0
    for card in cards:
        for seed in seeds:
            deal = rules.new_game(names, seed=seed)
            if card not in deal.cards or not plain(deal, card):
                continue
            start = rehearsal(rules, deal, card, seed, blind=seed % 2 == 0)
            if start is not None:
                play_and_compare(rules, names, None, (), seed, cards, start)
                tried += 1
    return tried


def test_the_cursed_rehearsals_pass_the_streaking_box_and_catch_a_card_that_tells_a_face_down_hand():
    """The rehearsals ran only under ``ekpeer privacy`` (a subprocess): here, in a few seconds,
    over the built-in Streaking Kittens box for two seeds, blind and beside a cursed hand; and
    Sinking, which tells a cursed player where their unseen card went, is caught by one."""
    rules = cached_rules(("base", "streaking"))
    cards = [card for card, spec in rules.cards.items() if spec.plugin == "streaking"]
    assert _rehearsals(rules, cards) >= len(cards)
    pm, order = plugin_manager(("base", "offering", "streaking"), extra={"offering": offering.SINKING_TOLD})
    with pytest.raises(AssertionError, match="face-down hand"):
        _rehearsals(Ruleset(pm, order), ["sinking"])
