"""Applying a player's own steps: levying funds, choosing Full Build or Tax & Build, building
a structure (its demolitions, Breaking Ground and upgrades noted for the end of the turn),
and spreading a large structure's markers.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.canterbury.actions import Build, Choose, Spread
from bot.games.canterbury.board import NAMES
from bot.games.canterbury.data import SERVICE_NAMES, Size
from bot.games.canterbury.effects import _mark, _place, _set_district, _set_player
from bot.games.canterbury.legal import _any, _build_stage, build_options, spread_options
from bot.games.canterbury.placement import structure
from bot.games.canterbury.state import Phase, State
from bot.games.canterbury.turn import _end_turn
from bot.games.canterbury.words import _a, _listed, _markers_text, _name, _who
from bot.games.protocol import Event
from bot.games.text import tx


def _apply_levy(state: State, events: list[Event]) -> State:
    gain = state.data.levy(state.city)
    player = state.players[state.current]
    state = _set_player(state, state.current, replace(player, gold=player.gold + gain))
    state = replace(state, turn=replace(state.turn, action="levy"))
    # The game's last turn binds no next turn.
    if state.turns_left == 1:
        text = tx("{who} levies funds: +{gold} gold.", who=_who(state.current), gold=gain)
    else:
        text = tx(
            "{who} levies funds: +{gold} gold. Their next turn is a Full Build.",
            who=_who(state.current),
            gold=gain,
        )
    events.append(Event("levy", text, {"gold": gain}))
    return _end_turn(state, events)


def _apply_choose(state: State, action: Choose, events: list[Event]) -> State:
    player = state.players[state.current]
    if action.action == "tax":
        gain = state.data.levy(state.city) // 2
        state = _set_player(state, state.current, replace(player, gold=player.gold + gain))
        events.append(
            Event(
                "tax",
                tx(
                    "{who} chooses Tax & Build and collects {gold} gold.",
                    who=_who(state.current),
                    gold=gain,
                ),
                {"gold": gain},
            )
        )
    else:
        events.append(Event("full", tx("{who} chooses Full Build.", who=_who(state.current))))
    return replace(state, phase=Phase.BUILD, turn=replace(state.turn, action=action.action))


def _apply_build(state: State, action: Build, events: list[Event]) -> State:
    s = state.data.by_id(action.structure)
    assert s is not None
    seat = state.current
    d = action.district
    player = state.players[seat]
    state = _set_player(state, seat, replace(player, gold=player.gold - s.cost))
    turn = state.turn
    upgrades = 0
    was_empty = not state.districts[d].structures
    if action.demolish:
        district = state.districts[d]
        remaining = list(district.structures)
        for sid in action.demolish:
            victim = next(p for p in remaining if p.structure == sid)
            remaining.remove(victim)
            old = structure(state, sid)
            if old is not None and old.service == s.service:
                upgrades += 1
        state = _set_district(state, d, replace(district, structures=tuple(remaining)))
        turn = replace(turn, demolished=turn.demolished + tuple((x, d) for x in action.demolish))
    broke = turn.broke
    if was_empty and d not in broke:
        broke = broke + (d,)
    state, landed = _place(state, s, d, seat)
    turn = replace(
        turn,
        built=turn.built + ((s.id, d),),
        broke=broke,
        enrichment=turn.enrichment + upgrades,
        markers=turn.markers + tuple((t, s.service) for t in landed),
    )
    state = replace(state, turn=turn)
    where = {
        "who": _who(seat),
        "structure": _a(s.label),
        "district": NAMES[d],
        "cost": s.cost,
        "markers": _markers_text(s.service, landed, d),
    }
    if action.demolish:
        names = [_name(state, x) for x in action.demolish]
        text = tx(
            "{who} builds {structure} in {district} for {cost} gold, demolishing the "
            "{demolished}{markers}.",
            demolished=_listed(names),
            **where,
        )
    else:
        text = tx("{who} builds {structure} in {district} for {cost} gold{markers}.", **where)
    events.append(
        Event(
            "build",
            text,
            {"structure": s.id, "district": d, "demolished": list(action.demolish)},
        )
    )
    if s.size is Size.LARGE:
        turn = replace(turn, spread_service=s.service, spread_home=d)
        choices = len(spread_options(replace(state, turn=turn)))
        if choices:
            turn = replace(turn, spread=min(5, choices), spread_service=s.service, spread_home=d)
            return replace(state, turn=turn, phase=Phase.SPREAD)
        return _end_turn(state, events)
    if turn.action == "tax" or len(turn.built) == 2:
        return _end_turn(state, events)
    gold, _ = _build_stage(state)
    if not _any(build_options(state, gold, False)):
        return _end_turn(state, events)
    return replace(state, phase=Phase.BUILD)


def _apply_spread(state: State, action: Spread, events: list[Event]) -> State:
    turn = state.turn
    what = SERVICE_NAMES[turn.spread_service]
    if action.district is None:
        events.append(
            Event(
                "spread",
                tx(
                    "{who} places no more {service} markers.", who=_who(state.current), service=what
                ),
            )
        )
        return _end_turn(state, events)
    state, _ = _mark(state, action.district, turn.spread_service, state.current)
    events.append(
        Event(
            "spread",
            tx(
                "{who} places {a_service} marker in {district}.",
                who=_who(state.current),
                a_service=_a(what),
                district=NAMES[action.district],
            ),
            {"district": action.district},
        )
    )
    turn = replace(
        turn,
        spread=turn.spread - 1,
        markers=turn.markers + ((action.district, turn.spread_service),),
    )
    state = replace(state, turn=turn)
    if turn.spread == 0 or not spread_options(state):
        return _end_turn(state, events)
    return state
