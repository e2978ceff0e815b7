"""Rule 5 makes capturing optional ("you MAY remove it"), and only on the enclosing move:
`no-capture` placements, their notation, refusals, events, codec, summary and the bot."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.games.cathedral import ENGINE, Place, rules
from bot.games.cathedral.bots import _final_value
from bot.games.cathedral.codec import state_from_dict, state_to_dict
from bot.games.cathedral.notation import format_place, parse
from bot.games.cathedral.pieces import KIND_INDEX, Colour, Kind
from bot.games.cathedral.state import GameRecord
from bot.games.codec import CorruptStateError
from bot.games.protocol import Seat, Transition, step
from bot.games.rejections import Rejection, RejectionCode
from tests.games.cathedral.builders import (
    attempt,
    picture,
    piece_names_on_board,
    play,
    position,
    territory_squares,
)

NOTE_5 = [
    ("cathedral", "Cathedral F6 0"),
    ("dark", "Tavern J1"),
    ("dark", "Infirmary B1"),  # B1, A2, B2, C2, B3
    ("light", "Bridge D1 0"),  # D1, D2, D3
    ("light", "Stable A4 90"),  # A4, B4
]
NOTE_5_AREA = {f"{f}{r}" for f in "ABC" for r in (1, 2, 3)}


def _note_5():
    return position(NOTE_5, to_move="light")


def _column(dark_taverns: tuple[str, ...]):
    """Light walls off A1-A5 (Bridge B1-B3, Stable B4-B5, Stable B6-B7, Tavern A6) with dark
    Taverns inside; a light Tavern on A3 then splits the column into A1-A2 and A4-A5."""
    return position(
        [
            ("cathedral", "Cathedral F6 0"),
            ("light", "Bridge B1 0"),
            ("light", "Stable B4 0"),
            ("light", "Stable B6 0"),
            ("light", "Tavern A6"),
            *(("dark", f"Tavern {sq}") for sq in dark_taverns),
            ("dark", "Square H9"),
        ],
        to_move="light",
    )


def _texts(state, colour: str) -> list[str]:
    s = state.seat_of(Colour(colour))
    return [ENGINE.format_action(a, state) for a in ENGINE.legal_actions(state, s)]


# --- playing ------------------------------------------------------------------------------------


def test_plain_placement_still_captures_by_default() -> None:
    """`Inn C4 0` (no flag) is Place(capture=True) and captures the lone Infirmary as before."""
    state = _note_5()
    action = ENGINE.parse_action("Inn C4 0", state, Seat(0))
    assert action == Place(Kind.INN, 32, 0) and action.capture
    after = play(state, "light", "Inn C4 0").state
    assert ("dark", "Infirmary") not in piece_names_on_board(after)
    assert after.captured == ((Colour.LIGHT, Kind.INFIRMARY, Colour.DARK),)
    assert after.spared == ()


def test_declining_leaves_the_building_and_the_area_open_to_both() -> None:
    """`Inn C4 0 no-capture`: the Infirmary stays, nothing is claimed, a `spare` event says so,
    and dark may then build in that space."""
    state = _note_5()
    result = play(state, "light", "Inn C4 0 no-capture")
    after = result.state
    assert ("dark", "Infirmary") in piece_names_on_board(after)
    assert after.hands[1][KIND_INDEX[Kind.INFIRMARY]] == 0  # not back in dark's hand
    assert after.captured == ()
    assert after.spared == ((Colour.LIGHT, Kind.INFIRMARY, Colour.DARK),)
    assert not territory_squares(after, "light") & NOTE_5_AREA, picture(after)
    kinds = [e.kind for e in result.events]
    assert "capture" not in kinds and "claim" not in kinds, kinds
    spare = [e for e in result.events if e.kind == "spare"]
    assert [e.text for e in spare] == ["Light spares dark's Infirmary: the area stays open."]
    assert spare[0].data == {"by": "light", "piece": "Infirmary", "owner": "dark", "piece_id": 3}
    # The space is still available to the opponent: dark builds there.
    assert after.to_move is Colour.DARK
    later = play(after, "dark", "Tavern A1").state
    assert ("dark", "Tavern") in piece_names_on_board(later)
    assert attempt(after, "light", "Tavern C1") is None  # and to light


def test_a_spared_building_is_not_captured_by_a_later_unrelated_move() -> None:
    """The capture must be immediate: a later light move elsewhere leaves it; only a building
    that touches its area and encloses it alone again (our reading) can take it."""
    after = play(_note_5(), "light", "Inn C4 0 no-capture").state
    after = play(after, "dark", "Stable H1 0").state
    after = play(after, "light", "Tavern J10").state
    assert ("dark", "Infirmary") in piece_names_on_board(after), picture(after)
    assert after.captured == ()
    after = play(after, "dark", "Stable H4 0").state
    result = play(after, "light", "Tavern A1")  # inside the area, next to the Infirmary
    assert [e.kind for e in result.events if e.kind in ("capture", "spare")] == ["capture"]
    assert ("dark", "Infirmary") not in piece_names_on_board(result.state)


def test_declining_still_claims_an_empty_area_touched_by_the_same_move() -> None:
    """Tavern A3 splits the walled column: A1-A2 holds dark's Tavern (spared), A4-A5 is empty
    (claimed anyway)."""
    state = _column(("A1",))
    result = play(state, "light", "Tavern A3 no-capture")
    after = result.state
    assert territory_squares(after, "light") == {"A4", "A5"}, picture(after)
    assert ("dark", "Tavern") in piece_names_on_board(after)
    assert [e.kind for e in result.events][1:] == ["spare", "claim"]
    captured = play(state, "light", "Tavern A3").state
    assert territory_squares(captured, "light") == {"A1", "A2", "A4", "A5"}


def test_one_flag_declines_captures_in_two_areas_at_once() -> None:
    """Tavern A3 isolates a dark Tavern on each side: by default both are captured, with
    `no-capture` both are spared."""
    state = _column(("A1", "A5"))
    taken = play(state, "light", "Tavern A3")
    assert [e.kind for e in taken.events].count("capture") == 2
    assert taken.state.captured == ((Colour.LIGHT, Kind.TAVERN, Colour.DARK),) * 2
    spared = play(state, "light", "Tavern A3 no-capture")
    assert [e.kind for e in spared.events].count("spare") == 2
    assert "capture" not in [e.kind for e in spared.events]
    assert territory_squares(spared.state, "light") == set()
    assert ENGINE.capture_preview(state, Seat(0), "tavern", "a3", 0) == (
        "dark's Tavern",
        "dark's Tavern",
    )


# --- refusals -----------------------------------------------------------------------------------


def test_no_capture_on_a_placement_that_captures_nothing_is_refused() -> None:
    """The sentence names the piece and square; the rotation is not part of it."""
    state = _note_5()
    refused = attempt(state, "light", "Inn F1 90 no-capture")
    assert isinstance(refused, Rejection) and refused.code is RejectionCode.ILLEGAL
    assert refused.message == "The Inn at F1 captures nothing, so there is nothing to decline."
    assert refused.hint == "Write `Inn F1 90`."
    assert attempt(state, "light", "Inn F1 90") is None


def test_no_capture_on_an_illegal_placement_reports_the_real_problem() -> None:
    """An overlapping placement is refused for the overlap, not for the flag."""
    refused = attempt(_note_5(), "light", "Inn B1 0 no-capture")
    assert isinstance(refused, Rejection) and "occupied" in refused.message


def test_first_building_and_cathedral_cannot_decline() -> None:
    """A first building captures nothing (hint says why); nor does the Cathedral."""
    state = replace(_note_5(), first_placed=(False, True))
    refused = attempt(state, "light", "Inn C4 0 no-capture")
    assert isinstance(refused, Rejection)
    assert refused.message == "The Inn at C4 captures nothing, so there is nothing to decline."
    assert refused.hint is not None and refused.hint.startswith("Your first building")
    start = ENGINE.new_game(2, {}, 1)
    refused = ENGINE.check(start, Seat(0), Place(Kind.CATHEDRAL, 44, 0, capture=False))
    assert isinstance(refused, Rejection)
    assert refused.message.startswith("The Cathedral at E5 captures nothing")


# --- legal actions and helpers ------------------------------------------------------------------


def test_legal_actions_offer_no_capture_only_right_after_capturing_placements() -> None:
    """Twins follow their capturing placement, the list stays sorted, and each twin is exactly
    a placement that captures."""
    state = _note_5()
    texts = _texts(state, "light")
    assert texts == sorted(texts) and len(set(texts)) == len(texts)
    assert texts[texts.index("Inn C4 0") + 1] == "Inn C4 0 no-capture"
    twins = [t for t in texts if t.endswith(" no-capture")]
    assert twins
    colour = Colour.LIGHT
    for action in ENGINE.legal_actions(state, Seat(0)):
        if action.capture:
            mask = rules.placement_mask(action.kind, colour, action.rotation, action.square)
            captures = bool(rules.capture_victims(state, colour, mask))
            assert captures == (f"{format_place(action)} no-capture" in twins), action
    # Autocomplete helpers are not doubled by the twins.
    assert ENGINE.legal_rotations(state, Seat(0), "Inn", "C4").count(0) == 1


def test_no_twins_before_a_capture_is_possible() -> None:
    """The opening has no capturing placement, so no `no-capture` actions at all."""
    state = ENGINE.new_game(2, {}, 1)
    state = step(ENGINE, state, Seat(0), ENGINE.legal_actions(state, Seat(0))[0]).state
    assert not any(not a.capture for a in ENGINE.legal_actions(state, Seat(1)))


def test_capture_preview_names_what_a_placement_would_capture() -> None:
    """Non-empty exactly when the player has the choice; () for anything illegal."""
    state = _note_5()
    assert ENGINE.capture_preview(state, Seat(0), "Inn", "C4", 0) == ("dark's Infirmary",)
    assert ENGINE.capture_preview(state, Seat(0), "inn", "c4", 0) == ("dark's Infirmary",)
    assert ENGINE.capture_preview(state, Seat(0), "Inn", "F1", 90) == ()
    assert ENGINE.capture_preview(state, Seat(0), "Inn", "B1", 0) == ()  # overlaps
    assert ENGINE.capture_preview(state, Seat(1), "Inn", "C4", 0) == ()  # not dark's turn
    assert ENGINE.capture_preview(state, Seat(0), "Dragon", "C4", 0) == ()
    assert ENGINE.capture_preview(state, Seat(0), "Inn", "Z9", 0) == ()
    assert ENGINE.capture_preview(state, Seat(0), "Cathedral", "H5", 0) == ()


def test_fast_capture_detection_matches_the_reference_in_random_games() -> None:
    """capturing_masks (used by legal_actions) agrees with capture_victims on every legal
    placement of several random games."""
    checked = capturing = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = ENGINE.new_game(2, {}, seed)
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.to_act(state)
            colour = state.colour_of(seat)
            pairs = rules.legal_pairs(state, colour)
            fast = rules.capturing_masks(state, colour, [m for _, m in pairs])
            for action, mask in pairs:
                ref = action.kind is not Kind.CATHEDRAL and bool(
                    rules.capture_victims(state, colour, mask)
                )
                assert (mask in fast) == ref, (format_place(action), picture(state))
                checked += 1
                capturing += ref
            result = step(ENGINE, state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
            assert isinstance(result, Transition)
            state = result.state
    assert checked > 10_000 and capturing > 0


# --- notation -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Inn C4 0 no-capture",
        "inn c4 0 NO-CAPTURE",
        "Inn C4 0 nocapture",
        "Inn C4 0 no capture",
        "Inn C4 0 no_capture",
        "Inn C4 0 spare",
        "Inn C4 0 keep",
        "Inn @ C4, r0 no capture",
    ],
)
def test_declining_notation_is_parsed_tolerantly(text: str) -> None:
    """Every spelling gives capture=False and formats back canonically."""
    action = parse(text, Colour.LIGHT)
    assert action == Place(Kind.INN, 32, 0, capture=False)
    assert format_place(action) == "Inn C4 0 no-capture"
    assert parse(format_place(action), Colour.LIGHT) == action


def test_notation_round_trips_with_and_without_the_flag() -> None:
    """Plain text stays plain; str() of the action agrees; one-turn pieces need no rotation."""
    assert format_place(Place(Kind.INN, 32, 90)) == "Inn C4 90"
    assert str(Place(Kind.INN, 32, 90, capture=False)) == "Inn C4 90 no-capture"
    assert parse("Tavern A3 no-capture") == Place(Kind.TAVERN, 20, 0, capture=False)
    state = _note_5()
    for action in ENGINE.legal_actions(state, Seat(0)):
        text = ENGINE.format_action(action, state)
        assert ENGINE.parse_action(text, state, Seat(0)) == action


def test_unknown_words_after_the_rotation_are_still_refused() -> None:
    """Only the declining words are understood after the rotation."""
    refused = parse("Inn C4 0 maybe")
    assert isinstance(refused, Rejection) and refused.code is RejectionCode.MALFORMED
    assert "'maybe'" in refused.message and "no-capture" in (refused.hint or "")
    assert isinstance(parse("no capture"), Rejection)


# --- codec and summary --------------------------------------------------------------------------


def test_spared_pieces_survive_json_and_show_in_the_summary() -> None:
    """`spared` round trips, appears in the summary, and saves without it still load."""
    after = play(_note_5(), "light", "Inn C4 0 no-capture").state
    data = state_to_dict(after)
    assert data["spared"] == [{"by": "light", "piece": "Infirmary", "owner": "dark"}]
    assert state_from_dict(data) == after
    assert ENGINE.summary(after)["spared"] == data["spared"]
    old = dict(data)
    del old["spared"]
    assert state_from_dict(old) == replace(after, spared=())
    bad = dict(data, spared=[{"by": "light", "piece": "Inn", "owner": "light"}])
    with pytest.raises(CorruptStateError, match=r"state\.spared\[0\]"):
        state_from_dict(bad)


# --- heuristic bot ------------------------------------------------------------------------------


def test_heuristic_bot_takes_the_capture_rather_than_sparing() -> None:
    """Offered the note-5 capture, it captures (the twin scores worse)."""
    state = _note_5()
    action = ENGINE.bots["heuristic"]().choose(state, Seat(0), 3)
    assert action.capture
    assert play(state, "light", ENGINE.format_action(action, state)).state.captured


def test_finished_game_is_valued_by_the_unplaced_squares_difference() -> None:
    """A finished game scores 10 per square of difference, from the mover's seat, with no
    extra bonus: losing by 4 is -40, winning by 6 is +60 (also when `after` is game 2)."""
    base = ENGINE.new_game(2, {"games": 2}, 1)
    lost = replace(base, history=(GameRecord(1, Seat(0), (9, 5)),))
    assert _final_value(lost, Seat(0)) == -40.0
    assert _final_value(lost, Seat(1)) == 40.0
    won = replace(base, history=(GameRecord(1, Seat(0), (0, 6)),))
    assert _final_value(won, Seat(0)) == 60.0
