"""What a game gives the search kit (`GameModel`), the search's budget and the `SearchBot` that
turns the two into a computer player of the engine protocol."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot.games.protocol import Seat
from bot.games.rng import Rng


@dataclass(frozen=True, slots=True)
class Budget:
    """How much one decision may search.

    iterations: determinised descents of the tree; the search is deterministic for a seed as
    long as this, not the clock, ends it. 0: no search, the model's first candidate (its
    heuristic's move). seconds: a safety cap on the processor time of one
    decision (0: none; the thread's own time, so other work on a busy machine does not eat
    into it) - where it bites (Cathedral's first moves, which rank every placement at the root)
    the decision depends on the machine's speed.
    exploration: the UCB constant. widen_base / widen_rate: a node considers
    `widen_base + widen_rate * sqrt(visits)` of its candidates, best-ordered first.
    by_seats: (seat count, iterations) pairs that replace `iterations` at those player counts:
    an iteration costs more with more seats to sample and to evaluate, and the decision's time
    budget is the same at every count.
    keep_first: when above 0, the model's first candidate (its policy's move) stands unless
    the most visited move's average reward beats it by this much (0: the most visited move):
    a game whose policy is stronger than its evaluation is precise departs from the policy
    only where the search finds a clear gain.
    """

    iterations: int = 300
    seconds: float = 1.2
    exploration: float = 0.6
    widen_base: int = 3
    widen_rate: float = 1.0
    by_seats: tuple[tuple[int, int], ...] = ()
    keep_first: float = 0.0

    def scaled(self, iterations: int) -> Budget:
        """The same budget with another iteration count at every player count (tests use a
        small one)."""
        return replace(self, iterations=iterations, by_seats=())

    def for_seats(self, seats: int) -> Budget:
        """The budget of a game with `seats` players."""
        for count, iterations in self.by_seats:
            if count == seats:
                return replace(self, iterations=iterations, by_seats=())
        return self


class Draws:
    """A mutable stream of seeded draws for one decision (engines may not import `random`)."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed, 0, 2)

    def below(self, n: int) -> int:
        """Uniform 0 <= k < n."""
        k, self.rng = self.rng.randint(0, n - 1)
        return k

    def seed(self) -> int:
        """A fresh 62-bit seed, for a re-sampled game's own chance."""
        k, self.rng = self.rng.randint(0, (1 << 62) - 1)
        return k

    def shuffled(self, items: Sequence[Any]) -> list[Any]:
        """A shuffled copy of `items`."""
        out, self.rng = self.rng.shuffled(items)
        return list(out)


class GameModel(Protocol):
    """A game's part in the search: everything but the search itself.

    engine: the game's engine (the search calls only protocol functions on it).
    scale: a lead, in `evaluate` points, that makes a seat a clear favourite.
    playout_depth: plies played by `playout_action` after a new node, before `evaluate`.
    """

    engine: Any
    scale: float
    playout_depth: int

    def determinise(self, state: Any, seat: Seat, draws: Draws) -> Any:
        """A state `seat` cannot tell from `state`: everything it cannot see (others' hands, deck
        orders, face-down piles, future chance) re-sampled from `draws`. Must depend only on
        `seat`'s view and the draws, so hidden facts cannot steer a decision."""
        ...

    def evaluate(self, state: Any) -> Sequence[float]:
        """Per seat, how well the position stands, in points (final-score-like units)."""
        ...

    def candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """The actions worth searching, most promising first (a subset of `actions`)."""
        ...

    def playout_action(self, state: Any, seat: Seat, actions: tuple[Any, ...], draws: Draws) -> Any:
        """A cheap move for playouts."""
        ...

    def actor(self, state: Any) -> Seat:
        """Which awaited seat moves next inside the search (several may be awaited at once)."""
        ...

    # Optional: `search_actions(state, seat) -> Sequence[action]`, the legal actions the search
    # may try below the root, a subset of the engine's (a game whose legal actions include
    # hundreds it never searches, such as trade offers, lists the rest without them). The root
    # still checks the decision against the engine's `legal_actions`.
    #
    # Optional: `own_playout_action(state, seat, actions, draws) -> action`, the deciding
    # seat's own moves in playouts (default: `playout_action`, which then plays only the
    # others': a model may expect less of them than of itself).
    #
    # Optional: `iterations_at(state, iterations) -> int`, fewer iterations for positions
    # where each costs more (the smaller count is used).
    #
    # Optional: `playout_done(start, state) -> bool`, true where a playout that began at
    # `start` should stop before `playout_depth` plies (a game whose evaluation reads best at
    # one kind of moment, such as a turn's end, plays to it).


class SearchBot:
    """A `strong` computer player: information-set MCTS over a game's `GameModel`."""

    def __init__(self, model: GameModel, budget: Budget | None = None) -> None:
        self.model = model
        self.budget = budget or Budget()

    def choose(self, state: Any, seat: Seat, seed: int) -> Any:
        """The action the search visits most, deterministic for `seed` within the iteration
        budget (the one for this game's player count, read from the evaluation's length)."""
        from bot.games.search.ismcts import search

        budget = self.budget
        if budget.by_seats:
            budget = budget.for_seats(len(self.model.evaluate(state)))
        # A model may give some positions fewer iterations (`iterations_at`, optional): where
        # an iteration costs several times more, e.g. Cathedral's opening, so that the count,
        # not the time cap, ends the search and the decision stays the same on any machine.
        fewer = getattr(self.model, "iterations_at", None)
        if fewer is not None:
            budget = budget.scaled(min(budget.iterations, fewer(state, budget.iterations)))
        return search(self.model, state, seat, seed, budget)


class BaseModel:
    """Defaults for a `GameModel`: nothing hidden, every action a candidate, uniform playouts,
    the lowest awaited seat moves first. A game overrides what it knows better."""

    engine: Any
    scale: float = 5.0
    playout_depth: int = 0

    def determinise(self, state: Any, seat: Seat, draws: Draws) -> Any:
        """Nothing hidden: the state itself."""
        return state

    def candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """Every action, in the engine's order."""
        return actions

    def playout_action(self, state: Any, seat: Seat, actions: tuple[Any, ...], draws: Draws) -> Any:
        """A uniformly drawn action."""
        return actions[draws.below(len(actions))]

    def actor(self, state: Any) -> Seat:
        """The lowest awaited seat."""
        return min(self.engine.to_act(state))  # type: ignore[no-any-return]
