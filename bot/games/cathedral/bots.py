"""Computer players for Cathedral. Pure and deterministic: all chance comes from the `seed`
argument through a local random.Random."""

from __future__ import annotations

import random

from bot.games.cathedral import rules
from bot.games.cathedral.actions import Place
from bot.games.cathedral.pieces import Colour
from bot.games.cathedral.state import CathedralState
from bot.games.protocol import Seat

# Weights of the heuristic, in "unplaced squares" units.
_UNPLACED = 10.0  # each square of difference in unplaced buildings (captures, big pieces first)
_TERRITORY = 2.5  # each open square only we (or only they) may build on
_DEAD = 6.0  # each square of a hand piece that can no longer be placed anywhere
_MOBILITY = 0.02  # each legal placement, to keep our options open and squeeze theirs
_GAME_END = 1000.0  # a finished game dwarfs everything else
_SHORTLIST = 24  # candidates that get the expensive mobility look-ahead


class RandomBot:
    """Picks uniformly among the legal actions."""

    def choose(self, state: CathedralState, seat: Seat, seed: int) -> Place:
        """A uniformly random legal action, reproducible from `seed`."""
        actions = rules.legal_actions(state, seat)
        if not actions:
            raise ValueError("The random bot was asked to move when it has no legal action.")
        return random.Random(seed).choice(actions)


def _quick_value(before: CathedralState, after: CathedralState, me: Colour) -> float | None:
    """Value of `after` for `me` without look-ahead; None if the game just ended (scored apart)."""
    if after.game_number != before.game_number or after.to_move is None:
        return None
    them = me.other
    open_sq = ~after.all_occupied
    value = _UNPLACED * (after.unplaced_squares(them) - after.unplaced_squares(me))
    value += _TERRITORY * (
        (after.territory[me.index] & open_sq).bit_count()
        - (after.territory[them.index] & open_sq).bit_count()
    )
    return value


def _final_value(before: CathedralState, after: CathedralState, seat: Seat) -> float:
    record = after.history[-1]
    mine, theirs = record.unplaced[seat], record.unplaced[1 - seat]
    sign = 1.0 if mine < theirs else (-1.0 if mine > theirs else 0.0)
    return sign * _GAME_END + _UNPLACED * (theirs - mine)


def _mobility_value(after: CathedralState, me: Colour) -> float:
    my_moves, my_dead = rules.count_placements(after, me)
    their_moves, their_dead = rules.count_placements(after, me.other)
    return _DEAD * (their_dead - my_dead) + _MOBILITY * (my_moves - their_moves)


class HeuristicBot:
    """One-ply look-ahead: values captures and claimed territory, big pieces first, and (for a
    short list of the best) keeping its own placements open while closing the opponent's."""

    def choose(self, state: CathedralState, seat: Seat, seed: int) -> Place:
        """The best-looking legal action; ties broken reproducibly from `seed`."""
        actions = rules.legal_actions(state, seat)
        if not actions:
            raise ValueError("The heuristic bot was asked to move when it has no legal action.")
        rng = random.Random(seed)
        me = state.colour_of(seat)
        scored: list[tuple[float, float, Place, CathedralState]] = []
        for action in actions:
            after = rules.apply(state, seat, action).state
            quick = _quick_value(state, after, me)
            if quick is None:
                value = _final_value(state, after, seat)
                scored.append((value + _GAME_END, rng.random(), action, after))
            else:
                scored.append((quick, rng.random(), action, after))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        best_action = scored[0][2]
        best_value = float("-inf")
        for quick, noise, action, after in scored[:_SHORTLIST]:
            if quick > _GAME_END / 2:
                value = quick  # a finished game needs no further look-ahead
            else:
                value = quick + _mobility_value(after, me)
            if value + noise * 1e-3 > best_value:
                best_value = value + noise * 1e-3
                best_action = action
        return best_action
