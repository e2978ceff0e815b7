"""Numbered choices at the terminal table keep their numbers while the same prompt lasts: when
one player of a simultaneous decision picks, the others' choices keep the numbers they were
shown with (no "There is no choice 7"), a number that was used up says so, and a new prompt
numbers from 1 again."""

from __future__ import annotations

from pathlib import Path

from tests.cli.localrun import run_lines

PLAYERS = "ann,ben,cid"  # Kingsburg seed 2: year I opens with everyone's aid at once


def test_the_others_keep_their_numbers_after_one_picks(tmp_path: Path) -> None:
    text = run_lines(tmp_path, "kingsburg", PLAYERS, ["6", "7"], seed=2)
    assert "9) cid (green): aid wood" in text
    assert "== ben played Aid from the King (1 wood) ==" in text
    # The second listing keeps ann's 1-3 and cid's 7-9.
    assert (
        "  buttons: 1) ann (red): aid gold | 2) ann (red): aid stone | 3) ann (red): aid wood"
        " | 7) cid (green): aid gold | 8) cid (green): aid stone | 9) cid (green): aid wood"
    ) in text
    assert "There is no choice" not in text
    assert "== cid played Aid from the King (1 gold) ==" in text
    # ann alone now: a new prompt, numbered from 1.
    assert "  buttons: 1) aid gold | 2) aid stone | 3) aid wood" in text


def test_a_used_number_says_it_is_used(tmp_path: Path) -> None:
    text = run_lines(tmp_path, "kingsburg", PLAYERS, ["6", "5"], seed=2)
    assert "Choice 5 is no longer on offer (choices: 1-3, 7-11)." in text  # 10, 11: My board


def test_a_move_typed_in_words_keeps_the_numbers_too(tmp_path: Path) -> None:
    text = run_lines(tmp_path, "kingsburg", PLAYERS, ["ben: aid wood", "8"], seed=2)
    assert "== cid played Aid from the King (1 stone) ==" in text
