"""The terminal table's private moves and private readings: the numbered private menu that
`/<game> hand` (any reading subcommand) brings, `peek` in a game without hidden information."""

from __future__ import annotations

from pathlib import Path

from tests.cli.localrun import run_lines


def test_architects_hand_offers_a_numbered_private_menu_and_a_number_keeps_the_card(
    tmp_path: Path,
) -> None:
    """Architects, seed 1: ann's draft hand comes with a private numbered menu of her `keep`
    moves (as Discord's ephemeral menu); typing `1` keeps the first card for ann."""
    text = run_lines(tmp_path, "architects", "ann,bob", ["/architects hand", "1"])
    assert "[only you] == Your private choices ==" in text
    assert "    1) keep Betting House (7 VP)" in text
    assert "== ann played Keep: a card (secret) ==" in text
    assert "You keep Betting House." in text


def test_hand_without_private_choices_offers_no_menu(tmp_path: Path) -> None:
    """After keeping, ann has no card choice until bob keeps: her hand shows no menu."""
    text = run_lines(tmp_path, "architects", "ann,bob", ["ann: keep Betting House", "ann: hand"])
    tail = text.split("> ann: hand", 1)[1]
    assert "Your view as red" in tail and "Your private choices" not in tail


def test_peek_in_a_game_without_hidden_information_says_so(tmp_path: Path) -> None:
    """Cathedral and Canterbury hide nothing: bare `peek`, `hand` and `/cathedral peek` answer
    that, never "no building called 'peek'" (a move named peek)."""
    for game in ("cathedral", "canterbury"):
        (tmp_path / game).mkdir()
        text = run_lines(tmp_path / game, game, "ann,bob", ["peek", "hand", f"/{game} peek"])
        assert text.count("This game has no hidden information") == 3, text
        assert "peek'" not in text


def test_peek_reads_the_private_information_of_a_game_that_calls_it_hand(tmp_path: Path) -> None:
    """Architects' reading command is `hand`; `peek` shows the same private view."""
    text = run_lines(tmp_path, "architects", "ann,bob", ["peek"])
    assert "[only you] == Only you can see this ==" in text
    assert "Draft round 1 of 3, keep one:" in text


def test_status_brings_the_private_menu_to_the_player_who_asked(tmp_path: Path) -> None:
    """`/game status` as ann: her private view and her numbered `keep` choices (seed 1)."""
    # 1-4 stay with the start post's buttons (two Keep…, My hand, Details) while it is up.
    text = run_lines(tmp_path, "architects", "ann,bob", ["ann: status", "4"])
    assert "    4) keep Clay Pit (3 VP)" in text
    assert "You keep Clay Pit." in text
