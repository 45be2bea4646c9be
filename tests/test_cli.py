"""The engine-side commands as a user runs them: cards, plugins, simulate, scenario."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EKPEER = [sys.executable, "-m", "ekpeer.cli"]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([*EKPEER, *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env=full_env)


def test_cards_lists_every_base_card_by_plugin():
    out = run("cards").stdout
    assert "Base game (base):" in out.splitlines()
    for card in ("exploding_kitten", "defuse", "nope", "attack", "skip", "favor", "shuffle",
                 "see_the_future", "tacocat", "cattermelon", "hairy_potato_cat", "beard_cat",
                 "rainbow_ralphing_cat"):
        assert card in out


def test_the_environment_variable_limits_which_plugins_load():
    out = run("plugins", env={"EKPEER_PLUGINS": "base"}).stdout
    names = [line.split()[0] for line in out.splitlines() if line and not line.startswith(" ")]
    assert names == ["base"]


def test_simulate_prints_win_rates_turns_and_speed():
    result = run("simulate", "--players", "3", "--games", "20", "--expansions", "base",
                 "--bots", "heuristic,random", "--seed", "4")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "win_rate_per_seat heuristic:" in out and "win_rate_per_seat random:" in out
    assert "average_turns:" in out and "games_per_second:" in out
    assert "20/20" not in out and "\r" not in out    # a pipe gets no progress bar


def test_simulate_shows_richs_progress_bar_in_a_terminal():
    import pty

    main, child = pty.openpty()
    try:
        proc = subprocess.Popen([*EKPEER, "simulate", "--players", "3", "--games", "20", "--seed", "4"],
                                cwd=ROOT, stdout=child, stderr=subprocess.PIPE, env=os.environ)
        os.close(child)
        chunks = []
        while True:
            try:
                data = os.read(main, 65536)
            except OSError:         # the terminal's other end closed: the command is done
                break
            if not data:
                break
            chunks.append(data)
        assert proc.wait(60) == 0, proc.stderr.read() if proc.stderr else ""
    finally:
        os.close(main)
    out = b"".join(chunks).decode(errors="replace")
    assert "20/20" in out and "simulating" in out and "━" in out   # Rich's bar, drawn to the end
    assert "win_rate_per_seat heuristic:" in out


def test_simulate_is_deterministic_for_a_seed():
    from ekpeer.simulate import simulate

    a = simulate(4, 10, ["base"], ["heuristic", "random"], seed=9, progress=False)
    b = simulate(4, 10, ["base"], ["heuristic", "random"], seed=9, progress=False)
    assert a["win_rates"] == b["win_rates"] and a["average_moves"] == b["average_moves"]


def test_heuristic_bots_beat_random_bots():
    from ekpeer.simulate import simulate

    result = simulate(4, 60, ["base"], ["heuristic", "random"], seed=1, progress=False)
    assert result["by_bot"]["heuristic"] > 2 * result["by_bot"]["random"]
    assert result["unfinished"] == 0


def test_scenario_run_prints_one_line_per_scenario():
    result = run("scenario", "run", "tests/scenarios/base")
    assert result.returncode == 0, result.stdout[-2000:]
    lines = result.stdout.strip().splitlines()
    assert all(line.startswith("PASS ") for line in lines[:-1])


def test_ekpeer_plugins_notes_a_trait_nothing_reads_and_the_word_it_may_mean():
    """A stranger's plugin misspelled ``steals`` as ``steal``: accepted, it silently changed how
    the bots play the card. Still allowed (a plugin may keep words of its own), now said."""
    from ekpeer.engine import CardSpec
    from ekpeer.plugins import trait_notes

    laser = CardSpec("laser_pointer", "Laser Pointer", "Aim it at a player.", traits=frozenset({"steal"}))
    mine = CardSpec("catnap", "Catnap", "Skip.", traits=frozenset({"ends_turn", "naps"}))
    assert trait_notes([laser, mine]) == [
        "laser_pointer: trait 'steal' is read by nothing in ekpeer (did you mean 'steals'?)",
        "catnap: trait 'naps' is read by nothing in ekpeer"]
    assert "note:" not in run("plugins").stdout          # the built-in boxes use known words only


def test_ekpeer_plugins_notes_a_hook_that_is_no_ekpeer_hook_and_the_one_it_may_mean():
    """A stranger's plugin misspelled ``ekpeer_adjust_setup``: pluggy ignored the hook without a
    word, and the variant it implemented did nothing."""
    import types

    from ekpeer.hookspecs import hookimpl
    from ekpeer.plugins import hook_notes

    box = types.ModuleType("box")

    @hookimpl
    def ekpeer_adjust_setpu(plan):
        return None

    @hookimpl
    def ekpeer_adjust_setup(plan):
        return None

    box.ekpeer_adjust_setpu = ekpeer_adjust_setpu
    box.ekpeer_adjust_setup = ekpeer_adjust_setup
    box.helper = lambda: None
    assert hook_notes(box) == [
        "hook 'ekpeer_adjust_setpu' is no ekpeer hook: nothing calls it"
        " (did you mean 'ekpeer_adjust_setup'?)"]


def test_ekpeer_plugins_lists_each_plugins_decks_and_variants_with_what_they_do():
    """A stranger could see their variant and deck nowhere but as a bare tick in the lobby."""
    out = run("plugins").stdout
    assert "  deck: 2-Player Edition (two_player, main, 2 players)" in out
    assert "  variant: Faster Game (Imploding Kittens) (imploding.faster): Before the kittens go in" in out


def test_ekpeer_plugins_strict_fails_on_a_note_for_a_plugins_ci(monkeypatch, capsys):
    """A stranger wanted their CI to fail on a misspelled hook: the notes were said, exit 0."""
    import argparse

    from ekpeer import plugins
    from ekpeer.cli import cmd_plugins

    assert run("plugins", "--strict").returncode == 0       # the built-in boxes: no note
    info = {"name": "snoop", "version": "0.1", "package": "snoop", "module": "snoop", "cards": ["snoop"],
            "notes": ["hook 'ekpeer_adjust_setpu' is no ekpeer hook: nothing calls it"]}
    monkeypatch.setattr(plugins, "plugin_info", lambda: [info])
    assert cmd_plugins(argparse.Namespace(strict=True)) == 1
    assert cmd_plugins(argparse.Namespace(strict=False)) == 0
    assert "note: hook 'ekpeer_adjust_setpu'" in capsys.readouterr().out


def test_ekpeer_plugins_speaks_the_language_asked_for(capsys):
    """``ekpeer plugins --lang da`` was all English ("cards:", "deck: Original Edition
    (original, main, 2-5 players)", the variants' words): its labels are ekpeer's catalog's,
    a deck's title and a variant's words their plugin's."""
    from ekpeer import i18n
    from ekpeer.cli import main

    try:
        assert main(["plugins", "--lang", "da"]) == 0
    finally:
        i18n.set_language("en")
    out = capsys.readouterr().out
    assert "  bunke: Originaludgaven (original, hovedbunke, 2-5 spillere)" in out, out
    assert "  kort: exploding_kitten, defuse" in out and "  placering: " in out, out
    assert not any(word in out for word in ("cards:", "deck:", "players)", "main,")), out
    if "imploding" in plugins_installed():
        assert "variant: To spillere (Imploding Kittens) (imploding.two_player): To spillere, " in out, out


def plugins_installed() -> set[str]:
    from ekpeer.plugins import installed

    return set(installed())


def test_a_simulation_a_card_breaks_says_which_plugin_file_and_line(monkeypatch, capsys):
    """A stranger's broken card gave ``ekpeer simulate`` a bare traceback and no word of which
    plugin or card was at fault."""
    import argparse
    from dataclasses import replace

    from ekpeer.cli import cmd_simulate
    from ekpeer.plugins import load_module, ruleset

    base = load_module("base")
    cards = ruleset(["base"]).cards
    monkeypatch.setitem(cards, "shuffle", replace(cards["shuffle"],
                                                  effect=lambda game, action: base.favor(None, None)))
    args = argparse.Namespace(players=3, games=20, expansions="base", bots="random", seed=1, deck=None,
                              variants="", quiet=True)
    assert cmd_simulate(args) == 1
    said = capsys.readouterr().err
    assert "failed: AttributeError" in said and "(plugin base, card Shuffle (shuffle): " in said, said
    assert "base/__init__.py, line " in said


def test_ekpeer_plugins_notes_a_deck_no_plugin_declares():
    """A stranger's ``counts={"snop": 4}`` loaded without a word, and the card was never dealt."""
    from ekpeer.engine import CardSpec
    from ekpeer.plugins import deck_notes

    snoop = CardSpec("snoop", "Snoop", "Look.", counts={"snop": 4, "base": 1})
    assert deck_notes([snoop], ["base", "snoop"]) == [
        "snoop: counts name deck 'snop', which no installed plugin declares (did you mean 'snoop'?)"]


def test_ekpeer_privacy_checks_an_installed_box_and_names_an_unknown_one():
    """A plugin author could not run the non-interference check on their own box: the suite
    ran it on the project's boxes only."""
    done = run("privacy", "zombie", "--games", "3")
    assert done.returncode == 0 and done.stdout.startswith("zombie: no leak in 3 games ("), done
    missing = run("privacy", "nosuchbox")
    assert missing.returncode == 2 and "no plugin 'nosuchbox' is installed" in missing.stderr


def _installed_offering(tmp_path, target: str) -> dict[str, str]:
    """An environment where the test box Offering (``tests/third_party/offering.py``, or one of
    its leaky twins: ``target``) is installed as a stranger's plugin is, by an entry point."""
    meta = tmp_path / "site" / "ekpeer_offering-0.1.0.dist-info"
    meta.mkdir(parents=True)
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: ekpeer-offering\nVersion: 0.1.0\n")
    (meta / "entry_points.txt").write_text(f"[ekpeer]\noffering = {target}\n")
    return {"PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(ROOT / "tests"), str(ROOT)]),
            "EKPEER_PLUGINS": f"{os.environ['EKPEER_PLUGINS']},offering"}


def test_ekpeer_privacy_catches_a_card_chosen_from_a_hand_and_named_to_everyone(tmp_path):
    """A stranger's card had each other player choose a card of their hand to put on the draw
    pile and named it to everyone: ``ekpeer privacy`` found no leak in 1000 games, as its twins
    differed only in draw-pile cards a player chooses nothing from. Now twins differ in hands
    too, and a player choosing a card only one twin holds chooses, in the other, the card that
    lies there instead."""
    env = _installed_offering(tmp_path, "third_party.offering:TOLD")
    done = run("privacy", "offering", "--games", "20", "--players", "3", env=env)
    assert done.returncode == 1, done
    said = done.stdout
    assert said.startswith("LEAK in offering: ") and "can tell two games apart" in said, said
    assert "'type': 'offered'" in said, said
    clean = run("privacy", "offering", "--games", "20", "--players", "3",
                env=_installed_offering(tmp_path / "clean", "third_party.offering"))
    assert clean.returncode == 0, clean
    twins = r"\(\d+ twin games: [1-9]\d* differing in hands, \d+ in the draw pile;"
    assert re.search(twins, clean.stdout), clean.stdout


def test_ekpeer_privacy_tests_a_plugin_beside_other_boxes(tmp_path):
    """A leak that shows only beside another box's cards: a cursed hand (Streaking Kittens)
    gives a card picked at random, and Offering's leaky twin told its owner which (``learn``
    without asking ``hand_hidden``). ``ekpeer privacy offering,streaking`` said no such plugin
    was installed, and there was no ``--expansions``; the twins never reordered a face-down hand."""
    env = _installed_offering(tmp_path, "third_party.offering:CURSED_TOLD")
    alone = run("privacy", "offering", "--games", "30", "--players", "5", env=env)
    assert alone.returncode == 0 and alone.stdout.startswith("offering: no leak in 30 games ("), alone
    for args in (("offering", "--expansions", "base,streaking"), ("offering,streaking",)):
        done = run("privacy", *args, "--games", "30", "--players", "5", env=env)
        assert done.returncode == 1, done
        first = done.stdout.splitlines()[0]
        assert first.startswith("LEAK in offering") and "streaking" in first, first
        assert "(the order of a hand nobody sees)" in first, first
        assert "(shuffled the order of their own face-down hand)" in done.stdout, done.stdout   # the evidence
        assert "view['known_pile']" in done.stdout, done.stdout
    missing = run("privacy", "offering", "--expansions", "base,nosuchbox", env=env)
    assert missing.returncode == 2 and "no plugin 'nosuchbox' is installed" in missing.stderr, missing


def test_ekpeer_privacy_catches_a_cursed_hands_card_told_to_its_own_player(tmp_path):
    """A stranger's Low Tide put a card of its player's own hand at the bottom of the draw
    pile and told that player where it went, though their hand lay face down (cursed: its
    card picked at random, unseen by them too). ``ekpeer privacy`` passed it in 300 games:
    a cursed hand seldom plays that card in random games. Each card is now also rehearsed,
    played first thing by a cursed hand against a twin where that hand lies in another order;
    and the output says how often each card was played, by a cursed hand, or never."""
    env = _installed_offering(tmp_path, "third_party.offering:SINKING_TOLD")
    done = run("privacy", "offering", "--expansions", "base,streaking", "--games", "4", "--players", "3",
               env=env)
    assert done.returncode == 1, done
    assert done.stdout.startswith("LEAK in offering beside base, streaking: "), done.stdout
    assert "view['known_pile']" in done.stdout, done.stdout
    clean = run("privacy", "offering", "--expansions", "base,streaking", "--games", "4", "--players", "3",
                env=_installed_offering(tmp_path / "clean", "third_party.offering:SINKING"))
    assert clean.returncode == 0, clean
    said = clean.stdout
    played = re.search(r"^    Sinking \(sinking\): played (\d+) times, (\d+) by a cursed hand$", said, re.M)
    assert played and int(played[2]) > 0, said
    assert ("    Driftwood (driftwood): never used (played, or saving a player): this pass says nothing "
            "about it") in said, said
    assert re.search(r"^  \d+ rehearsals: ", said, re.M), said
    alone = run("privacy", "offering", "--games", "2", "--players", "3",
                env=_installed_offering(tmp_path / "alone", "third_party.offering:SINKING"))
    assert "no box here lays a hand face down" in alone.stdout, alone.stdout


def test_ekpeer_privacy_passes_the_built_in_boxes_beside_each_other():
    """Twins that differ in hands, and face-down hands, raise no false alarm on the project's
    own boxes (tests/test_non_interference.py runs every mix at more length)."""
    done = run("privacy", "streaking", "--expansions", "base,party,zombie", "--games", "8", "--players", "4")
    assert done.returncode == 0, done
    assert done.stdout.startswith("streaking beside base, party, zombie: no leak in 8 games ("), done.stdout


def test_a_simulation_a_third_party_card_breaks_says_where_in_a_line(tmp_path):
    """A stranger's plugin card raised in ``ekpeer simulate``: a bare Python traceback, where
    ``ekpeer scenario run`` names the plugin, file and line. Now: plugin, card, file and line
    and the reason in one line, exit 1; the traceback only with ``--traceback``."""
    site = tmp_path / "site"
    meta = site / "ekpeer_fumble-0.1.0.dist-info"
    meta.mkdir(parents=True)
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: ekpeer-fumble\nVersion: 0.1.0\n")
    (meta / "entry_points.txt").write_text("[ekpeer]\nfumble = third_party.fumble\n")
    env = {"PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "tests"), str(ROOT)]),
           "EKPEER_PLUGINS": f"{os.environ['EKPEER_PLUGINS']},fumble"}
    args = ("simulate", "--players", "3", "--games", "5", "--expansions", "base,fumble", "--bots", "random",
            "--quiet")
    result = run(*args, env=env)
    assert result.returncode == 1, result
    said = result.stderr.strip().splitlines()
    assert "Traceback" not in result.stderr, result.stderr
    line = said[0]
    assert line.startswith("ekpeer simulate: game 1 of 5 (seed 0) failed: ZeroDivisionError: "), line
    assert "(plugin fumble, card Fumble (fumble): " in line and "fumble.py, line " in line, line
    assert line.endswith("in _count_crumbs)"), line
    assert said[1:] == ["(--traceback shows the whole traceback)"], said
    full = run(*args, "--traceback", env=env)
    assert full.returncode == 1 and "Traceback (most recent call last)" in full.stderr, full.stderr
    assert full.stderr.strip().splitlines()[-1].startswith("ekpeer simulate: game 1 of 5"), full.stderr


def test_ekpeer_privacy_a_plugins_hook_breaks_says_where_in_a_line(tmp_path):
    """A stranger's plugin hook raised in ``ekpeer privacy``: a bare 34-line Python traceback
    through cli.py and noninterference.py, where ``simulate`` and ``scenario run`` name the
    plugin, file, line and hook. Now the same line, exit 1; the traceback with ``--traceback``."""
    site = tmp_path / "site"
    meta = site / "ekpeer_hiccup-0.1.0.dist-info"
    meta.mkdir(parents=True)
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: ekpeer-hiccup\nVersion: 0.1.0\n")
    (meta / "entry_points.txt").write_text("[ekpeer]\nhiccup = third_party.hiccup\n")
    env = {"PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "tests"), str(ROOT)]),
           "EKPEER_PLUGINS": f"{os.environ['EKPEER_PLUGINS']},hiccup"}
    result = run("privacy", "hiccup", "--games", "2", env=env)
    assert result.returncode == 1, result
    assert "Traceback" not in result.stderr and not result.stdout, result
    said = result.stderr.strip().splitlines()
    assert said[0].startswith("ekpeer privacy: game 1 of 2 (seed 0) failed: TypeError: "), said
    assert "(plugin hiccup: " in said[0] and "hiccup.py, line " in said[0], said
    assert said[0].endswith(", in ekpeer_extend_view)"), said
    assert said[1:] == ["(--traceback shows the whole traceback)"], said
    full = run("privacy", "hiccup", "--games", "2", "--traceback", env=env)
    assert full.returncode == 1 and "Traceback (most recent call last)" in full.stderr, full.stderr
    assert full.stderr.strip().splitlines()[-1].startswith("ekpeer privacy: game 1 of 2"), full.stderr


def test_ekpeer_privacy_says_a_leak_plainly_in_the_language_asked_for(tmp_path):
    """``ekpeer privacy --lang da`` said a leak in English, as Python reprs (``Move(do='choose',
    ... answers=None)``, event dicts): debug output. Now the move as a line of words (who, what,
    which card) and the two events that differ as ``key=value``, in Danish; the evidence as
    compared below them."""
    env = _installed_offering(tmp_path, "third_party.offering:TOLD")
    done = run("privacy", "offering", "--games", "20", "--players", "3", "--lang", "da", env=env)
    assert done.returncode == 1, done
    lines = done.stdout.splitlines()
    assert lines[0].startswith("LÆKAGE i offering: ") and "kan skelne to spil" in lines[0], lines
    assert "Move(" not in lines[0] and "{" not in lines[0], lines
    move = next(line for line in lines if line.startswith("  handlingen, der skilte dem ad: "))
    assert re.search(r": p\d: choose, kort \S.* \(\w+\)$", move), move
    one = next(line for line in lines if line.startswith("  hændelsen i det ene spil: "))
    other = next(line for line in lines if line.startswith("  hændelsen i tvillingen: "))
    assert "type=offered" in one and "type=offered" in other and one != other, lines
    assert re.search(r" card=\w+ ", one) and "'" not in one + other, lines
    evidence = lines.index("  tjekkets bevis, som det blev sammenlignet:")
    assert lines.index(move) < evidence and "Move(do=" in lines[evidence + 1], lines


def test_ekpeer_privacy_says_its_evidence_in_the_language_asked_for_too(tmp_path):
    """``ekpeer privacy --lang da`` said its verdict in Danish, but the evidence below it in
    English ("can tell two games apart", "events:", "vs:"); card ids stay ids."""
    env = _installed_offering(tmp_path, "third_party.offering:TOLD")
    done = run("privacy", "offering", "--games", "20", "--players", "3", "--lang", "da", env=env)
    assert done.returncode == 1, done
    lines = done.stdout.splitlines()
    evidence = lines[lines.index("  tjekkets bevis, som det blev sammenlignet:") + 1:]
    assert evidence[0].startswith("    ") and " kan skelne to spil ad" in evidence[0], evidence
    assert " handlinger efter, ved Move(do=" in evidence[0], evidence
    said = "\n".join(evidence)
    assert "    hændelser: [" in said and "          mod: [" in said, evidence
    assert "'type': 'offered'" in said, evidence                # the data as compared
    for english in ("can tell", "have not seen", "events:", "vs:", "swapped", "'s hand", "depth "):
        assert english not in said, (english, evidence)


def test_the_evidence_says_what_the_twins_differ_by_in_the_readers_language():
    from ekpeer import i18n
    from ekpeer.engine.errors import Reason
    from ekpeer.engine.moves import Move
    from ekpeer.engine.noninterference import Leak, _place
    from ekpeer.privacy_report import evidence_lines

    what = Reason("{what}, at the deal", what=Reason(
        "swapped {one} at {first} with {other} at {second}", one="nope", first=_place(("pile", 3)),
        other="defuse", second=_place(("hand", "Jens", 0))))
    received = (({"hand": ["nope"]}, []), ({"hand": ["defuse"]}, [{"type": "x"}]))
    leak = Leak("text", "bob", what, 2, Move("draw", "bob"), received=received)
    try:
        english = evidence_lines(leak)
        i18n.set_language("da")
        danish = evidence_lines(leak)
    finally:
        i18n.set_language("en")
    assert english[0].startswith("bob can tell two games apart that differ only by cards they have not seen "
                          "(swapped nope at depth 3 of the pile with defuse at Jens's hand, at the deal), "
                          "2 moves after, on Move(do='draw', by='bob'"), english[0]
    assert english[0].endswith(":") and english[1:] == [
        "  view['hand']: ['nope'] / ['defuse']", "  events: []", "      vs: [{'type': 'x'}]"]
    assert "(byttede nope (dybde 3 i trækbunken) med defuse (Jens’ hånd), da kortene blev givet)" \
        in danish[0], danish[0]
    assert danish[1:] == ["  visning['hand']: ['nope'] / ['defuse']", "  hændelser: []",
                          "        mod: [{'type': 'x'}]"]


def test_simulate_refuses_a_table_it_cannot_set_up_before_any_game(capsys):
    """A stranger's --expansions bsae printed a traceback, and --players 8 and --bots heurstic
    read as a game that failed in "the rules engine or a bot"."""
    from ekpeer.cli import main

    for args, said in ((["--expansions", "bsae"], "no plugin named 'bsae' is installed"),
                       (["--players", "8"], "no deck for 8 players"),
                       (["--bots", "heurstic"], "unknown bot 'heurstic'")):
        assert main(["simulate", "--games", "2", "--quiet", *args]) == 2, args
        err = capsys.readouterr().err
        assert said in err and "Traceback" not in err and "failed" not in err, err


def test_ekpeer_privacy_speaks_the_language_asked_for(capsys):
    """``ekpeer privacy zombie --lang da`` said its result in English ("no leak in 3 games",
    "played in the twins, card by card"), the cards by their English titles."""
    from ekpeer import i18n
    from ekpeer.cli import main

    try:
        assert main(["privacy", "zombie", "--games", "3", "--lang", "da"]) == 0
    finally:
        i18n.set_language("en")
    out = capsys.readouterr().out
    assert out.startswith("zombie: ingen lækage i 3 spil ("), out
    assert "  spillet i tvillingerne, kort for kort:" in out, out
    assert not any(word in out for word in ("no leak", "twin games", "played in the twins", "times")), out


def test_ekpeer_list_speaks_the_language_asked_for(monkeypatch, capsys):
    """``ekpeer list --lang da`` said a table's seats ("3/4 free"), its phase and its password
    in English beside Danish words of its key."""
    from ekpeer import cli_net, i18n
    from ekpeer.cli import main
    from ekpeer.net.discovery import Found

    async def found(timeout: float) -> list[Found]:
        return [Found("a", "fri", "Fredag", "tcp://10.0.0.2:5555", seats=4, taken=1, free=3, password=True,
                      expansions=["base"]),
                Found("b", "sent", "Sent", "tcp://10.0.0.3:5555", phase="playing", seats=3, taken=3)]

    monkeypatch.setattr(cli_net, "_list", found)
    try:
        assert main(["list", "--lang", "da"]) == 0
    finally:
        i18n.set_language("en")
    out = capsys.readouterr().out
    first, second = out.splitlines()
    assert "3/4 ledige" in first and first.endswith("base  adgangskode  (ingen nøgle)"), out
    assert "spiller" in second and "playing" not in second, out
