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


def test_a_reject_step_may_say_why_it_is_refused(tmp_path):
    """A plugin's author could check that a move was refused, not why ("Eclipse needs 5 cards"
    and a bug refusing it for another reason both passed)."""
    step = '[[step]]\nby = "bob"\ndo = "draw"\nreject = {why}\n'
    assert run_file(write(tmp_path, BASE + step.format(why='"not_your_turn"'))).ok
    assert run_file(write(tmp_path, BASE + step.format(why='"NOT_YOUR"'))).ok     # any case
    wrong = run_file(write(tmp_path, BASE + step.format(why='"the pile is empty"')))
    assert not wrong.ok and "refused, but not for 'the pile is empty' (not_your_turn: " in wrong.detail


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


# ---------------------------------------------------------------------- format v2 (issue 17)
UP = """
[setup]
expansions = ["base", "imploding"]
players = ["ann", "bob"]
draw_pile = ["tacocat", "imploding_kitten:up", "beard_cat"]
[setup.hands]
ann = []
"""


@pytest.mark.parametrize("check, ok", [
    ('draw_pile = ["tacocat", "imploding_kitten:up", "beard_cat"]', True),
    ('draw_pile = ["tacocat", "imploding_kitten", "beard_cat"]', False),
    ('draw_pile_top = ["tacocat", "imploding_kitten"]', False),
    ('draw_pile_has = ["imploding_kitten:up"]', True),
    ('draw_pile_has = ["imploding_kitten"]', False),
    ('draw_pile_counts = { "imploding_kitten:up" = 1, imploding_kitten = 0 }', True),
    ('draw_pile_counts = { imploding_kitten = 1 }', False),
    ('deck_counts = { imploding_kitten = 1 }', False),
])
def test_faces_are_compared_exactly_in_every_pile_check(tmp_path, check, ok):
    result = run_file(write(tmp_path, UP + "[expect]\n" + check + "\n"))
    assert result.ok == ok, result.line()


def test_a_face_down_card_does_not_match_an_up_expectation(tmp_path):
    text = UP.replace('"imploding_kitten:up"', '"imploding_kitten"')
    assert not run_file(write(tmp_path, text + '[expect]\ndraw_pile_has = ["imploding_kitten:up"]\n')).ok
    assert run_file(write(tmp_path, text + '[expect]\ndraw_pile_has = ["imploding_kitten"]\n')).ok


def test_either_passes_when_one_alternative_holds_and_says_why_when_none(tmp_path):
    draw = BASE + '[[step]]\nby = "ann"\ndo = "draw"\n'
    good = draw + '[expect]\ncurrent = "bob"\n[[expect.either]]\nhand.ann = ["beard_cat"]\n' \
                  '[[expect.either]]\nhand.ann = ["skip", "tacocat"]\n'
    assert run_file(write(tmp_path, good)).ok
    bad = draw + '[[expect.either]]\nhand.ann = ["beard_cat"]\n[[expect.either]]\ncurrent = "ann"\n'
    result = run_file(write(tmp_path, bad))
    assert not result.ok and "none of the 2 alternatives holds" in result.detail
    both = draw + '[expect]\ncurrent = "ann"\n[[expect.either]]\nhand.ann = ["skip", "tacocat"]\n'
    assert not run_file(write(tmp_path, both)).ok, "the check's own fields must hold too"
    step = BASE + '[[step]]\nby = "ann"\ndo = "draw"\n[[step.expect.either]]\ncurrent = "ann"\n' \
                  '[[step.expect.either]]\ndraw_pile_count = 1\n'
    assert run_file(write(tmp_path, step)).ok


DEAL = """
name = "deal check"
seed = 1
[deal]
expansions = ["base"]
deck = "original"
players = ["ann", "bob", "cat"]
"""


def test_a_deal_is_checked_before_anyone_moves(tmp_path):
    text = DEAL + '[expect]\ncurrent = "ann"\nhand_count.ann = 8\nevery_hand_has = ["defuse"]\n' \
                  'draw_pile_count = 29\ndraw_pile_counts = { exploding_kitten = 2 }\n' \
                  '[[step]]\nby = "ann"\ndo = "draw"\n'
    assert run_file(write(tmp_path, text)).ok


def test_a_deal_refused_or_dealt_against_expectations_fails(tmp_path):
    refused = DEAL.replace('["ann", "bob", "cat"]', '["ann", "bob", "cat", "dan", "eve", "fay"]')
    result = run_file(write(tmp_path, refused))
    assert not result.ok and "the table was refused" in result.detail and "2-5 players" in result.detail
    assert run_file(write(tmp_path, refused.replace("[deal]", "[deal]\nreject = true"))).ok
    dealt = run_file(write(tmp_path, DEAL.replace("[deal]", "[deal]\nreject = true")))
    assert not dealt.ok and "expected the table to be refused" in dealt.detail


def test_a_deal_uses_the_lobbys_custom_deck_check(tmp_path):
    text = DEAL + '[deal.custom.pile]\nann = ["nope"]\n'
    assert run_file(write(tmp_path, text + '[expect]\ndraw_pile_has = ["nope"]\n')).ok
    bad = DEAL.replace('["base"]', '["base", "imploding"]')
    bad += '[deal.custom.pile]\nann = ["alter_the_future"]\n'
    result = run_file(write(tmp_path, bad))
    assert not result.ok and "only be a random card" in result.detail


def test_in_front_marked_and_cursed_setups(tmp_path):
    text = """
[setup]
expansions = ["base", "streaking", "party"]
players = ["ann", "bob", "cat"]
dead = []
cursed = ["cat"]
draw_pile = ["skip"]
[setup.hands]
ann = ["nope", "nope"]
cat = ["skip"]
[setup.in_front]
bob = ["ill_take_that:ann"]
[setup.marked]
ann = ["nope"]
[expect]
in_front.bob = ["ill_take_that:ann"]
marked.ann = ["nope"]
cursed = ["cat"]
winners = []
discard_count = 0
"""
    assert run_file(write(tmp_path, text)).ok
    wrong_owner = text.replace('in_front.bob = ["ill_take_that:ann"]', 'in_front.bob = ["ill_take_that:cat"]')
    assert not run_file(write(tmp_path, wrong_owner)).ok
    plain = text.replace('in_front.bob = ["ill_take_that:ann"]', 'in_front.bob = ["ill_take_that"]')
    assert run_file(write(tmp_path, plain)).ok
    unheld = text.replace('ann = ["nope"]\n[expect]', 'ann = ["skip"]\n[expect]')
    result = run_file(write(tmp_path, unheld))
    assert not result.ok and "bad setup" in result.detail
    stranger = text.replace('bob = ["ill_take_that:ann"]', 'zed = ["ill_take_that:ann"]')
    assert "bad setup" in run_file(write(tmp_path, stranger)).detail


def test_a_dead_players_kitten_comes_from_in_front(tmp_path):
    text = """
[setup]
expansions = ["base", "imploding", "zombie"]
players = ["ann", "bob"]
dead = ["bob"]
[setup.in_front]
bob = ["imploding_kitten"]
[expect]
in_front.bob = ["imploding_kitten"]
dead = ["bob"]
"""
    assert run_file(write(tmp_path, text)).ok


def test_winners_of_a_shared_win(tmp_path):
    text = """
[setup]
expansions = ["base"]
players = ["ann", "bob"]
[[step]]
by = "ann"
do = "draw"
[[step]]
by = "bob"
do = "draw"
[expect]
winners = ["bob", "ann"]
"""
    assert run_file(write(tmp_path, text)).ok
    assert not run_file(write(tmp_path, text.replace('["bob", "ann"]', '"ann"'))).ok


def test_an_engine_error_says_which_plugin_file_and_line_raised_it(tmp_path, monkeypatch):
    """A stranger's scenario said "engine error: ZeroDivisionError: division by zero" and no
    more: no plugin, no file, no line."""
    from dataclasses import replace

    from ekpeer.plugins import load_module, ruleset

    base = load_module("base")
    cards = ruleset(["base"]).cards
    broken = replace(cards["skip"], effect=lambda game, action: base.favor(None, None))   # raises in base
    monkeypatch.setitem(cards, "skip", broken)
    steps = '[[step]]\nby = "ann"\ndo = "play"\ncards = ["skip"]\n[[step]]\ndo = "resolve"\n'
    path = write(tmp_path, BASE + steps)
    result = run_file(path)
    assert not result.ok and "engine error: AttributeError" in result.detail
    assert "(plugin base, " in result.detail and "base/__init__.py, line " in result.detail, result.detail


@pytest.mark.parametrize(("tail", "said"), [
    ('[[step]]\nby = "ann"\ndo = "draw"\n[step.expcet]\ncurrent = "ann"\n',
     "unknown key 'expcet' in step 1 (did you mean 'expect'?)"),
    ('[[stepp]]\nby = "ann"\ndo = "draw"\n', "unknown key 'stepp' at the top level (did you mean 'step'?)"),
    ('[exepct]\ncurrent = "bob"\n', "unknown key 'exepct' at the top level (did you mean 'expect'?)"),
    ('[[step]]\nby = "ann"\ndo = "play"\ncards = ["skip"]\ntaget = "bob"\n',
     "unknown key 'taget' in step 1 (did you mean 'target'?)"),
    ('[[step]]\nby = "ann"\ndo = "draw"\n[step.expect]\ndraw_pile_counts = { tacocatt = 0 }\n',
     "draw_pile_counts: unknown card id 'tacocatt' (did you mean 'tacocat'?)"),
    ('[[step]]\nby = "ann"\ndo = "draw"\n[step.expect]\nhand.ann = ["skip", "tacocatt"]\n',
     "hand: unknown card id 'tacocatt' (did you mean 'tacocat'?)"),
])
def test_a_misspelled_key_or_card_fails_naming_it_and_the_file(tmp_path, tail, said):
    """A scenario writer's [step.expcet] passed with a false expectation under it, a [[stepp]]
    was skipped without a word, and a check on "tacocatt" passed: a misspelling must fail."""
    path = write(tmp_path, BASE + tail)
    result = run_file(path)
    assert not result.ok and said in result.detail, result.line()
    assert result.line().endswith(f"({path})")


def test_a_misspelled_card_in_the_setup_says_where_and_what_it_may_be(tmp_path):
    path = write(tmp_path, BASE.replace('ann = ["skip"]', 'ann = ["see_the_futur"]'))
    result = run_file(path)
    assert not result.ok and "see_the_futur in hands.ann (did you mean 'see_the_future'?)" in result.detail


def test_a_key_the_format_does_not_name_is_noted_and_ignored(tmp_path, capsys):
    """Extra fields are welcome in the public format: one far from any it names is run past,
    and said on stderr."""
    path = write(tmp_path, 'description = "from elsewhere"\n' + BASE + '[[step]]\nby = "ann"\ndo = "draw"\n')
    assert main(["scenario", "run", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "PASS runner check" in out and "description is not in the format; ignored" in err


def test_a_failed_check_says_what_the_engine_still_waits_for(tmp_path):
    """A scenario writer drew a kitten holding a Streaking Kitten and read only that ann's
    hand did not match: the engine was waiting for ann to choose a use."""
    text = """
[setup]
expansions = ["base", "streaking"]
players = ["ann", "bob"]
draw_pile = ["exploding_kitten", "tacocat"]
[setup.hands]
ann = ["streaking_kitten"]
bob = []
[[step]]
by = "ann"
do = "draw"
[expect]
hand.ann = ["exploding_kitten", "streaking_kitten"]
"""
    result = run_file(write(tmp_path, text))
    assert not result.ok and "(the engine waits for ann to choose a use)" in result.detail, result.line()
