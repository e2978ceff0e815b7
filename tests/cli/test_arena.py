"""`python -m bot arena`: games with the seats rotated, finished-game records, win rates with
a Wilson interval, and a game that reaches the move cap reported as a failure."""

from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.cli.arena import GameRecord, run_games, seating, summarise, wilson


def test_seats_rotate_and_records_hold_places() -> None:
    records = run_games("kingsburg", ["heuristic", "random"], games=2, seed=1)
    assert [r.players for r in records] == [("heuristic", "random"), ("random", "heuristic")]
    for r in records:
        assert isinstance(r, GameRecord) and not r.failed and r.moves > 0
        assert sorted(r.places)[0] == 1 and set(r.winners) == {
            i for i, p in enumerate(r.places) if p == 1
        }
    assert seating(["a", "b", "c"], 4) == ("b", "c", "a")


def test_a_game_at_the_move_cap_is_a_failure() -> None:
    [record] = run_games("cathedral", ["random", "random"], games=1, seed=1, cap=3)
    assert record.failed and record.moves == 3 and not record.winners
    assert "failures 1" in summarise([record])


def test_wilson_interval() -> None:
    low, high = wilson(70, 100)
    assert 0.60 < low < 0.61 and 0.78 < high < 0.79
    assert wilson(0, 0) == (0.0, 1.0)


def test_arena_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "kingsburg", "--players", "heuristic,random", "--games", "2", "--jobs", "1"]
    assert main([*argv, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "| heuristic |" in out and "95% interval" in out and "seat balance" in out
    assert main(["arena", "cathedral", "--players", "heuristic,wizard"]) == 2
    assert "no bot 'wizard'" in capsys.readouterr().err
