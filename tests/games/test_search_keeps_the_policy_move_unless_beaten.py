"""The search kit's `keep_first` margin: the model's first candidate (its policy's move) stands
unless the search's choice averages at least the margin more reward; without a margin the most
visited move is played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.search.model import BaseModel, Budget, SearchBot
from tests.games.search_toys import AddUp, Tally


class _Model(BaseModel):
    scale = 4.0

    def __init__(self) -> None:
        self.engine = AddUp(seats=1)  # one move is scored: seat 0's

    def evaluate(self, state: Any) -> Sequence[float]:
        return [float(state.total), 2.0]

    def candidates(self, state: Any, seat: Any, actions: tuple[Any, ...]) -> Sequence[Any]:
        return (1, 2, 3)  # the policy's move first, the best last

    def actor(self, state: Any) -> int:
        return 0


def _choice(keep: float) -> int:
    bot = SearchBot(_Model(), Budget(iterations=60, seconds=0, keep_first=keep))
    return bot.choose(Tally(), 0, 5)  # type: ignore[no-any-return]


def test_without_a_margin_the_best_move_is_played() -> None:
    assert _choice(0.0) == 3


def test_a_move_beaten_by_less_than_the_margin_stands() -> None:
    # 3 averages logistic(1/4) - logistic(-1/4), about 0.12 more than 1: a margin of 0.5 keeps 1.
    assert _choice(0.5) == 1


def test_a_move_beaten_by_more_than_the_margin_is_replaced() -> None:
    assert _choice(0.05) == 3
