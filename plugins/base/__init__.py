"""The base game: the Original Edition deck (2-5 players) and the 2-Player Edition deck.

Rules from seed 003 (2-Player Edition rulebook) and the card texts of seed 002; counts
from shared/docs/rules-notes.md.
"""

from __future__ import annotations

from ekpeer.engine import Action, CardSpec, DeckSpec, Game, Reason

PLUGIN = "base"


def _counts(original: int, two_player: int = 0) -> dict[str, int]:
    counts = {"original": original}
    if two_player:
        counts["two_player"] = two_player
    return counts


# ---------------------------------------------------------------------- kittens
def explodes(game: Game, player: str, card: str) -> None:
    """A drawn Exploding Kitten: shown at once, then Defuse (or another saver) or death."""
    game.in_front[player].append(card)
    game.explode(player, card, drawn_by=player)


def defuses(game: Game, player: str, card: str, kitten: str) -> bool:
    return bool(game.cards[kitten].extra.get("defusable", False))


#: ``game.data`` key while a saver's kitten is being put back: ``{"by", "watchers", "report"}``
#: (a card that watches, Clairvoyance, adds to ``watchers`` and may set ``report(game, by,
#: card, watchers)``, called once the kitten is back).
SAVING = "saving"


def defuse(game: Game, player: str, card: str, kitten: str, done) -> None:
    """Discard the Defuse, then put the kitten back anywhere in secret; the turn ends."""
    game.discard_from_hand(player, card)
    watchers: list[str] = []
    state = game.data[SAVING] = {"by": player, "watchers": watchers}

    def back() -> None:
        game.data.pop(SAVING, None)
        report = state.get("report")
        if report is not None and watchers:
            report(game, player, kitten, watchers)
        done()

    game.put_back(player, kitten, back, watchers=watchers)


# ---------------------------------------------------------------------- actions
def attack(game: Game, action: Action) -> None:
    game.attack(game.next_player(action.by), 2)


def skip(game: Game, action: Action) -> None:
    game.end_turn()


def favor(game: Game, action: Action) -> None:
    target, by = action.target, action.by
    assert target is not None
    if not game.hands[target] or not game.is_living(target):
        game.emit("favor_empty", None, by=by, target=target)
        return

    def give(card: str) -> None:
        game.give(target, by, card)

    game.ask_card_from_hand(target, give, prompt=Reason("give {player} a card", player=by), source="favor",
                            context={"to": by})


def shuffle(game: Game, action: Action) -> None:
    game.draw_pile.shuffle(game.rng)
    game.emit("shuffled", None, by=action.by)


def see_the_future(game: Game, action: Action) -> None:
    game.show_top(action.by, 3, source="see_the_future")


def others_with_cards(game: Game, by: str) -> list[str]:
    return game.others_with_cards(by)


CAT_TEXT = "Powerless on its own: play two matching cats to steal a random card, or use it in a combo."

CARDS = [
    CardSpec("exploding_kitten", "Exploding Kitten",
             "Show this card at once. Unless you have a Defuse, you explode and are out.",
             kind="kitten", counts=_counts(4, 1), nopeable=False, playable=False, combo=False,
             on_drawn=explodes, pick_pile=False, pick_hand=False, extra={"defusable": True},
             traits=frozenset({"kills"})),
    CardSpec("defuse", "Defuse",
             "When you draw an Exploding Kitten, play this instead of exploding, then put the "
             "kitten back anywhere in the draw pile in secret. Your turn is over.",
             kind="defuse", counts=_counts(6, 3), nopeable=False, playable=False,
             saves=defuses, save=defuse, pick_hand=False,
             traits=frozenset({"saves"}), bot_value=100),
    CardSpec("nope", "Nope",
             "Stop any action except an Exploding Kitten or a Defuse. Nope a Nope to make a Yup: "
             "the action happens after all. Play it at any time, even when it is not your turn.",
             kind="nope", counts=_counts(5, 3), is_nope=True, dead_may_play=True,
             bot_value=80),
    CardSpec("attack", "Attack (2x)",
             "End your turn(s) without drawing. The next player takes 2 turns; an attacked "
             "player who attacks passes on their untaken turns + 2.",
             kind="attack", counts=_counts(4, 2), effect=attack,
             traits=frozenset({"attacks", "ends_turn", "dodges"}), bot_value=70),
    CardSpec("skip", "Skip",
             "End your turn without drawing a card. Under an Attack it ends only one turn.",
             counts=_counts(4, 3), effect=skip,
             traits=frozenset({"ends_turn", "dodges"}), bot_value=65),
    CardSpec("favor", "Favor",
             "Another player gives you a card of their choice.",
             counts=_counts(4, 3), targets=others_with_cards, effect=favor,
             traits=frozenset({"steals"}), bot_value=40,
             phrases={
                 "favor_empty": "{Target} {target:have} no card to give",
             }),
    CardSpec("shuffle", "Shuffle", "Shuffle the draw pile thoroughly.",
             counts=_counts(4, 2), effect=shuffle,
             traits=frozenset({"shuffles", "reorders", "dodges"}), bot_value=55,
             phrases={
                 "shuffled": "{By} {by:shuffle} the draw pile",
             }),
    CardSpec("see_the_future", "See the Future (3x)",
             "Privately look at the top 3 cards of the draw pile and put them back in order.",
             counts=_counts(5, 3), effect=see_the_future,
             traits=frozenset({"peeks"}), bot_value=60),
    CardSpec("tacocat", "Tacocat", CAT_TEXT, kind="cat", counts=_counts(4, 4), playable=False, cat=True),
    CardSpec("cattermelon", "Cattermelon", CAT_TEXT, kind="cat", counts=_counts(4), playable=False, cat=True),
    CardSpec("hairy_potato_cat", "Hairy Potato Cat", CAT_TEXT, kind="cat", counts=_counts(4),
             playable=False, cat=True),
    CardSpec("beard_cat", "Beard Cat", CAT_TEXT, kind="cat", counts=_counts(4, 4), playable=False, cat=True),
    CardSpec("rainbow_ralphing_cat", "Rainbow-Ralphing Cat", CAT_TEXT, kind="cat", counts=_counts(4, 4),
             playable=False, cat=True),
]

DECKS = [
    DeckSpec("original", "Original Edition", main=True, min_players=2, max_players=5,
             description="56 cards for 2-5 players"),
    DeckSpec("two_player", "2-Player Edition", main=True, min_players=2, max_players=2,
             description="32 cards for 2 players"),
]
