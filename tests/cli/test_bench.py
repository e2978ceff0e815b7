"""`python -m bot bench`: figures next to their floors and targets, table-driven over the game
registry, a quick run without verdicts, the README table on its own, and the scale run."""

from __future__ import annotations

import pytest

from bot.__main__ import build_parser, main
from bot.cli import bench
from bot.cli.benchkit import Figure, Row, markdown_table
from bot.games import registry


def _report_and_table(out: str) -> tuple[str, list[str]]:
    report, _, summary = out.partition("Summary (")
    rows = [line for line in summary.splitlines() if line.startswith("| ")]
    return report, rows


def test_quick_prints_every_figure_with_floor_and_target_but_no_verdict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--game", "cathedral", "--quick"]) == 0
    report, rows = _report_and_table(capsys.readouterr().out)
    assert "== Cathedral (cathedral), 2 players ==" in report
    for figure in (
        "random games/s",
        "render p95, mid-game",
        "PNG size max, end-game",
        "move p50, whole path",
        "move p95, whole path",
        "moves/s, service without rendering, quiet",
        "moves/s, service without rendering, busy",
        "moves/s, service, by its CPU time alone",
        "bare commits/s",
        "peak memory",
    ):
        assert figure in report, figure
        assert any(f"| {figure}" in row for row in rows), figure
    # Whole-path and render figures are shown as multiples of their floor, measured in the run.
    whole = [line for line in report.splitlines() if "whole path" in line]
    assert len(whole) == 2 and all("x floor" in line for line in whole)
    assert "target <= 3x floor" in report and "target <= 4x floor" in report
    assert "target <= 30 ms" in report and "target >= 1,000" in report
    # A smoke run's numbers mean nothing: no verdict anywhere.
    assert " OK" not in report and "MISS" not in report
    assert rows[0] == "| Game | Players | Figure | Value | Floor | Target | Result |"
    assert len(rows) == 1 + 13 + 1  # header, thirteen Cathedral figures, memory
    assert all(row.split("|")[-2].strip() == "-" for row in rows[1:])


def test_every_registered_game_is_benched_with_its_fewest_and_most_players() -> None:
    assert bench.games_to_bench(None) == sorted(registry())
    for engine in registry().values():
        counts = bench.seat_counts(engine)
        assert counts[0] == engine.spec.min_players and counts[-1] == engine.spec.max_players


def test_kingsburg_adds_a_five_player_run(capsys: pytest.CaptureFixture[str]) -> None:
    def fake_render(game: str, view: object, **_: object) -> bytes:
        assert game == "kingsburg"
        return b"\x89PNG" + b"\0" * 2048  # not a real PNG: no floor can be measured for it

    args = build_parser().parse_args(["bench", "--game", "kingsburg", "--quick"])
    assert bench.run(args, render_png=fake_render) == 0
    out = capsys.readouterr().out
    assert "== Kingsburg (kingsburg), 2 players ==" in out
    assert "== Kingsburg (kingsburg), 5 players ==" in out
    for figure in ("render p95, mid-game", "move p95, whole path", "moves/s, service"):
        assert f"| Kingsburg | 2 | {figure}" in out, figure
        assert f"| Kingsburg | 5 | {figure}" in out, figure
    assert "| Kingsburg | 5 | PNG size max, mid-game | 2.0 KB | - | <= 300 KB | - |" in out


def test_markdown_prints_only_the_readme_table(capsys: pytest.CaptureFixture[str]) -> None:
    def fake_render(game: str, view: object, **_: object) -> bytes:
        return b"\x89PNG" + b"\0" * 100

    args = build_parser().parse_args(["bench", "--game", "cathedral", "--quick", "--markdown"])
    assert bench.run(args, render_png=fake_render) == 0
    captured = capsys.readouterr()
    lines = [line for line in captured.out.splitlines() if line]
    assert lines[0].startswith("Measured on ") and "cores" in lines[0]
    assert all(line.startswith("|") for line in lines[1:])
    assert "== Cathedral" in captured.err  # progress goes to stderr


def test_figures_judge_values_or_multiples_of_their_floor() -> None:
    rows = [
        Row("Cathedral", "2", Figure("render p95", 75.0, "ms", 30.0)),
        Row("Cathedral", "2", Figure("moves/s", 1450.0, "", 1000.0, at_most=False)),
        Row("Cathedral", "2", Figure("move p50", 9.0, "ms", 3.0, floor=4.0, per_floor=True)),
        Row("Cathedral", "2", Figure("move p95", 30.0, "ms", 4.0, floor=5.0, per_floor=True)),
        Row("all", "-", Figure("peak memory", 80.0, "MB")),
    ]
    lines = markdown_table(rows)
    assert lines[2] == "| Cathedral | 2 | render p95 | 75.0 ms | - | <= 30 ms | MISS |"
    assert lines[3] == "| Cathedral | 2 | moves/s | 1,450.0 | - | >= 1,000 | OK |"
    assert (
        lines[4] == "| Cathedral | 2 | move p50 | 9.0 ms | 2.2x floor 4.0 ms | <= 3x floor | OK |"
    )
    assert (
        lines[5]
        == "| Cathedral | 2 | move p95 | 30.0 ms | 6.0x floor 5.0 ms | <= 4x floor | MISS |"
    )
    assert lines[6] == "| all | - | peak memory | 80.0 MB | - | - | - |"
    unjudged = markdown_table(rows, judged=False)
    assert all(line.endswith("| - |") for line in unjudged[2:])
    no_floor = Figure("move p50", 9.0, "ms", 3.0, floor=None, per_floor=True)
    assert no_floor.verdict == "" and no_floor.floor_text() == ""


def test_unknown_game_prints_nothing_else(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "chess", "--quick"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "No game called 'chess'" in captured.err


def test_scale_quick_reports_every_scale_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--scale", "24", "--quick"]) == 0
    out = capsys.readouterr().out
    for figure in (
        "service move p50, 24 games",
        "moves/s change",
        "start-up to ready, bots resumed",
        "reminder pass, none due (0 reminded)",
        "reminder pass, all due (24 reminded)",
        "event loop held at most",
        "memory held after start-up and a pass, per game",
        "states cached after that (bound 1024)",
        "session locks left after that",
        "database bytes per game",
        "database bytes per move",
    ):
        assert figure in out, figure
    assert "MISS" not in out and " OK" not in out
    assert "| Cathedral | 2 | session locks left after that | 0 |" in out


def test_the_catanatron_comparison_is_a_judged_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ratio of Canaan's random 4-player games/s to catanatron's is a table row judged
    against 2x; without catanatron installed the row is left out and a line says why."""
    from bot.cli import bench_catan

    monkeypatch.setattr(bench_catan, "canaan_random_games", lambda *a, **k: (50.0, 0.03))
    monkeypatch.setattr(bench_catan, "catanatron_random_games", lambda *a, **k: 20.0)
    lines, figures = bench_catan.comparison(0.1, 2)
    ratio = figures[-1]
    assert ratio.value == pytest.approx(2.5) and ratio.verdict == "OK"
    assert ratio.target_text() == ">= 2 x" and "ratio 2.50 (target >= 2.00) OK" in lines[-1]
    monkeypatch.setattr(bench_catan, "catanatron_random_games", lambda *a, **k: 30.0)
    assert bench_catan.comparison(0.1, 2)[1][-1].verdict == "MISS"
    monkeypatch.setattr(bench_catan, "catanatron_random_games", lambda *a, **k: None)
    lines, figures = bench_catan.comparison(0.1, 2)
    assert "comparison skipped" in lines[-1]
    assert not any("catanatron" in f.name for f in figures)
