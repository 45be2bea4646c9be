"""Ruling 25: a game whose draw pile is empty ends, after a full round with nobody dying, in a
shared win of the Living players. The engine, views, replays, bots, ``simulate`` and the
client's words all handle a game with several winners."""

from __future__ import annotations

from ekpeer.bots import make_bot
from ekpeer.bots.driver import play_out
from ekpeer.engine import Move, player_view
from ekpeer.engine.replay import record, replay
from ekpeer.plugins import ruleset

STREAK = ["streaking_kitten", "exploding_kitten"]   # a kitten held safe by a Streaking Kitten
HELD = {"players": ["ann", "bob", "cat"], "draw_pile": [],
        "hands": {"ann": STREAK, "bob": STREAK, "cat": ["nope"]}}


def held_table(seed: int = 0):
    return ruleset(["base", "streaking"]).game_from_table(HELD, seed=seed)


def test_the_living_share_the_win_and_everything_says_so():
    game = held_table()
    for name in ("ann", "bob"):
        game.apply(Move("draw", name))
        assert not game.over
    events = game.apply(Move("draw", "cat"))
    assert game.over and game.shared_win
    assert game.winners == ["ann", "bob", "cat"] and game.winner is None
    over = [e for _, e in events if e["type"] == "game_over"]
    assert over == [{"type": "game_over", "winner": None, "winners": ["ann", "bob", "cat"], "shared": True,
                     "reason": over[0]["reason"]}] and "share the win" in over[0]["reason"]
    view = player_view(game, "cat")
    assert view["winners"] == ["ann", "bob", "cat"] and view["winner"] is None and view["legal_moves"] == []
    again = replay(ruleset(["base", "streaking"]), record(game)["origin"], record(game)["moves"])
    assert again.snapshot() == game.snapshot()


def test_a_single_winner_is_still_winner_and_winners():
    game = ruleset(["base"]).game_from_table({"players": ["ann", "bob"], "draw_pile": ["exploding_kitten"]})
    game.apply(Move("draw", "ann"))
    assert game.winner == "bob" and game.winners == ["bob"] and not game.shared_win


def test_bots_play_a_held_kitten_game_to_its_shared_end():
    for seed in range(5):
        game = held_table(seed)
        bots = {p: make_bot("heuristic" if i else "random", seed + i) for i, p in enumerate(game.players)}
        moves = play_out(game, bots, max_moves=200)
        assert game.over and moves < 200
        assert game.winners == game.living()


def test_custom_decks_full_of_streaking_kittens_always_end():
    """Streaking Kittens in a custom deck: bots that hold their kittens empty the pile with
    kittens still held, which ruling 5 alone would never end; ruling 25 ends those games."""
    rules = ruleset(["base", "streaking"])
    shared = 0
    for seed in range(6):
        custom = {"picks": {p: {"pile": ["streaking_kitten"]} for p in ("p0", "p1")}, "random_cards": 60}
        game = rules.new_game(["p0", "p1"], seed=seed, options={"custom": custom})
        bots = {p: make_bot("heuristic", seed * 3 + i) for i, p in enumerate(game.players)}
        play_out(game, bots, max_moves=5000)
        assert game.over, f"seed {seed} did not end"
        assert len(game.winners) == 1 or game.winners == game.living()
        shared += game.shared_win
    assert shared, "no game ended in a shared win: the test no longer covers ruling 25"


def test_simulate_counts_a_shared_win_as_parts_of_one(monkeypatch):
    import io

    import ekpeer.simulate as sim

    real = ruleset(["base", "streaking"])

    class Rigged:
        def check_table(self, names, deck=None, variants=()):
            return real.check_table(names, deck, variants)

        def new_game(self, names, seed=0, deck=None, variants=()):
            hands = {n: ["streaking_kitten", "exploding_kitten"] for n in names}
            return real.game_from_table({"players": names, "draw_pile": [], "hands": hands}, seed=seed)

    monkeypatch.setattr(sim, "ruleset", lambda expansions: Rigged())
    result = sim.simulate(2, 4, ["base", "streaking"], ["heuristic", "random"], progress=False)
    assert result["shared_wins"] == 4 and result["unfinished"] == 0
    assert result["win_rates"] == {"p1-heuristic": 0.5, "p2-random": 0.5}
    out = io.StringIO()
    sim.report(result, out=out)
    assert "shared_wins: 4" in out.getvalue()


def test_the_clients_words_and_game_over_headline():
    from ekpeer.tui.screens.game_over import headline
    from ekpeer.tui.words import event_words

    assert headline(["ann", "bob"], "bob") == "You and ann share the win!"
    assert headline(["ann", "bob", "cat"], None) == "ann, bob and cat share the win!"
    assert headline(["ann"], "ann") == "You win!" and headline("bob", "ann") == "bob wins!"
    game = held_table()
    for name in ("ann", "bob"):
        game.apply(Move("draw", name))
    events = [e for _, e in game.apply(Move("draw", "cat"))]
    cat = _catalog(game)
    line = next(event_words(e, cat, "bob") for e in events if e["type"] == "game_over")
    assert "share the win" in line and "you" in line and "draw pile is empty" in line


def _catalog(game):
    from ekpeer.tui.words import Catalog

    return Catalog(game.ruleset.catalog())
