"""A building that splits the city (rule 4, our reading): every part except the rest of the city is
judged, and the rest of the city is the part holding the most pieces (ties: more squares, then the
first square in reading order). So a part holding no opposing piece, or only one, is the builder's
even when it is the larger part; the city is never claimed whole, and a first building claims
nothing.

The second half checks the engine, move by move, against a reference written square by square
from that reading (sets of (row, file), no bit masks, nothing shared with rules.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bot.games.cathedral import ENGINE
from bot.games.cathedral.board import bits
from bot.games.cathedral.pieces import Colour, Kind
from bot.games.cathedral.state import CathedralState
from bot.games.protocol import Seat, Transition, step
from tests.games.cathedral.builders import (
    picture,
    piece_names_on_board,
    play,
    position,
    squares_of_files,
    territory_squares,
)
from tests.games.cathedral.test_open_city import SEALED, WALL, _play_moves, _random_position

WEST = set(squares_of_files("ABCD", range(1, 11)))
# East of light's wall on file E (the Inn at E8 also covers F9): 49 squares.
EAST = set(squares_of_files("FGHIJ", range(1, 11))) - {"F9"}


def test_a_wall_leaving_every_opposing_piece_in_the_smaller_part_claims_the_larger_part() -> None:
    """Light walls file E from edge to edge with the Cathedral and dark's Tavern in the west (40
    squares, two pieces): the west stays open, and the east (49 squares, nothing of dark's) is
    light's, though it is the larger part."""
    state = position(
        [("cathedral", "Cathedral B5 0"), *WALL, ("dark", "Tavern A9")], to_move="light"
    )
    result = play(state, "light", "Tavern E10")
    after = result.state
    assert territory_squares(after, "light") == EAST, picture(after)
    assert after.captured == ()
    assert [e.kind for e in result.events] == ["place", "claim"]
    assert result.events[-1].text == "Light claims 49 squares of the city."
    # The west holds two pieces: it stays open to both (rule 5).
    assert piece_names_on_board(after).count(("dark", "Tavern")) == 1
    assert not territory_squares(after, "dark") & WEST


def test_a_wall_leaving_one_opposing_piece_in_the_larger_part_captures_it() -> None:
    """The same wall with a second dark Tavern in the east: the east holds one dark building
    only, so light captures it and claims the east; the west (two pieces) stays open."""
    state = position(
        [("cathedral", "Cathedral B5 0"), *WALL, ("dark", "Tavern A9"), ("dark", "Tavern H3")],
        to_move="light",
    )
    assert ENGINE.capture_preview(state, Seat(0), "Tavern", "E10", 0) == ("dark's Tavern",)
    after = play(state, "light", "Tavern E10").state
    assert after.captured == ((Colour.LIGHT, Kind.TAVERN, Colour.DARK),)
    assert territory_squares(after, "light") == EAST, picture(after)


def test_sealing_a_corner_pocket_claims_the_empty_rest_of_the_city() -> None:
    """Dark seals the 12-square corner pocket round the Cathedral, light's Tavern and light's
    Stable: the pocket (three pieces) stays open; the 79 squares outside hold nothing of light's
    and are dark's."""
    moves = [(s, "Stable C3 0" if t == "Castle G1 0" else t) for s, t in SEALED]
    state, result = _play_moves(moves)
    outside = territory_squares(state, "dark")
    assert len(outside) == 79 and "J10" in outside and "A1" not in outside, picture(state)
    assert state.captured == ()
    assert [e.kind for e in result.events] == ["place", "claim"]
    light = {ENGINE.format_action(a, state) for a in ENGINE.legal_actions(state, Seat(0))}
    # Light may still build in the pocket only.
    assert sorted(light) == ["Stable A3 0", "Tavern A3 0", "Tavern A4 0", "Tavern C1 0"]


def test_sealing_a_corner_pocket_captures_a_lone_building_outside_it() -> None:
    """With light's Castle alone outside the pocket (two pieces inside), dark captures the Castle
    and claims the outside."""
    state, result = _play_moves(SEALED)
    assert state.captured == ((Colour.DARK, Kind.CASTLE, Colour.LIGHT),)
    assert ("light", "Castle") not in piece_names_on_board(state)
    assert len(territory_squares(state, "dark")) == 79, picture(state)
    assert [e.kind for e in result.events] == ["place", "capture", "claim"]


def test_when_every_part_holds_at_most_one_piece_the_one_holding_it_stays_the_city() -> None:
    """The Cathedral gone, dark's only building in the west: the west (one piece) is the rest of
    the city and stays open with its Tavern; the empty east (49 squares) is light's. The city is
    never claimed whole."""
    state = position([*WALL, ("dark", "Tavern B5")], to_move="light", cathedral_removed=True)
    assert ENGINE.capture_preview(state, Seat(0), "Tavern", "E10", 0) == ()
    after = play(state, "light", "Tavern E10").state
    assert after.captured == ()
    assert ("dark", "Tavern") in piece_names_on_board(after)
    assert territory_squares(after, "light") == EAST, picture(after)


def test_a_first_building_that_splits_the_city_claims_nothing() -> None:
    """Light's very first building walls off the top-left corner: nothing is claimed (rule 4),
    although the corner holds no piece."""
    state = position(
        [("cathedral", "Cathedral F6 0"), ("dark", "Tower H1 0"), ("dark", "Bridge C1 0")],
        to_move="light",
        first_placed=(False, True),
    )
    result = play(state, "light", "Stable A3 90")
    assert [e.kind for e in result.events] == ["place"]
    assert territory_squares(result.state, "light") == set()


# --- the reference -------------------------------------------------------------------------------

Square = tuple[int, int]


def _squares(mask: int) -> set[Square]:
    return {divmod(i, 10) for i in bits(mask)}


def _neighbours(sq: Square) -> Iterator[Square]:
    r, c = sq
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < 10 and 0 <= c + dc < 10:
                yield r + dr, c + dc


def _components(squares: set[Square]) -> list[set[Square]]:
    """8-connected groups of `squares` (corner contacts leak), in reading order of their first
    square."""
    left = set(squares)
    out = []
    for start in sorted(squares):
        if start not in left:
            continue
        group = {start}
        todo = [start]
        left.discard(start)
        while todo:
            for nb in _neighbours(todo.pop()):
                if nb in left:
                    left.discard(nb)
                    group.add(nb)
                    todo.append(nb)
        out.append(group)
    return out


def _expected(
    state: CathedralState, colour: Colour, placed: set[Square], capture: bool
) -> tuple[set[Square], set[int]]:
    """(squares `colour` claims, ids of pieces removed) when `colour` builds on `placed`."""
    if not state.first_placed[colour.index]:
        return set(), set()
    everything = {(r, c) for r in range(10) for c in range(10)}
    mine = set().union(*(_squares(p.mask) for p in state.pieces if p.owner is colour))
    others = [(p.piece_id, _squares(p.mask)) for p in state.pieces if p.owner is not colour]

    def inside(area: set[Square]) -> list[int]:
        return [pid for pid, sqs in others if sqs & area]

    def rank(area: set[Square]) -> tuple[int, int, tuple[int, int]]:
        first = min(area)
        return (len(inside(area)), len(area), (-first[0], -first[1]))

    areas = _components(everything - mine)
    city = max(areas, key=rank)
    (home,) = [a for a in areas if a & placed]
    parts = _components(home - placed)
    if home == city:
        if len(parts) == 1:
            return set(), set()
        rest = max(parts, key=rank)
        parts = [p for p in parts if p is not rest]
    claimed: set[Square] = set()
    removed: set[int] = set()
    for part in parts:
        pieces = inside(part)
        if len(pieces) >= 2 or (pieces and not capture):
            continue
        removed.update(pieces)
        claimed |= part
    return claimed, removed


def _check_move(state: CathedralState, seat: Seat, action: object) -> CathedralState:
    """Play `action`; assert the engine claims and captures what the reference says."""
    colour = state.colour_of(seat)
    result = step(ENGINE, state, seat, action)  # type: ignore[arg-type]
    assert isinstance(result, Transition), result
    after = result.state
    if action.kind is Kind.CATHEDRAL:  # type: ignore[attr-defined]
        return after
    new = next(p for p in result.state.pieces if p.piece_id == state.next_piece_id)
    claimed, removed = _expected(state, colour, _squares(new.mask), action.capture)  # type: ignore[attr-defined]
    before = {p.piece_id for p in state.pieces}
    now = {p.piece_id for p in after.pieces if p.piece_id in before}
    assert before - now == removed, picture(after)
    gained = _squares(after.territory[colour.index] & ~state.territory[colour.index])
    assert gained == claimed - _squares(state.territory[colour.index]), picture(after)
    return after


def test_the_engine_claims_what_the_reference_reading_claims_in_random_games() -> None:
    """Random single games, every move checked against the reference."""
    splits = 0
    for seed in range(20, 36):
        rng = random.Random(seed)
        state = ENGINE.new_game(2, {}, seed)
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.to_act(state)
            action = rng.choice(ENGINE.legal_actions(state, seat))
            nxt = _check_move(state, seat, action)
            splits += nxt.territory != state.territory
            state = nxt
    assert splits > 10, splits


def test_the_engine_claims_what_the_reference_reading_claims_in_crowded_positions() -> None:
    """Positions with many light buildings and a few pieces, where light's next building often
    splits the city with at most one piece in most parts: a sample of every position's legal
    placements checked against the reference, with and without capturing."""
    rng = random.Random(3)
    judged = 0
    for _ in range(40):
        state = _random_position(rng)
        actions = ENGINE.legal_actions(state, Seat(0))
        for action in actions[:: max(1, len(actions) // 25)]:
            after = _check_move(state, Seat(0), action)
            judged += after.territory != state.territory
    assert judged > 50, judged
