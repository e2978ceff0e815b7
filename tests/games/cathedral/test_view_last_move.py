"""The view tells what the last move did: its number and notation, who was skipped, and which
squares the pieces it captured stood on (the board marks them for one move)."""

from __future__ import annotations

from bot.games.cathedral import ENGINE
from bot.games.cathedral.codec import state_from_dict, state_to_dict
from bot.games.protocol import Rejection, Seat, step


def _play(seed: int):
    """Every (previous state, transition) of one random game."""
    bot = ENGINE.bots["heuristic"]()
    state = ENGINE.new_game(2, ENGINE.spec.validate_options({}), seed)
    ply = 0
    while ENGINE.outcome(state) is None:
        seat = Seat(min(ENGINE.to_act(state)))
        ply += 1
        result = step(ENGINE, state, seat, bot.choose(state, seat, seed * 1000 + ply))
        assert not isinstance(result, Rejection)
        yield state, result
        state = result.state


def test_view_reports_move_number_text_skips_and_capture_footprint() -> None:
    captures = skips = 0
    for seed in range(8):
        if captures and skips:
            break  # both seen: more games only cost time
        for before, transition in _play(seed):
            after = transition.state
            view = ENGINE.view(after, None)
            if after.game_number != before.game_number or after.to_move is None:
                continue  # a new game of a series starts fresh, and the end has no mover
            assert view.move_number == ENGINE.view(before, None).move_number + 1
            placed = next(e for e in transition.events if e.kind == "place").data
            assert view.last_move is not None
            assert view.last_move.split()[:2] == [placed["piece"], placed["square"]]
            passes = [e.data["colour"] for e in transition.events if e.kind == "pass"]
            if passes:
                skips += 1
                assert view.skipped == passes[0]
            if view.skipped is not None:
                assert view.to_move == view.last_mover != view.skipped
            if any(e.kind == "capture" for e in transition.events):
                captures += 1
                assert view.last_captured
                covered = {c for p in view.pieces for c in p.cells}
                assert not covered & set(view.last_captured)
                mover = view.last_mover
                assert all(view.territory[r][c] == mover for r, c in view.last_captured)
            else:
                assert view.last_captured == ()
            restored = state_from_dict(state_to_dict(after))
            assert restored.last_captured == after.last_captured
    assert captures and skips, "the sample games should include a capture and a skipped player"


def test_fresh_game_view_has_no_last_move() -> None:
    view = ENGINE.view(ENGINE.new_game(2, ENGINE.spec.validate_options({}), 1), None)
    assert (view.move_number, view.last_move, view.skipped, view.last_captured) == (
        0,
        None,
        None,
        (),
    )
