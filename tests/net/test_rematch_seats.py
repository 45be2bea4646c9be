"""A LAN evening (ann hosting, bob and cat joined, 4 seats): cat left mid-game and a bot
played cat's seat to the end. The game-over said "cat wins!" of a game the bot won, and the
rematch, dealt at once, dropped cat's seat and filled the table up at its end, so ``bot1`` sat
in cat's place and no line said why. Now the host says which winners' seats a bot played
(``won_by_bot``), seats a new table bot where cat sat (the bots already seated keep their
names and places) and says so in every lobby (``replaced``)."""

from __future__ import annotations

from ekpeer.net.host import Session

from .conftest import FAST, socketless_host


def _evening(seed: int):
    """ann, bob and cat at a 4-seat table (``bot1`` fills the fourth), the game on."""
    host = socketless_host(seed=seed)
    table = host.add_table("t", {**FAST, "seats": 4})
    people = {name: Session(bytes([i]), last_seen=0, tokens=100, stamp=0)
              for i, name in enumerate(("ann", "bob", "cat"))}
    for name, session in people.items():
        table.join(session, name, None, False)
        table.set_ready(session, True)
    table.request_start(people["ann"])
    assert [s.name for s in table.seats] == ["ann", "bob", "cat", "bot1"]
    return table, people


def _play_out(table) -> None:
    """Every seat's first legal move (a draw where it may) until the game ends."""
    game = table.game
    for _ in range(5000):
        if game.over:
            return
        if game.stack and not game.awaiting:
            table.on_reaction_timeout(table.gen)
            continue
        who = game.waiting_for()[0] if game.awaiting else game.current
        moves = game.legal_moves(who)
        assert table.apply(table.seat(who), next((m for m in moves if m.do == "draw"), moves[0])) is None
    raise AssertionError("the game did not end")


def _stop(table) -> None:
    table.cancel_seat_timers()
    table.cancel_all()


async def test_the_bot_that_won_in_the_seat_of_one_who_left_is_said_and_the_rematch_says_who_sits_where():
    table, people = _evening(seed=SEED_CAT_WINS)
    try:
        table.leave(people["cat"])
        _play_out(table)
        assert table.game.winners == ["cat"]
        lobby = table.lobby_body(people["ann"])
        assert lobby["won_by_bot"] == {"cat": "left"}       # a bot won it, in cat's seat
        for name in ("ann", "bob"):
            table.request_rematch(people[name])
        assert table.phase == "playing" and table.games == 2
        # bot1 keeps its name and place; a new bot sits where cat sat
        assert [s.name for s in table.seats] == ["ann", "bob", "bot2", "bot1"]
        lobby = table.lobby_body(people["bob"])
        assert lobby["replaced"] == [{"seat": "bot2", "instead_of": "cat", "why": "left"}]
        assert lobby["won_by_bot"] == {}
    finally:
        _stop(table)


async def test_a_winner_who_played_to_the_end_is_no_bots_win():
    table, people = _evening(seed=SEED_CAT_WINS)
    try:
        _play_out(table)
        assert table.game.winners == ["cat"]
        assert table.lobby_body(people["ann"])["won_by_bot"] == {}
        for name in ("ann", "bob", "cat"):
            table.request_rematch(people[name])
        assert [s.name for s in table.seats] == ["ann", "bob", "cat", "bot1"]
        assert table.lobby_body(people["ann"])["replaced"] == []
    finally:
        _stop(table)


SEED_CAT_WINS = 4     # its deal and first-move play end with cat the winner


async def test_a_watcher_who_takes_a_bots_seat_is_said_and_no_bot_name_moves_to_another_seat():
    """cat left; dan, watching, took a seat for the next game (t). The rematch seated ann, bob,
    bot1 and dan, every log saying "cat left: bot1 takes their seat": bot1 had moved into
    cat's seat and dan into bot1's, unsaid. Now a new bot sits where cat sat, and dan's
    taking bot1's seat is said too."""
    table, people = _evening(seed=SEED_CAT_WINS)
    try:
        dan = Session(bytes([9]), last_seen=0, tokens=100, stamp=0)
        table.join(dan, "dan", None, True)          # watching the game
        table.leave(people["cat"])
        _play_out(table)
        table.join(dan, "dan", None, False)         # t: a seat for the next game
        for session in (people["ann"], people["bob"], dan):
            table.request_rematch(session)
        assert table.phase == "playing" and table.games == 2
        assert [s.name for s in table.seats] == ["ann", "bob", "bot2", "dan"]
        assert table.lobby_body(people["bob"])["replaced"] == [
            {"seat": "bot2", "instead_of": "cat", "why": "left"},
            {"seat": "dan", "instead_of": "bot1", "why": "sat"}]
    finally:
        _stop(table)
