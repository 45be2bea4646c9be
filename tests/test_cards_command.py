"""``ekpeer cards``: every card once, its text, and its count in every deck that holds it."""

from __future__ import annotations

import json

from ekpeer.cli import card_listing, main
from ekpeer.plugins import installed


def test_json_lists_each_card_once_with_text_and_every_box_count(capsys):
    assert main(["cards", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    ids = [c["id"] for c in listing["cards"]]
    assert len(ids) == len(set(ids)), "a card shipped by two boxes is one card"
    cards = {c["id"]: c for c in listing["cards"]}
    assert all(c["text"] and c["title"] for c in cards.values())
    if {"imploding", "party"} <= set(installed()):
        assert cards["targeted_attack"]["counts"] == {"imploding": 3, "party_pack": 5}
        assert cards["targeted_attack"]["plugin"] == "imploding"
        assert sorted(cards["targeted_attack"]["plugins"]) == ["imploding", "party"]
    if {"party", "streaking"} <= set(installed()):
        assert cards["exploding_kitten"]["counts"] == {"original": 4, "two_player": 1, "party_pack": 9,
                                                       "streaking": 1}
        assert cards["defuse"]["counts"]["party_pack"] == 10
        assert cards["personal_attack"]["counts"] == {}          # in no box: a variant or a custom deck
        assert cards["alter_the_future"]["random_only"]          # ruling 24
    if "zombie" in installed():
        assert cards["super_skip"]["plugin"] == "zombie" and cards["shuffle_now"]["plugin"] == "zombie"
    decks = {d["name"] for d in listing["decks"]}
    assert {"original", "two_player"} <= decks


def test_text_shows_each_card_once_with_its_text_and_counts(capsys):
    assert main(["cards"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    listed = [line.split()[0] for line in lines if line.startswith("  ") and not line.startswith("   ")]
    assert len(listed) == len(set(listed)) == len(card_listing()["cards"])
    assert "Base game (base):" in lines
    assert "Original Edition 4, 2-Player Edition 1" in out            # the Exploding Kitten's counts
    assert "[]" not in out
    if "party" in installed():
        assert "no box (a variant or a custom deck adds it)" in out
        assert "Party Pack 9" in out


def test_danish_cards_name_each_box_by_its_title(capsys):
    """``ekpeer cards --lang da`` headed its sections "base:", "imploding:" and said "(også i
    party)": a Danish reader reads a box's title (Grundspil, Party Pack), its plugin's id only
    beside a heading, as ``--expansions`` takes it."""
    from ekpeer import i18n

    try:
        assert main(["cards", "--lang", "da"]) == 0
    finally:
        i18n.set_language("en")
    lines = capsys.readouterr().out.splitlines()
    headings = [line for line in lines if line.endswith(":") and not line.startswith(" ")]
    assert "Grundspil (base):" in headings and "base:" not in headings, headings
    if "party" in installed():
        assert "Party Pack (party):" in headings, headings
        also = [line for line in lines if "(også i " in line]
        assert also and not any("(også i party)" in line for line in also), also
        assert any("(også i Party Pack)" in line for line in also), also


def test_a_reader_that_stops_early_gets_no_traceback():
    """`ekpeer cards | head -1` (a stranger's first look) ended in a BrokenPipeError traceback."""
    import subprocess
    import sys

    ekpeer = [sys.executable, "-m", "ekpeer.cli", "cards"]
    proc = subprocess.run(f"{' '.join(ekpeer)} | head -1", shell=True, capture_output=True, text=True,
                          timeout=60, executable="/bin/bash")
    assert proc.stdout.strip() and "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr, \
        proc.stderr
