"""Seeded, counter-based randomness. The only source of chance for every engine.

Each draw is derived from ``(seed, counter)`` alone, so a game's whole random future lives in two
integers stored inside its state: same seed and same actions give the same game, and a state loaded
from JSON continues exactly where it stopped.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Rng:
    """Immutable random-number state: a seed plus the number of draws taken so far."""

    seed: int
    counter: int = 0

    def _source(self) -> random.Random:
        # A string seed is hashed with SHA-512 by `random`, stable across platforms and versions.
        return random.Random(f"guildhall:{self.seed}:{self.counter}")

    def randint(self, low: int, high: int) -> tuple[int, Rng]:
        """Return a uniform integer in [low, high] and the advanced state."""
        return self._source().randint(low, high), Rng(self.seed, self.counter + 1)

    def dice(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Rng]:
        """Roll `count` dice of `sides` faces in one draw."""
        src = self._source()
        return tuple(src.randint(1, sides) for _ in range(count)), Rng(self.seed, self.counter + 1)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Return a shuffled copy of `items` and the advanced state."""
        out = list(items)
        self._source().shuffle(out)
        return tuple(out), Rng(self.seed, self.counter + 1)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """Pick one element of a non-empty sequence."""
        if not items:
            raise ValueError("choice from an empty sequence")
        return self._source().choice(list(items)), Rng(self.seed, self.counter + 1)

    def to_dict(self) -> dict[str, int]:
        """JSON form."""
        return {"seed": self.seed, "counter": self.counter}

    @staticmethod
    def from_dict(data: object) -> Rng:
        """Parse the JSON form, raising CorruptStateError on bad input."""
        from bot.games.codec import CorruptStateError, require_int, require_mapping

        d = require_mapping(data, "rng")
        counter = require_int(d, "counter", "rng")
        if counter < 0:
            raise CorruptStateError("rng.counter must not be negative")
        return Rng(require_int(d, "seed", "rng"), counter)
