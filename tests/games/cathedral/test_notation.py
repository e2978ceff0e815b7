"""Notation: canonical format, forgiving parsing, specific refusals, and check() sentences."""

from __future__ import annotations

import random

import pytest

from bot.games.cathedral import ENGINE
from bot.games.cathedral.actions import Place
from bot.games.cathedral.board import square_index
from bot.games.cathedral.pieces import Kind
from bot.games.protocol import Seat, Transition, step
from bot.games.rejections import Rejection, RejectionCode
from tests.games.cathedral.builders import attempt, position

B3 = square_index("B3")


def test_squares_run_from_top_left() -> None:
    """A1 is the top-left square (index 0), J10 the bottom-right (index 99)."""
    assert square_index("A1") == 0
    assert square_index("J1") == 9
    assert square_index("A10") == 90
    assert square_index("j10") == 99
    assert square_index("K3") is None and square_index("A11") is None
    assert square_index("A0") is None and square_index("A01") is None


@pytest.mark.parametrize(
    "text",
    [
        "Castle B3 90",
        "castle b3 90",
        "CASTLE B3 R90",
        "Castle B3 90°",
        "Castle @ B3, 90",
        "Castle   B3 ,  r 90",
        "castle b3 rot90",
        "Castle B3 90 deg",
    ],
)
def test_parse_is_forgiving(text: str) -> None:
    """Case, 'r90', '90°', '@', commas and extra spaces are all accepted."""
    assert ENGINE.parse_action(text, ENGINE.new_game(2, {}, 1), Seat(0)) == Place(
        Kind.CASTLE, B3, 90
    )


def test_rotation_may_be_left_out_only_for_single_orientation_pieces() -> None:
    """'Tavern B3' means rotation 0; 'Castle B3' asks which way to turn it."""
    state = ENGINE.new_game(2, {}, 1)
    assert ENGINE.parse_action("Tavern B3", state, Seat(0)) == Place(Kind.TAVERN, B3, 0)
    assert ENGINE.parse_action("infirmary b3", state, Seat(0)) == Place(Kind.INFIRMARY, B3, 0)
    refused = ENGINE.parse_action("Castle B3", state, Seat(0))
    assert isinstance(refused, Rejection) and refused.code is RejectionCode.AMBIGUOUS
    assert "0, 90, 180, 270" in refused.message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Castel B3 90",
            "There is no building called 'Castel'. Buildings: Tavern, Stable, Inn, Bridge, "
            "Square, Manor, Abbey, Infirmary, Castle, Tower, Academy, Cathedral.",
        ),
        ("Castle K3 90", "'K3' is not a square: files are A–J and ranks 1–10."),
        ("Castle B11 90", "'B11' is not a square: files are A–J and ranks 1–10."),
        ("Castle B3 45", "45° is not a quarter turn: use 0, 90, 180 or 270 (degrees clockwise)."),
        ("Castle", "Say where to place the Castle."),
        ("", "Say which building to place and where."),
    ],
)
def test_malformed_sentences(text: str, message: str) -> None:
    """Unparseable input gets a specific MALFORMED sentence."""
    refused = ENGINE.parse_action(text, ENGINE.new_game(2, {}, 1), Seat(0))
    assert isinstance(refused, Rejection) and refused.code is RejectionCode.MALFORMED
    assert refused.message == message


def test_misspelt_name_gets_a_suggestion() -> None:
    """A near miss suggests the real name."""
    refused = ENGINE.parse_action("Castel B3 90", ENGINE.new_game(2, {}, 1), Seat(0))
    assert isinstance(refused, Rejection) and refused.hint == "Did you mean Castle?"


def test_round_trip_over_every_legal_action() -> None:
    """format_action then parse_action gives back every legal action, in several positions."""
    rng = random.Random(3)
    state = ENGINE.new_game(2, {}, 3)
    for _ in range(8):
        (seat,) = ENGINE.to_act(state)
        actions = ENGINE.legal_actions(state, seat)
        texts = [ENGINE.format_action(a, state) for a in actions]
        assert texts == sorted(texts) and len(set(texts)) == len(texts)
        for action, text in zip(actions, texts, strict=True):
            assert ENGINE.parse_action(text, state, seat) == action
            assert ENGINE.parse_action(text.lower(), state, seat) == action
        result = step(ENGINE, state, seat, rng.choice(actions))
        assert isinstance(result, Transition)
        state = result.state


def test_anchor_is_topmost_then_leftmost_square() -> None:
    """'Castle B3 90' covers B3 (its anchor) and the squares below/right of it."""
    from bot.games.cathedral.board import SQUARE_NAMES, bits, placement_mask
    from bot.games.cathedral.pieces import Colour

    mask = placement_mask(Kind.CASTLE, Colour.LIGHT, 90, B3)
    assert mask is not None
    assert sorted(SQUARE_NAMES[i] for i in bits(mask)) == sorted(["B3", "C3", "C4", "B5", "C5"])
    # An Infirmary's anchor is its top arm: the cross hangs below it.
    mask = placement_mask(Kind.INFIRMARY, Colour.DARK, 0, square_index("E1") or 0)
    assert mask is not None
    assert sorted(SQUARE_NAMES[i] for i in bits(mask)) == sorted(["E1", "D2", "E2", "F2", "E3"])


def test_illegal_sentences() -> None:
    """check() explains exactly what is wrong."""
    state = position(
        [("cathedral", "Cathedral E5 0"), ("dark", "Inn C4 0"), ("light", "Tavern J10")],
        territory={"dark": ["E3"]},
        to_move="light",
    )
    cases = {
        "Castle J3 90": "The Castle at J3 rotated 90° would stick out past the edge of the city.",
        "Castle B3 90": "The Castle at B3 rotated 90° would cover C4, which is occupied by "
        "dark's Inn.",
        "Tavern E5": "The Tavern at E5 would cover E5, which is occupied by the Cathedral.",
        "Stable J9 0": "The Stable at J9 would cover J10, which is occupied by your Tavern.",
        "Bridge C3 90": "The Bridge at C3 rotated 90° would enter dark's territory at E3.",
        "Cathedral A1 0": "The Cathedral is already in the city; place one of your buildings.",
    }
    for text, message in cases.items():
        refused = attempt(state, "light", text)
        assert refused is not None, text
        assert refused.code is RejectionCode.ILLEGAL
        assert refused.message == message, text
    turned = attempt(state, "light", "Stable A1 180")
    assert turned is not None and turned.message == (
        "The Stable is only turned 0° or 90°: at 180° it looks the same as at 0°."
    )
    assert turned.hint == "Write `Stable A1 0`."
    tavern = attempt(state, "light", "Tavern A1 90")
    assert tavern is not None and "only turned 0°" in tavern.message
    placed_all = position(
        [("cathedral", "Cathedral E5 0"), ("light", "Tavern A1"), ("light", "Tavern C1")],
        to_move="light",
    )
    none_left = attempt(placed_all, "light", "Tavern J1")
    assert none_left is not None and none_left.message == "You have no Tavern left."


@pytest.mark.parametrize("text", ["pass", "PASS", " Pass ", "pass turn"])
def test_pass_is_refused_with_the_rule(text: str) -> None:
    """There is no voluntary pass: the sentence says why, not "no building called 'pass'"."""
    from bot.games.cathedral.notation import NO_PASS

    state = ENGINE.new_game(2, {}, 1)
    parsed = ENGINE.parse_action(text, state, Seat(0))
    assert isinstance(parsed, Rejection) and parsed.code is RejectionCode.ILLEGAL
    assert parsed.message == NO_PASS
    assert parsed.message == (
        "Cathedral has no pass: you must place a building while one fits; a player who cannot "
        "place is skipped automatically."
    )
