"""Steps shared by table tests over real engines: open and start a game, play whoever must act's
first legal move, and pick the public replies or the one private refusal out of a reply list."""

from __future__ import annotations

from bot.games.protocol import Seat
from bot.table.commands import Table
from bot.table.replies import Reply

from .conftest import ALICE, BOB


def public(replies: list[Reply]) -> list[Reply]:
    """The replies everyone in the channel sees."""
    return [r for r in replies if not r.ephemeral and r.only_for is None]


def one_refusal(replies: list[Reply]) -> Reply:
    """The single private reply a refused command gets."""
    assert len(replies) == 1 and replies[0].ephemeral, replies
    return replies[0]


async def start_game(table: Table, key: str, *bots: str, options: str = "") -> None:
    """Alice opens `key` with `options`, Bob joins, the named bots are added, Alice starts."""
    assert public(await table.new(ALICE, key, options))
    assert public(await table.join(BOB))
    for bot in bots:
        assert public(await table.add_bot(ALICE, bot))
    assert public(await table.start(ALICE))


async def play_first_legal(table: Table) -> list[Reply]:
    """Play the first legal move of whoever must act (Alice or Bob)."""
    ctx = await table.state_for(ALICE)
    assert ctx is not None and ctx.to_act
    who = ALICE if Seat(0) in ctx.to_act else BOB
    legal = await table.legal(who)
    assert legal
    return await table.move(who, legal[0])
