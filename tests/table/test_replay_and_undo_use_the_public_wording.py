"""A move that hides something (an Architects draft keep, a Canaan copper starting card) is
written the same public way everywhere: the undo request and its answers, `/game replay` of the
running game and `/game history` never quote it as typed, to anyone."""

from __future__ import annotations

import pytest

from bot.games.protocol import Seat
from bot.table import registry
from bot.table.commands import Table
from bot.table.replies import Reply

from .conftest import ALICE, BOB, CY
from .helpers import public, start_game

pytestmark = pytest.mark.asyncio


def _by_copper(notation: str) -> bool:
    """A `settlement N` beside a copper hex (its starting card is then chosen, and secret)."""
    from bot.games.canaan import ENGINE

    data = ENGINE.data
    vertex = int(notation.split()[1]) - 1
    return any(data.hexes[h].terrain == "copper" for h in data.vertex_hexes[vertex])


def _all_text(replies: list[Reply]) -> str:
    return "\n".join(
        f"{r.title or ''}\n{r.text}\n{r.fields}\n{[a.label for a in r.actions]}" for r in replies
    )


async def _first_hidden_move(table: Table, key: str, head: str) -> str:
    """Alice plays her first legal move starting with `head`; its notation."""
    legal = [n for n in await table.legal(ALICE) if n.startswith(head)]
    assert legal, await table.legal(ALICE)
    assert public(await table.move(ALICE, legal[0]))
    return legal[0]


@pytest.mark.parametrize(
    ("key", "head", "wording"),
    [
        ("architects", "keep ", "Keep: a card (secret)"),
        ("canaan", "start ", "start "),
    ],
)
async def test_undo_replay_and_history_say_the_move_as_everyone_may_read_it(
    table: Table, key: str, head: str, wording: str
) -> None:
    await start_game(table, key)
    if key == "canaan":  # settlements beside copper, then Alice's copper starting card
        for _ in range(40):
            ctx = await table.state_for(ALICE)
            assert ctx is not None
            who = ALICE if Seat(0) in ctx.to_act else BOB
            legal = await table.legal(who)
            if who is ALICE and any(" copper " in n for n in legal):
                break
            settle = [n for n in legal if n.startswith("settlement ") and _by_copper(n)]
            assert public(await table.move(who, (settle or legal)[0]))
        legal = [n for n in await table.legal(ALICE) if " copper " in n]
        assert legal
        assert public(await table.move(ALICE, legal[0]))
        typed = legal[0]
    else:
        typed = await _first_hidden_move(table, key, head)
    shown = registry.public_move(key, typed)
    assert shown != typed and shown.startswith(wording)
    asked = await table.undo(ALICE)
    text = _all_text(asked)
    assert f"Alice asks to take back `{shown}`" in text and typed not in text
    declined = await table.undo(BOB, "decline")
    assert typed not in _all_text(declined)
    for viewer in (BOB, CY):
        for replies in (
            await table.replay(viewer),
            await table.replay(viewer, move=1),
            await table.history(viewer, 50),
        ):
            assert typed not in _all_text(replies), _all_text(replies)
    assert shown in _all_text(await table.replay(BOB))
