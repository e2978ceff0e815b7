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
_IDLE = 0.15  # workers at home count less than in the heuristic's value: they score nothing


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
        """Per player (the automated opponent last): the heuristic's value of its board, once
        the player whose turn it is has taken the rest of its turn's decisions greedily (a
        position halfway through a turn undervalues the placement that began it)."""
        if state.phase is Phase.PLAY and state.pending:
            to_act = rules.to_act(state)
            if to_act:
                mover = min(to_act)
                state = _finish_turn_state(state, mover, 3)
        return [value(state, i) - _IDLE * min(p.supply, 8) for i, p in enumerate(state.players)]

    def root_candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """At the root, the heuristic's ranking: each action valued after the rest of the turn
        is taken greedily (so its favourite is searched first)."""
        if state.phase is Phase.DRAFT:
            return self.candidates(state, seat, actions)
        scored = sorted(
            range(len(actions)),
            key=lambda i: (
                -value(_finish_turn_state(rules.apply(state, seat, actions[i])[0], seat, 3), seat),
                i,
            ),
        )
        return [actions[i] for i in scored[:_WIDTH]]

    def candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """The actions that look best one step ahead."""
        if state.phase is Phase.DRAFT:
            return sorted(actions, key=draft_worth, reverse=True)[:_WIDTH]
        scored = sorted(
            range(len(actions)),
            key=lambda i: (-value(rules.apply(state, seat, actions[i])[0], seat), i),
        )
        return [actions[i] for i in scored[:_WIDTH]]


def _finish_turn_state(st: State, seat: int, depth: int) -> State:
    """`st` after `seat` takes up to `depth` more decisions of its turn, each the best by
    `value` one step ahead (the heuristic's way of finishing a turn)."""
    while depth and st.phase is Phase.PLAY and seat in rules.to_act(st) and st.pending:
        options = [rules.apply(st, seat, a)[0] for a in rules.legal_actions(st, seat)]
        if not options:
            break
        st = max(options, key=lambda s: value(s, seat))
        depth -= 1
    return st


class StrongBot(SearchBot):
    """Searches the main game; drafts like the heuristic (the draft's value is all in the
    printed cards, and search there only meets other players' unseen packs)."""

    def choose(self, state: Any, seat: Seat, seed: int) -> Any:
        """A draft pick by printed worth, else the search's choice."""
        if state.phase is Phase.DRAFT:
            return max(rules.legal_actions(state, seat), key=draft_worth)
        return super().choose(state, seat, seed)


BUDGET = Budget(iterations=100, exploration=0.5, widen_base=2, widen_rate=0.7)


def strong_bot(budget: Budget | None = None) -> SearchBot:
    """The `strong` Architects player."""
    return StrongBot(ArchitectsModel(), budget or BUDGET)
