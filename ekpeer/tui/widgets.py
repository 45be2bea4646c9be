"""The table's pieces: cards in hand, the players, the piles, the status line."""

from __future__ import annotations

import re
import time
from typing import Any

from rich.text import Text
from textual.content import Content
from textual.events import Click
from textual.markup import escape
from textual.message import Message
from textual.widgets import Static

from ..i18n import N_, _, ngettext, percent, pgettext
from .words import Catalog, event_words, explode_odds, seat_tag

#: Below this many columns a screen is narrow (a phone's browser seat: about 41 at 390 pixels):
#: panels stack, every key is shown whole (see ``EkpeerApp.HORIZONTAL_BREAKPOINTS``).
NARROW = 60
#: keys the key bar leaves out first when they do not all fit (they still work, unshown)
SPARE_KEYS = ("ctrl+t",)
#: keys a full key bar leaves out last: the way out, and the Keys dialog, which lists every
#: key the bar left out
KEPT_KEYS = ("ctrl+q", "f1")
#: fewer rows than a usual terminal (80x24): dialogs shorten their lists (ekpeer.tcss, -short)
SHORT = 24
#: rows from which a dialog's list may take its full height (below: ``-snug``, ekpeer.tcss)
TALL = 28

#: how far the face-up cards under a player (marked, in front) stand in: a column more than
#: the names, so that they read as that player's, not as another player
CARDS_INDENT = 3

#: The Cone of Shame's arrow, by direction of play: the list shows seats in order, top down.
CONE = {1: "↓", -1: "↑"}     # the Cone of Shame's arrow: the direction of play


def plain(text: Any) -> Any:
    """``text`` shown exactly as written: a string becomes a :class:`Content` that Textual
    never reads as markup. Names, table names, card titles and texts, prompts and reasons
    all come from other peers (the host too is one): ``[/]`` in a name must not crash a
    screen, nor ``[@click=...]`` run an action. Rich ``Text`` and ``Content`` pass as they are."""
    return Content(text) if isinstance(text, str) else text


#: Characters no peer's words may bring to this terminal: C0/C1 controls but newline and tab
#: (ESC starts terminal commands: colours, titles, the clipboard) and the bidirectional
#: overrides that make a name read backwards.
_UNSHOWN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def scrub(value: Any) -> Any:
    """``value`` (a host message's body: maps, lists, strings) with every string made safe to
    show: characters in :data:`_UNSHOWN` become U+FFFD. A body that holds none comes back as
    it is (one look at each string, nothing copied: the common case, on every update)."""
    return value if _clean(value) else _scrubbed(value)


def _clean(value: Any) -> bool:
    if isinstance(value, str):
        return _UNSHOWN.search(value) is None
    if isinstance(value, dict):
        return all(_clean(k) and _clean(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_clean(v) for v in value)
    return True


def _scrubbed(value: Any) -> Any:
    if isinstance(value, str):
        return _UNSHOWN.sub("\ufffd", value)
    if isinstance(value, dict):
        return {_scrubbed(k): _scrubbed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrubbed(v) for v in value]
    return value


#: Textual's own key descriptions shown beside ekpeer's (said in the player's language too)
TEXTUAL_WORDS = (N_("palette"), N_("Dismiss menu"))


def short_words(description: str) -> str:
    """A key's words in the key bar where its whole words do not fit: the language's shorter
    ones (``pgettext("key bar", ...)``, marked with ``NP_`` by the screen that binds the key),
    else the whole. At 64 columns the Danish start screen's bar left "^g Kig med" out."""
    short = pgettext("key bar", description)
    return short if short != description else _(description)


class KeyBar(Static):
    """The keys that work on this screen (clicking or tapping a key presses it).

    Textual's Footer is a widget per key, all rebuilt whenever the bindings change; on the
    table it was the costliest part of the first frame and of moving between cards. This is
    one widget, redrawn only when the keys it shows change. On a screen too narrow for one
    line (a phone's browser seat) it takes as many lines as its keys need, every key whole,
    so that each is a tap target; a screen's ``tap_keys()`` adds the keys it shows in words
    elsewhere (the table's Play, Nope, NOW card), there only, where no keyboard may be.
    """

    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; background: $footer-background; color: $footer-foreground; }
    """

    _shown: tuple | None = None     # the keys shown, and the palette's
    _short: dict[str, str] = {}     # each key's shorter words, for a bar too narrow for the whole
    _drawn: tuple | None = None     # ... and the width they were packed for, on a narrow screen

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._render_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Any) -> None:
        if screen is self.screen:
            self._render_keys()

    def _width(self) -> int:
        return self.size.width or self.app.size.width

    def _keys(self) -> tuple:
        app = self.app
        keys = []
        palette = None
        narrow = self._width() < NARROW
        if narrow:
            extra = getattr(self.screen, "tap_keys", None)
            keys.extend(extra() if callable(extra) else [])
        actions: set[str] = set()
        words: set[str] = set()
        self._short = {}
        for _node, binding, enabled, _tip in self.screen.active_bindings.values():
            # a binding's description is English, written where it is bound: said here in the
            # player's language
            if binding.action == "command_palette" and app.ENABLE_COMMAND_PALETTE:
                palette = (binding.key, app.get_key_display(binding), _(binding.description), enabled)
            elif binding.show and binding.action not in actions and binding.description not in words:
                # one key per action, and per word: "q Quit" after a game, not "^q Quit" too
                actions.add(binding.action)
                words.add(binding.description)
                keys.append((binding.key, app.get_key_display(binding), _(binding.description), enabled))
                self._short[binding.key] = short_words(binding.description)
        return tuple(keys), palette

    def refresh_keys(self) -> None:
        """Draw the keys again if they changed (a screen's ``tap_keys`` follow its state)."""
        self._render_keys()

    def _render_keys(self) -> None:
        keys, palette = self._keys()
        width = self._width()
        narrow = width < NARROW
        if (keys, palette, narrow and width) == self._drawn:
            return
        self._shown, self._drawn = (keys, palette), (keys, palette, narrow and width)

        def one(key: str, display: str, description: str, enabled: bool) -> str:
            style = "" if enabled else " dim"
            return (f"[@click=press({key!r})][b $footer-key-foreground{style}] {escape(display)} [/]"
                    f"[$footer-description-foreground{style}]{escape(description)}[/][/]")

        def size(display: str, description: str) -> int:
            return len(display) + len(description) + 2

        if narrow:      # every key whole, on as many lines as they need
            entries = [*keys, palette] if palette is not None else list(keys)
            lines: list[list[tuple]] = [[]]
            used = 0
            for entry in entries:
                need = size(entry[1], entry[2]) + (1 if lines[-1] else 0)
                if lines[-1] and used + need > width:
                    lines.append([])
                    used, need = 0, size(entry[1], entry[2])
                lines[-1].append(entry)
                used += need
            self.styles.height = len(lines)
            text = "\n".join(" ".join(one(*k) for k in line) for line in lines)
            self.update(Content.from_markup(text))
            return
        self.styles.height = 1
        gap = 1         # the blank between two keys; none on a bar that fits only so

        def span(entries: list[tuple], gap: int = 1) -> int:
            return sum(size(k[1], k[2]) for k in entries) + gap * max(0, len(entries) - 1)

        # whole keys only: those that do not fit are left out, not cut, the theme's first; then
        # as many keys as fit, in their whole words where they fit so, else in their shorter
        # ones, else in those with no blank between keys (each key's own padding parts them):
        # at 64x20 the Danish table's bar left out "b Kastebunke", the lobby's "- Færre".
        # Only then the screen's least needed keys (``LEAST_NEEDED``) are left out, then the
        # last, never the way out nor the Keys dialog (F1 lists the keys left out)
        shown = list(keys)
        while span(shown) > width and any(k[0] in SPARE_KEYS for k in shown):
            shown.remove([k for k in shown if k[0] in SPARE_KEYS][-1])
        least = list(getattr(self.screen, "LEAST_NEEDED", ()))

        def shortened(entries: list[tuple]) -> list[tuple]:
            return [(k[0], k[1], self._short.get(k[0], k[2]), k[3]) for k in entries]

        while shown and span(shown) > width:
            if span(shortened(shown)) <= width:
                shown = shortened(shown)
                break
            if span(shortened(shown), 0) <= width:
                shown, gap = shortened(shown), 0
                break
            spare = [k for k in shown if k[0] in SPARE_KEYS]
            needed_least = sorted((k for k in shown if k[0] in least), key=lambda k: least.index(k[0]))
            others = [k for k in shown if k[0] not in KEPT_KEYS]
            shown.remove(spare[-1] if spare else needed_least[0] if needed_least else (others or shown)[-1])
        # the palette before a spare key (the theme's): both are ways on, the palette to every command
        while palette is not None and span(shown) + 1 + size(palette[1], palette[2]) > width and \
                any(k[0] in SPARE_KEYS for k in shown):
            shown.remove([k for k in shown if k[0] in SPARE_KEYS][-1])
        used = span(shown, gap)
        text = (" " * gap).join(one(*k) for k in shown)
        if palette is not None and used + 1 + size(palette[1], palette[2]) <= width:
            pad = width - used - size(palette[1], palette[2])      # at the right end, as Textual's footer
            text += " " * pad + one(*palette)
        self.update(Content.from_markup(text), layout=False)

    def on_resize(self) -> None:
        self._shown = self._drawn = None
        self._render_keys()

    def action_press(self, key: str) -> None:
        self.app.simulate_key(key)


class CardWidget(Static, can_focus=True):
    """One title in your hand: its count, how many are selected, and marks."""

    class Toggled(Message):
        """The card was clicked (select one more copy, or none)."""

        def __init__(self, card: CardWidget) -> None:
            super().__init__()
            self.card = card

    def __init__(self, card: str | None, count: int, marked: int, selected: int, cat: Catalog,
                 index: int) -> None:
        classes = "card " + (cat.kind_class(card) if card else "face-down")
        super().__init__(classes=classes)
        self.index = index
        self.card = card
        self.count = count
        self.marked = marked
        self.selected = selected
        self.cat = cat
        self.set_class(selected > 0, "-selected")

    def on_mount(self) -> None:
        self.border_subtitle = self.foot()

    def show(self, count: int, marked: int, selected: int) -> None:
        """The same title with new counts (kept in place rather than mounted anew)."""
        if (count, marked, selected) == (self.count, self.marked, self.selected):
            return
        self.count, self.marked, self.selected = count, marked, selected
        self.set_class(selected > 0, "-selected")
        self.border_subtitle = self.foot()
        self.refresh()

    def foot(self) -> str:
        """Copies held, marked (face out to everyone) and selected, shown in the bottom border."""
        if self.card is None:
            return ""
        foot = f"×{self.count}" if self.count > 1 else ""
        if self.marked:
            foot += f" ◆{self.marked if self.marked > 1 else ''}"
        if self.selected:
            foot += f" ✓{self.selected}"
        return foot.strip()

    def render(self) -> Text:
        if self.card is None:
            n = self.count
            words = ngettext("{n} face-down card", "{n} face-down cards", n).format(n=n)
            return Text(f"▒▒▒▒▒▒▒▒\n{words}\n" + _("Enter: play one"), justify="center")
        width = max(4, self.content_size.width or 12)
        lines = _wrap(self.cat.title(self.card), width, 3, soft=True)
        return Text("\n".join(lines), style="bold", justify="center")

    def on_click(self, event: Click) -> None:
        self.focus()
        self.post_message(self.Toggled(self))


#: letters that sound as vowels, in English and Danish (a break goes before a consonant and its vowel)
_VOWELS = set("aeiouyæøåéAEIOUYÆØÅÉ")
#: two consonants that start a syllable together: a break goes before them, not between
_ONSETS = {a + b for a in "bdfgkpt" for b in "lr"} | {"sk", "sp", "st", "sl", "sm", "sn", "sv", "kv", "tv"}


def _soft_break(word: str, room: int, width: int) -> int:
    """Where ``word``, longer than ``width``, breaks best with a hyphen after its first ``room``
    letters at most: between syllables (``Skralde-indsamling``, ``Sammen-skudsgilde``,
    ``Zombie-killing``, not ``Sammens-kudsgilde``), the rest on one line where it can be, the
    two parts the most even; 0 when no such place."""
    good = _syllable_breaks(word, room)
    if not good:
        return 0
    whole = [i for i in good if len(word) - i <= width] or good
    return min(whole, key=lambda i: (abs(2 * i - len(word)), -i))


def _syllable_breaks(word: str, room: int) -> list[int]:
    """The places ``word`` may break between syllables with a hyphen, after at most ``room``
    letters, at least three on each side."""
    good = []
    for i in range(3, min(room, len(word) - 3) + 1):
        a, b, c = word[i - 1], word[i], word[i + 1]
        if not (a.isalpha() and b.isalpha() and c.isalpha()):
            continue
        vowel_b, vowel_c = b in _VOWELS, c in _VOWELS
        if a.lower() + b.lower() in _ONSETS:
            continue                        # "sk" of "skuds" stays together
        if (not vowel_b and vowel_c) or (not vowel_b and (b + c).lower() in _ONSETS) \
                or (a.lower() == "e" and vowel_b and not vowel_c):   # "Skralde|ind...": a compound's joint
            good.append(i)
    return good


def _filled(title: str, width: int) -> list[str]:
    """``title`` in lines of ``width`` filled as far as they go, a word broken between
    syllables to fill a line (``Kattenum-``, ``sens for-``, ``bandelse``): for a title that a
    break per word leaves a line too long for its card, before anything is cut."""
    lines: list[str] = []
    line = ""
    for w in title.split():
        while w:
            gap = 1 if line else 0
            if len(line) + gap + len(w) <= width:
                line, w = f"{line} {w}".strip(), ""
                continue
            cuts = _syllable_breaks(w, width - len(line) - gap - 1)
            if cuts:
                lines.append(f"{line} {w[:max(cuts)]}-".strip())
                line, w = "", w[max(cuts):]
            elif line:
                lines.append(line)
                line = ""
            else:       # alone on its line, too long, and no syllable to break at
                cut = max(2, width - 1)
                lines.append(w[:cut] + "-")
                w = w[cut:]
    if line:
        lines.append(line)
    return lines


def _wrap(title: str, width: int, most: int = 2, soft: bool = False) -> list[str]:
    """``title`` in at most ``most`` lines of ``width``; a word too long is broken (``soft``: between
    syllables, where it can), the rest cut with …."""
    words: list[str] = []
    joined: set[int] = set()    # words that go on the next without a space: the first part of a break
    for w in title.split():
        while len(w) > width:
            cut = w.rfind("-", 0, width) + 1
            if cut:
                words.append(w[:cut])
            else:
                cut = (_soft_break(w, width - 1, width) if soft else 0) or max(2, min(width - 1, len(w) - 3))
                words.append(w[:cut] + "-")
                joined.add(len(words) - 1)
            w = w[cut:]
        if w:
            words.append(w)
    lines, line, parts = [], "", []
    for i, w in enumerate(words):
        if line and (len(line) + 1 + len(w) > width or line.endswith("-")):
            lines.append(line)
            parts.append(i)
            line = w
        else:
            line = f"{line} {w}".strip()
    if line:
        lines.append(line)
    if len(lines) > most and soft:
        filled = _filled(title, width)
        if len(filled) <= most:
            return filled
    if len(lines) > most:
        rest = ""
        for i, w in enumerate(words[parts[most - 2] if most > 1 else 0:], parts[most - 2] if most > 1 else 0):
            rest += w[:-1] if i in joined else (w if w.endswith("-") else w + " ")
        lines = lines[:most - 1] + [rest[: width - 1].rstrip() + "…"]
    return lines


def title_width(title: str, lines: int = 3, word: int = 0) -> int:
    """The narrowest width that shows ``title`` whole in ``lines`` lines, no word split (but a
    word longer than a card, which breaks at its hyphen; and with ``word``, one longer than
    that, which breaks between syllables)."""
    longest = max((len(w) for w in title.replace("-", "- ").split()), default=1)
    width = min(longest, word) if word else longest
    while width < len(title) and len(_wrap(title, width, 99, soft=bool(word))) > lines:
        width += 1
    return width


def _hang(words: str, width: int, indent: int = 4) -> list[str]:
    """``words`` wrapped to ``width``, every line indented by ``indent``; a number and the
    word after it, and a short aside in brackets, stay on one line (``gone 5 s (bot in 25`` above
    ``s), owes 2 turns`` read as a typo)."""
    room = max(8, width - indent)
    glued = re.sub(r"(\d) (?=\w)", "\\1\x00", words)      # \x00: a joint no wrap breaks at
    glued = re.sub(r"\([^()]*\)", lambda m: m[0].replace(" ", "\x00") if len(m[0]) < room else m[0], glued)
    return [" " * indent + line.replace("\x00", " ") for line in _wrap(glued, room, 99)]


def glued_lines(words: str, width: int) -> str:
    """``words`` wrapped to ``width`` as :func:`_hang` wraps them (a number with its unit,
    a short aside, on one line), for a panel whose width is known; as they are when not."""
    return "\n".join(_hang(words, width, 0)) if width > 8 else words


def spectators_words(lobby: dict[str, Any]) -> str:
    """``Watching: dan, eve`` (``""`` when nobody watches): on every screen of the table, so
    that nobody is watched unawares."""
    names = [str(n) for n in lobby.get("spectators") or []]
    if not names:
        return ""
    you = lobby.get("spectator")
    if you:
        return _("Watching: {names}  (you among them)").format(names=", ".join(names))
    return _("Watching: {names}").format(names=", ".join(names))


def player_lines(view: dict[str, Any], cat: Catalog, width: int = 28, lobby: dict[str, Any] | None = None,
                 elapsed: float = 0.0, back: frozenset[str] | set[str] = frozenset(),
                 clocks: dict[str, float] | None = None) -> Text:
    """Every player: turn marker, cards held, state on one line; what does not fit, and the
    cards in front of them, on indented lines below.

    With the table's ``lobby`` (``elapsed`` seconds old): each seat's connection (gone for
    how long, a bot playing it; ``back``: seats just back) and the Cone of Shame beside its
    wearer, its arrow the direction of play. ``clocks``: seconds left on the clock running for
    a player (a gone player's bot moves when it ends, if that is sooner than its grace)."""
    out = Text()
    me = view.get("you")
    seats = {s.get("name"): s for s in (lobby or {}).get("seats") or [] if isinstance(s, dict)}
    cone = (lobby or {}).get("cone")
    current = view.get("current")
    waiting = set(view.get("waiting_for") or [])
    turns = view.get("turns", 1)
    for i, p in enumerate(view.get("players", [])):
        name = p["name"]
        status = p.get("status", "living")
        mark = "▶ " if name == current and status == "living" else "  "
        style = "bold reverse" if name == current else ""
        if status == "out":
            style = "dim strike"
        line = Text(mark, style="bold")
        line.append(name + (_(" (you)") if name == me else ""), style=style)
        count = f"  {p.get('hand_count', 0)}▮"
        tags = []
        if name == cone:    # beside the name where it fits, else first under it (not cut in two)
            worn = _("cone {arrow}").format(arrow=CONE.get(view.get("direction", 1), CONE[1]))
            if line.cell_len + 1 + len(worn) + len(count) <= width:
                line.append(f" {worn}", style="bold magenta")
            else:
                tags.append(worn)
        line.append(count, style="bold")
        connection = seat_tag(seats.get(name), elapsed, (clocks or {}).get(name)) if name != me else None
        if connection:
            tags.append(connection)
        elif name in back:
            tags.append(_("back"))
        if name == current and turns and turns > 1 and status == "living":   # the Out lose them (ruling 16)
            tags.append(_("owes {n} turns").format(n=turns))
        if status == "dead":
            tags.append(_("DEAD"))
        elif status == "out":
            tags.append(_("OUT"))
        if p.get("cursed"):
            tags.append(_("cursed: hand face down"))
        elif p.get("hand_rules_failed"):    # face down, but by no curse: a plugin's bug (asked.py)
            tags.append(_("face down: a plugin bug"))
        if name in waiting:
            tags.append(_("choosing…"))
        if tags:
            words = ", ".join(tags)
            if line.cell_len + 2 + len(words) <= width:
                line.append("  " + words, style="italic")
            else:
                line.append("\n" + "\n".join(_hang(words, width)), style="italic")
        # cards lying face up for everyone: Marked cards in the hand, and cards in front
        # (a dead player's kitten, an I'll Take That); "in front" alone read as a riddle.
        # Indented a column less than the tags: at 64 columns "marked: Alter the Future (3x)
        # [NOW]" took three lines ("[NOW]" alone on the last), in Danish too
        before = _("in front of you") if name == me else _("in front of them")
        for label, cards, style in ((_("marked"), p.get("marked"), "bold"),
                                    (before, p.get("in_front"), "dim")):
            if cards:
                _cards_lines(line, f"{label}:", _whole_titles(cards, cat, width), width, style)
        if i:
            out.append("\n")
        out.append_text(line)
    watchers = spectators_words(lobby or {})
    if watchers:
        out.append("\n" + "\n".join(_hang(watchers, width, 2)), style="italic")
    return out


def _whole_titles(cards: list[str], cat: Catalog, width: int) -> str:
    """``cards``' titles, each glued whole (``\x00``: a joint :func:`_hang` does not break at)
    where it fits a line of the players list: "mærket: Se" above "fremtiden (3x)" read as a
    card cut off."""
    room = max(8, width - CARDS_INDENT)
    return ", ".join(t.replace(" ", "\x00") if len(t) + 1 < room else t
                     for t in (cat.title(c) for c in cards))


def _cards_lines(line: Text, label: str, titles: str, width: int, style: str) -> None:
    """``label`` and the ``titles`` after it under a player's ``line``; the label on the
    player's last line instead where that takes fewer lines: at 64x20 a table of bots with
    a marked card each ran below the list's edge, bot3's card under its scroll bar."""
    under = _hang(f"{label} {titles}", width, CARDS_INDENT)
    last = line.plain.rsplit("\n", 1)[-1]
    beside = _hang(titles, width, CARDS_INDENT)
    if len(last) + 2 + len(label) <= width and len(beside) < len(under):
        line.append("  " + label, style=style)
        under = beside
    line.append("\n" + "\n".join(under), style=style)


def pile_text(view: dict[str, Any], cat: Catalog, known: Any, compact: bool = False) -> Text:
    """The piles, one fact a line so that nothing is cut when a title is long. ``compact``
    (a short screen): the odds without their reason and the direction of play beside them,
    so that the log below keeps its newest lines in view (at 64x20 with Imploding in play
    the block filled the column, and the log showed one old line)."""
    count = view.get("draw_pile_count", 0)
    t = Text()
    discard = view.get("discard") or []
    if compact:     # one line where it fits: the count of cards, not the word, and the top card
        t.append(_("Draw pile "), style="bold")
        t.append(str(count))
        t.append(_(" · Discard: "), style="bold")
    else:
        t.append(_("Draw pile "), style="bold")
        t.append(ngettext("{n} card", "{n} cards", count).format(n=count))
        t.append(_(" · Discard ({n}) ").format(n=len(discard)) if discard else _(" · Discard "), style="bold")
    t.append(cat.title(discard[-1]) if discard else _("empty"))
    if view.get("you") is not None:
        odds, why = explode_odds(view, cat, known)
        style = "bold red" if odds >= 0.34 else ("yellow" if odds >= 0.15 else "green")
        # "kills", not "explodes": an Imploding Kitten face up on top read "explodes: 100 %"
        t.append("\n" + _("Next draw kills: "), style="bold")
        t.append(percent(odds), style=style)
        if not compact:
            t.append(f" ({why})", style="dim")
    if compact:     # the players list's arrows say it too: an arrow, on the odds' line
        t.append(" · " if view.get("you") is not None else "\n")
        t.append(_("Play ↓") if view.get("direction", 1) == 1 else _("Play ↑ reversed"), style="bold")
    for fu in view.get("face_up", []):
        depth = int(fu.get("depth", 0))
        where = (_("on top") if depth == 0
                 else ngettext("under {n} card", "under {n} cards", depth).format(n=depth))
        t.append("\n" + _("Face up in the pile: {card}, {where}").format(card=cat.title(fu.get("card")),
                                                                         where=where), style="bold red")
    unplaced = view.get("face_up_unplaced") or []
    if unplaced:    # a shuffle hid where they lie; they show once on top
        t.append("\n" + _("Face up somewhere in the pile: {cards}").format(cards=cat.titles(unplaced)),
                 style="bold red")
    for note in view.get("notes") or []:   # a plugin's notes for this player, in its phrases
        line = event_words(note, cat, view.get("you")) if isinstance(note, dict) else None
        if line:
            t.append(f"\n{line}", style="magenta")
    if compact:
        return t
    t.append("\n" + _("Play goes "), style="bold")
    # the arrows of the players list beside it (the Cone's too): play goes down it, or up; both
    # ways name the list alike, as the Danish do ("ned ad / op ad spillerlisten")
    t.append(_("↓ down the players list") if view.get("direction", 1) == 1
             else _("↑ up the players list (reversed)"))
    return t


class Countdown(Static):
    """A reaction or turn timer counting down from the host's last ``timer`` message."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.kind: str | None = None
        self.seconds = 0.0
        self.started = 0.0
        self.player: str | None = None

    def start(self, kind: str, seconds: float, player: str | None = None) -> None:
        self.kind, self.seconds, self.started, self.player = kind, float(seconds), time.monotonic(), player
        self.refresh()

    def left(self) -> float:
        if self.kind is None:
            return 0.0
        return max(0.0, self.seconds - (time.monotonic() - self.started))
