"""Plain words for cards, moves and events, built only from the catalog and the view.

The client knows no card by name: titles, texts and kinds come from the catalog a host
sends, so a new plugin's card reads correctly without a change here; nor any plugin's
event: each card's catalog entry carries the phrases of the events its plugin emits
(:mod:`.phrases`), and only the engine's own events have their lines here.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..i18n import _, ngettext
from ..name_lists import names_and
from .phrases import counted, fill, place, variant_for
from .phrases import ordinal as ordinal
from .phrases import who as _who
from .seat_words import bot_won_words, winner_name

#: Kinds with a colour of their own; any other kind gets one of the spare colours.
KNOWN_KINDS = ("kitten", "defuse", "action", "now", "nope", "cat", "attack")
SPARE = 6


class Catalog:
    """Card ids to titles, texts, kinds and traits, and event types to their phrases, from
    the catalog list of a snapshot."""

    def __init__(self, entries: list[dict[str, Any]] | None = None, dealt: list[str] | None = None) -> None:
        self.cards: dict[str, dict[str, Any]] = {}
        #: the cards this game holds (a snapshot's ``deck``: public setup), None when the host
        #: does not say (a custom deck, an older host): any card may be held
        self.dealt: frozenset[str] | None = frozenset(dealt) if isinstance(dealt, list) else None
        #: event type (or ``type/field``) -> its log line (see :mod:`.phrases`)
        self.phrases: dict[str, str] = {}
        for entry in entries or []:
            self.cards[entry["id"]] = entry
            phrases = entry.get("phrases")
            if isinstance(phrases, dict):
                for key, text in phrases.items():
                    if isinstance(key, str) and isinstance(text, str):
                        self.phrases.setdefault(key, text)

    def has(self, card: str | None, trait: str) -> bool:
        """Whether ``card`` has ``trait`` (the engine's ``TRAITS``: ``kills``...)."""
        entry = self.cards.get(card or "")
        return bool(entry) and trait in (entry.get("traits") or ())

    def title(self, card: str | None) -> str:
        if card is None:
            return "?"
        entry = self.cards.get(card)
        return entry["title"] if entry else card.replace("_", " ").title()

    def text(self, card: str) -> str:
        entry = self.cards.get(card)
        return entry.get("text", "") if entry else _("(no rules text for this card)")

    def kind(self, card: str) -> str:
        entry = self.cards.get(card)
        return str(entry.get("kind", "action")) if entry else "action"

    def is_now(self, card: str) -> bool:
        return bool(self.cards.get(card, {}).get("now"))

    def is_nope(self, card: str) -> bool:
        return bool(self.cards.get(card, {}).get("is_nope"))

    def kind_class(self, card: str) -> str:
        """The CSS class colouring ``card``: its kind, or a stable spare colour."""
        kind = self.kind(card)
        if self.is_now(card) and kind == "action":
            kind = "now"
        if kind in KNOWN_KINDS:
            return f"kind-{kind}"
        return f"kind-x{zlib.crc32(kind.encode()) % SPARE}"

    def titles(self, cards: list[str]) -> str:
        return ", ".join(self.title(c) for c in cards)


def my_status(view: dict[str, Any]) -> str | None:
    """The status of the view's own seat (``living``, ``dead``, ``out``), None for a watcher."""
    me = view.get("you")
    return next((p.get("status") for p in view.get("players") or [] if p.get("name") == me), None)


def new_order_words(shown: list[str], order: list[int], cat: Catalog) -> str | None:
    """``You put them back, top first: Skip, Exploding Kitten, Nope``: the order a player
    chose for the cards they were shown (Alter the Future); the public line says only that the
    future was altered. None when ``order`` does not fit what was shown."""
    if not shown or sorted(order) != list(range(len(shown))):
        return None
    return _("You put them back, top first: {cards}").format(cards=cat.titles([shown[i] for i in order]))


def position_words(position: int, pile: int) -> str:
    """Where a card put back at ``position`` (0 = top) lands in a pile of ``pile`` cards."""
    if position == 0:
        return _("on top: drawn next")
    if position < 0 or position >= pile:
        return _("at the bottom")
    above = ngettext("{nth} from the top ({n} card above it)", "{nth} from the top ({n} cards above it)",
                     position)
    return above.format(nth=ordinal(position + 1), n=position)


def stopped_words(event: dict[str, Any], me: str | None, boxes: dict[str, str] | None = None) -> str:
    """Why the host ended a game with no winner (``game_stopped``): the rules of a box failed
    on every move of one seat, each tried (docs/protocol.md)."""
    box = (boxes or {}).get(str(event.get("plugin"))) or event.get("box") or event.get("plugin")
    p = event.get("player")
    if box:
        return _say(p, me, _("The game cannot go on: {box}’s rules fail on every move for your seat. "
                             "It ends with no winner."),
                    _("The game cannot go on: {box}’s rules fail on every move for {player}’s seat. "
                      "It ends with no winner."), box=box)
    return _say(p, me, _("The game cannot go on: the rules fail on every move for your seat. "
                         "It ends with no winner."),
                _("The game cannot go on: the rules fail on every move for {player}’s seat. "
                  "It ends with no winner."))


def _say(name: str | None, me: str | None, mine: str, theirs: str, **values: Any) -> str:
    """One sentence about what ``name`` does, in the form for you (``mine``: "You draw {card}")
    or for anyone else (``theirs``: "{player} draws {card}"); both come translated, so each
    language words them its own way (English conjugates, Danish does not)."""
    text = mine if name == me else theirs
    return text.format(player=name or _("Someone"), **values)


def action_words(action: dict[str, Any], cat: Catalog, me: str | None) -> str:
    """``bob plays Attack on you`` / ``you play 2 x Tacocat at ann``."""
    by = action.get("by")
    cards = list(action.get("cards") or [])
    if action.get("combo"):
        counts = Counter(cards)
        # every card counted, as the target dialog counted them: "2 x Tacocat + Feral Cat"
        # (a pair with a wild cat read "Tacocat + Feral Cat", one card short)
        what = " + ".join(f"{n} x {cat.title(c)}" if n > 1 else cat.title(c) for c, n in counts.items())
    else:
        what = cat.title(action.get("card") or (cards[0] if cards else None))
    target = action.get("target")
    if target and target == by:     # a card aimed at its own player: "bot1 plays Feed the Dead on bot1"
        text = _say(by, me, _("You play {what} on yourself"), _("{player} plays {what} on themselves"),
                    what=what)
    elif target:
        text = _say(by, me, _("You play {what} on {target}"), _("{player} plays {what} on {target}"),
                    what=what, target=_who(target, me))
    else:
        text = _say(by, me, _("You play {what}"), _("{player} plays {what}"), what=what)
    if action.get("name"):
        text += _(", naming {card}").format(card=cat.title(action["name"]))
    return text


def _owner(action: dict[str, Any], cat: Catalog, me: str | None, actor: str | None = None) -> str:
    """``your Attack``, ``bob’s Attack``, or ``their own Attack`` when ``actor`` (who Nopes or
    Yups it) played it: never "bob Yups bob’s Attack"."""
    by = action.get("by")
    card = action.get("card") or (action.get("cards") or [None])[0]
    if action.get("combo"):     # its own words: Danish "dit kort kombination" read as nonsense
        if by == me:
            return _("your combo")
        if actor is not None and by == actor:
            return _("their own combo")
        return _("{player}’s combo").format(player=by)
    title = cat.title(card)
    if by == me:
        return _("your {card}").format(card=title)
    if actor is not None and by == actor:
        return _("their own {card}").format(card=title)
    return _("{player}’s {card}").format(player=by, card=title)


def _whose_card(event: dict[str, Any], cat: Catalog, me: str | None) -> str:
    """A put-back card's title, and whose it was when not its player's (``your Exploding
    Kitten``): a Zombie Kitten's player puts back two, and two same lines read as one said twice."""
    title, owner = cat.title(event.get("card")), event.get("owner")
    if not owner or owner == event.get("player"):
        return title
    # always a kitten (the one that killed a revived player): its own words, as Danish
    # "din Eksploderende killing" agrees with a kitten where "your {card}" fits any card
    if owner == me:
        return _("your {kitten}").format(kitten=title)
    return _("{player}’s {kitten}").format(player=owner, kitten=title)


def event_words(event: dict[str, Any], cat: Catalog, me: str | None,
                boxes: Mapping[str, str] | None = None,
                won_by_bot: Mapping[str, str] | None = None) -> str | None:
    """One log line for ``event``, or None for bookkeeping nobody needs to read: a plugin's
    phrase for a variant of the event (``exploded/imploded``), the engine's own line, the
    plugin's phrase, else the event's fields. ``boxes``: each plugin's box as the reader's
    lobby calls it (``phrasing.box_titles``), where the host's event names it in English.
    ``won_by_bot``: the winners whose seat a bot played (:func:`seat_words.bot_winners`)."""
    t = event.get("type")
    p = event.get("player")
    title = cat.title
    variant = variant_for(event, cat.phrases)
    if variant is not None:
        return fill(variant, event, cat, me) or None
    if t == "played":
        return action_words(event["action"], cat, me)
    if t == "noped":
        action = event["action"]
        owner = _owner(action, cat, me, event.get("by"))
        if action.get("nopes", 1) % 2:
            return _say(event.get("by"), me, _("You Nope {owner}"), _("{player} Nopes {owner}"), owner=owner)
        return _say(event.get("by"), me, _("You Yup {owner}"), _("{player} Yups {owner}"), owner=owner)
    if t == "resolved":
        action = event["action"]
        if event.get("noped"):
            if action.get("combo"):
                return _say(action.get("by"), me, _("Your combo was Noped: nothing happens"),
                            _("{player}’s combo was Noped: nothing happens"))
            card = action.get("card") or (action.get("cards") or [None])[0]
            return _say(action.get("by"), me, _("Your {card} was Noped: nothing happens"),
                        _("{player}’s {card} was Noped: nothing happens"), card=title(card))
        return None
    if t == "fizzled":     # the host rolled back a card whose rules failed (a plugin's bug)
        action = event.get("action") or {}
        card = action.get("card") or (action.get("cards") or [None])[0] or \
            (event.get("choice") or {}).get("source")
        if card is None and not action.get("combo"):
            return _("A choice is set aside: its rules failed on the host (a bug in a plugin)")
        return _("{card} does nothing: its rules failed on the host (a bug in its plugin)").format(
            card=_("The combo") if action.get("combo") else title(card))
    if t == "drew":
        # everyone sees a kitten drawn (the others' line says it with a "!"); your own plain
        # card is no news to shout
        card = event.get("card")
        kills = cat.has(card, "kills")
        mine = _("You draw {card}!") if kills else _("You draw {card}")
        # a plain card another draws is read only where every card is shown (a replay)
        theirs = _("{player} draws {card}!") if kills else _("{player} draws {card}")
        return _say(p, me, mine, theirs, card=title(card))
    if t == "drew_hidden":
        return None if p == me else _("{player} draws a card").format(player=p)
    if t == "exploding":
        return _say(p, me, _("You face {card}!"), _("{player} faces {card}!"),
                    card=title(event.get("card")))
    if t == "saved":
        return _say(p, me, _("You use {card}"), _("{player} uses {card}"), card=title(event.get("card")))
    if t == "put_back":
        if p is not None and p != me:   # a watcher's view (Clairvoyance): its own line says it
            return None
        where = place(int(event.get("position", 0)), event.get("pile_count"))
        return _("You put {card} back {where}").format(card=_whose_card(event, cat, me), where=where)
    if t == "put_back_hidden":
        if p == me:
            return None
        where = event.get("position")
        card = event.get("card")   # None: a card only its player has seen (Bury)
        what = _whose_card(event, cat, me) if card else _("a card")
        if where is not None:
            return _("{player} puts {card} back {where}").format(
                player=p, card=what, where=place(int(where), event.get("pile_count")))
        return _("{player} puts {card} back in secret").format(player=p, card=what)
    if t == "exploded":
        return _say(p, me, _("You explode and are out!"), _("{player} explodes and is out!"))
    if t == "turn":
        turns = event.get("turns", 1)
        if turns and turns > 1:
            return _say(p, me, _("— your turn ({n} turns) —"), _("— {player}’s turn ({n} turns) —"), n=turns)
        return _say(p, me, _("— your turn —"), _("— {player}’s turn —"))
    if t == "shown":
        cards = cat.titles(event.get("cards", []))
        if event.get("by") == me or me is None:
            if event.get("place") == "bottom":      # Raising Heck's: "Seen" alone read as the top
                if len(event.get("cards", [])) > 1:     # as they lie: which one is the very bottom
                    return _("Seen at the bottom of the draw pile, the bottom card last: {cards}").format(
                        cards=cards)
                return _("Seen at the bottom of the draw pile: {cards}").format(cards=cards)
            # not the pile's cards (a hand's, say), or one card: no order to speak of (Raising
            # Heck's bottom card read "Seen, top first")
            if event.get("top_first") is False or len(event.get("cards", [])) == 1:
                return _("Seen: {cards}").format(cards=cards)
            return _("Seen, top first: {cards}").format(cards=cards)
        return _("{player} shows: {cards}").format(player=event.get("by"), cards=cards)
    if t in ("card_given", "card_moved") and event.get("how") == "name":
        return None     # a three of a kind's: its named_card_taken line says it
    if t == "card_given":
        giver, taker = event.get("giver"), event.get("taker")
        card = title(event.get("card"))
        if event.get("how") == "steal":
            return _say(taker, me, _("You steal {card} from {target}"),
                        _("{player} steals {card} from {target}"),
                        card=card, target=_who(giver, me))
        return _say(giver, me, _("You give {target} {card}"), _("{player} gives {target} {card}"),
                    card=card, target=_who(taker, me))
    if t == "card_moved":
        if event.get("how") == "steal":
            return None  # the steal's own line says it
        if me in (event.get("giver"), event.get("taker")):
            # heard alone by a cursed hand, which may not see the card (ruling 11); otherwise
            # the card's own line said it just before (named_twin)
            return _say(event.get("giver"), me, _("You give {target} a card"),
                        _("{player} gives {target} a card"), target=_who(event.get("taker"), me))
        return _("{giver} passes a card to {taker}").format(giver=event.get("giver"),
                                                             taker=event.get("taker"))
    if t == "stole":
        if me in (event.get("by"), event.get("target")) and event.get("got", True):
            return None  # the private line names the card
        target = _who(event.get("target"), me)
        if event.get("got", True):
            return _say(event.get("by"), me, _("You take a card from {target}"),
                        _("{player} takes a card from {target}"), target=target)
        return _say(event.get("by"), me, _("You take nothing from {target}"),
                    _("{player} takes nothing from {target}"), target=target)
    if t == "named_card_taken":
        return _say(event.get("by"), me, _("You get {card} from {target}"),
                    _("{player} gets {card} from {target}"),
                    card=title(event.get("card")), target=_who(event.get("target"), me))
    if t == "named_card_missing":
        return _say(event.get("target"), me, _("You have no {card}"), _("{player} has no {card}"),
                    card=title(event.get("card")))
    if t == "took_from_discard":
        return _say(event.get("by"), me, _("You take {card} from the discard pile"),
                    _("{player} takes {card} from the discard pile"), card=title(event.get("card")))
    if t == "timed_out":       # the host's, not the engine's: a bot chose for them (ruling 26)
        return _say(p, me, _("Your time ran out: the bot covering your seat chose for you"),
                    _("{player}’s time ran out: the bot covering {player}’s seat chose for them"))
    if t == "rules_failed":     # the host's: a plugin's hook failed, and the game went on past it
        box = (boxes or {}).get(str(event.get("plugin"))) or event.get("box") or event.get("plugin")
        return _("{box}’s rules failed on the host (a bug in its plugin): the game goes on by the "
                 "rules without them where they failed").format(box=box)
    if t == "no_move":          # the host's: every move tried for the player failed on its rules
        return _say(p, me, _("The rules failed on the host on every move tried for you (a bug in a "
                             "plugin): the clock starts again"),
                    _("The rules failed on the host on every move tried for {player} (a bug in a "
                      "plugin): the clock starts again"))
    if t == "game_stopped":     # the host's: no move of the player's went, each tried: no winner
        return stopped_words(event, me, boxes)
    if t == "draw_pile_empty":
        return _("The draw pile is empty")
    if t == "game_over":
        winners = event.get("winners") or [event.get("winner")]
        bots = won_by_bot or {}
        if len(winners) > 1:   # ruling 25: the draw pile ran dry and a full round passed
            names = names_and(winner_name(str(w), me, bots) for w in winners)
            return _("The draw pile is empty and a full round passed with nobody dying: "
                     "{names} share the win!").format(names=names)
        if winners[0] in bots:
            return bot_won_words(str(winners[0]), me, bots[winners[0]])
        return _say(winners[0], me, _("You win the game!"), _("{player} wins the game!"))
    if t == "dealt":
        players, pile = len(event.get("players", [])), event.get("draw_pile", "?")
        return _("Cards dealt to {players} players; {pile} in the draw pile").format(players=players,
                                                                                      pile=pile)
    if t in ("waiting", "chose", "chose_hidden", "move"):
        return None
    phrase = cat.phrases.get(str(t))
    if phrase is not None:   # a plugin's event, in its plugin's words ("" : no line)
        return fill(phrase, event, cat, me) or None
    # an event no phrase is given for: its fields, card ids as titles
    fields = ", ".join(f"{k}={cat.title(v) if isinstance(v, str) and v in cat.cards else v}"
                       for k, v in event.items() if k != "type")
    return f"{str(t).replace('_', ' ')}: {fields}" if fields else str(t).replace("_", " ")


def named_twin(event: dict[str, Any], before: dict[str, Any] | None) -> bool:
    """Whether ``event`` is the unnamed twin of ``before``, the same event named to this
    reader alone just before it (``Game.emit_own_card``: ``before`` is ``event`` with its
    ``card`` added): its line would say again, without the card, what the named one said
    ("You put a card into the draw pile" after "You put Tacocat into the draw pile")."""
    if before and event.get("type") == "card_moved" and before.get("type") == "card_given":
        return all(before.get(k) == event.get(k) for k in ("giver", "taker", "how"))
    if not before or "card" not in before or "card" in event or before.get("type") != event.get("type"):
        return False
    return {k: v for k, v in before.items() if k != "card"} == event


def _seat_states(lobby: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    seats = (lobby or {}).get("seats") or []
    return {str(s.get("name")): s for s in seats if isinstance(s, dict) and s.get("state")}


def bot_in(seat: dict[str, Any], elapsed: float = 0.0, clock: float | None = None) -> float | None:
    """Seconds until a bot plays for a ``gone`` seat (None: the host said no grace period):
    its grace period's end, or sooner the end of a clock running for the seat, whose move the
    covering bot chooses. One count for the players list and the log (ann read "bot in 20 s"
    beside bob while the log said "a bot plays for bob in 30 s")."""
    grace = seat.get("grace_left")
    if not isinstance(grace, int | float) or isinstance(grace, bool):
        return None
    left = max(0.0, float(grace) - elapsed)
    if clock is not None:
        left = min(left, max(0.0, clock))
    return left


def _nobody_plays(old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]) -> list[str]:
    """A watcher's word once the last person playing has left: only bots play on, and the
    host ends a game nobody plays or watches (a table left to bots ran on for good)."""
    states = [seat.get("state") for seat in new.values()]
    if not states or any(state not in ("left", "bot") for state in states):
        return []
    if all((old.get(name) or {}).get("state") in ("left", "bot") for name in new):
        return []       # said already (or nothing changed)
    return [_("Everyone who played has left: bots play on while you watch, and the game ends "
              "once nobody watches")]


def seat_changes(before: dict[str, Any] | None, after: dict[str, Any], me: str | None,
                 clocks: dict[str, float] | None = None) -> list[str]:
    """Log lines for what changed at the table between two ``lobby`` messages: who lost
    connection, who a bot now plays for, who is back, who left, who wears the Cone of Shame.

    Each seat's ``state`` is the host's (``connected``, ``gone``, ``covered``, ``left``,
    ``bot``); a table seen for the first time (``before`` None, or another table) says
    nothing, so that joining or coming back does not replay old news. ``clocks``: seconds left
    on a clock running for a seat, as in :func:`seat_tag`."""
    if not before or before.get("table") != after.get("table") or before.get("games") != after.get("games"):
        return []
    lines: list[str] = []
    old, new = _seat_states(before), _seat_states(after)
    for name, seat in new.items():
        was = (old.get(name) or {}).get("state")
        now = seat.get("state")
        if was is None or was == now or name == me:
            continue
        if restart_news(old.get(name) or {}, seat, lines):
            continue
        if now == "gone":
            left = bot_in(seat, 0.0, (clocks or {}).get(name))
            if left is not None and left > 0:
                lines.append(_("{name} lost connection (a bot plays for {name} in {seconds:.0f} s unless "
                               "they are back)").format(name=name, seconds=left))
            else:
                lines.append(_("{name} lost connection").format(name=name))
        elif now == "covered":
            lines.append(_("A bot is playing for {name} until they are back").format(name=name))
        elif now == "left":
            lines.append(_("{name} left the game: a bot plays for them").format(name=name))
        elif now == "connected" and was in ("gone", "covered", "left"):
            lines.append(_("{name} is back").format(name=name))
    lines.extend(_nobody_plays(old, new))
    cone = after.get("cone")
    if cone and cone != before.get("cone"):
        # the first clock to run out, a turn's or an answer's (a Favor's card): "forgot whose
        # turn it was" was said to a stranger whose clock ran out giving a card
        if cone == me:
            lines.append(_("Your clock ran out first: you wear the Cone of Shame for the rest of the "
                           "game, its arrow showing the direction of play"))
        else:
            lines.append(_("{name}’s clock ran out first: they wear the Cone of Shame for the rest of "
                           "the game, its arrow showing the direction of play").format(name=cone))
    return lines


def restart_news(was: dict[str, Any], seat: dict[str, Any], lines: list[str]) -> bool:
    """A seat waiting for its player after the host started again (the host's ``restarted``):
    nobody lost their connection, the host went, and each player comes back on their own, so
    it is news only once its grace period passed with them still away (a watcher read "ann lost
    connection" for every seat, then "ann is back", lines the players' own logs never had).
    Adds what ``lines`` should say and returns whether the seat's change is said (or is none)."""
    now = seat.get("state")
    if seat.get("restarted") is True:
        if now == "covered":
            lines.append(_("{name} has not come back since the host restarted: a bot plays for them "
                           "until they are back").format(name=seat.get("name")))
        return now in ("gone", "covered")
    return now == "connected" and was.get("state") == "gone" and was.get("restarted") is True


def seat_tag(seat: dict[str, Any] | None, elapsed: float = 0.0, clock: float | None = None) -> str | None:
    """A seat's connection in a few words for the players list (None: nothing to say):
    ``gone 12 s (bot in 18 s)``, ``bot playing``, ``left (bot playing)``. ``elapsed``: seconds
    since the lobby message that said it (the host counts to then, the client on); ``clock``:
    seconds left on a clock running for this seat, whose end also brings the covering bot's
    move (it said "bot in 3 s" when the turn's clock had run out and the bot had played)."""
    if not seat:
        return None
    state = seat.get("state")
    if state == "gone" and seat.get("restarted") is True:      # not a drop: see restart_news
        return _("not back since the restart")
    if state == "gone":
        gone = seat.get("gone_seconds")
        words = _("gone {seconds:.0f} s").format(seconds=float(gone) + elapsed) \
            if isinstance(gone, int | float) else _("gone")
        left = bot_in(seat, elapsed, clock)
        if left is not None:
            words += (_(" (bot in {seconds:.0f} s)").format(seconds=left) if left > 0
                      else _(" (bot taking over)"))
        return words
    if state == "covered":
        return _("gone: bot playing")
    if state == "left":
        return _("left: bot playing")
    return None


class Knowledge:
    """What this player knows about the top of the draw pile, for the odds of exploding."""

    def __init__(self) -> None:
        self.top: list[str] = []
        self.at_count = -1

    def observe(self, view: dict[str, Any], events: list[dict[str, Any]], cat: Catalog | None = None) -> None:
        """Follow ``events``: what was shown, put back, or seen put back on top (a watcher's
        event names its ``watcher``), forgotten when a card that ``shuffles`` takes effect."""
        me = view.get("you")
        count = int(view.get("draw_pile_count", 0))
        for e in events:
            t = e.get("type")
            if t == "resolved" and cat is not None and not e.get("noped") \
                    and cat.has((e.get("action") or {}).get("card"), "shuffles"):
                self.top, self.at_count = [], -1
            elif t == "shown" and e.get("top_first", True):     # not a hand's, nor the bottom's
                self.top, self.at_count = list(e.get("cards", [])), count
            elif t == "put_back" and e.get("player") == me:
                pos = int(e.get("position", 0))
                if self.at_count >= 0 and 0 <= pos <= len(self.top):
                    self.top.insert(pos, e.get("card"))
                    self.at_count = count
                elif pos == 0:
                    self.top, self.at_count = [e.get("card")], count
                else:
                    self.top, self.at_count = [], -1
            elif e.get("watcher") == me and e.get("position") == 0 and e.get("card"):
                self.top, self.at_count = [e.get("card")], count
            elif t == "put_back_hidden" and e.get("player") != me:
                self.top, self.at_count = [], -1

    def known_top(self, view: dict[str, Any]) -> str | None:
        count = int(view.get("draw_pile_count", 0))
        for fu in view.get("face_up", []):
            if fu.get("depth") == 0:
                return fu.get("card")
        if self.at_count >= 0 and count <= self.at_count:
            drawn = self.at_count - count
            if drawn < len(self.top):
                return self.top[drawn]
        return None


def _kittens(n: int) -> str:
    return counted(n, "kitten")


def explode_odds(view: dict[str, Any], cat: Catalog, known: Knowledge) -> tuple[float, str]:
    """The chance your next draw is a kitten, and how it was worked out."""
    count = int(view.get("draw_pile_count", 0))
    if count <= 0:
        return 0.0, _("the draw pile is empty")
    if isinstance(view.get("known_pile"), list) and "kittens_in_pile" in view:
        return _odds_from_host(view, cat, count)
    top = known.known_top(view)
    if top is not None:
        known = _("you know the top card is {card}").format(card=cat.title(top))
        return (1.0 if _kills_on_top(view, cat, top) else 0.0), known
    cards = ngettext("{n} card", "{n} cards", count).format(n=count)
    if "kittens_in_pile" in view:   # the host's count of kittens this player cannot place
        kittens = int(view.get("deadly_in_pile", view["kittens_in_pile"]))
        return min(1.0, kittens / count), _("{kittens} in {cards}").format(kittens=_kittens(kittens),
                                                                            cards=cards)
    living = sum(1 for p in view.get("players", []) if p.get("status") == "living")
    kittens = max(1, living - 1)
    return min(1.0, kittens / count), _("about {kittens} in {cards}").format(kittens=_kittens(kittens),
                                                                              cards=cards)


def known_top(view: dict[str, Any], known: Knowledge) -> str | None:
    """The card this player knows lies on top of the draw pile, as the odds read it: the
    host's ``known_pile`` where it says, else what the client followed (``known``)."""
    if isinstance(view.get("known_pile"), list) and "kittens_in_pile" in view:
        return next((str(e.get("card")) for e in view["known_pile"]
                     if isinstance(e, dict) and e.get("depth") == 0), None)
    return known.known_top(view)


def saved_from_next_draw(view: dict[str, Any], cat: Catalog, known: Knowledge) -> bool:
    """Whether a card in hand saves this player from the kitten their next draw is known to
    be, as the host's ``saved_from`` says (the rules decide which saver answers which
    kitten: nothing saves from a face-up Imploding Kitten, a Streaking Kitten holds only an
    Exploding Kitten and one at a time). A kitten everyone saw put on top, not which (a
    Catomic Bomb's): saved only from every kitten that kills face down. A view without
    ``saved_from`` (a hand face down to its owner, an older host): nothing known to save."""
    saved = view.get("saved_from")
    if not isinstance(saved, list):
        return False
    top = known_top(view, known)
    if top is not None:
        return top in saved
    return all(card in saved for card in cat.cards
               if cat.has(card, "kills") and not cat.has(card, "harmless_face_down"))


def _kills_on_top(view: dict[str, Any], cat: Catalog, top: str) -> bool:
    """Whether ``top``, lying on top of the draw pile, kills whoever draws it next: a card
    that kills, unless it is harmless face down and does not lie face up."""
    if not cat.has(top, "kills"):
        return False
    face_up = any(fu.get("depth") == 0 for fu in view.get("face_up", []))
    return face_up or not cat.has(top, "harmless_face_down")


def _odds_from_host(view: dict[str, Any], cat: Catalog, count: int) -> tuple[float, str]:
    """The odds from what the host says this player knows: ``known_pile`` (the cards whose
    place they know: shown to them or to everyone, put there by them, face up) and
    ``kittens_in_pile`` (the kittens they cannot place)."""
    places: dict[int, str] = {}
    for entry in view["known_pile"]:
        if isinstance(entry, dict) and isinstance(entry.get("depth"), int):
            places[entry["depth"]] = str(entry.get("card"))
    top = places.get(0)
    if top is not None:
        known = _("you know the top card is {card}").format(card=cat.title(top))
        return (1.0 if _kills_on_top(view, cat, top) else 0.0), known
    # a face-up card whose place a shuffle hid is not on top (there it would show): the next
    # draw is one of the other cards, and a kitten face up among them is no chance of dying
    unplaced = _unplaced_to_you(view, places)
    seen_first = [c for c in unplaced if cat.has(c, "kills")]
    odds, why = _odds_face_down(view, cat, places, count - len(unplaced), len(seen_first))
    if seen_first:
        why = ngettext("{odds}; {cards} not counted: face up, it is seen before it is drawn",
                       "{odds}; {cards} not counted: face up, they are seen before they are drawn",
                       len(seen_first)).format(odds=why, cards=cat.titles(seen_first))
    return odds, why


def _unplaced_to_you(view: dict[str, Any], places: dict[int, str]) -> list[str]:
    """The face-up cards whose place a shuffle hid (``face_up_unplaced``) that this player
    does not know where they lie: one they saw since (See the Future) is among ``places``
    at a depth not face up for all, and the odds count it there."""
    public = {fu.get("depth") for fu in view.get("face_up") or [] if isinstance(fu, dict)}
    seen = Counter(card for depth, card in places.items() if depth not in public)
    unplaced = []
    for card in (str(c) for c in view.get("face_up_unplaced") or []):
        if seen[card]:
            seen[card] -= 1
        else:
            unplaced.append(card)
    return unplaced


def _harmless_face_down(cat: Catalog) -> str:
    """The title of the kitten harmless drawn face down (the Imploding Kitten), for the odds
    to name it; titles joined when a catalog holds more than one such card."""
    cards = [c for c in cat.cards if cat.has(c, "kills") and cat.has(c, "harmless_face_down")]
    return cat.titles(cards) if cards else _("kitten")


def _odds_face_down(view: dict[str, Any], cat: Catalog, places: dict[int, str], count: int,
                    seen_first: int) -> tuple[float, str]:
    """The odds among the ``count`` cards the next draw may be (the top card unknown): those
    outside ``places`` (``known_pile``) are as likely on top, ``seen_first`` kittens face up
    left out (:func:`_odds_from_host`)."""
    # what can kill on the next draw: a kitten harmless face down counts only face up
    kittens = max(0, int(view.get("deadly_in_pile", view["kittens_in_pile"])) - seen_first)
    unknown = count - len(places)
    if unknown <= 0:
        return 0.0, _("you know every card in the draw pile")
    if 0 in (view.get("kitten_depths") or []):
        # everyone saw kittens put on top (a Catomic Bomb); only one harmless face down,
        # whose place nobody saw, may lie there instead, as likely there as anywhere
        harmless = max(0, int(view["kittens_in_pile"]) - seen_first - kittens)
        if not harmless:
            return 1.0, _("everyone saw a kitten put on top")
        # the Catomic Bomb leaves it where it lay (ruling 10): on top only if it lay there
        # before, a chance a player reads as such, naming the card (not "1 chance ud af 52")
        return 1.0 - min(1.0, harmless / unknown), ngettext(
            "a kitten is on top, but there is a 1 in {n} chance it is instead the harmless "
            "{card} lying face down",
            "a kitten is on top, but there is a {k} in {n} chance it is instead a harmless "
            "{card} lying face down",
            harmless).format(k=harmless, n=unknown, card=_harmless_face_down(cat))
    # kittens everyone saw put where they lie, now deeper (a Potluck's cards went on top of a
    # Catomic Bomb's): neither they nor their places are among what the next draw may be;
    # a harmless face-down one whose place nobody saw is among them as often as anywhere
    marked = [d for d in view.get("kitten_depths") or [] if d not in places]
    if marked:
        harmless = max(0, int(view["kittens_in_pile"]) - seen_first - kittens)
        kittens = max(0, round(kittens - len(marked) + harmless * len(marked) / unknown))
        unknown -= len(marked)
        if unknown <= 0:
            return 0.0, _("you know every card in the draw pile")
    if places or marked:
        cards = ngettext("{n} card whose place you do not know", "{n} cards whose place you do not know",
                         unknown).format(n=unknown)
    else:
        cards = ngettext("{n} card", "{n} cards", unknown).format(n=unknown)
    return min(1.0, kittens / unknown), _("{kittens} in {cards}").format(kittens=_kittens(kittens),
                                                                          cards=cards)


def quiet_words(seconds: int) -> str:
    """The host silent for ``seconds`` when it should have answered (a stalled link), said
    calmly beside the table or lobby it leaves standing: before, nothing said why the screen
    stood still for two or three seconds, and the host-gone banner comes only later."""
    return ngettext("No word from the host for {n} s…", "No word from the host for {n} s…",
                    seconds).format(n=seconds)


def waiting_words(seconds: int) -> str:
    """The host-gone banner folded by Keep waiting: the table shows again, and its top line
    says how long the host has been silent and the key for the banner's choices (leave, quit)."""
    return ngettext("No word from the host for {n} s… (h: leave or quit)",
                    "No word from the host for {n} s… (h: leave or quit)", seconds).format(n=seconds)
