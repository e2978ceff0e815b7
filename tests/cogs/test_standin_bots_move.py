"""A stand-in bot (granted with `/game standin` for an away player) plays like a bot seat: it
replies at once to the move before its turn, and a failed reply is healed by `/game status`,
instead of the game waiting for the away player (pinged in vain) for ever."""

from __future__ import annotations

from typing import Any

import pytest

from bot.sessions.service import GameService
from bot.table.format import BOTS_FAILED
from tests.cogs.harness import ALICE, BOB, Harness
from tests.cogs.test_async_play import _button, _legal

pytestmark = pytest.mark.asyncio


async def _bob_away_with_a_standin(h: Harness) -> None:
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    away = await h.slash("game away", until="5", user=BOB)
    granted = await h.click(_button(away, "Let a bot play for Bob"), user=ALICE)
    assert "a bot plays for Bob" in granted.public_text


async def test_the_standin_replies_to_the_move_before_its_turn(h: Harness) -> None:
    await _bob_away_with_a_standin(h)
    ex = await h.slash("cathedral move", notation=(await _legal(h, ALICE.id))[0], user=ALICE)
    (session,) = await h.bot.service.list_open()
    assert session.ply == 2
    assert "Your move, Alice" in ex.public_text


async def test_a_failed_standin_reply_is_healed_by_status(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _bob_away_with_a_standin(h)

    async def broken(self: GameService, session_id: int) -> Any:
        raise RuntimeError("the bots crashed")

    monkeypatch.setattr(GameService, "run_bots", broken)
    ex = await h.slash("cathedral move", notation=(await _legal(h, ALICE.id))[0], user=ALICE)
    assert BOTS_FAILED in ex.text
    monkeypatch.undo()
    await h.slash("game status", user=ALICE)
    (session,) = await h.bot.service.list_open()
    assert session.ply == 2
