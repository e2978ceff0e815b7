"""The words a Canaan image prints are whole and inside it: where the game stands wraps onto a
second line instead of being cut (the setup's first-player rolls end it), four footer lines fit
above the bottom edge, and the desert strip names Jerusalem beside its gold intersection dot."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pytest

import rendering.base as base
import rendering.canaan as canaan
from bot.games.canaan import ENGINE
from bot.games.canaan import actions as A
from bot.games.protocol import Seat, Transition, step
from tests.games.canaan.positions import hand, position


def _drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float, Any]]:
    """Record every text drawn: (text, y, font); the static land layer is drawn afresh."""
    seen: list[tuple[str, float, Any]] = []
    original = base.KitDraw.text

    def text(self: Any, xy: Any, words: str, *args: Any, **kwargs: Any) -> Any:
        fnt = kwargs.get("font") or (args[1] if len(args) > 1 else None)
        seen.append((str(words), float(xy[1]), fnt))
        return original(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(base.KitDraw, "text", text)
    monkeypatch.setattr(base, "_LAYERS", OrderedDict())
    return seen


@pytest.mark.parametrize("players", [3, 4])
def test_the_setup_status_is_wrapped_not_cut(monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    view = ENGINE.view(ENGINE.new_game(players, {}, 5), None)
    seen = _drawn_texts(monkeypatch)
    canaan.render(view)
    drawn = " ".join(t for t, _, _ in seen)
    assert "\u2026" not in drawn.replace("...", "")
    for word in view.status.split():
        assert word in drawn, (word, view.status)


def test_four_footer_lines_fit_inside_the_image(monkeypatch: pytest.MonkeyPatch) -> None:
    """A private image with an offer open: last move, the offer, its answers still to come on a
    line of their own, your hand."""
    s = position(4, hands={0: hand(lumber=2, ore=1), 1: hand(grain=2)})
    moved = step(ENGINE, s, Seat(0), A.parse_action("offer 1 lumber for 1 grain", ENGINE.data))
    assert isinstance(moved, Transition)
    view = ENGINE.view(moved.state, Seat(0))
    seen = _drawn_texts(monkeypatch)
    image = canaan.render(view)
    texts = [t for t, _, _ in seen]
    offer = texts.index(next(t for t in texts if t.startswith("Offer:")))
    assert texts[offer - 1].startswith("Last:") and texts[offer + 2].startswith("Your hand:")
    # The answers still to come are named in full, on the offer's next line.
    assert texts[offer] == "Offer: red gives 1 lumber for 1 grain"
    assert texts[offer + 1] == "awaiting blue, green, yellow"
    bottom = max(y + f.size for t, y, f in seen if f is not None)
    assert bottom <= image.height, (bottom, image.height)


def test_the_desert_strip_names_jerusalem(monkeypatch: pytest.MonkeyPatch) -> None:
    view = ENGINE.view(ENGINE.new_game(4, {}, 1), None)
    seen = _drawn_texts(monkeypatch)
    lay = canaan.compute_layout(view)
    canaan.render(view)
    on_board = [t for t, y, _ in seen if t == "Jerusalem" and lay.board.y0 < y < lay.board.y1]
    assert on_board, [t for t, _, _ in seen if "Jerusalem" in t]


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_whose_turn_in_the_title_bar_reads_in_every_seat_colour(
    monkeypatch: pytest.MonkeyPatch, seat: int
) -> None:
    """Blue written as is on the dark title bar is barely visible; every seat's colour is
    lightened enough."""
    seen: list[Any] = []

    def header(*args: Any, status_colour: Any = None, **kwargs: Any) -> None:
        seen.append(status_colour)

    monkeypatch.setattr(canaan, "draw_header", header)
    canaan.render(ENGINE.view(position(4, current=seat), None))
    assert seen and seen[0] is not None
    assert base.luminance(seen[0]) >= canaan.HEADER_MIN_LUMINANCE


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_harbour_letters_have_a_key_on_the_board(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    """A 2:1 harbour reads "2:1 G": the key in open sea says G is grain (not green)."""
    view = ENGINE.view(ENGINE.new_game(players, {}, 1), None)
    seen = _drawn_texts(monkeypatch)
    canaan.render(view)
    drawn = [t for t, _, _ in seen]
    harbour_letters = {t.split()[-1] for t in drawn if t.startswith("2:1 ")}
    assert harbour_letters
    for letter in harbour_letters:
        word = {"L": "lumber", "G": "grain", "S": "stone", "O": "ore", "W": "wool"}[letter]
        assert f"{letter} {word}" in drawn, (letter, drawn)


def test_a_seats_row_names_its_longest_road_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _drawn_texts(monkeypatch)
    canaan.render(ENGINE.view(position(3), None))
    assert "longest road 0" in [t for t, _, _ in seen]


def test_the_wall_shows_the_deck_and_a_bank_running_short(monkeypatch: pytest.MonkeyPatch) -> None:
    full = ENGINE.view(position(4), None)
    assert canaan.supply_text(full) == f"deck {full.deck}"
    short = ENGINE.view(position(4, hands={0: hand(ore=20, grain=19)}), None)
    seen = _drawn_texts(monkeypatch)
    canaan.render(short)
    assert f"deck {short.deck} \u00b7 bank low: grain 4, ore 3" in [t for t, _, _ in seen]
