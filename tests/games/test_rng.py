"""The seeded counter RNG."""

from __future__ import annotations

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
