"""The strong Settlers of Canaan player's own policy: the heuristic player's plan, plus the
special cards it leaves to chance.

Games between two heuristic players are mostly decided by who happens onto a special card (2
VP each; in 40 such games the winners held 1.8 VP of them on average, the losers 0.25): King's
Blessing goes to the first stone in Jerusalem, Longest Road to five roads in a row, and the
heuristic builds neither on purpose. This player does:
- a stone for Jerusalem comes first whenever it takes King's Blessing or ties the holder's
  count (a tie sends the card back beside the board): two cards for a two-point swing;
- roads come before development cards while Longest Road is two roads away or less, and the
  roads it builds are those that lengthen its longest road;
- without a building at Jerusalem, and with nowhere left to settle, it builds roads toward a
  free Jerusalem intersection within three paths;
- with two players it asks the other player for the cards its build lacks (the other hand is
  known: the bank and the own hand are public to it, and all cards are one or the other).

Measured against the heuristic on this machine (200-400 two-player games, seats rotated), each
part adds a few points and together they win 62%. The search (`strong.py`) starts from
this policy's moves."""

from __future__ import annotations

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan import rules as R
from bot.games.canaan.bots import HeuristicBot, vertex_value
from bot.games.canaan.data import BANK_PER_RESOURCE, COSTS, LONGEST_ROAD_MIN, Hand
from bot.games.canaan.state import CITY, EMPTY, TURN, State, evolve

_CARD_COST = COSTS["development card"]  # i18n-exempt: a data key
_LONGEST_REACH = 2  # roads short of Longest Road at which roads come before cards
_JERUSALEM_REACH = 3  # paths to a free Jerusalem intersection worth building toward


def _jerusalem_access(s: State, seat: int) -> bool:
    """Whether `seat` could build a stone, given the cards: its own building at Jerusalem, or
    a trade route to another seat's."""
    if B.own_jerusalem_building(s, seat):
        return True
    b = s.buildings
    if all(b[v] == EMPTY or b[v] % CITY == seat for v in s.data.jerusalem):
        return False
    return bool(B.route_owners(s, seat))


def stone_takes_or_ties(s: State, seat: int) -> bool:
    """Whether one more stone would take King's Blessing or tie its holder (the seat does not
    lead already), and the seat can reach Jerusalem with it."""
    if len(s.jerusalem) >= s.data.blocks or B.pieces_left(s, seat, "stone") <= 0:
        return False
    mine = s.players[seat].stones
    other = max(p.stones for i, p in enumerate(s.players) if i != seat)
    return mine in (other, other - 1) and _jerusalem_access(s, seat)


def roads_short(s: State, seat: int) -> int | None:
    """Roads `seat` still needs to take Longest Road (None: it holds it, or has no roads
    left)."""
    if s.longest == seat or B.pieces_left(s, seat, "road") <= 0:
        return None
    lengths = s.road_lengths or tuple(B.longest_road(s, i) for i in range(len(s.players)))
    other = max(n for i, n in enumerate(lengths) if i != seat)
    return max(LONGEST_ROAD_MIN, other + 1) - lengths[seat]


def _paths_to(s: State, seat: int, starts: list[int], goals: set[int]) -> int:
    """Fewest paths from `starts` to one of `goals` over paths that are free or `seat`'s, not
    through other seats' buildings; past `_JERUSALEM_REACH` the walk stops (a large number)."""
    d, b, roads = s.data, s.buildings, s.roads
    frontier, seen = list(starts), set(starts)
    for dist in range(_JERUSALEM_REACH + 1):
        if goals.intersection(frontier):
            return dist
        nxt = []
        for v in frontier:
            if dist and b[v] != EMPTY and b[v] % CITY != seat:
                continue
            for e in d.vertex_edges[v]:
                if roads[e] != EMPTY and roads[e] != seat:
                    continue
                a, c = d.edges[e]
                w = c if a == v else a
                if w not in seen:
                    seen.add(w)
                    nxt.append(w)
        frontier = nxt
    return _JERUSALEM_REACH + 1


def _free_jerusalem(s: State, seat: int) -> set[int]:
    """Jerusalem intersections `seat` could still settle, while it has no building there."""
    if B.own_jerusalem_building(s, seat):
        return set()
    return {v for v in s.data.jerusalem if B.distance_ok(s, v)}


def _network(s: State, seat: int) -> list[int]:
    """Intersections of `seat`'s buildings and roads."""
    out = {v for v, b in enumerate(s.buildings) if b != EMPTY and b % CITY == seat}
    edges = s.data.edges
    for e in B.positions(s.roads, seat):
        out.update(edges[e])
    return sorted(out)


def known_hands(s: State, seat: int) -> dict[int, Hand]:
    """The other hands `seat` knows: with two players the other one (every card is in the
    bank, in the seat's hand or in the other's); with more, none."""
    if len(s.players) != 2:
        return {}
    mine = s.players[seat].hand
    other: Hand = tuple(BANK_PER_RESOURCE - s.bank[r] - mine[r] for r in range(5))  # type: ignore[assignment]
    return {1 - seat: other}


def asks(s: State, seat: int, hands: dict[int, Hand], target: Hand) -> list[A.Action]:
    """Offers worth making now, best first: one card another seat's next build needs, for up
    to three cards this seat's `target` lacks that the other holds beyond its own plan (as
    the heuristic player reads it). A player who values cards by its plan accepts; one who
    declines costs the asker nothing but the offer. `hands`: the other hands as far as known
    (or sampled)."""
    if (
        s.phase is not TURN
        or s.current != seat
        or not s.rolled
        or s.built
        or s.offer is not None
        or s.pending
        or s.offers_made >= R.MAX_OFFERS_PER_TURN
    ):
        return []
    hand = s.players[seat].hand
    need = [max(0, t - h) for h, t in zip(hand, target, strict=True)]
    if not any(need):
        return []
    out: list[tuple[int, A.Action]] = []
    for j, theirs in sorted(hands.items()):
        plan = _HEURISTIC._target(s, j)
        spare = [max(0, h - t) for h, t in zip(theirs, plan, strict=True)]
        wanted = [max(0, t - h) for h, t in zip(theirs, plan, strict=True)]
        get = [0] * 5
        for r in sorted(range(5), key=lambda r: -need[r]):
            get[r] = min(need[r], spare[r], R.MAX_SIDE - sum(get))
        if not sum(get):
            continue
        gives = [r for r in range(5) if wanted[r] and hand[r] > target[r] and not get[r]]
        if not gives:
            continue
        r = max(gives, key=lambda r: (hand[r] - target[r], -r))
        offer = A.MakeOffer(R.one(r), tuple(get), -1 if len(s.players) == 2 else j)  # type: ignore[arg-type]
        if R.check(s, seat, offer) is None:
            out.append((sum(get), offer))
    out.sort(key=lambda x: -x[0])
    return [a for _, a in out]


class PlanBot(HeuristicBot):
    """The heuristic player's plan, plus King's Blessing, Longest Road, a way to Jerusalem
    and offers the other player's plan accepts (see the module's text)."""

    def _target(self, s: State, seat: int) -> Hand:
        """A stone first while one takes or ties King's Blessing; a road instead of a
        development card while Longest Road is near; else the heuristic's next build."""
        if stone_takes_or_ties(s, seat):
            return COSTS["stone"]
        target = super()._target(s, seat)
        if target == _CARD_COST:
            short = roads_short(s, seat)
            if short is not None and short <= _LONGEST_REACH:
                return COSTS["road"]
        return target

    def _road(
        self, s: State, seat: int, actions: tuple[A.Road, ...], lengthen: bool = False
    ) -> A.Action:
        """The heuristic's road value, plus three per step it adds to the longest road while
        Longest Road is within reach, plus a step toward a free Jerusalem intersection.
        `lengthen`: a road built for Longest Road, the longest first."""
        d = s.data
        short = roads_short(s, seat)
        chase = short is not None and short <= _LONGEST_REACH + 1
        length = B.longest_road(s, seat) if chase else 0
        goals = _free_jerusalem(s, seat)

        def gain(a: A.Road) -> int:
            roads = list(s.roads)
            roads[a.edge] = seat
            return B.longest_road(evolve(s, roads=tuple(roads)), seat) - length

        def score(a: A.Road) -> float:
            best = 0.0
            for v in d.edges[a.edge]:
                if B.distance_ok(s, v):
                    best = max(best, vertex_value(s, v, seat))
                for w in d.vertex_neighbours[v]:
                    if B.distance_ok(s, w):
                        best = max(best, 0.7 * vertex_value(s, w, seat))
            if chase:
                best += 3 * gain(a)
            if goals:
                steps = _paths_to(s, seat, list(d.edges[a.edge]), goals)
                best += 1.5 * max(0, _JERUSALEM_REACH + 1 - steps)
            return best

        if lengthen and chase:
            return max(actions, key=lambda a: (gain(a), score(a), -a.edge))
        return max(actions, key=lambda a: (score(a), -a.edge))

    def _build_or_trade(self, s: State, seat: int, actions: tuple[A.Action, ...]) -> A.Action:
        """A stone that takes or ties King's Blessing; else cities and settlements as the
        heuristic builds them; else an offer the other player's plan accepts, a road toward
        Longest Road or Jerusalem; else the heuristic's choice."""
        kinds = {type(a) for a in actions}
        if A.Stone in kinds and stone_takes_or_ties(s, seat):
            return next(a for a in actions if isinstance(a, A.Stone))
        if A.City in kinds or A.Settlement in kinds:
            return super()._build_or_trade(s, seat, actions)
        ask = asks(s, seat, known_hands(s, seat), self._target(s, seat))
        if ask:
            return ask[0]
        if A.Road in kinds:
            roads = tuple(a for a in actions if isinstance(a, A.Road))
            short = roads_short(s, seat)
            if short is not None and short <= _LONGEST_REACH:
                return self._road(s, seat, roads, lengthen=True)
            goals = _free_jerusalem(s, seat)
            if (
                goals
                and not B.settlement_spots(s, seat, setup=False)
                and _paths_to(s, seat, _network(s, seat), goals) <= _JERUSALEM_REACH
            ):
                return self._road(s, seat, roads)
        return super()._build_or_trade(s, seat, actions)


_HEURISTIC = HeuristicBot()
