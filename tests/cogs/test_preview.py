"""`/cathedral place` previews: a private image with Confirm / Cancel, through the real tree."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.rejections import Rejection
from bot.sessions.service import STALE_MESSAGE
from bot.table.replies import Caller
from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, C1, Harness

pytestmark = pytest.mark.asyncio


async def _started(h: Harness) -> None:
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)


async def _ply(h: Harness) -> int:
    status = await h.bot.service.status(C1.id)
    assert not isinstance(status, Rejection)
    return status.session.ply


async def _preview(h: Harness, square: str = "D4") -> tuple[str, str, bytes]:
    """Preview the Cathedral on `square`; returns (confirm id, cancel id, png)."""
    ex = await h.slash("cathedral place", piece="Cathedral", square=square, rotation=0)
    assert not ex.public, ex.public_text
    (shown,) = ex.ephemeral
    assert f"Cathedral {square} 0" in shown.text and "Confirm" in shown.text
    buttons = dict(shown.buttons)
    assert list(buttons) == [f"Confirm Cathedral {square} 0", "Cancel"]
    (png,) = [data for _, data in shown.files]
    return buttons[f"Confirm Cathedral {square} 0"], buttons["Cancel"], png


async def test_place_shows_a_private_preview_and_plays_nothing(h: Harness) -> None:
    """The preview is ephemeral, carries an image of the board with the piece placed, no ping."""
    await _started(h)
    before = await h.bot.table.status(Caller(None, C1.id, BOB.id, "bob"))
    _, _, png = await _preview(h)
    assert await _ply(h) == 0
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width >= 480
    board_now = before[0].image
    assert board_now is not None and board_now.png != png  # the preview shows the new piece


async def test_confirm_plays_the_previewed_move(h: Harness) -> None:
    """Confirm submits the previewed move: the board is posted, Bob is pinged, buttons go."""
    await _started(h)
    confirm, _, _ = await _preview(h)
    ex = await h.click(confirm, user=ALICE)
    (board,) = ex.public
    assert "Cathedral D4 0" in board.text and board.pinged_ids == [BOB.id]
    assert [e.payload.get("components") for e in ex.edits] == [[]]
    assert await _ply(h) == 1


async def test_confirm_after_the_game_moved_on_is_stale(h: Harness) -> None:
    """A preview made before another move: Confirm gets the service's STALE sentence."""
    await _started(h)
    confirm, _, _ = await _preview(h, "D4")
    await h.slash("cathedral place", piece="Cathedral", square="E5", rotation=0, confirm=False)
    ex = await h.click(confirm, user=ALICE)
    assert not ex.public
    assert ex.ephemeral_text == STALE_MESSAGE
    assert await _ply(h) == 1


async def test_confirm_still_works_after_a_restart(start_bot: StartBot) -> None:
    """The Confirm button is a dynamic item: a new bot on the same database accepts it."""
    first = await start_bot()
    await _started(first)
    confirm, _, _ = await _preview(first)
    await first.close()
    second = await start_bot()
    ex = await second.click(confirm, user=ALICE)
    assert "Cathedral D4 0" in ex.public_text
    assert await _ply(second) == 1


async def test_cancel_closes_the_preview(h: Harness) -> None:
    """Cancel edits the private preview into a short note without image or buttons."""
    await _started(h)
    _, cancel, _ = await _preview(h)
    ex = await h.click(cancel, user=ALICE)
    assert ex.response_types == [7]
    (update,) = [s for s in ex.sent if s.kind == "response"]
    assert "Cancelled" in update.content
    assert update.payload.get("components") == [] and update.payload.get("embeds") == []
    assert update.payload.get("attachments") == []
    assert not [s for s in ex.sent if s.kind in ("followup", "channel_message")]
    assert await _ply(h) == 0


async def test_an_illegal_placement_is_refused_at_once_without_preview(h: Harness) -> None:
    """No preview for a placement the engine refuses: its sentence, no image, no buttons."""
    await _started(h)
    ex = await h.slash("cathedral place", piece="Cathedral", square="J10", rotation=0)
    assert not ex.public and not ex.files and not ex.buttons
    assert "J10" in ex.ephemeral_text
    ex = await h.slash("cathedral place", piece="Cathedral", square="D4", rotation=0, user=BOB)
    assert not ex.files and "not your turn" in ex.ephemeral_text.lower()
    assert await _ply(h) == 0


async def test_confirm_false_plays_at_once(h: Harness) -> None:
    """Experienced players skip the preview with confirm:False."""
    await _started(h)
    ex = await h.slash("cathedral place", piece="Cathedral", square="D4", rotation=0, confirm=False)
    assert "Cathedral D4 0" in ex.public_text and await _ply(h) == 1


async def test_move_with_notation_plays_directly(h: Harness) -> None:
    """/cathedral move keeps submitting directly."""
    await _started(h)
    ex = await h.slash("cathedral move", notation="Cathedral D4 0")
    assert "Cathedral D4 0" in ex.public_text and await _ply(h) == 1
