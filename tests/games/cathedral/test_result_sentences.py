"""Result and new-game sentences are seat-neutral: a single game's reason names colours and counts,
a series' reason says whether the winner started light or dark, and the next game of a series
is announced by colour; never 'Player n'."""

from __future__ import annotations

from dataclasses import replace

from bot.games.cathedral import ENGINE
from bot.games.cathedral.state import CathedralState, GameRecord, Phase
from bot.games.protocol import Seat
from tests.games.cathedral.builders import (
    blocked_columns_position,
    play,
    position,
)


def test_reason_names_colours_never_players() -> None:
    """A single game's reason says which colour won and the counts; no 'Player n'."""
    cases = [
        ({"Tavern": 1}, "Light wins: 0 unplaced squares against 5."),
        ({"Tavern": 1, "Manor": 1}, "Light wins: 4 unplaced squares against 5."),
        ({"Tavern": 1, "Castle": 1}, "Draw: both colours have 5 unplaced squares."),
    ]
    for light_hand, reason in cases:
        state = blocked_columns_position(light_hand, {"Infirmary": 1})
        outcome = ENGINE.outcome(play(state, "light", "Tavern A1").state)
        assert outcome is not None and outcome.reason == reason


def _series_end(totals_games: list[tuple[int, int]], last_light_seat: int) -> CathedralState:
    """A finished series with the given per-seat scores (the last game in `state.hands`)."""
    games = len(totals_games)
    history = tuple(GameRecord(i + 1, Seat(i % 2), scores) for i, scores in enumerate(totals_games))
    base = position([("cathedral", "Cathedral E5 0")], games=games, game_number=games)
    assert base.light_seat == last_light_seat
    return replace(base, phase=Phase.OVER, to_move=None, history=history)


def test_series_reason_is_seat_neutral() -> None:
    """The series reason names no player number: it says the winner started as light or dark."""
    state = _series_end([(3, 9), (8, 4)], last_light_seat=1)  # seat 0: 11, seat 1: 13
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({Seat(0)})
    assert "Player" not in outcome.reason and "player 1" not in outcome.reason.lower()
    assert outcome.reason == (
        "Series of 2 games: the player who was light in game 1 wins with 11 points against 13 "
        "(lower is better)."
    )
    state = _series_end([(9, 3), (4, 8)], last_light_seat=1)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({Seat(1)})
    assert outcome.reason.startswith("Series of 2 games: the player who was dark in game 1 wins")
    drawn = ENGINE.outcome(_series_end([(3, 9), (9, 3)], last_light_seat=1))
    assert drawn is not None and drawn.reason == "The series of 2 games is drawn at 12 points each."
    view = ENGINE.view(state, None)
    assert view.result_text == outcome.reason


def test_new_game_event_is_seat_neutral() -> None:
    """The next game of a series is announced by colour, not by player number."""
    state = blocked_columns_position({"Tavern": 1}, {"Infirmary": 1})
    state = replace(state, games=2)
    result = play(state, "light", "Tavern A1")
    texts = [e.text for e in result.events if e.kind == "new_game"]
    assert texts == [
        "Game 2 of 2 begins. Colours swap: the player who was dark is light now and places "
        "the Cathedral."
    ]
    assert ENGINE.to_act(result.state) == frozenset({Seat(1)})
