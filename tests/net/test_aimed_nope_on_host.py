"""A Nope sent against what its player saw, after the stack changed: the host refuses it as
``too_late`` in the player's own language, and nothing changes (engine/aimed.py)."""

from __future__ import annotations

from ekpeer.net.client import Client

from .conftest import wait_for
from .test_timeouts import closing, seated, swap_in


async def test_a_nope_after_someone_else_noped_first_is_refused_in_words(host, ctx):
    clients = await seated(host, ctx, ["ann", "bob", "carl"], "a1",
                           {"expansions": ["base"], "seats": 3, "reaction_seconds": 30.0,
                            "turn_seconds": 60.0, "grace_seconds": 30.0})
    ann, bob, carl = clients
    dane = Client(host.address, "bob", ctx=ctx, ping_seconds=0.3, lang="da")
    try:
        game = host.tables["a1"].game
        assert game.current == "ann"
        swap_in(game, "ann", "shuffle")
        swap_in(game, "bob", "nope")
        swap_in(game, "carl", "nope")
        await ann.move({"do": "play", "cards": ["shuffle"]})
        await wait_for(lambda: game.stack, 3, what="the Shuffle's window")
        seen = {"action": game.stack[-1].serial, "nopes": 0}     # what bob's screen shows
        await carl.move({"do": "play", "cards": ["nope"], "answers": seen})
        assert game.stack[-1].nopes == 1
        late = await bob.move({"do": "play", "cards": ["nope"], "answers": seen}, check=False)
        assert late["ok"] is False and late["code"] == "too_late", late
        assert late["message"] == ("Too late: carl already Noped ann's Shuffle, and your Nope would undo "
                                   "theirs. Nope again if you mean that")
        assert game.stack[-1].nopes == 1 and "nope" in game.hands["bob"]     # nothing changed
        await dane.connect()        # bob's seat again, in Danish
        await dane.join("a1")
        late = await dane.move({"do": "play", "cards": ["nope"], "answers": seen}, check=False)
        assert late["code"] == "too_late", late
        assert late["message"].startswith("For sent: carl har allerede nikset anns Bland"), late
    finally:
        await closing([ann, bob, carl, dane])


def test_a_nope_refused_for_what_it_answered_keeps_its_words_just_after_a_window_closed():
    """Its words say more than "the Nope window had closed" (late_moves.py): they are kept."""
    from ekpeer.engine import IllegalMove
    from ekpeer.net.late_moves import RanOut, late_refusal

    aimed = IllegalMove("too_late", "Too late: {player}'s {card} was already resolved", player="ann",
                        card="Shuffle")
    assert late_refusal(RanOut("reaction", 100.0), "bob", aimed, True, 100.5) is aimed
