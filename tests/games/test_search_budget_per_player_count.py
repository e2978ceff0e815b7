"""The search's iteration budget can differ by player count (an iteration costs more with more
seats) and by position (a model's `iterations_at`, e.g. Cathedral's opening), and a test's small
budget overrides every count."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.search.model import BaseModel, Budget, Draws, SearchBot


class _Engine:
    """Three seats count down a shared number; the search is asked for seat 0's move."""

    def legal_actions(self, state: Any, seat: int) -> tuple[int, ...]:
        return (1, 2)

    def to_act(self, state: Any) -> frozenset[int]:
        return frozenset({0})

    def outcome(self, state: Any) -> None:
        return None

    def apply(self, state: Any, seat: int, action: int) -> Any:
        class _T:
            pass

        t = _T()
        t.state = state  # type: ignore[attr-defined]
        return t


class _Counting(BaseModel):
    def __init__(self, seats: int) -> None:
        self.engine = _Engine()
        self.seats = seats
        self.samples = 0

    def determinise(self, state: Any, seat: Any, draws: Draws) -> Any:
        self.samples += 1
        return state

    def evaluate(self, state: Any) -> Sequence[float]:
        return [0.0] * self.seats


def _samples(seats: int, budget: Budget) -> int:
    model = _Counting(seats)
    SearchBot(model, budget).choose(object(), 0, 1)  # type: ignore[arg-type]
    return model.samples


def test_the_budget_of_a_player_count_replaces_the_default() -> None:
    budget = Budget(iterations=40, seconds=0, by_seats=((4, 25), (5, 15)))
    assert budget.for_seats(2).iterations == 40
    assert budget.for_seats(4).iterations == 25
    assert _samples(2, budget) == 40
    assert _samples(3, budget) == 40
    assert _samples(4, budget) == 25
    assert _samples(5, budget) == 15


def test_a_scaled_budget_holds_at_every_player_count() -> None:
    budget = Budget(iterations=40, seconds=0, by_seats=((4, 25),)).scaled(6)
    assert _samples(2, budget) == 6
    assert _samples(4, budget) == 6


def test_no_iterations_plays_the_models_first_candidate() -> None:
    model = _Counting(4)
    choice = SearchBot(model, Budget(iterations=40, seconds=0, by_seats=((4, 0),))).choose(
        object(),  # type: ignore[arg-type]
        0,
        1,
    )
    assert model.samples == 0 and choice == 1  # BaseModel's candidates: the engine's order


def test_a_model_may_give_a_position_fewer_iterations() -> None:
    model = _Counting(2)
    model.iterations_at = lambda state, iterations: 7  # type: ignore[attr-defined]
    SearchBot(model, Budget(iterations=40, seconds=0)).choose(object(), 0, 1)  # type: ignore[arg-type]
    assert model.samples == 7
    model = _Counting(2)
    model.iterations_at = lambda state, iterations: 99  # type: ignore[attr-defined]
    SearchBot(model, Budget(iterations=40, seconds=0)).choose(object(), 0, 1)  # type: ignore[arg-type]
    assert model.samples == 40  # never more than the budget


def test_cathedral_opens_with_fewer_iterations() -> None:
    from bot.games.cathedral.engine import ENGINE
    from bot.games.cathedral.strong import CathedralModel

    model, state = CathedralModel(), ENGINE.new_game(2, {}, 1)
    assert model.iterations_at(state, 70) < 70


def test_canaan_strong_without_search_plays_its_plan() -> None:
    from bot.games.canaan import ENGINE
    from bot.games.canaan.bots import HeuristicBot
    from bot.games.canaan.plan import PlanBot
    from bot.games.canaan.strong import BUDGET
    from bot.games.protocol import Seat, step

    strong, plan, heuristic = ENGINE.bots["strong"](), PlanBot(), HeuristicBot()
    strong.budget = BUDGET.scaled(0)
    differ = 0
    for players in (2, 3, 4):
        assert BUDGET.for_seats(players).iterations > 0  # the shipped player searches
        state = ENGINE.new_game(players, {}, 9)
        for ply in range(120):
            seat = Seat(min(ENGINE.to_act(state)))
            move = plan.choose(state, seat, ply)
            assert strong.choose(state, seat, ply) == move
            differ += move != heuristic.choose(state, seat, ply)
            state = step(ENGINE, state, seat, move).state
    assert differ  # the plan is not the heuristic's
