"""The opening prompt of a Cathedral game (on Discord and at the terminal table) says that light
places the Cathedral first and shows how to type it; the examples it shows are legal and are
played when typed, with or without the slash. Later prompts speak of buildings."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.localrun import run_lines


def _opening(text: str) -> str:
    start = text.index("== Cathedral begins ==")
    return text[start : text.index("(type a number", start) if "(type a" in text[start:] else None]


def test_the_opening_prompt_says_the_cathedral_goes_first_and_how_to_type_it(
    tmp_path: Path,
) -> None:
    text = run_lines(tmp_path, "cathedral", "alice,bob", [])
    opening = _opening(text)
    assert "Your move, alice (light). Light places the Cathedral first" in opening
    assert "`/cathedral place Cathedral E5 0`" in opening
    assert "`/cathedral move Cathedral E5 0`" in opening
    assert "Place a building" not in opening


def test_the_examples_shown_are_played(tmp_path: Path) -> None:
    text = run_lines(tmp_path, "cathedral", "alice,bob", [])
    examples = re.findall(r"`(/cathedral [^`]+)`", _opening(text))
    assert len(examples) == 2
    # As shown, without the slash, and (the move) as bare notation at the terminal table.
    typed_forms = [*examples, *(e[1:] for e in examples), "Cathedral E5 0"]
    for i, example in enumerate(typed_forms):
        folder = tmp_path / str(i)
        folder.mkdir()
        typed = [example, "1"] if "cathedral place" in example else [example]
        played = run_lines(folder, "cathedral", "alice,bob", typed)
        assert "== alice played Cathedral E5 0 ==" in played, (example, played[-500:])
        # Then dark is asked for a building.
        assert "Your move, bob (dark). Place a building with `/cathedral place`" in played
