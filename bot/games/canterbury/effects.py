"""Canterbury's small state changes: a player or a district replaced, a service marker set,
a structure placed with its markers, and the City Marker moved (with the scoring marks it
passes and the space it locks on).
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.canterbury.board import NEIGHBOURS
from bot.games.canterbury.data import Size, Structure
from bot.games.canterbury.state import District, Placed, Player, State
from bot.games.protocol import Event
from bot.games.text import tx

SCORING_MARKS = (100, 200, 300)
CITY_MAX = 301


def _set_player(state: State, seat: int, player: Player) -> State:
    players = state.players[:seat] + (player,) + state.players[seat + 1 :]
    return replace(state, players=players)


def _set_district(state: State, d: int, district: District) -> State:
    return replace(state, districts=state.districts[:d] + (district,) + state.districts[d + 1 :])


def _mark(state: State, d: int, service: int, owner: int) -> tuple[State, bool]:
    district = state.districts[d]
    if district.markers[service] is not None:
        return state, False
    markers = district.markers[:service] + (owner,) + district.markers[service + 1 :]
    state = _set_district(state, d, replace(district, markers=markers))
    return state, True


def _place(state: State, s: Structure, d: int, owner: int) -> tuple[State, list[int]]:
    """Put `s` in `d` and its markers (own district; medium: and neighbours). Returns the
    districts that received a marker."""
    district = state.districts[d]
    placed = Placed(s.id, owner, state.turn_number)
    state = _set_district(state, d, replace(district, structures=district.structures + (placed,)))
    targets = [d] + (list(NEIGHBOURS[d]) if s.size is Size.MEDIUM else [])
    landed = []
    for t in targets:
        state, ok = _mark(state, t, s.service, owner)
        if ok:
            landed.append(t)
    supply = list(state.supply)
    supply[s.index] -= 1
    return replace(state, supply=tuple(supply)), landed


def _advance_city(state: State, gain: int, events: list[Event]) -> State:
    """Move the City Marker `gain` forward: past 300 it locks on 301 for the rest of the game."""
    if not gain or state.city >= CITY_MAX:
        return state
    old = state.city
    new = CITY_MAX if old + gain > SCORING_MARKS[-1] else old + gain
    events.append(
        Event("city", tx("The city advances to {space}.", space=new), {"from": old, "to": new})
    )
    return replace(state, city=new)
