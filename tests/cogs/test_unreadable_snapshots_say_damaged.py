"""Any snapshot that cannot be read - nested 50,000 deep, or of a shape the game's decoder does
not expect - gives the "damaged" sentence (never the generic error), and the game can still be
ended."""

from __future__ import annotations

import json

import pytest

from bot.table.servers import CORRUPT_SENTENCE
from cogs._errors import GENERIC_SENTENCE
from tests.cogs.harness import ALICE, BOB, Harness

pytestmark = pytest.mark.asyncio

DEEP = "[" * 50_000 + "]" * 50_000


def _shapes(real: dict[str, object]) -> list[str]:
    """Unreadable snapshots: deep nesting, deep nesting under a field, every field a list."""
    return [
        DEEP,
        '{"v": 1, "players": ' + DEEP + "}",
        json.dumps({key: [[1, 2], {"x": None}] for key in real}),
        json.dumps({key: None for key in real}),
    ]


async def _write(h: Harness, session_id: int, text: str) -> None:
    await h.bot.store._run(
        lambda conn: conn.execute(
            "UPDATE sessions SET state = ?, version = version + 1 WHERE id = ?",
            (text, session_id),
        ),
        write=True,
    )


@pytest.mark.parametrize("game", ["architects", "canaan", "canterbury", "cathedral", "kingsburg"])
async def test_an_unreadable_snapshot_is_called_damaged(h: Harness, game: str) -> None:
    await h.slash("game new", game=game, user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    (session,) = await h.bot.service.list_open()
    assert session.state_json is not None
    for text in _shapes(json.loads(session.state_json)):
        await _write(h, session.id, text)
        h.bot.service._forget(session)
        h.bot.service._cache.drop(session.id)
        ex = await h.slash("game status", user=ALICE)
        assert CORRUPT_SENTENCE in ex.ephemeral_text, text[:60]
        assert GENERIC_SENTENCE not in ex.text
    ended = await h.slash("game abandon", user=ALICE)
    assert "abandon" in ended.public_text.lower()
