"""Kingsburg: the request in an awaited player's panel fits the panel (no "…"), shortened to
what to do when the full wording with every choice would not, at 2 and 5 players."""

from __future__ import annotations

from typing import Any

import pytest

import rendering.kingsburg as R
from bot.games.kingsburg import ENGINE
from bot.games.protocol import Seat, step
from rendering import render
from rendering.kingsburg import governors


def test_request_forms_go_from_the_full_wording_to_what_to_do() -> None:
    text = 'Choose the Duchess\'s gift (2 goods of choice + a "+2" token): gift gold+gold or skip.'
    assert R.request_forms(text) == (
        text,
        'Choose the Duchess\'s gift (2 goods of choice + a "+2" token).',
        "Choose the Duchess's gift.",
    )
    assert R.request_forms("Roll your dice.") == ("Roll your dice.",)


def _awaited_views(players: int, seed: int, limit: int) -> list[Any]:
    """Public views with a long request pending (the ones that used to be cut)."""
    state = ENGINE.new_game(players, {}, seed)
    bots = [ENGINE.bots["random"]() for _ in range(players)]
    views = []
    for k in range(600):
        if ENGINE.outcome(state) is not None or len(views) >= limit:
            break
        view = ENGINE.view(state, None)
        if any(len(p.text) > 120 for p in view.pending):
            views.append(view)
        seat = Seat(min(ENGINE.to_act(state)))
        state = step(ENGINE, state, seat, bots[seat].choose(state, seat, k)).state
    return views


@pytest.mark.parametrize("players", [2, 5])
def test_an_awaited_players_request_is_never_cut(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[list[tuple[str, bool]], int]] = []
    original = R.status_rows

    def spy(lines: Any, fnt: Any, width: float, slots: int) -> list[tuple[str, bool]]:
        rows = original(lines, fnt, width, slots)
        drawn.append((rows, slots))
        return rows

    monkeypatch.setattr(governors, "status_rows", spy)  # where the panels read it
    views = _awaited_views(players, seed=1, limit=6)
    assert len(views) >= 3
    for view in views:
        render("kingsburg", view)
    requests = [row for rows, _ in drawn for row in rows if row[1]]
    assert requests, "some panel shows a request"
    for rows, slots in drawn:
        assert len(rows) <= slots
        assert not any(line.endswith("\u2026") for line, _ in rows), rows
