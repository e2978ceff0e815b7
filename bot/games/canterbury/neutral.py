"""The two-player Neutral Builder: where the top of a stack fits, the placements offered,
what leaves the game when it builds nothing (`neutral none`), the sentence announcing its
build, and applying `neutral` and `neutral none`.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.canterbury.actions import Neutral
from bot.games.canterbury.board import DISTRICTS, NAMES, SPACES
from bot.games.canterbury.effects import _advance_city, _place, _set_player
from bot.games.canterbury.placement import occupied, placement_problem
from bot.games.canterbury.state import NEUTRAL, Phase, State
from bot.games.canterbury.words import _a, _markers_text, _name, _who
from bot.games.protocol import Event
from bot.games.text import tx


def _neutral_fits(state: State, sid: str) -> list[int]:
    """The districts where the Neutral Builder's `sid` may stand (normal placement, no
    demolition)."""
    s = state.data.by_id(sid)
    if s is None:
        return []
    return [
        d
        for d in range(DISTRICTS)
        if placement_problem(state, s, d) is None and SPACES - occupied(state, d) >= s.spaces
    ]


def neutral_options(state: State) -> list[Neutral]:
    """Two-player: where the Neutral Builder may build the top of the current player's stack
    (from the medium stack also the next one, discarding the top)."""
    player = state.players[state.current]
    if player.small_stack:
        candidates = [player.small_stack[0]]
    else:
        candidates = list(player.medium_stack[:2])
    return [Neutral(sid, d) for sid in candidates for d in _neutral_fits(state, sid)]


def neutral_none_losses(state: State) -> tuple[str, ...]:
    """Two-player, building from the medium stack: what leaves the game if the Neutral Builder
    builds nothing (`neutral none`), or () when that is not a choice.

    The rulebook: an unplaceable structure is removed from play, and from the medium stack the
    player may discard the top and build the next instead. So when the top fits nowhere the
    player may let it go and build nothing (keeping the next for a later turn) rather than
    discard it and build the next; and when the top fits but the next fits nowhere, discarding
    the top builds nothing and both leave. When neither fits anywhere the top simply leaves
    (no choice, `_start_turn`)."""
    player = state.players[state.current]
    if player.small_stack or not player.medium_stack:
        return ()
    top, rest = player.medium_stack[0], player.medium_stack[1:2]
    if not _neutral_fits(state, top):
        return (top,) if rest and _neutral_fits(state, rest[0]) else ()
    if rest and not _neutral_fits(state, rest[0]):
        return (top, rest[0])
    return ()


def _neutral_offer(state: State, seat: int) -> str:
    """The sentence announcing a Neutral Builder build and the choices it leaves `seat`."""
    player = state.players[seat]
    fits = {a.structure for a in neutral_options(state)}
    top = (player.small_stack or player.medium_stack)[0]
    nxt = player.medium_stack[1] if not player.small_stack and player.medium_stack[1:] else None
    who = _who(seat)
    name = _name(state, top)
    if nxt is None:
        return tx(
            "{who}'s Neutral Builder token flips to Build: {who} places the {structure} for the "
            "Neutral Builder, free.",
            who=who,
            structure=name,
        )
    other = _name(state, nxt)
    if top not in fits:
        return tx(
            "{who}'s Neutral Builder token flips to Build: the {structure} fits nowhere, so "
            "{who} lets it leave the game and builds nothing (`neutral none`), or discards it "
            "and places the {next}.",
            who=who,
            structure=name,
            next=other,
        )
    if nxt not in fits:
        return tx(
            "{who}'s Neutral Builder token flips to Build: {who} places the {structure} for the "
            "Neutral Builder, free, or discards it (the {next} after it fits nowhere, so nothing "
            "is built: `neutral none`).",
            who=who,
            structure=name,
            next=other,
        )
    return tx(
        "{who}'s Neutral Builder token flips to Build: {who} places the {structure} for the "
        "Neutral Builder, free, or discards it and places the {next}.",
        who=who,
        structure=name,
        next=other,
    )


def _apply_neutral(state: State, action: Neutral, events: list[Event]) -> State:
    s = state.data.by_id(action.structure)
    assert s is not None
    player = state.players[state.current]
    if player.small_stack:
        player = replace(player, small_stack=player.small_stack[1:])
        discarded = None
    else:
        discarded = player.medium_stack[0] if player.medium_stack[0] != s.id else None
        skip = 2 if discarded else 1
        player = replace(player, medium_stack=player.medium_stack[skip:])
    state = _set_player(state, state.current, player)
    # Stack tokens were taken out of the supply at setup; _place takes one more off, so give
    # it back first.
    supply = list(state.supply)
    supply[s.index] += 1
    state = replace(state, supply=tuple(supply))
    state, landed = _place(state, s, action.district, NEUTRAL)
    turn = replace(
        state.turn,
        neutral=state.turn.neutral + ((s.id, action.district),),
        markers=state.turn.markers + tuple((t, s.service) for t in landed),
    )
    markers = _markers_text(s.service, landed, action.district)
    if discarded:
        text = tx(
            "The Neutral Builder discards the {discarded} and builds {structure} in "
            "{district}{markers}.",
            discarded=_name(state, discarded),
            structure=_a(s.label),
            district=NAMES[action.district],
            markers=markers,
        )
    else:
        text = tx(
            "The Neutral Builder builds {structure} in {district}{markers}.",
            structure=_a(s.label),
            district=NAMES[action.district],
            markers=markers,
        )
    events.append(Event("neutral", text, {"structure": s.id, "district": action.district}))
    # "Finally, move the City Marker forward" is one of the Neutral Builder's immediate steps:
    # a Levy or a Tax this turn is paid from the new position (District Favor waits for the end
    # of the turn, like every other scoring).
    state = _advance_city(replace(state, turn=turn, phase=Phase.CHOOSE), s.city, events)
    return state


def _apply_neutral_none(state: State, events: list[Event]) -> State:
    lost = neutral_none_losses(state)
    player = state.players[state.current]
    state = _set_player(
        state, state.current, replace(player, medium_stack=player.medium_stack[len(lost) :])
    )
    names = [_name(state, sid) for sid in lost]
    if len(lost) == 1:
        text = tx(
            "The Neutral Builder builds nothing: its {structure} fits nowhere and leaves the game.",
            structure=names[0],
        )
    else:
        text = tx(
            "The Neutral Builder builds nothing: the {structure} is discarded and the {next} "
            "after it fits nowhere; both leave the game.",
            structure=names[0],
            next=names[1],
        )
    events.append(Event("neutral", text, {"lost": list(lost)}))
    return replace(state, phase=Phase.CHOOSE)
