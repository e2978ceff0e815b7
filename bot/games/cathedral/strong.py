"""Cathedral's part in the search kit: nothing is hidden and nothing is left to chance, so the
model only values positions (squares left unplaced, territory only one side may still use,
pieces no longer placeable anywhere) and orders moves the way the heuristic does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cathedral import rules
from bot.games.cathedral.bots import quick_value
from bot.games.cathedral.pieces import PIECES
from bot.games.cathedral.state import CathedralState
from bot.games.protocol import Seat
from bot.games.search.model import BaseModel, Budget, SearchBot

_TERRITORY = 0.25  # an open square only one side may still build on, in squares of score
_DEAD = 0.6  # a square of a piece that fits nowhere any more (it will stay unplaced)
_WIDTH = 10  # candidates searched below the root
_OPENING = (
    (5, 30),
    (10, 45),
)  # (pieces on the board below which, iterations); the Cathedral counts


class CathedralModel(BaseModel):
    """Evaluation and move order for Cathedral (see the module docstring)."""

    scale = 4.0
    playout_depth = 0

    def __init__(self) -> None:
        from bot.games.cathedral.engine import ENGINE

        self.engine = ENGINE

    def evaluate(self, state: CathedralState) -> Sequence[float]:
        """Per seat: minus the squares it is likely to leave unplaced, plus its territory."""
        out = [0.0, 0.0]
        open_sq = ~state.all_occupied
        for seat in (Seat(0), Seat(1)):
            colour = state.colour_of(seat)
            _, dead = rules.count_placements(state, colour)
            territory = (state.territory[colour.index] & open_sq).bit_count()
            out[seat] = -state.unplaced_squares(colour) + _TERRITORY * territory - _DEAD * dead
        return out

    def iterations_at(self, state: CathedralState, iterations: int) -> int:
        """Fewer iterations while few pieces stand: below the root every placement of the two
        largest sizes is ranked, well over a thousand in the opening (an iteration there costs
        20-35 ms against 5-15 ms later), and the count, not the time cap, should end the
        search."""
        placed = len(state.pieces)
        for pieces, count in _OPENING:
            if placed < pieces:
                return count
        return iterations

    def root_candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """At the root: the heuristic's one-ply favourites among every legal placement."""
        return self._ranked(state, seat, actions)

    def candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """Below the root: the favourites among placements of the two largest piece sizes in
        hand (valuing every placement costs too much there; big pieces are what counts)."""
        sizes = sorted({PIECES[a.kind].squares for a in actions}, reverse=True)[:2]
        return self._ranked(
            state, seat, tuple(a for a in actions if PIECES[a.kind].squares in sizes)
        )

    def _ranked(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        me = state.colour_of(seat)
        scored = []
        for i, action in enumerate(actions):
            after = rules.apply(state, seat, action).state
            value = quick_value(state, after, me)
            if value is None:
                record = after.history[-1]
                value = 10.0 * (record.unplaced[1 - seat] - record.unplaced[seat])
            scored.append((-value, not action.capture, i, action))
        scored.sort(key=lambda t: t[:3])
        return [t[3] for t in scored[:_WIDTH]]


BUDGET = Budget(iterations=70, exploration=0.5, widen_base=3, widen_rate=0.7)


def strong_bot(budget: Budget | None = None) -> SearchBot:
    """The `strong` Cathedral player."""
    return SearchBot(CathedralModel(), budget or BUDGET)
