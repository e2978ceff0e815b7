"""The engine object: spec and options, summary JSON, view, autocomplete helpers, the order of
legal actions, rules text."""

from __future__ import annotations

import json

import pytest

from bot.games.cathedral import ENGINE
from bot.games.cathedral.view import CathedralView
from bot.games.protocol import Seat
from tests.games.cathedral.builders import (
    play,
    position,
)


def test_spec_and_options() -> None:
    """Two players, no chance, no hidden information; `games` is 1..10, default 1."""
    spec = ENGINE.spec
    assert (spec.key, spec.min_players, spec.max_players) == ("cathedral", 2, 2)
    assert not spec.has_chance and not spec.has_hidden_information
    assert spec.validate_options({}) == {"games": 1}
    assert spec.validate_options({"games": "4"}) == {"games": 4}
    for bad in ({"games": 0}, {"games": 11}, {"colour": "red"}):
        with pytest.raises(ValueError):
            spec.validate_options(bad)
    with pytest.raises(ValueError):
        ENGINE.new_game(3, {}, 1)


def test_rules_summary_is_short_and_has_the_numbers() -> None:
    """The /game rules text stays under ~1800 characters and states the key facts."""
    text = ENGINE.rules_summary
    assert len(text) <= 1800
    for needle in ("14 buildings", "47 squares", "covers 6", "Castle B3 90", "Rules notes", "pass"):
        assert needle in text


def test_placement_helpers_match_legal_actions() -> None:
    """Piece names, squares and rotations offered to autocomplete come from the legal set."""
    state = position(
        [("cathedral", "Cathedral E5 0"), ("dark", "Castle A1 0"), ("light", "Tavern J10")],
        territory={"dark": ["B2"]},
        to_move="light",
    )
    seat = Seat(0)
    legal = {ENGINE.format_action(a, state) for a in ENGINE.legal_actions(state, seat)}
    options = ENGINE.placement_options(state, seat)
    rebuilt = {f"{n} {sq} {r}" for n, sqs in options.items() for sq, rs in sqs.items() for r in rs}
    assert rebuilt == legal
    names = ENGINE.legal_piece_names(state, seat)
    assert names == tuple(sorted(names)) and "Tavern" in names and "Cathedral" not in names
    squares = ENGINE.legal_squares(state, seat, "tavern")
    assert "A1" not in squares and "B2" not in squares and "E5" not in squares
    assert len(squares) == 100 - 6 - 5 - 1 - 1  # Cathedral, Castle, Tavern, territory
    assert ENGINE.legal_rotations(state, seat, "Castle", "B3") == (0, 90, 180, 270)
    assert ENGINE.legal_rotations(state, seat, "Stable", "j9") == ()
    assert ENGINE.legal_rotations(state, seat, "Stable", "J8") == (0,)
    assert ENGINE.legal_piece_names(state, Seat(1)) == ()


def test_summary_json() -> None:
    """The summary is plain JSON with hands, territory counts, captures, who acts, outcome."""
    state = position(
        [
            ("cathedral", "Cathedral F6 0"),
            ("dark", "Tower H1 0"),
            ("light", "Square H9"),
            ("dark", "Infirmary B1"),
            ("light", "Bridge D1 0"),
            ("light", "Stable A4 90"),
        ],
        to_move="light",
    )
    after = play(state, "light", "Inn C4 0").state
    summary = ENGINE.summary(after)
    json.dumps(summary)
    assert summary["to_act"] == "dark" and summary["to_act_seat"] == 1
    assert summary["hands"]["dark"]["Infirmary"] == 1
    assert "Inn" in summary["hands"]["light"] and summary["hands"]["light"]["Inn"] == 1
    assert summary["territory"] == {"light": 9, "dark": 0}
    assert summary["captured"] == [{"by": "light", "piece": "Infirmary", "owner": "dark"}]
    assert summary["unplaced_squares"]["light"] == 47 - 4 - 3 - 2 - 3
    assert summary["outcome"] is None


def test_view_matches_the_agreed_type() -> None:
    """The view carries the board, territory, hands (largest first) and turn information."""
    state = play(ENGINE.new_game(2, {"games": 2}, 1), "light", "Cathedral E5 0").state
    state = play(state, "dark", "Abbey A1 0").state
    view = ENGINE.view(state, None)
    assert isinstance(view, CathedralView)
    assert view.viewer is None and view.size == 10
    assert [p.owner for p in view.pieces] == ["cathedral", "dark"]
    assert view.pieces[1].cells == ((0, 0), (0, 1), (1, 1), (1, 2))  # dark Abbey is the Z
    assert view.last_piece_id == view.pieces[1].piece_id
    assert view.to_move == "light"
    assert view.colour_of_seat == {Seat(0): "light", Seat(1): "dark"}
    assert len(view.hands["light"]) == 14 and len(view.hands["dark"]) == 13
    sizes = [h.squares for h in view.hands["light"]]
    assert sizes == sorted(sizes, reverse=True)
    assert view.scores == {"light": 47, "dark": 43}
    assert (view.game_number, view.games_in_series) == (1, 2)
    assert not view.finished and view.result_text is None
    assert all(cell == "" for row in view.territory for cell in row)
    fresh = ENGINE.view(ENGINE.new_game(2, {}, 1), Seat(0))
    assert fresh.hands["light"][0].name == "Cathedral"  # light still holds it at the start


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
