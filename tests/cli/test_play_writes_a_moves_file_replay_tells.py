"""`play` writes a moves file (and prints the same text) that `replay` reads back with the same
game, seed and options; `replay` tells the game as a reader wants it: each move in the table's
words with what happened, then the result and the scores, not a dump of the state."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.__main__ import main


def _play(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["play", *args]) == 0
    return capsys.readouterr().out


def _replay(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["replay", *args]) == 0, capsys.readouterr().out[-300:]
    return capsys.readouterr().out


def _result(text: str) -> tuple[list[str], str]:
    """The scores in seat order and the engine's closing sentence, however each command words
    the seats ("0:random(red) 8" or "red (seat 0) 8")."""
    line = next(ln for ln in text.splitlines() if ln.lower().startswith("result:"))
    scores = re.findall(r"\) (-?\d+)", line)
    return scores, line.rsplit(". ", 1)[-1] if line.count(". ") else line


def test_the_moves_file_replays_to_the_same_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    printed = _play(
        ["kingsburg", "--bots", "random,random,random", "--seed", "3", "--out", str(out)], capsys
    )
    moves = out / "moves.txt"
    written = moves.read_text(encoding="utf-8")
    assert "# players: 3" in written and "# seed: 3" in written
    assert [ln for ln in printed.splitlines() if not ln.startswith("# moves file")] == (
        written.splitlines()
    )
    # No --players, --seed or --options: the file says them.
    told = _replay(["kingsburg", "--moves", str(moves)], capsys)
    assert told.startswith("Kingsburg (3 players, seed 3): ")
    assert _result(told) == _result(printed)


def test_the_printed_log_replays_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    printed = _play(["cathedral", "--bots", "heuristic,random", "--seed", "2"], capsys)
    log = tmp_path / "log.txt"
    log.write_text(printed, encoding="utf-8")
    told = _replay(["cathedral", "--moves", str(log)], capsys)
    assert "Result: light (seat 0) wins." in told or "Result: dark (seat 1) wins." in told


def test_replay_tells_moves_in_words_and_the_outcome_not_a_state_dump(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = tmp_path / "moves.txt"
    _play(
        ["canterbury", "--bots", "heuristic,random", "--seed", "4", "--moves", str(moves)], capsys
    )
    told = _replay(["canterbury", "--moves", str(moves)], capsys)
    lines = told.splitlines()
    assert lines[0].startswith("Canterbury (2 players, seed 4): ")
    assert lines[1] == " 1. blue (seat 0): Full Build"
    assert lines[2] == "    • Blue chooses Full Build."
    assert any(": a Fountain in B3" in ln for ln in lines)  # the table's words, not `build ...`
    assert lines[-1].startswith("Result: blue (seat 0) wins. Scores: blue (seat 0) ")
    for dump in ("data_fingerprint", "turn_number:", "players: [", "phase:"):
        assert dump not in told


def test_a_moves_file_of_another_game_is_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = tmp_path / "moves.txt"
    _play(["cathedral", "--seed", "1", "--moves", str(moves)], capsys)
    assert main(["replay", "kingsburg", "--moves", str(moves)]) == 2
    err = capsys.readouterr().err
    assert "is for 'cathedral', not 'kingsburg': run `replay cathedral`." in err
