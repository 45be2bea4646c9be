"""Random playouts over every deck and player count the installed plugins allow.

Properties: every card is in exactly one place at every step; every game ends with
one winner, or with the Living players sharing the win (ruling 25); replay from origin
and log gives the same game; no player's view holds a card that player is not entitled
to see.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ekpeer.bots import make_bot
from ekpeer.bots.driver import step
from ekpeer.engine import player_view
from ekpeer.engine.replay import replay
from ekpeer.engine.view import own_part, public_part
from ekpeer.plugins import installed, ruleset


def tables() -> list[tuple[tuple[str, ...], str, int, tuple[str, ...]]]:
    """(plugins, deck, players, variants) for every combination the plugins allow."""
    combos: list[tuple[str, ...]] = [("base",)]
    names = sorted(n for n in installed() if n != "base")
    for n in names:
        combos.append(("base", n))
    if len(names) > 1:
        combos.append(("base", *names))
    out = []
    for plugins in combos:
        try:
            rules = ruleset(plugins)
        except Exception:
            continue
        if plugins != ("base",) and not any(c.plugin in plugins[1:] for c in rules.cards.values()):
            continue  # a plugin that has no cards yet
        expansions = [d for d in rules.decks.values() if not d.main]
        for deck in rules.main_decks():
            hi = max([deck.max_players] + [e.max_players for e in expansions])
            for n in range(deck.min_players, hi + 1):
                try:
                    rules.plan([f"p{i}" for i in range(n)], deck.name)
                except ValueError:
                    continue
                out.append((plugins, deck.name, n, ()))
    return out


TABLES = tables()


def play(plugins, deck, n, variants, seed, check_views=False):
    rules = ruleset(plugins)
    players = [f"p{i}" for i in range(n)]
    game = rules.new_game(players, seed=seed, deck=deck, variants=variants)
    bots = {p: make_bot("random", seed * 31 + i) for i, p in enumerate(players)}
    start = game.all_cards()
    moves = 0
    while not game.over and moves < 20000:
        step(game, bots)
        moves += 1
        assert game.all_cards() == start, f"cards changed after move {moves}: {game.log[-1]}"
        if check_views:
            for p in players:
                assert_view_entitled(game, p)
    return game, start


def assert_view_entitled(game, player):
    view = player_view(game, player)
    public = public_part(game)      # what a host encodes once and sends to every seat
    if public is not None:
        assert {**public, **own_part(game, player)} == view
        assert not {"you", "hand", "seen", "choices", "legal_moves"} & set(public)
    text = repr(view)
    # The draw pile's order never appears; only face-up cards are named with depths.
    hidden = game.draw_pile.top_first()
    assert view["draw_pile_count"] == len(hidden)
    assert "draw_pile" not in view
    # Other players' hands appear only as counts.
    for seat in view["players"]:
        assert set(seat) >= {"name", "hand_count"}
        assert "hand" not in seat
    own = Counter(game.hands[player])
    if player not in game.cursed:
        assert Counter(view["hand"]) == own
    # Anything seen was shown to this player (engine keeps seen per player).
    assert view["seen"] == game.seen.get(player, [])
    # The kittens for the odds: every kitten but those the player's own hand and the public
    # places hold, so the count tells nothing that watching the game would not.
    def kittens(cards) -> int:
        return sum(game.cards[c].kind == "kitten" for c in cards)

    public_places = list(game.discard) + list(game.out_of_game)
    for p in game.players:
        public_places += list(game.in_front[p]) + list(game.removed[p])
        if p != player:     # kittens everyone saw a hand keep (a Streaking Kitten's)
            public_places += [c for c, n in game.held_in_sight_of(p).items() for _ in range(n)]
    if game.ruleset.has_hook("ekpeer_cards_elsewhere"):
        for cards in game.hook.ekpeer_cards_elsewhere(game=game):
            public_places += list(cards)
    everywhere = game.all_cards()
    # ...and but those in the draw pile where this player knows them to lie (known_pile: how
    # that knowledge arises is tests/test_pile_knowledge.py's)
    placed = [k["card"] for k in view["known_pile"]]
    assert view["kittens_in_pile"] == (kittens(everywhere.elements()) - kittens(game.hands[player])
                                       - kittens(public_places) - kittens(placed))
    assert text.count("'hand': [") == 1
    # Every card id anywhere in the view is one this player is entitled to know of.
    entitled = set(game.hands[player]) | set(game.seen.get(player, [])) | set(game.discard)
    for p in game.players:
        entitled |= set(game.in_front[p]) | set(game.marked[p]) | set(game.held_in_sight_of(p))
    entitled |= {c for _, c in game.draw_pile.face_up()}
    # a card face up in the pile, even where a shuffle hid its place: all saw it put back
    pile = game.draw_pile
    entitled |= {c for c, up in zip(pile.top_first(), pile.states(), strict=True) if up}
    entitled |= {c for _, c in game.draw_pile.known_to(player)}
    # Clairvoyance (zombie): the watcher saw where each kitten went back.
    entitled |= {w["card"] for w in game.data.get("zombie.clairvoyance", {}).get(player, [])}
    for action in game.stack:
        entitled |= set(action.cards) | {action.name}
    for choice in game.awaiting:
        if choice.player == player:
            entitled |= set(_strings(choice.options)) | set(_strings(choice.context))
    # which kittens the player's own hand saves them from: kinds of card the rules name, no
    # card's place (every table's kittens are public from its setup)
    assert set(view.get("saved_from", ())) <= set(game.ruleset.kitten_cards)
    named = set(_strings({k: v for k, v in view.items() if k not in ("legal_moves", "saved_from")}))
    for move in view["legal_moves"]:
        named |= set(move.get("cards", [])) | {move.get("card"), move.get("use")}
    leaked = {c for c in named if c in game.cards} - entitled
    assert not leaked, f"{player} may not know of {leaked}"


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


@pytest.mark.parametrize("plugins,deck,n,variants", TABLES,
                         ids=[f"{'+'.join(t[0])}-{t[1]}-{t[2]}p" for t in TABLES])
def test_random_playout_conserves_cards_and_ends(plugins, deck, n, variants):
    for seed in range(3):
        game, _ = play(plugins, deck, n, variants, seed)
        assert game.over
        # one Living player left wins; or, the draw pile empty and a full round gone by,
        # the Living share the win (ruling 25)
        assert game.winners == game.living()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6))
def test_replay_gives_the_same_game(table, seed):
    plugins, deck, n, variants = table
    game, _ = play(plugins, deck, n, variants, seed)
    again = replay(game.ruleset, game.origin, list(game.log))
    assert again.snapshot() == game.snapshot()
    assert again.winners == game.winners


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6))
def test_views_hold_only_what_a_player_may_see(table, seed):
    plugins, deck, n, variants = table
    play(plugins, deck, n, variants, seed, check_views=True)
