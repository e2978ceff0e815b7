"""Findings of the independent rules review: each test pins one behaviour that was wrong or
unpinned (turn checks inside `check`, seat-neutral result sentences, one pass event per stuck
spell, legal action order) plus rule checks done for both colours."""

from __future__ import annotations

from dataclasses import replace

from bot.games.cathedral import ENGINE
from bot.games.cathedral.actions import Place
from bot.games.cathedral.board import SQUARE_NAMES, square_index
from bot.games.cathedral.pieces import KIND_INDEX, Colour, Kind
from bot.games.cathedral.state import CathedralState, GameRecord, Phase
from bot.games.protocol import Seat
from bot.games.rejections import RejectionCode
from tests.games.cathedral.builders import (
    attempt,
    picture,
    piece_names_on_board,
    play,
    position,
    territory_squares,
)
from tests.games.cathedral.test_rules import _blocked_columns_position

OUTSIDE_LIGHT = [("cathedral", "Cathedral F6 0"), ("dark", "Square H9"), ("light", "Tower H1 0")]


def _sq(name: str) -> int:
    index = square_index(name)
    assert index is not None
    return index


# --- check() knows whose turn it is ---------------------------------------------------------------


def test_check_refuses_dark_placing_the_cathedral() -> None:
    """Only light places the Cathedral: check() itself refuses dark, not just step()."""
    state = ENGINE.new_game(2, {}, 1)
    rejection = ENGINE.check(state, Seat(1), Place(Kind.CATHEDRAL, _sq("E5"), 0))
    assert rejection is not None and rejection.code is RejectionCode.NOT_YOUR_TURN


def test_check_refuses_the_colour_not_to_move() -> None:
    """A legal-looking placement by the colour that is not to move is refused by check()."""
    state = play(ENGINE.new_game(2, {}, 1), "light", "Cathedral E5 0").state
    assert ENGINE.to_act(state) == frozenset({Seat(1)})
    rejection = ENGINE.check(state, Seat(0), Place(Kind.TAVERN, 0, 0))
    assert rejection is not None and rejection.code is RejectionCode.NOT_YOUR_TURN
    assert ENGINE.check(state, Seat(7), Place(Kind.TAVERN, 0, 0)) is not None


def test_check_after_the_game_says_game_over() -> None:
    """Once the game is over check() answers with the GAME_OVER code."""
    state = _blocked_columns_position({"Tavern": 1}, {"Infirmary": 1})
    final = play(state, "light", "Tavern A1").state
    assert ENGINE.outcome(final) is not None
    rejection = ENGINE.check(final, Seat(0), Place(Kind.TAVERN, 1, 0))
    assert rejection is not None and rejection.code is RejectionCode.GAME_OVER


def test_check_refuses_a_non_action_without_raising() -> None:
    """Something that is not a placement is refused as malformed, never raised."""
    state = ENGINE.new_game(2, {}, 1)
    rejection = ENGINE.check(state, Seat(0), "Cathedral E5 0")  # type: ignore[arg-type]
    assert rejection is not None and rejection.code is RejectionCode.MALFORMED


# --- result sentences are seat-neutral ------------------------------------------------------------


def test_reason_names_colours_never_players() -> None:
    """A single game's reason says which colour won and the counts; no 'Player n'."""
    win = ENGINE.outcome(
        play(_blocked_columns_position({"Tavern": 1}, {"Infirmary": 1}), "light", "Tavern A1").state
    )
    assert win is not None
    assert win.reason == "Light wins: 0 unplaced squares against 5."
    lose = ENGINE.outcome(
        play(
            _blocked_columns_position({"Tavern": 1, "Manor": 1}, {"Infirmary": 1}),
            "light",
            "Tavern A1",
        ).state
    )
    assert lose is not None and lose.reason == "Light wins: 4 unplaced squares against 5."
    draw = ENGINE.outcome(
        play(
            _blocked_columns_position({"Tavern": 1, "Castle": 1}, {"Infirmary": 1}),
            "light",
            "Tavern A1",
        ).state
    )
    assert draw is not None and draw.reason == "Draw: both colours have 5 unplaced squares."


def _series_end(totals_games: list[tuple[int, int]], last_light_seat: int) -> CathedralState:
    """A finished series with the given per-seat scores (the last game in `state.hands`)."""
    games = len(totals_games)
    history = tuple(GameRecord(i + 1, Seat(i % 2), scores) for i, scores in enumerate(totals_games))
    base = position([("cathedral", "Cathedral E5 0")], games=games, game_number=games)
    assert base.light_seat == last_light_seat
    return replace(base, phase=Phase.OVER, to_move=None, history=history)


def test_series_reason_is_seat_neutral() -> None:
    """The series reason names no player number: it says the winner started as light or dark."""
    state = _series_end([(3, 9), (8, 4)], last_light_seat=1)  # seat 0: 11, seat 1: 13
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({Seat(0)})
    assert "Player" not in outcome.reason and "player 1" not in outcome.reason.lower()
    assert outcome.reason == (
        "Series of 2 games: the player who was light in game 1 wins with 11 points against 13 "
        "(lower is better)."
    )
    state = _series_end([(9, 3), (4, 8)], last_light_seat=1)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({Seat(1)})
    assert outcome.reason.startswith("Series of 2 games: the player who was dark in game 1 wins")
    drawn = ENGINE.outcome(_series_end([(3, 9), (9, 3)], last_light_seat=1))
    assert drawn is not None and drawn.reason == "The series of 2 games is drawn at 12 points each."
    view = ENGINE.view(state, None)
    assert view.result_text == outcome.reason


def test_new_game_event_is_seat_neutral() -> None:
    """The next game of a series is announced by colour, not by player number."""
    state = _blocked_columns_position({"Tavern": 1}, {"Infirmary": 1})
    state = replace(state, games=2)
    result = play(state, "light", "Tavern A1")
    texts = [e.text for e in result.events if e.kind == "new_game"]
    assert texts == [
        "Game 2 of 2 begins. Colours swap: the player who was dark is light now and places "
        "the Cathedral."
    ]
    assert ENGINE.to_act(result.state) == frozenset({Seat(1)})


# --- the pass event -------------------------------------------------------------------------------


def test_pass_event_only_when_the_player_first_gets_stuck() -> None:
    """Dark's pass is announced on the move that leaves it stuck, not on every later move."""
    state = _blocked_columns_position({"Tavern": 2, "Stable": 1}, {"Infirmary": 1})
    first = play(state, "light", "Tavern A1")
    assert [e.kind for e in first.events] == ["place", "pass"]
    second = play(first.state, "light", "Tavern A2")
    assert [e.kind for e in second.events] == ["place"]
    third = play(second.state, "light", "Stable A3 0")
    assert [e.kind for e in third.events] == ["place", "game_over"]


def test_pass_event_again_after_the_player_got_unstuck() -> None:
    """A player who could place again (a captured building came back) and is stuck once more
    gets a fresh pass event."""
    state = _blocked_columns_position({"Tavern": 2, "Stable": 1}, {"Infirmary": 1})
    first = play(state, "light", "Tavern A1")
    assert [e.kind for e in first.events] == ["place", "pass"]
    # Dark gets a Tavern back (as after a capture) and is to move, so it places it in its own
    # territory; light answers and dark is stuck again: that is a new spell, announced again.
    hand = list(first.state.hands[1])
    hand[KIND_INDEX[Kind.TAVERN]] += 1
    unstuck = replace(first.state, hands=(first.state.hands[0], tuple(hand)), to_move=Colour.DARK)
    after_dark = play(unstuck, "dark", "Tavern B1")
    assert [e.kind for e in after_dark.events] == ["place"]
    after_light = play(after_dark.state, "light", "Tavern A2")
    assert [e.kind for e in after_light.events] == ["place", "pass"]
    assert ENGINE.to_act(after_light.state) == frozenset({Seat(0)})


# --- legal action order ---------------------------------------------------------------------------


def test_legal_actions_are_in_plain_notation_string_order() -> None:
    """Order is plain string order of the notation: piece names A-Z, then the anchor as text
    (A1 < A10 < A2), then the rotation as text (0 < 180 < 270 < 90)."""
    state = position(
        [("cathedral", "Cathedral E5 0"), ("light", "Tavern J10"), ("dark", "Tavern J9")],
        to_move="light",
    )
    actions = ENGINE.legal_actions(state, Seat(0))
    texts = [ENGINE.format_action(a, state) for a in actions]
    assert texts == sorted(texts)
    castle = [t for t in texts if t.startswith("Castle A1 ")]
    assert castle == ["Castle A1 0", "Castle A1 180", "Castle A1 270", "Castle A1 90"]
    names = list(dict.fromkeys(t.split()[0] for t in texts))
    assert names == sorted(names) and names[0] == "Abbey"
    squares = list(dict.fromkeys(t.split()[1] for t in texts if t.startswith("Tavern ")))
    assert squares[:3] == ["A1", "A10", "A2"]
    assert ENGINE.legal_actions.__doc__ and "string order" in ENGINE.legal_actions.__doc__


# --- rules for both colours ----------------------------------------------------------------------


def _shape_played(state: CathedralState, colour: Colour, text: str) -> frozenset[tuple[int, int]]:
    """The squares `text` covers when `colour` plays it, shifted to the origin."""
    turn = replace(state, to_move=colour)
    after = play(turn, colour.value, text).state
    mask = after.occupied[colour.index] & ~state.occupied[colour.index]
    cells = [divmod(i, 10) for i in range(100) if mask >> i & 1]
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def test_dark_chiral_pieces_cover_mirrored_squares_in_play() -> None:
    """Played through the engine, dark's Abbey and Academy (every turn) are mirror images of
    light's and never coincide with any of light's turns."""
    state = position([("cathedral", "Cathedral H1 0"), ("dark", "Tavern J10")], to_move="light")
    lit = play(state, "light", "Abbey B8 0").state.occupied[0]
    drk = play(replace(state, to_move=Colour.DARK), "dark", "Abbey A8 0").state.occupied[1]
    drk &= ~state.occupied[1]
    assert {SQUARE_NAMES[i] for i in range(100) if lit >> i & 1} == {"B8", "C8", "A9", "B9"}
    assert {SQUARE_NAMES[i] for i in range(100) if drk >> i & 1} == {"A8", "B8", "B9", "C9"}
    for kind in ("Abbey", "Academy"):
        rotations = (0, 90) if kind == "Abbey" else (0, 90, 180, 270)
        light = {_shape_played(state, Colour.LIGHT, f"{kind} E5 {r}") for r in rotations}
        dark = {_shape_played(state, Colour.DARK, f"{kind} E5 {r}") for r in rotations}
        assert len(light) == len(dark) == len(rotations)
        assert not light & dark, kind
        width = {s: max(c for _, c in s) for s in light}
        assert {frozenset((r, width[s] - c) for r, c in s) for s in light} == dark, kind


def test_light_first_building_cannot_capture_either() -> None:
    """Light's first building closing a ring round the lone Cathedral captures nothing; the
    same building as a later move does (the mirror of the dark test in test_rules)."""
    ring = position(
        [
            ("cathedral", "Cathedral C1 90"),  # C1, A2, B2, C2, D2, C3
            ("dark", "Tavern J10"),
            ("dark", "Square H8"),
            ("light", "Bridge E1 0"),  # E1, E2, E3
            ("light", "Stable A4 90"),  # A4, B4
        ],
        to_move="light",
        first_placed=(False, True),
    )
    after = play(ring, "light", "Manor C4 0").state  # C4, D4, E4, D5 close the ring
    assert not after.cathedral_removed, picture(after)
    assert ("cathedral", "Cathedral") in piece_names_on_board(after)
    assert territory_squares(after, "light") == set()
    assert after.first_placed == (True, True)
    later = play(replace(ring, first_placed=(True, True)), "light", "Manor C4 0").state
    assert later.cathedral_removed
    assert territory_squares(later, "light") == {f"{f}{r}" for f in "ABCD" for r in (1, 2, 3)}


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
