"""Plain words for cards, moves and events, built only from the catalog and the view.

The client knows no card by name: titles, texts and kinds come from the catalog a host
sends, so a new plugin's card reads correctly without a change here.
"""

from __future__ import annotations

import zlib
from collections import Counter
from typing import Any

from .. import i18n
from ..i18n import _, ngettext, pgettext

#: Kinds with a colour of their own; any other kind gets one of the spare colours.
KNOWN_KINDS = ("kitten", "defuse", "action", "now", "nope", "cat", "attack")
SPARE = 6


class Catalog:
    """Card ids to titles, texts and kinds, from the catalog list of a snapshot."""

    def __init__(self, entries: list[dict[str, Any]] | None = None) -> None:
        self.cards: dict[str, dict[str, Any]] = {}
        for entry in entries or []:
            self.cards[entry["id"]] = entry

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


def seen_words(seen: dict[str, Any], cat: Catalog, me: str | None) -> str:
    """``bob put Exploding Kitten back 2nd from the top``: a Clairvoyance sighting."""
    pos = seen.get("position")
    if isinstance(pos, int) and pos >= 0:
        where = _("on top") if pos == 0 else _("{nth} from the top").format(nth=ordinal(pos + 1))
    elif isinstance(pos, int):
        where = _("at the bottom")
    else:
        where = _("somewhere")
    return _("{who} put {card} back {where}").format(who=_who(seen.get("by"), me),
                                                      card=cat.title(seen.get("card")), where=where)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th`` (Danish: ``1.``, ``2.``)."""
    if i18n.current() != i18n.DEFAULT:
        return _("{n}th").format(n=n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def position_words(position: int, pile: int) -> str:
    """Where a card put back at ``position`` (0 = top) lands in a pile of ``pile`` cards."""
    if position == 0:
        return _("on top: drawn next")
    if position < 0 or position >= pile:
        return _("at the bottom")
    above = ngettext("{nth} from the top ({n} card above it)", "{nth} from the top ({n} cards above it)",
                     position)
    return above.format(nth=ordinal(position + 1), n=position)


def _who(name: str | None, me: str | None) -> str:
    """A player as the object of a sentence: ``you``, a name, ``someone``."""
    if name is None:
        return _("someone")
    return pgettext("object", "you") if name == me else name


def _whose(name: str | None, me: str | None) -> str:
    """``your``, ``ann’s`` or ``someone’s`` (never "you’s")."""
    if name is not None and name == me:
        return _("your")
    return _("{player}’s").format(player=_who(name, me))


def _Who(name: str | None, me: str | None) -> str:  # noqa: N802 - sentence case
    return _("You") if name == me else (name or _("Someone"))


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
        if len(counts) == 1:
            what = f"{len(cards)} x {cat.title(cards[0])}"
        else:
            what = " + ".join(cat.title(c) for c in counts)
    else:
        what = cat.title(action.get("card") or (cards[0] if cards else None))
    target = action.get("target")
    if target:
        text = _say(by, me, _("You play {what} on {target}"), _("{player} plays {what} on {target}"),
                    what=what, target=_who(target, me))
    else:
        text = _say(by, me, _("You play {what}"), _("{player} plays {what}"), what=what)
    if action.get("name"):
        text += _(", naming {card}").format(card=cat.title(action["name"]))
    return text


def _owner(action: dict[str, Any], cat: Catalog, me: str | None) -> str:
    """``your Attack``, ``bob’s combo``."""
    by = action.get("by")
    card = action.get("card") or (action.get("cards") or [None])[0]
    title = cat.title(card) if not action.get("combo") else _("combo")
    return (_("your {card}") if by == me else _("{player}’s {card}")).format(player=by, card=title)


def event_words(event: dict[str, Any], cat: Catalog, me: str | None) -> str | None:
    """One log line for ``event``, or None for bookkeeping nobody needs to read."""
    t = event.get("type")
    p = event.get("player")
    title = cat.title
    if t == "played":
        return action_words(event["action"], cat, me)
    if t == "noped":
        action = event["action"]
        owner = _owner(action, cat, me)
        if action.get("nopes", 1) % 2:
            return _say(event.get("by"), me, _("You Nope {owner}"), _("{player} Nopes {owner}"), owner=owner)
        return _say(event.get("by"), me, _("You Yup {owner}"), _("{player} Yups {owner}"), owner=owner)
    if t == "resolved":
        action = event["action"]
        if event.get("noped"):
            card = action.get("card") or (action.get("cards") or [None])[0]
            what = title(card) if not action.get("combo") else _("combo")
            return _say(action.get("by"), me, _("Your {card} was Noped: nothing happens"),
                        _("{player}’s {card} was Noped: nothing happens"), card=what)
        return None
    if t == "drew":
        return _say(p, me, _("You draw {card}"), _("{player} draws {card}!"), card=title(event.get("card")))
    if t == "drew_hidden":
        return None if p == me else _("{player} draws a card").format(player=p)
    if t == "exploding":
        return _say(p, me, _("You must survive {card}!"), _("{player} must survive {card}!"),
                    card=title(event.get("card")))
    if t == "saved":
        return _say(p, me, _("You use {card}"), _("{player} uses {card}"), card=title(event.get("card")))
    if t == "put_back":
        if p is not None and p != me:   # a watcher's view (Clairvoyance): its own line says it
            return None
        where = ordinal(int(event.get("position", 0)) + 1)
        return _("You put {card} back, {nth} from top").format(card=title(event.get("card")), nth=where)
    if t == "clairvoyance_saw":
        return _("Clairvoyance: you saw {sighting}").format(sighting=seen_words(event, cat, me))
    if t == "put_back_hidden":
        if p == me:
            return None
        where = event.get("position")
        card = event.get("card")   # None: a card only its player has seen (Bury)
        what = title(card) if card else _("a card")
        if where is not None:
            return _("{player} puts {card} back, {nth} from top").format(player=p, card=what,
                                                                         nth=ordinal(int(where) + 1))
        return _("{player} puts {card} back in secret").format(player=p, card=what)
    if t == "exploded":
        if event.get("imploded"):   # one death, one line: the "imploded" event says nothing
            return _say(p, me, _("You implode with {card} and are out!"),
                        _("{player} implodes with {card} and is out!"), card=title(event.get("card")))
        return _say(p, me, _("You explode and are out!"), _("{player} explodes and is out!"))
    if t == "imploded":   # the death's own line (exploded, died) says it, once
        return None
    if t == "turn":
        turns = event.get("turns", 1)
        if turns and turns > 1:
            return _say(p, me, _("— your turn ({n} turns) —"), _("— {player}’s turn ({n} turns) —"), n=turns)
        return _say(p, me, _("— your turn —"), _("— {player}’s turn —"))
    if t == "shown":
        cards = cat.titles(event.get("cards", []))
        if event.get("by") == me or me is None:
            return _("Seen, top first: {cards}").format(cards=cards)
        return _("{player} shows: {cards}").format(player=event.get("by"), cards=cards)
    if t == "shuffled":
        return _say(event.get("by"), me, _("You shuffle the draw pile"), _("{player} shuffles the draw pile"))
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
        if me in (event.get("giver"), event.get("taker")) or event.get("how") == "steal":
            return None  # the card's own line (or the steal's) says it
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
    if t == "favor_empty":
        return _say(event.get("target"), me, _("You have no card to give"), _("{player} has no card to give"))
    if t == "timed_out":       # the host's, not the engine's: a bot chose for them (ruling 26)
        return _say(p, me, _("Your time ran out: the bot covering your seat chose for you"),
                    _("{player}’s time ran out: the bot covering {player}’s seat chose for them"))
    if t == "draw_pile_empty":
        return _("The draw pile is empty")
    if t == "game_over":
        winners = event.get("winners") or [event.get("winner")]
        if len(winners) > 1:   # ruling 25: the draw pile ran dry and a full round passed
            names = ", ".join(_("you") if w == me else str(w) for w in winners)
            return _("The draw pile is empty and a full round passed with nobody dying: "
                     "{names} share the win!").format(names=names)
        return _say(winners[0], me, _("You win the game!"), _("{player} wins the game!"))
    if t == "dealt":
        players, pile = len(event.get("players", [])), event.get("draw_pile", "?")
        return _("Cards dealt to {players} players; {pile} in the draw pile").format(players=players,
                                                                                      pile=pile)
    if t in ("waiting", "chose", "chose_hidden", "move"):
        return None
    words = _expansion_words(t, event, cat, me)
    if words is not None:
        return words
    # an event no line is written for (a new plugin's): its fields, card ids as titles
    fields = ", ".join(f"{k}={cat.title(v) if isinstance(v, str) and v in cat.cards else v}"
                       for k, v in event.items() if k != "type")
    return f"{str(t).replace('_', ' ')}: {fields}" if fields else str(t).replace("_", " ")


def _expansion_words(t: Any, e: dict[str, Any], cat: Catalog, me: str | None) -> str | None:
    """Log lines for the expansions' events (Imploding, Zombie, Streaking, Party)."""
    by, p, target = e.get("by"), e.get("player"), e.get("target")
    card = cat.title(e.get("card")) if e.get("card") else _("a card")
    whom = _who(target, me)
    simple = {
        "altered": lambda: _say(by, me, _("You alter the future of the top {n} cards"),
                                _("{player} alters the future of the top {n} cards"), n=e.get("count", 3)),
        "reversed": lambda: _say(by, me, _("You reverse the order of play"),
                                 _("{player} reverses the order of play")),
        "bottom_to_top": lambda: _say(by, me, _("You draw from the bottom"),
                                      _("{player} draws from the bottom")),
        "swapped_top_and_bottom": lambda: _say(by, me, _("You swap the top and bottom cards"),
                                               _("{player} swaps the top and bottom cards")),
        "cursed": lambda: _say(by, me, _("You curse {target}: that hand is face down"),
                               _("{player} curses {target}: that hand is face down"), target=whom),
        "cursed_pick": lambda: _say(by, me, _("You play a random card: {card}"),
                                    _("{player} plays a random card: {card}"), card=card),
        "cursed_turned_up": lambda: _say(p, me, _("You turn up {card}"),
                                         _("{player} turns up {card}"), card=card),
        "curse_lifted": lambda: _("The curse on {target} lifts").format(target=_who(p, me)),
        "card_lost": lambda: _("{card} is lost: it cannot be played that way").format(card=card),
        "marked": lambda: _say(by, me, _("You mark {whose} {card}: it faces out"),
                               _("{player} marks {whose} {card}: it faces out"),
                               whose=_whose(target, me), card=card),
        "mark_nothing": lambda: _say(target, me, _("You have nothing to mark"),
                                     _("{player} has nothing to mark")),
        "kitten_held": lambda: _say(p, me, _("You hold the kitten safely with a Streaking Kitten"),
                                    _("{player} holds the kitten safely with a Streaking Kitten")),
        "kitten_from_hand": lambda: _say(p, me, _("You lose cover for {card}!"),
                                         _("{player} loses cover for {card}!"),
                                         card=card),
        "kitten_back_into_pile": lambda: _("{card} goes back into the draw pile at random").format(card=card),
        "imploding_put_back": lambda: _say(p, me, _("You put {card} back face up"),
                                           _("{player} puts {card} back face up"), card=card),
        "died": lambda: (_say(p, me, _("You implode with {card} and are now Dead"),
                              _("{player} implodes with {card} and is now Dead"), card=card)
                         if e.get("imploded") else
                         _say(p, me, _("You die and are now Dead"), _("{player} dies and is now Dead"))),
        "revived": lambda: _say(by, me, _("You bring {target} back to life"),
                                _("{player} brings {target} back to life"), target=_who(p, me)),
        "grave_robbed": lambda: _say(p, me, _("You rob the graves"), _("{player} robs the graves")),
        "cloned": lambda: _say(by, me, _("You clone {card}"), _("{player} clones {card}"), card=card),
        "dug": lambda: _say(by, me, _("You dig deeper"), _("{player} digs deeper")),
        "dig_deeper_nothing": lambda: _("Dig Deeper finds nothing to dig"),
        "catomic_bomb": lambda: _say(by, me, _("You set off a Catomic Bomb: {kittens} to the top"),
                                     _("{player} sets off a Catomic Bomb: {kittens} to the top"),
                                     kittens=_kittens(e.get("kittens", 0))),
        "ill_take_that": lambda: _say(by, me, _("You put I’ll Take That in front of {target}"),
                                      _("{player} puts I’ll Take That in front of {target}"), target=whom),
        "card_taken": lambda: _say(e.get("taker"), me, _("You take {whose} drawn card"),
                                   _("{player} takes {whose} drawn card"), whose=_whose(p, me)),
        "card_into_pile": lambda: _say(p, me, _("You put a card into the draw pile"),
                                       _("{player} puts a card into the draw pile")),
        "card_onto_pile": lambda: _say(p, me, _("You put a card on the draw pile"),
                                       _("{player} puts a card on the draw pile")),
        "watching": lambda: _say(by, me, _("You keep watch over {target}"),
                                 _("{player} keeps watch over {target}"),
                                 target=_who(p, me)),
    }
    make = simple.get(str(t))
    return make() if make else None


def _seat_states(lobby: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    seats = (lobby or {}).get("seats") or []
    return {str(s.get("name")): s for s in seats if isinstance(s, dict) and s.get("state")}


def seat_changes(before: dict[str, Any] | None, after: dict[str, Any], me: str | None) -> list[str]:
    """Log lines for what changed at the table between two ``lobby`` messages: who lost
    connection, who a bot now plays for, who is back, who left, who wears the Cone of Shame.

    Each seat's ``state`` is the host's (``connected``, ``gone``, ``covered``, ``left``,
    ``bot``); a table seen for the first time (``before`` None, or another table) says
    nothing, so that joining or coming back does not replay old news."""
    if not before or before.get("table") != after.get("table") or before.get("games") != after.get("games"):
        return []
    lines: list[str] = []
    old, new = _seat_states(before), _seat_states(after)
    for name, seat in new.items():
        was = (old.get(name) or {}).get("state")
        now = seat.get("state")
        if was is None or was == now or name == me:
            continue
        if now == "gone":
            grace = seat.get("grace_left")
            if isinstance(grace, int | float) and grace > 0:
                lines.append(_("{name} lost connection (a bot plays for {name} in {seconds:.0f} s unless "
                               "they are back)").format(name=name, seconds=grace))
            else:
                lines.append(_("{name} lost connection").format(name=name))
        elif now == "covered":
            lines.append(_("A bot is playing for {name} until they are back").format(name=name))
        elif now == "left":
            lines.append(_("{name} left the game: a bot plays for them").format(name=name))
        elif now == "connected" and was in ("gone", "covered", "left"):
            lines.append(_("{name} is back").format(name=name))
    cone = after.get("cone")
    if cone and cone != before.get("cone"):
        if cone == me:
            lines.append(_("You forgot whose turn it was: you wear the Cone of Shame for the rest of the "
                           "game, its arrow showing the direction of play"))
        else:
            lines.append(_("{name} forgot whose turn it was and wears the Cone of Shame for the rest of "
                           "the game, its arrow showing the direction of play").format(name=cone))
    return lines


def seat_tag(seat: dict[str, Any] | None, elapsed: float = 0.0) -> str | None:
    """A seat's connection in a few words for the players list (None: nothing to say):
    ``gone 12 s (bot in 18 s)``, ``bot playing``, ``left (bot playing)``. ``elapsed``: seconds
    since the lobby message that said it (the host counts to then, the client on)."""
    if not seat:
        return None
    state = seat.get("state")
    if state == "gone":
        gone = seat.get("gone_seconds")
        words = _("gone {seconds:.0f} s").format(seconds=float(gone) + elapsed) \
            if isinstance(gone, int | float) else _("gone")
        grace = seat.get("grace_left")
        if isinstance(grace, int | float):
            left = max(0.0, float(grace) - elapsed)
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

    def observe(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        me = view.get("you")
        count = int(view.get("draw_pile_count", 0))
        for e in events:
            t = e.get("type")
            if t == "shown":
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
            elif t == "clairvoyance_saw" and e.get("watcher") == me and e.get("position") == 0:
                self.top, self.at_count = [e.get("card")], count
            elif t in ("shuffled", "put_back_hidden"):
                if not (t == "put_back_hidden" and e.get("player") == me):
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
    return _("no kittens") if n == 0 else ngettext("{n} kitten", "{n} kittens", n).format(n=n)


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
        return (1.0 if cat.kind(top) == "kitten" else 0.0), known
    cards = ngettext("{n} card", "{n} cards", count).format(n=count)
    if "kittens_in_pile" in view:   # the host's count of kittens this player cannot place
        kittens = int(view["kittens_in_pile"])
        return min(1.0, kittens / count), _("{kittens} in {cards}").format(kittens=_kittens(kittens),
                                                                            cards=cards)
    living = sum(1 for p in view.get("players", []) if p.get("status") == "living")
    kittens = max(1, living - 1)
    return min(1.0, kittens / count), _("about {kittens} in {cards}").format(kittens=_kittens(kittens),
                                                                              cards=cards)


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
        return (1.0 if cat.kind(top) == "kitten" else 0.0), known
    kittens = max(0, int(view["kittens_in_pile"]))
    unknown = count - len(places)
    if unknown <= 0:
        return 0.0, _("you know every card in the draw pile")
    if places:
        cards = ngettext("{n} card whose place you do not know", "{n} cards whose place you do not know",
                         unknown).format(n=unknown)
    else:
        cards = ngettext("{n} card", "{n} cards", unknown).format(n=unknown)
    return min(1.0, kittens / unknown), _("{kittens} in {cards}").format(kittens=_kittens(kittens),
                                                                          cards=cards)
