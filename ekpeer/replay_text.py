"""``ekpeer replay FILE --text``: a saved game as plain text, for a pipe or ``grep``.

A few header lines (``name: value``: the game, its players, its cards, its seed and how that
seed relates to the ``--seed`` given, how it ended), then one line a step, numbered as the
replay screen numbers them: the move in words, then what the log said of it, read by an
onlooker who sees everything (the game is over: every hand and every card drawn is shown).
Whatever the file says is printed as one plain line: no control character of a hostile file
reaches the terminal, and no line breaks in two.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .i18n import _
from .name_lists import names_and
from .tui.replay_words import failure_words, move_words, pile_words
from .tui.seat_words import winner_name
from .tui.words import Catalog, event_words, stopped_words

#: Control characters (C0, DEL, C1) and the bidirectional overrides: a file's text must not
#: move the cursor, recolour the terminal or reorder what a reader sees.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def plain(text: Any) -> str:
    """``text`` as one line a terminal prints as it is: control characters become ``?``."""
    return _UNSAFE.sub("?", str(text))


def _said(value: Any) -> str:
    """A header field of the file as text (a field of another type than the format's: empty)."""
    return value if isinstance(value, str) else ""


def seed_words(data: dict[str, Any], seed: Any) -> str:
    """The game's own seed (the one its deal comes from), and how it relates to the ``--seed``
    the command that played it was given (``seed_from``: docs/replays.md)."""
    said = _("seed: {seed}, the seed this game was dealt from").format(seed=seed)
    origin = data.get("seed_from")
    origin = origin if isinstance(origin, dict) else {}
    run = origin.get("seed")
    run = run if isinstance(run, int) and not isinstance(run, bool) else None
    if origin.get("by") == "simulate" and run is not None and isinstance(origin.get("game"), int):
        return said + _("; it is game {n} of ekpeer simulate --seed {run}, which deals game N from "
                        "seed {run}+N-1 (ekpeer simulate --seed {seed} --games 1 deals this game "
                        "first)").format(n=origin["game"], run=run, seed=seed)
    if origin.get("by") == "host" and run is not None:
        return said + _("; the host drew it from its --seed {run} (a host's --seed draws every game's "
                        "seed: the same --seed deals the same first game again)").format(run=run)
    if origin.get("by") == "host":
        return said + _("; the host drew it from the operating system (it had no --seed)")
    return said


def header_lines(playback: Any) -> list[str]:
    """What the game was: title, players (and their bots), plugins and deck, seed, result."""
    data, game = playback.data, playback.game
    origin = data["record"]["origin"]
    title = _said(data.get("title")) or _said(data.get("table")) or _("game")
    lines = [_("replay: {title}, saved {when}").format(title=title, when=_said(data.get("saved_at")) or "?")]
    seats = data.get("seats") if isinstance(data.get("seats"), list) else []
    bots = {s.get("name"): s.get("bot") for s in seats if isinstance(s, dict)}
    players = [_("{player} ({bot} bot)").format(player=p, bot=bots[p]) if isinstance(bots.get(p), str)
               else p for p in playback.players]
    lines.append(_("players: {players}").format(players=", ".join(players)))
    saved = data.get("plugins") if isinstance(data.get("plugins"), list) else []
    versions = {p.get("name"): _said(p.get("version")) for p in saved if isinstance(p, dict)}
    plugins = [f"{p} {versions.get(p) or ''}".strip() for p in playback.rules.plugins]
    variants = origin.get("variants") if isinstance(origin.get("variants"), list) else []
    lines.append(_("cards: {plugins}; deck {deck}; variants: {variants}").format(
        plugins=", ".join(plugins), deck=_said(origin.get("deck")) or "-",
        variants=", ".join(map(str, variants)) or "-"))
    lines.append(seed_words(data, origin.get("seed", 0)))
    bots = playback.won_by_bot
    if playback.stopped is not None:     # the host ended it: the engine's game is not over
        lines.append(_("result: no winner after {turns} turns: {why}").format(
            turns=game.turn_number, why=stopped_words(playback.stopped, None)))
    elif not game.over:
        lines.append(_("result: unfinished after {turns} turns").format(turns=game.turn_number))
    elif len(game.winners) == 1:
        lines.append(_("result: {player} wins after {turns} turns").format(
            player=winner_name(game.winners[0], None, bots), turns=game.turn_number))
    else:
        lines.append(_("result: {players} share the win after {turns} turns").format(
            players=names_and(winner_name(w, None, bots) for w in game.winners), turns=game.turn_number))
    cat = Catalog(playback.catalog)
    lines.extend(failure_words(f, cat) for f in playback.failures)
    return lines


def step_line(playback: Any, index: int, cat: Catalog) -> str:
    """Step ``index`` in one line: its number, the move in words, what the log said of it."""
    frames = playback.frames
    frame = frames[index]
    before = frames[index - 1] if index > 0 else None
    said = [move_words(frame.move, cat, before, frame, show_hands=True)]
    for event in frame.events:
        line = event_words(event, cat, None, won_by_bot=playback.won_by_bot)
        if line and line.rstrip(".!") != said[0].rstrip(".!"):     # not the move said twice
            said.append(line)
    said.extend(failure_words(f, cat) for f in frame.failed)
    if index == 0:          # the deal: every hand, and the draw pile
        for player in playback.players:
            hand = frame.hands.get(player, [])
            said.append(_("{player} holds {cards}").format(player=player,
                                                           cards=cat.titles(hand) if hand else _("no cards")))
        said.append(_("draw pile: {cards}").format(cards=pile_words(frame.draw_pile, cat)))
    return f"{index}. " + " · ".join(said)


def text_lines(playback: Any) -> Iterator[str]:
    """The whole replay as plain text lines: the header, then one line a step."""
    cat = Catalog(playback.catalog)
    for line in header_lines(playback):
        yield plain(line)
    for index in range(len(playback.frames)):
        yield plain(step_line(playback, index, cat))
