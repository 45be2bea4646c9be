"""Streaking Kittens: the 15-card expansion for the base game (2-5 players).

Card texts from seed 002; counts and rulings (1, 3, 6, 10, 11, 14, 22) from
shared/docs/rules-notes.md. With this box in play there are as many kittens as players.

The Streaking Kitten is a saver in the engine's ``use`` choice that keeps the kitten in
hand instead of putting it back. Which kittens in a hand are safely held is tracked in
``game.plugin_state("streaking")["held"]``; ``ekpeer_hand_changed`` keeps it honest: a kitten
that arrives in a hand by any way but drawing (stolen, given, taken from the discard
pile) explodes on its new holder, and when a Streaking Kitten leaves a hand, the kitten
it covered explodes. Such an explosion is not a draw: once saved, the turn goes on.
A Dead player (Zombie Kittens) cannot explode: a loose kitten in a Dead hand goes back
into the draw pile at a random place, so the game keeps its kittens.

Curse of the Cat Butt (ruling 11): a cursed player plays with ``{"do": "play"}`` and no
cards (``ekpeer_handle_move``), which plays a random card of theirs; a card that cannot
be played that way is lost. Named plays by a cursed player are refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

from ekpeer.engine import (
    DEAD,
    LIVING,
    OUT,
    Action,
    CardSpec,
    DeckSpec,
    DrawPile,
    Game,
    IllegalMove,
    Move,
    Reason,
    combos,
)
from ekpeer.hookspecs import hookimpl

from .. import common
from ..base import CARDS as BASE_CARDS
from ..zombie import CARDS as ZOMBIE_CARDS

PLUGIN = "streaking"
REQUIRES = ["base"]  # loaded beside it: the Defuses, Nopes and kittens are base's
BOX = "streaking"


def _noop() -> None:
    return None


# ---------------------------------------------------------------------- holding kittens
def is_exploding(game: Game, card: str) -> bool:
    """An Exploding Kitten (defusable): the only kitten a Streaking Kitten can hold (ruling 6)."""
    spec = game.cards[card]
    return "kills" in spec.traits and bool(spec.extra.get("defusable"))


def _count(game: Game, player: str, test: Callable[[str], bool]) -> int:
    return sum(1 for c in game.hands[player] if test(c))


def streaks(game: Game, player: str) -> int:
    return _count(game, player, lambda c: bool(game.cards[c].extra.get("holds_kitten")))


def kittens(game: Game, player: str) -> int:
    return _count(game, player, lambda c: is_exploding(game, c))


def state(game: Game) -> dict:
    """This plugin's state in the game (``game.plugin_state``): ``held`` kittens per player,
    ``busy`` while kittens move, ``cursed``: the players cursed, in the order cursed."""
    st = game.plugin_state(PLUGIN)
    if "held" not in st:
        # A rigged table may deal a kitten beside a Streaking Kitten: it is held.
        st["held"] = {p: min(kittens(game, p), streaks(game, p)) for p in game.players}
        st["busy"] = False
    return st


# ---------------------------------------------------------------------- the curse's state
def is_cursed(game: Game, player: str) -> bool:
    """Is ``player``'s hand cursed (face down, played at random)? An Out player's curse ended
    with their game. Reads only: asking makes no state (a refused move changes nothing)."""
    st = game.data.get(PLUGIN)
    return bool(st) and player in st.get("cursed", ()) and game.status.get(player) != OUT


def lay_curse(game: Game, player: str) -> None:
    cursed = state(game).setdefault("cursed", [])
    if player not in cursed:
        cursed.append(player)


def lift_curse(game: Game, player: str) -> bool:
    """Lift ``player``'s curse (a draw they survived: ruling 11); whether there was one."""
    if not is_cursed(game, player):
        return False
    state(game)["cursed"].remove(player)
    return True


def can_hold(game: Game, player: str, card: str, kitten: str) -> bool:
    """Saves iff it is an Exploding Kitten and a Streaking Kitten in hand is still free.

    A kitten its holder played out of their hand (a cursed random pick) cannot be held
    again: "you explode. You must defuse it or die" (seed 002).
    """
    if state(game).get("played_out") == player:
        return False
    return is_exploding(game, kitten) and streaks(game, player) > kittens(game, player)


def hold(game: Game, player: str, card: str, kitten: str, done: Callable[[], None]) -> None:
    """Keep the kitten in hand, safe while the Streaking Kitten stays there."""
    st = state(game)
    game.in_front[player].remove(kitten)
    st["held"][player] = st["held"].get(player, 0) + 1
    game.add_to_hand(player, kitten)
    game.hold_in_sight(player, kitten)   # drawn for all to see, held in plain sight: not in the pile
    game.emit("kitten_held", None, player=player, card=kitten, to_hand=player)
    done()


@contextmanager
def _moving_kittens(game: Game) -> Iterator[None]:
    """Kittens leave a hand here on purpose: the held-kitten check must not fire meanwhile."""
    st = state(game)
    st["busy"] = True
    try:
        yield
    finally:
        st["busy"] = False


def explode_from_hand(game: Game, player: str, cards: list[str]) -> None:
    """``cards`` (kittens in ``player``'s hand) explode on them, one after another."""
    with _moving_kittens(game):
        for kitten in cards:
            game.remove_from_hand(player, kitten)
            game.in_front[player].append(kitten)
    explode_in_turn(game, player, list(cards))


def explode_in_turn(game: Game, player: str, kittens: list[str], played_out: bool = False) -> None:
    """Each of ``kittens`` (lying in front of ``player``) explodes once the one before is
    settled: a card that saves from one (a Zombie Kitten) is spent before the next is faced,
    so it is never offered twice. ``played_out``: kittens their holder played out of their
    hand, which no Streaking Kitten may hold again (002:32)."""
    if not kittens or game.status[player] != LIVING or game.over:
        return
    kitten = kittens.pop(0)
    after = common.after_undrawn_save(game, player, kitten)

    def then() -> None:
        after()
        explode_in_turn(game, player, kittens, played_out)

    game.emit("kitten_from_hand", None, player=player, card=kitten, from_hand=player)
    st = state(game)
    if played_out:
        st["played_out"] = player
    try:
        game.explode(player, kitten, then=then)
    finally:
        if played_out:
            st.pop("played_out", None)


def back_into_pile(game: Game, player: str, cards: list[str]) -> None:
    """A Dead player cannot explode: their loose kittens go back into the draw pile at random."""
    with _moving_kittens(game):
        for kitten in cards:
            game.remove_from_hand(player, kitten)
            game.draw_pile.insert(game.rng.randrange(len(game.draw_pile) + 1), kitten, kitten=True)
            game.emit("kitten_back_into_pile", None, player=player, card=kitten, from_hand=player)


def check_hand(game: Game, player: str) -> None:
    st = state(game)
    status = game.status.get(player)
    if st["busy"] or status not in (LIVING, DEAD):
        return
    k = kittens(game, player)
    held = min(st["held"].get(player, 0), streaks(game, player), k)
    st["held"][player] = held
    if k > held:
        loose = [c for c in game.hands[player] if is_exploding(game, c)][: k - held]
        if status == DEAD:
            back_into_pile(game, player, loose)
        else:
            explode_from_hand(game, player, loose)


# ---------------------------------------------------------------------- actions
def others_with_cards(game: Game, by: str) -> list[str]:
    return game.others_with_cards(by)


def see_the_future_5x(game: Game, action: Action) -> None:
    game.show_top(action.by, 5, source="see_the_future_5x")


def alter_the_future_5x(game: Game, action: Action) -> None:
    common.reorder_top(game, action.by, 5, source="alter_the_future_5x")


def swap_top_and_bottom(game: Game, action: Action) -> None:
    pile = game.draw_pile
    if len(pile) >= 2:
        top_knowers, bottom_knowers = pile.knowers_at(0), pile.knowers_at(len(pile) - 1)
        top = pile.remove_at(0)
        bottom = pile.remove_at(len(pile) - 1)
        # everyone sees where they go: who knew a card still knows it
        pile.insert(0, *bottom, known_to=bottom_knowers, place_known=True)
        pile.insert(-1, *top, known_to=top_knowers, place_known=True)
    game.emit("swapped_top_and_bottom", None, by=action.by)


def garbage_collection(game: Game, action: Action) -> None:
    """Everyone with cards, the Dead too (they keep their hands), puts one into the draw pile
    at once; then the pile is shuffled."""
    choosers = [p for p in game.players if game.status[p] != OUT and game.hands[p]]
    pending = set(choosers)

    def finish() -> None:
        if not game.over:
            game.draw_pile.shuffle(game.rng, keep_face_up=True)
            game.emit("shuffled", None, by=action.by, source="garbage_collection")

    def answer_for(player: str) -> Callable[[str], None]:
        def answer(card: str) -> None:
            pending.discard(player)
            game.remove_from_hand(player, card)
            game.draw_pile.insert(0, card)
            # named to its player alone: the others learn only that a card went in
            game.emit_own_card("card_into_pile", player, card, player=player, source="garbage_collection",
                               from_hand=player)
            if not any(c.source == "garbage_collection" for c in game.awaiting) and not (
                    pending & {p for p in game.players if game.status[p] != OUT}):
                finish()
        return answer

    if not choosers:
        finish()
        return
    for p in choosers:
        game.ask_card_from_hand(p, answer_for(p), prompt=Reason("a card to put into the draw pile"),
                                source="garbage_collection")


def catomic_bomb(game: Game, action: Action) -> None:
    """Exploding Kittens to the top, face down; the rest shuffled; others stay put (ruling 10)."""

    pile = game.draw_pile
    entries = [(c, pile.is_face_up(d)) for d, c in enumerate(pile.top_first())]
    seen = {d for d, _ in pile.face_up()}  # face-up cards whose place everyone sees
    n = len(entries)
    fixed = []  # (cards beneath, card, face_up): kittens that are not Exploding Kittens
    bombs, rest = [], []
    for depth, (card, up) in enumerate(entries):
        spec = game.cards[card]
        if is_exploding(game, card):
            bombs.append((card, False))
        elif "kills" in spec.traits:
            fixed.append((n - 1 - depth, card, up))
        else:
            rest.append((card, up))
    game.rng.shuffle(rest)
    bottom_first = (bombs + rest)[::-1]
    for beneath, card, up in sorted(fixed):
        bottom_first.insert(min(beneath, len(bottom_first)), (card, up))
    top_first = bottom_first[::-1]
    game.draw_pile = DrawPile([c for c, _ in top_first], [d for d, (_, up) in enumerate(top_first) if up])
    if game.recording and all(n - 1 - beneath in seen for beneath, _, _ in fixed):
        # everyone saw the Exploding Kittens go to the top: they know where those lie (unless
        # a kitten that stays put where nobody sees it may lie among them)
        for depth, (card, _) in enumerate(top_first):
            if is_exploding(game, card):
                game.draw_pile.know(depth, True)
    elif game.recording:
        # one may: then no one card is known, but each of the top cards is a kitten (the
        # odds a stranger read gave 3 % to a draw that was one)
        for depth in range(len(bombs)):
            game.draw_pile.mark_kitten(depth)
    game.emit("catomic_bomb", None, by=action.by, kittens=len(bombs))
    game.end_turn()


def curse(game: Game, action: Action) -> None:
    target = action.target
    assert target is not None
    if not game.is_living(target) or not game.hands[target]:
        return
    lay_curse(game, target)
    game.rng.shuffle(game.hands[target])
    game.emit("cursed", None, by=action.by, target=target)


def mark(game: Game, action: Action) -> None:
    target = action.target
    assert target is not None
    if not game.is_living(target):
        return
    unmarked = list(game.hands[target])
    for card in game.marked[target]:
        if card in unmarked:
            unmarked.remove(card)
    if not unmarked:
        game.emit("mark_nothing", None, by=action.by, target=target)
        return
    card = unmarked[game.rng.randrange(len(unmarked))]
    game.marked[target].append(card)
    game.emit("marked", None, by=action.by, target=target, card=card)


# ---------------------------------------------------------------------- the curse
def _random_play(game: Game, by: str, card: str, target: str | None) -> None:
    """A cursed player's random card: played as normal if it can be, else lost."""
    spec = game.cards[card]
    game.emit("cursed_pick", None, by=by, card=card)
    if is_exploding(game, card):
        st = state(game)
        st["held"][by] = max(0, st["held"].get(by, 0) - 1)
        st["played_out"] = by
        try:
            explode_from_hand(game, by, [card])
        finally:
            st.pop("played_out", None)
        return
    lost = not spec.playable or spec.is_nope
    if not lost and spec.can_play is not None and spec.can_play(game, by):
        lost = True
    aim = None
    if not lost and spec.targets is not None:
        options = spec.targets(game, by)
        if options is not None:
            if not options:
                lost = True
            else:
                aim = target if target in options else options[game.rng.randrange(len(options))]
    game.discard_from_hand(by, card)
    if lost:
        game.emit("card_lost", None, by=by, card=card, from_hand=by)
        return
    action = Action(by, (card,), card, target=aim)
    game.emit("played", None, action=action.public())
    if spec.nopeable:
        game.stack.append(action)
    else:
        game.carry_out(action)


def _cursed_turn(game: Game, player: str) -> bool:
    return (is_cursed(game, player) and player == game.current and game.is_living(player)
            and not game.stack and not game.awaiting and bool(game.hands[player]))


def cursed_draw(game: Game, player: str, kitten: str, end_turn: bool) -> None:
    """A cursed player drew an Exploding Kitten: random cards turn up until one saves them."""
    done = game.end_turn if end_turn else _noop
    game.in_front[player].append(kitten)
    game.emit("drew", None, player=player, card=kitten)
    game.emit("exploding", None, player=player, card=kitten)
    hand = game.hands[player]
    while hand:
        card = hand[game.rng.randrange(len(hand))]
        spec = game.cards[card]
        game.emit("cursed_turned_up", None, player=player, card=card)
        if spec.saves is not None and spec.saves(game, player, card, kitten):
            lift_curse(game, player)
            game.emit("saved", None, player=player, card=card, kitten=kitten)
            spec.save(game, player, card, kitten, done)  # type: ignore[misc]
            return
        game.discard_from_hand(player, card)
        game.emit("card_lost", None, by=player, card=card, from_hand=player)
        if game.status[player] != LIVING or game.over:
            return
    game.die(player, kitten)


# ---------------------------------------------------------------------- cards
EXPLODING = common.shared_card(BASE_CARDS, "exploding_kitten")
SUPER_SKIP = common.shared_card(ZOMBIE_CARDS, "super_skip")

CARDS = [
    CardSpec("streaking_kitten", "Streaking Kitten",
             "While this card is in your hand, you may secretly hold 1 Exploding Kitten without "
             "exploding. If the Streaking Kitten leaves your hand, that kitten explodes; if another "
             "player steals or receives an Exploding Kitten from you, it explodes on them.",
             kind="defuse", counts={BOX: 1}, nopeable=False, playable=False, combo=False,
             saves=can_hold, save=hold, pick_hand=False,
             extra={"holds_kitten": True, "adds_kitten": True},
             traits=frozenset({"saves"}), bot_value=90,
             phrases={
                 "kitten_held": "{Player} {player:hold} the kitten safely with a Streaking Kitten",
                 "kitten_from_hand": "{Player} {player:lose} cover for {card}!",
                 "kitten_back_into_pile": "{card} goes back into the draw pile at random",
             }),
    replace(EXPLODING, counts={BOX: 1}),
    common.with_counts(SUPER_SKIP, **{BOX: 1}),
    CardSpec("see_the_future_5x", "See the Future (5x)",
             "Privately view the top 5 cards of the Draw Pile and put them back in the same order.",
             counts={BOX: 1}, effect=see_the_future_5x,
             traits=frozenset({"peeks"}), bot_value=62),
    CardSpec("alter_the_future_5x", "Alter the Future (5x)",
             "Privately view the top 5 cards of the Draw Pile and put them back in any order.",
             counts={BOX: 1}, effect=alter_the_future_5x,
             traits=frozenset({"peeks", "reorders"}), bot_value=64,
             phrases={
                 "altered": "{By} {by:alter} the future of the top {count} cards",
                 "altered/count=1": "{By} {by:alter} the future of the top card",
             }),
    CardSpec("swap_top_and_bottom", "Swap Top and Bottom",
             "Swap the top and bottom cards of the Draw Pile without looking at them.",
             counts={BOX: 3}, effect=swap_top_and_bottom,
             traits=frozenset({"reorders", "dodges"}), bot_value=50,
             phrases={
                 "swapped_top_and_bottom": "{By} {by:swap} the top and bottom cards",
             }),
    CardSpec("garbage_collection", "Garbage Collection",
             "Every player who has cards (you too) chooses 1 card from their hand to secretly put "
             "into the Draw Pile. Then shuffle the Draw Pile.",
             counts={BOX: 1}, effect=garbage_collection,
             traits=frozenset({"shuffles", "reorders", "refills"}), bot_value=40,
             phrases={
                 "shuffled": "{By} {by:shuffle} the draw pile",
                 "card_into_pile": "{Player} {player:put} a card into the draw pile",
                 "card_into_pile/card": "{Player} {player:put} {card} into the draw pile",
             }),
    CardSpec("catomic_bomb", "Catomic Bomb",
             "Take all the Exploding Kittens out of the Draw Pile for everyone to see, shuffle it, "
             "and put the kittens back face down on top. Then end your turn without drawing.",
             counts={BOX: 1}, effect=catomic_bomb, pick_pile=False, pick_hand=False, random_only=True,
             traits=frozenset({"shuffles", "reorders", "ends_turn", "dodges"}), bot_value=60,
             phrases={
                 "catomic_bomb": "{By} {by:set} off a Catomic Bomb: {kittens#kitten} to the top",
             }),
    CardSpec("curse_of_the_cat_butt", "Curse of the Cat Butt",
             "The target's hand is cursed: face down and shuffled, played only at random, until they "
             "draw a card without dying.",
             counts={BOX: 2}, targets=others_with_cards, effect=curse,
             traits=frozenset({"harms"}), bot_value=45,
             phrases={
                 "cursed": "{By} {by:curse} {target}: {target's} hand is face down",
                 "cursed_pick": "{By} {by:play} a random card: {card}",
                 "cursed_turned_up": "{Player} {player:turn} up {card}",
                 "curse_lifted": "The curse on {player} lifts",
                 "card_lost": "{card} is lost: it cannot be played that way",
             }),
    CardSpec("mark", "Mark",
             "Pick a player and Mark one of their cards at random: it faces out to everyone until it "
             "is played or stolen.",
             counts={BOX: 3}, targets=others_with_cards, effect=mark,
             traits=frozenset({"harms"}), bot_value=35,
             phrases={
                 "marked": "{By} {by:mark} {target's} {card}: it faces out",
                 "mark_nothing": "{Target} {target:have} nothing to mark",
             }),
]

DECKS = [
    DeckSpec(BOX, "Streaking Kittens", main=False, min_players=2, max_players=5,
             description="15 cards: as many kittens as players, and the Streaking Kitten"),
]


# ---------------------------------------------------------------------- hooks
@hookimpl
def ekpeer_adjust_setup(plan) -> None:
    """With Streaking Kittens, the kittens equal the number of players."""
    plan.kitten_count += 1


@hookimpl
def ekpeer_hand_changed(game, player) -> None:
    check_hand(game, player)


@hookimpl
def ekpeer_refuse_move(game, player, move) -> str | None:
    if move.do == "play" and move.cards and is_cursed(game, player):
        return Reason("{player}'s hand is cursed: play a random card (a play with no cards)", player=player)
    return None


def _combo_with_kittens(game: Game, move: Move) -> bool | None:
    """A combo holding a Streaking Kitten or an Exploding Kitten from the hand (ruling 35):
    checked as any combo, its cards played, then at once, before any Nope, each kitten played
    explodes (it cannot be held again: 002:32) and each one its Streaking Kitten no longer
    covers too; the combo waits in its window and is settled afterwards."""
    by, cards = move.by, move.cards
    hand = game.hands[by]
    for card in dict.fromkeys(cards):
        if card not in game.cards:
            raise IllegalMove("unknown_card", "there is no card {card} at this table",
                              card=repr(card))
        if hand.count(card) < cards.count(card):
            raise IllegalMove("card_not_held", "{player} does not hold {count} x {card}",
                              player=by, count=cards.count(card), card=card)
    if game.awaiting:
        raise IllegalMove("awaiting_choice", "waiting for {players} to choose",
                          players=", ".join(game.waiting_for()))
    reason = game.hook.ekpeer_refuse_move(game=game, player=by, move=move)
    if reason:
        raise IllegalMove("refused", reason)
    action = combos.check(game, move)
    if game.stack:
        raise IllegalMove("reaction_open", "a reaction window is open: only Nope and NOW cards")
    if by != game.current:
        raise IllegalMove("not_your_turn", "it is {player}'s turn", player=game.current)
    if not game.is_living(by):
        raise IllegalMove("not_living", "{player} is not Living", player=by)
    st = state(game)
    played = [c for c in cards if is_exploding(game, c)]
    with _moving_kittens(game):
        for card in cards:
            game.remove_from_hand(by, card)
            if card in played:
                game.in_front[by].append(card)   # "into the Discard Pile": it explodes there
            else:
                game.discard.append(card)
        st["held"][by] = max(0, st["held"].get(by, 0) - len(played))
    game.emit("move", None, by=by, do="play")
    game.emit("played", None, action=action.public())
    game.stack.append(action)
    explode_in_turn(game, by, played, played_out=True)
    if game.is_living(by) and not game.over:
        check_hand(game, by)   # a kitten its Streaking Kitten no longer covers
    return True


def _kitten_combo(game: Game, move: Move) -> bool:
    if move.do != "play" or len(move.cards) < 2 or move.by not in game.hands:
        return False
    return any(is_exploding(game, c) or game.cards[c].extra.get("holds_kitten")
               for c in move.cards if c in game.cards)


@hookimpl
def ekpeer_handle_move(game, move) -> bool | None:
    if _kitten_combo(game, move):
        return _combo_with_kittens(game, move)
    if move.do != "play" or move.cards or not is_cursed(game, move.by):
        return None
    by = move.by
    if game.awaiting:
        raise IllegalMove("awaiting_choice", "waiting for {players} to choose",
                          players=", ".join(game.waiting_for()))
    if game.stack:
        raise IllegalMove("reaction_open", Reason("a cursed hand plays only on its own turn"))
    if by != game.current or not game.is_living(by):
        raise IllegalMove("not_your_turn", "it is {player}'s turn", player=game.current)
    if not game.hands[by]:
        raise IllegalMove("no_cards", Reason("{player} holds no cards", player=by))
    if move.name is not None:
        raise IllegalMove("no_name", Reason("a random card names nothing"))
    hand = game.hands[by]
    game.emit("move", None, by=by, do="play", random=True)
    _random_play(game, by, hand[game.rng.randrange(len(hand))], move.target)
    return True


@hookimpl
def ekpeer_extra_moves(game, player) -> list:
    if _cursed_turn(game, player):
        return [Move("play", player)]
    return []


@hookimpl
def ekpeer_card_drawn(game, player, card, end_turn) -> bool | None:
    """The curse lifts on a safe draw; a cursed player's Exploding Kitten turns up cards."""
    if not is_cursed(game, player):
        return None
    if is_exploding(game, card):
        cursed_draw(game, player, card, end_turn)
        return True
    if game.cards[card].on_drawn is None:
        lift_curse(game, player)
        game.emit("curse_lifted", None, player=player)
    return None


@hookimpl
def ekpeer_hand_hidden(game, player) -> bool | None:
    """A cursed hand lies face down, unseen by its owner (ruling 11)."""
    return is_cursed(game, player) or None


@hookimpl
def ekpeer_rig_table(game, table) -> None:
    """A rigged table's ``cursed`` players (checked seated by the engine)."""
    for player in table.get("cursed", []):
        lay_curse(game, player)


@hookimpl
def ekpeer_describe_table(game) -> dict:
    st = game.data.get(PLUGIN) or {}
    return {"cursed": [p for p in st.get("cursed", ()) if is_cursed(game, p)]}
