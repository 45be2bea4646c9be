"""A card choice its player may decline, on screen at 80x24 in English and Danish: the title is
the plugin's prompt, the cards are listed, and the last option is the plugin's own words for
choosing none, highlighted first (it changes nothing). A stranger's Night Owl could only ask
``keep``, and read "Keep Tacocat?" / "Put Tacocat back" (Dig Deeper's words)."""

from __future__ import annotations

import pytest
from third_party.night_watch import PLUGIN, box

from ekpeer import i18n, plugins
from ekpeer.engine import Move, Ruleset
from ekpeer.plugins import choice_said_in, plugin_manager, translated

from .conftest import screen_lines, scripted_app, settle, snapshot_of

TABLE = {"players": ["ann", "bob"], "current": "ann",
         "draw_pile": ["skip", "nope", "tacocat", "cattermelon"],
         "hands": {"ann": ["night_owl", "defuse"], "bob": ["defuse"]}}

WORDS = {
    "en": ("Put which card on top of the draw pile?", "Asked by your own Night Owl.",
           "Leave both at the bottom", "Tacocat", "Cattermelon",
           "Seen at the bottom of the draw pile, the bottom card last: Tacocat, Cattermelon"),
    "da": ("Hvilket kort skal lægges øverst i trækbunken?",
           "Kortet Night Owl, som du selv spillede, beder om det.",
           "Lad begge ligge nederst", "Tacokat", "Kattemelon",
           "Du så nederst i trækbunken, det nederste kort sidst:"),
}


@pytest.fixture
def danish_box(tmp_path, monkeypatch):
    """The box's Danish where a host finds a plugin's (its ``LOCALE_DIR``)."""
    module = box(tmp_path / "locale")
    real = plugins.locale_dir
    monkeypatch.setattr(plugins, "locale_dir",
                        lambda name: tmp_path / "locale" if name == PLUGIN else real(name))
    plugins.card_words.cache_clear()
    yield module
    plugins.card_words.cache_clear()
    i18n.set_language("en")


def _asked(module, lang: str) -> dict:
    """The snapshot a host sends ann in ``lang`` once her Night Owl asks."""
    pm, order = plugin_manager(["base", PLUGIN], extra={PLUGIN: module})
    rules = Ruleset(pm, order)
    game = rules.game_from_table(TABLE)
    game.apply(Move.play("ann", ("night_owl",)))
    game.apply(Move("resolve", "ann"))
    message = snapshot_of(game, rules, "ann", game.events)
    body = dict(message["body"])
    view = dict(body["view"])
    view["choices"] = [choice_said_in(c, rules.plugins, lang) for c in view["choices"]]
    body["view"] = view
    body["catalog"] = translated(body["catalog"], list(rules.plugins), lang)
    return {**message, "body": body}


@pytest.mark.parametrize("lang", ["en", "da"])
async def test_the_dialog_says_the_plugins_words_and_none_is_highlighted_first(danish_box, lang):
    i18n.set_language(lang)
    title, asked_by, none, first, second, _seen = WORDS[lang]
    message = _asked(danish_box, lang)
    app, session = scripted_app([message])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        shown = "\n".join(screen_lines(app))
        assert type(app.screen).__name__ == "CardChoiceScreen"
        for words in (title, asked_by, none, first, second):
            assert words in shown, (words, shown)
        for dig_deeper in ("Keep", "Behold", "Put Tacocat back"):
            assert dig_deeper not in shown
        await pilot.press("enter")
        await settle(pilot)
        assert [m for kind, m in session.sent if kind == "move"] == [{"do": "choose", "card": "none"}]


@pytest.mark.parametrize("lang", ["en", "da"])
async def test_a_card_is_chosen_from_the_list_above_none(danish_box, lang):
    i18n.set_language(lang)
    app, session = scripted_app([_asked(danish_box, lang)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("up", "up", "enter")
        await settle(pilot)
        assert [m for kind, m in session.sent if kind == "move"] == [{"do": "choose", "card": "tacocat"}]
