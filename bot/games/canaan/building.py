"""Building: roads, settlements and cities after the starting placement, and the stones of
Jerusalem (with the fee paid through another player's building there)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan.data import COSTS, Hand
from bot.games.canaan.effects import _ev, _move_cards, _pay, _set_player
from bot.games.canaan.hands import covers, one, sub
from bot.games.canaan.state import CITY, EMPTY, SETUP, START, State, evolve
from bot.games.canaan.victory import _award_blessing, _award_roads, _jerusalem_check
from bot.games.canaan.words import colour, colour_title, resource
from bot.games.protocol import Event
from bot.games.text import tx


def _roads(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.Road, B.road_spots(s, seat))


def _settlements(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.Settlement, B.settlement_spots(s, seat, setup=False))


def _cities(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.City, B.positions(s.buildings, seat))


def city_cost(s: State) -> Hand:
    """What a city costs the current player now (Improvements may lower it)."""
    if s.discount:
        for e in s.data.events:
            if e.kind == "discounted_city":
                return e.city_cost
    return COSTS["city"]


def _stone_options(s: State, seat: int) -> Iterator[A.Action]:
    if len(s.jerusalem) >= s.data.blocks or B.pieces_left(s, seat, "stone") <= 0:
        return
    hand = s.players[seat].hand
    if not covers(hand, COSTS["stone"]):
        return
    if B.own_jerusalem_building(s, seat):
        yield A.Stone()
        return
    rest = sub(hand, COSTS["stone"])
    b = s.buildings
    if all(b[v] == EMPTY or b[v] % CITY == seat for v in s.data.jerusalem):
        return  # nobody else has built at Jerusalem: no route to walk
    for o in sorted(B.route_owners(s, seat)):
        yield from (A.Stone(o, r) for r in range(5) if rest[r] > 0)


def _build_vertex(s: State, v: int, value: int) -> State:
    b = list(s.buildings)
    b[v] = value
    return evolve(s, buildings=tuple(b))


def _apply_settlement(s: State, seat: int, a: A.Settlement) -> tuple[State, list[Event], bool]:
    v = a.vertex
    events = []
    if s.phase is SETUP:
        s = evolve(_build_vertex(s, v, seat), setup_vertex=v)
        events.append(
            _ev(
                "settlement",
                tx(
                    "{player} places a settlement at {place}.",
                    player=colour_title(seat),
                    place=B.vertex_text(s.data, v),
                ),
            )
        )
        return s, events, False
    free = s.free_settlements > 0
    if free:
        s = evolve(s, free_settlements=s.free_settlements - 1)
    else:
        s = evolve(_pay(s, seat, COSTS["settlement"]), built=True)
    s = _build_vertex(s, v, seat)
    if s.free_settlements and not B.settlement_spots(s, seat, setup=False):
        s = evolve(s, free_settlements=0)
    events.append(
        _ev(
            "settlement",
            (
                tx(
                    "{player} builds a settlement free at {place}.",
                    player=colour_title(seat),
                    place=B.vertex_text(s.data, v),
                )
                if free
                else tx(
                    "{player} builds a settlement at {place}.",
                    player=colour_title(seat),
                    place=B.vertex_text(s.data, v),
                )
            ),
        )
    )
    touching = {s.roads[e] for e in s.data.vertex_edges[v]} - {EMPTY, seat}
    s, more = _award_roads(s, touching)
    return s, events + more, False


def _apply_road(s: State, seat: int, a: A.Road) -> tuple[State, list[Event], bool]:
    roads = list(s.roads)
    roads[a.edge] = seat
    label = s.data.edge_label(a.edge)
    if s.phase is SETUP:
        s = evolve(s, roads=tuple(roads), setup_vertex=-1, setup_index=s.setup_index + 1)
        s, _ = _award_roads(s, (seat,))  # lengths are kept from the first road (never 5 yet)
        events = [
            _ev(
                "road",
                tx("{player} places a road at {path}.", player=colour_title(seat), path=label),
            )
        ]
        if s.setup_index >= len(s.setup_order):
            s = evolve(s, phase=START)
            events.append(
                _ev("start", tx("Each player now chooses one settlement for the starting cards."))
            )
        return s, events, False
    free = s.free_roads > 0
    if free:
        s = evolve(s, roads=tuple(roads), free_roads=s.free_roads - 1)
        if s.free_roads and (not B.road_spots(s, seat) or B.pieces_left(s, seat, "road") <= 0):
            s = evolve(s, free_roads=0)
    else:
        s = evolve(_pay(s, seat, COSTS["road"]), roads=tuple(roads), built=True)
    events = [
        _ev(
            "road",
            tx("{player} builds a road free at {path}.", player=colour_title(seat), path=label)
            if free
            else tx("{player} builds a road at {path}.", player=colour_title(seat), path=label),
        )
    ]
    s, more = _award_roads(s, (seat,))
    return s, events + more, False


def _apply_city(s: State, seat: int, a: A.City) -> tuple[State, list[Event], bool]:
    price = city_cost(s)
    s = evolve(_pay(s, seat, price), built=True, discount=False)
    s = _build_vertex(s, a.vertex, CITY + seat)
    return (
        s,
        [
            _ev(
                "city",
                tx("{player} upgrades {v} to a city.", player=colour_title(seat), v=a.vertex + 1),
            )
        ],
        False,
    )


def _apply_stone(s: State, seat: int, a: A.Stone) -> tuple[State, list[Event], bool]:
    s = evolve(_pay(s, seat, COSTS["stone"]), built=True)
    events = []
    if a.via >= 0:
        s = _move_cards(s, seat, a.via, one(a.pay))
        events.append(
            _ev(
                "fee",
                tx(
                    "{player} pays {owner} 1 {resource} to build through their building at "
                    "Jerusalem.",
                    player=colour_title(seat),
                    owner=colour(a.via),
                    resource=resource(a.pay),
                ),
            )
        )
    p = s.players[seat]
    s = _set_player(s, seat, stones=p.stones + 1)
    s = evolve(s, jerusalem=(*s.jerusalem, seat))
    events.append(
        _ev(
            "stone",
            tx(
                "{player} adds a stone to Jerusalem ({n}/{blocks}).",
                player=colour_title(seat),
                n=len(s.jerusalem),
                blocks=s.data.blocks,
            ),
        )
    )
    s, more = _award_blessing(s)
    events += more
    s, more = _jerusalem_check(s)
    return s, events + more, False
