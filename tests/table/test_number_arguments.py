"""Numbers typed as command arguments (history length, seat to kick): too big, zero, out of
range or not plain digits, each gets a sentence instead of a crash."""

from __future__ import annotations

import pytest

from bot.table.commands import Table
from bot.table.textcommands import Command, CommandKind

from .conftest import ALICE
from .helpers import one_refusal, start_game

pytestmark = pytest.mark.asyncio

HUGE = "9" * 5000


async def test_huge_history_number_is_a_sentence_not_a_crash(table: Table) -> None:
    await start_game(table, "race")
    for line in (f"/game history {HUGE}", "/game history 0", "/game history 51", "/history ²"):
        refusal = one_refusal(await table.run_line(ALICE, line))
        assert "takes a number from 1 to 50" in refusal.text, line
    # A Command built elsewhere (not by the parser) is checked again before int().
    refusal = one_refusal(await table.execute(ALICE, Command(CommandKind.HISTORY, (HUGE,))))
    assert "takes a number from 1 to 50" in refusal.text
    refusal = one_refusal(await table.execute(ALICE, Command(CommandKind.KICK, (HUGE,))))
    assert "seat to remove by its number" in refusal.text
    refusal = one_refusal(await table.run_line(ALICE, f"/game kick {HUGE}"))
    assert "seat to remove by its number" in refusal.text
