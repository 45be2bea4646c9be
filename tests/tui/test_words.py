"""The log's plain words for what happened, from each seat's point of view."""

from __future__ import annotations

from ekpeer import i18n
from ekpeer.engine import Move
from ekpeer.engine.view import visible_events
from ekpeer.plugins import ruleset, translated
from ekpeer.tui.words import Catalog, event_words


def lines(events, me, catalog):
    return [w for w in (event_words(e, catalog, me) for e in visible_events(events, me)) if w]


def test_a_pair_steal_reads_as_a_steal_once_for_each_seat():
    rules = ruleset(["base"])
    catalog = Catalog(rules.catalog())
    game = rules.game_from_table({"players": ["ann", "bob", "cat"], "draw_pile": ["skip"],
                                  "hands": {"ann": ["tacocat", "tacocat"], "bob": ["defuse"], "cat": []}})
    game.apply(Move("play", "ann", ("tacocat", "tacocat"), target="bob"))
    events = game.apply(Move("resolve"))
    assert lines(events, "ann", catalog) == ["You steal Defuse from bob"]
    assert lines(events, "bob", catalog) == ["ann steals Defuse from you"]
    assert lines(events, "cat", catalog) == ["ann takes a card from bob"]


def test_three_of_a_kind_reads_once_for_each_seat_as_a_card_taken_by_name():
    """bot2 named ann's Defuse: ann read "bot2 gets Defuse from you", then "You give bot2
    Defuse" as though she had given a second one; bob read a third line, "ann passes a card"."""
    rules = ruleset(["base"])
    catalog = Catalog(rules.catalog())
    game = rules.game_from_table({"players": ["ann", "bot2", "bob"], "current": "bot2", "draw_pile": ["skip"],
                                  "hands": {"ann": ["defuse"], "bot2": ["cattermelon"] * 3, "bob": []}})
    game.apply(Move("play", "bot2", ("cattermelon",) * 3, target="ann", name="defuse"))
    events = game.apply(Move("resolve"))
    assert lines(events, "ann", catalog) == ["bot2 gets Defuse from you"]
    assert lines(events, "bot2", catalog) == ["You get Defuse from ann"]
    assert lines(events, "bob", catalog) == ["bot2 gets Defuse from ann"]
    assert lines(events, None, catalog) == ["bot2 gets Defuse from ann"]


def test_a_zombie_kittens_two_kittens_put_back_say_whose_each_was():
    """bot1's Zombie Kitten brought ann back: she read "bot1 puts Exploding Kitten back in
    secret" twice, the same line for bot1's kitten and for her own."""
    rules = ruleset(["base", "zombie"])
    catalog = Catalog(rules.catalog())
    game = rules.game_from_table({"expansions": ["base", "zombie"], "players": ["ann", "bot1", "bob"],
                                  "current": "bot1", "dead": ["ann"],
                                  "draw_pile": ["exploding_kitten", "skip"],
                                  "hands": {"ann": [], "bot1": ["zombie_kitten"], "bob": []}})
    events = []
    for move in (Move("draw", "bot1"), Move("choose", "bot1", use="zombie_kitten"),
                 Move("choose", "bot1", player="ann"), Move("choose", "bot1", position=0),
                 Move("choose", "bot1", position=1)):
        events += game.apply(move)
    said = {seat: [w for w in lines(events, seat, catalog) if "back" in w]
            for seat in ("ann", "bot1", "bob", None)}
    assert said["ann"] == ["bot1 puts Exploding Kitten back in secret",
                           "bot1 puts your Exploding Kitten back in secret", "bot1 brings you back to life"]
    assert said["bot1"] == ["You put Exploding Kitten back on top",
                            "You put ann’s Exploding Kitten back 2nd from the top",
                            "You bring ann back to life"]
    assert said["bob"] == said[None] == ["bot1 puts Exploding Kitten back in secret",
                                         "bot1 puts ann’s Exploding Kitten back in secret",
                                         "bot1 brings ann back to life"]
    i18n.set_language("da")
    try:
        danish = Catalog(translated(rules.catalog(), list(rules.plugins), "da"))
        assert [w for w in lines(events, "ann", danish) if "tilbage" in w] == [
            "bot1 lægger Eksploderende killing hemmeligt tilbage",
            "bot1 lægger din Eksploderende killing hemmeligt tilbage"]
    finally:
        i18n.set_language("en")


def test_a_favor_reads_as_a_gift():
    rules = ruleset(["base"])
    catalog = Catalog(rules.catalog())
    game = rules.game_from_table({"players": ["ann", "bob"], "draw_pile": ["skip"],
                                  "hands": {"ann": ["favor"], "bob": ["nope", "skip"]}})
    game.apply(Move("play", "ann", ("favor",), target="bob"))
    game.apply(Move("resolve"))
    events = game.apply(Move("choose", "bob", card="skip"))
    assert "bob gives you Skip" in lines(events, "ann", catalog)


def test_the_odds_line_counts_kittens_and_cards_in_words():
    from ekpeer.tui.words import Catalog, Knowledge, explode_odds

    players = [{"name": n, "status": "living"} for n in ("ann", "bob")]
    _, one = explode_odds({"draw_pile_count": 1, "players": players}, Catalog(), Knowledge())
    assert one == "about 1 kitten in 1 card"
    players.append({"name": "cat", "status": "living"})
    _, two = explode_odds({"draw_pile_count": 9, "players": players}, Catalog(), Knowledge())
    assert two == "about 2 kittens in 9 cards"     # a host that does not count them for you
    odds, exact = explode_odds({"draw_pile_count": 9, "players": players, "kittens_in_pile": 3},
                               Catalog(), Knowledge())
    assert (round(odds, 3), exact) == (0.333, "3 kittens in 9 cards")
    odds, none = explode_odds({"draw_pile_count": 9, "players": players, "kittens_in_pile": 0},
                              Catalog(), Knowledge())
    assert (odds, none) == (0.0, "no kittens in 9 cards")


def test_a_card_of_yours_is_yours_never_you_s():
    catalog = Catalog(ruleset(["base", "streaking", "party"]).catalog())   # Mark is a Streaking card
    marked = {"type": "marked", "by": "bob", "target": "ann", "card": "favor"}
    assert event_words(marked, catalog, "ann") == "bob marks your Favor: it faces out"
    assert event_words(marked, catalog, "cat") == "bob marks ann’s Favor: it faces out"
    taken = {"type": "card_taken", "taker": "bob", "player": "ann"}
    assert event_words(taken, catalog, "ann") == "bob takes your drawn card"
    assert event_words(taken, catalog, "bob") == "You take ann’s drawn card"


def test_a_death_has_its_subject_for_every_seat():
    """Zombie Kittens: "bot3 dies and is now Dead" (it read "bot3 dies: now is Dead")."""
    catalog = Catalog(ruleset(["base", "zombie"]).catalog())
    died = {"type": "died", "player": "bot3"}
    assert event_words(died, catalog, "ann") == "bot3 dies and is now Dead"
    assert event_words(died, catalog, "bot3") == "You die and are now Dead"


def test_a_combo_is_counted_and_noped_as_a_combo():
    """A pair of Tacocat with a Feral Cat read "Tacocat + Feral Cat", one card short, and in
    Danish a Noped combo read "dit kort kombination" ("your card combo")."""

    rules = ruleset(["base", "imploding"])
    catalog = Catalog(rules.catalog())
    game = rules.game_from_table({"players": ["ann", "bob", "cat"], "draw_pile": ["skip"],
                                  "hands": {"ann": ["tacocat", "tacocat", "feral_cat"], "bob": ["nope"],
                                            "cat": ["defuse"]}})
    events = game.apply(Move("play", "ann", ("tacocat", "tacocat", "feral_cat"), target="cat", name="defuse"))
    assert lines(events, "bob", catalog) == ["ann plays 2 x Tacocat + Feral Cat on cat, naming Defuse"]
    events = game.apply(Move("play", "bob", ("nope",)))
    events += game.apply(Move("resolve"))
    assert lines(events, "ann", catalog) == ["bob Nopes your combo", "Your combo was Noped: nothing happens"]
    assert lines(events, "cat", catalog) == ["bob Nopes ann’s combo",
                                             "ann’s combo was Noped: nothing happens"]
    i18n.set_language("da")
    try:
        danish = lines(events, "ann", catalog)
    finally:
        i18n.set_language("en")
    assert danish == ["bob nikser din kombination", "Din kombination blev nikset: der sker intet"], danish


def test_a_plain_word_in_a_prompt_stays_a_word_though_a_card_has_that_id():
    """A stranger's prompt "to shuffle back into the draw pile" read "to Shuffle back": the
    word was taken for the Shuffle card's id."""
    from ekpeer.tui.phrasing import titled
    from ekpeer.tui.words import Catalog

    cat = Catalog([{"id": "shuffle", "title": "Shuffle", "kind": "action"},
                   {"id": "exploding_kitten", "title": "Exploding Kitten", "kind": "kitten"}])
    prompt = "a card to shuffle back into the draw pile"
    assert titled(prompt, cat) == prompt
    assert titled("exploding_kitten: save yourself?", cat) == "Exploding Kitten: save yourself?"


def test_a_card_played_on_its_own_player_reads_as_on_themselves():
    """The log read "bot1 plays Feed the Dead on bot1"."""
    rules = ruleset(["base", "zombie"])
    catalog = Catalog(rules.catalog())
    played = {"type": "played", "action": {"by": "bot1", "card": "feed_the_dead", "target": "bot1"}}
    assert event_words(played, catalog, "ann") == "bot1 plays Feed the Dead on themselves"
    assert event_words(played, catalog, "bot1") == "You play Feed the Dead on yourself"
    on_ann = {"type": "played", "action": {"by": "bot1", "card": "feed_the_dead", "target": "ann"}}
    assert event_words(on_ann, catalog, "bob") == "bot1 plays Feed the Dead on ann"
    i18n.set_language("da")
    try:
        danish = Catalog(translated(rules.catalog(), list(rules.plugins), "da"))
        assert event_words(played, danish, "ann") == "bot1 spiller Fodr de døde på sig selv"
        assert event_words(played, danish, "bot1") == "Du spiller Fodr de døde på dig selv"
    finally:
        i18n.set_language("en")
