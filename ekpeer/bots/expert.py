"""The search bot (``expert``; the lobby's "hard"): Monte Carlo over what it cannot see.

It decides from its own seat only: the view it is given, the moves it is offered, and
the events its seat was told (:class:`~ekpeer.bots.knowledge.Tracker`). For a decision
it deals many complete games that agree with all of that
(:func:`~ekpeer.engine.determinize.sample_game`), plays each offered move forward in
every one of them with fast playouts through the engine's own rules
(:mod:`~ekpeer.bots.playout`), and picks the move that did best, unless that lead is
too small to trust over the heuristic bot's own pick. Moves that fall clearly behind
are dropped early so the time goes to the close calls.

Choices the engine awaits (where to put a kitten back, which card to give) hold a
closure over the real game that no view describes, so they are not searched: the
heuristic bot answers them, except where to put back a kitten it drew and defused,
whose effect the search plays itself (docs/bots.md says why).

The search itself is :func:`decide`, a pure function of a picklable :class:`Decision`,
so that a host can run it in another process and keep its event loop free.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import IllegalMove, Move
from ..engine.determinize import Knowledge, TableFacts, sample_game, table_facts, unseen_cards
from ..table_settings import HARD_SECONDS, hard_seconds
from .base import Bot
from .heuristic import HeuristicBot
from .knowledge import Tracker
from .own_tree import OwnTree
from .own_turn import LEARN_SHARE, OwnTurns
from .placements import DODGES
from .playout import Playout

#: Seconds a decision may take unless told otherwise (``EKPEER_EXPERT_SECONDS``).
DEFAULT_SECONDS = HARD_SECONDS
#: Share of the budget the search loop may use (the rest covers sampling and overhead).
LOOP_SHARE = 0.85
#: Rounds (one sampled game, every candidate played out in it) before any is dropped.
MIN_ROUNDS = 12
#: How many standard errors behind the leader a candidate is dropped at.
DROP_AT = 2.5
#: How far (in standard errors of the paired differences) the search's best move must lead
#: the heuristic's pick to be played instead. Stricter settings (5 % one-sided, shared among
#: the candidates) kept the bot too close to the heuristic and lost more games.
PRIOR_EDGE = 1.0
#: Fewest rounds on which the search may overrule the heuristic's pick. With every
#: expansion on, a playout costs several times a base game's and a decision has many more
#: candidates, so a decision may end after a handful of rounds; the standard error of so
#: few paired differences is itself noise, and the best of many candidates then leads the
#: habit by "one standard error" by luck alone (bench_bots: expansions at 0.2 s).
TRUST_ROUNDS = MIN_ROUNDS
#: On the "cpu" clock, how many times its budget a decision may last on the wall at most: a
#: host so busy that a core-second takes longer still answers (with fewer playouts).
WALL_STRETCH = 3.0
#: Know the saver the rules dealt every hand (TableFacts.dealt) until it is spent; False only
#: to measure without it (scripts/bench_variants).
KNOW_DEALT = True
#: Learn the seat's own later turns for the first half of the budget, then race the
#: candidates with what was learned (ekpeer.bots.own_turn), meant to let more time keep paying
#: once the flat comparison has settled. Off: at 3 s it won 0.650 against the flat search's
#: 0.650 on the same 40 four-player deals (docs/bots.md), no sign of a gain.
OWN_TURNS = False
#: Grow a tree over the seat's own next decisions in each candidate's playouts
#: (ekpeer.bots.own_tree). Off: heads-up it won as the flat search did at 0.2 s, 1 s and 3 s on
#: the same 200 deals, and gained no more from time (docs/bots.md, eleventh round).
OWN_TREE = False
#: How the rounds are shared among the candidates: "race" (drop a candidate DROP_AT standard
#: errors behind the leader, stop when one is left: the budget mostly goes unspent) or
#: "halving" (sequential halving: the budget in phases, the better half kept after each, so
#: every elimination is made on more evidence when there is more time; a candidate
#: SURE_DROP standard errors behind is still dropped at once).
SCHEDULE = "race"
#: Standard errors behind the leader at which "halving" drops a candidate before its phase ends.
SURE_DROP = 4.0
#: Most moves a playout makes before it is scored as a loss (games end well before).
PLAYOUT_LIMIT = 800


#: Set (to anything but "" or "0") where an error in a playout must be raised, not scored as
#: a loss: the test suite sets it (tests/conftest.py), so a sample the real game could not be
#: in, or an engine bug, fails a test instead of quietly weakening the bot.
LOUD_PLAYOUTS = "EKPEER_LOUD_PLAYOUTS"


def loud_playouts() -> bool:
    return os.environ.get(LOUD_PLAYOUTS, "") not in ("", "0")


def search_clock(kind: str, seconds: float | None = None, ends_by: float | None = None
                 ) -> Callable[[], float]:
    """Seconds spent so far by a search starting now, on the clock ``kind`` names.

    ``wall``: the wall clock. ``cpu``: this thread's processor time, so that a busy host
    (other tables' searches, other programs) does not silently starve a decision of the
    budget its player chose; but never more than ``WALL_STRETCH`` times the wall, so that a
    swamped host still answers. Where a platform has no thread clock, the wall counts.

    With ``ends_by`` (``time.time()``) the clock also runs faster, so that a search of
    ``seconds`` has spent them all when the wall reaches ``ends_by``: a table's clock that
    runs out before the budget would (a short Nope window) shortens the search to fit."""
    base = _budget_clock(kind)
    if ends_by is None or not seconds:
        return base
    room = ends_by - time.time()
    if room <= 0:
        return lambda: math.inf
    pace, wall0, perf_counter = seconds / room, time.perf_counter(), time.perf_counter
    return lambda: max(base(), (perf_counter() - wall0) * pace)


def _budget_clock(kind: str) -> Callable[[], float]:
    wall0 = time.perf_counter()
    if kind != "cpu":
        return lambda: time.perf_counter() - wall0
    try:
        cpu0 = time.thread_time()
    except (AttributeError, OSError):
        return lambda: time.perf_counter() - wall0
    thread_time, perf_counter = time.thread_time, time.perf_counter
    return lambda: max(thread_time() - cpu0, (perf_counter() - wall0) / WALL_STRETCH)


def default_seconds() -> float:
    """The budget of a decision unless told otherwise: ``EKPEER_EXPERT_SECONDS`` (1 s)."""
    return hard_seconds()


@dataclass
class Decision:
    """Everything one search needs, as plain data (it may cross to a worker process)."""

    setup: dict[str, Any]
    view: dict[str, Any]
    moves: list[dict[str, Any]]
    knowledge: Knowledge
    react: bool
    seconds: float
    playouts: int | None
    seed: int
    prior: dict[str, Any] | None = None
    #: What ``seconds`` is counted on (:func:`search_clock`): "cpu" (this thread's processor
    #: time, a busy host still gives the decision its core-second, capped on the wall) or
    #: "wall" (what a player waits, however little of a core it got).
    clock: str = "cpu"
    #: Searching where to put back a kitten we drew: {"card", "face_up"} (see Tracker.put_back).
    put_back: dict[str, Any] | None = None
    #: When (``time.time()``, the same in every process) the search must have ended, whatever
    #: its budget: the clock the table plays under (a Nope window, a turn) runs out soon after.
    ends_by: float | None = None


@dataclass
class Result:
    """The search's answer (None: pass) and how it got there."""

    move: dict[str, Any] | None
    playouts: int = 0
    rounds: int = 0
    seconds: float = 0.0      # on the decision's clock
    wall: float = 0.0         # on the wall
    scores: list[tuple[str, float, int]] = field(default_factory=list)
    failed: int = 0     # playouts a plugin raised in (scored as losses)
    nodes: int = 0      # information sets of the seat's own next turn searched (own_turn)


class ExpertBot(Bot):
    """Determinized Monte Carlo search from the seat's own view (see the module docs)."""

    kind = "expert"
    needs_view = True
    #: Give this bot the events its seat sees (``observe``) and the table's setup (``bind``).
    wants_events = True

    def __init__(self, seed: int | None = None, seconds: float | None = None,
                 playouts: int | None = None, clock: str = "cpu") -> None:
        super().__init__(seed)
        self.seconds = default_seconds() if seconds is None else seconds
        self.playouts = playouts
        self.clock = clock
        self.heuristic = HeuristicBot(seed)
        self.setup: dict[str, Any] | None = None
        self.tracker: Tracker | None = None
        self.backlog: list[dict[str, Any]] = []
        self.last: Result | None = None
        self.errors = 0

    # ------------------------------------------------------------------ what it is told
    def know_cards(self, catalog: Iterable[Mapping[str, Any]], source: object = None) -> None:
        """The cards, for this bot and the heuristic bot whose picks it weighs."""
        super().know_cards(catalog, source)
        self.heuristic.know_cards(catalog, source)

    def bind(self, setup: dict[str, Any]) -> None:
        """The table's public setup: ``plugins``, ``players``, ``deck``, ``variants``, ``options``
        (never its seed). Without it the bot cannot deal samples and plays the heuristic."""
        self.setup = {k: setup.get(k) for k in ("plugins", "players", "deck", "variants", "options")}

    def observe(self, events: list[dict[str, Any]]) -> None:
        """Events this seat was told, in order (the same a client of the seat gets)."""
        if self.tracker is None:
            self.backlog.extend(events)
        else:
            self.tracker.feed(events)

    def _tracker(self, view: dict[str, Any]) -> Tracker:
        if self.tracker is None or self.tracker.me != view["you"]:
            cards = dealt = None
            if self.setup is not None:
                cards = _rules(self.setup).cards
                dealt = _facts(self.setup).dealt if KNOW_DEALT else None
            self.tracker = Tracker(view["you"], cards, dealt)
            self.tracker.feed(self.backlog)
            self.backlog = []
        return self.tracker

    # ------------------------------------------------------------------ deciding
    def prepare(self, view: dict[str, Any], moves: list[Move], react: bool, ends_by: float | None = None
                ) -> tuple[Decision | None, Move | None]:
        """The search to run for this decision, or (None, the answer) when none is needed;
        ``ends_by``: when it must have ended (``Decision.ends_by``)."""
        tracker = self._tracker(view)
        spent = tracker.spent_peek(view) if not react else None
        if spent is not None:  # a peek that would show nothing new only spends the card
            moves = [m for m in moves if not (m.do == "play" and m.cards == (spent,))] or moves
        prior = self.heuristic.react(view, moves) if react else self.heuristic.act(view, moves)
        knowledge = tracker.knowledge(view)
        put_back = _put_back_choice(view, tracker)
        searchable = self.setup is not None and (put_back is not None or not view.get("awaiting"))
        if not searchable or (not react and len(moves) == 1):
            return None, prior
        if react and not _worth_reacting(view, _rules(self.setup or {}).cards):
            return None, prior
        decision = Decision(setup=dict(self.setup or {}), view=view, moves=[m.to_dict() for m in moves],
                            knowledge=knowledge, react=react, seconds=self.seconds,
                            playouts=self.playouts, seed=self.rng.randrange(2**31), clock=self.clock,
                            prior=prior.to_dict() if prior is not None else None, put_back=put_back,
                            ends_by=ends_by)
        return decision, prior

    def finish(self, result: Result) -> Move | None:
        self.last = result
        return Move.from_dict(result.move) if result.move is not None else None

    def act(self, view: dict[str, Any] | None, moves: list[Move], ends_by: float | None = None) -> Move:
        assert view is not None
        decision, answer = self.prepare(view, moves, react=False, ends_by=ends_by)
        if decision is None:
            return answer if answer is not None else moves[0]
        move = self._search(decision, answer)
        return move if move is not None else moves[0]

    def react(self, view: dict[str, Any] | None, moves: list[Move], ends_by: float | None = None
              ) -> Move | None:
        assert view is not None
        decision, answer = self.prepare(view, moves, react=True, ends_by=ends_by)
        if decision is None:
            return answer
        return self._search(decision, answer)

    def _search(self, decision: Decision, fallback: Move | None) -> Move | None:
        """Search in this process; a search that fails falls back to the heuristic's answer
        (counted in ``errors``), so a plugin's bug never stops a game."""
        try:
            return self.finish(decide(decision))
        except Exception:
            if loud_playouts():
                raise
            self.errors += 1
            return fallback


#: Cards whose Nope may pay even when they are not aimed at us: they spare their player the
#: top card (``dodges``: a Nope makes them draw it after all) or give turns (``attacks``);
#: the same traits that tell the tracker a player dodged (placements.DODGES).
TURN_ENDERS = DODGES


def _worth_reacting(view: dict[str, Any], cards: dict[str, Any]) -> bool:
    """Is this reaction window worth a search? Only an action that touches us is: one aimed
    at us, an attack that lands on us, our own action being Noped, or one that ends its
    player's turn without a draw. Any other passes at once (as the heuristic would), which
    keeps a seat holding a Nope from spending a second on every card played. So does
    another's action that stands Noped: a Nope then lets it through, and a search let an
    Attack through against itself right after its own Nope had stopped it (its playouts
    scored two extra draws early in a game a shade above keeping a Nope: a player reads it
    as a bot cancelling itself)."""
    stack = view.get("stack") or []
    if not stack:
        return True  # NOW cards offered with nothing pending: a real choice
    top = stack[-1]
    me = view["you"]
    going = top.get("nopes", 0) % 2 == 0
    if top["by"] == me:
        return not going
    if not going:
        return False
    if top.get("target") == me or top.get("combo") is not None:
        return True
    spec = cards.get(top.get("card"))
    return spec is not None and not spec.traits.isdisjoint(TURN_ENDERS)


def _put_back_choice(view: dict[str, Any], tracker: Tracker) -> dict[str, Any] | None:
    """The kitten put-back this decision is, if it is one the search can play out itself:
    a kitten we drew, saved by a Defuse (or an Imploding Kitten going back face up), whose
    put-back just ends our turn. Every other choice holds a continuation no view shows."""
    choices = view.get("choices") or []
    if len(choices) != 1 or len(view.get("awaiting") or []) != 1 or choices[0]["kind"] != "position":
        return None
    if tracker.put_back is None or view.get("stack"):
        return None
    card, face_up = tracker.put_back
    me = view["you"]
    front = next((s["in_front"] for s in view["players"] if s["name"] == me), [])
    if choices[0].get("context", {}).get("card") != card or card not in front or view["current"] != me:
        return None
    return {"card": card, "face_up": face_up}


def _put_back(game: Any, me: str, card: str, face_up: bool, position: int) -> None:
    """What the engine's put-back does once answered, for a kitten we drew (then the turn ends)."""
    game.in_front[me].remove(card)
    game.draw_pile.insert(position, card, face_up)
    game.end_turn()


# ---------------------------------------------------------------------- the search
_FACTS: dict[str, TableFacts] = {}


def _rules(setup: dict[str, Any]):
    from ..plugins import ruleset

    return ruleset(list(setup.get("plugins") or ["base"]))


def _facts(setup: dict[str, Any]) -> TableFacts:
    key = repr(sorted(setup.items()))
    facts = _FACTS.get(key)
    if facts is None:
        facts = table_facts(_rules(setup), list(setup["players"]), setup.get("deck"),
                            setup.get("variants") or (), setup.get("options") or None)
        if len(_FACTS) > 64:
            _FACTS.clear()
        _FACTS[key] = facts
    return facts


def candidates(cards: dict[str, Any], moves: list[Move], knowledge: Knowledge,
               me: str | None = None, unseen: Counter | None = None) -> list[Move]:
    """The offered moves worth searching: combos only of cats (cards that do nothing alone),
    three of a kind naming only a card worth taking (one that saves from a kitten, a Nope,
    or one we know the target holds) that another hand may still hold (``unseen``: a
    Zombie game sets every Defuse out), a couple of the five-different combos, and no card
    aimed at ourselves that could be aimed at another (with every expansion a turn may
    offer dozens of moves: fewer candidates, more rounds). Asking only the player with
    most cards cost base-game wins (bench: 0.25 against 0.33 in 100 four-player games)."""
    savers = {c for c, s in cards.items() if s.saves is not None}
    worth = savers | {c for c, s in cards.items() if s.is_nope}
    out: list[Move] = []
    fives = 0
    aimed_elsewhere = {(m.cards, m.name) for m in moves if m.target is not None and m.target != me}
    for m in moves:
        if me is not None and m.target == me and (m.cards, m.name) in aimed_elsewhere:
            continue
        if m.do == "play" and len(m.cards) > 1 and any(
                cards[c].playable or c in savers for c in m.cards if c in cards):
            continue  # a combo spends only cards that do nothing alone (cats), never a Defuse
        if m.do == "play" and len(m.cards) == 3 and m.name is not None:
            held = knowledge.hands.get(m.target or "", {})
            if not held.get(m.name):
                if m.name not in worth or (unseen is not None and unseen[m.name] <= 0):
                    continue
        if m.do == "play" and len(m.cards) == 5:
            fives += 1
            if fives > 2:
                continue
        out.append(m)
    return out or list(moves)


def decide(decision: Decision) -> Result:
    """Search ``decision`` (see the module docs); returns the move to make (None: pass)."""
    clock = search_clock(decision.clock, decision.seconds, decision.ends_by)
    wall = time.perf_counter()
    setup, view = decision.setup, decision.view
    rules = _rules(setup)
    facts = _facts(setup)
    rng = random.Random(decision.seed)
    me = view["you"]
    moves = [Move.from_dict(m) for m in decision.moves]
    put_back = decision.put_back
    if put_back is not None:
        hi = view["draw_pile_count"]
        living = sum(1 for s in view["players"] if s["status"] == "living")
        near = range(min(hi, 2 * living) + 1)
        options: list[Move | None] = [Move("choose", me, position=p) for p in sorted({*near, hi // 2, hi})]
    else:
        options = list(candidates(rules.cards, moves, decision.knowledge, me, unseen_cards(facts, view)))
    if decision.react:
        options.append(None)
    prior = Move.from_dict(decision.prior) if decision.prior is not None else None
    if prior is not None and prior not in options and (put_back is not None or prior in moves):
        options.append(prior)  # the habit is always weighed: the search must beat it to overrule it
    n = len(options)
    # rewards[k][r]: candidate k's reward in round r. Every living candidate is played in
    # every round on the same sampled game with the same luck, so two candidates are
    # compared round by round (paired), which needs far fewer playouts than comparing
    # their averages alone.
    rewards: list[list[float]] = [[] for _ in range(n)]
    alive = list(range(n))
    deadline = decision.seconds * LOOP_SHARE
    budget = decision.playouts
    done = rounds = failed = 0
    timed = budget is None
    tree = OwnTurns() if OWN_TURNS else None
    grown = OwnTree() if OWN_TREE else None
    halving = SCHEDULE == "halving"
    phases = max(1, math.ceil(math.log2(max(2, n))))
    phase = 0

    def play(sample: Any, luck: int, k: int, own: Any) -> float:
        """Candidate ``k`` played out once in ``sample`` with dice ``luck``: its reward."""
        nonlocal failed
        game = sample.clone(seed=luck, recording=False)
        option = options[k]
        if put_back is not None and option is not None:
            _put_back(game, me, put_back["card"], put_back["face_up"], option.position or 0)
        elif option is not None:
            try:
                game.apply(option)
            except IllegalMove:  # cannot happen from a consistent sample; never pick it
                return -1.0
        playout = Playout(game, random.Random(luck), watch=me)
        playout.own = own
        try:
            playout.run(PLAYOUT_LIMIT, me if option is None else None, deadline if timed else None, clock)
            return playout.reward(me)
        except Exception:  # a plugin's bug met in a playout: score it a loss, keep searching
            if loud_playouts():   # (tests: an engine error is a failure, never a loss)
                raise
            failed += 1
            return 0.0

    if tree is not None:  # learn the seat's own later turns first (ekpeer.bots.own_turn)
        learn_until = deadline * LEARN_SHARE
        learn_budget = (budget or 0) * LEARN_SHARE
        while (clock() < learn_until) if timed else (done < learn_budget):
            sample = sample_game(rules, facts, view, decision.knowledge, rng)
            luck = rng.getrandbits(31)
            for k in alive:
                own = tree.follow(learning=True)
                reward = play(sample, luck, k, own)
                if reward >= 0:
                    own.score(reward)
                done += 1
    while len(alive) > 1:
        if (timed and clock() >= deadline) or (not timed and done >= budget):
            break
        sample = sample_game(rules, facts, view, decision.knowledge, rng)
        luck = rng.getrandbits(31)  # every candidate meets the same luck in this round
        scored: list[tuple[int, float]] = []
        for k in alive:
            if timed and clock() >= deadline:
                break
            own = (grown.walk(k) if grown is not None
                   else tree.follow(learning=False) if tree is not None else None)
            reward = play(sample, luck, k, own)
            if grown is not None and reward >= 0:
                own.score(reward)
            scored.append((k, reward))
            done += 1
        if len(scored) < len(alive):
            break  # an unfinished round is dropped: it would favour the candidates it reached
        for k, reward in scored:
            rewards[k].append(reward)
        rounds += 1
        if halving:
            spent = clock() / deadline if timed else done / max(1, budget or 1)
            if rounds >= MIN_ROUNDS:
                alive = _survivors(alive, rewards, SURE_DROP)
            if spent >= (phase + 1) / phases and rounds >= MIN_ROUNDS:
                phase += 1
                alive = _halve(alive, rewards)
        elif rounds >= MIN_ROUNDS:
            alive = _survivors(alive, rewards)
    best = _best(alive, options, rewards, prior, rounds)
    scores = [(_label(options[k]), _mean(rewards[k]), len(rewards[k])) for k in range(n)]
    chosen = options[best]
    return Result(move=chosen.to_dict() if chosen is not None else None, playouts=done, rounds=rounds,
                  seconds=clock(), wall=time.perf_counter() - wall, scores=scores, failed=failed,
                  nodes=len((tree or grown).nodes) if (tree or grown) is not None else 0)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _edge(a: list[float], b: list[float]) -> tuple[float, float]:
    """How much better ``a`` did than ``b`` over the rounds both played: the mean of the
    round-by-round differences and its standard error."""
    n = min(len(a), len(b))
    if n == 0:
        return 0.0, 1.0
    diffs = [a[i] - b[i] for i in range(n)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean, math.sqrt(var / n) + 1e-3 / n


def _survivors(alive: list[int], rewards: list[list[float]], drop_at: float | None = None) -> list[int]:
    """Drop the candidates clearly behind the leader (``drop_at`` standard errors, paired;
    ``DROP_AT`` read at the call, so that scripts/bench_variants can set it)."""
    drop_at = DROP_AT if drop_at is None else drop_at
    lead = max(alive, key=lambda k: _mean(rewards[k]))
    keep = []
    for k in alive:
        edge, se = _edge(rewards[lead], rewards[k])
        if k == lead or edge <= drop_at * se:
            keep.append(k)
    return keep


def _halve(alive: list[int], rewards: list[list[float]]) -> list[int]:
    """Sequential halving's step: the better half of the candidates (at least two stay while
    two are left, so the last phase still compares the leader with its best rival)."""
    ranked = sorted(alive, key=lambda k: _mean(rewards[k]), reverse=True)
    return ranked[:math.ceil(len(ranked) / 2)] if len(ranked) > 2 else ranked  # 3 or more: 2 or more stay


def _best(alive: list[int], options: list[Move | None], rewards: list[list[float]],
          prior: Move | None, rounds: int = MIN_ROUNDS) -> int:
    """The best survivor, unless the heuristic's own pick is not clearly worse: the search
    overrules a sound habit only on evidence (``PRIOR_EDGE``, paired), and never on fewer
    than ``TRUST_ROUNDS`` rounds, whose standard error is itself too noisy to trust."""
    best = max(alive, key=lambda k: _mean(rewards[k]))
    habit = next((k for k in alive if options[k] == prior), None)
    if habit is not None and habit != best:
        if rounds < TRUST_ROUNDS:
            return habit
        edge, se = _edge(rewards[best], rewards[habit])
        if edge <= PRIOR_EDGE * se:
            return habit
    return best


def _label(move: Move | None) -> str:
    if move is None:
        return "pass"
    parts = [move.do, *move.cards]
    for name in ("target", "name", "position", "order"):
        value = getattr(move, name)
        if value is not None:
            parts.append(f"{name}={value}")
    return " ".join(parts)
