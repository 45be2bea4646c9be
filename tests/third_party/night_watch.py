"""A test-only box written the way a third-party plugin is (public names only), with a card
choice its player may decline and an event whose player may aim it at themselves.

Night Owl: look at the bottom 2 cards of the draw pile; you may put one of them on top (a
card choice with a "none" option worded by the box). Coffee Break: a NOW card, the next
player skips drawing once; played by that next player, it is a break they give themselves.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from ekpeer.engine import Action, CardSpec, DeckSpec, Game, Reason

PLUGIN = "night_watch"

DANISH = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"
"Language: da\\n"

msgid "put which card on top of the draw pile?"
msgstr "hvilket kort skal lægges øverst i trækbunken?"

msgid "leave both at the bottom"
msgstr "lad begge ligge nederst"

msgid "{By} {by:give} {target:self} a coffee break"
msgstr "{By} giver {target:self} en kaffepause"
'''


def night_owl(game: Game, action: Action) -> None:
    by, pile = action.by, game.draw_pile
    k = min(2, len(pile))
    if not k:
        return
    bottom = pile.top_first()[-k:]
    game.show(by, bottom, source="night_owl", place="bottom")

    def put_on_top(card: str) -> None:
        if card == "none":
            game.emit("night_owl_kept", None, by=by)
            return
        top = pile.top_first()
        depth = max(d for d in range(len(top) - k, len(top)) if top[d] == card)
        knowers = pile.knowers_at(depth)
        pile.remove_at(depth)
        pile.insert(0, card, known_to=knowers, place_known=True)
        game.emit("night_owl_moved", None, by=by)

    game.ask(by, "card", list(dict.fromkeys(bottom)), put_on_top,
             prompt=Reason("put which card on top of the draw pile?"), source="night_owl",
             none=Reason("leave both at the bottom"))


def coffee_break(game: Game, action: Action) -> None:
    game.emit("coffee_break", None, by=action.by, target=game.next_player(game.current))


def box(locale: Path | None = None) -> ModuleType:
    """The box as a module; ``locale``: a folder to keep its Danish in (made there)."""
    module = ModuleType(PLUGIN)
    module.REQUIRES = ["base"]
    module.DECKS = [DeckSpec("night_watch", "Night Watch")]
    module.CARDS = [
        CardSpec("night_owl", "Night Owl", "Look at the bottom 2 cards of the draw pile. You may put "
                 "one of them on top.", counts={"night_watch": 4}, effect=night_owl,
                 traits=frozenset({"peeks", "reorders"}), bot_value=50,
                 phrases={"night_owl_moved": "{By} {by:move} a card from the bottom to the top",
                          "night_owl_kept": "{By} {by:leave} the bottom as it was"}),
        CardSpec("coffee_break", "Coffee Break", "The next player skips drawing once.", kind="now",
                 now=True, counts={"night_watch": 2}, effect=coffee_break,
                 phrases={"coffee_break": "{By} {by:give} {target:self} a coffee break"}),
    ]
    if locale is not None:
        folder = locale / "da" / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{PLUGIN}.po").write_text(DANISH, encoding="utf-8")
        module.LOCALE_DIR = str(locale)
    return module
