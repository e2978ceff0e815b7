"""After a move with a secret event (an Architects building drawn), the mover still privately
gets what only they may see: their own panel with their hand, drawn once per move, beside the
public board, which stays the spectator's view of the whole board."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from bot.games import get_engine
from bot.games.protocol import Seat
from bot.games.rejections import Rejection
from bot.sessions.service import GameService
from bot.table.commands import Table
from bot.table.replies import Caller, Reply
from rendering import render_png
from rendering.architects import height_for, image_size, own_image_size
from tests.table.conftest import ALICE, BOB

pytestmark = pytest.mark.asyncio


async def _started(service: GameService) -> None:
    await service.create_lobby(
        "architects",
        guild_id=1,
        channel_id=ALICE.channel_id,
        host_id=ALICE.user_id,
        host_name=ALICE.display_name,
    )
    await service.join(BOB.channel_id, BOB.user_id, BOB.display_name)
    started = await service.start(ALICE.channel_id, ALICE.user_id)
    assert not isinstance(started, Rejection), started


async def _until_secret_move(
    table: Table, service: GameService, calls: list[Any]
) -> tuple[Caller, Seat, list[Reply], int]:
    """Random legal moves until one gives its mover a private reply: the mover, their seat,
    the move's replies and where its renderer calls start in `calls`."""
    rnd = random.Random(7)
    for _ in range(400):
        status = await service.status(ALICE.channel_id)
        assert not isinstance(status, Rejection), status
        seat = Seat(min(status.to_act))
        user_id = status.session.seats[seat].user_id
        caller = ALICE if user_id == ALICE.user_id else BOB
        legal = service.legal_notations(status.session, status.state, caller.user_id)
        before = len(calls)
        replies = await table.move(caller, rnd.choice(legal))
        if any(r.only_for == caller.user_id for r in replies):
            return caller, seat, replies, before
    raise AssertionError("no move with a secret event in 400 random moves")


async def test_mover_gets_own_panel_with_hand_once(service: GameService) -> None:
    """The private reply's image is the mover's own view (their hand in it), asked of the
    renderer once as `own`; the public board is asked once, for the spectator's view."""
    calls: list[tuple[Any, dict[str, Any]]] = []

    def recording(game_key: str, view: Any, **opts: Any) -> bytes:
        calls.append((view, opts))  # one append: the two images may be drawn at once
        return b"\x89PNG fake"

    table = Table(service, recording, engines=get_engine)
    await _started(service)
    caller, seat, replies, first = await _until_secret_move(table, service, calls)
    made = calls[first:]
    (private,) = [r for r in replies if r.only_for == caller.user_id]
    assert private.ephemeral and private.image is not None
    own = [(view, opts) for view, opts in made if opts.get("own")]
    assert len(own) == 1, "the private image is drawn once per move"
    view, _ = own[0]
    assert view.viewer == seat and view.players[seat].hand is not None
    public = [view for view, opts in made if not opts.get("own")]
    assert [v.viewer for v in public] == [None], "one public board, with no hand in it"
    assert all(p.hand is None for p in public[0].players)


async def test_private_image_is_the_panel_and_public_the_board(service: GameService) -> None:
    """With the real renderer: the private PNG is the panel's size, the public PNG the board's
    (unchanged: the board for this player count)."""
    calls: list[Any] = []

    def counted(game_key: str, view: Any, **opts: Any) -> bytes:
        calls.append(view)
        return render_png(game_key, view, **opts)

    table = Table(service, counted, engines=get_engine)
    await _started(service)
    caller, _, replies, first = await _until_secret_move(table, service, calls)
    assert len(calls) - first == 2, "one public board and one private panel, nothing more"
    (private,) = [r for r in replies if r.only_for == caller.user_id]
    public = [r for r in replies if r.only_for is None and not r.ephemeral]
    assert private.image is not None and public[0].image is not None
    assert Image.open(io.BytesIO(private.image.png)).size == own_image_size()
    board = Image.open(io.BytesIO(public[0].image.png)).size
    assert board == image_size(2) and board[1] == height_for(2)
