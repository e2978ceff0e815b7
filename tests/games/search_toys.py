"""A toy engine for tests of the search kit: seats take turns adding 1, 2 or 3 to a total."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tally:
    """Plies played and the total so far."""

    ply: int = 0
    total: int = 0


@dataclass(frozen=True)
class Moved:
    """A transition: the state after the move."""

    state: Tally


class AddUp:
    """`seats` seats in turn add 1, 2 or 3 to the total; the game never ends by itself (the
    model's evaluation scores it)."""

    def __init__(self, seats: int = 2) -> None:
        self.seats = seats

    def legal_actions(self, state: Tally, seat: int) -> tuple[int, ...]:
        return (1, 2, 3)

    def to_act(self, state: Tally) -> frozenset[int]:
        return frozenset({state.ply % self.seats})

    def outcome(self, state: Tally) -> None:
        return None

    def apply(self, state: Tally, seat: int, action: int) -> Moved:
        return Moved(Tally(state.ply + 1, state.total + action))
