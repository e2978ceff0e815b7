"""A preview never shows what the player could not know before the move: a move whose
`Transition.reveals` is set previews only the board as it is now, with none of its events."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.games.protocol import Event, Transition
from bot.sessions.service import GameService
from bot.storage.memory import MemoryStore
from bot.table.commands import Table
from bot.table.replies import Caller

pytestmark = pytest.mark.asyncio

ANN = Caller(1, 10, 100, "Ann")
BOB = Caller(1, 10, 200, "Bob")


async def _table() -> tuple[Table, list[Any]]:
    drawn: list[Any] = []

    def render(game_key: str, view: Any, **opts: Any) -> bytes:
        drawn.append(view)
        return b"png"

    table = Table(GameService(MemoryStore()), render_png=render)
    await table.new(ANN, "cathedral")
    await table.join(BOB)
    await table.start(ANN)
    return table, drawn


@pytest.mark.parametrize("reveals", [False, True])
async def test_a_revealing_move_previews_nothing_unknown(
    monkeypatch: pytest.MonkeyPatch, reveals: bool
) -> None:
    """The same move, once marked as revealing: no secret event text, and the board drawn is
    today's, not the one after the move."""
    table, drawn = await _table()
    mover = ANN if await table.legal(ANN) else BOB
    notation = (await table.legal(mover))[0]
    original = GameService._step

    def step(self: GameService, *args: Any) -> Any:
        result = original(self, *args)
        assert isinstance(result, Transition)
        secret = Event("draw", "You drew the Dragon card.")
        return replace(result, events=(*result.events, secret), reveals=reveals)

    monkeypatch.setattr(GameService, "_step", step)
    status = await table.service.status(10)
    before = table.service.engine_for(status.session).view(status.state, None)
    drawn.clear()
    (reply,) = await table.preview(mover, notation)
    assert reply.ephemeral and reply.buttons
    if reveals:
        assert "Dragon" not in reply.text
        assert "cannot be shown" in reply.text
        assert drawn == [before]
    else:
        assert "Dragon" in reply.text
        assert drawn and drawn[0] != before
