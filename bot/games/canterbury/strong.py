"""Canterbury's part in the search kit: nothing is hidden and nothing is left to chance, so the
model values positions (prosperity, the District Favor each seat would take at the scorings
still to come, gold left to spend) and searches the heuristic's favourite steps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.canterbury import rules
from bot.games.canterbury.actions import End, NeutralNone, Spread
from bot.games.canterbury.bots import suggestions
from bot.games.canterbury.state import State
from bot.games.protocol import Seat
from bot.games.search.model import BaseModel, Budget, SearchBot

_WIDTH = 6
_STOPS = (End, NeutralNone, Spread)


class CanterburyModel(BaseModel):
    """Evaluation and move order for Canterbury."""

    scale = 12.0
    playout_depth = 0

    def __init__(self) -> None:
        from bot.games.canterbury.engine import ENGINE

        self.engine = ENGINE

    def evaluate(self, state: State) -> Sequence[float]:
        """Per seat: prosperity, Favor it holds times the scorings left, and its gold."""
        favor = [0.0] * state.n
        for _, seat, points in rules.favor_awards(state):
            if 0 <= seat < state.n:
                favor[seat] += points
        left = max(0, 4 - state.scorings)
        return [p.score + 0.8 * left * favor[i] + 0.6 * p.gold for i, p in enumerate(state.players)]

    def candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """The heuristic's favourite steps (ending the turn always among them)."""
        listed = suggestions(state, seat, _WIDTH)
        ranked = [a for a in listed if not isinstance(a, _STOPS)]
        return [*ranked[:1], *(a for a in listed if isinstance(a, _STOPS)), *ranked[1:]]


BUDGET = Budget(iterations=150, exploration=0.5, widen_base=2, widen_rate=0.7)


def strong_bot(budget: Budget | None = None) -> SearchBot:
    """The `strong` Canterbury player."""
    return SearchBot(CanterburyModel(), budget or BUDGET)
