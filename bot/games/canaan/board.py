"""Board questions: where a seat may build, road lengths, trade routes, harbours, production.

Pure functions of the state; the rules module decides when each question is asked.
"""

from __future__ import annotations

from bot.games.canaan.data import PIECES, CanaanData
from bot.games.canaan.state import CITY, EMPTY, State
from bot.games.text import Text, tx


def positions(values: tuple[int, ...], value: int) -> list[int]:
    """Indices of `value` in `values`, found by the tuple's own C-level scans (`count`, then
    `index` once per hit) rather than a Python loop over a whole board: a seat owns a handful
    of the 72 paths and 54 intersections."""
    out = []
    i = -1
    for _ in range(values.count(value)):
        i = values.index(value, i + 1)
        out.append(i)
    return out


def owner(b: int) -> int:
    """The seat owning a building value (EMPTY for none)."""
    return EMPTY if b == EMPTY else b % CITY


def count_pieces(s: State, seat: int) -> tuple[int, int, int]:
    """(settlements, cities, roads) of `seat` on the board."""
    st = s.buildings.count(seat)
    ci = s.buildings.count(CITY + seat)
    return st, ci, s.roads.count(seat)


def pieces_left(s: State, seat: int, kind: str) -> int:
    """How many pieces of `kind` (road, settlement, city, stone) `seat` still has in stock.

    A city returns its settlement to the stock (rulebook), so settlements in stock are the total
    minus those standing on the board.
    """
    st, ci, ro = count_pieces(s, seat)
    if kind == "road":
        return PIECES["road"] - ro
    if kind == "settlement":
        return PIECES["settlement"] - st
    if kind == "city":
        return PIECES["city"] - ci
    return PIECES["stone"] - s.players[seat].stones


def distance_ok(s: State, v: int) -> bool:
    """An empty intersection with no building on any neighbouring intersection."""
    b = s.buildings
    if b[v] != EMPTY:
        return False
    return all(b[n] == EMPTY for n in s.data.vertex_neighbours[v])


def touches_own_road(s: State, seat: int, v: int) -> bool:
    """True if one of `seat`'s roads ends at `v`."""
    roads = s.roads
    return any(roads[e] == seat for e in s.data.vertex_edges[v])


def settlement_spots(s: State, seat: int, setup: bool) -> list[int]:
    """Intersections where `seat` may place a settlement now (distance rule; during setup
    not on Jerusalem and touching a numbered hex, otherwise touching the seat's road)."""
    d = s.data
    if not setup:
        # Only the ends of the seat's own roads can qualify: walk those, not the whole map.
        edges = d.edges
        ends = set()
        for e in positions(s.roads, seat):
            ends.update(edges[e])
        return [v for v in sorted(ends) if distance_ok(s, v)]
    return [v for v in d.setup_spots if distance_ok(s, v)]


def road_spots(s: State, seat: int, from_vertex: int = -1) -> list[int]:
    """Empty paths `seat` may build on: touching its building, or continuing its road through an
    intersection no opponent has built on. With `from_vertex`, only paths at that intersection."""
    d = s.data
    roads, b = s.roads, s.buildings
    if from_vertex >= 0:
        return [e for e in d.vertex_edges[from_vertex] if roads[e] == EMPTY]
    # Only the seat's buildings and the ends of its roads can start a new road: walk those,
    # not the whole map.
    starts = set(positions(b, seat))
    starts.update(positions(b, CITY + seat))
    edges = d.edges
    for e in positions(roads, seat):
        starts.update(edges[e])
    out = set()
    for v in starts:
        occ = b[v]
        if occ != EMPTY and occ % CITY != seat:
            continue  # an opponent's building blocks continuing through it
        for e in d.vertex_edges[v]:
            if roads[e] == EMPTY:
                out.add(e)
    return sorted(out)


def longest_road(s: State, seat: int) -> int:
    """The longest continuous road of `seat`: a trail of its roads (each path used once) that
    does not pass through an intersection holding another seat's building."""
    d = s.data
    roads, b = s.roads, s.buildings
    edges = d.edges
    # Intersection -> [(bit of the path, the other end)]; the paths used so far travel as one
    # integer bit set, so a step of the search allocates nothing but that integer.
    adj: dict[int, list[tuple[int, int]]] = {}
    own = positions(roads, seat)
    total = len(own)
    if total <= 1:
        return total
    for e in own:
        a, c = edges[e]
        bit = 1 << e
        adj.setdefault(a, []).append((bit, c))
        adj.setdefault(c, []).append((bit, a))
    blocked = {v for v in adj if b[v] != EMPTY and b[v] % CITY != seat}

    def walk(v: int, used: int, length: int) -> int:
        if length and v in blocked:
            return length
        best = length
        for bit, w in adj[v]:
            if not used & bit:
                got = walk(w, used | bit, length + 1)
                if got > best:
                    best = got
        return best

    best = 0
    for v in _trail_starts(adj, blocked):
        got = walk(v, 0, 0)
        if got > best:
            best = got
            if best == total:
                break  # every own path in one trail: nothing can be longer
    return best


def _trail_starts(adj: dict[int, list[tuple[int, int]]], blocked: set[int]) -> list[int]:
    """Where a longest trail can be taken to start: an intersection whose number of own paths
    is not two, or that blocks (a trail may end there, not pass), plus one intersection of any
    part of the network that is a plain loop.

    Why no other start is needed: a longest trail starting at an open two-path intersection v
    either leaves v's other path unused (then adding it in front makes a longer trail) or comes
    back to v by it, a closed trail, which can start at any of its intersections instead; one of
    them is a start above unless every one has two paths, i.e. the whole part is a loop."""
    starts = [v for v, paths in adj.items() if len(paths) != 2 or v in blocked]
    seen = set(starts)
    stack = list(starts)
    for v in adj:
        if not stack and v not in seen:
            starts.append(v)  # a loop no start reaches: any of its intersections will do
            seen.add(v)
            stack.append(v)
        while stack:
            for _, w in adj[stack.pop()]:
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
    return starts


def route_owners(s: State, seat: int) -> set[int]:
    """Other seats whose building on a Jerusalem intersection `seat` reaches by a trade route:
    roads of any owners from one of `seat`'s settlements or cities. Buildings along the way do
    not break a trade route (the rulebook speaks only of roads)."""
    d = s.data
    roads, b = s.roads, s.buildings
    starts = [v for v, occ in enumerate(b) if occ != EMPTY and occ % CITY == seat]
    seen = set(starts)
    stack = list(starts)
    while stack:
        v = stack.pop()
        for e in d.vertex_edges[v]:
            if roads[e] == EMPTY:
                continue
            a, c = d.edges[e]
            w = c if a == v else a
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return {b[v] % CITY for v in seen if v in d.jerusalem and b[v] != EMPTY and b[v] % CITY != seat}


def own_jerusalem_building(s: State, seat: int) -> bool:
    """True when `seat` has a settlement or city on a Jerusalem intersection."""
    b = s.buildings
    return any(b[v] != EMPTY and b[v] % CITY == seat for v in s.data.jerusalem)


def trade_rate(s: State, seat: int, res: int) -> int:
    """Cards of `res` the seat pays the bank for one card: 4, 3 (3:1 harbour) or 2 (that
    resource's harbour, or the King's Blessing resource)."""
    return trade_rates(s, seat)[res]


_RATES: dict[int, tuple[object, int, int, tuple[int, int, int, int, int], object]] = {}
"""The last `trade_rates` answer per seat, with the buildings tuple and the map it was computed
from (both held, so an identity match is exact): the buildings change a few dozen times a game,
the question is asked at most moves."""


def trade_rates(s: State, seat: int) -> tuple[int, int, int, int, int]:
    """`trade_rate` of every resource, in one pass over the harbours."""
    last = _RATES.get(seat)
    if (
        last is not None
        and last[0] is s.buildings
        and last[1] == s.blessing
        and last[2] == s.blessing_res
        and last[4] is s.data
    ):
        return last[3]
    rates = _trade_rates(s, seat)
    _RATES[seat] = (s.buildings, s.blessing, s.blessing_res, rates, s.data)
    return rates


def _trade_rates(s: State, seat: int) -> tuple[int, int, int, int, int]:
    generic = 4
    special = [4, 4, 4, 4, 4]
    b = s.buildings
    city = CITY + seat
    for v, kind in s.data.harbor_at.items():
        occ = b[v]
        if occ == seat or occ == city:
            if kind is None:
                generic = 3
            else:
                special[kind] = 2
    rates = [min(generic, r) for r in special]
    if s.blessing == seat and s.blessing_res >= 0:
        rates[s.blessing_res] = 2
    return (rates[0], rates[1], rates[2], rates[3], rates[4])


def touching_seats(s: State, hex_index: int) -> set[int]:
    """Seats with a settlement or city on a corner of the hex."""
    b = s.buildings
    return {b[v] % CITY for v in s.data.hexes[hex_index].corners if v >= 0 and b[v] != EMPTY}


def vertex_text(d: CanaanData, v: int) -> Text:
    """ "23 (stone 8, lumber 10, grain 12)" for autocomplete and errors: each hex by what it
    yields, the word the map writes on it (the rulebook's resource names; copper: any)."""
    from bot.games.canaan.data import RESOURCE_WORDS, TERRAIN_RESOURCE, terrain_word
    from bot.games.text import joined

    parts: list[Text | str] = []
    for h in d.vertex_hexes[v]:
        t = d.hexes[h]
        res = TERRAIN_RESOURCE.get(t.terrain)
        word = RESOURCE_WORDS[res] if res is not None else terrain_word(t.terrain)
        parts.append(tx("{what} {number}", what=word, number=t.number) if t.number else word)
    if v in d.harbor_at:
        kind = d.harbor_at[v]
        parts.append(
            tx("3:1 harbour")
            if kind is None
            else tx("2:1 {resource} harbour", resource=RESOURCE_WORDS[kind])
        )
    if v in d.jerusalem:
        parts.append(tx("Jerusalem"))
    return tx("{v} ({things})", v=v + 1, things=joined(parts, ", "))
