"""Architects' part in the search kit: samples of what a seat cannot see come from `hidden`;
positions are valued with the heuristic's board value for every player (the automated
opponent included), and the search tries the moves that value most after one step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.architects import rules
from bot.games.architects.bots import draft_worth, value
from bot.games.architects.hidden import determinise
from bot.games.architects.state import Phase, State
from bot.games.protocol import Seat
from bot.games.search.model import BaseModel, Budget, Draws, SearchBot

_WIDTH = 6


class ArchitectsModel(BaseModel):
    """Evaluation and move order for Architects."""

    scale = 6.0
    playout_depth = 0

    def __init__(self) -> None:
        from bot.games.architects import ENGINE

        self.engine = ENGINE

    def determinise(self, state: Any, seat: Seat, draws: Draws) -> Any:
        """See `hidden.determinise`."""
        return determinise(state, seat, draws)

    def evaluate(self, state: State) -> Sequence[float]:
        """Per player (the automated opponent last): the heuristic's value of its board."""
        return [value(state, i) for i in range(state.total_players)]

    def candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """The actions that look best one step ahead."""
        if state.phase is Phase.DRAFT:
            return sorted(actions, key=draft_worth, reverse=True)[:_WIDTH]
        scored = sorted(
            range(len(actions)),
            key=lambda i: (-value(rules.apply(state, seat, actions[i])[0], seat), i),
        )
        return [actions[i] for i in scored[:_WIDTH]]


class StrongBot(SearchBot):
    """Searches the main game; drafts like the heuristic (the draft's value is all in the
    printed cards, and search there only meets other players' unseen packs)."""

    def choose(self, state: Any, seat: Seat, seed: int) -> Any:
        """A draft pick by printed worth, else the search's choice."""
        if state.phase is Phase.DRAFT:
            return max(rules.legal_actions(state, seat), key=draft_worth)
        return super().choose(state, seat, seed)


BUDGET = Budget(iterations=150, exploration=0.5, widen_base=2, widen_rate=0.7)


def strong_bot(budget: Budget | None = None) -> SearchBot:
    """The `strong` Architects player."""
    return StrongBot(ArchitectsModel(), budget or BUDGET)
