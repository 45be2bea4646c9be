"""Playback of a saved game, step by step: the table after each move, hands hidden or all shown."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import _
from ...name_lists import names_and
from ..replay_words import failure_words, move_words, pile_words
from ..seat_words import bot_won_words, winner_name
from ..widgets import KeyBar
from ..words import Catalog, event_words, stopped_words


class ReplayScreen(Screen):
    """``→``/``←`` step, ``home``/``end`` jump, ``h`` shows every hand (and the draw pile)."""

    DEFAULT_CSS = """
    ReplayScreen #replay-title { height: auto; background: $panel; padding: 0 1; }
    ReplayScreen #replay-main { height: 1fr; }
    ReplayScreen #replay-players { width: 1fr; padding: 0 1; }
    ReplayScreen #replay-side { width: 1fr; padding: 0 1; }
    ReplayScreen #replay-step { height: auto; padding: 0 0 1 0; }
    ReplayScreen #replay-log { height: 1fr; }
    """
    # The footer names one key per action, the keys the README names; the others stay hidden.
    # The arrows, home and end come first (priority): the scrolling log would otherwise take
    # them, and the footer would show its hidden bindings in their place.
    BINDINGS = [
        Binding("right", "step(1)", "Next", key_display="→", priority=True),
        Binding("left", "step(-1)", "Previous", key_display="←", priority=True),
        Binding("home", "jump('start')", "Start", priority=True),
        Binding("end", "jump('end')", "End", priority=True),
        Binding("h", "toggle_hands", "Every hand"),
        Binding("q", "quit", "Quit"),
        Binding("n,space", "step(1)", "Next", show=False),
        Binding("p,backspace", "step(-1)", "Previous", show=False),
        Binding("g", "jump('start')", "Start", show=False),
        Binding("G", "jump('end')", "End", show=False),
        Binding("escape", "quit", "Quit", show=False),
    ]

    def __init__(self, playback: Any, show_hands: bool = False) -> None:
        super().__init__(id="replay")
        self.playback = playback
        self.catalog = Catalog(playback.catalog)
        self.index = 0
        self.show_hands = show_hands

    def compose(self) -> ComposeResult:
        yield Static("", id="replay-title")
        with Horizontal(id="replay-main"):
            yield Static("", id="replay-players")
            with Vertical(id="replay-side"):
                yield Static("", id="replay-step")
                with VerticalScroll(id="replay-log"):
                    yield Static("", id="replay-events")
        yield KeyBar()

    def on_mount(self) -> None:
        self.render_step()

    # ------------------------------------------------------------------ actions
    def action_step(self, delta: int) -> None:
        self.index = max(0, min(self.playback.last, self.index + delta))
        self.render_step()

    def action_jump(self, where: str) -> None:
        self.index = 0 if where == "start" else self.playback.last
        self.render_step()

    def action_toggle_hands(self) -> None:
        self.show_hands = not self.show_hands
        self.render_step()

    def action_quit(self) -> None:
        self.app.exit()

    # ------------------------------------------------------------------ drawing
    @property
    def frame(self) -> Any:
        return self.playback.frames[self.index]

    def render_step(self) -> None:
        data, frame, cat = self.playback.data, self.frame, self.catalog
        title = Text()
        title.append(_(" ekpeer replay "), style="bold reverse")
        title.append(f"  {data.get('title') or data.get('table') or _('game')} · {data.get('saved_at', '')}")
        title.append(_("  · step {n}/{last}").format(n=self.index, last=self.playback.last), style="bold")
        title.append(_("  · every hand shown") if self.show_hands else _("  · hands hidden"), style="italic")
        winners = data.get("winners") or ([data["winner"]] if data.get("winner") else [])
        bots = self.playback.won_by_bot
        if winners:
            named = [winner_name(str(w), None, bots) for w in winners]
            title.append(_("  · winner {player}").format(player=named[0]) if len(winners) == 1
                         else _("  · shared win: {players}").format(players=", ".join(named)))
        elif self.playback.stopped is not None:
            title.append(_("  · no winner: the host stopped the game"))
        self.query_one("#replay-title", Static).update(title)
        self.query_one("#replay-players", Static).update(self.players_text())
        step = Text(self.words_for(self.index) + "\n", style="bold")
        events = frame.events if self.show_hands else frame.public
        for e in events:
            line = event_words(e, cat, None, won_by_bot=self.playback.won_by_bot)
            if line:
                step.append(f"  {line}\n")
        for failure in frame.failed:        # a plugin's bug the host went on past, met here
            step.append(f"  {failure_words(failure, cat)}\n", style="bold red")
        self.query_one("#replay-step", Static).update(step)
        self.query_one("#replay-events", Static).update(self.log_text())
        # the newest move is the last line: keep it in sight (at step 40 a stranger read
        # moves 1-16, the top of a list the log had not scrolled)
        log = self.query_one("#replay-log", VerticalScroll)
        self.call_after_refresh(log.scroll_end, animate=False)

    def words_for(self, index: int) -> str:
        """Move ``index`` in words, read against the frames either side of it."""
        frames = self.playback.frames
        before = frames[index - 1] if index > 0 else None
        return move_words(frames[index].move, self.catalog, before, frames[index], self.show_hands)

    def players_text(self) -> Text:
        frame, cat = self.frame, self.catalog
        view = frame.view
        text = Text()
        for p in view.get("players", []):
            name = p["name"]
            over = view.get("winner") or view.get("winners")
            mark = "▶ " if name == view.get("current") and not over else "  "
            style = "bold" if mark.strip() else ""
            if p.get("status") == "out":
                style = "dim strike"
            text.append(f"{mark}{name}", style=style)
            status = _(p["status"]) if p.get("status") else p.get("status")
            held = _("{status} · {n} cards").format(status=status, n=p.get("hand_count", 0))
            text.append(f"  {held}\n", style="dim")
            if self.show_hands:
                hand = frame.hands.get(name, [])
                text.append("    " + (cat.titles(hand) if hand else _("(no cards)")) + "\n")
            for label, key in ((_("in front"), "in_front"), (_("marked"), "marked")):
                if p.get(key):
                    text.append(f"    {label}: {cat.titles(p[key])}\n", style="italic")
        text.append("\n" + _("Draw pile: {n} cards").format(n=view.get("draw_pile_count", 0)))
        if self.show_hands and frame.draw_pile:
            text.append(f"\n  {pile_words(frame.draw_pile, cat)}")
        discard = view.get("discard") or []
        top_card = cat.title(discard[-1]) if discard else _("empty")
        text.append("\n" + _("Discard: {card} ({n})").format(card=top_card, n=len(discard)))
        if view.get("stack"):
            text.append("\n" + _("Waiting to resolve: {n} action(s)").format(n=len(view["stack"])))
        winners = view.get("winners") or ([view["winner"]] if view.get("winner") else [])
        bots = self.playback.won_by_bot
        if len(winners) == 1 and winners[0] in bots:    # cat had left: the bot in their seat won
            text.append("\n\n" + bot_won_words(winners[0], None, bots[winners[0]]), style="bold green")
        elif len(winners) == 1:
            text.append("\n\n" + _("{player} wins!").format(player=winners[0]), style="bold green")
        elif winners:
            named = names_and(winner_name(w, None, bots) for w in winners)
            text.append("\n\n" + _("{players} share the win!").format(players=named), style="bold green")
        elif self.playback.stopped is not None and self.index == self.playback.last:
            text.append("\n\n" + stopped_words(self.playback.stopped, None), style="bold red")
        return text

    def log_text(self) -> Text:
        """The moves so far, newest last (the last 40)."""
        text = Text(_("Moves so far") + "\n", style="bold underline")
        start = max(1, self.index - 39)
        for frame in self.playback.frames[start:self.index + 1]:
            text.append(f"{frame.index:>4}. {self.words_for(frame.index)}\n",
                        style="bold" if frame.index == self.index else "")
        return text


class ReplayApp(App):
    """``ekpeer replay FILE``: one replay screen."""

    CSS_PATH = "../ekpeer.tcss"
    TITLE = "ekpeer replay"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(self, playback: Any, show_hands: bool = False) -> None:
        super().__init__()
        self.playback = playback
        self.show_hands = show_hands

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.playback, self.show_hands))
