"""A control's custom_id names its game; clicked in another channel (an id copied from a post, or
forged), it is refused there with a sentence and nothing is played or posted."""

from __future__ import annotations

import pytest

from bot.games.rejections import Rejection
from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, C1, C2, Harness

pytestmark = pytest.mark.asyncio


async def _ply(h: Harness) -> int:
    status = await h.bot.service.status(C1.id)
    assert not isinstance(status, Rejection)
    return status.session.ply


async def test_a_move_button_clicked_in_another_channel_is_refused(start_bot: StartBot) -> None:
    h = await start_bot(seed=11)
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    (post,) = (await h.slash("game start", user=ALICE)).public
    mine = [cid for label, cid in post.buttons if label.startswith("Alice")]
    assert mine
    before = await _ply(h)
    for custom_id in (mine[0], mine[0].replace("gh:t:", "gh:u:")):
        ex = await h.click(custom_id, user=ALICE, channel=C2)
        assert not ex.public
        assert "belongs to a game in another channel" in ex.ephemeral_text
    # The same id clicked where the game is still works.
    assert (await h.click(mine[0], user=ALICE, channel=C1)).public
    assert await _ply(h) == before + 1


async def test_an_action_button_clicked_in_another_channel_is_refused(
    start_bot: StartBot,
) -> None:
    h = await start_bot(seed=11)
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    status = await h.bot.service.status(C1.id)
    assert not isinstance(status, Rejection)
    session_id = status.session.id
    for custom_id in (f"gh:a:replay:{session_id}:0", f"gh:a:leave:{session_id}:0"):
        ex = await h.click(custom_id, user=ALICE, channel=C2)
        assert not ex.public
        assert "belongs to a game in another channel" in ex.ephemeral_text, custom_id
    assert await _ply(h) == status.session.ply
    replay = await h.click(f"gh:a:replay:{session_id}:0", user=ALICE, channel=C1)
    assert "Replay of" in replay.text
