"""The game on a real (if small) LAN: every machine its own network stack, faults from outside.

Each test builds a lab (``scripts/_lanlab.py``): a host machine and player machines, each a
network namespace on one bridge, and runs the real commands in them: ``ekpeer host
--headless``, ``ekpeer bot``, ``ekpeer list``, and a scripted person
(``scripts/_lanlab_player.py``) that reports what it saw as JSON lines. Skipped, with the
reason, where the lab cannot run (it needs root and ``ip``).
"""

from __future__ import annotations

import json
import time

from _lanlab import HOST_IP, PORT, SIDE_SUBNET, ekpeer_argv, rehost, write_config

from ekpeer.net import security
from ekpeer.net.table import SNAPSHOT_EVENTS

from .conftest import find_run, finished_game, in_order, norm, seat_states, seen_by

LAN_ADDRESS = f"tcp://{HOST_IP}:{PORT}"


def _done(proc) -> bool:
    return bool(proc.events("done") or proc.events("error")) or not proc.alive()


def _updates(proc, after: float = 0.0, before: float = float("inf")) -> list:
    """The events ``proc`` got in updates between two wall-clock times, in order."""
    out: list = []
    for r in proc.records():
        if r.get("event") == "update" and after <= r["t"] < before:
            out += r["events"]
    return norm(out)


def test_discovery_across_the_bridge_finds_the_host_on_its_lan_address(make_lab):
    lab = make_lab(["ann", "bob"])
    cfg = write_config(lab.dir / "lab.toml")
    host = lab.host([cfg])            # bound to 0.0.0.0: it advertises each address it has
    lab.address(host)
    lab.wait_for(host, lambda: host.events("advertised"), 20, "the host to advertise its table")

    listed = lab.run("bob", [*ekpeer_argv(), "list", "--json", "--timeout", "3"], timeout=40)
    rows = [json.loads(line) for line in listed.stdout.splitlines() if line.startswith("{")]
    assert rows, f"ekpeer list on bob's machine found nothing: {listed.stderr}"
    (row,) = [r for r in rows if r["table"] == "lab"]
    # the host's real LAN address, not loopback and not its other link (bob cannot reach that)
    assert row["endpoint"] == LAN_ADDRESS, row
    assert {HOST_IP, f"{SIDE_SUBNET}.1"} <= set(row["addresses"]), row["addresses"]
    assert row["key"] and security.split_address(row["address"]) == (LAN_ADDRESS, row["key"].encode())

    # joining from the list works: bob's bot with the address bob's list printed, ann from her own
    bot = lab.bot("bob", row["address"], "robo", table="lab", proc_name="robo")
    lab.wait_for(bot, lambda: bot.events("joined"), 30, "bob's bot to join by the listed address")
    ann = lab.player("ann", ["--discover", "--name", "ann", "--table", "lab", "--start"])
    lab.wait_for(ann, lambda: _done(ann), 60, "ann's game to end")
    (found,) = ann.events("found")
    (mine,) = [t for t in found["tables"] if t["table"] == "lab"]
    assert mine["endpoint"] == LAN_ADDRESS
    assert ann.events("joined") and ann.events("game_over"), lab.tails()
    lab.wait_for(bot, lambda: bot.events("game_over"), 30, "bob's bot to see the game end")
    assert not host.events("handler_error")


def test_a_full_game_with_every_client_in_its_own_namespace(make_lab):
    """One person and two ``ekpeer bot``s, each its own machine; one bot behind a slow link
    (latency relay or netem), the other killed (``kill -9``) mid-game and started again."""
    lab = make_lab(["ann", "robo", "bobo"])
    cfg = write_config(lab.dir / "lab.toml")
    host = lab.host([cfg])
    address = lab.address(host)
    slow = rehost(address, lab.latency("bobo", 15))
    think = ["--think", "0.01:0.03"]
    robo = lab.bot("robo", address, "robo", table="lab", extra=think)
    bobo = lab.bot("bobo", slow, "bobo", table="lab", extra=think)
    for b in (robo, bobo):
        lab.wait_for(b, lambda b=b: b.events("joined"), 30, f"{b.name} to join")
    ann = lab.player("ann", ["--address", address, "--name", "ann", "--table", "lab", *think])
    lab.wait_for(ann, lambda: len(ann.events("update")) >= 6 or _done(ann), 30, "the game to be under way")
    assert not _done(ann), "the game ended before robo could be killed"
    token = robo.events("joined")[0]["token"]
    robo.kill()                       # kill -9 mid-game, then the same command with the seat's token
    robo.wait(10)
    robo = lab.bot("robo", address, "robo", table="lab", extra=[*think, "--token", token],
                   proc_name="robo-again")
    lab.wait_for(robo, lambda: robo.events("joined"), 30, "robo to come back")
    assert robo.events("joined")[0]["resumed"] is True
    lab.wait_for(ann, lambda: _done(ann), 90, "the game to end")
    for p in (robo, bobo):
        lab.wait_for(p, lambda p=p: p.events("game_over") or not p.alive(), 30, f"{p.name} to see the end")
    winners = {r["winner"] for p in (ann, robo, bobo) for r in p.events("game_over")}
    assert len(winners) == 1 and None not in winners, lab.tails()
    assert [r["winner"] for r in host.events("game_over")] == list(winners)
    assert not host.events("handler_error"), host.events("handler_error")
    game, _, state = finished_game(lab.data_dir("host"), "lab")
    assert game.over and state["over"]
    assert lab.relays["bobo"].events("connected"), "bobo's traffic did not go through the slow link"


def test_a_partitioned_player_comes_back_to_the_same_seat_and_hand(make_lab):
    """Two tables on one host. At ``near`` (grace 30 s) ann is cut off for 10 s and comes back
    to her seat and her hand; bob was told of her drop and her return. At ``far`` (grace 1 s)
    cat is cut off past the grace period: a bot covers her seat, dan is told, and cat takes the
    seat back when her link returns."""
    lab = make_lab(["ann", "bob", "cat", "dan"])
    near = write_config(lab.dir / "near.toml", grace_seconds=30.0)
    far = write_config(lab.dir / "far.toml", grace_seconds=1.0)
    host = lab.host([near, far])
    address = lab.address(host)
    hold = {m: lab.dir / f"hold-{m}" for m in lab.players}
    procs = {}
    for observer, person, table in (("bob", "ann", "near"), ("dan", "cat", "far")):
        procs[observer] = lab.player(observer, ["--address", address, "--name", observer, "--table", table,
                                                "--hold-file", str(hold[observer])])
        lab.wait_for(procs[observer], lambda o=observer: procs[o].events("joined"), 30, f"{observer} to join")
        hold[person].write_text("")
        procs[person] = lab.player(person, ["--address", address, "--name", person, "--table", table,
                                            "--start", "--hold-file", str(hold[person])])
    ann, bob, cat, dan = (procs[m] for m in ("ann", "bob", "cat", "dan"))
    # each held before her own move: nothing moves at her table until she does
    for p in (ann, cat):
        lab.wait_for(p, lambda p=p: p.events("holding"), 30, f"{p.name} to reach her turn")
    hand_before = ann.events("holding")[0]["hand"]
    hold["dan"].write_text("")         # far: the covering bot plays until dan's turn, then waits
    cut = lab.partition("ann")
    lab.partition("cat")
    time.sleep(max(0.0, cut + 10.0 - time.time()))
    healed = lab.heal("ann")
    lab.heal("cat")

    def back(p):
        return [r for r in p.events("snapshot") if r["t"] >= healed]

    lab.wait_for(ann, lambda: back(ann), 30, "ann's seat to be back")
    lab.wait_for(cat, lambda: back(cat), 30, "cat's seat to be back")
    (snap, *_) = back(ann)
    assert snap["you"] == "ann" and snap["hand"] == hand_before
    assert snap["turn"] == ann.events("holding")[0]["turn"]          # nobody moved while she was away
    assert back(cat)[0]["you"] == "cat"
    # it was cat's turn and nobody else could move: the game went on only by the bot playing her seat
    assert back(cat)[0]["turn"] > cat.events("holding")[0]["turn"]
    drops = {r["seat"]: r for r in host.events("dropped")}
    assert drops["ann"]["ts"] < healed and drops["cat"]["ts"] < healed
    assert [r["seat"] for r in host.events("bot_takes_over")] == ["cat"]
    # the others were told, in order: gone, (covered by a bot,) back
    told = [(True, False), (False, False), (True, False)]                 # here, gone, back
    lab.wait_for(bob, lambda: in_order(told, seat_states(bob.records(), "ann")), 10, "bob to be told")
    told = [(True, False), (False, False), (False, True), (True, False)]  # here, gone, a bot, back
    lab.wait_for(dan, lambda: in_order(told, seat_states(dan.records(), "cat")), 10, "dan to be told")
    covered = [r for r in host.records() if r.get("event") == "bot_takes_over"][0]["ts"]
    for f in hold.values():
        f.unlink(missing_ok=True)
    for p in (ann, bob, cat, dan):
        lab.wait_for(p, lambda p=p: _done(p), 60, f"{p.name}'s game to end")
        assert p.events("game_over"), lab.tails()
    assert covered < healed
    assert not host.events("handler_error")


def test_the_host_killed_mid_game_and_resumed_loses_nothing(make_lab):
    """``kill -9`` the host mid-game, start it again with ``--resume``: every client reconnects
    by itself, and every move each client saw is in the resumed game."""
    lab = make_lab(["ann", "bob", "robo"])
    cfg = write_config(lab.dir / "lab.toml", grace_seconds=30.0)
    host = lab.host([cfg])
    address = lab.address(host)
    think = ["--think", "0.02:0.05"]
    robo = lab.bot("robo", address, "robo", table="lab", extra=think)
    lab.wait_for(robo, lambda: robo.events("joined"), 30, "robo to join")
    bob = lab.player("bob", ["--address", address, "--name", "bob", "--table", "lab", *think])
    lab.wait_for(bob, lambda: bob.events("joined"), 30, "bob to join")
    ann = lab.player("ann", ["--address", address, "--name", "ann", "--table", "lab", *think])
    lab.wait_for(ann, lambda: len(ann.events("update")) >= 8 or _done(ann), 30, "the game to be under way")
    assert not _done(ann), "the game ended before the host could be killed"
    host.kill()                       # kill -9: no goodbye, only what the journal holds
    host.wait(10)
    killed = time.time()
    again = lab.host([cfg], name="host-resumed", resume=True)
    lab.address(again)
    lab.wait_for(again, lambda: len(again.events("resumed")) >= 3, 30, "every client to reconnect")
    assert {r["seat"] for r in again.events("resumed")} == {"ann", "bob", "robo"}
    assert [r["table"] for r in again.events("table_restored")] == ["lab"]
    for p in (ann, bob):
        lab.wait_for(p, lambda p=p: _done(p), 60, f"{p.name}'s game to end")
        assert p.events("game_over") and p.events("done")[0]["reconnects"] >= 1, lab.tails()
    lab.wait_for(robo, lambda: robo.events("game_over") or not robo.alive(), 30, "robo to see the end")
    assert robo.events("game_over")
    game, events, state = finished_game(lab.data_dir("host"), "lab")
    assert game.over and state["over"]
    for p in (ann, bob):
        every = seen_by(events, p.name)
        before = _updates(p, before=killed)
        at = find_run(every, before)
        assert before and at >= 0, f"{p.name} saw moves before the crash that the resumed game lacks"
        # back at the resumed host: a snapshot whose history runs up to now (as far as the
        # player had seen, and further if bots moved first), then every update after it
        snap = next(r for r in p.events("snapshot") if r["t"] >= killed)
        history = norm(snap["events"])
        start = find_run(every, history)
        assert start >= 0 and start + len(history) >= at + len(before), \
            f"{p.name}'s snapshot after the resume is not the game's recent history"
        assert len(history) >= min(SNAPSHOT_EVENTS, at + len(before)), \
            f"{p.name}'s snapshot after the resume carries only {len(history)} events"
        after = _updates(p, after=snap["t"])
        assert every[start + len(history):] == after, \
            f"{p.name}'s updates after the resume are not the rest of the game"
    assert not again.events("handler_error")
