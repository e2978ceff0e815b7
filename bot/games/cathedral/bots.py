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
_SHORTLIST = 24  # candidates that get the expensive mobility look-ahead


class RandomBot:
    """Picks uniformly among the legal actions."""

    def choose(self, state: CathedralState, seat: Seat, seed: int) -> Place:
        """A uniformly random legal action, reproducible from `seed`."""
        actions = rules.legal_actions(state, seat)
        if not actions:
            raise ValueError(
                "The random bot was asked to move when it has no legal "  # i18n-exempt: internal
                "action."
            )
        return random.Random(seed).choice(actions)


def quick_value(before: CathedralState, after: CathedralState, me: Colour) -> float | None:
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


def _final_value(after: CathedralState, seat: Seat) -> float:
    """Value of a move that finished the game (or a game of a series, in which case `after` is
    already the next game): the final unplaced-squares difference, in the same units as
    `quick_value`. Territory and mobility are worth nothing once the game is over, and in a
    series this difference is exactly what the game adds to the totals."""
    record = after.history[-1]
    return _UNPLACED * (record.unplaced[1 - seat] - record.unplaced[seat])


def _mobility_value(after: CathedralState, me: Colour) -> float:
    my_moves, my_dead = rules.count_placements(after, me)
    their_moves, their_dead = rules.count_placements(after, me.other)
    return _DEAD * (their_dead - my_dead) + _MOBILITY * (my_moves - their_moves)


class HeuristicBot:
    """One-ply look-ahead: values captures and claimed territory, big pieces first, and (for a
    short list of the best) keeping its own placements open while closing the opponent's.

    A move that ends a game is valued by the final unplaced-squares difference, without
    look-ahead. Declining a capture (`no-capture`) is only chosen when it scores strictly better
    than everything else: on equal value the capturing move wins, then the seeded noise."""

    def choose(self, state: CathedralState, seat: Seat, seed: int) -> Place:
        """The best-looking legal action; ties broken reproducibly from `seed`."""
        actions = rules.legal_actions(state, seat)
        if not actions:
            raise ValueError(
                "The heuristic bot was asked to move when it has no "  # i18n-exempt: internal
                "legal action."
            )
        rng = random.Random(seed)
        me = state.colour_of(seat)
        # (value, captures-if-it-can, noise, action, position after or None once finished)
        scored: list[tuple[float, bool, float, Place, CathedralState | None]] = []
        for action in actions:
            after = rules.apply(state, seat, action).state
            quick = quick_value(state, after, me)
            noise = rng.random()
            if quick is None:
                scored.append((_final_value(after, seat), action.capture, noise, action, None))
            else:
                scored.append((quick, action.capture, noise, action, after))
        scored.sort(key=lambda t: (t[0], t[1], t[2]), reverse=True)
        best: tuple[float, bool, float] | None = None
        best_action = scored[0][3]
        for quick, capture, noise, action, after in scored[:_SHORTLIST]:
            # A finished game needs no further look-ahead.
            value = quick if after is None else quick + _mobility_value(after, me)
            key = (value, capture, noise)
            if best is None or key > best:
                best = key
                best_action = action
        return best_action
