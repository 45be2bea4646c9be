"""Events in their plugin's words (issue 27.2): a card's catalog entry carries the phrases
of the events its plugin emits, and the client renders any plugin's event from them, a
third party's as well as a built-in box's."""

from __future__ import annotations

import re
from pathlib import Path

from ekpeer.plugins import ruleset
from ekpeer.tui.words import Catalog, event_words

ROOT = Path(__file__).resolve().parents[2]
BARKING = [{"id": "barking_kitten", "title": "Barking Kitten", "traits": ["kills"],
            "phrases": {"barked": "{By} {by:bark} at {target}",
                        "barked/loud": "{By} {by:bark} at {target} very loudly",
                        "bark_echo": "",
                        "kennel": "{Player} {player:have} {dogs#dog} in {player's} kennel, "
                                  "{card} {position:place}"}}]


def test_a_third_party_event_reads_in_its_own_words_for_every_seat():
    cat = Catalog(BARKING)
    barked = {"type": "barked", "by": "bot1", "target": "ann"}
    assert event_words(barked, cat, "ann") == "bot1 barks at you"
    assert event_words(barked, cat, "bot1") == "You bark at ann"
    assert event_words(barked, cat, None) == "bot1 barks at ann"
    assert event_words({**barked, "loud": True}, cat, "ann") == "bot1 barks at you very loudly"
    assert event_words({"type": "bark_echo", "by": "bot1"}, cat, "ann") is None
    kennel = {"type": "kennel", "player": "ann", "dogs": 2, "card": "barking_kitten", "position": 0}
    assert event_words(kennel, cat, "ann") == "You have 2 dogs in your kennel, Barking Kitten on top"
    assert event_words({**kennel, "dogs": 1}, cat, "bob") == \
        "ann has 1 dog in ann’s kennel, Barking Kitten on top"


def _plugin_events() -> set[str]:
    """Every event type the built-in plugins emit that the engine does not emit itself."""
    emitted = re.compile(r'emit\(\s*"([a-z_]+)"')
    engine = set()
    for path in (ROOT / "ekpeer" / "engine").glob("*.py"):
        engine |= set(emitted.findall(path.read_text()))
    plugins = set()
    for path in (ROOT / "plugins").rglob("*.py"):
        plugins |= set(emitted.findall(path.read_text()))
    return plugins - engine


def test_every_built_in_plugin_event_has_its_phrase_in_the_catalog():
    events = _plugin_events()
    assert {"marked", "died", "catomic_bomb", "altered", "shuffled"} <= events
    cat = Catalog(ruleset(["base", "imploding", "zombie", "streaking", "party"]).catalog())
    assert events - set(cat.phrases) == set()
    for t in events:    # none falls through to the raw fields ("marked: by=bob, ...")
        line = event_words({"type": t, "by": "bob", "player": "bob", "target": "ann", "card": "nope",
                            "count": 3, "kittens": 1}, cat, "ann")
        assert line is None or "=" not in line, (t, line)


def test_the_client_writes_no_line_for_a_plugin_event():
    words = (ROOT / "ekpeer" / "tui" / "words.py").read_text()
    for t in _plugin_events():
        assert f'"{t}"' not in words, t


def test_a_plugins_notes_beside_the_piles_read_in_its_phrases():
    from ekpeer.tui.widgets import pile_text

    cat = Catalog(BARKING)
    view = {"you": "ann", "draw_pile_count": 4, "discard": [], "players": [], "kittens_in_pile": 1,
            "known_pile": [], "notes": [{"type": "barked", "by": "bob", "target": "ann"}]}
    assert "bob barks at you" in pile_text(view, cat, None).plain


def test_a_third_party_verb_and_possessive_read_as_english_does():
    """A stranger's box (issue 27, tried from the docs alone) printed "bot2 scratchs ..." and
    "Bot1’s Cat Burglar": third-person verbs take -es after a hiss and -ies after a consonant
    y, and a player's name keeps its own case in a sentence-initial possessive."""
    cat = Catalog([{"id": "scratching_post", "title": "Scratching Post",
                    "phrases": {"scratched": "{Target} {target:scratch} {card}",
                                "buried": "{By} {by:bury} it, {by:play} on and {by:go} home",
                                "burgled": "{Target's} {card} goes to {by}"}}])
    assert event_words({"type": "scratched", "target": "bot2", "card": "scratching_post"}, cat, "ann") == \
        "bot2 scratches Scratching Post"
    assert event_words({"type": "buried", "by": "bob"}, cat, "ann") == "bob buries it, plays on and goes home"
    assert event_words({"type": "buried", "by": "ann"}, cat, "ann") == "You bury it, play on and go home"
    burgled = {"type": "burgled", "target": "bot1", "by": "ann", "card": "scratching_post"}
    assert event_words(burgled, cat, "ann") == "bot1’s Scratching Post goes to you"
    assert event_words(burgled, cat, "bot1") == "Your Scratching Post goes to ann"
    assert event_words({**burgled, "target": None}, cat, "ann") == "Someone’s Scratching Post goes to you"


def test_a_third_party_card_choice_is_titled_by_its_own_prompt():
    """"Discard a card onto the Scratching Post" gives a card up: its dialog is not titled
    "Take a card from the discard pile" (the client read the word "discard" in the prompt);
    only the choice's own context (five different's ``from: discard``) makes it a taking."""
    from ekpeer.tui.screens.card_choice import CardChoiceScreen, taking

    cat = Catalog([{"id": "scratching_post", "title": "Scratching Post"},
                   {"id": "tacocat", "title": "Tacocat"}])
    choice = {"kind": "card", "player": "ann", "prompt": "discard a card onto the Scratching Post",
              "source": "scratching_post", "options": ["tacocat"]}
    assert not taking(choice)
    screen = CardChoiceScreen(choice, ["tacocat"], cat, hand=["tacocat"], names=["ann"])
    assert screen.title_text.startswith("Discard a card onto the Scratching Post")
    assert "Asked by Scratching Post" in screen.prompt
    assert taking({**choice, "context": {"from": "discard"}})


def test_cards_shown_from_a_hand_are_not_said_as_the_pile_top_first():
    """A stranger's plugin showed a hand card with game.show(): the log said "Seen, top first:
    Cattermelon", the draw pile's words. ``show(..., top_first=False)`` says it plainly."""
    from ekpeer.engine.view import visible_events

    game = ruleset(["base"]).new_game(["ann", "bob"], seed=1)
    card = game.hands["bob"][0]
    game.show("ann", [card], top_first=False)
    game.show("ann", game.draw_pile.peek(2))
    cat = Catalog([c.catalog_entry() for c in game.cards.values()])
    shown = [e for e in visible_events(game.events, "ann") if e["type"] == "shown"][-2:]
    assert event_words(shown[0], cat, "ann") == f"Seen: {cat.title(card)}"
    assert event_words(shown[1], cat, "ann").startswith("Seen, top first: ")


def test_dig_deeper_says_whether_the_top_card_was_kept():
    """A stranger kept the top card and read "You dig deeper", which sounds like the other choice."""
    from ekpeer.plugins import ruleset
    from ekpeer.tui.words import event_words

    cat = Catalog(ruleset(["base", "zombie"]).catalog())
    assert event_words({"type": "dug", "by": "ann", "kept": True}, cat, "ann") == "You keep the top card"
    assert event_words({"type": "dug", "by": "bob", "kept": False}, cat, "ann") == "bob digs deeper"


def test_a_keep_dialog_shows_the_rule_of_the_card_that_asks():
    """"Put Attack (2x) back" did not say that Dig Deeper then draws the next card."""
    from ekpeer.plugins import ruleset
    from ekpeer.tui.screens.keep import KeepScreen

    cat = Catalog(ruleset(["base", "zombie"]).catalog())
    choice = {"kind": "keep", "player": "ann", "prompt": "keep the top card?", "source": "dig_deeper",
              "options": [True, False], "context": {}}
    screen = KeepScreen(choice, ["attack"], cat)
    assert screen.details.startswith("Dig Deeper: ") and "draw the next card" in screen.details


def test_grave_robber_says_what_each_dead_player_does():
    """"bob robs the graves" was said of each Dead player giving a card up, not of the robber."""
    from ekpeer.plugins import ruleset
    from ekpeer.tui.words import event_words

    cat = Catalog(ruleset(["base", "zombie"]).catalog())
    said = event_words({"type": "grave_robbed", "player": "bob", "from_hand": "bob"}, cat, "ann")
    assert said == "bob gives up a card to the draw pile"


def test_a_phrase_names_a_card_with_the_apostrophe_of_its_title():
    """The log said "I'll Take That" (its title) and "I’ll Take That" (a phrase) side by side."""
    from ekpeer.plugins import ruleset
    from ekpeer.tui.words import event_words

    cat = Catalog(ruleset(["base", "party"]).catalog())
    said = event_words({"type": "ill_take_that", "by": "bob", "target": "ann"}, cat, "ann")
    assert cat.title("ill_take_that") in said, said


def test_a_cursed_hands_move_says_what_it_plays():
    """The moves list of a cursed hand showed an entry that read only "Play"."""
    from ekpeer.tui.screens.moves import move_words

    said = move_words({"do": "play", "by": "ann", "cards": []}, Catalog([]))
    assert said == "Play a random card of your face-down hand"


def test_a_plugins_place_placeholder_says_at_the_bottom_as_the_engines_line_does():
    from ekpeer.tui.phrases import fill

    cat = Catalog([])
    event = {"type": "buried", "by": "bob", "position": 9, "pile_count": 10}
    said = fill("{By} {by:put} it back {position:place}", event, cat, "ann")
    assert said == "bob puts it back at the bottom"
    assert fill("{position:place}", {"position": 2}, cat, "ann") == "3rd from the top"


def test_a_move_aimed_at_its_own_player_says_yourself():
    """A stranger named "player" (the default name) read "Play Targeted Attack (2x) on player"
    as a blank never filled in."""
    from ekpeer.tui.screens.moves import move_words

    cat = Catalog([{"id": "targeted_attack", "title": "Targeted Attack (2x)", "kind": "attack"}])
    mine = {"do": "play", "by": "player", "cards": ["targeted_attack"], "target": "player"}
    assert move_words(mine, cat) == "Play Targeted Attack (2x) on yourself"
    assert move_words({**mine, "target": "bot1"}, cat) == "Play Targeted Attack (2x) on bot1"


def test_a_move_that_names_a_card_asks_for_it_as_the_play_before_it_does():
    """The moves list said "Spil Niks + Niks + Niks mod bot3 og nævner Spring over": the log's
    ", naming" (Danish "og nævner"), where an order wants "og nævn"."""
    from ekpeer import i18n
    from ekpeer.tui.screens.moves import move_words

    cat = Catalog([{"id": "nope", "title": "Nope"}, {"id": "skip", "title": "Skip"}])
    move = {"do": "play", "by": "ann", "cards": ["nope"] * 3, "target": "bot3", "name": "skip"}
    assert move_words(move, cat) == "Play 3 x Nope on bot3, and name Skip"
    i18n.set_language("da")
    try:
        said = move_words(move, cat)
    finally:
        i18n.set_language("en")
    assert said.endswith(" og nævn Skip") and "nævner" not in said, said


def test_raising_heck_put_on_top_reads_as_that():
    """A stranger put Raising Heck's bottom card on top and read "Seen, top first:
    Cattermelon" then "You draw from the bottom": their hand had not changed."""
    from ekpeer.engine import Move
    from ekpeer.engine.view import visible_events

    rules = ruleset(["base", "party"])
    game = rules.game_from_table({"players": ["ann", "bob"], "current": "ann",
                                  "draw_pile": ["skip", "nope", "cattermelon"],
                                  "hands": {"ann": ["raising_heck"], "bob": []}})
    cat = Catalog(rules.catalog())
    events = game.apply(Move("play", "ann", ("raising_heck",)))
    events += game.apply(Move("resolve"))
    events += game.apply(Move("choose", "ann", keep=False))
    said = [w for w in (event_words(e, cat, "ann") for e in visible_events(events, "ann")) if w]
    # where it was seen is said: "Seen: Cattermelon" alone read as the top card
    assert "Seen at the bottom of the draw pile: Cattermelon" in said, said
    assert "You put the bottom card on top" in said, said
    assert not any("from the bottom" in line for line in said), said


def test_your_own_kitten_drawn_is_said_with_a_bang_and_a_plain_card_without():
    """Your kitten drawn read flatter than a bot's ("bot1 draws Exploding Kitten!"); then every
    card you drew read "You draw Nope!", shouted for nothing."""
    cat = Catalog(ruleset(["base"]).catalog())
    drew = {"type": "drew", "player": "ann"}
    assert event_words({**drew, "card": "exploding_kitten"}, cat, "ann") == "You draw Exploding Kitten!"
    assert event_words({**drew, "card": "nope"}, cat, "ann") == "You draw Nope"


def test_dig_deepers_put_back_option_says_the_next_card_is_drawn():
    """"Put Hairy Potato Cat back" did not say that you then draw the next card (the rule
    under the list said it, the option itself did not)."""
    from ekpeer import i18n
    from ekpeer.engine import Move, player_view
    from ekpeer.plugins import choice_said_in, ruleset, translated
    from ekpeer.tui.screens.keep import KeepScreen

    rules = ruleset(["base", "zombie"])
    game = rules.game_from_table({"players": ["ann", "bob"], "current": "ann",
                                  "draw_pile": ["hairy_potato_cat", "skip", "tacocat"],
                                  "hands": {"ann": ["dig_deeper"], "bob": []}})
    game.apply(Move("play", "ann", ("dig_deeper",)))
    game.apply(Move("resolve"))
    view = player_view(game, "ann")
    choice = view["choices"][0]
    screen = KeepScreen(choice, list(view.get("seen") or []), Catalog(rules.catalog()))
    assert [label for _v, label, _c in screen.options] == [
        "Keep Hairy Potato Cat", "Put Hairy Potato Cat back and draw the next card"]
    i18n.set_language("da")
    try:
        danish = Catalog(translated(rules.catalog(), list(rules.plugins), "da"))
        # the host says the plugin's words of the choice in the seat's language
        screen = KeepScreen(choice_said_in(choice, rules.plugins, "da"), list(view.get("seen") or []), danish)
        cat_title = danish.title("hairy_potato_cat")
        assert screen.options[1][1] == f"Læg {cat_title} tilbage og træk det næste kort"
    finally:
        i18n.set_language("en")


def test_raising_hecks_card_not_kept_is_offered_as_put_on_top():
    """Raising Heck's dialog offered "Put Cattermelon back", and the bottom card went on top."""
    from ekpeer import i18n
    from ekpeer.engine import Move, player_view
    from ekpeer.plugins import choice_said_in, translated
    from ekpeer.tui.screens.keep import KeepScreen

    rules = ruleset(["base", "party"])
    game = rules.game_from_table({"players": ["ann", "bob"], "current": "ann",
                                  "draw_pile": ["skip", "nope", "cattermelon"],
                                  "hands": {"ann": ["raising_heck"], "bob": []}})
    game.apply(Move("play", "ann", ("raising_heck",)))
    game.apply(Move("resolve"))
    view = player_view(game, "ann")
    screen = KeepScreen(view["choices"][0], ["cattermelon"], Catalog(rules.catalog()))
    assert [label for _v, label, _c in screen.options] == ["Keep Cattermelon",
                                                           "Put Cattermelon on top of the draw pile"]
    i18n.set_language("da")
    try:
        danish = Catalog(translated(rules.catalog(), list(rules.plugins), "da"))
        screen = KeepScreen(choice_said_in(view["choices"][0], rules.plugins, "da"), ["cattermelon"], danish)
        assert screen.options[1][1] == f"Læg {danish.title('cattermelon')} øverst i trækbunken"
    finally:
        i18n.set_language("en")


def test_a_plugins_count_of_cards_reads_in_the_readers_language():
    """A plugin author wrote "{count} cards" for want of knowing whether ``{count#card}`` is
    said in Danish: it is, as ``{count#kitten}`` is; other nouns stay English with an s."""
    from ekpeer import i18n
    from ekpeer.tui.phrases import counted

    assert [counted(n, "card") for n in (0, 1, 2)] == ["no cards", "1 card", "2 cards"]
    assert counted(2, "bone") == "2 bones"
    i18n.set_language("da")
    try:
        assert [counted(n, "card") for n in (0, 1, 2)] == ["ingen kort", "1 kort", "2 kort"]
    finally:
        i18n.set_language("en")


def test_both_ways_of_play_name_the_players_list_alike():
    """"↓ down the players list" stood beside "↑ up the list (reversed)": one thing said two
    ways in English, where the Danish said "spillerlisten" both ways."""
    from ekpeer import i18n
    from ekpeer.tui.widgets import pile_text

    view = {"draw_pile_count": 4, "discard": [], "players": [], "direction": -1}
    assert "↑ up the players list (reversed)" in pile_text(view, Catalog([]), None).plain
    assert "↓ down the players list" in pile_text({**view, "direction": 1}, Catalog([]), None).plain
    i18n.set_language("da")
    try:
        assert "↑ op ad spillerlisten (baglæns)" in pile_text(view, Catalog([]), None).plain
    finally:
        i18n.set_language("en")


def test_an_alter_the_future_of_one_card_reads_singular_in_both_languages():
    """A pile of one card: "alters the future of the top 1 cards" (Danish "de 1 øverste kort")
    read wrong; a ``type/field=value`` phrase says it for 1."""
    from ekpeer import i18n
    from ekpeer.plugins import translated

    boxes = ["base", "imploding", "streaking", "party"]
    entries = ruleset(boxes).catalog()
    altered = {"type": "altered", "by": "bot3", "count": 1}
    cat = Catalog(entries)
    assert event_words(altered, cat, "ann") == "bot3 alters the future of the top card"
    assert event_words({**altered, "count": 3}, cat, "ann") == "bot3 alters the future of the top 3 cards"
    i18n.set_language("da")
    try:
        cat = Catalog(translated(entries, boxes, "da"))
        assert event_words(altered, cat, "ann") == "bot3 ændrer fremtiden for det øverste kort"
        three = event_words({**altered, "count": 3}, cat, "ann")
        assert three == "bot3 ændrer fremtiden for de 3 øverste kort"
    finally:
        i18n.set_language("en")



def test_a_replayed_new_order_of_one_card_reads_singular():
    """The replay's "puts the top 1 cards back" reads "puts the top card back"."""
    from types import SimpleNamespace

    from ekpeer.tui.replay_words import choice_words

    cat = Catalog(ruleset(["base"]).catalog())
    before = SimpleNamespace(draw_pile=["tacocat"])
    move = {"do": "choose", "by": "bob", "order": [0]}
    assert choice_words(move, cat, before, None, show_hands=True) == "bob puts the top card back: Tacocat."
    assert choice_words(move, cat, before, None) == "bob puts the top card back."
