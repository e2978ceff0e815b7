"""Architects: every apprentice card in the Workshop shows its whole name and ability (three
lines at most), none cut with "…"."""

from __future__ import annotations

from typing import Any

import pytest

import rendering.architects as R
from bot.games.architects import ENGINE
from bot.games.architects.cards import APPRENTICE_BY_ID
from bot.games.architects.view import apprentice_view
from rendering import render
from rendering.base import font, text_width


def _cell_width(monkeypatch: pytest.MonkeyPatch) -> float:
    widths: list[float] = []
    original = R.ability_lines

    def spy(ability: str, width: float) -> list[str]:
        widths.append(width)
        return original(ability, width)

    monkeypatch.setattr(R, "ability_lines", spy)
    render("architects", ENGINE.view(ENGINE.new_game(3, {}, 1), None))
    assert widths
    return min(widths)


def test_every_apprentice_fits_its_workshop_card(monkeypatch: pytest.MonkeyPatch) -> None:
    width = _cell_width(monkeypatch)
    regular = font(R.MIN)
    seen: set[Any] = set()
    for card in APPRENTICE_BY_ID.values():
        view = apprentice_view(card)
        if view.ability in seen:
            continue
        seen.add(view.ability)
        lines = R.ability_lines(view.ability, width)
        assert len(lines) <= R.ABILITY_LINES, lines
        assert all(text_width(line, regular) <= width for line in lines), lines
        assert text_width(view.name, regular) <= width, view.name
