"""`/game status` while an undo waits (its Accept/Decline buttons, not the moves) and the status
image named as its title reads."""

from __future__ import annotations

import pytest

from bot.table.commands import Table
from bot.table.replies import Reply

from .conftest import ALICE, BOB

pytestmark = pytest.mark.asyncio


def public(replies: list[Reply]) -> Reply:
    (reply,) = [r for r in replies if not r.ephemeral and r.only_for is None]
    return reply


async def _cathedral(table: Table) -> None:
    await table.new(ALICE, "cathedral", "")
    await table.join(BOB)
    await table.start(ALICE)
    assert public(await table.move(ALICE, "Cathedral C1 0")).title
    assert public(await table.move(BOB, "Tavern J10 0")).title


async def test_status_image_is_named_for_the_move_its_title_names(table: Table) -> None:
    """Two moves played: the title says so and the image is `cathedral-move-2.png`; after an
    undo (the log keeps the undone move) both say 1."""
    await _cathedral(table)
    status = public(await table.status(ALICE))
    assert status.title == "Cathedral: 2 moves played"
    assert status.image is not None and status.image.filename == "cathedral-move-2.png"
    await table.undo(BOB)
    await table.undo(ALICE, "accept")
    status = public(await table.status(ALICE))
    assert status.title == "Cathedral: 1 move played"
    assert status.image is not None and status.image.filename == "cathedral-move-1.png"


async def test_status_during_an_undo_shows_its_answer_buttons_not_the_moves(
    table: Table,
) -> None:
    """Bob asks to undo: `/game status` carries Accept/Decline for Alice (who must answer) and
    no move buttons or menu; clicking Accept takes the move back. Once answered, the moves
    come back to the status."""
    await _cathedral(table)
    await table.undo(BOB)
    status = public(await table.status(BOB))
    assert [a.label for a in status.actions] == ["Accept (Alice)", "Decline (Alice)"]
    assert not status.buttons and status.menu is None and not status.menus
    accept = status.actions[0]
    taken = public(await table.on_action(ALICE, accept.action, accept.args))
    assert taken.title == "Undo: Bob takes back a move"
    after = public(await table.status(BOB))
    assert not after.actions
