"""Every rules scenario passes, and the runner itself reports mismatches exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from ekpeer.cli import main
from ekpeer.scenario import find, run_file

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "scenarios"
FILES = find([str(ROOT / "tests" / "scenarios")] + ([str(SHARED)] if SHARED.is_dir() else []))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_scenario_passes(path):
    result = run_file(path)
    assert result.ok, result.line()


def write(tmp_path, text, name="s.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


BASE = """
name = "runner check"
[setup]
expansions = ["base"]
players = ["ann", "bob"]
draw_pile = ["tacocat", "beard_cat"]
[setup.hands]
ann = ["skip"]
bob = []
"""


def test_a_wrong_expectation_fails_with_expected_and_actual(tmp_path):
    path = write(tmp_path, BASE + '[[step]]\nby = "ann"\ndo = "draw"\n[expect]\ncurrent = "ann"\n')
    result = run_file(path)
    assert not result.ok
    assert "current expected 'ann', got 'bob'" in result.line()


def test_a_reject_step_that_is_accepted_fails(tmp_path):
    path = write(tmp_path, BASE + '[[step]]\nby = "ann"\ndo = "draw"\nreject = true\n')
    result = run_file(path)
    assert not result.ok and "expected the move to be refused" in result.detail


def test_a_refused_step_fails_with_the_reason(tmp_path):
    path = write(tmp_path, BASE + '[[step]]\nby = "bob"\ndo = "draw"\n')
    result = run_file(path)
    assert not result.ok and "not_your_turn" in result.detail


def test_the_name_defaults_to_the_file_name(tmp_path):
    path = write(tmp_path, BASE.replace('name = "runner check"', ""), name="my-scenario.toml")
    assert run_file(path).line() == "PASS my-scenario"


def test_face_up_cards_and_every_check_field(tmp_path):
    text = """
[setup]
expansions = ["base"]
players = ["ann", "bob", "cat"]
current = "bob"
turns = 2
direction = -1
draw_pile = ["tacocat", "beard_cat", "cattermelon", "skip"]
discard = ["shuffle", "favor"]
out = ["cat"]
[setup.hands]
ann = ["nope", "nope"]
bob = ["see_the_future"]
[[step]]
by = "bob"
do = "play"
cards = ["see_the_future"]
[step.expect]
reaction_open = true
waiting_for = ""
[[step]]
do = "resolve"
[expect]
current = "bob"
turns = 2
direction = -1
draw_pile = ["tacocat", "beard_cat", "cattermelon", "skip"]
draw_pile_top = ["tacocat"]
draw_pile_count = 4
draw_pile_has = ["skip", "tacocat"]
discard_top = "see_the_future"
discard = ["shuffle", "favor", "see_the_future"]
hand.ann = ["nope", "nope"]
hand_count.bob = 0
hand_has.ann = ["nope"]
out = ["cat"]
dead = []
waiting_for = []
seen.bob = ["tacocat", "beard_cat", "cattermelon"]
seen.ann = []
reaction_open = false
marked.ann = []
cursed = []
"""
    result = run_file(write(tmp_path, text))
    assert result.ok, result.line()


def test_cli_exit_codes(tmp_path, capsys):
    draw = '[[step]]\nby = "ann"\ndo = "draw"\n'
    good = write(tmp_path, BASE + draw + '[expect]\ncurrent = "bob"\n', "good.toml")
    bad = write(tmp_path, BASE + '[expect]\ncurrent = "bob"\n', "bad.toml")
    assert main(["scenario", "run", str(good)]) == 0
    assert main(["scenario", "run", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "PASS runner check" in out and "FAIL runner check" in out
