"""JSON round trips and precise CorruptStateError messages."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from typing import Any

import pytest

from bot.games.cathedral import ENGINE
from bot.games.cathedral.pieces import Colour, Kind
from bot.games.codec import CorruptStateError
from bot.games.protocol import Transition, canonical_json, step
from tests.games.cathedral.builders import position


def _played(seed: int, plies: int, games: int = 1) -> Any:
    rng = random.Random(seed)
    state = ENGINE.new_game(2, {"games": games}, seed)
    for _ in range(plies):
        if ENGINE.outcome(state) is not None:
            break
        (seat,) = ENGINE.to_act(state)
        result = step(ENGINE, state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        assert isinstance(result, Transition)
        state = result.state
    return state


@pytest.mark.parametrize(
    ("seed", "plies", "games"), [(1, 0, 1), (2, 9, 1), (3, 200, 1), (4, 40, 2)]
)
def test_round_trip_is_identity(seed: int, plies: int, games: int) -> None:
    """to_dict -> JSON text -> from_dict gives an equal state."""
    state = _played(seed, plies, games)
    data = ENGINE.state_to_dict(state)
    assert data["game"] == "cathedral" and data["v"] == 1
    restored = ENGINE.state_from_dict(json.loads(json.dumps(data)))
    assert restored == state
    assert canonical_json(ENGINE.state_to_dict(restored)) == canonical_json(data)


def test_round_trip_keeps_territory_captures_and_removed_cathedral() -> None:
    """A crafted position with territory and a capture record survives the round trip."""
    state = position(
        [("light", "Square H9"), ("dark", "Tavern J10")],
        cathedral_removed=True,
        territory={"light": ["A1", "B1"], "dark": ["J1"]},
    )
    state = replace(state, captured=((Colour.DARK, Kind.CATHEDRAL, None),))
    assert ENGINE.state_from_dict(ENGINE.state_to_dict(state)) == state


def _corrupt(path: list[Any], value: Any, *, delete: bool = False) -> dict[str, Any]:
    data = copy.deepcopy(ENGINE.state_to_dict(_played(2, 9)))
    target = data
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "delete", "needle"),
    [
        (["game"], "kingsburg", False, "not 'cathedral'"),
        (["v"], 2, False, "schema version 2"),
        (["games"], 11, False, "state.games"),
        (["games"], "3", False, "state.games"),
        (["light_seat"], 1, False, "state.light_seat"),
        (["phase"], "middle", False, "state.phase"),
        (["to_move"], "green", False, "state.to_move"),
        (["pieces", 1, "name"], "Castel", False, "state.pieces[1].name"),
        (["pieces", 1, "anchor"], "K3", False, "state.pieces[1].anchor"),
        (["pieces", 1, "rotation"], 45, False, "state.pieces[1].rotation"),
        (["pieces", 0, "owner"], "light", False, "state.pieces[0].owner"),
        (["pieces", 1, "id"], 1, False, "state.pieces[1].id"),
        (["hands", "light", "Tavern"], 5, False, "state.hands.light.Tavern"),
        (["hands", "dark", "Castel"], 1, False, "state.hands.dark"),
        (["hands", "dark"], None, True, "state.hands"),
        (["territory", "light"], ["Z9"], False, "state.territory.light[0]"),
        (["first_placed", "dark"], "yes", False, "state.first_placed"),
        (["cathedral_removed"], True, False, "state.cathedral_removed"),
        (["captured"], [{"by": "light", "piece": "Inn", "owner": "light"}], False, "captured[0]"),
        (["next_piece_id"], 1, False, "state.next_piece_id"),
        (["history"], [{"game": 1, "light_seat": 0, "unplaced": [1, 2]}], False, "state.history"),
        (["seed"], None, True, "'seed'"),
    ],
)
def test_corrupt_json_names_the_field(
    path: list[Any], value: Any, delete: bool, needle: str
) -> None:
    """Each kind of corruption raises CorruptStateError mentioning the bad field."""
    with pytest.raises(CorruptStateError) as info:
        ENGINE.state_from_dict(_corrupt(path, value, delete=delete))
    assert needle in str(info.value)


def test_overlapping_pieces_are_refused() -> None:
    """Two pieces on the same square cannot come from a real game."""
    data = ENGINE.state_to_dict(_played(2, 9))
    data["pieces"][2]["anchor"] = data["pieces"][1]["anchor"]
    data["pieces"][2]["name"] = data["pieces"][1]["name"]
    data["pieces"][2]["rotation"] = data["pieces"][1]["rotation"]
    with pytest.raises(CorruptStateError, match=r"state\.pieces\[2\]"):
        ENGINE.state_from_dict(data)


def test_territory_under_an_enemy_piece_is_refused() -> None:
    """Territory may not cover the other colour's building."""
    data = ENGINE.state_to_dict(_played(2, 9))
    dark_piece = next(p for p in data["pieces"] if p["owner"] == "dark")
    data["territory"]["light"] = [dark_piece["anchor"]]
    with pytest.raises(CorruptStateError, match=r"state\.territory\.light"):
        ENGINE.state_from_dict(data)


@pytest.mark.parametrize("bad", [None, [], "nonsense", 3])
def test_not_an_object(bad: Any) -> None:
    """Non-objects are refused with a message."""
    with pytest.raises(CorruptStateError, match="expected an object"):
        ENGINE.state_from_dict(bad)


def _game_two() -> Any:
    """Early in game 2 of a 3-game series (game 1's final board kept as `previous`)."""
    rng = random.Random(5)
    state = ENGINE.new_game(2, {"games": 3}, 5)
    while state.game_number == 1 or state.phase.value == "cathedral":
        (seat,) = ENGINE.to_act(state)
        result = step(ENGINE, state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        assert isinstance(result, Transition)
        state = result.state
    assert state.game_number == 2 and state.pieces  # the Cathedral of game 2 is down
    return state


def test_previous_game_round_trips_and_old_saves_load_without_it() -> None:
    """The previous game's final board survives JSON; a save from before it existed (no
    "previous_game") still loads, with no previous game."""
    state = _game_two()
    assert state.previous is not None
    data = json.loads(json.dumps(ENGINE.state_to_dict(state)))
    assert data["previous_game"]["phase"] == "over"
    assert ENGINE.state_from_dict(data) == state
    del data["previous_game"]
    old = ENGINE.state_from_dict(data)
    assert old.previous is None and old == replace(state, previous=None)
    assert ENGINE.view(old, None).previous_game is None
    assert "previous_game" not in ENGINE.state_to_dict(ENGINE.new_game(2, {"games": 2}, 1))


def test_a_previous_game_from_another_point_of_the_series_is_refused() -> None:
    """previous_game must be the finished game just before the current one."""
    state = _game_two()
    data = ENGINE.state_to_dict(state)
    wrong = copy.deepcopy(data)
    wrong["previous_game"]["games"] = 2
    with pytest.raises(CorruptStateError, match="state.previous_game: not the finished game"):
        ENGINE.state_from_dict(wrong)
    broken = copy.deepcopy(data)
    broken["previous_game"]["phase"] = "sideways"
    with pytest.raises(CorruptStateError, match="state.previous_game: .*sideways"):
        ENGINE.state_from_dict(broken)
