"""Architects on a phone: five seats on one virtue value are five lettered markers (never a
"+1"); the board keeps what decides a move and the details image has the rest in full (every
apprentice and building; the viewer's own hand, no one else's); the log keeps whole events."""

from __future__ import annotations

import dataclasses

from bot.games import get_engine
from bot.games.architects.cards import BUILDING_BY_ID
from bot.games.protocol import Seat
from rendering import architects as R
from rendering import render, render_details
from rendering.base import font, record_text, text_width
from tests.rendering.test_architects import _advance

ENGINE = get_engine("architects")


def _texts(image_call) -> list[str]:  # noqa: ANN001
    with record_text() as log:
        image_call()
    return [r.text for r in log]


def test_five_seats_on_one_virtue_value_are_five_markers() -> None:
    view = ENGINE.view(_advance(5, 40), None)
    same = dataclasses.replace(
        view, players=tuple(dataclasses.replace(p, virtue=7) for p in view.players)
    )
    texts = _texts(lambda: render("architects", same))
    assert not any(t.startswith("+") and t[1:].isdigit() for t in texts)
    for p in same.players:  # its marker on the track, its chip in its panel at least
        assert texts.count(p.letter) >= 2, p.letter


def test_details_hold_apprentices_buildings_and_only_the_viewers_hand() -> None:
    state = _advance(3, 300, seed=5)
    mine = " ".join(_texts(lambda: render_details("architects", ENGINE.view(state, Seat(0)))))
    spectator = " ".join(_texts(lambda: render_details("architects", ENGINE.view(state, None))))
    view = ENGINE.view(state, None)
    for p in view.players:
        for a in p.apprentices:
            assert a.name in spectator
    own = [BUILDING_BY_ID[c].name for c in state.players[0].hand]
    assert own and "Your hand" in mine and "Your hand" not in spectator
    others = {BUILDING_BY_ID[c].name for s in (1, 2) for c in state.players[s].hand}
    for name in others - set(own):
        assert f"{name} (" not in mine  # a hand card is written "Name (VP, skills, cost)"


def test_log_lines_are_whole_events_never_cut_mid_word() -> None:
    fnt = font(R.MIN)
    long = "Red pays 3 silver and 1 gold to free two workers and go to Prison (Guardhouse rules)"
    view = dataclasses.replace(
        ENGINE.view(_advance(2, 40), None), log=("Blue passes.", long, long), last_scheme=""
    )
    lines = R.log_lines(view, 700)
    assert lines and all(text_width(line, fnt) <= 700 for line in lines)
    assert not any(line.endswith("\u2026") for line in lines)
    assert " ".join(lines) == long  # the newest event, whole, on the two lines
    # Too narrow for even the newest event: it is shown up to a whole word.
    narrow = R.log_lines(view, 300)
    assert len(narrow) == R.LOG_LINES and narrow[-1].endswith(" \u2026")
    assert long.startswith(" ".join(narrow)[:-2])
