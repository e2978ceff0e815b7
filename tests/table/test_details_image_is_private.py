"""`/game details`: what the phone-shaped board leaves out, drawn for the caller alone from
their own view (their hidden cards, no one else's); a clear sentence where there is none."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.protocol import Seat
from bot.table.commands import Table

from .conftest import ALICE, BOB, CY
from .helpers import one_refusal, start_game

pytestmark = pytest.mark.asyncio


class DetailsSpy:
    """Stands in for `rendering.render_details_png`: records the views it was given."""

    def __init__(self) -> None:
        self.views: list[Any] = []

    def __call__(self, game_key: str, view: Any, **opts: Any) -> bytes | None:
        self.views.append(view)
        if game_key == "cathedral":
            return None  # its board shows everything
        return b"\x89PNG details"


async def test_details_is_one_private_image_of_the_callers_own_view(table: Table) -> None:
    spy = DetailsSpy()
    table.render_details = spy
    await start_game(table, "architects")
    [mine] = await table.details(ALICE)
    assert mine.ephemeral and mine.image is not None
    assert mine.image.filename == "architects-details.png"
    assert spy.views[-1].viewer == Seat(0)
    # The view drawn holds Alice's hand and not Bob's.
    players = spy.views[-1].players
    assert players[0].hand is not None and players[1].hand is None
    [his] = await table.details(BOB)
    assert his.ephemeral and spy.views[-1].viewer == Seat(1)
    # A spectator gets the public details only.
    [seen] = await table.details(CY)
    assert seen.ephemeral and spy.views[-1].viewer is None
    assert all(p.hand is None for p in spy.views[-1].players)
    # The typed command reaches it too.
    [typed] = await table.run_line(ALICE, "/game details")
    assert typed.ephemeral and typed.image is not None


async def test_details_refuses_where_there_is_nothing_to_show(table: Table) -> None:
    table.render_details = DetailsSpy()
    assert "no game" in one_refusal(await table.details(ALICE)).text.lower()
    await start_game(table, "cathedral")
    assert "already shows everything" in one_refusal(await table.details(ALICE)).text


async def test_real_details_images_draw_for_kingsburg_and_architects(table: Table) -> None:
    """Through the real renderers: a PNG for the games that have details."""
    await start_game(table, "kingsburg")
    [reply] = await table.details(ALICE)
    assert reply.image is not None and reply.image.png.startswith(b"\x89PNG")
