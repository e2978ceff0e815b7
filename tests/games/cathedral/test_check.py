"""check() knows whose turn it is and whether the game is over: the colour not to move (dark
placing the Cathedral included), a finished game and something that is not a placement are each
refused with their own code, never raised."""

from __future__ import annotations

from bot.games.cathedral import ENGINE
from bot.games.cathedral.actions import Place
from bot.games.cathedral.board import square_index
from bot.games.cathedral.pieces import Kind
from bot.games.protocol import Seat
from bot.games.rejections import RejectionCode
from tests.games.cathedral.builders import (
    blocked_columns_position,
    play,
)


def _sq(name: str) -> int:
    index = square_index(name)
    assert index is not None
    return index


def test_check_refuses_dark_placing_the_cathedral() -> None:
    """Only light places the Cathedral: check() itself refuses dark, not just step()."""
    state = ENGINE.new_game(2, {}, 1)
    rejection = ENGINE.check(state, Seat(1), Place(Kind.CATHEDRAL, _sq("E5"), 0))
    assert rejection is not None and rejection.code is RejectionCode.NOT_YOUR_TURN


def test_check_refuses_the_colour_not_to_move() -> None:
    """A legal-looking placement by the colour that is not to move is refused by check()."""
    state = play(ENGINE.new_game(2, {}, 1), "light", "Cathedral E5 0").state
    assert ENGINE.to_act(state) == frozenset({Seat(1)})
    rejection = ENGINE.check(state, Seat(0), Place(Kind.TAVERN, 0, 0))
    assert rejection is not None and rejection.code is RejectionCode.NOT_YOUR_TURN
    assert ENGINE.check(state, Seat(7), Place(Kind.TAVERN, 0, 0)) is not None


def test_check_after_the_game_says_game_over() -> None:
    """Once the game is over check() answers with the GAME_OVER code."""
    state = blocked_columns_position({"Tavern": 1}, {"Infirmary": 1})
    final = play(state, "light", "Tavern A1").state
    assert ENGINE.outcome(final) is not None
    rejection = ENGINE.check(final, Seat(0), Place(Kind.TAVERN, 1, 0))
    assert rejection is not None and rejection.code is RejectionCode.GAME_OVER


def test_check_refuses_a_non_action_without_raising() -> None:
    """Something that is not a placement is refused as malformed, never raised."""
    state = ENGINE.new_game(2, {}, 1)
    rejection = ENGINE.check(state, Seat(0), "Cathedral E5 0")  # type: ignore[arg-type]
    assert rejection is not None and rejection.code is RejectionCode.MALFORMED
