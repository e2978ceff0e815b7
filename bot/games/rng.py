"""Seeded, counter-based randomness. The only source of chance for every engine.

Each draw is derived from ``(seed, counter)`` alone, so a game's whole random future lives in two
integers stored inside its state: same seed and same actions give the same game, and a state loaded
from JSON continues exactly where it stopped.

Two derivations exist, and a state records which one it uses (`scheme`), so a saved game always
continues with the numbers it began with:
- scheme 1 seeds `random.Random` with a string per draw (SHA-512 inside `random`): the original,
  kept for every game saved with it;
- scheme 2 mixes ``(seed, counter)`` with the SplitMix64 finaliser and draws from that stream
  with plain integer arithmetic (see `_Mix`): the same guarantees at a fraction of the cost
  (seeding `random.Random` costs more than a whole random Canaan move). Engines opt in at
  `new_game`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
SCHEMES = (1, 2)


_LANE = 1 << 32
_LANE_MASK = _LANE - 1
_COUNTER_MIX = 0xD1B54A32D192ED03


class _Mix:
    """The scheme-2 stream of one draw.

    Its start is SplitMix64's finaliser over (the seed folded to 64 bits, mixed) + counter x an
    odd constant: the counter is mixed in rather than added to the stream position, so
    consecutive counters start at unrelated points instead of overlapping shifted by one draw.
    The stream's words are the finaliser over start + i x the golden ratio (i = 1, 2, ...);
    each word gives two 32-bit lanes, low half first. A value below n takes the next lane and
    rejects the top 2**32 mod n lanes (no modulo bias); n above 2**32 takes two lanes.
    """

    __slots__ = ("x", "spare")

    def __init__(self, seed: int, counter: int) -> None:
        self.x = _start(seed, counter)
        self.spare = -1

    def lane(self) -> int:
        """The next 32 random bits."""
        spare = self.spare
        if spare >= 0:
            self.spare = -1
            return spare
        self.x = x = (self.x + _GOLDEN) & _MASK
        z = _mix(x)
        self.spare = z >> 32
        return z & _LANE_MASK

    def below(self, n: int) -> int:
        """Uniform 0 <= k < n."""
        if n > _LANE:
            span, width = n, 0
            while span > 1:
                span >>= 32
                width += 1
            space = 1 << (32 * width)
            limit = space - space % n
            while True:
                u = 0
                for _ in range(width):
                    u = (u << 32) | self.lane()
                if u < limit:
                    return u % n
        limit = _LANE - _LANE % n
        while True:
            u = self.lane()
            if u < limit:
                return u % n


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


_BASE: list[tuple[int, int]] = [(0, _mix(0))]
"""The last seed's mixed 64-bit fold: a game draws from one seed all its life."""


def _start(seed: int, counter: int) -> int:
    last = _BASE[0]  # one read of one tuple: safe across threads
    if last[0] == seed:
        base = last[1]
    else:
        # Any Python int seed is folded to 64 bits first (seeds come from hashes, and are large).
        folded = seed & _MASK
        rest = seed >> 64
        while rest not in (0, -1):
            folded ^= rest & _MASK
            rest >>= 64
        base = _mix(folded ^ (rest & 1))  # a negative seed differs from its fold
        _BASE[0] = (seed, base)
    return _mix((base + counter * _COUNTER_MIX) & _MASK)


_SIX_LIMIT = _LANE - _LANE % 6


@dataclass(frozen=True, slots=True)
class Rng:
    """Immutable random-number state: a seed, the number of draws taken so far, and the scheme
    deriving a draw from both (see the module docstring)."""

    seed: int
    counter: int = 0
    scheme: int = 1

    def _source(self) -> random.Random:
        # A string seed is hashed with SHA-512 by `random`, stable across platforms and versions.
        return random.Random(f"guildhall:{self.seed}:{self.counter}")

    def _next(self) -> Rng:
        return Rng(self.seed, self.counter + 1, self.scheme)

    def randint(self, low: int, high: int) -> tuple[int, Rng]:
        """Return a uniform integer in [low, high] and the advanced state."""
        if self.scheme == 2:
            return low + _Mix(self.seed, self.counter).below(high - low + 1), self._next()
        return self._source().randint(low, high), self._next()

    def dice(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Rng]:
        """Roll `count` dice of `sides` faces in one draw."""
        if self.scheme == 2:
            if count == 2 and sides == 6:
                # The usual pair: both lanes of the stream's first word, as `_Mix` would
                # take them, unless one falls in the rejected top (p = 2**-30).
                z = _mix((_start(self.seed, self.counter) + _GOLDEN) & _MASK)
                a, b = z & _LANE_MASK, z >> 32
                if a < _SIX_LIMIT and b < _SIX_LIMIT:
                    return (a % 6 + 1, b % 6 + 1), Rng(self.seed, self.counter + 1, 2)
            below = _Mix(self.seed, self.counter).below
            return tuple(1 + below(sides) for _ in range(count)), self._next()
        src = self._source()
        return tuple(src.randint(1, sides) for _ in range(count)), self._next()

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Return a shuffled copy of `items` and the advanced state."""
        out = list(items)
        if self.scheme == 2:
            mix = _Mix(self.seed, self.counter)
            for i in range(len(out) - 1, 0, -1):  # Fisher-Yates
                j = mix.below(i + 1)
                out[i], out[j] = out[j], out[i]
        else:
            self._source().shuffle(out)
        return tuple(out), self._next()

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """Pick one element of a non-empty sequence."""
        if not items:
            raise ValueError("choice from an empty sequence")  # i18n-exempt: internal
        if self.scheme == 2:
            return items[_Mix(self.seed, self.counter).below(len(items))], self._next()
        return self._source().choice(list(items)), self._next()

    def to_dict(self) -> dict[str, int]:
        """JSON form (scheme 1, the original, is implied when the key is absent)."""
        if self.scheme == 1:
            return {"seed": self.seed, "counter": self.counter}
        return {"seed": self.seed, "counter": self.counter, "scheme": self.scheme}

    @staticmethod
    def from_dict(data: object) -> Rng:
        """Parse the JSON form, raising CorruptStateError on bad input."""
        from bot.games.codec import CorruptStateError, require_int, require_mapping

        d = require_mapping(data, "rng")
        counter = require_int(d, "counter", "rng")
        if counter < 0:
            raise CorruptStateError("rng.counter must not be negative")  # i18n-exempt: internal
        scheme = require_int(d, "scheme", "rng") if "scheme" in d else 1
        if scheme not in SCHEMES:
            raise CorruptStateError(
                f"rng.scheme must be one of {SCHEMES}, not {scheme}"  # i18n-exempt: internal
            )
        return Rng(require_int(d, "seed", "rng"), counter, scheme)
