"""What the expansions need on the table: the Dead, face-up kittens, Clairvoyance, Marked
cards, cursed hands, I'll Take That, cards put into the draw pile, and ten players at 80x24."""

from __future__ import annotations

import pytest

from ekpeer.engine import Move, player_view
from ekpeer.engine.view import visible_events

from .conftest import rigged, scripted_app, settle, snapshot_of, until

TEN = ["ann", "bob", "cat", "dan", "eve", "fox", "gil", "hal", "ivy", "joe"]


def _ten():
    game, rules, events = rigged({
        "expansions": ["base", "zombie", "imploding", "streaking", "party"], "players": TEN,
        "draw_pile": ["skip", "tacocat", "imploding_kitten:up", "nope", "exploding_kitten"],
        "dead": ["dan"], "marked": {"bob": ["tacocat"], "ann": ["nope"]}, "cursed": ["cat"],
        "current": "cat", "hands": {n: ["skip", "tacocat", "nope"] for n in TEN}})
    game.in_front["fox"].append("ill_take_that")
    return game, rules, events


async def test_ten_players_with_the_expansions_read_at_80x24():
    game, rules, events = _ten()
    app, _ = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        players = str(app.screen.query_one("#players").content)
        assert all(n in players for n in TEN)
        assert "dan  3▮  DEAD" in players and "marked: Tacocat" in players   # face out to everyone
        assert "cursed" in players and "in front of them: I'll Take That" in players.replace("\n   ", " ")
        assert "Imploding Kitten, under 2 cards" in str(app.screen.query_one("#piles").content)
        foot = {c.card: c.foot() for c in app.screen.query("CardWidget")}
        assert "◆" in foot["nope"]          # your own Marked card


async def test_a_cursed_hand_is_face_down():
    game, rules, events = _ten()
    app, _ = scripted_app([snapshot_of(game, rules, "cat", events)], name="cat")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert [c.card for c in app.screen.query("CardWidget")] == [None]
        assert "cursed" in str(app.screen.query_one("#status").content)


async def test_clairvoyance_is_offered_while_another_player_puts_kittens_back_and_shows_what_it_saw():
    game, rules, events = rigged(
        {"expansions": ["base", "zombie"], "players": ["ann", "bob", "cat"],
         "draw_pile": ["exploding_kitten", "skip", "tacocat", "nope"],
         "hands": {"ann": ["zombie_kitten"], "bob": ["clairvoyance", "skip"], "cat": ["clairvoyance"]}},
        [{"do": "draw", "by": "ann"}, {"do": "choose", "by": "ann", "use": "zombie_kitten"}])
    app, session = scripted_app([snapshot_of(game, rules, "bob", events)], name="bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "w: Clairvoyance" in str(app.screen.query_one("#status").content)
        await pilot.press("w")
        await settle(pilot)
        assert session.sent[-1] == ("move", {"do": "play", "by": "bob", "cards": ["clairvoyance"]})
        game.apply(Move.from_dict(session.sent[-1][1]))
        before = len(game.events)
        game.apply(Move("choose", "ann", position=1))
        session.push("update", {"view": player_view(game, "bob"),
                                "events": visible_events(game.events[before:], "bob")})
        await settle(pilot)
        piles = str(app.screen.query_one("#piles").content)
        assert "Clairvoyance: ann put Exploding Kitten back 2nd from the top" in piles
        assert any("you saw ann put Exploding Kitten back 2nd" in line for line in app.log_lines)
        assert not any(line.startswith("You put") for line in app.log_lines)


async def test_the_revive_choice_names_the_dead():
    game, rules, events = rigged(
        {"expansions": ["base", "zombie"], "players": ["ann", "bob", "cat"], "dead": ["bob"],
         "draw_pile": ["exploding_kitten", "skip", "tacocat"],
         "hands": {"ann": ["zombie_kitten"], "cat": ["skip"]}},
        [{"do": "draw", "by": "ann"}, {"do": "choose", "by": "ann", "use": "zombie_kitten"}])
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.title_text == "Who comes back to life?"
        await pilot.press("enter")
        await settle(pilot)
        assert session.sent[-1] == ("move", {"do": "choose", "player": "bob"})


async def test_a_dead_player_reads_that_they_are_dead_and_why_d_draws_nothing():
    """A tester, Dead, read it once in a toast, then only a DEAD tag by their name; d did
    nothing, silently. The table says it for as long as it lasts, and d says why."""
    game, rules, events = rigged(
        {"expansions": ["base", "zombie"], "players": ["ann", "bob", "cat"], "dead": ["ann"],
         "draw_pile": ["skip", "tacocat", "nope"], "current": "bob",
         "hands": {"ann": ["tacocat"], "bob": ["skip"], "cat": ["skip"]}})
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "You are Dead: you take no turns" in str(app.screen.query_one("#status").content)
        assert "ann, Dead" in str(app.screen.query_one("#topbar").content)
        await pilot.press("d")
        await until(pilot, lambda: list(app._notifications), 3, "why d draws nothing")
        said = [str(n.message) for n in app._notifications]
        assert said and said[-1].startswith("You are Dead: you take no turns, so you draw no cards.")
        assert not session.sent


async def test_a_card_its_plugin_refuses_now_says_the_plugin_s_reason():
    """A tester pressed Enter on Grave Robber with nobody Dead and read only "not a move you
    can make now": the card's own reason (its plugin's words, in the view) is said."""
    game, rules, events = rigged(
        {"expansions": ["base", "zombie"], "players": ["ann", "bob", "cat"], "current": "ann",
         "draw_pile": ["skip", "tacocat", "nope"],
         "hands": {"ann": ["grave_robber", "skip"], "bob": ["skip"], "cat": ["skip"]}})
    view = player_view(game, "ann")
    assert view["cannot_play"] == {"grave_robber": "there are no Dead players"}
    assert not player_view(game, "bob")["cannot_play"]      # not bob's turn, and not his card
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert [c.card for c in app.screen.query("CardWidget")][0] == "grave_robber"
        await pilot.press("enter")
        await until(pilot, lambda: list(app._notifications), 3, "the card's reason")
        said = [str(n.message) for n in app._notifications]
        assert said == ["Grave Robber: there are no Dead players (m lists every move you can)."], said
        assert not session.sent


async def test_a_dead_player_on_a_phone_reads_it_on_one_line():
    game, rules, events = rigged(
        {"expansions": ["base", "zombie"], "players": ["ann", "bob", "cat"], "dead": ["ann"],
         "draw_pile": ["skip", "tacocat", "nope"], "current": "bob",
         "hands": {"ann": ["tacocat"], "bob": ["skip"], "cat": ["skip"]}})
    app, _session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(40, 24)) as pilot:
        await settle(pilot)
        from textual.geometry import Region

        status = app.screen.query_one("#status")
        shown = [strip.text.strip() for strip in status.render_lines(Region(0, 0, *status.size))]
        assert shown[0].startswith("You are Dead") and shown[0].endswith("bob’s turn"), shown


async def test_the_game_over_dialog_comes_without_the_toast_that_you_may_come_back():
    """"You are Dead: you keep your hand, and may be brought back to life." still stood
    beside the Game over dialog: the game's end clears what was said of the game before."""
    from ekpeer.tui.screens.game_over import GameOverScreen

    game, rules, events = rigged(
        {"expansions": ["base", "zombie"], "players": ["ann", "bob", "cat"],
         "draw_pile": ["exploding_kitten", "skip", "tacocat"],
         "hands": {"ann": ["tacocat"], "bob": ["skip"], "cat": ["skip"]}})
    app, session = scripted_app([snapshot_of(game, rules, "ann", events)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game.apply(Move("draw", "ann"))
        session.push("update", {"view": player_view(game, "ann"),
                                "events": visible_events(game.events, "ann")})
        await until(pilot, lambda: list(app._notifications), 3, "the word that you are Dead")
        assert str(list(app._notifications)[-1].message).startswith("You are Dead")
        view = dict(player_view(game, "ann"), winner="bob", winners=["bob"])
        session.push("update", {"view": view, "events": []})
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), 3, "the game's end")
        await settle(pilot)
        assert not list(app._notifications)


#: Cards that have players put a card of their hand into the draw pile: (boxes, what the one
#: who put Tacocat in reads, what they read before, what another player reads).
PUT_IN = {
    "potluck": (["base", "party"], "You put Tacocat on the draw pile", "You put a card on the draw pile",
                "bob puts a card on the draw pile"),
    "garbage_collection": (["base", "streaking"], "You put Tacocat into the draw pile",
                           "You put a card into the draw pile", "bob puts a card into the draw pile"),
    "grave_robber": (["base", "zombie"], "You give up Tacocat to the draw pile",
                     "You give up a card to the draw pile", "bob gives up a card to the draw pile"),
}


@pytest.mark.parametrize("card", sorted(PUT_IN))
async def test_the_card_you_put_into_the_draw_pile_is_named_in_your_log_alone(card):
    """"You put a card into the draw pile": bob chose it, and reading back could not remember
    which. His log names it, once; the others' still say only that a card went in."""
    boxes, mine, unnamed, theirs = PUT_IN[card]
    table = {"expansions": boxes, "players": ["ann", "bob", "cat"], "current": "ann",
             "draw_pile": ["skip", "attack", "favor"],
             "hands": {"ann": [card, "skip"], "bob": ["tacocat", "beard_cat"], "cat": ["nope"]}}
    if card == "grave_robber":
        table["dead"] = ["bob"]
    game, rules, events = rigged(table, [{"do": "play", "by": "ann", "cards": [card]}, {"do": "resolve"}])
    while game.awaiting:
        who = game.awaiting[0].player
        events += game.apply(Move("choose", who, card="tacocat" if who == "bob" else game.hands[who][0]))
    for reader, said, unsaid in (("bob", mine, unnamed), ("ann", theirs, "Tacocat")):
        app, _ = scripted_app([snapshot_of(game, rules, reader, events)], name=reader)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, 6)
            assert app.log_lines.count(said) == 1, (reader, app.log_lines)
            assert not any(unsaid in line for line in app.log_lines), (reader, app.log_lines)


async def test_a_cursed_hand_giving_a_card_hears_that_it_gave_one_not_which():
    """A Favor took a random card from bob's cursed hand and his log named it: the curse
    forbids him to see his cards (ruling 11). He reads that a card went; ann reads which; an
    uncursed giver reads his card once, as before."""
    from .conftest import rigged, scripted_app, settle, snapshot_of

    def favor(cursed: list[str]):
        table = {"expansions": ["base", "streaking"], "players": ["ann", "bob"], "current": "ann",
                 "draw_pile": ["skip", "attack"], "cursed": cursed,
                 "hands": {"ann": ["favor", "skip"], "bob": ["tacocat"]}}
        moves = [{"do": "play", "by": "ann", "cards": ["favor"], "target": "bob"}, {"do": "resolve"}]
        if not cursed:
            moves.append({"do": "choose", "by": "bob", "card": "tacocat"})
        return rigged(table, moves)

    async def log_of(who: str, cursed: list[str]) -> list[str]:
        game, rules, events = favor(cursed)
        app, _session = scripted_app([snapshot_of(game, rules, who, events)], name=who)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, 6)
            return list(app.log_lines)

    bob = await log_of("bob", ["bob"])
    assert "You give ann a card" in bob and not any("Tacocat" in line for line in bob), bob
    assert "bob gives you Tacocat" in await log_of("ann", ["bob"])
    bob = await log_of("bob", [])
    assert [line for line in bob if line.startswith("You give ann")] == ["You give ann Tacocat"], bob


async def test_a_hand_face_down_because_a_plugin_failed_is_not_called_cursed():
    """A failing ``ekpeer_hand_hidden`` lays hands face down (engine/asked.py): ann's screen
    said "cursed: enter plays a random card", and Enter "A cursed hand plays only on your own
    turn", of a curse nobody cast. It says the hand lies face down because a plugin failed."""
    game, rules, events = rigged({"players": ["ann", "bob"], "current": "ann", "draw_pile": ["tacocat"] * 4,
                                  "hands": {"ann": ["skip", "tacocat"], "bob": ["skip"]}})
    snapshot = snapshot_of(game, rules, "ann", events)
    view = snapshot["body"]["view"]       # as the host sends it past the failing hook
    view["hand"], view["cannot_play"] = [], {}
    view["legal_moves"] = [m for m in view["legal_moves"] if not m.get("cards")]
    for seat in view["players"]:
        seat["hand_rules_failed"] = True
    app, session = scripted_app([snapshot])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        status = str(app.screen.query_one("#status").content)
        assert "your hand lies face down (a plugin's rules failed)" in status and "cursed" not in status
        players = " ".join(str(app.screen.query_one("#players").content).split())
        assert players.count("face down: a plugin bug") == 2 and "cursed" not in players
        await pilot.press("enter")
        await settle(pilot)
        said = [str(n.message) for n in app._notifications]
        assert said == ["Your hand lies face down because a plugin's rules failed on the host, not by a "
                        "curse: you may draw."]
        assert not [m for _, m in session.sent if m.get("do") == "play"]
