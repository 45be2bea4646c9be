"""The search bot (``expert``; the lobby's "hard"): Monte Carlo over what it cannot see.

It decides from its own seat only: the view it is given, the moves it is offered, and
the events its seat was told (:class:`~ekpeer.bots.knowledge.Tracker`). For a decision
it deals many complete games that agree with all of that
(:func:`~ekpeer.engine.determinize.sample_game`), plays each offered move forward in
every one of them with fast playouts through the engine's own rules
(:mod:`~ekpeer.bots.playout`), and picks the move that won most often. Moves that fall
clearly behind are dropped early so the time goes to the close calls.

Choices the engine awaits (where to put a kitten back, which card to give) hold a
closure over the real game that no view describes, so they are not searched: the
heuristic bot answers them (docs/bots.md says why and what that costs).

The search itself is :func:`decide`, a pure function of a picklable :class:`Decision`,
so that a host can run it in another process and keep its event loop free.
"""

from __future__ import annotations

import math
import os
import random
import time
from dataclasses import dataclass, field
from typing import Any

from ..engine import IllegalMove, Move
from ..engine.determinize import Knowledge, TableFacts, sample_game, table_facts
from .base import Bot
from .heuristic import HeuristicBot
from .knowledge import Tracker
from .playout import Playout

#: Seconds a decision may take unless told otherwise (``EKPEER_EXPERT_SECONDS``).
DEFAULT_SECONDS = 1.0
#: Share of the budget the search loop may use (the rest covers sampling and overhead).
LOOP_SHARE = 0.85
#: Rounds (one sampled game, every candidate played out in it) before any is dropped.
MIN_ROUNDS = 12
#: How many standard errors behind the leader a candidate is dropped at.
DROP_AT = 2.5
#: Most moves a playout makes before it is scored as a loss (games end well before).
PLAYOUT_LIMIT = 800


def default_seconds() -> float:
    try:
        return max(0.01, float(os.environ.get("EKPEER_EXPERT_SECONDS", DEFAULT_SECONDS)))
    except ValueError:
        return DEFAULT_SECONDS


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


@dataclass
class Result:
    """The search's answer (None: pass) and how it got there."""

    move: dict[str, Any] | None
    playouts: int = 0
    rounds: int = 0
    seconds: float = 0.0
    scores: list[tuple[str, float, int]] = field(default_factory=list)


class ExpertBot(Bot):
    """Determinized Monte Carlo search from the seat's own view (see the module docs)."""

    kind = "expert"
    needs_view = True
    #: Give this bot the events its seat sees (``observe``) and the table's setup (``bind``).
    wants_events = True

    def __init__(self, seed: int | None = None, seconds: float | None = None,
                 playouts: int | None = None) -> None:
        super().__init__(seed)
        self.seconds = default_seconds() if seconds is None else seconds
        self.playouts = playouts
        self.heuristic = HeuristicBot(seed)
        self.setup: dict[str, Any] | None = None
        self.tracker: Tracker | None = None
        self.backlog: list[dict[str, Any]] = []
        self.last: Result | None = None

    # ------------------------------------------------------------------ what it is told
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
            cards = None
            if self.setup is not None:
                cards = _rules(self.setup).cards
            self.tracker = Tracker(view["you"], cards)
            self.tracker.feed(self.backlog)
            self.backlog = []
        return self.tracker

    # ------------------------------------------------------------------ deciding
    def prepare(self, view: dict[str, Any], moves: list[Move], react: bool
                ) -> tuple[Decision | None, Move | None]:
        """The search to run for this decision, or (None, the answer) when none is needed."""
        tracker = self._tracker(view)
        prior = self.heuristic.react(view, moves) if react else self.heuristic.act(view, moves)
        knowledge = tracker.knowledge(view)
        searchable = self.setup is not None and not view.get("awaiting") and not view.get("choices")
        if not searchable or (not react and len(moves) == 1):
            return None, prior
        if react and all(m.cards and view["stack"] and view["stack"][-1]["by"] == view["you"]
                         and view["stack"][-1]["nopes"] % 2 == 0 for m in moves):
            return None, None  # our own action is going through: nothing to react to
        decision = Decision(setup=dict(self.setup or {}), view=view, moves=[m.to_dict() for m in moves],
                            knowledge=knowledge, react=react, seconds=self.seconds,
                            playouts=self.playouts, seed=self.rng.randrange(2**31),
                            prior=prior.to_dict() if prior is not None else None)
        return decision, prior

    def finish(self, result: Result) -> Move | None:
        self.last = result
        return Move.from_dict(result.move) if result.move is not None else None

    def act(self, view: dict[str, Any] | None, moves: list[Move]) -> Move:
        assert view is not None
        decision, answer = self.prepare(view, moves, react=False)
        if decision is None:
            return answer if answer is not None else moves[0]
        move = self.finish(decide(decision))
        return move if move is not None else moves[0]

    def react(self, view: dict[str, Any] | None, moves: list[Move]) -> Move | None:
        assert view is not None
        decision, answer = self.prepare(view, moves, react=True)
        if decision is None:
            return answer
        return self.finish(decide(decision))


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


def candidates(cards: dict[str, Any], moves: list[Move], knowledge: Knowledge) -> list[Move]:
    """The offered moves worth searching: three of a kind only names a card worth taking
    (one that saves from a kitten, or one we know the target holds), and a few of the
    five-different combos."""
    savers = {c for c, s in cards.items() if s.saves is not None}
    worth = savers | {c for c, s in cards.items() if s.is_nope}
    out: list[Move] = []
    fives = 0
    for m in moves:
        if m.do == "play" and len(m.cards) > 1 and not savers.isdisjoint(m.cards):
            continue  # a combo never spends a Defuse (or another saver)
        if m.do == "play" and len(m.cards) == 3 and m.name is not None:
            held = knowledge.hands.get(m.target or "", {})
            if m.name not in worth and not held.get(m.name):
                continue
        if m.do == "play" and len(m.cards) == 5:
            fives += 1
            if fives > 2:
                continue
        out.append(m)
    return out or list(moves)


def decide(decision: Decision) -> Result:
    """Search ``decision`` (see the module docs); returns the move to make (None: pass)."""
    started = time.perf_counter()
    setup, view = decision.setup, decision.view
    rules = _rules(setup)
    facts = _facts(setup)
    rng = random.Random(decision.seed)
    me = view["you"]
    moves = [Move.from_dict(m) for m in decision.moves]
    options: list[Move | None] = list(candidates(rules.cards, moves, decision.knowledge))
    if decision.react:
        options.append(None)
    prior = Move.from_dict(decision.prior) if decision.prior is not None else None
    n = len(options)
    wins = [0] * n
    plays = [0] * n
    alive = list(range(n))
    deadline = started + decision.seconds * LOOP_SHARE
    budget = decision.playouts
    done = rounds = 0
    while len(alive) > 1:
        if budget is None and time.perf_counter() >= deadline:
            break
        if budget is not None and done >= budget:
            break
        sample = sample_game(rules, facts, view, decision.knowledge, rng)
        luck = rng.getrandbits(31)  # every candidate meets the same luck in this round
        for k in alive:
            game = sample.clone(seed=luck)
            option = options[k]
            if option is not None:
                try:
                    game.apply(option)
                except IllegalMove:
                    plays[k] += 1
                    continue
            Playout(game, random.Random(luck)).run(PLAYOUT_LIMIT, me if option is None else None)
            wins[k] += game.winner == me
            plays[k] += 1
            done += 1
        rounds += 1
        if rounds >= MIN_ROUNDS:
            alive = _survivors(alive, wins, plays)
    best = _best(alive, options, wins, plays, prior)
    scores = [(_label(options[k]), wins[k] / plays[k] if plays[k] else 0.0, plays[k]) for k in range(n)]
    chosen = options[best]
    return Result(move=chosen.to_dict() if chosen is not None else None, playouts=done, rounds=rounds,
                  seconds=time.perf_counter() - started, scores=scores)


def _survivors(alive: list[int], wins: list[int], plays: list[int]) -> list[int]:
    """Drop the candidates clearly behind the leader (by ``DROP_AT`` standard errors)."""
    def mean(k: int) -> float:
        return wins[k] / plays[k] if plays[k] else 0.0

    lead = max(alive, key=mean)
    p = mean(lead)
    keep = []
    for k in alive:
        q = mean(k)
        se = math.sqrt((p * (1 - p) + q * (1 - q)) / max(1, min(plays[k], plays[lead])) + 1e-9)
        if k == lead or p - q <= DROP_AT * se:
            keep.append(k)
    return keep


def _best(alive: list[int], options: list[Move | None], wins: list[int], plays: list[int],
          prior: Move | None) -> int:
    """The best survivor; within a standard error of it, the heuristic's own pick (the
    search's noise should not overrule a sound habit for nothing)."""
    def mean(k: int) -> float:
        return wins[k] / plays[k] if plays[k] else 0.0

    best = max(alive, key=mean)
    if prior is not None or None in options:
        match = next((k for k in alive if options[k] == prior), None)
        if match is not None and match != best:
            p, q = mean(best), mean(match)
            se = math.sqrt((p * (1 - p) + q * (1 - q)) / max(1, plays[best]) + 1e-9)
            if p - q <= se:
                return match
    return best


def _label(move: Move | None) -> str:
    if move is None:
        return "pass"
    parts = [move.do, *move.cards]
    for name in ("target", "name"):
        value = getattr(move, name)
        if value is not None:
            parts.append(f"{name}={value}")
    return " ".join(parts)
