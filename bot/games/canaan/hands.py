"""Hands of cards as five counts (one per resource): adding, taking away, comparing, listing or
counting the hands of a given size within a limit, and all the cards in play (`total_cards`)."""

from __future__ import annotations

from collections.abc import Iterator
from math import comb

from bot.games.canaan.data import Hand
from bot.games.canaan.state import State


def add(a: Hand, b: Hand) -> Hand:
    """a + b."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def sub(a: Hand, b: Hand) -> Hand:
    """a - b (callers make sure it stays >= 0)."""
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4])


def covers(a: Hand, b: Hand) -> bool:
    """a holds at least b."""
    return a[0] >= b[0] and a[1] >= b[1] and a[2] >= b[2] and a[3] >= b[3] and a[4] >= b[4]


def one(res: int, n: int = 1) -> Hand:
    """n cards of one resource."""
    v = [0, 0, 0, 0, 0]
    v[res] = n
    return (v[0], v[1], v[2], v[3], v[4])


def sub_hands(limit: Hand, size: int) -> Iterator[Hand]:
    """Every hand of exactly `size` cards within `limit` (bounded: at most a few thousand)."""
    l0, l1, l2, l3, l4 = limit
    for a in range(min(l0, size) + 1):
        for b in range(min(l1, size - a) + 1):
            for c in range(min(l2, size - a - b) + 1):
                for d in range(min(l3, size - a - b - c) + 1):
                    e = size - a - b - c - d
                    if e <= l4:
                        yield (a, b, c, d, e)


def count_sub_hands(limit: Hand, size: int) -> int:
    """How many hands of exactly `size` cards lie within `limit` (what `sub_hands` would list),
    counted by inclusion-exclusion instead of listed: a player holding 110 cards who must
    discard 55 has tens of thousands of ways."""
    total = 0
    for mask in range(32):
        left, sign = size, 1
        for r in range(5):
            if mask >> r & 1:
                left -= limit[r] + 1
                sign = -sign
        if left >= 0:
            total += sign * comb(left + 4, 4)
    return total


def total_cards(s: State) -> Hand:
    """Bank plus every hand plus a kept King's Blessing card: always 23 of each."""
    t = s.bank
    for p in s.players:
        t = add(t, p.hand)
    if s.blessing_res >= 0:
        t = add(t, one(s.blessing_res))
    return t
