"""Plain words for cards, moves and events, built only from the catalog and the view.

The client knows no card by name: titles, texts and kinds come from the catalog a host
sends, so a new plugin's card reads correctly without a change here; nor any plugin's
event: each card's catalog entry carries the phrases of the events its plugin emits
(:mod:`.phrases`), and only the engine's own events have their lines here.
"""

from __future__ import annotations

import zlib
from collections import Counter
from typing import Any

from .phrases import Who as _Who
from .phrases import agree, fill, variant_for
from .phrases import ordinal as ordinal
from .phrases import who as _who

#: Kinds with a colour of their own; any other kind gets one of the spare colours.
KNOWN_KINDS = ("kitten", "defuse", "action", "now", "nope", "cat", "attack")
SPARE = 6


class Catalog:
    """Card ids to titles, texts, kinds and traits, and event types to their phrases, from
    the catalog list of a snapshot."""

    def __init__(self, entries: list[dict[str, Any]] | None = None) -> None:
        self.cards: dict[str, dict[str, Any]] = {}
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
        return entry.get("text", "") if entry else "(no rules text for this card)"

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


def position_words(position: int, pile: int) -> str:
    """Where a card put back at ``position`` (0 = top) lands in a pile of ``pile`` cards."""
    if position == 0:
        return "on top: drawn next"
    if position < 0 or position >= pile:
        return "at the bottom"
    return f"{ordinal(position + 1)} from the top ({position} card{'s' if position != 1 else ''} above it)"


def _does(name: str | None, me: str | None, verb: str) -> str:
    """``You take`` / ``bob takes``: the subject and its verb, agreeing."""
    return f"{_Who(name, me)} {agree(verb, name, me)}"


def action_words(action: dict[str, Any], cat: Catalog, me: str | None) -> str:
    """``bob plays Attack on you`` / ``you play 2 x Tacocat at ann``."""
    by = action.get("by")
    cards = list(action.get("cards") or [])
    verb = "play" if by == me else "plays"
    if action.get("combo"):
        counts = Counter(cards)
        if len(counts) == 1:
            what = f"{len(cards)} x {cat.title(cards[0])}"
        else:
            what = " + ".join(cat.title(c) for c in counts)
        text = f"{_Who(by, me)} {verb} {what}"
    else:
        text = f"{_Who(by, me)} {verb} {cat.title(action.get('card') or (cards[0] if cards else None))}"
    if action.get("target"):
        text += f" on {_who(action['target'], me)}"
    if action.get("name"):
        text += f", naming {cat.title(action['name'])}"
    return text


def _owner(action: dict[str, Any], cat: Catalog, me: str | None) -> str:
    by = action.get("by")
    card = action.get("card") or (action.get("cards") or [None])[0]
    title = cat.title(card) if not action.get("combo") else "combo"
    return f"{'your' if by == me else f'{by}’s'} {title}"


def event_words(event: dict[str, Any], cat: Catalog, me: str | None) -> str | None:
    """One log line for ``event``, or None for bookkeeping nobody needs to read: a plugin's
    phrase for a variant of the event (``exploded/imploded``), the engine's own line, the
    plugin's phrase, else the event's fields."""
    t = event.get("type")
    p = event.get("player")
    variant = variant_for(event, cat.phrases)
    if variant is not None:
        return fill(variant, event, cat, me) or None
    if t == "played":
        return action_words(event["action"], cat, me)
    if t == "noped":
        action = event["action"]
        word = "Nopes" if action.get("nopes", 1) % 2 else "Yups"
        if event.get("by") == me:
            word = word[:-1]
        return f"{_Who(event.get('by'), me)} {word} {_owner(action, cat, me)}"
    if t == "resolved":
        action = event["action"]
        if event.get("noped"):
            owner = _owner(action, cat, me)   # "your Attack" -> "Your"; a name keeps its case
            owner = "Y" + owner[1:] if owner.startswith("your ") else owner
            return f"{owner} was Noped: nothing happens"
        return None
    if t == "drew":
        if p == me:
            return f"You draw {cat.title(event.get('card'))}"
        return f"{p} draws {cat.title(event.get('card'))}!"
    if t == "drew_hidden":
        return None if p == me else f"{p} draws a card"
    if t == "exploding":
        return f"{_Who(p, me)} must survive {cat.title(event.get('card'))}!"
    if t == "saved":
        return f"{_does(p, me, 'use')} {cat.title(event.get('card'))}"
    if t == "put_back":
        if p is not None and p != me:   # a watcher's view (Clairvoyance): its own line says it
            return None
        where = ordinal(int(event.get("position", 0)) + 1)
        return f"You put {cat.title(event.get('card'))} back, {where} from top"
    if t == "put_back_hidden":
        if p == me:
            return None
        where = event.get("position")
        spot = f", {ordinal(int(where) + 1)} from top" if where is not None else " in secret"
        card = event.get("card")   # None: a card only its player has seen (Bury)
        return f"{p} puts {cat.title(card) if card else 'a card'} back{spot}"
    if t == "exploded":
        return f"{_does(p, me, 'explode')} and {'are' if p == me else 'is'} out!"
    if t == "turn":
        turns = event.get("turns", 1)
        owed = f" ({turns} turns)" if turns and turns > 1 else ""
        return f"— {'your' if p == me else f'{p}’s'} turn{owed} —"
    if t == "shown":
        if event.get("by") == me or me is None:
            return f"Seen, top first: {cat.titles(event.get('cards', []))}"
        return f"{event.get('by')} shows: {cat.titles(event.get('cards', []))}"
    if t == "card_given":
        giver, taker = event.get("giver"), event.get("taker")
        if event.get("how") == "steal":
            return f"{_does(taker, me, 'steal')} {cat.title(event.get('card'))} from {_who(giver, me)}"
        return f"{_does(giver, me, 'give')} {_who(taker, me)} {cat.title(event.get('card'))}"
    if t == "card_moved":
        if me in (event.get("giver"), event.get("taker")) or event.get("how") == "steal":
            return None  # the card's own line (or the steal's) says it
        return f"{event.get('giver')} passes a card to {event.get('taker')}"
    if t == "stole":
        if me in (event.get("by"), event.get("target")) and event.get("got", True):
            return None  # the private line names the card
        got = "a card" if event.get("got", True) else "nothing"
        return f"{_does(event.get('by'), me, 'take')} {got} from {_who(event.get('target'), me)}"
    if t == "named_card_taken":
        card = cat.title(event.get("card"))
        return f"{_does(event.get('by'), me, 'get')} {card} from {_who(event.get('target'), me)}"
    if t == "named_card_missing":
        return f"{_does(event.get('target'), me, 'have')} no {cat.title(event.get('card'))}"
    if t == "took_from_discard":
        return f"{_does(event.get('by'), me, 'take')} {cat.title(event.get('card'))} from the discard pile"
    if t == "timed_out":       # the host's, not the engine's: a bot chose for them (ruling 26)
        if p == me:
            return "Your time ran out: the bot covering your seat chose for you"
        return f"{p}’s time ran out: the bot covering {p}’s seat chose for them"
    if t == "draw_pile_empty":
        return "The draw pile is empty"
    if t == "game_over":
        winners = event.get("winners") or [event.get("winner")]
        if len(winners) > 1:   # ruling 25: the draw pile ran dry and a full round passed
            names = ", ".join("you" if w == me else str(w) for w in winners)
            return (f"The draw pile is empty and a full round passed with nobody dying: "
                    f"{names} share the win!")
        return f"{_does(winners[0], me, 'win')} the game!"
    if t == "dealt":
        players, pile = len(event.get("players", [])), event.get("draw_pile", "?")
        return f"Cards dealt to {players} players; {pile} in the draw pile"
    if t in ("waiting", "chose", "chose_hidden", "move"):
        return None
    phrase = cat.phrases.get(str(t))
    if phrase is not None:   # a plugin's event, in its plugin's words ("" : no line)
        return fill(phrase, event, cat, me) or None
    # an event no phrase is given for: its fields, card ids as titles
    fields = ", ".join(f"{k}={cat.title(v) if isinstance(v, str) and v in cat.cards else v}"
                       for k, v in event.items() if k != "type")
    return f"{str(t).replace('_', ' ')}: {fields}" if fields else str(t).replace("_", " ")


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
            later = f" (a bot plays for {name} in {grace:.0f} s unless they are back)" \
                if isinstance(grace, int | float) and grace > 0 else ""
            lines.append(f"{name} lost connection{later}")
        elif now == "covered":
            lines.append(f"A bot is playing for {name} until they are back")
        elif now == "left":
            lines.append(f"{name} left the game: a bot plays for them")
        elif now == "connected" and was in ("gone", "covered", "left"):
            lines.append(f"{name} is back")
    cone = after.get("cone")
    if cone and cone != before.get("cone"):
        if cone == me:
            lines.append("You forgot whose turn it was: you wear the Cone of Shame for the rest of the "
                         "game, its arrow showing the direction of play")
        else:
            lines.append(f"{cone} forgot whose turn it was and wears the Cone of Shame for the rest of "
                         "the game, its arrow showing the direction of play")
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
        words = f"gone {float(gone) + elapsed:.0f} s" if isinstance(gone, int | float) else "gone"
        grace = seat.get("grace_left")
        if isinstance(grace, int | float):
            left = max(0.0, float(grace) - elapsed)
            words += f" (bot in {left:.0f} s)" if left > 0 else " (bot taking over)"
        return words
    if state == "covered":
        return "gone: bot playing"
    if state == "left":
        return "left: bot playing"
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
            elif t == "shown":
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
    return "no kittens" if n == 0 else f"{n} kitten{'s' if n != 1 else ''}"


def explode_odds(view: dict[str, Any], cat: Catalog, known: Knowledge) -> tuple[float, str]:
    """The chance your next draw is a kitten, and how it was worked out."""
    count = int(view.get("draw_pile_count", 0))
    if count <= 0:
        return 0.0, "the draw pile is empty"
    if isinstance(view.get("known_pile"), list) and "kittens_in_pile" in view:
        return _odds_from_host(view, cat, count)
    top = known.known_top(view)
    if top is not None:
        return (1.0 if _kills_on_top(view, cat, top) else 0.0), f"you know the top card is {cat.title(top)}"
    cards = f"{count} card{'s' if count != 1 else ''}"
    if "kittens_in_pile" in view:   # the host's count of kittens this player cannot place
        kittens = int(view.get("deadly_in_pile", view["kittens_in_pile"]))
        return min(1.0, kittens / count), f"{_kittens(kittens)} in {cards}"
    living = sum(1 for p in view.get("players", []) if p.get("status") == "living")
    kittens = max(1, living - 1)
    return min(1.0, kittens / count), f"about {_kittens(kittens)} in {cards}"


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
        return (1.0 if _kills_on_top(view, cat, top) else 0.0), f"you know the top card is {cat.title(top)}"
    # what can kill on the next draw: a kitten harmless face down counts only face up
    kittens = max(0, int(view.get("deadly_in_pile", view["kittens_in_pile"])))
    unknown = count - len(places)
    if unknown <= 0:
        return 0.0, "you know every card in the draw pile"
    cards = f"{unknown} card{'s' if unknown != 1 else ''}"
    if places:
        cards += " whose place you do not know"
    return min(1.0, kittens / unknown), f"{_kittens(kittens)} in {cards}"
