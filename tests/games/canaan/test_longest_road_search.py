"""Longest Road's search starts only where a longest trail can start (see
`board._trail_starts`): on random road networks of the real map, with opponents' buildings
breaking them, it finds the same length as a search from every intersection."""

from __future__ import annotations

import random

from bot.games.canaan import board as B
from bot.games.canaan.state import CITY, EMPTY, State, evolve
from tests.games.canaan.positions import D, position
from tests.games.canaan.positions import e as path


def _from_everywhere(s: State, seat: int) -> int:
    """The plain search: a trail from every intersection, each path once, not through an
    intersection holding another seat's building."""
    own = [e for e, o in enumerate(s.roads) if o == seat]
    adj: dict[int, list[tuple[int, int]]] = {}
    for e in own:
        a, c = D.edges[e]
        adj.setdefault(a, []).append((e, c))
        adj.setdefault(c, []).append((e, a))

    def blocked(v: int) -> bool:
        b = s.buildings[v]
        return b != EMPTY and b % CITY != seat

    def walk(v: int, used: frozenset[int], length: int) -> int:
        if length and blocked(v):
            return length
        return max([length] + [walk(w, used | {e}, length + 1) for e, w in adj[v] if e not in used])

    return max((walk(v, frozenset(), 0) for v in adj), default=0)


def _network(rnd: random.Random, size: int) -> list[int]:
    """A connected set of `size` paths grown from a random one (loops and branches happen)."""
    first = rnd.randrange(len(D.edges))
    chosen = {first}
    while len(chosen) < size:
        ends = {v for e in chosen for v in D.edges[e]}
        frontier = [e for v in ends for e in D.vertex_edges[v] if e not in chosen]
        chosen.add(rnd.choice(frontier))
    return sorted(chosen)


def test_the_search_from_chosen_starts_matches_the_search_from_everywhere() -> None:
    rnd = random.Random(7)
    base = position(3)
    for trial in range(250):
        roads = [EMPTY] * len(D.edges)
        # One or two separate networks of seat 0, some with loops, among seat 1's buildings.
        for part in range(1 + trial % 2):
            for e in _network(rnd, rnd.randrange(2, 13 if part == 0 else 7)):
                roads[e] = 0
        buildings = [EMPTY] * len(D.vertex_ids)
        for v in rnd.sample(range(len(D.vertex_ids)), rnd.randrange(0, 8)):
            buildings[v] = rnd.choice((1, 0, CITY + 1))
        s = evolve(base, roads=tuple(roads), buildings=tuple(buildings))
        own = [e for e, o in enumerate(roads) if o == 0]
        assert B.longest_road(s, 0) == _from_everywhere(s, 0), (trial, own, buildings)


def test_a_closed_ring_with_no_junction_counts_every_path() -> None:
    # The six paths around one hex: every intersection has two of them, so no intersection is
    # a start by degree and the ring's own representative must be searched.
    h = D.hexes[D.hex_by_label["J"]]
    ring = [path(h.corners[i], h.corners[(i + 1) % 6]) for i in range(6)]
    roads = [EMPTY] * len(D.edges)
    for e in ring:
        roads[e] = 0
    s = evolve(position(3), roads=tuple(roads))
    assert B.longest_road(s, 0) == 6 == _from_everywhere(s, 0)
