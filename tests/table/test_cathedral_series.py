"""A Cathedral series at the table: the final position of each finished game, history lines
without colours (they swap between games) and a title that counts what it shows, and a result
that names the players with their totals."""

from __future__ import annotations

import pytest

from bot.table.commands import Table
from bot.table.replies import Reply

from .conftest import ALICE, FakeRenderer
from .helpers import play_first_legal, public, start_game

pytestmark = pytest.mark.asyncio


async def test_series_final_position_labels_and_history(
    table: Table, renderer: FakeRenderer
) -> None:
    await start_game(table, "cathedral", options="games=2")
    ended: list[Reply] = []
    for _ in range(80):
        renderer.calls.clear()
        replies = await play_first_legal(table)
        ctx = await table.state_for(ALICE)
        assert ctx is not None and ctx.state is not None
        if ctx.engine.view(ctx.state, None).game_number == 2:
            ended = replies
            break
    assert ended, "game 1 never ended"
    # The final position of game 1 comes first, as its own public reply with an image
    # drawn from the engine's `previous_game` view; then the main reply (game 2's board).
    final, main = public(ended)
    assert final.title == "Game 1: final position"
    assert final.image is not None and final.image.png.startswith(b"\x89PNG")
    assert "Game 1 of 2 is over" in final.text
    drawn = [view for _, view in renderer.calls]
    assert any(getattr(v, "finished", False) and v.game_number == 1 for v in drawn)
    assert main.title != final.title and main.image is not None
    # Past moves carry no colour in a series: colours swap between games and the event
    # text already says which side played.
    move_lines = [line for line in main.text.splitlines() if line.startswith("**")]
    assert all("(light)" not in ln and "(dark)" not in ln for ln in move_lines)
    assert main.title is not None and "(light)" not in main.title and "(dark)" not in main.title
    assert "Your move, " in main.text and "(" in main.text.splitlines()[-1]  # today's colour
    [hist] = await table.history(ALICE, 50)
    lines = [line for line in hist.text.splitlines() if line.startswith("`")]
    assert lines and all("(light)" not in line and "(dark)" not in line for line in lines)
    assert any("Light places" in line for line in lines)
    assert any("Dark places" in line for line in lines)
    # The long lines of game 1 do not all fit in one message: the title counts what is
    # shown, and a note says how many older moves were left out.
    ply = (await table.state_for(ALICE)).session.ply  # type: ignore[union-attr]
    asked = min(ply, 50)
    shown = len(lines)
    assert len(hist.text) <= 1900
    assert shown < asked
    assert hist.title == f"Cathedral: the last {shown} of {asked} moves"
    assert hist.text.splitlines()[0].startswith(f"… {asked - shown} older moves did not fit")
    assert lines[-1].startswith(f"`{ply:>3}.`")  # the newest move is the last line shown


async def test_series_result_names_players_with_their_totals(table: Table) -> None:
    """The end of a series says who won by name with every player's total, not 'the player who
    was light in game 1'."""
    await start_game(table, "cathedral", options="games=2")
    for _ in range(200):
        ctx = await table.state_for(ALICE)
        if ctx is None or ctx.state is None:
            break  # the series is over: no game in progress here any more
        await play_first_legal(table)
    else:
        pytest.fail("the series did not end")
    [status, *_] = await table.status(ALICE)
    result = dict(status.fields)["Result"]
    assert "Series totals over 2 games: Alice " in result and ", Bob " in result
    assert result.endswith("(lower is better).")
    assert "the player who was" not in result
    assert result.split(" ")[0] in ("Alice", "Bob")


async def test_single_game_keeps_colours_in_history(table: Table) -> None:
    await start_game(table, "cathedral")
    await play_first_legal(table)
    [hist] = await table.history(ALICE, 5)
    assert "Alice (light)" in hist.text
    assert hist.title == "Cathedral: 1 move so far"
