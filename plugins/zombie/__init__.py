"""Zombie Kittens: the 22-card expansion pack for the base game (2-5 players).

Rules from seed 000 (the Zombie Kittens rulebook); counts and rulings from
shared/docs/rules-notes.md. Instead of exploding, a player dies and is Dead: they keep
their hand, the kitten that killed them lies in front of them, they take no turns, and
they may still play Nopes and NOW cards. A Zombie Kitten saves from an Exploding Kitten
and brings one Dead player back to life. Super Skip and Shuffle NOW are shipped by other
boxes too: import them from here so that each card keeps one implementation.
"""

from __future__ import annotations

from collections.abc import Callable

from ekpeer.engine import DEAD, LIVING, Action, CardSpec, DeckSpec, Game, Move, Reason, Variant, combos
from ekpeer.hookspecs import hookimpl

from ..base import SAVING, shuffle

PLUGIN = "zombie"
REQUIRES = ["base"]  # loaded beside it: the Defuses, Nopes and kittens are base's
BOX = "zombie"
TWO_PLAYER = "zombie.two_player"
FASTER = "zombie.faster"
SAVE = SAVING  # game.data key: the Defuse or Zombie Kitten being played (who, and who watches)
TWO_PLAYER_REMOVED = ("attack_of_the_dead", "grave_robber", "feed_the_dead", "super_skip")
FASTER_SIZES = {2: 15, 3: 20, 4: 25, 5: 30}


# ---------------------------------------------------------------------- Zombie Kitten
def zombie_saves(game: Game, player: str, card: str, kitten: str) -> bool:
    """A Zombie Kitten saves from whatever a Defuse would (not from an Imploding Kitten)."""
    return bool(game.cards[kitten].extra.get("defusable", False))


def _face_up(game: Game, kitten: str) -> bool:
    return bool(game.cards[kitten].extra.get("put_back_face_up", False))


def zombie_save(game: Game, player: str, card: str, kitten: str, done: Callable[[], None]) -> None:
    """Discard ``card`` (a Zombie Kitten, or a Clone on one); revive a Dead player if any.

    Ruling 19: the drawer's kitten goes back first, then the revived player's. Other players
    may play Clairvoyance until the last kitten is back, to watch where they go.
    """
    game.discard_from_hand(player, card)
    state = {"by": player, "watchers": []}
    game.data[SAVE] = state
    watchers: list[str] = state["watchers"]  # read when each kitten goes back

    def finish(revived: str | None) -> None:
        if revived is not None:
            game.status[revived] = LIVING
            game.emit("revived", None, player=revived, by=player)
        game.data.pop(SAVE, None)
        done()

    def put(card: str, then: Callable[[], None], owner: str | None = None) -> None:
        def back() -> None:
            _watched(game, player, card, watchers)
            then()

        game.put_back(player, card, back, face_up=_face_up(game, card), watchers=watchers, owner=owner)

    def put_revived(revived: str | None) -> None:
        theirs = [c for c in game.in_front[revived] if "kills" in game.cards[c].traits] if revived else []
        if not theirs:
            finish(revived)
            return
        game.in_front[revived].remove(theirs[-1])  # type: ignore[index]
        game.in_front[player].append(theirs[-1])
        put(theirs[-1], lambda: finish(revived), owner=revived)   # the dialog says whose it was

    def put_own(revived: str | None) -> None:
        if kitten in game.in_front[player]:
            put(kitten, lambda: put_revived(revived))
        else:
            put_revived(revived)

    dead = [p for p in game.dead() if p != player]
    if dead:
        game.ask(player, "player", dead, put_own, prompt=Reason("bring a Dead player back to life"),
                 source="zombie_kitten")
    else:
        put_own(None)


def _watched(game: Game, player: str, card: str, watchers: list[str]) -> None:
    """Tell each Clairvoyance watcher where ``card`` went (the put_back event has the depth)."""
    if not watchers:
        return
    depth = next((e.get("position") for _, e in reversed(game.events) if e.get("type") == "put_back"), None)
    seen = game.data.setdefault("zombie.clairvoyance", {})
    for w in watchers:
        seen.setdefault(w, []).append({"card": card, "position": depth, "by": player})
        game.emit("clairvoyance_saw", (w,), watcher=w, by=player, card=card, position=depth)


# ---------------------------------------------------------------------- Clone
def _beneath_clone(game: Game) -> str | None:
    """The card under the topmost Clone in the discard pile (what a played Clone became)."""
    pile = game.discard
    for i in range(len(pile) - 1, 0, -1):
        if pile[i] == "clone":
            return pile[i - 1]
    return None


def clone_targets(game: Game, by: str) -> list[str] | None:
    top = game.discard[-1] if game.discard else None
    if top is None or top == "clone":
        return None
    spec = game.cards[top]
    return spec.targets(game, by) if spec.targets is not None else None


def clone_can_play(game: Game, by: str) -> str | None:
    if not game.discard:
        return Reason("a Clone needs a card beneath it in the discard pile")
    top = game.discard[-1]
    spec = game.cards[top]
    if top == "clone":
        return Reason("a Clone cannot be played on another Clone")
    if spec.is_nope:
        return Reason("a Clone on a Nope has no action to stop")
    if not spec.playable or spec.effect is None:
        return Reason("a Clone cannot become {title}: it cannot be played on its own",
                      title=Reason(spec.title))
    if spec.can_play is not None:
        return spec.can_play(game, by)
    return None


def clone_effect(game: Game, action: Action) -> None:
    copied = _beneath_clone(game)
    if copied is None:
        return
    spec = game.cards[copied]
    game.emit("cloned", None, by=action.by, card=copied)
    if spec.effect is not None:
        spec.effect(game, action)


def clone_saves(game: Game, player: str, card: str, kitten: str) -> bool:
    """A Clone on a saver (a Zombie Kitten) on top of the discard pile saves like it."""
    top = game.discard[-1] if game.discard else None
    if top is None or top == "clone":
        return False
    spec = game.cards[top]
    return spec.saves is not None and spec.save is not None and spec.saves(game, player, top, kitten)


def clone_save(game: Game, player: str, card: str, kitten: str, done: Callable[[], None]) -> None:
    top = game.discard[-1]
    game.cards[top].save(game, player, card, kitten, done)  # type: ignore[misc]


# ---------------------------------------------------------------------- actions
def clairvoyance_can_play(game: Game, by: str) -> str | None:
    state = game.data.get(SAVE)
    if state is None:
        return Reason("Clairvoyance is played when another player plays a Defuse or a Zombie Kitten")
    if state["by"] == by:
        return Reason("Clairvoyance watches another player's Defuse or Zombie Kitten")
    if by in state["watchers"]:
        return Reason("{player} is already watching", player=by)
    return None


def clairvoyance(game: Game, action: Action) -> None:
    state = game.data.get(SAVE)
    if state is not None and action.by not in state["watchers"]:
        state["watchers"].append(action.by)
        state["report"] = _watched   # a Defuse's put-back tells its watchers with it
        game.emit("watching", None, by=action.by, player=state["by"])


def super_skip(game: Game, action: Action) -> None:
    game.end_all_turns()


def dig_deeper(game: Game, action: Action) -> None:
    """Look at the top card: keep it (draw it) or draw the next one and leave it on top."""
    by = action.by
    if len(game.draw_pile) < 2:
        game.emit("dig_deeper_nothing", None, by=by)
        return
    game.show_top(by, 1, source="dig_deeper")

    def keep(answer: bool) -> None:
        game.emit("dug", None, by=by, kept=bool(answer))
        if answer:
            game.draw(by)
            return
        card, up = game.draw_pile.remove_at(1)
        game.receive_drawn(by, card, face_up=up)

    # what putting it back leads to, said by its option ("Put Hairy Potato Cat back" did not
    # say that the next card is drawn)
    game.ask(by, "keep", [True, False], keep, prompt=Reason("keep the top card?"), source="dig_deeper",
             context={"if_put_back": Reason("draw the next card")})


def dead_players(game: Game, by: str) -> list[str]:
    return game.dead()


def feed_the_dead(game: Game, action: Action) -> None:
    """Every other Living player with cards gives the Dead target a card of their choice."""
    target, by = action.target, action.by
    if target is None or game.status.get(target) != DEAD:
        return
    for giver in game.players:
        if giver == by or not game.is_living(giver) or not game.hands[giver]:
            continue

        def give(card: str, giver: str = giver) -> None:
            game.give(giver, target, card)

        game.ask_card_from_hand(giver, give, prompt=Reason("give {player} a card", player=target),
                                source="feed_the_dead", context={"to": target})


def needs_dead(game: Game, by: str) -> str | None:
    return None if game.dead() else Reason("there are no Dead players")


def grave_robber(game: Game, action: Action) -> None:
    """Each Dead player with cards picks one to go into the draw pile, which is then shuffled."""
    robbed = [p for p in game.dead() if game.hands[p]]
    pending = set(robbed)

    def bury(card: str, player: str) -> None:
        game.remove_from_hand(player, card)
        game.draw_pile.insert(0, card)
        game.emit_own_card("grave_robbed", player, card, player=player, from_hand=player)
        pending.discard(player)
        if not pending:
            game.draw_pile.shuffle(game.rng)
            game.emit("shuffled", None, by=action.by)

    for p in robbed:
        game.ask_card_from_hand(p, lambda card, p=p: bury(card, p),
                                prompt=Reason("choose a card to shuffle into the draw pile"),
                                source="grave_robber")


def attack_of_the_dead(game: Game, action: Action) -> None:
    """The next player owes the attacker's untaken turns + 3 per Dead player."""
    game.attack(game.next_player(action.by), 3 * len(game.dead()))


CARDS = [
    CardSpec("zombie_kitten", "Zombie Kitten",
             "If you draw an Exploding Kitten you may play this instead of dying. If anyone is Dead, "
             "bring one of them back to life. Put your kitten back anywhere in secret (and theirs, "
             "if you brought someone back). Your turn is over.",
             kind="defuse", counts={BOX: 5}, nopeable=False, playable=False,
             saves=zombie_saves, save=zombie_save, pick_hand=False,
             traits=frozenset({"saves", "revives"}), bot_value=95,
             phrases={
                 "died/imploded": "{Player} {player:implode} with {card} and {player:be} now Dead",
                 "died": "{Player} {player:die} and {player:be} now Dead",
                 "revived": "{By} {by:bring} {player} back to life",
             }),
    CardSpec("clone", "Clone",
             "Play it on the discard pile on your turn: it becomes the card beneath it. Not on a Clone "
             "or another player's cat. A Clone on a Zombie Kitten saves you from an Exploding Kitten. "
             "In a combo it counts as the card right before it (a card and a Clone make a pair).",
             counts={BOX: 2}, targets=clone_targets, can_play=clone_can_play, effect=clone_effect,
             saves=clone_saves, save=clone_save,
             traits=frozenset({"saves", "revives"}),
             phrases={
                 "cloned": "{By} {by:clone} {card}",
             }),
    CardSpec("clairvoyance", "Clairvoyance",
             "NOW: when another player plays a Defuse or a Zombie Kitten, watch where they put the "
             "kitten(s) back.",
             kind="now", counts={BOX: 2}, now=True, can_play=clairvoyance_can_play,
             effect=clairvoyance, dead_may_play=True,
             traits=frozenset({"peeks"}),
             phrases={
                 "clairvoyance_saw": "Clairvoyance: you saw {by} put {card} back {position:place}",
                 "clairvoyance_note": "Clairvoyance: {by} put {card} back {position:place} (when it went in)",
                 "watching": "{By} {by:keep} watch over {player}",
             }),
    CardSpec("super_skip", "Super Skip",
             "End your turn without drawing. If you owe several turns, end them all.",
             counts={BOX: 2}, effect=super_skip,
             traits=frozenset({"ends_turn", "dodges"}), bot_value=75),
    CardSpec("dig_deeper", "Dig Deeper",
             "Look at the top card and keep it (your turn is over), or draw the next card instead and "
             "leave it on top. With only one card left it does nothing.",
             counts={BOX: 4}, effect=dig_deeper,
             traits=frozenset({"peeks", "dodges"}),
             phrases={
                 "dug": "{By} {by:dig} deeper",
                 # keeping the top card is not digging deeper (a stranger kept it and read "You dig deeper")
                 "dug/kept": "{By} {by:keep} the top card",
                 "dig_deeper_nothing": "Dig Deeper finds nothing to dig",
             }),
    CardSpec("feed_the_dead", "Feed the Dead",
             "NOW: choose a Dead player. Every other Living player gives them a card of their choice.",
             kind="now", counts={BOX: 2}, now=True, targets=dead_players, effect=feed_the_dead,
             dead_may_play=True,
             traits=frozenset({"helps"})),
    CardSpec("grave_robber", "Grave Robber",
             "Every Dead player with cards shuffles a card of their choice into the draw pile. Not "
             "playable without Dead players.",
             counts={BOX: 1}, can_play=needs_dead, effect=grave_robber,
             traits=frozenset({"reorders", "refills"}),
             phrases={
                 # the Dead player who gives up a card, not the robber ("You rob the graves")
                 "grave_robbed": "{Player} {player:give} up a card to the draw pile",
                 "grave_robbed/card": "{Player} {player:give} up {card} to the draw pile",
                 "shuffled": "{By} {by:shuffle} the draw pile",
             }),
    CardSpec("attack_of_the_dead", "Attack of the Dead",
             "End your turn without drawing. The next player takes 3 turns for each Dead player "
             "(attacks stack). Not playable without Dead players.",
             kind="attack", counts={BOX: 3}, can_play=needs_dead, effect=attack_of_the_dead,
             traits=frozenset({"attacks", "ends_turn", "dodges"})),
    CardSpec("shuffle_now", "Shuffle [NOW]", "NOW: shuffle the draw pile thoroughly.",
             kind="now", counts={BOX: 1}, now=True, effect=shuffle, dead_may_play=True,
             traits=frozenset({"shuffles", "reorders", "dodges"}), bot_value=58,
             phrases={
                 "shuffled": "{By} {by:shuffle} the draw pile",
             }),
]

DECKS = [
    DeckSpec(BOX, "Zombie Kittens", main=False, min_players=2, max_players=5,
             description="22 cards: Zombie Kittens instead of Defuses, and the Dead"),
]

VARIANTS = [
    Variant(TWO_PLAYER, "For Two Players (Zombie Kittens)",
            "Without Attack of the Dead, Grave Robber, Feed the Dead and Super Skip."),
    Variant(FASTER, "Faster Game (Zombie Kittens)",
            "Cut the draw pile to 15/20/25/30 cards for 2/3/4/5 players before the kittens go in."),
]


# ---------------------------------------------------------------------- hooks
@hookimpl
def ekpeer_adjust_setup(plan) -> None:
    """Each player gets a Zombie Kitten instead of a Defuse; no Defuses, no spare Zombies.

    With the Imploding Kittens box a sixth player may sit in: the box has 5 Zombie Kittens,
    so the last player starts without one.
    """
    plan.saver = "zombie_kitten"
    plan.spare_savers = 0
    plan.remove.add("defuse")
    if TWO_PLAYER in plan.variants:
        if len(plan.players) != 2:
            raise ValueError("the Zombie Kittens rules for two players are for 2 players")
        for card in TWO_PLAYER_REMOVED:
            ours = plan.cards[card].counts.get(BOX, 0) if card in plan.cards else 0
            if plan.custom is None and "custom" not in plan.options and plan.pool.get(card, 0) > ours:
                # Another box ships it too (the Streaking box's Super Skip): only the pack's
                # own copies come out (ruling 40); they are set aside, out of the game.
                plan.pool[card] -= ours
                plan.set_aside.extend([card] * ours)
            else:
                plan.remove.add(card)


@hookimpl
def ekpeer_before_kittens(plan, draw_pile, rng) -> None:
    """Faster Game: set cards aside at random until the pile holds 15/20/25/30 cards."""
    if FASTER not in plan.variants:
        return
    size = FASTER_SIZES.get(len(plan.players), 30)
    while len(draw_pile) > size:
        plan.set_aside.append(draw_pile.pop(rng.randrange(len(draw_pile))))


@hookimpl
def ekpeer_death_words(game, player, kitten) -> str:
    """What ``ekpeer_player_died`` below makes of a death, for the save dialog (a ``Reason``:
    said in the reader's language by the host)."""
    return Reason("die and become Dead, keeping your hand")


@hookimpl
def ekpeer_player_died(game, player, kitten) -> bool:
    """Dying makes you Dead: you keep your hand, the kitten lies in front of you."""
    game.status[player] = DEAD
    if kitten is not None and kitten not in game.in_front[player]:
        game.in_front[player].append(kitten)
    game.emit("died", None, player=player, card=kitten)
    return True


@hookimpl
def ekpeer_combo_cards(game, player, cards):
    """In a combo, a Clone counts as the card played just before it."""
    if "clone" not in cards:
        return None
    counted = list(cards)
    for i, card in enumerate(cards):
        if card == "clone" and i > 0 and cards[i - 1] != "clone":
            counted[i] = counted[i - 1]
    return tuple(counted)


@hookimpl
def ekpeer_refuse_move(game, player, move):
    if move.do == "play" and len(move.cards) > 1 and "clone" in move.cards:
        cards = move.cards
        for i, card in enumerate(cards):
            if card == "clone" and (i == 0 or cards[i - 1] == "clone"):
                return Reason("in a combo a Clone goes right after the card it becomes (not after a Clone)")
        if combos.kind_of(game, ekpeer_combo_cards(game, player, cards)) is None:
            return Reason("with the Clones counted as the cards before them, those cards make no combo")
    return None


@hookimpl
def ekpeer_play_while_waiting(game, player, move):
    """Clairvoyance is played while another player puts kittens back after a Zombie Kitten."""
    if move.do == "play" and tuple(move.cards) == ("clairvoyance",) and SAVE in game.data \
            and not any(c.kind != "position" and c.kind != "player" for c in game.awaiting):
        return True
    return None


@hookimpl
def ekpeer_extend_view(game, player, view) -> None:
    if player is not None:
        watched = game.data.get("zombie.clairvoyance", {}).get(player)
        if watched:
            view["clairvoyance"] = [dict(w) for w in watched]
            # what the client shows of it: notes in the words of the Clairvoyance card's phrase
            view.setdefault("notes", []).extend({"type": "clairvoyance_note", **w} for w in watched)


@hookimpl
def ekpeer_extra_moves(game, player) -> list:
    """Clone pairs and triples (a card, then the Clone that becomes it): the engine's own
    combo listing counts cards by title, so it cannot see a Clone standing in for one."""
    hand = game.hands[player]
    if ("clone" not in hand or player != game.current or game.stack or game.awaiting
            or game.status[player] != "living"):
        return []
    targets = game.others_with_cards(player)
    if not targets:
        return []
    moves = []
    for card in dict.fromkeys(hand):
        spec = game.cards[card]
        if card == "clone" or not spec.combo:
            continue
        pair = (card, "clone")
        moves.extend(Move("play", player, pair, target=t) for t in targets)
        if hand.count(card) >= 2:
            triple = (card, card, "clone")
            moves.extend(Move("play", player, triple, target=t, name=n)
                         for t in targets for n in game.card_names)
    return moves
