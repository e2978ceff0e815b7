"""Each game's worst inputs found so far: every one is refused with a clear sentence, and the
refusal costs little work whatever its size (no quadratic search, no giant `int()`)."""

from __future__ import annotations

import time

import pytest

from bot.games import get_engine
from bot.games.kingsburg import ENGINE as KINGSBURG
from bot.games.kingsburg.state import Step
from bot.games.protocol import Seat, step_text
from bot.games.rejections import Rejection
from tests.games.kingsburg.builders import player, position

# Generous: the point is "no seconds of work", not a speed target (those live in `bench`).
QUICK_S = 0.5

HUGE_DIGITS = "9" * 5000


def _refused_quickly(engine, state, seat: int, text: str) -> Rejection:  # noqa: ANN001
    started = time.perf_counter()
    result = step_text(engine, state, Seat(seat), text)
    took = time.perf_counter() - started
    assert isinstance(result, Rejection), text[:40]
    assert took < QUICK_S, f"{text[:40]!r} took {took:.2f} s"
    assert result.message and "Traceback" not in result.message
    return result


@pytest.mark.parametrize(
    "text",
    [
        "recruit 40000",
        f"recruit {HUGE_DIGITS}",
        f"recruit 2 {HUGE_DIGITS} gold",
        f"recruit 2 {HUGE_DIGITS}gold",
        "recruit 40000 gold+wood",
        f"influence {HUGE_DIGITS} with 5+3",
        f"gift {HUGE_DIGITS} gold",
        "recruit " + "gold+" * 3000 + "gold",
    ],
)
def test_kingsburg_refuses_huge_numbers_at_once(text: str) -> None:
    """At the recruit step with few goods, absurd counts and 5,000-digit numbers are refused
    in milliseconds with a sentence (before, `recruit 4000` searched for seconds and numbers
    past 4,300 digits raised ValueError)."""
    s = position([player(3, 2, 2), player()], order=[0, 1], step=Step.RECRUIT, phase=7, queue=(0,))
    _refused_quickly(KINGSBURG, s, 0, text)


def test_kingsburg_names_the_largest_number() -> None:
    """The sentence says how far numbers go."""
    s = position([player(3, 2, 2), player()], order=[0, 1], step=Step.RECRUIT, phase=7, queue=(0,))
    assert "99" in _refused_quickly(KINGSBURG, s, 0, f"recruit {HUGE_DIGITS}").message


@pytest.mark.parametrize(
    "text",
    [
        f"Castle B{HUGE_DIGITS} 90",
        f"Castle B3 {HUGE_DIGITS}",
        "Castle " + "B3 " * 3000,
        "x" * 6000,
        "²³ ⁴",
    ],
)
def test_cathedral_refuses_absurd_notation_at_once(text: str) -> None:
    """Squares and rotations of any length, and endless words, are refused at once."""
    engine = get_engine("cathedral")
    state = engine.new_game(2, {}, seed=1)
    _refused_quickly(engine, state, 0, text)
