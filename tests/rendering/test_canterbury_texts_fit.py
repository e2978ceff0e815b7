"""Canterbury's image says everything in full at its size: no text on the board, the player
rows, the Neutral Builder row or the supply is cut with "…" (2 and 4 players, mid-game), and
the Neutral Builder row says what each token does next turn."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import rendering.canterbury as R
from bot.games.canterbury import ENGINE
from bot.games.protocol import Seat, step
from rendering import render
from tests.rendering.cut_texts import spy_cuts


def _mid_game(players: int, seed: int, plies: int) -> Any:
    state = ENGINE.new_game(players, {}, seed)
    bots = [ENGINE.bots["heuristic"]()] + [ENGINE.bots["random"]()] * (players - 1)
    for k in range(plies):
        if ENGINE.outcome(state) is not None:
            break
        seat = Seat(min(ENGINE.to_act(state)))
        state = step(ENGINE, state, seat, bots[seat].choose(state, seat, k)).state
    return state


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5)])
def test_nothing_is_cut_in_a_mid_game_image(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    cut = spy_cuts(monkeypatch, R)
    state = _mid_game(players, seed, 60)
    players_must = tuple(replace(p, must_full_build=True) for p in state.players)
    render("canterbury", ENGINE.view(replace(state, players=players_must), None))
    assert cut == []


@pytest.mark.parametrize("players", [2, 4])
def test_nothing_is_cut_in_the_final_score(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    state = _mid_game(players, seed=5, plies=5000)
    assert ENGINE.outcome(state) is not None
    cut = spy_cuts(monkeypatch, R)
    render("canterbury", ENGINE.view(state, None))
    assert cut == []


def test_the_neutral_builder_row_tells_each_tokens_next_turn() -> None:
    view = ENGINE.view(_mid_game(2, 3, 60), None)
    forms = R.neutral_notes(view.players)
    long = forms[0]
    assert long.startswith("Next turn: ")
    for p in view.players:
        top = (p.small_stack[:1] or p.medium_stack[:1] or ("",))[0]
        name = top.replace("_", " ").title()
        said = "no build" if p.neutral_build else f"builds a {name}"
        assert f"{p.colour.capitalize()} {said}" in long
    # Every form reads as one sentence about the next turn ("Next: B none, R Fountain"), never
    # "B: none next · R: Fountain next".
    assert all(form.startswith("Next") and " next" not in form for form in forms)
