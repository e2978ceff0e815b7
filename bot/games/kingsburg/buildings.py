"""Kingsburg's Construct Buildings step and the Town Hall: what a player may build (with the
King's Envoy's second build), the Embassy's and the Inn's end-of-season gains, and applying
`build`, `done` and `townhall`.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.kingsburg import data as D
from bot.games.kingsburg import scoring
from bot.games.kingsburg.actions import Action, Build, Done, Skip, TownHall
from bot.games.kingsburg.effects import _add_vp, _covers, _ev, _neg, goods_words
from bot.games.kingsburg.state import Player, State, Step
from bot.games.kingsburg.texts import cap_colour, good_count
from bot.games.protocol import Event
from bot.games.text import tx


def _start_build(s: State, ev: list[Event]) -> State:
    ev.append(_ev("step", tx("Construction, in turn order.")))
    return replace(s, step=Step.BUILD, queue=s.turn_order)


def can_build(p: Player, building_id: str) -> bool:
    """Not owned, every building to its left owned, and affordable."""
    if p.has(building_id):
        return False
    if not all(p.has(left) for left in D.left_neighbours(building_id)):
        return False
    return _covers(p.goods, D.cost_for(building_id, p.crane_discount))


def _build_options(s: State, seat: int) -> list[Action]:
    p = s.players[seat]
    if p.builds >= 2 or (p.builds == 1 and s.envoy != seat):
        return []
    envoy = p.builds == 1
    out: list[Action] = [
        Build(b.building_id, envoy) for b in D.BUILDINGS if can_build(p, b.building_id)
    ]
    return out + [Done()] if out else []


def _end_season(s: State, ev: list[Event]) -> State:
    for seat in s.turn_order:
        if s.players[seat].has("embassy"):
            s = _add_vp(s, seat, 1, D.BUILDING_BY_ID["embassy"].name, ev, scoring.EMBASSY)
    if s.phase == 4:
        # The Inn's token arrives before the Town Hall so it can be spent there at once.
        for seat in s.turn_order:
            p = s.players[seat]
            if p.has("inn"):
                s = s.with_player(seat, replace(p, plus_two=p.plus_two + 1))
                inn = tx('{seat} takes a "+2" token (Inn).', seat=cap_colour(seat))
                ev.append(_ev("plus_two", inn, seat=seat))
    return replace(s, step=Step.TOWNHALL, queue=s.turn_order)


def _townhall_options(p: Player) -> list[Action]:
    if not p.has("town-hall") or p.townhall_used:
        return []
    out: list[Action] = [TownHall("plus2")] if p.plus_two > 0 else []
    out += [TownHall(g) for i, g in enumerate(D.GOODS) if p.goods[i] > 0]
    return out + [Skip()] if out else []


# --- Applying builds and the Town Hall ------------------------------------------------------


def _apply_build(s: State, seat: int, a: Build, ev: list[Event]) -> State:
    p = s.players[seat]
    b = D.BUILDING_BY_ID[a.building]
    cost = D.cost_for(a.building, p.crane_discount)
    # The Crane works once a season (designer's clarifications): spent if it lowered this cost.
    p = replace(
        p.with_goods(_neg(cost)),
        buildings=p.buildings | {a.building},
        builds=p.builds + 1,
        crane_used=p.crane_used or cost != b.cost,
    )
    s = s.with_player(seat, p)
    paid = goods_words(cost)
    if a.envoy:
        text = tx(
            "{seat} builds the {building} with the King's Envoy (pays {cost}).",
            seat=cap_colour(seat),
            building=b.name,
            cost=paid,
        )
    else:
        text = tx(
            "{seat} builds the {building} (pays {cost}).",
            seat=cap_colour(seat),
            building=b.name,
            cost=paid,
        )
    ev.append(
        _ev(
            "build",
            text,
            seat=seat,
            building=a.building,
        )
    )
    if a.envoy:
        s = replace(s, envoy=None)
    if b.vp:
        s = _add_vp(s, seat, b.vp, b.name, ev, scoring.BUILDINGS)
    return s


def _apply_done(s: State, seat: int, a: Done, ev: list[Event]) -> State:
    return replace(s, queue=s.queue[1:])


def _apply_townhall(s: State, seat: int, a: TownHall, ev: list[Event]) -> State:
    p = s.players[seat]
    if a.pay == "plus2":
        p = replace(p, plus_two=p.plus_two - 1)
        what = tx('a "+2" token')
    else:
        vec = [0, 0, 0]
        vec[D.GOODS.index(a.pay)] = 1
        p = p.with_goods((-vec[0], -vec[1], -vec[2]))
        what = good_count(1, a.pay)
    s = s.with_player(seat, replace(p, townhall_used=True))
    s = _add_vp(s, seat, 1, tx("Town Hall, for {what}", what=what), ev, scoring.TOWN_HALL)
    return replace(s, queue=s.queue[1:])
