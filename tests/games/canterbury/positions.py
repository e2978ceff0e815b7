"""Position builders for Canterbury rule tests: place structures and markers by name."""

from __future__ import annotations

from dataclasses import replace

from bot.games.canterbury import ENGINE, rules
from bot.games.canterbury.board import NAMES, district_index
from bot.games.canterbury.data import SERVICES
from bot.games.canterbury.state import NEUTRAL, Phase, State
from bot.games.protocol import Seat, Transition, step

OWNERS = {"blue": 0, "red": 1, "green": 2, "yellow": 3, "neutral": NEUTRAL}


def d(name: str) -> int:
    """District index of a name like 'C3'."""
    index = district_index(name)
    assert index is not None
    return index


def game(players: int = 3, seed: int = 1) -> State:
    """A fresh game."""
    return ENGINE.new_game(players, {}, seed)


def place(state: State, district: str, structure: str, owner: str = "blue") -> State:
    """Put a structure (and the markers it spreads) on the board, outside any turn."""
    s = state.data.by_id(structure)
    assert s is not None
    # Built "before this game's turns" (turn 0), so it counts as already standing.
    now = state.turn_number
    state, _ = rules._place(replace(state, turn_number=0), s, d(district), OWNERS[owner])
    return replace(state, turn_number=now)


def mark(state: State, district: str, service: str, owner: str = "blue") -> State:
    """Put one service marker on the board."""
    state, _ = rules._mark(state, d(district), SERVICES.index(service), OWNERS[owner])
    return state


def at_city(state: State, city: int, **changes: object) -> State:
    """The City Marker on `city` since the start of the current turn (other fields in
    `changes`, e.g. scorings=2)."""
    return replace(state, city=city, turn=replace(state.turn, city_before=city), **changes)  # type: ignore[arg-type]


def set_gold(state: State, seat: int, gold: int) -> State:
    """Give a seat exactly `gold`."""
    players = list(state.players)
    players[seat] = replace(players[seat], gold=gold)
    return replace(state, players=tuple(players))


def free_turns(state: State) -> State:
    """Lift everyone's first-round Full Build obligation."""
    players = tuple(replace(p, must_full_build=False) for p in state.players)
    return replace(state, players=players)


def play(state: State, *moves: str) -> State:
    """Play the current player's steps by notation; fail loudly on a refusal."""
    for text in moves:
        seat = Seat(state.current)
        action = ENGINE.parse_action(text, state, seat)
        assert not hasattr(action, "code"), action
        result = step(ENGINE, state, seat, action)
        assert isinstance(result, Transition), f"{text}: {result}"
        state = result.state
    return state


def refused(state: State, text: str) -> str:
    """The sentence refusing a step of the current player (fails if it is accepted)."""
    seat = Seat(state.current)
    action = ENGINE.parse_action(text, state, seat)
    if hasattr(action, "code"):
        return action.message  # type: ignore[union-attr]
    result = step(ENGINE, state, seat, action)
    assert not isinstance(result, Transition), f"{text} was accepted"
    return result.message


def legal(state: State) -> set[str]:
    """Notation of every legal step of the current player."""
    seat = Seat(state.current)
    return {ENGINE.format_action(a, state) for a in ENGINE.legal_actions(state, seat)}


def in_phase(state: State, phase: Phase) -> bool:
    """True when the game waits in `phase`."""
    return state.phase is phase


__all__ = ["NAMES"]
