"""Two optional parts of a game's search model: other seats that follow the model's policy
(the tree then branches on the deciding seat's moves only) and a playout that stops where the
model says (e.g. at a turn's end)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.search.model import BaseModel, Budget, Draws, SearchBot
from tests.games.search_toys import AddUp, Tally


class _Model(BaseModel):
    playout_depth = 8

    def __init__(self, follow: bool, stop_after: int | None = None) -> None:
        self.engine = AddUp()
        self.opponents_follow_policy = follow
        self.ranked_for: list[int] = []
        self.playout_plies = 0
        if stop_after is not None:
            self.playout_done = lambda start, s: s.ply - start.ply >= stop_after

    def evaluate(self, state: Any) -> Sequence[float]:
        return [float(state.total), 0.0]

    def candidates(self, state: Any, seat: Any, actions: tuple[Any, ...]) -> Sequence[Any]:
        self.ranked_for.append(seat)
        return actions

    def actor(self, state: Any) -> int:
        return state.ply % 2

    def playout_action(self, state: Any, seat: Any, actions: tuple[Any, ...], draws: Draws) -> Any:
        self.playout_plies += 1
        return 1


def test_other_seats_follow_the_policy_and_only_the_deciding_seat_branches() -> None:
    free, follow = _Model(follow=False), _Model(follow=True)
    for model in (free, follow):
        SearchBot(model, Budget(iterations=60, seconds=0)).choose(Tally(), 0, 1)
    assert 1 in free.ranked_for  # without the opponent model, seat 1's moves are ranked
    assert follow.ranked_for and set(follow.ranked_for) == {0}


def test_a_playout_stops_where_the_model_says() -> None:
    unbounded, bounded = _Model(follow=False), _Model(follow=False, stop_after=2)
    for model in (unbounded, bounded):
        SearchBot(model, Budget(iterations=20, seconds=0)).choose(Tally(), 0, 1)
    assert unbounded.playout_plies == 20 * 8
    assert bounded.playout_plies == 20 * 2


def test_the_deciding_seats_own_playout_moves_follow_its_own_policy() -> None:
    model = _Model(follow=True)
    movers: list[int] = []

    def own(state: Any, seat: Any, actions: tuple[Any, ...], draws: Draws) -> Any:
        movers.append(seat)
        return 3

    model.own_playout_action = own  # type: ignore[attr-defined]
    SearchBot(model, Budget(iterations=20, seconds=0)).choose(Tally(), 0, 1)
    assert movers and set(movers) == {0}  # only seat 0's playout moves
    assert model.playout_plies  # the others' still by `playout_action`
