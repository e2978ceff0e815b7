"""The open city (our reading of rules 4 and 5): the area holding the most pieces (ties: more
squares, then first square in reading order) is never claimed whole; dividing it judges every part
except the one holding the most pieces (same ties). tests/games/cathedral/test_split_city_claims.py
has the walls that claim the larger part."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.cathedral import ENGINE, rules
from bot.games.cathedral.board import CANDIDATES, CATHEDRAL_CANDIDATES, FULL, flood
from bot.games.cathedral.notation import format_place
from bot.games.cathedral.pieces import Colour, Kind
from bot.games.cathedral.state import CathedralState, Phase, Placed, fresh_game, occupancy
from bot.games.protocol import Seat, Transition, step
from tests.games.cathedral.builders import (
    picture,
    piece_names_on_board,
    play,
    position,
    territory_squares,
)

LEFT = {f"{f}{r}" for f in "ABCD" for r in range(1, 11)}  # west of the wall on file E
# Light's wall down file E, finished by `Tavern E10`: Bridge E1-E3, Stables E4-E5 and E6-E7,
# Inn E8, E9, F9.
WALL = [
    ("light", "Bridge E1 0"),
    ("light", "Stable E4 0"),
    ("light", "Stable E6 0"),
    ("light", "Inn E8 180"),
]


SMALL = (Kind.TAVERN, Kind.STABLE, Kind.INN, Kind.SQUARE)
LIGHT_TABLES = list(CANDIDATES[Colour.LIGHT].values())


def _wall(*others: tuple[str, str], cathedral: bool = True) -> CathedralState:
    pieces = [*WALL, *others]
    if cathedral:
        pieces.insert(0, ("cathedral", "Cathedral H4 0"))
    return position(pieces, to_move="light", cathedral_removed=not cathedral)


def _areas(state: CathedralState, colour: Colour) -> list[tuple[int, int]]:
    """(area, pieces inside) for every area of `colour`, computed independently of rules.py."""
    not_mine = FULL & ~state.occupied[colour.index]
    out = []
    rest = not_mine
    while rest:
        comp = flood(rest & -rest, not_mine)
        rest &= ~comp
        out.append((comp, sum(1 for p in state.pieces if p.owner is not colour and p.mask & comp)))
    return out


def _agree(state: CathedralState) -> int:
    """capturing_masks gives the same answer as capture_victims for every legal placement of the
    colour to move; returns how many placements capture."""
    colour = state.to_move
    assert colour is not None
    pairs = rules.legal_pairs(state, colour)
    fast = rules.capturing_masks(state, colour, [m for _, m in pairs])
    capturing = 0
    for action, mask in pairs:
        ref = action.kind is not Kind.CATHEDRAL and bool(rules.capture_victims(state, colour, mask))
        assert (mask in fast) == ref, (format_place(action), picture(state))
        capturing += ref
    return capturing


def _play_moves(moves: list[tuple[int, str]]) -> tuple[CathedralState, Transition[CathedralState]]:
    """Play `moves` (seat, notation) from a fresh game through the protocol; the final state and
    the last transition."""
    state = ENGINE.new_game(2, {}, 1)
    result = None
    for seat, text in moves:
        action = ENGINE.parse_action(text, state, Seat(seat))
        result = step(ENGINE, state, Seat(seat), action)
        assert isinstance(result, Transition), result
        state = result.state
    assert result is not None
    return state, result


def test_walling_off_a_lone_tavern_in_a_corner_captures_it_and_claims_only_the_corner() -> None:
    """Cathedral E4, Castle H8, Tavern A1, Inn B1 90: dark's Inn walls off light's Tavern in the
    corner and captures it; the rest of the city (holding only the Cathedral) is not claimed."""
    moves = [(0, "Cathedral E4 0"), (1, "Castle H8 0"), (0, "Tavern A1 0"), (1, "Inn B1 90")]
    state, result = _play_moves(moves)
    assert state.captured == ((Colour.DARK, Kind.TAVERN, Colour.LIGHT),)
    assert ("cathedral", "Cathedral") in piece_names_on_board(state)
    assert not state.cathedral_removed
    assert territory_squares(state, "dark") == {"A1"}, picture(state)
    assert [e.kind for e in result.events] == ["place", "capture", "claim"]
    assert result.events[-1].text == "Dark claims 1 square of the city."


# Dark seals the 12-square corner pocket A1-C4 around the Cathedral and light's Tavern; light's
# Castle is alone in the 79 squares outside (test_split_city_claims plays it to the end).
SEALED = [
    (0, "Cathedral B1 0"),
    (1, "Bridge D1 0"),
    (0, "Tavern A1"),
    (1, "Inn D4 90"),
    (0, "Castle G1 0"),
    (1, "Inn A5 270"),
]


def test_a_wall_across_the_city_claims_the_empty_side() -> None:
    """File E walled from edge to edge: the west is empty and claimed, the east keeps the
    Cathedral and dark's Tavern and stays open."""
    state = _wall(("dark", "Tavern H9"))
    result = play(state, "light", "Tavern E10")
    after = result.state
    assert territory_squares(after, "light") == LEFT, picture(after)
    assert after.captured == () and not after.cathedral_removed
    assert [e.kind for e in result.events] == ["place", "claim"]
    assert result.events[-1].text == "Light claims 40 squares of the city."


def test_the_open_city_with_a_single_building_is_not_captured_when_divided() -> None:
    """Late game, the Cathedral gone: the open city holds one dark building. The wall leaves it
    in the larger part (49 squares against 40): it stays, and the empty west is claimed."""
    state = _wall(("dark", "Tavern H5"), cathedral=False)
    assert ENGINE.capture_preview(state, Seat(0), "Tavern", "E10", 0) == ()
    result = play(state, "light", "Tavern E10")
    after = result.state
    assert ("dark", "Tavern") in piece_names_on_board(after)
    assert after.captured == ()
    assert territory_squares(after, "light") == LEFT, picture(after)
    _agree(state)


def test_a_lone_building_keeps_its_part_open_and_the_empty_part_is_claimed() -> None:
    """Same position: the Infirmary at H8 cuts the east (42 squares, dark's Tavern) from the west
    and the bottom row to G10 (43 squares). Each part holds at most one piece, so the one with
    the Tavern stays the city (the city is never claimed whole) and the empty 43 are light's."""
    state = _wall(("dark", "Tavern H5"), cathedral=False)
    assert ENGINE.capture_preview(state, Seat(0), "Infirmary", "H8", 0) == ()
    after = play(state, "light", "Infirmary H8").state
    assert after.captured == ()
    claimed = territory_squares(after, "light")
    assert len(claimed) == 43 and LEFT <= claimed and "H5" not in claimed, picture(after)
    _agree(state)


def test_a_building_that_does_not_divide_the_open_city_claims_nothing() -> None:
    """With one piece in the open city, a building there that does not divide it claims nothing
    (not the whole city)."""
    state = _wall(("dark", "Tavern H5"), cathedral=False)
    result = play(state, "light", "Tavern J1")
    after = result.state
    assert [e.kind for e in result.events] == ["place"]
    assert territory_squares(after, "light") == set()
    texts = {ENGINE.format_action(a, state) for a in ENGINE.legal_actions(state, Seat(0))}
    assert "Tavern J1 0" in texts and "Tavern J1 0 no-capture" not in texts
    assert ENGINE.capture_preview(state, Seat(0), "Tavern", "J1", 0) == ()


def test_a_division_keeps_the_bigger_part_as_the_city() -> None:
    """One piece on each side: the east (49 squares, the Cathedral) stays the city, the west
    (40 squares) holds dark's Tavern alone, which is captured."""
    state = _wall(("dark", "Tavern B5"))
    assert ENGINE.capture_preview(state, Seat(0), "Tavern", "E10", 0) == ("dark's Tavern",)
    after = play(state, "light", "Tavern E10").state
    assert after.captured == ((Colour.LIGHT, Kind.TAVERN, Colour.DARK),)
    assert not after.cathedral_removed
    assert territory_squares(after, "light") == LEFT, picture(after)
    _agree(state)


def test_a_division_tied_on_pieces_and_squares_keeps_the_part_read_first() -> None:
    """40 squares and one piece each side (light's Square and Castle fill 9 in the east): the
    west starts at A1, so it stays the city; the east holds the Cathedral alone and it is
    captured."""
    state = _wall(("light", "Square I1"), ("light", "Castle G8 0"), ("dark", "Tavern B5"))
    after = play(state, "light", "Tavern E10").state
    assert after.cathedral_removed
    assert after.captured == ((Colour.LIGHT, Kind.CATHEDRAL, None),)
    east = territory_squares(after, "light")
    assert len(east) == 40 and not east & LEFT, picture(after)
    assert ("dark", "Tavern") in piece_names_on_board(after)
    _agree(state)


def _random_position(rng: random.Random) -> CathedralState:
    """Light to move among a few dark buildings (maybe the Cathedral) and many light ones, placed
    at random without claims: small piece counts make single-piece cities and tied divisions
    common, which random games rarely reach."""
    pieces: list[Placed] = []
    covered = 0

    def put(owner: Colour | None, cands: list[int]) -> None:
        nonlocal covered
        free = [m for m in cands if not m & covered]
        if free:
            mask = rng.choice(free)
            covered |= mask
            kind = Kind.CATHEDRAL if owner is None else Kind.TAVERN  # the kind does not matter
            pieces.append(Placed(len(pieces) + 1, owner, kind, 0, 0, mask))

    has_cathedral = rng.random() < 0.6
    if has_cathedral:
        put(None, [c.mask for c in CATHEDRAL_CANDIDATES])
    for _ in range(rng.randint(0 if has_cathedral else 1, 3)):
        put(Colour.DARK, [c.mask for k in SMALL for c in CANDIDATES[Colour.DARK][k]])
    for _ in range(rng.randint(6, 14)):
        put(Colour.LIGHT, [c.mask for c in rng.choice(LIGHT_TABLES)])
    base = fresh_game(1, 1, (), 0)
    return replace(
        base,
        phase=Phase.BUILD,
        pieces=tuple(pieces),
        first_placed=(True, True),
        cathedral_removed=not has_cathedral,
        last_piece_id=None,
        next_piece_id=len(pieces) + 1,
        occupied=occupancy(tuple(pieces)),
    )


def _rank(count: int, area: int) -> tuple[int, int, int]:
    return (count, area.bit_count(), -(area & -area).bit_length())


def test_fast_capture_detection_matches_the_reference_in_many_random_positions() -> None:
    """capturing_masks agrees with capture_victims on every legal placement of many random
    positions, among them positions whose open city holds a single piece or is not the largest
    area, placements that divide the open city into parts tied on pieces (squares decide), and
    divisions whose part with the most pieces is smaller than another part, as in the sealed
    corner pocket (all checked to occur)."""
    rng = random.Random(7)
    single = smaller = tied = inverted = capturing = 0
    for _ in range(300):
        state = _random_position(rng)
        capturing += _agree(state)
        areas = _areas(state, Colour.LIGHT)
        city, count = max(areas, key=lambda a: _rank(a[1], a[0]))
        single += count == 1
        smaller += any(a.bit_count() > city.bit_count() for a, _ in areas)
        others = [p.mask for p in state.pieces if p.owner is not Colour.LIGHT]
        for _, mask in rules.legal_pairs(state, Colour.LIGHT)[::2]:
            if not mask & city:
                continue
            within = city & ~mask
            ranks = []
            rest = within
            while rest:
                part = flood(rest & -rest, within)
                rest &= ~part
                ranks.append(_rank(sum(1 for m in others if m & part), part))
            ranks.sort()
            if len(ranks) > 1:
                tied += ranks[-1][0] == ranks[-2][0]
                inverted += any(r[1] > ranks[-1][1] for r in ranks[:-1])
    assert capturing > 0 and single > 20 and smaller > 3 and tied > 20 and inverted > 100, (
        capturing,
        single,
        smaller,
        tied,
        inverted,
    )


def test_fast_capture_detection_matches_the_reference_around_sealed_pockets() -> None:
    """The agreement on every position of the sealed-pocket games (both variants) and
    on the same positions with the colours' moves shifted, where a pocket may hold one piece."""
    for third in ("Castle G1 0", "Stable C3 0"):
        moves = [(s, third if t == "Castle G1 0" else t) for s, t in SEALED]
        state = ENGINE.new_game(2, {}, 1)
        for seat, text in moves:
            if state.phase is Phase.BUILD:
                _agree(state)
            result = step(ENGINE, state, Seat(seat), ENGINE.parse_action(text, state, Seat(seat)))
            assert isinstance(result, Transition), result
            state = result.state
        _agree(state)
        # Light to move next to the sealed pocket, and dark to move again (its view of the city).
        _agree(replace(state, to_move=Colour.DARK))


def test_fast_capture_detection_matches_the_reference_in_random_games() -> None:
    """The same agreement on every position of a few random games."""
    capturing = 0
    for seed in range(10, 16):
        rng = random.Random(seed)
        state = ENGINE.new_game(2, {}, seed)
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.to_act(state)
            capturing += _agree(state)
            result = step(ENGINE, state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
            assert isinstance(result, Transition)
            state = result.state
    assert capturing > 0
