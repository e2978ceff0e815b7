"""The Canaan board image in German: every label said in German (the land, the wall, the players'
rows, the footer with an open offer and three counters), nothing cut at 400 or 1000 px with
four players and long names, the same size as in English, and no piece covering a (longer)
German terrain word."""

from __future__ import annotations

import dataclasses

import pytest

import rendering
import rendering.base
import rendering.canaan as canaan
from bot.games.canaan import ENGINE
from bot.games.canaan import rules as R
from bot.games.canaan.data import hand_words
from bot.games.canaan.view import CanaanView, OfferView
from bot.games.protocol import Seat
from bot.games.text import tx
from bot.i18n import speaking
from tests.rendering.cut_texts import spy_cuts
from tests.rendering.test_canaan_counters_fit import OTHER_THREE, THREE, countered_view
from tests.rendering.test_no_text_is_cut_in_whole_games import LONG_NAMES, _positions, whole_game


def german_countered_view(viewer: Seat | None) -> CanaanView:
    """`countered_view` with the engine's own (translatable) words in it."""
    view = countered_view(viewer)
    counter = tx("counters {give} for {get}", give=hand_words(OTHER_THREE), get=hand_words(THREE))
    offer = OfferView(
        by=R.colour(0),
        give=hand_words(THREE),
        get=hand_words(OTHER_THREE),
        to="",
        answers=tuple((R.colour(i), counter) for i in (1, 2, 3)),
    )
    either = tx(
        "{first} or {second}",
        first=tx("{first} or {second}", first=R.colour(1), second=R.colour(2)),
        second=R.colour(3),
    )
    ready = tx("trade with {players}, or go on", players=either)
    status = tx(
        "{head}. Awaiting {tasks}.",
        head=tx("Turn {turn}, {player}", turn=12, player=R.colour(0)),
        tasks=tx("{players}: {task}", players=R.colour(0), task=ready),
    )
    return dataclasses.replace(view, offer=offer, status=status, last_move="buy")


def _drawn_texts(view: CanaanView, width: int) -> list[str]:
    with rendering.base.record_text() as texts:
        rendering.render("canaan", view, size=width, names=LONG_NAMES)
    return [t.text for t in texts]


@pytest.mark.parametrize("viewer", [None, Seat(0)])
@pytest.mark.parametrize("width", [400, 1000])
def test_three_counters_in_german_are_not_cut(
    viewer: Seat | None, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    cut = spy_cuts(monkeypatch, canaan)
    with speaking("de"):
        image = rendering.render(
            "canaan", german_countered_view(viewer), size=width, names=LONG_NAMES
        )
    english = rendering.render("canaan", countered_view(viewer), size=width, names=LONG_NAMES)
    assert image.size == english.size
    assert cut == [], cut


@pytest.mark.parametrize("seed", (1, 2))
def test_no_text_is_cut_in_a_whole_german_game(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    cut = spy_cuts(monkeypatch, canaan)
    with speaking("de"):
        for i, state in enumerate(_positions(whole_game("canaan", seed))):
            viewer = Seat(i % 4) if i % 2 else None
            rendering.render("canaan", ENGINE.view(state, viewer), names=LONG_NAMES)
            rendering.render("canaan", ENGINE.view(state, viewer), size=400, names=LONG_NAMES)
    assert cut == [], f"seed {seed}: cut {sorted(set(cut))[:5]}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_piece_can_cover_a_german_terrain_word(players: int) -> None:
    with speaking("de"):
        view = ENGINE.view(ENGINE.new_game(players, {}, 1), None)
        assert canaan.label_collisions(view) == []


def test_the_board_speaks_german() -> None:
    """The words on the image are German, and the English ones are gone."""
    with speaking("de"):
        texts = " | ".join(_drawn_texts(german_countered_view(Seat(0)), 1000))
    for german in (
        "Getreide",
        "Angebot:",
        "kontert",
        "Deine Hand:",
        "Zug 12",
        "Stapel",
        "Priester",
    ):
        assert german in texts, (german, texts)
    for english in ("grain", "Offer:", "counters", "Your hand:", "Turn 12", "deck", "Priests"):
        assert english not in texts, (english, texts)


def test_the_land_is_painted_once_per_language() -> None:
    """The cached land layer of one language is never shown in another."""
    view = ENGINE.view(ENGINE.new_game(4, {}, 1), None)
    english = " | ".join(_drawn_texts(view, 1000))
    with speaking("de"):
        german = " | ".join(_drawn_texts(view, 1000))
    again = " | ".join(_drawn_texts(view, 1000))
    assert "grain" in english and "grain" not in german and "Getreide" in german
    assert again == english
