"""Determinization: one full game that agrees with everything one seat knows.

A search bot cannot see the other hands or the draw pile below what it was shown, so it
plays forward from many sampled games, each dealt at random from the cards it cannot
place, but never against what its seat has seen, counted or been told. This module is
that sampler, a pure engine function of public data:

- :func:`table_facts`: what the table's setup makes public before a card is seen: every
  card in the game, and those set out at setup by rule (spare kittens, savers not shuffled
  in, cards a variant removes). Cards set aside *at random* (the Faster Game variants) are
  not among them: nobody saw which they were.
- :class:`Knowledge`: what the seat learned and the view no longer says (cards it saw on
  the pile and where they are now, cards it knows others hold, plugin facts everyone saw).
- :func:`sample_game`: a :class:`~ekpeer.engine.game.Game` built from a view, the facts
  and the knowledge, the unseen cards dealt at random into the other hands, the draw pile
  and the cards out of play.

The sample awaits no choice: a pending choice holds a closure over the real game, which
no view describes, so a search samples the states where nothing is awaited.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .game import Action, Game
from .pile import FACE_UP, FACE_UP_HIDDEN, DrawPile, shuffle

if TYPE_CHECKING:
    from .ruleset import Ruleset


@dataclass(frozen=True)
class TableFacts:
    """What a table's setup tells every seat: all its cards, those set out by rule, and
    ``dealt``: the card each player surely started with (the rulebooks deal every hand a
    saver, a Defuse or a Zombie Kitten, before the other cards), which everyone knows
    they hold until they spend it or lose a card nobody else saw."""

    total: Counter
    set_out: Counter
    origin: dict[str, Any]
    dealt: dict[str, str] = field(default_factory=dict)


@dataclass
class Knowledge:
    """What a seat learned beyond its current view.

    ``pile``: depth (0 = top) -> card, for cards it knows lie there now (its See the Future,
    where it put a kitten back). ``hidden_face_up``: face-up cards somewhere in the pile
    whose place a shuffle hid (an Imploding Kitten). ``hands``: cards it knows another
    player holds (given to them, taken by name). ``laid_by``: who laid a card lying in
    front of a player (an I'll Take That's owner: given to the plugins as ``card:who`` in
    ``in_front``, see ``ekpeer_rig_table``). ``data``: plugin state everyone saw made
    (``Game.data`` keys, :meth:`Game.plugin_state`).
    """

    pile: dict[int, str] = field(default_factory=dict)
    hidden_face_up: Counter = field(default_factory=Counter)
    hands: dict[str, Counter] = field(default_factory=dict)
    laid_by: dict[str, dict[str, str]] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)
    #: kittens believed to lie at a place of the draw pile (one another player put back, aimed
    #: at the next player; one a player looked at and then dodged): (depth, card or None for
    #: some kitten, probability). A belief, not a fact: each sample places a kitten there with
    #: that probability (if the place is free and such a kitten is unplaced).
    likely: list[tuple[int, str | None, float]] = field(default_factory=list)
    #: cards another player is believed not to hold (a Nope they did not play against what
    #: was aimed at them, a peek card they did not look with before a risky draw), with the
    #: chance: player -> (cards, probability), or a list of such beliefs, each drawn alone
    lacking: dict[str, Any] = field(default_factory=dict)


def public_origin(players: list[str], deck: str | None, variants: Any = (),
                  options: dict[str, Any] | None = None, plugins: list[str] | None = None) -> dict[str, Any]:
    """A game's origin without its seed (the seed would deal the whole game)."""
    return {"players": list(players), "deck": deck, "variants": sorted(variants),
            "options": dict(options or {}), "plugins": list(plugins or [])}


def table_facts(rules: Ruleset, players: list[str], deck: str | None = None, variants: Any = (),
                options: dict[str, Any] | None = None, failed: dict | None = None) -> TableFacts:
    """Every card of a table set up this way, and those its setup sets out by rule
    (``failed``: a host's game's record, ``asked.py``: as a host sets it up, past a plugin
    hook that raises, which is kept there, ``acted.py``; None: such a hook raises).

    The set-out part follows :func:`ekpeer.engine.setup.deal` (cards a plugin removes,
    savers beyond one each and the spares, kittens beyond those shuffled in); it leaves
    out what a hook sets aside at random, which no seat saw.
    """
    plan = rules.plan(list(players), deck, variants, options, failed)
    reference = rules.new_game(list(players), seed=0, deck=plan.deck, variants=variants, options=options,
                               hosted=failed is not None)
    if failed is not None:
        reference.failed_rules = failed     # what fails counting its cards is the game's failure
    cards = rules.cards
    origin = public_origin(players, plan.deck, variants, options, rules.plugins)
    # engine/setup.py: a saver to each player while they last (a custom deck: one each)
    savers = len(players) if plan.custom is not None else plan.pool.get(plan.saver, 0) if plan.saver else 0
    dealt = {p: plan.saver for p in list(players)[:savers]} if plan.saver else {}
    if plan.custom is not None:  # a custom deck sets nothing out by rule (engine/setup.py)
        return TableFacts(total=reference.all_cards(), set_out=Counter(), origin=origin, dealt=dealt)
    pool = plan.pool.copy()
    out: Counter = Counter()
    for card in plan.remove:
        out[card] += pool.pop(card, 0)
    kittens = {c: pool.pop(c) for c in list(pool) if "kills" in cards[c].traits}
    savers = pool.pop(plan.saver, 0) if plan.saver else 0
    savers -= min(savers, len(players))
    spare = savers if plan.spare_savers is None else min(savers, plan.spare_savers)
    if plan.saver and savers - spare > 0:
        out[plan.saver] += savers - spare
    inserted = 0
    for k in plan.special_kittens:
        if kittens.get(k, 0) > 0 and inserted < plan.kitten_count:
            kittens[k] -= 1
            inserted += 1
    while inserted < plan.kitten_count and kittens.get(plan.kitten, 0) > 0:
        kittens[plan.kitten] -= 1
        inserted += 1
    for k, n in kittens.items():
        if n > 0:
            out[k] += n
    return TableFacts(total=reference.all_cards(), set_out=+out, origin=origin, dealt=dealt)


def sample_game(rules: Ruleset, facts: TableFacts, view: dict[str, Any], knowledge: Knowledge | None,
                rng: random.Random, seed: int | None = None) -> Game:
    """A game consistent with ``view`` (one seat's) and ``knowledge``, unseen cards at random.

    Knowledge that contradicts the view or the table's cards (a card it cannot be, now)
    is dropped rather than trusted. The game's RNG is seeded with ``seed`` (default: drawn
    from ``rng``), never with the table's.
    """
    know = knowledge or Knowledge()
    me = view["you"]
    seats = view["players"]
    names = [s["name"] for s in seats]
    cards = rules.cards
    is_kitten = {c: "kills" in s.traits for c, s in cards.items()}

    # ---- what is placed for sure: public places, own hand, cards set out by rule
    unseen = facts.total - facts.set_out
    cursed_me = not view["hand"] and view.get("hand_count", 0) > 0
    public = public_cards(view)
    count = view["draw_pile_count"]
    pile: list[str | None] = [None] * count
    states = [0] * count
    for entry in view.get("face_up", []):
        depth = entry["depth"]
        if 0 <= depth < count:
            pile[depth] = entry["card"]
            states[depth] = FACE_UP
    # cards the view says the seat knows the place of (seen, revealed, put back by it): the
    # view's kitten count (``kittens_in_pile``) already leaves these out
    for entry in view.get("known_pile", []):
        depth = entry["depth"]
        if 0 <= depth < count and pile[depth] is None:
            pile[depth] = entry["card"]
            public[entry["card"]] += 1
    unseen = _take(unseen, public)
    placed_by_view = {d for d in range(count) if pile[d] is not None}

    # ---- what the seat knows beyond the view (each fact kept only while possible)
    known_hands: dict[str, Counter] = {}
    for s in seats:
        name = s["name"]
        if name == me and not cursed_me:
            continue
        known = Counter(s.get("marked", []))
        for card, n in Counter(s.get("held", [])).items():   # kittens everyone saw it keep
            known[card] = max(known[card], n)
        for card, n in know.hands.get(name, Counter()).items():
            known[card] = max(known[card], n)
        size = s["hand_count"]
        kept: Counter = Counter()
        for card in sorted(known):
            n = min(known[card], unseen[card], size - sum(kept.values()))
            if n > 0:
                kept[card] = n
                unseen[card] -= n
        known_hands[name] = kept
    for depth in sorted(know.pile):
        card = know.pile[depth]
        if 0 <= depth < count and pile[depth] is None and unseen[card] > 0:
            pile[depth] = card
            unseen[card] -= 1
            if know.hidden_face_up[card] > 0:
                states[depth] = FACE_UP_HIDDEN
    _hold_kittens(cards, known_hands, unseen, {s["name"]: s["hand_count"] for s in seats})

    # ---- kittens: as many in the pile and the other hands as the view counts
    kittens_placed = sum(is_kitten[c] for d, c in enumerate(pile)
                         if c is not None and d not in placed_by_view)
    # the view counts the kittens a hand keeps unseen, not those everyone saw it keep
    held_in_sight = {s["name"]: Counter(s.get("held", [])) for s in seats}
    kittens_placed += sum(max(0, n - held_in_sight[name][c]) for name, h in known_hands.items()
                          for c, n in h.items() if is_kitten[c])
    free = [d for d in range(count) if pile[d] is None]
    shuffle(rng, free)  # rng.shuffle(free), draw for draw (pile.shuffle), without a call per card
    counted = max(0, view.get("kittens_in_pile", 0) - kittens_placed)
    want = min(counted, len(free))
    hidden = [c for c, n in sorted(know.hidden_face_up.items()) for _ in range(n)]
    loose = [c for c in sorted(unseen.elements()) if is_kitten[c]]
    shuffle(rng, loose)  # rng.shuffle(loose), draw for draw, without a call per card
    for card in hidden:  # face-up kittens lost in the pile first: they are surely there
        # ... but not on top, where everyone would see it face up (the view would say so)
        below = [i for i, d in enumerate(free) if d != 0]
        if want and card in loose and below:
            loose.remove(card)
            depth = free.pop(below[-1])
            pile[depth], states[depth] = card, FACE_UP_HIDDEN
            unseen[card] -= 1
            want -= 1
    must = [d for d in view.get("kitten_depths", ()) if d in free]
    if must and want:
        # places everyone knows hold a kitten (a Catomic Bomb's top cards): a kitten harmless
        # face down whose place nobody saw lies anywhere, so it goes first, anywhere free;
        # the others fill what is left of those places
        for card in [c for c in loose if c in rules.harmless_face_down]:
            if want and free:
                depth = free.pop()
                loose.remove(card)
                pile[depth] = card
                unseen[card] -= 1
                want -= 1
                if depth in must:
                    must.remove(depth)
        for depth in must:
            card = next((c for c in reversed(loose) if c not in rules.harmless_face_down), None)
            if want and card is not None:
                loose.remove(card)
                free.remove(depth)
                pile[depth] = card
                unseen[card] -= 1
                want -= 1
    for depth, card, chance in know.likely:
        if card is None and loose:
            card = loose[-1]  # some kitten (the seat does not know which): the next in line
        if want and card in loose and depth in free and rng.random() < chance:
            loose.remove(card)
            free.remove(depth)
            pile[depth] = card
            unseen[card] -= 1
            want -= 1
    for card in loose[:want]:
        depth = free.pop()
        pile[depth] = card
        unseen[card] -= 1
    if counted > want:  # more kittens than the pile has room for: the rest are held in hands
        _hide_held_kittens(cards, me, seats, known_hands, unseen, counted - want, rng)

    # ---- everything else at random: the pile's free places, the hands, out of play
    rest = [c for c in sorted(unseen.elements()) if not is_kitten[c]]
    shuffle(rng, rest)  # rng.shuffle(rest), draw for draw, without a call per card
    filler = _filler(cards, facts.total)
    # hands believed to lack some cards are dealt first, from the others (with its chance)
    dealt_first: dict[str, list[str]] = {}
    for name, beliefs in sorted(know.lacking.items()):
        seat = next((s for s in seats if s["name"] == name and name != me), None)
        if seat is None or not rest:
            continue
        # each belief with its own chance (several: the cards of those that hold, together)
        held = [b for b in ([beliefs] if isinstance(beliefs, tuple) else beliefs) if rng.random() < b[1]]
        if not held:
            continue
        lacked = frozenset().union(*(b[0] for b in held))
        hand = list(known_hands.get(name, Counter()).elements())
        while len(hand) < seat["hand_count"]:
            i = next((i for i in range(len(rest) - 1, -1, -1) if rest[i] not in lacked), None)
            hand.append(rest.pop(i if i is not None else -1) if rest else filler)
        dealt_first[name] = hand
    for depth in free:
        pile[depth] = rest.pop() if rest else filler
    hands: dict[str, list[str]] = {}
    for s in seats:
        name = s["name"]
        if name == me and not cursed_me:
            hands[name] = list(view["hand"])
            continue
        hand = dealt_first.get(name) or list(known_hands.get(name, Counter()).elements())
        while len(hand) < s["hand_count"]:
            hand.append(rest.pop() if rest else filler)
        shuffle(rng, hand)
        hands[name] = hand
    out_of_play = list(facts.set_out.elements()) + rest + [c for c in unseen.elements() if is_kitten[c]]

    # ---- the game
    game = Game(rules, names, rng.randrange(2**31) if seed is None else seed, origin=facts.origin)
    game.hands = hands
    for s in seats:
        name = s["name"]
        game.status[name] = s["status"]
        game.marked[name] = list(s.get("marked", []))
        game.in_front[name] = list(s["in_front"])
        if s.get("held"):
            game.held_in_sight[name] = dict(Counter(s["held"]))
    top_first = [c for c in pile]  # every place is filled now
    game.draw_pile = DrawPile(top_first)  # type: ignore[arg-type]
    for depth, state in enumerate(states):
        if state:
            game.draw_pile.set_face_up(depth, state)
    for depth in placed_by_view:
        game.draw_pile.know(depth, (me,))
    for depth in view.get("kitten_depths", ()):
        game.draw_pile.mark_kitten(depth)
    game.discard = list(view["discard"])
    game.out_of_game = out_of_play
    game.current = view["current"]
    game.turns = view["turns"]
    game.attacked = view["attacked"]
    game.direction = view["direction"]
    game.turn_number = view.get("turn_number", 1)
    game.stack = [Action(a["by"], tuple(a["cards"]), a["card"], a.get("combo"), a.get("target"),
                         a.get("name"), a.get("nopes", 0), {}, a.get("serial", 0))
                  for a in view.get("stack", [])]
    game.actions_played = max((a.serial for a in game.stack), default=0)
    if view.get("seen"):
        game.seen[me] = list(view["seen"])
    game.data = _copy(know.data)
    if rules.hooked["ekpeer_rig_table"]:
        # the plugins set their own state as a rigged table says it: the curses the view
        # shows, who laid what lies in front (what the seat saw)
        in_front = {}
        for s in seats:
            laid = know.laid_by.get(s["name"], {})
            in_front[s["name"]] = [f"{c}:{laid[c]}" if c in laid and laid[c] in game.status else c
                                   for c in s["in_front"]]
        rules.hook.ekpeer_rig_table(game=game, table={
            "players": names, "in_front": in_front,
            "cursed": [s["name"] for s in seats if s.get("cursed")]})
    return game


def public_cards(view: dict[str, Any]) -> Counter:
    """The cards one seat's view places for sure: the discard pile, what lies in front of
    each player, the seat's own hand and the draw pile's face-up cards."""
    public: Counter = Counter(view["discard"])
    for s in view["players"]:
        public.update(s["in_front"])
    public.update(view["hand"])
    count = view["draw_pile_count"]
    public.update(e["card"] for e in view.get("face_up", []) if 0 <= e["depth"] < count)
    return public


def unseen_cards(facts: TableFacts, view: dict[str, Any]) -> Counter:
    """The table's cards that may lie in another hand or down in the pile, as far as one
    seat's view tells: none set out by rule nor placed by the view (:func:`public_cards`)."""
    return _take(facts.total - facts.set_out, public_cards(view))


def _take(pool: Counter, placed: Counter) -> Counter:
    """``pool`` less ``placed`` (a card placed more often than the table holds is ignored)."""
    out = Counter(pool)
    for card, n in placed.items():
        out[card] = max(0, out[card] - n)
    return out


def _hold_kittens(cards: dict, hands: dict[str, Counter], unseen: Counter, sizes: dict[str, int]) -> None:
    """A hand known to hold kittens (Streaking Kittens) also holds as many cards that let it."""
    holders = sorted(c for c, s in cards.items() if s.extra.get("holds_kitten"))
    if not holders:
        return
    for name, hand in hands.items():
        kittens = sum(n for c, n in hand.items() if "kills" in cards[c].traits)
        have = sum(hand[c] for c in holders)
        for card in holders:
            while have < kittens and unseen[card] > 0 and sum(hand.values()) < sizes.get(name, 0):
                hand[card] += 1
                unseen[card] -= 1
                have += 1


def _hide_held_kittens(cards: dict, me: str, seats: list[dict[str, Any]], hands: dict[str, Counter],
                       unseen: Counter, n: int, rng: random.Random) -> None:
    """Put ``n`` kittens the view counts, and the pile cannot hold, into other hands, each
    with a card that lets a hand keep it (a Streaking Kitten): ``kittens_in_pile`` counts
    such kittens too, since nobody else can tell them from one still in the pile."""
    holders = sorted(c for c, s in cards.items() if s.extra.get("holds_kitten"))
    keepable = sorted(c for c, s in cards.items() if "kills" in s.traits and s.extra.get("defusable"))
    for _ in range(n):
        kitten = next((c for c in keepable if unseen[c] > 0), None)
        if kitten is None:
            return
        room = []
        for s in seats:
            hand = hands.get(s["name"])
            if s["name"] == me or s["status"] == "out" or hand is None:
                continue
            kept = sum(hand[c] for c in keepable)
            free_holders = sum(hand[c] for c in holders) - kept
            need = 1 if free_holders > 0 else 2
            can_hold = need == 1 or any(unseen[c] for c in holders)
            if can_hold and s["hand_count"] - sum(hand.values()) >= need:
                room.append((s["name"], need))
        if not room:
            return
        name, need = room[rng.randrange(len(room))]
        if need == 2:
            holder = next(c for c in holders if unseen[c] > 0)
            hands[name][holder] += 1
            unseen[holder] -= 1
        hands[name][kitten] += 1
        unseen[kitten] -= 1


def _filler(cards: dict, total: Counter) -> str:
    """A harmless card for a place the known cards cannot fill (only when facts are wrong,
    e.g. a custom deck's random cards): the commonest card that is no kitten."""
    plain = [(n, c) for c, n in total.items() if "kills" not in cards[c].traits]
    return max(plain)[1] if plain else next(iter(cards))


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, set):
        return set(value)
    return value
