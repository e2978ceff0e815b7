"""Architects' part in the search kit: samples of what a seat cannot see come from `hidden`;
positions are valued with the heuristic's board value for every player (the automated
opponent included) corrected where the search abused it: idle workers count less, a board
without workers costs a turn, and the buildings in hand count by how ready they are (skills
and goods), so the search gathers what its own cards need instead of hoarding gold. The
search tries the moves that value most after one step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.architects import rules
from bot.games.architects.board import guildhall_columns
from bot.games.architects.bots import draft_worth, value
from bot.games.architects.cards import APPRENTICE_BY_ID, BUILDING_BY_ID
from bot.games.architects.hidden import determinise
from bot.games.architects.state import Phase, State
from bot.games.protocol import Seat
from bot.games.search.model import BaseModel, Budget, Draws, SearchBot

_WIDTH = 6
_IDLE = 0.15  # workers at home count less than in the heuristic's value: they score nothing
_POT = 0.8  # a card's VP times how ready it is (0..1), for the best _CARDS cards in hand
_CARDS = 2  # (counting three made it draw plans it never built)
_EMPTY = 1.5  # no worker left: the next turn only takes one back (one left: a third of that)
_READY = 0.35  # each of the first _READY_N workers at home: enough to play on without
_READY_N = 5  # spending turns taking single workers back (so it recalls its own groups)
_W = {"clay": 1.0, "wood": 1.0, "stone": 1.0, "gold": 2.0, "marble": 2.5}  # rarity of goods


def potential(st: State, i: int) -> float:
    """How far player i has come towards the buildings in its hand: per card (the best few),
    its VP times the share of its cost in hand (goods weighted by rarity), halved for each
    missing apprentice skill; it fades as the Guildhall fills (unbuilt cards score nothing)."""
    p = st.players[i]
    if not p.hand:
        return 0.0
    skills = {s for a in p.apprentices for s in APPRENTICE_BY_ID[a].skills}
    size = 4 * guildhall_columns(2 if st.automa else st.seats)
    left = 1.0 - len(st.guildhall) / size
    if left <= 0:
        return 0.0
    scores = []
    for cid in p.hand:
        card = BUILDING_BY_ID[cid]
        need = sum(_W.get(g, 1.0) * n for g, n in card.cost) or 1.0
        have = sum(_W.get(g, 1.0) * min(n, p.good(g)) for g, n in card.cost)
        ready = have / need * 0.5 ** sum(1 for s in card.skills if s not in skills)
        scores.append(card.vp * ready)
    scores.sort(reverse=True)
    return _POT * min(1.0, 2.0 * left) * sum(scores[:_CARDS])


def worth(st: State, i: int) -> float:
    """The heuristic's value with the search's corrections: idle workers past the first few
    count less, building progress counts, and running out of workers costs."""
    supply = st.players[i].supply
    short = _EMPTY if supply == 0 else _EMPTY / 3 if supply == 1 else 0.0
    return (
        value(st, i)
        - _IDLE * min(supply, 8)
        + _READY * min(supply, _READY_N)
        + potential(st, i)
        - short
    )


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
        return [worth(state, i) for i in range(len(state.players))]

    def root_candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """At the root, the heuristic's ranking: each action valued after the rest of the turn
        is taken greedily (so its favourite is searched first)."""
        if state.phase is Phase.DRAFT:
            return self.candidates(state, seat, actions)
        scored = sorted(
            range(len(actions)),
            key=lambda i: (
                -worth(_finish_turn_state(rules.apply(state, seat, actions[i])[0], seat, 3), seat),
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
            key=lambda i: (-worth(rules.apply(state, seat, actions[i])[0], seat), i),
        )
        return [actions[i] for i in scored[:_WIDTH]]


def _finish_turn_state(st: State, seat: int, depth: int) -> State:
    """`st` after `seat` takes up to `depth` more decisions of its turn, each the best by
    `value` one step ahead (the heuristic's way of finishing a turn)."""
    while depth and st.phase is Phase.PLAY and seat in rules.to_act(st) and st.pending:
        options = [rules.apply(st, seat, a)[0] for a in rules.legal_actions(st, seat)]
        if not options:
            break
        st = max(options, key=lambda s: worth(s, seat))
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
