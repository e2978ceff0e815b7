"""Scenario tests for Cathedral's rules beyond the rulebook notes: first moves, Cathedral
captures, territory, forced passes, the end of the game, scoring and series."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.cathedral import ENGINE
from bot.games.cathedral.actions import Place
from bot.games.cathedral.board import SQUARE_NAMES
from bot.games.cathedral.pieces import KIND_INDEX, SQUARES_PER_COLOUR, Colour, Kind
from bot.games.cathedral.state import CathedralState, Phase
from bot.games.protocol import Event, Seat, Transition, step
from bot.games.rejections import RejectionCode
from tests.games.cathedral.builders import (
    attempt,
    blocked_columns_position,
    picture,
    piece_names_on_board,
    play,
    position,
    squares_of_files,
    territory_squares,
)


def test_new_game_light_places_cathedral_first() -> None:
    """Seat 0 is light in game 1 and must place the Cathedral before any building."""
    state = ENGINE.new_game(2, {}, 7)
    assert ENGINE.to_act(state) == frozenset({Seat(0)})
    assert ENGINE.seat_label(state, Seat(0)) == "light"
    actions = ENGINE.legal_actions(state, Seat(0))
    assert actions and all(a.kind is Kind.CATHEDRAL for a in actions)
    assert {a.rotation for a in actions} == {0, 90, 180, 270}
    assert len(actions) == 4 * 7 * 8  # a 4x3 cross fits in 7x8 spots per orientation
    rejection = attempt(state, "light", "Castle B3 90")
    assert rejection is not None and rejection.message == "Light must place the Cathedral first."
    after = play(state, "light", "Cathedral E5 0").state
    assert ENGINE.to_act(after) == frozenset({Seat(1)})
    assert all(a.kind is not Kind.CATHEDRAL for a in ENGINE.legal_actions(after, Seat(1)))
    again = attempt(after, "dark", "Cathedral A1 0")
    assert again is not None and "already in the city" in again.message


def test_first_building_of_each_player_cannot_claim() -> None:
    """A first building that walls off a corner claims nothing, and an unrelated later
    building does not claim that pocket either."""
    state = play(ENGINE.new_game(2, {}, 1), "light", "Cathedral E5 0").state
    result = play(state, "dark", "Inn B1 90")  # B1, A2, B2 wall off A1
    state = result.state
    assert territory_squares(state, "dark") == set()
    assert not any(e.kind == "claim" for e in result.events)
    state = play(state, "light", "Inn I1 180").state  # I1, I2, J2 wall off J1
    assert territory_squares(state, "light") == set()
    state = play(state, "dark", "Tavern A10").state  # unrelated second building
    assert territory_squares(state, "dark") == set(), picture(state)
    assert attempt(state, "light", "Tavern A1") is None
    state = play(state, "light", "Tavern E10").state
    assert territory_squares(state, "light") == set()
    assert attempt(state, "dark", "Tavern J1") is None


def test_second_building_can_claim() -> None:
    """The same wall built as a second building does claim the corner."""
    state = position(
        [("cathedral", "Cathedral E5 0"), ("light", "Square H9"), ("dark", "Tavern J10")],
        to_move="dark",
    )
    state = play(state, "dark", "Inn B1 90").state
    assert territory_squares(state, "dark") == {"A1"}


def test_lone_cathedral_is_captured_for_good() -> None:
    """Enclosing the Cathedral alone removes it from the game and claims the space."""
    state = position(
        [
            ("cathedral", "Cathedral C1 90"),  # C1, A2, B2, C2, D2, C3
            ("light", "Square H9"),
            ("light", "Tavern J1"),
            ("dark", "Bridge E1 0"),  # E1, E2, E3
            ("dark", "Stable A4 90"),  # A4, B4
        ],
        to_move="dark",
    )
    result = play(state, "dark", "Manor C4 0")  # C4, D4, E4, D5
    after = result.state
    assert after.cathedral_removed
    assert all(p.kind is not Kind.CATHEDRAL for p in after.pieces)
    assert after.captured == ((Colour.DARK, Kind.CATHEDRAL, None),)
    corner = set(squares_of_files("ABCD", range(1, 4)))
    assert territory_squares(after, "dark") == corner, picture(after)
    assert any(e.kind == "capture" and "Cathedral" in e.text for e in result.events)
    # Nobody gets it back.
    assert after.hands == state.hands[:1] + (after.hands[1],)
    assert after.unplaced_squares(Colour.LIGHT) == state.unplaced_squares(Colour.LIGHT)
    again = attempt(after, "light", "Cathedral H5 0")
    assert again is not None and "out of the game" in again.message
    assert all(
        h.name != "Cathedral" for hand in ENGINE.view(after, None).hands.values() for h in hand
    )


def test_capture_and_claim_overwrite_opponent_territory() -> None:
    """A capture takes the whole component, including the victim's old territory squares."""
    state = position(
        [
            ("cathedral", "Cathedral F6 0"),
            ("light", "Square H9"),
            ("dark", "Tower H1 0"),
            ("dark", "Stable B1 0"),  # B1, B2: dark claimed A1, A2 with it earlier
            ("light", "Bridge C1 0"),  # C1, C2, C3
        ],
        territory={"dark": ["A1", "A2"]},
        to_move="light",
    )
    after = play(state, "light", "Stable A3 90").state  # A3, B3 close the corner
    assert ("dark", "Stable") not in piece_names_on_board(after)
    assert {"A1", "A2", "B1", "B2"} <= territory_squares(after, "light"), picture(after)
    assert territory_squares(after, "dark") == set()


def test_opponent_territory_blocks_and_own_territory_allows() -> None:
    """A building may not enter the opponent's territory, but may enter its own."""
    state = position(
        [("cathedral", "Cathedral E5 0"), ("light", "Square H9"), ("dark", "Tavern J10")],
        territory={"dark": ["A1", "B1"]},
        to_move="light",
    )
    rejection = attempt(state, "light", "Stable A1 90")
    assert rejection is not None and rejection.code is RejectionCode.ILLEGAL
    assert rejection.message == "The Stable at A1 rotated 90° would enter dark's territory at A1."
    state_dark = position(
        [("cathedral", "Cathedral E5 0"), ("light", "Square H9"), ("dark", "Tavern J10")],
        territory={"dark": ["A1", "B1"]},
        to_move="dark",
    )
    assert attempt(state_dark, "dark", "Stable A1 90") is None
    names = {SQUARE_NAMES[a.square] for a in ENGINE.legal_actions(state, Seat(0))}
    assert "A1" not in names and "B1" not in names


def test_player_without_a_placement_is_skipped_then_game_ends() -> None:
    """Dark's Infirmary fits nowhere: dark is skipped while light places, then the game ends."""
    state = blocked_columns_position({"Tavern": 1, "Stable": 1}, {"Infirmary": 1})
    result = play(state, "light", "Tavern A1")
    passes = [e for e in result.events if e.kind == "pass"]
    assert [e.text for e in passes] == [
        "Dark cannot place any building and passes; light keeps placing as long as dark cannot."
    ]
    assert ENGINE.to_act(result.state) == frozenset({Seat(0)})
    assert ENGINE.legal_actions(result.state, Seat(1)) == ()
    assert ENGINE.outcome(result.state) is None
    final = play(result.state, "light", "Stable A2 0")
    assert any(e.kind == "game_over" for e in final.events)
    assert ENGINE.to_act(final.state) == frozenset()
    outcome = ENGINE.outcome(final.state)
    assert outcome is not None
    assert outcome.termination == "all_buildings_placed"
    assert outcome.winners == frozenset({Seat(0)})
    assert outcome.scores == {Seat(0): 0, Seat(1): 5}
    assert outcome.lower_is_better
    assert outcome.breakdown[Seat(1)] == {"Game 1": 5}
    over = step(ENGINE, final.state, Seat(0), ENGINE.legal_actions(state, Seat(0))[0])
    assert not isinstance(over, Transition) and over.code is RejectionCode.GAME_OVER


def test_equal_unplaced_squares_is_a_draw() -> None:
    """Both stuck with a five-square building: a draw, both seats are winners."""
    state = blocked_columns_position({"Tavern": 1, "Castle": 1}, {"Infirmary": 1})
    final = play(state, "light", "Tavern A1").state
    outcome = ENGINE.outcome(final)
    assert outcome is not None
    assert outcome.termination == "draw"
    assert outcome.winners == frozenset({Seat(0), Seat(1)})
    assert outcome.scores == {Seat(0): 5, Seat(1): 5}


def test_fewest_unplaced_squares_wins() -> None:
    """Neither placed everything: the smaller remainder wins."""
    state = blocked_columns_position({"Tavern": 1, "Manor": 1}, {"Infirmary": 1})
    outcome = ENGINE.outcome(play(state, "light", "Tavern A1").state)
    assert outcome is not None
    assert outcome.termination == "fewest_unplaced_squares"
    assert outcome.winners == frozenset({Seat(0)})
    assert outcome.scores == {Seat(0): 4, Seat(1): 5}


def _random_playout(
    state: CathedralState, seed: int, until_game: int | None = None
) -> tuple[CathedralState, list[Event]]:
    rng = random.Random(seed)
    events: list[Event] = []
    while ENGINE.outcome(state) is None:
        if until_game is not None and state.game_number >= until_game:
            break
        (seat,) = ENGINE.to_act(state)
        result = step(ENGINE, state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        assert isinstance(result, Transition)
        events.extend(result.events)
        state = result.state
    return state, events


def test_series_swaps_colours_and_totals_points() -> None:
    """In a 3-game series the starting seat alternates and the lowest total wins."""
    state = ENGINE.new_game(2, {"games": "3"}, 5)
    assert state.games == 3
    state, events = _random_playout(state, 1, until_game=2)
    assert state.game_number == 2 and state.phase is Phase.CATHEDRAL
    assert state.light_seat == 1 and ENGINE.to_act(state) == frozenset({Seat(1)})
    assert ENGINE.seat_label(state, Seat(0)) == "dark"
    assert len(state.history) == 1
    # A game followed by another ends with "game_end" (the last one with "game_over").
    assert [e.kind for e in events][-2:] == ["game_end", "new_game"]
    assert events[-2].text.startswith("Game 1 of 3 is over: light has ")
    assert state.pieces == () and state.territory == (0, 0)
    # Game 1's final board is kept for the series display.
    previous = ENGINE.view(state, Seat(0)).previous_game
    assert previous is not None and previous.finished and previous.game_number == 1
    assert previous.pieces and previous.previous_game is None
    assert previous.result_text == events[-2].text
    assert previous.colour_of_seat == {Seat(0): "light", Seat(1): "dark"}
    assert ENGINE.view(state, None).previous_game == replace(previous, viewer=None)
    assert state.previous is not None
    assert ENGINE.state_from_dict(ENGINE.state_to_dict(state)) == state
    game_2_start = state
    state, events = _random_playout(state, 2, until_game=3)
    assert state.light_seat == 0 and state.game_number == 3
    previous = ENGINE.view(state, Seat(0)).previous_game
    assert previous is not None and previous.game_number == 2
    assert previous.colour_of_seat == {Seat(0): "dark", Seat(1): "light"}
    assert previous.series_totals == {
        Seat(s): sum(r.unplaced[s] for r in state.history) for s in (0, 1)
    }
    assert game_2_start.previous is not None and game_2_start.previous.game_number == 1
    state, events = _random_playout(state, 3)
    assert "game_over" in [e.kind for e in events] and "game_end" not in [e.kind for e in events]
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    totals = [sum(r.unplaced[s] for r in state.history) for s in (0, 1)]
    assert outcome.scores == {Seat(0): totals[0], Seat(1): totals[1]}
    for s in (0, 1):
        assert [outcome.breakdown[Seat(s)][f"Game {g}"] for g in (1, 2, 3)] == [
            r.unplaced[s] for r in state.history
        ]
    if totals[0] == totals[1]:
        assert outcome.termination == "draw" and outcome.winners == {Seat(0), Seat(1)}
    else:
        assert outcome.termination == "lowest_series_total"
        assert outcome.winners == {Seat(0) if totals[0] < totals[1] else Seat(1)}
    view = ENGINE.view(state, Seat(0))
    assert view.series_totals == {Seat(0): totals[0], Seat(1): totals[1]}
    assert view.finished and view.result_text == outcome.reason


def test_random_games_keep_47_squares_per_colour() -> None:
    """Through random games, hand squares plus board squares stay 47 per colour."""
    for seed in range(4):
        rng = random.Random(seed)
        state = ENGINE.new_game(2, {}, seed)
        while ENGINE.outcome(state) is None:
            for colour in Colour:
                on_board = sum(p.mask.bit_count() for p in state.pieces if p.owner is colour)
                assert on_board + state.unplaced_squares(colour) == SQUARES_PER_COLOUR
                assert state.occupied[colour.index].bit_count() == on_board
            assert not state.territory[0] & state.territory[1]
            (seat,) = ENGINE.to_act(state)
            result = step(ENGINE, state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
            assert isinstance(result, Transition)
            state = result.state
        outcome = ENGINE.outcome(state)
        assert outcome is not None
        for s in (Seat(0), Seat(1)):
            assert outcome.scores[s] == state.unplaced_squares(state.colour_of(s))


def test_legal_actions_pass_check_and_illegal_ones_fail() -> None:
    """Every listed action passes check; every unlisted in-hand placement is refused."""
    state = position(
        [("cathedral", "Cathedral E5 0"), ("light", "Castle A1 0"), ("dark", "Inn H8 90")],
        to_move="light",
        territory={"dark": ["J1"]},
    )
    seat = Seat(0)
    legal = set(ENGINE.legal_actions(state, seat))
    for kind in (Kind.TAVERN, Kind.CASTLE, Kind.ABBEY):
        for square in range(100):
            for rotation in (0, 90, 180, 270):
                action = Place(kind, square, rotation)
                verdict = ENGINE.check(state, seat, action)
                assert (verdict is None) == (action in legal), (action, verdict)
    none_left = attempt(state, "light", "Castle F1 0")
    assert none_left is not None and none_left.message == "You have no Castle left."
    assert state.hands[0][KIND_INDEX[Kind.CASTLE]] == 0


def test_pass_event_only_when_the_player_first_gets_stuck() -> None:
    """Dark's pass is announced on the move that leaves it stuck, not on every later move."""
    state = blocked_columns_position({"Tavern": 2, "Stable": 1}, {"Infirmary": 1})
    first = play(state, "light", "Tavern A1")
    assert [e.kind for e in first.events] == ["place", "pass"]
    second = play(first.state, "light", "Tavern A2")
    assert [e.kind for e in second.events] == ["place"]
    third = play(second.state, "light", "Stable A3 0")
    assert [e.kind for e in third.events] == ["place", "game_over"]


def test_pass_event_again_after_the_player_got_unstuck() -> None:
    """A player who could place again (a captured building came back) and is stuck once more
    gets a fresh pass event."""
    state = blocked_columns_position({"Tavern": 2, "Stable": 1}, {"Infirmary": 1})
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


def test_light_first_building_cannot_capture_either() -> None:
    """Light's first building closing a ring round the lone Cathedral captures nothing; the
    same building as a later move does (as test_lone_cathedral_is_captured_for_good shows
    for dark)."""
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
