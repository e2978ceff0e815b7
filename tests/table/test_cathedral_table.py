"""The table over the real Cathedral engine and renderer: the whole path a Discord move takes."""

from __future__ import annotations

import pytest

from bot.games import get_engine
from bot.sessions.service import GameService
from bot.table.commands import Table

from .conftest import ALICE, BOB

pytestmark = pytest.mark.asyncio


async def test_cathedral_move_renders_a_real_board(service: GameService) -> None:
    """A legal move returns a public PNG of the board and pings the opponent; autocomplete works."""
    from rendering import render_png

    table = Table(service, render_png, engines=get_engine)
    await table.new(ALICE, "cathedral")
    await table.join(BOB)
    [begun] = await table.start(ALICE)
    assert begun.image is not None and begun.image.png.startswith(b"\x89PNG")
    mover = BOB if begun.mentions == (BOB.user_id,) else ALICE  # the host is never pinged
    legal = await table.legal(mover)
    assert len(legal) > 25
    choices = await table.choices(mover, "cathedral b")
    assert 0 < len(choices) <= 25
    assert all(c.lower().startswith("cathedral b") for c in choices)
    words = await table.word_choices(mover, ["Cathedral"], "")
    assert words and all(len(w) <= 3 for w in words)  # squares such as B1, E10
    replies = await table.move(mover, choices[0])
    [pub] = replies
    assert pub.image is not None and pub.image.png.startswith(b"\x89PNG")
    assert len(pub.image.png) < 300 * 1024
    other = BOB if mover is ALICE else ALICE
    assert pub.mentions == (other.user_id,)
    assert pub.title is not None and choices[0] in pub.title
    assert choices[0] not in pub.text  # the title names the move; the text does not repeat it


async def test_cathedral_refused_placement_explains(service: GameService) -> None:
    """An occupied square is refused with the engine's sentence, ephemerally."""
    table = Table(service, lambda key, view, **_: b"\x89PNG", engines=get_engine)
    await table.new(ALICE, "cathedral")
    await table.join(BOB)
    [begun] = await table.start(ALICE)
    mover = BOB if begun.mentions == (BOB.user_id,) else ALICE  # the host is never pinged
    [refused] = await table.move(mover, "Castle Z99 45")
    assert refused.ephemeral
    assert "Z99" in refused.text or "45" in refused.text
