"""The shared score sheet: every category row and column, the winner named, readable sizes."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image

from bot.__main__ import main
from bot.games import get_engine
from bot.games.protocol import Outcome, Seat, Transition, step
from rendering import scoresheet
from rendering.base import min_text_px, record_text, seat_letter


def _finished(key: str, players: int, seed: int, **options: object):  # type: ignore[no-untyped-def]
    engine = get_engine(key)
    rnd = random.Random(seed)
    state = engine.new_game(players, engine.spec.validate_options(options), seed)
    while engine.to_act(state):
        seat = rnd.choice(sorted(engine.to_act(state)))
        result = step(engine, state, seat, rnd.choice(engine.legal_actions(state, seat)))
        assert isinstance(result, Transition)
        state = result.state
    return engine, state


@pytest.mark.parametrize(
    ("key", "players", "options"), [("kingsburg", 5, {}), ("cathedral", 2, {"games": 2})]
)
def test_sheet_holds_every_category_and_total_of_every_player(key, players, options) -> None:
    engine, state = _finished(key, players, 3, **options)
    outcome = engine.outcome(state)
    names = ["Ann", "Bob", "Cy", "Dee", "Ed"][:players]
    sides = [engine.seat_label(state, Seat(i)) for i in range(players)]
    sheet = scoresheet.sheet_from_outcome(engine.spec.display_name, outcome, names, sides)
    assert sheet.categories == tuple(outcome.breakdown[Seat(0)])
    for i in range(players):
        assert sum(sheet.points[i]) == sheet.totals[i] == outcome.scores[Seat(i)]
    assert [p.mark for p in sheet.players] == [seat_letter(s) for s in sides], "as on the board"
    winners = [names[i] for i in sorted(outcome.winners)]
    assert all(w in sheet.winner_line for w in winners)
    image = scoresheet.render(sheet)
    assert image.width == 800 and 300 < image.height < 1200
    data = scoresheet.render_png(sheet)
    assert Image.open(io.BytesIO(data)).size == image.size and len(data) < 300_000


def test_a_tie_is_a_shared_victory_and_missing_categories_show_zero() -> None:
    outcome = Outcome(
        termination="completed",
        winners=frozenset({Seat(0), Seat(1)}),
        scores={Seat(0): 5, Seat(1): 5},
        reason="Red and blue share the victory (tied on VP, goods and buildings).",
        breakdown={Seat(0): {"Buildings": 5}, Seat(1): {"Battles": 5}},
    )
    sheet = scoresheet.sheet_from_outcome("Kingsburg", outcome, ["Ann", "Amy"], ["red", "blue"])
    assert sheet.categories == ("Buildings", "Battles")
    assert sheet.points == ((5, 0), (0, 5))
    assert sheet.winner_line == "Shared victory: Ann and Amy"
    assert [p.mark for p in sheet.players] == ["R", "B"], "the boards' letters, not initials"
    same = scoresheet.sheet_from_outcome("K", outcome, ["Ann", "Bob"], ["Blue", "Brown"])
    assert [p.mark for p in same.players] == ["1", "2"], "a shared letter: seat numbers instead"
    scoresheet.render(sheet, size=400)


def test_replay_cli_writes_the_score_sheet_beside_the_boards(tmp_path: Path) -> None:
    """`python -m bot replay` of a finished game leaves scoresheet.png with the board images."""
    engine = get_engine("cathedral")
    rnd = random.Random(5)
    state = engine.new_game(2, engine.spec.validate_options({}), 1)
    lines = []
    while engine.to_act(state):
        seat = min(engine.to_act(state))
        action = rnd.choice(engine.legal_actions(state, seat))
        lines.append(f"{seat}: {engine.format_action(action, state)}")
        state = step(engine, state, seat, action).state
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    assert main(["replay", "cathedral", "--moves", str(moves), "--out", str(out)]) == 0
    sheet = Image.open(out / "scoresheet.png")
    assert sheet.width == 800
    assert (out / "000-start.png").exists()


@pytest.mark.parametrize("size", [480, 800, 1600])
def test_five_long_names_stay_whole_and_every_text_is_legible_at_phone_width(size) -> None:
    """Five "Random bot N" columns: every name readable in full (a column head cut to fit is
    spelt out under the table by its letter), and no text below 11 px at 400 px wide."""
    names = ["Heuristic bot", "Random bot 1", "Random bot 2", "Random bot 3", "Random bot 4"]
    sides = ["red", "blue", "green", "yellow", "purple"]
    outcome = Outcome(
        termination="completed",
        winners=frozenset({Seat(3)}),
        scores={Seat(i): 10 + i for i in range(5)},
        reason="Yellow wins with 13 VP (tie on VP and goods broken by the number of buildings).",
        breakdown={Seat(i): {"Buildings": 10, "Cathedral bonus": i} for i in range(5)},
    )
    sheet = scoresheet.sheet_from_outcome("Kingsburg", outcome, names, sides)
    with record_text() as texts:
        image = scoresheet.render(sheet, size=size)
    smallest = min(texts, key=lambda t: t.size)
    assert smallest.size >= min_text_px(image.width), smallest
    drawn = " ".join(t.text for t in texts)
    if size < 800:
        return  # the narrowest sheet may cut a long word; the bot draws 800 px
    for name in names:
        assert all(word in drawn.split() for word in name.split()), name
    assert "R = Heuristic bot (red); B = Random bot 1 (blue)" in drawn, "cut names: a legend"


def test_a_winners_name_and_a_long_category_are_drawn_whole() -> None:
    """Four "Heuristic bot N" columns, the winner's included, and "Victory point cards": the
    winner's star sits by the swatch (not before the name), a long category is set smaller
    rather than cut, so nothing needs the legend of cut names."""
    names = [f"Heuristic bot {i + 1}" for i in range(4)]
    outcome = Outcome(
        termination="completed",
        winners=frozenset({Seat(1)}),
        scores={Seat(i): 3 + i for i in range(4)},
        reason="Blue reaches 12 VP in their own turn and wins.",
        breakdown={Seat(i): {"Settlements": 2, "Victory point cards": i} for i in range(4)},
    )
    sheet = scoresheet.sheet_from_outcome(
        "Settlers of Canaan", outcome, names, ["r", "b", "g", "y"]
    )
    with record_text() as texts:
        image = scoresheet.render(sheet, size=800)
    drawn = [t.text for t in texts]
    assert "\u2605" in drawn  # the winner's star, on its own
    assert not any("\u2026" in text for text in drawn), drawn
    assert "Victory point cards" in drawn
    assert min(t.size for t in texts) >= min_text_px(image.width)
