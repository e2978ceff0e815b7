"""Who acts and what they may do: the builds the current player could make with some gold,
the action choices (Levy, Full Build, Tax & Build), a large structure's spread districts,
and `legal_actions` listing every step of each phase.
"""

from __future__ import annotations

from collections.abc import Iterator

from bot.games.canterbury.actions import (
    Action,
    Build,
    Choose,
    End,
    Levy,
    NeutralNone,
    Spread,
    format_action,
)
from bot.games.canterbury.board import DISTRICTS
from bot.games.canterbury.data import Size
from bot.games.canterbury.neutral import neutral_none_losses, neutral_options
from bot.games.canterbury.placement import Board, _placeable, demolition_sets
from bot.games.canterbury.state import Phase, State
from bot.games.protocol import Seat


def to_act(state: State) -> frozenset[Seat]:
    """The current player, or nobody once the game is over."""
    return frozenset() if state.phase is Phase.OVER else frozenset({Seat(state.current)})


def _build_stage(state: State) -> tuple[int, bool]:
    """(gold available, large allowed) for the next structure of this turn."""
    gold = state.players[state.current].gold
    large_ok = not state.turn.built
    return gold, large_ok


def build_options(state: State, gold: int, large_ok: bool) -> Iterator[Build]:
    """Every Build the current player could make with `gold` (unsorted)."""
    seat = state.current
    board = Board.of(state, seat)
    for s in state.data.structures:
        if state.supply[s.index] <= 0 or s.cost > gold:
            continue
        if s.size is Size.LARGE and not large_ok:
            continue
        for d in range(DISTRICTS):
            if not _placeable(state, board, s, d):
                continue
            for demolish in demolition_sets(state, seat, d, s, board):
                yield Build(s.id, d, demolish)


def _any(it: Iterator[object]) -> bool:
    return next(it, None) is not None


def choose_options(state: State) -> list[Action]:
    """Levy / Full Build / Tax & Build as allowed now. A player bound to Full Build (first
    round, after a levy) who cannot build anything may levy or tax instead."""
    player = state.players[state.current]
    full = _any(build_options(state, player.gold, True))
    out: list[Action] = []
    if full:
        out.append(Choose("full"))
    if not (player.must_full_build and full):
        out.append(Levy())
        tax = state.data.levy(state.city) // 2
        if _any(build_options(state, player.gold + tax, True)):
            out.append(Choose("tax"))
    return out


def legal_actions(state: State, seat: Seat) -> tuple[Action, ...]:
    """Every legal action of `seat`, sorted by notation."""
    if state.phase is Phase.OVER or seat != state.current:
        return ()
    actions: list[Action]
    if state.phase is Phase.NEUTRAL:
        actions = list(neutral_options(state))
        if neutral_none_losses(state):
            actions.append(NeutralNone())
    elif state.phase is Phase.CHOOSE:
        actions = choose_options(state)
    elif state.phase is Phase.BUILD:
        gold, large_ok = _build_stage(state)
        actions = list(build_options(state, gold, large_ok))
        if state.turn.built:
            actions.append(End())
    else:
        actions = [Spread(d) for d in spread_options(state)]
        actions.append(Spread(None))
    return tuple(sorted(set(actions), key=format_action))


def spread_options(state: State) -> list[int]:
    """Districts where a large structure's marker would land (service not yet provided)."""
    service = state.turn.spread_service
    home = state.turn.spread_home
    return [
        d for d in range(DISTRICTS) if d != home and state.districts[d].markers[service] is None
    ]
