"""A move's preview over the real Cathedral engine: one private reply with the board after the
move, Confirm at the current version and Cancel, and nothing played."""

from __future__ import annotations

import pytest

from bot.games import get_engine
from bot.sessions.service import GameService
from bot.table.commands import Table

from .conftest import ALICE, CHANNEL, FakeRenderer
from .helpers import start_game

pytestmark = pytest.mark.asyncio


async def test_preview_renders_the_placed_piece_and_plays_nothing(
    service: GameService, renderer: FakeRenderer
) -> None:
    """Preview: one ephemeral reply, the image drawn from the state after the move (the new
    piece is the highlighted last placement), Confirm at the current version and Cancel."""
    table = Table(service, renderer, engines=get_engine)
    await start_game(table, "cathedral")
    status = await service.status(CHANNEL)
    version = status.session.version  # type: ignore[union-attr]
    renderer.calls.clear()
    [shown] = await table.preview(ALICE, "cathedral d4 0")
    assert shown.ephemeral and shown.image is not None and shown.cancel
    [confirm] = shown.buttons
    assert confirm.notation == "Cathedral D4 0" and confirm.version == version
    assert confirm.label == "Confirm Cathedral D4 0"
    [(_, view)] = renderer.calls
    assert view.last_piece_id is not None and view.viewer is None
    assert any(p.name == "Cathedral" for p in view.pieces)
    after = await service.status(CHANNEL)
    assert after.session.ply == 0 and after.session.version == version  # type: ignore[union-attr]
    [refused] = await table.preview(ALICE, "Cathedral J10 0")
    assert refused.ephemeral and refused.image is None and not refused.buttons
    [moved] = await table.move(ALICE, "Cathedral J10 0")
    assert moved.text == refused.text  # the very sentence a move would get
