"""Every deal a lobby can produce follows the setup rules of ../shared/docs/rules-notes.md.

The boxes' contents and the setup rules are written here again from rules-notes and the
rulebooks, on purpose: an expectation made from the plugins' own tables would agree with
any mistake in them. Every settings combination the host's lobby accepts (every plugin mix,
main deck, variant set and seat count) is dealt and checked: kittens, savers (Defuses or
Zombie Kittens), hand sizes and how many of each card the deck holds. Custom decks (seed
002) are checked with random picks: pile picks in the pile, hand picks in the hand, the
kittens, and refusals of cards that cannot be picked (ruling 24).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ekpeer.engine import Reason
from ekpeer.engine.custom import CustomDeckError
from ekpeer.net.lobby import SettingsError, check
from ekpeer.plugins import installed, ruleset

CATS = ("tacocat", "cattermelon", "hairy_potato_cat", "beard_cat", "rainbow_ralphing_cat")
#: The boxes, from rules-notes "Decks by expansion plugin".
BOXES: dict[str, dict[str, int]] = {
    "original": {"exploding_kitten": 4, "defuse": 6, "nope": 5, "attack": 4, "skip": 4, "favor": 4,
                 "shuffle": 4, "see_the_future": 5, **{c: 4 for c in CATS}},
    "two_player": {"exploding_kitten": 1, "defuse": 3, "attack": 2, "favor": 3, "nope": 3, "shuffle": 2,
                   "skip": 3, "see_the_future": 3, "beard_cat": 4, "rainbow_ralphing_cat": 4, "tacocat": 4},
    "imploding": {"imploding_kitten": 1, "alter_the_future": 4, "draw_from_the_bottom": 4, "feral_cat": 4,
                  "reverse": 4, "targeted_attack": 3},
    "zombie": {"zombie_kitten": 5, "clone": 2, "clairvoyance": 2, "super_skip": 2, "dig_deeper": 4,
               "feed_the_dead": 2, "grave_robber": 1, "attack_of_the_dead": 3, "shuffle_now": 1},
    "streaking": {"streaking_kitten": 1, "exploding_kitten": 1, "super_skip": 1, "see_the_future_5x": 1,
                  "alter_the_future_5x": 1, "swap_top_and_bottom": 3, "garbage_collection": 1,
                  "catomic_bomb": 1, "curse_of_the_cat_butt": 2, "mark": 3},
}
PARTY_FULL = {"exploding_kitten": 9, "defuse": 10, "nope": 9, "skip": 10, "attack": 5, "targeted_attack": 5,
              "see_the_future": 6, "alter_the_future": 6, "shuffle": 6, "draw_from_the_bottom": 7, "favor": 6,
              "feral_cat": 6, **{c: 7 for c in CATS}}
PARTY_PAW = {"defuse": 3, "nope": 4, "skip": 4, "attack": 2, "targeted_attack": 2, "see_the_future": 3,
             "alter_the_future": 2, "shuffle": 2, "draw_from_the_bottom": 3, "favor": 2, "feral_cat": 2,
             **{c: 3 for c in CATS}}
PARTY_EXTRAS = ("personal_attack", "bury", "ill_take_that", "potluck", "raising_heck", "share_the_future",
                "reveal_the_future", "alter_the_future_now", "shuffle_now")
ZOMBIE_TWO_PLAYER_OUT = ("attack_of_the_dead", "grave_robber", "feed_the_dead", "super_skip")
KITTENS = ("exploding_kitten", "imploding_kitten")
KNOWN = {"base", "imploding", "zombie", "streaking", "party"}


def party_cards(n: int) -> Counter:
    """Seed 004: paw cards for 2-3 players, the others for 4-7, all for 8-10 (kittens: all 9)."""
    if n <= 3:
        chosen = Counter(PARTY_PAW)
    elif n <= 7:
        chosen = Counter(PARTY_FULL) - Counter(PARTY_PAW)
    else:
        chosen = Counter(PARTY_FULL)
    chosen["exploding_kitten"] = PARTY_FULL["exploding_kitten"]
    return chosen


def expected_deck(expansions: list[str], deck: str, n: int, variants: list[str]) -> tuple[Counter, int]:
    """(every card in the draw pile and the hands together, the kittens in the pile), by the rules."""
    pool = party_cards(n) if deck == "party_pack" else Counter(BOXES[deck])
    for box in ("imploding", "zombie", "streaking"):
        if box in expansions:
            pool.update(BOXES[box])
    if "party.extras" in variants:
        pool.update(PARTY_EXTRAS)
    kittens = n - 1 + ("streaking" in expansions)
    if "imploding.two_player" in variants:
        kittens = 2
    out = Counter({k: pool[k] for k in KITTENS})
    if "zombie" in expansions:                     # seed 000: a Zombie Kitten each, no Defuses
        pool["zombie_kitten"] = n
        pool["defuse"] = 0
        if "zombie.two_player" in variants:
            for card in ZOMBIE_TWO_PLAYER_OUT:    # the pack's own copies only (ruling 40)
                pool[card] -= BOXES["zombie"][card]
    else:                                          # a Defuse each, 2 spares back (Party Pack: all)
        spares = pool["defuse"] - n if deck == "party_pack" else min(2, pool["defuse"] - n)
        pool["defuse"] = n + spares
    pool["imploding_kitten"] = 1 if "imploding" in expansions else 0
    pool["exploding_kitten"] = kittens - pool["imploding_kitten"]
    assert pool["exploding_kitten"] <= out["exploding_kitten"]
    return +pool, kittens


@cache
def lobby_tables() -> list[tuple[tuple[str, ...], str, int, tuple[str, ...]]]:
    """Every (expansions, deck, seats, variants) the host's lobby accepts, with the rules' plugins."""
    extras = sorted(n for n in installed() if n in KNOWN - {"base"})
    found = []
    for k in range(len(extras) + 1):
        for chosen in combinations(extras, k):
            exps = ["base", *chosen]
            rules = ruleset(exps)
            offered = list(rules.variants)
            for r in range(len(offered) + 1):
                for variants in combinations(offered, r):
                    for deck in (None, *[d.name for d in rules.main_decks()]):
                        for seats in range(2, 11):
                            try:
                                ok = check({"expansions": exps, "deck": deck, "variants": list(variants),
                                            "seats": seats})
                            except SettingsError:
                                continue
                            found.append((tuple(exps), ok["deck"], seats, tuple(variants)))
    return sorted(set(found))


def test_the_lobby_accepts_every_box_and_variant_and_refuses_what_the_rules_cannot_seat():
    tables = lobby_tables()
    if not KNOWN <= set(installed()):
        pytest.skip("the built-in plugins are not all installed")
    decks = {t[1] for t in tables}
    variants = {v for t in tables for v in t[3]}
    assert decks == {"original", "two_player", "party_pack"}
    assert variants == {"imploding.two_player", "imploding.faster", "zombie.two_player", "zombie.faster",
                        "party.extras"}
    seats = {(t[1], t[2]) for t in tables}
    assert ("party_pack", 10) in seats and ("original", 6) in seats    # 6: with Imploding Kittens
    assert all(n <= 5 for e, d, n, v in tables if "zombie" in e)          # 5 Zombie Kittens
    assert all(n <= 5 for e, d, n, v in tables if d == "original" and "imploding" not in e)
    assert all(n == 2 for e, d, n, v in tables if "imploding.two_player" in v or "zombie.two_player" in v)
    assert all(n <= 2 for e, d, n, v in tables if d == "two_player" and e == ("base",))


@pytest.mark.parametrize("seed", [0, 1])
def test_every_deal_the_lobby_can_produce_follows_the_setup_rules(seed):
    tables = lobby_tables()
    assert tables
    for exps, deck, n, variants in tables:
        if not set(exps) <= KNOWN:
            continue
        players = [f"p{i}" for i in range(n)]
        game = ruleset(list(exps)).new_game(players, seed=seed, deck=deck, variants=variants)
        where = f"{'+'.join(exps)} {deck} {n}p {','.join(variants) or '-'} seed {seed}"
        saver = "zombie_kitten" if "zombie" in exps else "defuse"
        for p in players:
            hand = game.hands[p]
            assert len(hand) == 8, f"{where}: {p} holds {len(hand)}"
            assert saver in hand, f"{where}: {p} has no {saver}"
            assert not set(hand) & set(KITTENS), f"{where}: a kitten was dealt to {p}"
        pile = Counter(game.draw_pile.top_first())
        everything = pile + Counter(c for p in players for c in game.hands[p])
        want, kittens = expected_deck(list(exps), deck, n, list(variants))
        assert sum(pile[k] for k in KITTENS) == kittens, f"{where}: kittens {pile}"
        assert pile["imploding_kitten"] == ("imploding" in exps), where
        assert game.draw_pile.face_up_depths() == set(), f"{where}: a card dealt face up"
        faster = [v for v in variants if v.endswith(".faster")]
        if not faster:
            assert everything == want, f"{where}: {everything - want} too many, {want - everything} missing"
        else:   # the Faster Game sets cards aside at random, never kittens nor dealt cards
            assert everything <= want and everything[saver] >= n, where
            for k in KITTENS:
                assert everything[k] == want[k], where
            before_kittens = len(game.draw_pile) - kittens
            full = sum(want.values()) - 8 * n - kittens
            if faster == ["zombie.faster"]:
                assert before_kittens == min(full, {2: 15, 3: 20, 4: 25, 5: 30}[n]), where
            elif faster == ["imploding.faster"]:
                assert before_kittens == full - round(full / 3), where
        full = party_cards(n) if deck == "party_pack" else Counter(BOXES[deck])
        for box in ("imploding", "zombie", "streaking"):
            if box in exps:
                full.update(BOXES[box])
        if "party.extras" in variants:
            full.update(PARTY_EXTRAS)
        assert everything + Counter(game.out_of_game) == full, f"{where}: cards appeared or vanished"
        assert game.current == players[0]


# ---------------------------------------------------------------------- custom decks
PLUGIN_MIXES = [("base",), ("base", "imploding"), ("base", "zombie"), ("base", "streaking"),
                ("base", "party"), ("base", "imploding", "streaking", "party"),
                ("base", "imploding", "zombie", "streaking", "party")]


@st.composite
def custom_tables(draw):
    """A plugin mix, players, picks (now and then one that must be refused), random cards, a seed."""
    exps = draw(st.sampled_from([m for m in PLUGIN_MIXES if set(m) <= set(installed())]))
    rules = ruleset(list(exps))
    deck = "party_pack" if "party" in exps else "original"
    n = draw(st.integers(2, 5))
    zombie = "zombie" in exps
    ids = sorted(rules.cards)
    allowed = {w: [c for c in ids if not _refusable(rules.cards[c], w, zombie)] for w in ("pile", "hand")}
    players = [f"p{i}" for i in range(n)]
    picks = {}
    for p in players:
        pile = draw(st.lists(st.sampled_from(allowed["pile"]), max_size=2))
        hand = draw(st.lists(st.sampled_from(allowed["hand"]), max_size=2))
        if pile or hand:
            picks[p] = {"pile": pile, "hand": hand}
    if draw(st.integers(0, 3)) == 0:           # a card that cannot be picked there
        where = draw(st.sampled_from(["pile", "hand"]))
        card = draw(st.sampled_from([c for c in ids if c not in allowed[where]]))
        picks.setdefault(players[0], {"pile": [], "hand": []})[where] = [card]
    random_cards = draw(st.integers(0, 60))
    return exps, deck, players, {"picks": picks, "random_cards": random_cards}, draw(st.integers(0, 99))


def _refusable(spec, where: str, zombie: bool) -> bool:
    """May this card NOT be picked there? (seed 002; ruling 24; Zombie Kittens have no Defuses)"""
    if spec.kind == "kitten" or spec.random_only:
        return True
    if where == "hand" and spec.id in ("defuse", "streaking_kitten", "zombie_kitten"):
        return True
    if where == "pile" and spec.id in ("catomic_bomb", "share_the_future", "alter_the_future",
                                       "alter_the_future_now"):
        return True
    return zombie and spec.id == "defuse"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(custom_tables())
def test_custom_deals_keep_the_picks_where_they_were_picked(table):
    exps, deck, players, option, seed = table
    rules = ruleset(list(exps))
    zombie = "zombie" in exps
    wrong = [(c, w) for p in option["picks"].values() for w in ("pile", "hand") for c in p[w]
             if _refusable(rules.cards[c], w, zombie)]
    if wrong:
        with pytest.raises(ValueError):
            rules.check_table(players, deck, (), {"custom": option})
        with pytest.raises(ValueError):
            rules.new_game(players, seed=seed, deck=deck, options={"custom": option})
        return
    game = rules.new_game(players, seed=seed, deck=deck, options={"custom": option})
    saver = "zombie_kitten" if zombie else "defuse"
    pile = Counter(game.draw_pile.top_first())
    pile_picks = Counter(c for p in option["picks"].values() for c in p["pile"])
    assert pile_picks <= pile, "every card picked for the pile is in the pile"
    randoms = option["random_cards"]
    handed = 0
    for p in players:
        hand = Counter(game.hands[p])
        mine = Counter(option["picks"].get(p, {}).get("hand", []))
        assert mine + Counter([saver]) <= hand, f"{p}: {mine} and a {saver} in {hand}"
        handed += sum(hand.values()) - sum(mine.values()) - 1
    full = all(len(game.hands[p]) == 8 for p in players)
    assert full or handed == randoms, "hands fill up from the random cards while there are any"
    streaks = sum(c == "streaking_kitten" for c in pile_picks.elements())
    assert pile["exploding_kitten"] + pile["imploding_kitten"] == len(players) - 1 + streaks
    assert pile["imploding_kitten"] == ("imploding" in exps)
    spares = 0 if zombie else 2
    kittens = len(players) - 1 + streaks
    assert len(game.draw_pile) == randoms - handed + spares + sum(pile_picks.values()) + kittens
    if zombie:
        assert game.all_cards()["defuse"] == 0


def test_the_lobby_takes_a_custom_deck_with_any_plugins_and_checks_it_as_the_engine_does():
    for exps in (["base"], ["base", "zombie"], ["base", "imploding", "streaking"]):
        settings = check({"expansions": exps, "seats": 3, "options": {"custom": {"random_cards": 20}}})
        assert settings["options"]["custom"]["random_cards"] == 20
    with pytest.raises(SettingsError, match="random_cards"):
        check({"expansions": ["base"], "options": {"custom": {"random_cards": -1}}})
    rules = ruleset(["base", "imploding"])
    with pytest.raises(CustomDeckError, match="only be a random card") as refused:
        rules.check_options(["ann"], {"custom": {"picks": {"ann": {"pile": ["alter_the_future"]}}}})
    assert isinstance(refused.value.fields["card"], Reason)     # said by the plugin's words
    assert rules.check_options(["ann"], {"custom": {"picks": {"ann": {"pile": ["reverse"]}}}}) is None


def test_unticking_the_last_box_is_refused_in_a_players_words():
    """A stranger unticked base, the only box ticked, and read "expansions must be a list of
    1 to 16 names"."""
    with pytest.raises(SettingsError, match="^at least one of the expansions must stay ticked$"):
        check({"expansions": []})
    with pytest.raises(SettingsError, match="must be a list of 1 to"):
        check({"expansions": "base"})          # a client's malformed message keeps its own words
