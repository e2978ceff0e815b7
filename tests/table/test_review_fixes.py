"""Review fixes in the table: huge typed numbers, history that says what it shows, series
labels and the final position of a finished game, Kingsburg's peek in words, the moves list
(…and N more, no match, natural order) and clearer sentences."""

from __future__ import annotations

import dataclasses

import pytest

from bot.games import get_engine
from bot.games.protocol import Seat, canonical_json
from bot.games.rejections import Rejection
from bot.sessions.service import GameService
from bot.storage.records import SessionPatch
from bot.table.commands import Table
from bot.table.replies import Reply
from bot.table.textcommands import Command, CommandKind, natural_sorted, small_int

from .conftest import ALICE, BOB, CHANNEL, FakeRenderer

pytestmark = pytest.mark.asyncio

HUGE = "9" * 5000


def public(replies: list[Reply]) -> list[Reply]:
    return [r for r in replies if not r.ephemeral and r.only_for is None]


def one_refusal(replies: list[Reply]) -> Reply:
    assert len(replies) == 1 and replies[0].ephemeral, replies
    return replies[0]


async def _game(table: Table, key: str, options: str = "") -> None:
    assert public(await table.new(ALICE, key, options))
    assert public(await table.join(BOB))
    assert public(await table.start(ALICE))


async def _first_legal(table: Table) -> list[Reply]:
    """Play the first legal move of whoever must act (Alice or Bob)."""
    ctx = await table.state_for(ALICE)
    assert ctx is not None and ctx.to_act
    who = ALICE if Seat(0) in ctx.to_act else BOB
    legal = await table.legal(who)
    assert legal
    return await table.move(who, legal[0])


# ------------------------------------------------------------------ 1. numbers


async def test_small_int_never_raises() -> None:
    assert small_int("12") == 12
    assert small_int(HUGE) is None  # int() would raise: "Exceeds the limit (4300 digits)"
    assert small_int("²") is None  # isdigit() is True, int() raises
    assert small_int("0", lowest=1) is None
    assert small_int("-3") is None


async def test_huge_history_number_is_a_sentence_not_a_crash(table: Table) -> None:
    await _game(table, "race")
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


# ------------------------------------------------------------------ 2, 3, 6. Cathedral series


@pytest.fixture
def cathedral_table(service: GameService, renderer: FakeRenderer) -> Table:
    return Table(service, renderer, engines=get_engine)


async def test_series_final_position_labels_and_history(
    cathedral_table: Table, renderer: FakeRenderer
) -> None:
    table = cathedral_table
    await _game(table, "cathedral", "games=2")
    ended: list[Reply] = []
    for _ in range(80):
        renderer.calls.clear()
        replies = await _first_legal(table)
        ctx = await table.state_for(ALICE)
        assert ctx is not None and ctx.state is not None
        if ctx.engine.view(ctx.state, None).game_number == 2:
            ended = replies
            break
    assert ended, "game 1 never ended"
    # 3. The final position of game 1 comes first, as its own public reply with an image
    #    drawn from the engine's `previous_game` view; then the main reply (game 2's board).
    final, main = public(ended)
    assert final.title == "Game 1: final position"
    assert final.image is not None and final.image.png.startswith(b"\x89PNG")
    assert "Game 1 of 2 is over" in final.text
    drawn = [view for _, view in renderer.calls]
    assert any(getattr(v, "finished", False) and v.game_number == 1 for v in drawn)
    assert main.title != final.title and main.image is not None
    # 2. Past moves carry no colour in a series: colours swap between games and the event
    #    text already says which side played.
    move_lines = [line for line in main.text.splitlines() if line.startswith("**")]
    assert all("(light)" not in ln and "(dark)" not in ln for ln in move_lines)
    assert main.title is not None and "(light)" not in main.title and "(dark)" not in main.title
    assert "Your move, " in main.text and "(" in main.text.splitlines()[-1]  # today's colour
    [hist] = await table.history(ALICE, 50)
    lines = [line for line in hist.text.splitlines() if line.startswith("`")]
    assert lines and all("(light)" not in line and "(dark)" not in line for line in lines)
    assert any("Light places" in line for line in lines)
    assert any("Dark places" in line for line in lines)
    # 6. The long lines of game 1 do not all fit in one message: the title counts what is
    #    shown, and a note says how many older moves were left out.
    ply = (await table.state_for(ALICE)).session.ply  # type: ignore[union-attr]
    asked = min(ply, 50)
    shown = len(lines)
    assert len(hist.text) <= 1900
    assert shown < asked
    assert hist.title == f"Cathedral: the last {shown} of {asked} moves"
    assert hist.text.splitlines()[0].startswith(f"… {asked - shown} older moves did not fit")
    assert lines[-1].startswith(f"`{ply:>3}.`")  # the newest move is the last line shown


async def test_series_result_names_players_with_their_totals(cathedral_table: Table) -> None:
    """The end of a series says who won by name with every player's total, not 'the player who
    was light in game 1'."""
    table = cathedral_table
    await _game(table, "cathedral", "games=2")
    for _ in range(200):
        ctx = await table.state_for(ALICE)
        if ctx is None or ctx.state is None:
            break  # the series is over: no game in progress here any more
        await _first_legal(table)
    else:
        pytest.fail("the series did not end")
    [status, *_] = await table.status(ALICE)
    result = dict(status.fields)["Result"]
    assert "Series totals over 2 games: Alice " in result and ", Bob " in result
    assert result.endswith("(lower is better).")
    assert "the player who was" not in result
    assert result.split(" ")[0] in ("Alice", "Bob")


async def test_single_game_keeps_colours_in_history(cathedral_table: Table) -> None:
    await _game(cathedral_table, "cathedral")
    await _first_legal(cathedral_table)
    [hist] = await cathedral_table.history(ALICE, 5)
    assert "Alice (light)" in hist.text
    assert hist.title == "Cathedral: 1 move so far"


# ------------------------------------------------------------------ 4. Kingsburg peek


async def test_peek_without_a_look_says_so(cathedral_table: Table) -> None:
    await _game(cathedral_table, "kingsburg")
    [reply] = await cathedral_table.peek(ALICE)
    assert reply.ephemeral
    assert reply.text == (
        "You have not looked at the next enemy this year (the General and the Queen let you)."
    )
    # The text command reaches the same answer.
    [typed] = await cathedral_table.run_line(ALICE, "/kingsburg peek")
    assert typed.text == reply.text


async def test_peek_repeats_the_enemy_in_words(
    cathedral_table: Table, service: GameService
) -> None:
    await _game(cathedral_table, "kingsburg")
    status = await service.status(CHANNEL)
    assert not isinstance(status, Rejection)
    engine = service.engine_for(status.session)
    looked = dataclasses.replace(status.state, peeked=frozenset({0}))
    await service.store.update(
        status.session.id,
        status.session.version,
        SessionPatch(state_json=canonical_json(engine.state_to_dict(looked))),
        service.now(),
    )
    card = engine.view(looked, Seat(0)).peeked_enemy
    assert card is not None
    [mine] = await cathedral_table.peek(ALICE)
    assert mine.ephemeral and mine.image is not None
    assert f"{card.enemy}, strength {card.strength}" in mine.text
    assert card.reward in mine.text and card.penalty in mine.text
    # Bob did not look: his answer has no card in it.
    [his] = await cathedral_table.peek(BOB)
    assert card.enemy not in his.text and "have not looked" in his.text
    # /game status's private reply says the same in words.
    private = [r for r in await cathedral_table.status(ALICE) if r.ephemeral]
    assert len(private) == 1 and f"strength {card.strength}" in private[0].text


async def test_peek_refuses_spectators_and_games_without_secrets(
    cathedral_table: Table,
) -> None:
    from .conftest import CY

    await _game(cathedral_table, "cathedral")
    assert "no hidden information" in one_refusal(await cathedral_table.peek(ALICE)).text
    assert "not playing in this game" in one_refusal(await cathedral_table.peek(CY)).text


# ------------------------------------------------------------------ 5. moves list


async def test_natural_order() -> None:
    assert natural_sorted(["Inn A10 0", "Inn A2 0", "Inn A1 90"]) == [
        "Inn A1 90",
        "Inn A2 0",
        "Inn A10 0",
    ]


async def test_moves_list_counts_the_rest_and_says_when_nothing_matches(
    cathedral_table: Table,
) -> None:
    await _game(cathedral_table, "cathedral")
    legal = await cathedral_table.legal(ALICE)
    assert len(legal) > 25
    [listed] = await cathedral_table.run_line(ALICE, "/game moves")
    lines = listed.text.splitlines()
    assert len(lines) == 26
    assert lines[-1].startswith(f"…and {len(legal) - 25} more")
    [none] = await cathedral_table.run_line(ALICE, "/game moves Castle")
    assert none.text == "No legal move matches 'Castle'."
    [bob] = await cathedral_table.run_line(BOB, "/game moves")
    assert bob.text == "You have no move to make right now."


async def test_choices_put_a2_before_a10(cathedral_table: Table) -> None:
    await _game(cathedral_table, "cathedral")
    await _first_legal(cathedral_table)  # the Cathedral; Bob then has small buildings
    found = await cathedral_table.choices(BOB, "Tavern", limit=1000)
    squares = list(dict.fromkeys(c.split()[1] for c in found))
    assert squares == natural_sorted(squares)
    assert sorted(squares) != squares  # plain text order would put A10 before A2
    words = await cathedral_table.word_choices(BOB, ["Tavern"], "")
    assert words == natural_sorted(words)


# ------------------------------------------------------------------ 7. wording


async def test_move_after_the_end_names_the_result(cathedral_table: Table) -> None:
    await _game(cathedral_table, "cathedral")
    for _ in range(80):
        await _first_legal(cathedral_table)
        if await cathedral_table.state_for(ALICE) is None:
            break
    [board] = public(await cathedral_table.status(ALICE))
    assert "final position after" in (board.title or "")
    refusal = one_refusal(await cathedral_table.move(ALICE, "Castle B3 90"))
    assert refusal.text.startswith("The Cathedral game here is over (result: ")
    assert "win" in refusal.text
    assert refusal.text.endswith("Start a new one with /game new.")


async def test_abandoned_after_one_move_is_singular(table: Table) -> None:
    await _game(table, "race")
    await table.move(ALICE, "play")
    await table.abandon(ALICE)
    [board] = public(await table.status(ALICE))
    assert board.title == "Race: abandoned after 1 move"
