"""Canterbury's track and final board: a prosperity marker past 100 carries its +100 mark (340
and 140 are not drawn alike at 40), the City Marker writes the city's value (not its disk
count), the final board asks nobody to Full Build, and the final King's Bonus events name only
the shares worth something."""

from __future__ import annotations

from dataclasses import replace

from bot.games.canterbury import ENGINE, rules
from bot.games.protocol import Seat
from rendering import render
from rendering.base import record_text
from rendering.canterbury import marker_label
from tests.games.canterbury.positions import game, mark
from tests.rendering.test_canterbury_texts_fit import _mid_game


def _texts(view: object) -> list[str]:
    with record_text() as log:
        render("canterbury", view)
    return [r.text for r in log]


def test_markers_past_a_hundred_carry_their_hundreds() -> None:
    assert marker_label(40) == "" and marker_label(140) == "+100" and marker_label(340) == "+300"
    view = ENGINE.view(_mid_game(2, 3, 60), None)
    players = (replace(view.players[0], score=340), replace(view.players[1], score=140))
    texts = _texts(replace(view, players=players))
    assert "+300" in texts and "+100" in texts
    low = replace(view, players=tuple(replace(p, score=40) for p in view.players))
    assert "+100" not in _texts(low) and "+300" not in _texts(low)


def test_the_city_marker_writes_the_city_value() -> None:
    state = _mid_game(2, 3, 60)
    view = ENGINE.view(replace(state, city=187), None)
    assert "187" in _texts(view)


def test_the_final_board_asks_nobody_to_full_build() -> None:
    state = _mid_game(2, 3, 5000)
    assert ENGINE.outcome(state) is not None
    players = tuple(replace(p, must_full_build=True) for p in state.players)
    texts = _texts(ENGINE.view(replace(state, players=players), None))
    assert "must Full Build" not in texts
    running = _mid_game(2, 3, 60)
    players = tuple(replace(p, must_full_build=True) for p in running.players)
    assert "must Full Build" in _texts(ENGINE.view(replace(running, players=players), None))


def test_final_kings_bonus_events_leave_out_shares_worth_nothing() -> None:
    """Culture: green 2 markers, red 1 (second place with one marker is worth 0): the event
    names green alone; a service where everyone scores nothing is not announced."""
    state = game(3)
    for district in ("A1", "B1"):
        state = mark(state, district, "culture", "green")
    state = mark(state, "C1", "culture", "red")
    assert [(2, 2), (1, 0)] in rules.kings_awards(state)
    events: list = []
    rules._finish(state, events)
    kings = [e.text for e in events if e.kind == "kings_bonus"]
    assert any("Culture" in text or "culture" in text for text in kings), kings
    assert not any("+0" in text for text in kings), kings


def test_outcome_is_unchanged_by_the_quieter_events() -> None:
    state = _mid_game(4, 2, 5000)
    out = ENGINE.outcome(state)
    assert out is not None and sum(out.scores.values()) > 0
    assert set(out.scores) == {Seat(i) for i in range(4)}
