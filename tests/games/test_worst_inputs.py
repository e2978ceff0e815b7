"""Each game's worst inputs found so far: every one is refused with a clear sentence, and the
refusal does no work that grows with the number typed (no payment search, no giant `int()`).
Speed itself is measured by `python -m bot bench`, not here."""

from __future__ import annotations

import pytest

from bot.games import get_engine
from bot.games.kingsburg import ENGINE as KINGSBURG
from bot.games.kingsburg.state import Step
from bot.games.protocol import Seat, step_text
from bot.games.rejections import Rejection
from tests.games.kingsburg.builders import player, position

HUGE_DIGITS = "9" * 5000


def _refused_quickly(engine, state, seat: int, text: str) -> Rejection:  # noqa: ANN001
    result = step_text(engine, state, Seat(seat), text)
    assert isinstance(result, Rejection), text[:40]
    assert result.message and "Traceback" not in result.message
    return result


@pytest.fixture(autouse=True)
def _no_big_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Kingsburg's payment search is quadratic in the goods paid: fail if it is ever asked
    for more than a player could hold."""
    from bot.games.kingsburg import rules

    search = rules._multisets

    def bounded(count: int, limit=None):  # noqa: ANN001, ANN202
        assert count <= 200, f"payment search over {count} goods"
        return search(count, limit)

    monkeypatch.setattr(rules, "_multisets", bounded)


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
    with a sentence, without a payment search over the whole count (unbounded, `recruit 4000`
    would take seconds) and without int() on numbers past 4,300 digits (it raises ValueError)."""
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
