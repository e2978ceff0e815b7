"""Kingsburg's part in the search kit: the enemy cards a seat has not seen are drawn again from
each year's stack (card backs show the year), and the dice are re-seeded, so the search plans
against the enemies and rolls the seat may expect rather than the ones the game holds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.games.kingsburg import data as D
from bot.games.kingsburg.bots import (
    _EXTRA,
    HeuristicBot,
    _best_recruit,
    _goods_worth,
    _recruit_worth,
)
from bot.games.kingsburg.state import State, Step
from bot.games.protocol import Seat
from bot.games.rng import Rng
from bot.games.search.model import BaseModel, Budget, Draws, SearchBot

_HEURISTIC = HeuristicBot()


def determinise(state: State, seat: Seat, draws: Draws) -> State:
    """`state` with every enemy card `seat` has not seen re-drawn from its year's stack and the
    game's chance re-seeded."""
    deck = list(state.deck)
    for year in range(1, len(deck) + 1):
        seen = year <= state.revealed or (year == state.year and seat in state.peeked)
        if not seen:
            cards = D.cards_of_year(year)
            deck[year - 1] = cards[draws.below(len(cards))].card_id
    return replace(state, deck=tuple(deck), rng=Rng(draws.seed(), 0, state.rng.scheme))


class KingsburgModel(BaseModel):
    """Evaluation and move order for Kingsburg."""

    scale = 4.0
    playout_depth = 0

    def __init__(self) -> None:
        from bot.games.kingsburg import ENGINE

        self.engine = ENGINE

    def determinise(self, state: Any, seat: Seat, draws: Draws) -> Any:
        """See `determinise`."""
        return determinise(state, seat, draws)

    def evaluate(self, state: State) -> Sequence[float]:
        """Per seat: VP, plus what goods, tokens and building powers are still worth, and the
        expected result of this year's battle if it is still to come."""
        left = max(0, 5 - state.year) / 4
        fought = state.step is Step.OVER or any(b.year == state.year for b in state.battles)
        out = []
        for i, p in enumerate(state.players):
            goods = sum(p.goods)
            v = float(p.vp) + (0.45 * goods if state.year < 5 else 0.05 * goods)
            if not fought:
                # This winter's battle as the heuristic expects it (the enemies the seat may
                # know of, the King's die's six faces): its VP and the goods it brings or takes.
                v += _recruit_worth(state, i, 0, (0, 0, 0)) - _goods_worth(state, p, p.goods)
            v += left * sum(_EXTRA.get(b, 0.0) for b in p.buildings)
            v += 0.4 * p.plus_two
            out.append(v)
        return out

    def candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """Every action, the heuristic's favourite first."""
        if state.step is Step.RECRUIT:
            first = _best_recruit(state, seat, list(actions))
            return [first, *(a for a in actions if a != first)]
        scored = sorted(
            range(len(actions)), key=lambda i: (-_HEURISTIC._score(state, seat, actions[i]), i)
        )
        return [actions[i] for i in scored]


BUDGET = Budget(iterations=110, exploration=0.5, widen_base=3, widen_rate=1.0)


def strong_bot(budget: Budget | None = None) -> SearchBot:
    """The `strong` Kingsburg player."""
    return SearchBot(KingsburgModel(), budget or BUDGET)
