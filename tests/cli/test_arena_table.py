"""`python -m bot arena all`: README's arena table in one command, each row with its target
and whether it was met."""

from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.cli.arena import GameRecord
from bot.cli.arena_table import row_of, rows_to_play


def _record(players: tuple[str, ...], winners: tuple[int, ...], strong_time: float) -> GameRecord:
    n = len(players)
    return GameRecord(
        "x", 1, players, (0,) * n, (1,) * n, winners, 10, "", {"strong": [strong_time]}
    )


def test_every_game_has_a_two_player_row_and_one_at_its_largest_count() -> None:
    rows = rows_to_play()
    assert ("cathedral", 2) in rows
    assert {("kingsburg", 5), ("canaan", 4), ("canterbury", 4), ("architects", 5)} <= set(rows)
    assert {key for key, _ in rows} == {
        "architects",
        "canaan",
        "canterbury",
        "cathedral",
        "kingsburg",
    }


def test_a_two_player_row_needs_seventy_percent_and_a_low_end_of_sixty() -> None:
    won = [_record(("strong", "heuristic"), (0,), 0.2) for _ in range(80)]
    lost = [_record(("heuristic", "strong"), (0,), 0.2) for _ in range(20)]
    row = row_of("Game", 2, won + lost)
    assert row.wins == 80 and row.games == 100 and 0.70 < row.low < 0.72
    assert row.met
    few = row_of("Game", 2, won[:8] + lost[:2])  # 80%, but the interval reaches below 60%
    assert not few.met
    slow = row_of("Game", 2, [*won[:79], _record(("strong", "heuristic"), (0,), 1.6), *lost])
    assert not slow.met and slow.worst == 1.6


def test_a_larger_row_needs_twice_a_fair_share_and_a_shared_win_counts_a_share() -> None:
    seats = ("strong", "heuristic", "heuristic", "heuristic")
    records = [_record(seats, (0,), 0.1) for _ in range(30)]
    records += [_record(seats, (1,), 0.1) for _ in range(29)]
    records.append(_record(seats, (0, 1), 0.1))
    row = row_of("Game", 4, records)
    assert row.wins == 30.5 and row.target == 0.5 and row.met
    assert not row_of("Game", 4, records[2:]).met  # 28.5 of 58


def test_arena_all_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "all", "--only", "cathedral", "--games", "1", "--jobs", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("| game | players | games | strong wins |")
    assert "| Cathedral | 2 | 1 |" in out
    assert main(["arena", "all", "--only", "chess"]) == 2
    assert "'chess'" in capsys.readouterr().err
