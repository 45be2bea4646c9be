"""``ekpeer scenario run``: the public rules-scenario format (docs/scenarios.md).

A scenario either rigs a table exactly as written (``[setup]``) or has the engine deal one
as a lobby would (``[deal]``); then it plays its steps and checks its expectations.
The contract is ``../shared/docs/scenario-format.md``; ``docs/scenarios.md`` describes it.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path
from typing import Any

from .engine import Game, IllegalMove, Move
from .plugins import ruleset

MOVE_FIELDS = ("by", "cards", "target", "name", "position", "card", "order", "player", "keep", "use",
               "answers")
KNOWN_STEP_KEYS = {"do", "reject", "expect", *MOVE_FIELDS}
#: Checks that take a player: written ``field.NAME``.
PER_PLAYER = ("hand", "hand_count", "hand_has", "marked", "seen", "in_front")


class Mismatch(Exception):
    """The first expectation that did not hold."""


class Refused(Exception):
    """The table of a ``[deal]`` was refused, as the host's lobby would refuse it."""


@dataclass
class Result:
    name: str
    path: Path
    ok: bool
    detail: str = ""
    #: keys the format does not name, ignored (said apart from the result's line)
    notes: list[str] = dataclass_field(default_factory=list)

    def line(self) -> str:
        """``PASS name``, or ``FAIL name: the first mismatch (the file)``: a run over a folder
        named only the scenario, and a stranger looked for which file held it."""
        return f"PASS {self.name}" if self.ok else f"FAIL {self.name}: {self.detail} ({self.path})"


def find(paths: list[str]) -> list[Path]:
    """Scenario files under ``paths`` (files as given, directories searched for *.toml)."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(path.rglob("*.toml")))
        else:
            found.append(path)
    return found


#: Every key the format names at the top level and in ``[deal]``.
TOP_KEYS = {"name", "seed", "setup", "deal", "step", "expect"}
DEAL_KEYS = {"expansions", "deck", "variants", "players", "custom", "reject"}


class Unwritten(Exception):
    """A key the format does not name, close to one it does: a misspelling that would
    otherwise skip a step or a check without a word (``[step.expcet]``, ``[[stepp]]``)."""


def stray_keys(doc: dict[str, Any]) -> list[str]:
    """The keys of ``doc`` the format does not name, each as ``where: key``, for a note
    (extra fields are welcome in the format). Raises :class:`Unwritten` for one that is a
    near miss of a key the format names: that one is surely a typo."""
    import difflib

    stray: list[str] = []

    def look(table: Any, known: set[str], where: str) -> None:
        if not isinstance(table, dict):
            return
        for key in sorted(set(table) - known):
            close = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.75)
            if close:
                raise Unwritten(f"unknown key {key!r} {where} (did you mean {close[0]!r}?)")
            stray.append(f"{where}: {key}")

    look(doc, TOP_KEYS, "at the top level")
    look(doc.get("deal"), DEAL_KEYS, "in [deal]")
    steps = doc.get("step", [])
    for i, step in enumerate(steps if isinstance(steps, list) else [], start=1):
        look(step, KNOWN_STEP_KEYS, f"in step {i}")
    return stray


def step_move(step: dict[str, Any]) -> Move:
    data = {k: step[k] for k in ("do", *MOVE_FIELDS) if k in step}
    return Move.from_dict(data)


# ---------------------------------------------------------------------- building the table
#: Every key ``[setup]`` takes (docs/scenarios.md); any other is refused, naming it.
SETUP_KEYS = {"expansions", "players", "current", "turns", "direction", "draw_pile", "discard", "dead",
              "out", "cursed", "deck", "dead_kitten", "hands", "in_front", "marked"}
#: The ``[setup]`` tables that map a player to cards.
SETUP_TABLES = ("hands", "in_front", "marked")


def check_setup(setup: Any) -> None:
    """Refuse a ``[setup]`` with a key the format does not name, in it or in its tables (a
    typo such as ``[setup.in_fron]`` must never pass silently), as ``[expect]`` does."""
    if not isinstance(setup, dict):
        raise ValueError("[setup] must be a table")
    unknown = sorted(set(setup) - SETUP_KEYS)
    if unknown:
        raise ValueError(f"unknown key in [setup]: {', '.join(unknown)}")
    players = setup.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
        raise ValueError("[setup] needs players: a list of names")
    for table in SETUP_TABLES:
        written = setup.get(table, {})
        if not isinstance(written, dict):
            raise ValueError(f"[setup.{table}] must map players to card lists")
        strangers = sorted(set(written) - set(players))
        if strangers:
            raise ValueError(f"unknown key in [setup.{table}]: {', '.join(strangers)} (not a player)")
        for player, cards in written.items():
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise ValueError(f"[setup.{table}] {player} must be a list of card ids")


def build_game(doc: dict[str, Any]) -> Game:
    """The rigged table of a ``[setup]`` scenario: exactly as written, nothing dealt."""
    setup = doc.get("setup", {})
    check_setup(setup)
    expansions = setup.get("expansions", ["base"])
    rules = ruleset(expansions)
    deck = setup.get("deck")
    if deck is not None and (deck not in rules.decks or not rules.decks[deck].main):
        raise ValueError(f"[setup] deck: {deck!r} is not a main deck of these plugins "
                         f"({', '.join(d.name for d in rules.main_decks())})")
    dead_kitten = setup.get("dead_kitten")
    if dead_kitten is not None and (dead_kitten not in rules.cards
                                    or "kills" not in rules.cards[dead_kitten].traits):
        raise ValueError(f"[setup] dead_kitten: {dead_kitten!r} is not a kitten of these plugins")
    return rules.game_from_table(setup, seed=doc.get("seed", 0))


def custom_option(custom: dict[str, Any]) -> dict[str, Any]:
    """``[deal.custom]`` (``random_cards``, ``[deal.custom.pile]``, ``[deal.custom.hand]``) as the
    lobby's ``options["custom"]``; ``pile_picks`` / ``hand_picks`` pass through when given."""
    if not isinstance(custom, dict):
        raise Refused("[deal.custom] must be a table")
    out = {k: v for k, v in custom.items() if k not in ("pile", "hand")}
    picks: dict[str, dict[str, Any]] = {}
    for where in ("pile", "hand"):
        chosen = custom.get(where, {})
        if not isinstance(chosen, dict):
            raise Refused(f"[deal.custom.{where}] must map players to card lists")
        for player, cards in chosen.items():
            picks.setdefault(player, {})[where] = cards
    if picks:
        out["picks"] = picks
    return out


def deal_game(doc: dict[str, Any]) -> Game:
    """The table of a ``[deal]`` scenario, dealt as the host's lobby would deal it.

    Raises :class:`Refused` where the lobby would refuse the table: the same check
    (``Ruleset.check_table``) that the host's lobby makes.
    """
    deal = doc["deal"]
    if not isinstance(deal, dict):
        raise Refused("[deal] must be a table")
    expansions = deal.get("expansions", ["base"])
    players = deal.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise Refused("[deal] needs players: a list of names")
    options = {"custom": custom_option(deal["custom"])} if "custom" in deal else {}
    try:
        rules = ruleset(expansions)
    except (KeyError, ValueError, TypeError) as exc:
        raise Refused(f"these plugins cannot make a table: {exc}") from None
    try:
        rules.check_table(players, deal.get("deck"), deal.get("variants", []), options)
        return rules.new_game(players, seed=doc.get("seed", 0), deck=deal.get("deck"),
                              variants=deal.get("variants", []), options=options or None)
    except ValueError as exc:
        raise Refused(str(exc)) from None


# ---------------------------------------------------------------------- running
def run_file(path: Path) -> Result:
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return Result(path.stem, path, False, f"cannot read scenario: {exc}")
    name = str(doc.get("name", path.stem))
    try:
        stray = stray_keys(doc)
    except Unwritten as exc:
        return Result(name, path, False, f"bad scenario: {exc}")
    result = _run_doc(doc, name, path)
    result.notes = [f"{path}: {key} is not in the format; ignored" for key in stray]
    return result


def _run_doc(doc: dict[str, Any], name: str, path: Path) -> Result:
    if "deal" in doc and "setup" in doc:
        return Result(name, path, False, "bad scenario: it has both [deal] and [setup]")
    if "deal" in doc:
        rejected = isinstance(doc["deal"], dict) and bool(doc["deal"].get("reject"))
        try:
            game = deal_game(doc)
        except Refused as exc:
            if rejected:
                return Result(name, path, True, f"refused: {exc}")
            return Result(name, path, False, f"the table was refused: {exc}")
        except Exception as exc:
            return Result(name, path, False, f"engine error while dealing: {type(exc).__name__}: {exc}")
        if rejected:
            return Result(name, path, False, "expected the table to be refused, but it was dealt")
    else:
        try:
            game = build_game(doc)
        except Exception as exc:
            return Result(name, path, False, f"bad setup: {exc}")
    try:
        play(game, doc)
    except Mismatch as exc:
        return Result(name, path, False, str(exc))
    except Exception as exc:  # an engine bug must show as a failure, not a crash
        return Result(name, path, False, f"engine error: {type(exc).__name__}: {exc}{where(exc, game)}")
    return Result(name, path, True)


def where(exc: BaseException, game: Game) -> str:
    """Where an error was raised, for whoever fixes it: the plugin whose code raised it and
    the file and line (a stranger's scenario said only "ZeroDivisionError: division by zero")."""
    from .plugins import raised_at

    plugin, at = raised_at(exc, game.ruleset.plugins)
    return f" ({'plugin ' + plugin + ', ' if plugin else ''}{at})"


def play(game: Game, doc: dict[str, Any]) -> None:
    """Play the scenario's steps on ``game``, checking each step's expectations, and ``[expect]``:
    after the last step, or in a ``[deal]`` scenario on the deal itself, before anyone moves
    (the format: "``[expect]`` checks the result before anyone moves")."""
    dealt = "deal" in doc
    if dealt and "expect" in doc:
        check(game, doc["expect"], "the deal")
    for i, step in enumerate(doc.get("step", []), start=1):
        where = f"step {i} ({_describe(step)})"
        try:
            move = step_move(step)
        except IllegalMove as exc:
            raise Mismatch(f"{where}: malformed step: {exc.message}") from None
        if step.get("reject"):
            before = game.snapshot()
            try:
                game.apply(move)
            except IllegalMove as exc:
                _check_refusal(step["reject"], exc, where)
            else:
                raise Mismatch(f"{where}: expected the move to be refused, but it was accepted")
            if game.snapshot() != before:
                raise Mismatch(f"{where}: the refused move changed the table")
        else:
            try:
                game.apply(move)
            except IllegalMove as exc:
                raise Mismatch(f"{where}: refused ({exc.code}: {exc.message})") from None
        if "expect" in step:
            _check_saying_waits(game, step["expect"], where)
    if "expect" in doc and not dealt:
        _check_saying_waits(game, doc["expect"], "end")


def _check_refusal(reject: Any, exc: IllegalMove, where: str) -> None:
    """``reject = "words"`` (beside ``true``): the refusal's reason or code must hold them, so a
    plugin's author checks *why* a move is refused ("needs at least 5 cards"), not only that."""
    if not isinstance(reject, str):
        return
    said = f"{exc.code}: {exc.message}"
    if reject.casefold() not in said.casefold():
        raise Mismatch(f"{where}: refused, but not for {reject!r} ({said})")


def _check_saying_waits(game: Game, expect: dict[str, Any], where: str) -> None:
    """:func:`check`, a failure saying what the engine still waits for: a scenario writer's
    hand "did not match" after a draw, where the engine waited for a Streaking Kitten's
    ``use``, and nothing said so."""
    try:
        check(game, expect, where)
    except Mismatch as exc:
        waits = [f"{c.player} to choose a {c.kind}" for c in game.awaiting]
        if not waits:
            raise
        raise Mismatch(f"{exc} (the engine waits for {', '.join(waits)})") from None


def _describe(step: dict[str, Any]) -> str:
    parts = [str(step.get("by", "")), str(step.get("do", "?"))]
    if "cards" in step:
        parts.append("+".join(map(str, step["cards"])) or "(no cards)")
    for k in ("target", "name", "position", "card", "order", "player", "keep", "use"):
        if k in step:
            parts.append(f"{k}={step[k]}")
    return " ".join(p for p in parts if p)


# ---------------------------------------------------------------------- checks
def _face(entry: str) -> str:
    """A draw-pile entry as compared: ``id`` (face down) or ``id:up`` (face up)."""
    card, _, state = entry.partition(":")
    return f"{card}:up" if state == "up" else card


def _pile(game: Game) -> list[str]:
    """The draw pile top first, every face-up card written ``id:up`` (the format's own words:
    a card written without ``:up`` is face down, in every draw-pile check)."""
    actual = game.draw_pile.top_first()
    up = game.draw_pile.face_up_depths()
    if not up:
        return actual
    return [f"{c}:up" if d in up else c for d, c in enumerate(actual)]


def _faces(cards: Any) -> list[str]:
    return [_face(c) for c in (cards if isinstance(cards, list) else [cards])]


def _multiset(x: Any) -> Counter:
    return Counter(x if isinstance(x, list) else [x])


def _in_front(game: Game, player: str, want: list[str]) -> list[str]:
    """The cards in front of ``player``; ``card:who`` where the expected list names who laid it."""
    named = {e.partition(":")[0] for e in want if ":" in e}
    laid = dict(e.partition(":")[::2] for e in game.described().get("in_front", {}).get(player, []))
    return [f"{c}:{laid[c]}" if c in named and c in laid else c for c in game.in_front[player]]


def _counts(want: Any, field: str, where: str) -> dict[str, int]:
    if not isinstance(want, dict) or not all(isinstance(n, int) for n in want.values()):
        raise Mismatch(f"{where}: {field} must map card ids to numbers")
    return {_face(k): v for k, v in want.items()}


def check(game: Game, expect: dict[str, Any], where: str) -> None:
    """Every field of ``expect`` must hold; with ``either``, so must one of its alternatives."""
    if not isinstance(expect, dict):
        raise Mismatch(f"{where}: an expectation must be a table")
    for field, want in expect.items():
        if field != "either":
            check_field(game, field, want, where)
    if "either" in expect:
        alternatives = expect["either"]
        if not isinstance(alternatives, list) or not alternatives:
            raise Mismatch(f"{where}: either must be a list of tables ([[expect.either]])")
        failures = []
        for n, alternative in enumerate(alternatives, start=1):
            try:
                check(game, alternative, f"either #{n}")
            except Mismatch as exc:
                failures.append(str(exc))
            else:
                return
        raise Mismatch(f"{where}: none of the {len(alternatives)} alternatives holds: " + "; ".join(failures))


#: Checks whose values name cards (``CARD_COUNTS``: as the keys of a table).
CARD_CHECKS = {"draw_pile", "draw_pile_top", "draw_pile_has", "discard_top", "discard", "discard_has",
               "every_hand_has", "hand", "hand_has", "marked", "in_front", "seen"}
CARD_COUNTS = {"draw_pile_counts", "deck_counts"}


def _known_cards(game: Game, field: str, want: Any, where: str) -> None:
    """A check naming a card no plugin at the table has is a typo: ``tacocatt = 0`` passed,
    and ``hand.ann = ["tacocatt"]`` failed only as a hand that did not match."""
    from .plugins import _did_you_mean

    if field in CARD_COUNTS:
        named = list(want) if isinstance(want, dict) else []
    elif field in PER_PLAYER:
        named = [c for v in want.values() for c in (v if isinstance(v, list) else [v])] \
            if isinstance(want, dict) else []
    else:
        named = want if isinstance(want, list) else [want]
    for entry in named:
        if not isinstance(entry, str):
            continue
        card = entry.partition(":")[0]
        if card not in game.cards:
            raise Mismatch(f"{where}: {field}: unknown card id {card!r}{_did_you_mean(card, game.cards)}")


def check_field(game: Game, field: str, want: Any, where: str) -> None:  # noqa: C901 - one branch a field
    def fail(label: str, wanted: Any, got: Any) -> None:
        raise Mismatch(f"{where}: {label} expected {wanted!r}, got {got!r}")

    if field in CARD_CHECKS or field in CARD_COUNTS:
        _known_cards(game, field, want, where)

    if field in ("current", "turns", "direction", "winner"):
        got = getattr(game, field)
        if got != want:
            fail(field, want, got)
    elif field == "winners":
        if Counter(game.winners) != _multiset(want):
            fail(field, want, list(game.winners))
    elif field == "draw_pile":
        got = _pile(game)
        if got != _faces(want):
            fail(field, want, got)
    elif field == "draw_pile_top":
        got = _pile(game)[: len(want)]
        if got != _faces(want):
            fail(field, want, got)
    elif field == "draw_pile_count":
        if len(game.draw_pile) != want:
            fail(field, want, len(game.draw_pile))
    elif field == "draw_pile_has":
        if Counter(_faces(want)) - Counter(_pile(game)):
            fail(field, want, _pile(game))
    elif field == "draw_pile_counts":
        have = Counter(_pile(game))
        got = {card: have[card] for card in _counts(want, field, where)}
        if got != _counts(want, field, where):
            fail(field, want, got)
    elif field == "deck_counts":
        have = Counter(_pile(game))
        for p in game.players:
            have.update(game.hands[p])
        got = {card: have[card] for card in _counts(want, field, where)}
        if got != _counts(want, field, where):
            fail(field, want, got)
    elif field == "every_hand_has":
        for p in game.players:
            if game.status[p] != "out" and _multiset(want) - Counter(game.hands[p]):
                fail(f"every_hand_has ({p})", want, sorted(game.hands[p]))
    elif field == "discard_top":
        got = game.discard[-1] if game.discard else None
        if got != want:
            fail(field, want, got)
    elif field == "discard":
        if game.discard != want:
            fail(field, want, game.discard)
    elif field == "discard_has":
        if _multiset(want) - Counter(game.discard):
            fail(field, want, game.discard)
    elif field == "discard_count":
        if len(game.discard) != want:
            fail(field, want, len(game.discard))
    elif field in PER_PLAYER:
        if not isinstance(want, dict):
            raise Mismatch(f"{where}: {field} must be written {field}.NAME")
        for player, value in want.items():
            if player not in game.hands:
                raise Mismatch(f"{where}: {field}.{player}: no such player")
            _check_player(game, field, player, value, fail)
    elif field in ("out", "dead"):
        got = game.out() if field == "out" else game.dead()
        if Counter(got) != _multiset(want):
            fail(field, sorted(want), sorted(got))
    elif field == "cursed":
        if Counter(game.cursed) != _multiset(want):  # hands face down (a plugin's curse)
            fail(field, sorted(want), sorted(game.cursed))
    elif field == "waiting_for":
        got = game.waiting_for()
        wanted = [] if want in ("", []) else sorted(want) if isinstance(want, list) else [want]
        if got != wanted:
            fail(field, want, got if len(got) != 1 else got[0])
    elif field == "reaction_open":
        if game.reaction_open != want:
            fail(field, want, game.reaction_open)
    else:
        raise Mismatch(f"{where}: unknown check {field!r}")


def _check_player(game: Game, field: str, player: str, value: Any, fail: Any) -> None:
    label = f"{field}.{player}"
    hand = game.hands[player]
    if field == "hand":
        if Counter(hand) != _multiset(value):
            fail(label, sorted(value), sorted(hand))
    elif field == "hand_count":
        if len(hand) != value:
            fail(label, value, len(hand))
    elif field == "hand_has":
        if _multiset(value) - Counter(hand):
            fail(label, value, sorted(hand))
    elif field == "marked":
        if Counter(game.marked[player]) != _multiset(value):
            fail(label, sorted(value), sorted(game.marked[player]))
    elif field == "in_front":
        got = _in_front(game, player, value if isinstance(value, list) else [value])
        if Counter(got) != _multiset(value):
            fail(label, sorted(value), sorted(got))
    else:
        got = game.seen.get(player, [])
        if got != list(value):
            fail(label, value, got)


def run(paths: list[str]) -> tuple[list[Result], bool]:
    results = [run_file(p) for p in find(paths)]
    return results, bool(results) and all(r.ok for r in results)
