"""The score sheet has a column for Architects' automated opponent (solo and two players), and a
tie decided by virtue or silver names the tie-break ("Winner: Blue (tie broken by virtue)")
instead of a bare "Blue wins with 0 VP"."""

from __future__ import annotations

import pytest

from bot.games import get_engine
from bot.games.architects import scoring
from bot.games.architects.scoring import Score
from bot.games.protocol import Seat
from rendering import scoresheet
from rendering.base import record_text
from tests.rendering.test_architects import _advance

ENGINE = get_engine("architects")


@pytest.mark.parametrize(("players", "options"), [(1, {}), (2, {"opponent": "helena"})])
def test_the_automated_opponent_has_its_own_column(players: int, options: dict) -> None:
    state = _advance(players, 5000, **options)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and len(outcome.others) == 1
    ((name, lines),) = outcome.others.items()
    names = [f"Player {i + 1}" for i in range(players)]
    sides = [ENGINE.seat_label(state, Seat(i)) for i in range(players)]
    sheet = scoresheet.sheet_from_outcome("Architects", outcome, names, sides)
    assert len(sheet.players) == players + 1
    column = sheet.players[-1]
    assert column.name == name and column.mark == "K"
    assert sheet.totals[-1] == sum(lines.values())
    final = scoring.final_scores(state)
    assert sheet.totals[-1] == final[state.automa_index].total
    with record_text() as log:
        scoresheet.render(sheet)
    assert name in " ".join(r.text for r in log)


@pytest.mark.parametrize(
    ("virtue", "silver", "decided"), [((5, 3), (1, 9), "virtue"), ((4, 4), (2, 7), "silver")]
)
def test_a_tie_on_vp_names_the_tie_break(
    virtue: tuple[int, int],
    silver: tuple[int, int],
    decided: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _advance(2, 5000)
    level = [Score({"Buildings": 0}, virtue[i], silver[i]) for i in range(2)]
    monkeypatch.setattr(scoring, "final_scores", lambda st: level)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    winner = 0 if (virtue[0], silver[0]) > (virtue[1], silver[1]) else 1
    assert outcome.winners == frozenset({Seat(winner)})
    assert outcome.tie_break == decided
    assert f"broken by {decided}" in outcome.reason
    assert outcome.to_dict()["tie_break"] == decided
    sheet = scoresheet.sheet_from_outcome("Architects", outcome, ["Ann", "Bob"], ["red", "blue"])
    assert sheet.winner_line.endswith(f"(tie broken by {decided})")


def test_no_tie_break_when_vp_decides() -> None:
    assert scoring.tie_break([Score({"a": 3}, 0, 0), Score({"a": 2}, 9, 9)]) == ""
    shared = [Score({"a": 3}, 2, 2), Score({"a": 3}, 2, 2)]
    assert scoring.tie_break(shared) == ""
    state = _advance(2, 5000)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    if not outcome.tie_break:
        assert "tie_break" not in outcome.to_dict()
