"""On the terminal table: a player goes away and comes back, an undo is asked, accepted by
clicking its numbered button and the position restored, and a replay steps through the game."""

from __future__ import annotations

from pathlib import Path

from tests.cli.localrun import run_lines as run_local


def _run(tmp_path: Path, lines: list[str]) -> str:
    return run_local(tmp_path, "cathedral", "ann,bob", lines)


def test_away_and_back_on_the_local_table(tmp_path: Path) -> None:
    text = _run(
        tmp_path,
        ["ann: /game away 3 Dec holiday", "bob: status", "ann: /game back", "bob: status"],
    )
    assert "ann is away until 3 Dec (holiday)." in text
    assert "  Away: ann is away until 3 Dec (holiday)." in text
    assert "== Back ==\nann is back." in text
    assert text.count("  Away: ") == 1, "back: no longer listed as away"


def test_undo_asked_accepted_by_button_and_position_restored(tmp_path: Path) -> None:
    text = _run(
        tmp_path,
        [
            "Cathedral F8 90",
            "bob: Inn E4 180",
            "bob: /game undo",
            "ann: 1",  # Accept (ann)
            "bob: moves Inn",
            "status",
            "history",
            "bob: /game replay",
            "bob: 1",  # ⏮ (◀ would go to the same move 0, so it is not offered twice)
        ],
    )
    assert "bob asks to take back `Inn E4 180`." in text
    assert "buttons: 1) Accept (ann) | 2) Decline (ann)" in text
    assert "bob's move `Inn E4 180` is taken back (everyone agreed)." in text
    assert "Your move, bob (dark)." in text.split("taken back (everyone agreed)")[1]
    assert (
        "Unplaced squares (lower is better): ann (light) 47, bob (dark) 47"
        in text.split("taken back (everyone agreed)")[1]
    )
    assert "== Cathedral: 1 move played ==" in text, "the undone move is not counted"
    assert "Inn E4 180` — Dark places the Inn at E4 (180°). *(taken back by an undo)*" in text
    assert "Replay of Cathedral #1: move 1 of 1" in text
    assert "Taken back after this position (undo): `Inn E4 180` (bob)." in text
    assert "Replay of Cathedral #1: move 0 of 1" in text


def test_away_refusals_say_what_is_wrong_and_discord_names_work(tmp_path: Path) -> None:
    """Out-of-range days name the limit, odd digits never raise, `until:` / `game:` work as on
    Discord (the finished list says `/game replay game:<number>`)."""
    text = _run(
        tmp_path,
        [
            "ann: /game away 400",
            "ann: /game away 0",
            "ann: /game away ²",
            "ann: /game away until:5 reason:trip",
            "ann: /game abandon",
            "/game replay game:1",
            "/game finished",
        ],
    )
    assert "ann and bob — Abandoned by the host, ann." in text, "said once, not 'abandoned: Ab…'"
    assert "An absence can last at most 14 days on this server" in text
    assert "The return date must be in the future." in text
    assert "I cannot read '²' as a return date." in text
    assert "ann is away until " in text and "(trip)." in text
    assert "== Replay of Cathedral #1: move 0 of 0 ==" in text
