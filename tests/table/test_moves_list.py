"""`/game moves` and autocomplete: a capped list that says how many moves it left out, a sentence
when nothing matches or nothing is to be played, and squares in natural order (A2 before A10)."""

from __future__ import annotations

import pytest

from bot.table.commands import Table
from bot.table.textcommands import natural_sorted

from .conftest import ALICE, BOB
from .helpers import play_first_legal, start_game

pytestmark = pytest.mark.asyncio


async def test_moves_list_counts_the_rest_and_says_when_nothing_matches(
    table: Table,
) -> None:
    await start_game(table, "cathedral")
    legal = await table.legal(ALICE)
    assert len(legal) > 25
    [listed] = await table.run_line(ALICE, "/game moves")
    lines = listed.text.splitlines()
    assert len(lines) == 26
    assert lines[-1].startswith(f"…and {len(legal) - 25} more")
    [none] = await table.run_line(ALICE, "/game moves Castle")
    assert none.text == "No legal move matches 'Castle'."
    [bob] = await table.run_line(BOB, "/game moves")
    assert bob.text == "You have no move to make right now."


async def test_choices_put_a2_before_a10(table: Table) -> None:
    await start_game(table, "cathedral")
    await play_first_legal(table)  # the Cathedral; Bob then has small buildings
    found = await table.choices(BOB, "Tavern", limit=1000)
    squares = list(dict.fromkeys(c.split()[1] for c in found))
    assert squares == natural_sorted(squares)
    assert sorted(squares) != squares  # plain text order would put A10 before A2
    words = await table.word_choices(BOB, ["Tavern"], "")
    assert words == natural_sorted(words)
