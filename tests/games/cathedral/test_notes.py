"""The rulebook's six "Notes on the Rules", each rebuilt as a crafted position (brown = dark,
bright = light). Every position keeps the Cathedral and a light building outside the enclosure,
as in a real game, so the open rest of the city holds two or more pieces and stays open. Notes 3
to 6 are played again with the colours swapped, so each holds for light as well as dark."""

from __future__ import annotations

from dataclasses import replace

from bot.games.cathedral import ENGINE
from bot.games.cathedral.actions import Place
from bot.games.cathedral.pieces import KIND_INDEX, Colour, Kind
from bot.games.cathedral.state import CathedralState
from bot.games.rejections import RejectionCode
from tests.games.cathedral.builders import (
    attempt,
    picture,
    piece_names_on_board,
    play,
    position,
    territory_squares,
)

OUTSIDE = [("cathedral", "Cathedral F6 0"), ("light", "Square H9"), ("dark", "Tower H1 0")]


def test_note_1_enclosed_space_is_claimed_and_only_brown_may_build_there() -> None:
    """Brown walls off the top-left corner; it becomes brown's and bright may not build in it."""
    state = position([*OUTSIDE, ("dark", "Bridge C1 0")], to_move="dark")
    result = play(state, "dark", "Stable A3 90")
    after = result.state
    assert territory_squares(after, "dark") == {"A1", "B1", "A2", "B2"}, picture(after)
    assert territory_squares(after, "light") == set()
    assert any(e.kind == "claim" and "4 squares" in e.text for e in result.events)
    rejection = attempt(after, "light", "Tavern B2")
    assert rejection is not None and rejection.code is RejectionCode.ILLEGAL
    assert rejection.message == "The Tavern at B2 would enter dark's territory at B2."
    assert attempt(after, "dark", "Tavern B2") is None  # own territory is allowed
    assert not any(a.square in (0, 1, 10, 11) for a in _light_actions(after))


def test_note_2_two_brown_buildings_enclosed_by_bright_stay_and_space_stays_open() -> None:
    """Bright encloses two brown buildings: nothing is removed and nobody claims the space."""
    state = position(
        [*OUTSIDE, ("dark", "Tavern A1"), ("dark", "Tavern B1"), ("light", "Bridge C1 0")],
        to_move="light",
    )
    after = play(state, "light", "Stable A3 90").state
    assert piece_names_on_board(after).count(("dark", "Tavern")) == 2
    assert territory_squares(after, "light") == set(), picture(after)
    assert territory_squares(after, "dark") == set()
    assert after.captured == ()
    # The remaining squares (A2, B2) are open to both players.
    assert attempt(after, "dark", "Stable A2 90") is None
    assert attempt(after, "light", "Stable A2 90") is None


def test_note_3_cathedral_cannot_be_part_of_a_boundary() -> None:
    """Brown plus the Cathedral wall off E1-G1, yet the space is not claimed for brown."""
    state = position(
        [
            ("cathedral", "Cathedral H1 0"),  # covers H1, G2, H2, I2, H3, H4
            ("light", "Square H8"),
            ("dark", "Bridge D2 90"),  # D2, E2, F2
        ],
        to_move="dark",
    )
    result = play(state, "dark", "Tavern D1")
    after = result.state
    assert territory_squares(after, "dark") == set(), picture(after)
    assert not any(e.kind in ("claim", "capture") for e in result.events)
    assert any(p.kind is Kind.CATHEDRAL for p in after.pieces)
    assert attempt(after, "light", "Bridge E1 90") is None  # E1-G1 is open to light


def test_note_4_cathedral_and_bright_manor_enclosed_are_safe_and_space_open() -> None:
    """Brown encloses the Cathedral and a bright Manor: neither is removed, nothing is claimed."""
    state = position(
        [
            ("cathedral", "Cathedral C1 90"),  # C1, A2, B2, C2, D2, C3
            ("light", "Manor D3 180"),  # D3, C4, D4, E4
            ("dark", "Bridge F1 0"),  # F1, F2, F3
            ("dark", "Stable F4 0"),  # F4, F5
            ("dark", "Stable A5 90"),  # A5, B5
            ("dark", "Tavern C5"),
            ("light", "Square H9"),
            ("light", "Tavern J1"),
        ],
        to_move="dark",
    )
    result = play(state, "dark", "Inn D5 0")  # D5, E5 (and E6) close the ring
    after = result.state
    assert ("cathedral", "Cathedral") in piece_names_on_board(after)
    assert ("light", "Manor") in piece_names_on_board(after)
    assert territory_squares(after, "dark") == set(), picture(after)
    assert after.captured == () and not after.cathedral_removed
    assert attempt(after, "light", "Tavern A1") is None  # still open to bright
    assert attempt(after, "dark", "Tavern A1") is None  # and to brown


def test_note_5_bright_inn_captures_a_lone_brown_infirmary() -> None:
    """The bright Inn isolates the brown Infirmary: it goes back to brown's hand, space claimed."""
    state = position(
        [
            ("cathedral", "Cathedral F6 0"),
            ("dark", "Tavern J1"),
            ("dark", "Infirmary B1"),  # B1, A2, B2, C2, B3
            ("light", "Bridge D1 0"),  # D1, D2, D3
            ("light", "Stable A4 90"),  # A4, B4
        ],
        to_move="light",
    )
    assert state.hands[1][KIND_INDEX[Kind.INFIRMARY]] == 0
    result = play(state, "light", "Inn C4 0")  # C4, D4, D5
    after = result.state
    assert ("dark", "Infirmary") not in piece_names_on_board(after)
    assert after.hands[1][KIND_INDEX[Kind.INFIRMARY]] == 1
    assert after.captured == ((Colour.LIGHT, Kind.INFIRMARY, Colour.DARK),)
    expected = {f"{f}{r}" for f in "ABC" for r in (1, 2, 3)}
    assert territory_squares(after, "light") == expected, picture(after)
    capture = [e for e in result.events if e.kind == "capture"]
    assert capture and capture[0].text == (
        "Light encloses dark's Infirmary alone and captures it; it goes back to dark's hand."
    )
    assert attempt(after, "dark", "Tavern B2") is not None  # now light's territory


def test_note_6_corner_to_corner_contact_does_not_close_a_boundary() -> None:
    """Brown pieces touching only at a corner leave a diagonal gap, so nothing is claimed;
    filling the gap then closes the boundary."""
    state = position([*OUTSIDE, ("dark", "Stable C1 0")], to_move="dark")  # C1, C2
    after = play(state, "dark", "Stable A3 90").state  # A3, B3 meet C2 corner to corner
    assert territory_squares(after, "dark") == set(), picture(after)
    after = play(_dark_to_move(after), "dark", "Tavern C3").state
    assert territory_squares(after, "dark") == {"A1", "B1", "A2", "B2"}, picture(after)


def _light_actions(state: CathedralState) -> tuple[Place, ...]:
    light_turn = replace(state, to_move=Colour.LIGHT)
    return ENGINE.legal_actions(light_turn, light_turn.seat_of(Colour.LIGHT))


def _dark_to_move(state: CathedralState) -> CathedralState:
    return replace(state, to_move=Colour.DARK)


OUTSIDE_LIGHT = [("cathedral", "Cathedral F6 0"), ("dark", "Square H9"), ("light", "Tower H1 0")]


def test_light_captures_a_lone_dark_building_which_returns_to_hand() -> None:
    """Light encloses one dark building: it returns to dark's hand, light claims the space."""
    state = position(
        [
            *OUTSIDE_LIGHT,
            ("dark", "Infirmary B1"),  # B1, A2, B2, C2, B3
            ("light", "Bridge D1 0"),  # D1, D2, D3
            ("light", "Stable A4 90"),  # A4, B4
        ],
        to_move="light",
    )
    before = state.unplaced_squares(Colour.DARK)
    after = play(state, "light", "Inn C4 0").state
    assert after.unplaced_squares(Colour.DARK) == before + 5
    assert {"A1", "B2", "C3"} <= territory_squares(after, "light"), picture(after)
    assert attempt(after, "dark", "Tavern B2") is not None
    assert attempt(after, "light", "Tavern B2") is None


def test_two_pieces_one_of_them_the_cathedral_are_safe_for_light_too() -> None:
    """Light encloses a dark building and the Cathedral together: nothing is removed."""
    state = position(
        [
            ("cathedral", "Cathedral C1 90"),  # C1, A2, B2, C2, D2, C3
            ("dark", "Tavern A1"),
            ("dark", "Square H9"),
            ("dark", "Tavern J10"),
            ("light", "Bridge E1 0"),
            ("light", "Stable A4 90"),
            ("light", "Tavern J1"),
        ],
        to_move="light",
    )
    result = play(state, "light", "Manor C4 0")
    assert not any(e.kind in ("capture", "claim") for e in result.events), picture(result.state)
    assert not result.state.cathedral_removed
    assert territory_squares(result.state, "light") == set()


def test_light_corner_contact_does_not_close_but_filling_the_gap_does() -> None:
    """Note 6 for light: a diagonal gap leaks; the Tavern that fills it claims the corner."""
    state = position([*OUTSIDE_LIGHT, ("light", "Stable C1 0")], to_move="light")
    after = play(state, "light", "Stable A3 90").state  # A3, B3 meet C2 corner to corner
    assert territory_squares(after, "light") == set(), picture(after)
    after = play(replace(after, to_move=Colour.LIGHT), "light", "Tavern C3").state
    assert territory_squares(after, "light") == {"A1", "B1", "A2", "B2"}, picture(after)


def test_light_cannot_use_the_cathedral_as_boundary() -> None:
    """Note 3 for light: light plus the Cathedral wall off E1-G1, yet nothing is claimed."""
    state = position(
        [
            ("cathedral", "Cathedral H1 0"),  # H1, G2, H2, I2, H3, H4
            ("dark", "Square H8"),
            ("light", "Bridge D2 90"),  # D2, E2, F2
        ],
        to_move="light",
    )
    result = play(state, "light", "Tavern D1")
    assert territory_squares(result.state, "light") == set(), picture(result.state)
    assert not any(e.kind in ("claim", "capture") for e in result.events)
    assert attempt(result.state, "dark", "Bridge E1 90") is None
