"""Issue 28: rules of round 3 that a scenario cannot say alone (what legal moves offer)."""

from __future__ import annotations

from ekpeer.engine import IllegalMove, Move
from ekpeer.plugins import ruleset


def rigged(expansions: list[str], hands: dict[str, list[str]], **table):
    rules = ruleset(expansions)
    return rules.game_from_table({"players": list(hands), "hands": hands,
                                  "draw_pile": ["tacocat", "beard_cat"], **table})


def test_legal_moves_offer_pairs_of_one_name_and_no_five_of_four_names():
    # ruling 34: Shuffle and Shuffle NOW are one name
    game = rigged(["base", "zombie"], {"ann": ["shuffle", "shuffle_now", "skip", "favor", "attack"],
                                       "bob": ["nope"]})
    moves = game.legal_moves("ann")
    combos = {tuple(sorted(m.cards)) for m in moves if len(m.cards) > 1}
    assert ("shuffle", "shuffle_now") in combos
    assert not [c for c in combos if len(c) == 5], combos   # five cards, four names
    for move in moves:   # every move offered is one the engine takes
        trial = game.clone()
        try:
            trial.apply(move)
        except IllegalMove as exc:
            raise AssertionError(f"offered but refused: {move}: {exc}") from None


def test_a_triple_of_two_names_is_offered_and_taken():
    game = rigged(["base", "zombie"], {"ann": ["shuffle", "shuffle", "shuffle_now"], "bob": ["favor"]})
    triples = [m for m in game.legal_moves("ann") if len(m.cards) == 3]
    assert triples and all(sorted(m.cards) == ["shuffle", "shuffle", "shuffle_now"] for m in triples)
    game.apply(Move("play", "ann", ("shuffle", "shuffle", "shuffle_now"), target="bob", name="favor"))
    game.apply(Move("resolve"))
    assert game.hands["ann"] == ["favor"]


SETUP = """
[setup]
expansions = ["base", "party"]
players = ["ann", "bob"]
draw_pile = ["tacocat"]
"""


def _run(tmp_path, text):
    from ekpeer.scenario import run_file
    path = tmp_path / "s.toml"
    path.write_text(text)
    return run_file(path)


def test_unknown_setup_keys_are_refused_naming_the_key(tmp_path):
    # issue 28: a typo such as [setup.in_fron] must never pass silently
    for extra, key in (("[setup.in_fron]\nbob = [\"ill_take_that\"]\n", "in_fron"),
                       ("[setup.hands]\nann = []\nbbo = [\"skip\"]\n", "bbo"),
                       ("[setup.marked]\ncarl = []\n", "carl")):
        result = _run(tmp_path, SETUP + extra)
        assert not result.ok and "unknown key" in result.detail and key in result.detail, result.line()
    result = _run(tmp_path, SETUP.replace("draw_pile", "drawpile"))
    assert not result.ok and "drawpile" in result.detail
    assert _run(tmp_path, SETUP).ok


def test_setup_deck_and_dead_kitten_are_checked(tmp_path):
    text = SETUP.replace('draw_pile = ["tacocat"]', 'draw_pile = ["tacocat"]\ndeck = "{}"')
    assert _run(tmp_path, text.format("party_pack")).ok
    assert _run(tmp_path, text.format("original")).ok
    bad = _run(tmp_path, text.format("partypack"))
    assert not bad.ok and "partypack" in bad.detail
    kitten = SETUP.replace('draw_pile = ["tacocat"]', 'draw_pile = ["tacocat"]\ndead_kitten = "skip"')
    assert not _run(tmp_path, kitten).ok


def _defused_with_clairvoyance(nope: bool) -> list:
    game = rigged(["base", "zombie"], {"ann": ["defuse"], "bob": ["clairvoyance"], "cat": ["nope"]},
                  draw_pile=["exploding_kitten", "tacocat"])
    events = []
    moves = [Move("draw", "ann"), Move("choose", "ann", use="defuse"), Move("play", "bob", ("clairvoyance",))]
    if nope:
        moves.append(Move("play", "cat", ("nope",)))
    moves += [Move("resolve"), Move("choose", "ann", position=1)]
    for move in moves:
        game.apply(move)
        events.extend(game.events)
    return [e for to, e in events if to is not None and "bob" in to]


def test_clairvoyance_after_a_defuse_shows_where_the_kitten_went():
    # ruling 39: after a Defuse too; ruling 2: a Nope stops it
    seen = _defused_with_clairvoyance(nope=False)
    assert {"type": "clairvoyance_saw", "watcher": "bob", "by": "ann", "card": "exploding_kitten",
            "position": 1} in seen
    noped = _defused_with_clairvoyance(nope=True)
    assert not [e for e in noped if e["type"] in ("clairvoyance_saw", "put_back")]
