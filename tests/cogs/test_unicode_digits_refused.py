"""Digits that `str.isdigit()` accepts but `int()` refuses (superscripts "²", circled "①") get
the game's sentence, not "something went wrong": Canaan's intersections and card counts,
Architects' payments."""

from __future__ import annotations

import pytest

from cogs._replies import Caller
from tests.cogs.harness import ALICE, BOB, C1, Harness

pytestmark = pytest.mark.asyncio


async def _to_act(h: Harness, game: str):  # noqa: ANN202
    await h.slash("game new", game=game, user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    for user in (ALICE, BOB):
        if await h.bot.table.legal(Caller(None, C1.id, user.id, user.name)):
            return user
    raise AssertionError("nobody may act")


@pytest.mark.parametrize(
    ("game", "notation", "sentence"),
    [
        ("canaan", "settlement ²", "not an intersection"),
        ("canaan", "settlement ①", "not an intersection"),
        ("canaan", "offer ² grain for 1 ore", "not a resource"),
        ("architects", "pay ² stone", "Write a payment"),
    ],
)
async def test_unicode_digits_get_the_games_sentence(
    h: Harness, game: str, notation: str, sentence: str
) -> None:
    user = await _to_act(h, game)
    ex = await h.slash(f"{game} act", notation=notation, user=user)
    assert sentence in ex.ephemeral_text
    assert "went wrong" not in ex.text
