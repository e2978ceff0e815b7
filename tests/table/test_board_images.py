"""What the table draws and for whom: every image names the seats (players and bots), and private
replies carry an image of their owner's own view."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.protocol import Seat
from bot.table.commands import Table

from .conftest import ALICE, FakeRenderer
from .helpers import public, start_game

pytestmark = pytest.mark.asyncio


async def test_images_name_the_players_and_bots(table: Table, renderer: FakeRenderer) -> None:
    """Every image is drawn with names by seat: humans' display names, bots as 'Random bot'."""
    await start_game(table, "race", "random")
    assert renderer.options
    assert renderer.options[-1]["names"] == {
        Seat(0): "Alice",
        Seat(1): "Bob",
        Seat(2): "Random bot",
    }
    renderer.options.clear()
    await table.status(ALICE)  # public board and Alice's private view
    assert len(renderer.options) == 2
    assert all(o["names"][Seat(0)] == "Alice" for o in renderer.options)


async def test_private_replies_carry_the_owners_view(table: Table, renderer: FakeRenderer) -> None:
    """A hidden event (Race: a new card after `play`) goes only to its owner, with their view."""
    await start_game(table, "race")
    renderer.calls.clear()
    replies = await table.move(ALICE, "play")
    private = [r for r in replies if r.only_for is not None]
    assert private and all(r.only_for == ALICE.user_id for r in private)
    assert private[0].image is not None
    views: list[Any] = [v for _, v in renderer.calls]
    assert any(v.my_card is not None for v in views)  # drawn from Alice's own view
    pub = public(replies)[0]
    assert all(r.text not in pub.text for r in private)
