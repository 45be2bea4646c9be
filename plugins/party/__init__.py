"""The party plugin: the Party Pack deck (2-10 players), the party cards of seed 002, and
custom decks.

Party Pack rules from seed 004 (Danish); counts and rulings (3, 13, 20, 21, 22) from
shared/docs/rules-notes.md. Base cards keep base's ids and implementations; Targeted
Attack, Feral Cat, Alter the Future and Draw From the Bottom are the imploding plugin's
(imported from ``..imploding``); Shuffle NOW is the zombie plugin's (``..zombie``).

The party cards that no other plugin ships are in no box: they come with the variant
``party.extras`` (one of each added to the deck) or in custom decks
(``plan.options["custom"]``, which the engine deals with any mix of plugins: see
ekpeer/engine/custom.py and docs/plugins.md).

With the Party Pack deck (``deck = "party_pack"``; a rigged table with the party plugin
and no ``deck`` counts as one) an exploded player's whole hand and kitten go to the
discard pile (ruling 13).
"""

from __future__ import annotations

from ekpeer.engine import OUT, Action, CardSpec, DeckSpec, Game, Reason, Variant
from ekpeer.hookspecs import hookimpl

from .. import common
from ..base import CARDS as BASE_CARDS
from ..imploding import CARDS as IMPLODING_CARDS
from ..imploding import alter_the_future, implode_on
from ..streaking import lift_curse
from ..zombie import CARDS as ZOMBIE_CARDS

PLUGIN = "party"
REQUIRES = ["base"]  # loaded beside it: the Defuses, Nopes and kittens are base's
DECK = "party_pack"
EXTRAS = "party.extras"
ITT = "ill_take_that"
BURIED = "bury"   # the card's own state (game.plugin_state): {player: the card they are burying}

CATS = ("tacocat", "cattermelon", "hairy_potato_cat", "beard_cat", "rainbow_ralphing_cat")
#: The whole Party Pack (120 cards).
FULL = {"exploding_kitten": 9, "defuse": 10, "nope": 9, "skip": 10, "attack": 5, "targeted_attack": 5,
        "see_the_future": 6, "alter_the_future": 6, "shuffle": 6, "draw_from_the_bottom": 7, "favor": 6,
        "feral_cat": 6, **{c: 7 for c in CATS}}
#: The cards marked with a paw (2-3 players play with these; 4-7 with the others; 8-10 all).
PAW = {"defuse": 3, "nope": 4, "skip": 4, "attack": 2, "targeted_attack": 2, "see_the_future": 3,
       "alter_the_future": 2, "shuffle": 2, "draw_from_the_bottom": 3, "favor": 2, "feral_cat": 2,
       **{c: 3 for c in CATS}}


def _noop() -> None:
    return None


def deck_counts(players: int) -> dict[str, int]:
    """The Party Pack cards used for ``players`` (kittens: all 9, players - 1 go in)."""
    if players <= 3:
        chosen = dict(PAW)
    elif players <= 7:
        chosen = {c: FULL[c] - PAW.get(c, 0) for c in FULL}
    else:
        chosen = dict(FULL)
    chosen["exploding_kitten"] = FULL["exploding_kitten"]
    return chosen


def party_deck(game: Game) -> bool:
    """Is this a Party Pack game (whole hands to the discard pile on death)?"""
    if "deck" in game.origin:
        return game.origin["deck"] == DECK
    return game.origin.get("table", {}).get("deck", DECK) == DECK


# ---------------------------------------------------------------------- actions
def personal_attack(game: Game, action: Action) -> None:
    """Take your own turns + 2; your turn goes on (ruling 3)."""
    game.turns += 2
    game.attacked = True
    game.emit("turn", None, player=game.current, turns=game.turns, attacked=True)


def _laid_by(game: Game) -> dict[str, str]:
    """Read-only: the card's own state, ``{holder: who laid it}`` (``game.plugin_state`` keyed
    by the card, which keeps it wherever it is dealt), or an empty dict, made by nothing."""
    return game.data.get(ITT) or {}


def _itt(game: Game) -> dict[str, str | None]:
    """Read-only: who has an I'll Take That in front of them, and whose it is (the card's state
    records who laid it, so that a rigged table can say so too). One lying there with no
    recorded owner (a rigged table's ``"ill_take_that"`` without ``:OWNER``) still counts: it
    blocks a second one (002:136), and its owner is None: it hands the card to no one."""
    laid = _laid_by(game)
    found: dict[str, str | None] = {}
    for p in game.players:
        owner = laid.get(p)
        if owner is not None or ITT in game.in_front[p]:
            found[p] = owner
    return found


def bury_refusal(game: Game, by: str) -> str | None:
    if by in _itt(game):
        return Reason("you cannot Bury with an I'll Take That in front of you")
    return None


def bury(game: Game, action: Action) -> None:
    """Look at the top card and put it back anywhere in secret; it does not explode (ruling 20).

    While its player chooses where, the card lies in no public place: this plugin holds it
    (``BURIED``, counted by ``ekpeer_cards_elsewhere``), and nobody else is told which it is."""
    by = action.by
    if not len(game.draw_pile):
        game.emit("draw_pile_empty", None, player=by)
        game.end_turn()
        return
    card, up = game.draw_pile.remove_at(0)
    game.plugin_state(BURIED)[by] = card
    game.show(by, [card], source="bury")

    def buried() -> None:
        del game.plugin_state(BURIED)[by]
        game.end_turn()

    game.put_back(by, card, buried, face_up=up, secret=True)


def itt_targets(game: Game, by: str) -> list[str]:
    taken = _itt(game)
    return [p for p in game.players if p != by and game.is_living(p) and p not in taken]


def ill_take_that(game: Game, action: Action) -> None:
    target, by = action.target, action.by
    assert target is not None
    if not game.is_living(target) or target in _itt(game) or ITT not in game.discard:
        return
    index = len(game.discard) - 1 - game.discard[::-1].index(ITT)
    del game.discard[index]
    game.in_front[target].append(ITT)
    game.plugin_state(ITT)[target] = by
    game.emit("ill_take_that", None, by=by, target=target, laid=ITT)


def take_drawn(game: Game, player: str, card: str, end_turn: bool) -> bool | None:
    """``player`` drew ``card`` with an I'll Take That in front of them (ruling 21)."""
    if player not in _itt(game):
        return None
    owner = game.plugin_state(ITT).pop(player, None)
    if ITT in game.in_front[player]:
        game.in_front[player].remove(ITT)
        game.discard.append(ITT)
    spec = game.cards[card]
    exploding = "kills" in spec.traits and bool(spec.extra.get("defusable"))
    imploding = "kills" in spec.traits and bool(spec.extra.get("put_back_face_up"))
    if owner is None or not game.is_living(owner) or (spec.on_drawn is not None and not exploding
                                                      and not imploding):
        # Nobody to take it (no recorded owner, or its owner is out), or a card with a draw
        # rule of its own: a normal draw.
        return None
    game.emit("drew", (player, owner), player=player, card=card, taken_by=owner)
    game.emit("card_taken", None, player=player, taker=owner, exploding=exploding)
    if lift_curse(game, player):
        # They drew a card without dying: a Curse of the Cat Butt lifts (ruling 11).
        game.emit("curse_lifted", None, player=player)
    if imploding:   # its taker deals with it as its drawer would (ruling 31)
        face_up = game.drawn_face_up
        if end_turn:
            game.end_turn()
        if not game.over:
            implode_on(game, owner, card, face_up, _noop)
        return True
    if exploding:
        game.in_front[owner].append(card)
        if end_turn:
            game.end_turn()
        if not game.over:
            game.explode(owner, card, then=_noop, drawn_by=player)
        return True
    game.add_to_hand(owner, card)
    if end_turn:
        game.end_turn()
    return True


def potluck(game: Game, action: Action) -> None:
    """From you, in the direction of play, each player with cards (the Dead too: they keep
    their hands) puts one on top of the pile."""
    seats = game.players
    start = seats.index(action.by)
    order = [seats[(start + k * game.direction) % len(seats)] for k in range(len(seats))]

    def step(i: int) -> None:
        while i < len(order) and not (game.status[order[i]] != OUT and game.hands[order[i]]):
            i += 1
        if i >= len(order) or game.over:
            return
        player = order[i]

        def answer(card: str) -> None:
            game.remove_from_hand(player, card)
            # its player knows it lies on top, unless their hand lay face down (picked at random)
            seen = () if game.hand_hidden(player) else (player,)
            game.draw_pile.insert(0, card, known_to=seen, place_known=True)
            game.emit_own_card("card_onto_pile", player, card, player=player, source="potluck",
                               from_hand=player)
            step(i + 1)

        game.ask_card_from_hand(player, answer, prompt=Reason("a card to put on top of the draw pile"),
                                source="potluck")

    step(0)


def raising_heck(game: Game, action: Action) -> None:
    """Look at the bottom card: take it (as a draw) or put it on top; the turn ends either way."""
    by = action.by
    if not len(game.draw_pile):
        game.emit("draw_pile_empty", None, player=by)
        game.end_turn()
        return
    card = game.draw_pile.peek(len(game.draw_pile))[-1]
    game.show(by, [card], source="raising_heck", place="bottom")
    if game.recording:
        game.draw_pile.know(len(game.draw_pile) - 1, (by,))   # they know it lies at the bottom

    def answer(keep: bool) -> None:
        knowers = game.draw_pile.knowers_at(len(game.draw_pile) - 1)
        bottom, up = game.draw_pile.remove_at(len(game.draw_pile) - 1)
        if keep:
            game.receive_drawn(by, bottom, end_turn=True, face_up=up)
        else:
            # everyone sees it go on top: who knew it (and the player, who saw it) knows it there
            who = True if knowers is True else knowers | {by}  # type: ignore[operator]
            game.draw_pile.insert(0, bottom, up, known_to=who, place_known=True)
            game.emit("bottom_to_top", None, by=by)
            game.end_turn()

    game.ask(by, "keep", [True, False], answer, prompt=Reason("take the bottom card (or put it on top)?"),
             context={"card": card, "put_where": Reason("on top of the draw pile")}, source="raising_heck")


def share_the_future(game: Game, action: Action) -> None:
    by = action.by
    nxt = game.next_player(by)
    common.reorder_top(game, by, 3, source="share_the_future",
                       then=lambda cards: game.show_top(nxt, len(cards), source="share_the_future")
                       if nxt != by else None)


def reveal_the_future(game: Game, action: Action) -> None:
    game.show_top(action.by, 3, public=True, source="reveal_the_future")


# ---------------------------------------------------------------------- what cards bring
class IllTakeThatRules:
    """What I'll Take That brings to every table it is at (``CardSpec.hooks``), whichever
    box deals it: its target's next draw goes to its owner (ruling 21)."""

    @hookimpl(tryfirst=True)
    def ekpeer_card_drawn(self, game, player, card, end_turn) -> bool | None:
        return take_drawn(game, player, card, end_turn)

    @hookimpl
    def ekpeer_rig_table(self, game, table) -> None:
        """``"ill_take_that:OWNER"`` in a rigged table's ``in_front``: who laid it."""
        for holder, cards in table.get("in_front", {}).items():
            for entry in cards:
                card, _, owner = entry.partition(":")
                if card == ITT and owner:
                    game.plugin_state(ITT)[holder] = owner

    @hookimpl
    def ekpeer_describe_table(self, game) -> dict:
        return {"in_front": {holder: [f"{ITT}:{owner}"] for holder, owner in _laid_by(game).items()}}


class BuryRules:
    """What Bury brings to every table it is at: the card being buried is accounted for."""

    @hookimpl
    def ekpeer_cards_elsewhere(self, game) -> list[str]:
        """A card being buried lies in no pile and no hand while its player chooses where."""
        return list((game.data.get(BURIED) or {}).values())


# ---------------------------------------------------------------------- cards
def _party(spec: CardSpec) -> CardSpec:
    return common.with_counts(spec, **{DECK: FULL[spec.id]})


SHARED = [_party(c) for c in (*BASE_CARDS, *IMPLODING_CARDS) if c.id in FULL]

EXTRA_CARDS = [
    CardSpec("personal_attack", "Personal Attack (3x)",
             "This Attack is played on yourself: take your current turn, then 2 more. Attacks stack.",
             kind="attack", effect=personal_attack,
             bot_value=35),
    CardSpec("bury", "Bury",
             "End your turn by drawing a card; after looking at it, put it back into the Draw Pile "
             "anywhere you like in secret. Not while an I'll Take That lies in front of you.",
             can_play=bury_refusal, effect=bury, hooks=BuryRules(),
             traits=frozenset({"dodges", "reorders"}), bot_value=60),
    CardSpec(ITT, "I'll Take That",
             "Play this in front of another player. The next time they draw a card, they hand it to "
             "you. An Exploding Kitten handed over explodes on you.",
             targets=itt_targets, effect=ill_take_that, hooks=IllTakeThatRules(),
             traits=frozenset({"steals"}), bot_value=45,
             phrases={
                 "ill_take_that": "{By} {by:put} I'll Take That in front of {target}",
                 "card_taken": "{Taker} {taker:take} {player's} drawn card",
             }),
    CardSpec("potluck", "Potluck",
             "Starting with you and going round in the direction of play, each player with cards puts "
             "one of their choice face down on top of the Draw Pile.",
             effect=potluck,
             traits=frozenset({"reorders", "refills"}), bot_value=40,
             phrases={
                 "card_onto_pile": "{Player} {player:put} a card on the draw pile",
                 "card_onto_pile/card": "{Player} {player:put} {card} on the draw pile",
             }),
    CardSpec("raising_heck", "Raising Heck",
             "Look at the bottom card of the Draw Pile, then take it into your hand or put it on top. "
             "Either way your turn ends.",
             effect=raising_heck,
             traits=frozenset({"peeks", "ends_turn", "dodges"}), bot_value=50,
             phrases={
                 "bottom_to_top": "{By} {by:put} the bottom card on top",
             }),
    CardSpec("share_the_future", "Share the Future (3x)",
             "Privately view the top 3 cards, rearrange them, and show them to the next player.",
             effect=share_the_future, pick_pile=False, pick_hand=False, random_only=True,
             traits=frozenset({"peeks", "reorders"}), bot_value=58,
             phrases={
                 "altered": "{By} {by:alter} the future of the top {count} cards",
                 "altered/count=1": "{By} {by:alter} the future of the top card",
             }),
    CardSpec("reveal_the_future", "Reveal the Future (3x)",
             "Reveal the top 3 cards of the Draw Pile to everyone, then put them back in order.",
             effect=reveal_the_future,
             traits=frozenset({"peeks"}), bot_value=55),
    CardSpec("alter_the_future_now", "Alter the Future (3x) [NOW]",
             "Privately view the top 3 cards and put them back in any order. NOW: play it at any time "
             "before an action has begun, even when it is not your turn; Dead players may too.",
             kind="now", now=True, dead_may_play=True, effect=alter_the_future,
             pick_pile=False, pick_hand=False, random_only=True,
             traits=frozenset({"peeks", "reorders"}), bot_value=64,
             phrases={
                 "altered": "{By} {by:alter} the future of the top {count} cards",
                 "altered/count=1": "{By} {by:alter} the future of the top card",
             }),
    common.shared_card(ZOMBIE_CARDS, "shuffle_now"),
]

CARDS = [*SHARED, *EXTRA_CARDS]

DECKS = [
    DeckSpec(DECK, "Party Pack", main=True, min_players=2, max_players=10,
             description="120 cards for 2-10 players: paw cards for 2-3, the others for 4-7, all for 8-10",
             parts=((2, 3, "2-3 player cards"), (4, 7, "4-7 player cards"), (8, 10, "all 120 cards"))),
]

VARIANTS = [
    Variant(EXTRAS, "Party cards: 9 more in the deck",
            "Adds one each of Personal Attack, Bury, I'll Take That, Potluck, Raising Heck, Share the "
            "Future, Reveal the Future, Alter the Future (3x) [NOW] and Shuffle [NOW] to the deck."),
]


# ---------------------------------------------------------------------- hooks
@hookimpl(trylast=True)
def ekpeer_adjust_setup(plan) -> None:
    """Cards by player count, all spare Defuses back; party cards (a custom deck, which the
    engine deals, replaces them all)."""
    if plan.deck == DECK:
        chosen = deck_counts(len(plan.players))
        for card, n in FULL.items():
            plan.pool[card] -= n - chosen[card]
        plan.pool = +plan.pool
        if plan.saver == "defuse":
            # Seed 004: every spare Defuse goes back in. Another saver keeps its own rule
            # (Zombie Kittens: the extra Zombie Kittens are removed from the game).
            plan.spare_savers = None
    if EXTRAS in plan.variants:
        for card in EXTRA_CARDS:
            plan.pool[card.id] += 1


@hookimpl(trylast=True)
def ekpeer_player_died(game, player, kitten) -> bool | None:
    """Party Pack: the whole hand and the kitten go to the discard pile (ruling 13), when an
    Exploding Kitten kills; the Imploding Kitten keeps its own rule, face up in front of its
    victim and the hand out of play (001:37, ruling 37): the engine's default death."""
    if not party_deck(game):
        return None
    if kitten is not None and kitten in game.cards and not game.cards[kitten].extra.get("defusable", True):
        return None
    game.status[player] = OUT
    game.discard.extend(game.hands[player])
    game.hands[player].clear()
    game.discard.extend(game.in_front[player])
    game.in_front[player].clear()
    game.marked[player].clear()
    if player in _laid_by(game):
        del game.plugin_state(ITT)[player]
    game.emit("exploded", None, player=player, card=kitten, discarded=True)
    return True


@hookimpl
def ekpeer_hand_changed(game, player) -> None:
    """An Exploding Kitten that reaches a hand (five different from the discard pile) explodes.

    With Streaking Kittens at the table, that plugin decides which kittens a hand may hold.
    """
    if game.status.get(player) != "living" or any(c.extra.get("holds_kitten") for c in game.cards.values()):
        return
    loose = [c for c in game.hands[player]
             if "kills" in game.cards[c].traits and game.cards[c].extra.get("defusable")]
    if loose and not game.over:
        kitten = loose[0]
        game.remove_from_hand(player, kitten)  # calls this hook again for any other kitten
        if game.is_living(player) and not game.over:
            game.in_front[player].append(kitten)
            game.explode(player, kitten, then=common.after_undrawn_save(game, player, kitten))
        else:
            game.discard.append(kitten)


