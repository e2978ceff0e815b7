"""The seeded counter RNG."""

from __future__ import annotations

import pytest

from bot.games.codec import CorruptStateError
from bot.games.rng import Rng


def test_same_seed_same_draws_and_counter_advances() -> None:
    a, b = Rng(7), Rng(7)
    va, a2 = a.dice(5)
    vb, b2 = b.dice(5)
    assert va == vb and a2 == b2 == Rng(7, 1)
    assert all(1 <= v <= 6 for v in va)


def test_different_counter_gives_independent_draws() -> None:
    rolls = {Rng(3, i).dice(10)[0] for i in range(20)}
    assert len(rolls) > 15


def test_round_trip() -> None:
    r = Rng(12345, 42)
    assert Rng.from_dict(r.to_dict()) == r


def test_shuffle_is_a_permutation() -> None:
    items = tuple(range(25))
    out, nxt = Rng(9).shuffled(items)
    assert sorted(out) == list(items) and nxt.counter == 1


# ---------------------------------------------------------------- the SplitMix64 scheme (2)


@pytest.mark.parametrize("scheme", [1, 2])
def test_every_scheme_is_deterministic_and_keeps_its_scheme(scheme: int) -> None:
    a, b = Rng(11, 3, scheme), Rng(11, 3, scheme)
    assert a.dice(3) == b.dice(3)
    assert a.shuffled(range(30)) == b.shuffled(range(30))
    assert a.choice("abcdef") == b.choice("abcdef")
    assert a.randint(5, 9) == b.randint(5, 9)
    assert a.dice(2)[1] == Rng(11, 4, scheme)


def test_the_schemes_draw_different_numbers_from_the_same_seed() -> None:
    # A saved game must continue with its own scheme's numbers: they really differ.
    one = [Rng(5, i).dice(4)[0] for i in range(10)]
    two = [Rng(5, i, 2).dice(4)[0] for i in range(10)]
    assert one != two


def test_scheme_2_dice_are_uniform_and_consecutive_counters_unrelated() -> None:
    counts = [0] * 6
    firsts, seconds = [], []
    r = Rng(2026, 0, 2)
    for _ in range(30_000):
        (x, y), r = r.dice(2)
        counts[x - 1] += 1
        counts[y - 1] += 1
        firsts.append(x)
        seconds.append(y)
    expected = 60_000 / 6
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 25, counts  # 5 degrees of freedom: p < 0.0002 for a fair die
    # The second die of one draw is not the first die of the next (streams do not overlap).
    assert sum(s == f for s, f in zip(seconds, firsts[1:], strict=False)) < 30_000 * 0.2


def test_scheme_2_shuffle_is_a_uniform_permutation() -> None:
    position_of_zero = [0] * 4
    r = Rng(1, 0, 2)
    for _ in range(8_000):
        out, r = r.shuffled((0, 1, 2, 3))
        assert sorted(out) == [0, 1, 2, 3]
        position_of_zero[out.index(0)] += 1
    assert all(1_700 < n < 2_300 for n in position_of_zero), position_of_zero


def test_large_and_negative_seeds_work_in_scheme_2() -> None:
    for seed in (-1, -(2**70), 2**64, 2**200 + 3, 0):
        values, nxt = Rng(seed, 0, 2).dice(2)
        assert all(1 <= v <= 6 for v in values) and nxt.counter == 1
    assert Rng(2**64, 0, 2).dice(8) != Rng(0, 0, 2).dice(8)


def test_json_form_records_the_scheme_and_old_forms_read_as_scheme_1() -> None:
    assert Rng(4, 2).to_dict() == {"seed": 4, "counter": 2}  # unchanged for saved games
    assert Rng.from_dict({"seed": 4, "counter": 2}) == Rng(4, 2, 1)
    r = Rng(4, 2, 2)
    assert r.to_dict() == {"seed": 4, "counter": 2, "scheme": 2}
    assert Rng.from_dict(r.to_dict()) == r
    with pytest.raises(CorruptStateError, match="scheme"):
        Rng.from_dict({"seed": 4, "counter": 2, "scheme": 9})
