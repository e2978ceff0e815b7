"""The terminal table's numbered choices (buttons, menus, a preview's Cancel), `/game moves`
for whoever must act, and Cathedral's capture choice typed as notation."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.cli import local
from bot.games.protocol import canonical_json
from bot.games.rejections import Rejection
from bot.sessions.service import GameService
from bot.storage.records import SessionPatch
from bot.storage.sqlite import SqliteStore
from bot.table.commands import Table
from bot.table.replies import Caller
from tests.cli.localrun import fake_png, run_lines
from tests.games.cathedral.builders import piece_names_on_board, position

CHANNEL = local.LOCAL_CHANNEL
ALICE = Caller(None, CHANNEL, 1, "alice")
BOB = Caller(None, CHANNEL, 2, "bob")


def test_buttons_and_menus_are_numbered_and_typing_a_number_clicks(tmp_path: Path) -> None:
    """Kingsburg, seed 1: after a's aid, b gets three buttons; `3` plays `aid wood` for b (who
    must act); then b's influence choices come as a numbered menu and `8` passes."""
    text = run_lines(tmp_path, "kingsburg", "a,b", ["a: aid gold", "3", "moves", "8"])
    assert "  buttons: 1) aid gold | 2) aid stone | 3) aid wood" in text
    assert "(type a number to choose)" in text
    assert "== b played Aid from the King (1 wood) ==" in text
    assert "  b, choose your move:" in text and "    8) pass" in text
    assert "== Legal moves of b ==" in text  # a bare `moves`: the player who must act
    assert "== b played Pass ==" in text


def test_a_number_without_choices_and_out_of_range_are_sentences(tmp_path: Path) -> None:
    """`5` with nothing offered, `9` with three offered: sentences, nothing played."""
    text = run_lines(tmp_path, "kingsburg", "a,b", ["a: aid gold", "9", "1"])
    assert "[only you] There is no choice 9 (choices: 1-5)." in text  # 3 aids, My board, Details
    assert "== b played Aid from the King (1 gold) ==" in text  # the offer survived the mistake


def test_bare_moves_lists_every_awaited_player(tmp_path: Path) -> None:
    """Both players choose their aid at once: a bare `/game moves` shows each one's moves."""
    text = run_lines(tmp_path, "kingsburg", "a,b", ["/game moves", "b: /game moves"])
    assert text.count("== Legal moves of a ==") == 1
    assert text.count("== Legal moves of b ==") == 2


def test_bare_moves_follows_the_turn(tmp_path: Path) -> None:
    """Cathedral: bare `/game moves` lists alice's moves, then bob's after alice played."""
    text = run_lines(tmp_path, "cathedral", "alice,bob", ["/game moves", "Cathedral D4 0", "moves"])
    first, _, rest = text.partition("== alice played Cathedral D4 0 ==")
    assert "== Legal moves of alice ==" in first and "`Cathedral" in first
    assert "== Legal moves of bob ==" in rest and "`Cathedral" not in rest.split("bob ==")[-1]


@pytest_asyncio.fixture
async def table_here(tmp_path: Path) -> AsyncIterator[tuple[local.LocalTable, io.StringIO]]:
    store = await SqliteStore.open(tmp_path / "t.db")
    try:
        table = Table(GameService(store, seed_source=lambda: 1), fake_png)
        out = io.StringIO()
        yield local.LocalTable(table, {"alice": ALICE, "bob": BOB}, None, out), out
    finally:
        await store.close()


async def _cathedral(lt: local.LocalTable) -> None:
    await lt.table.new(ALICE, "cathedral")
    await lt.table.join(BOB)
    await lt.table.start(ALICE)


async def _ply(lt: local.LocalTable) -> int:
    status = await lt.table.service.status(CHANNEL)
    assert not isinstance(status, Rejection)
    return status.session.ply


@pytest.mark.asyncio
async def test_preview_confirm_and_cancel_are_numbered(
    table_here: tuple[local.LocalTable, io.StringIO],
) -> None:
    """A preview prints `1) Confirm ... | 2) Cancel`; `2` cancels, `1` (after a new preview)
    plays it as the asker."""
    lt, out = table_here
    await _cathedral(lt)
    lt.show(await lt.table.preview(ALICE, "Cathedral D4 0"), ALICE)
    assert "  buttons: 1) Confirm Cathedral D4 0 | 2) Cancel" in out.getvalue()
    assert await lt.handle("2")
    assert "Cancelled: nothing changed." in out.getvalue()
    assert await _ply(lt) == 0
    assert await lt.handle("1")  # the offer is gone after Cancel
    assert "There is nothing numbered to choose right now." in out.getvalue()
    lt.show(await lt.table.preview(ALICE, "Cathedral D4 0"), ALICE)
    assert await lt.handle("1")
    assert "== alice played Cathedral D4 0 ==" in out.getvalue()
    assert await _ply(lt) == 1


@pytest.mark.asyncio
async def test_capture_choice_by_typing_the_notation(
    table_here: tuple[local.LocalTable, io.StringIO],
) -> None:
    """Rule 5 at the terminal: `Inn C4 0 no-capture` spares dark's Infirmary."""
    lt, out = table_here
    await _cathedral(lt)
    service = lt.table.service
    status = await service.status(CHANNEL)
    assert not isinstance(status, Rejection)
    state = position(
        [
            ("cathedral", "Cathedral F6 0"),
            ("dark", "Tavern J1"),
            ("dark", "Infirmary B1"),
            ("light", "Bridge D1 0"),
            ("light", "Stable A4 90"),
        ],
        to_move="light",
    )
    data = service.engine_for(status.session).state_to_dict(state)
    await service.store.update(
        status.session.id,
        status.session.version,
        SessionPatch(state_json=canonical_json(data)),
        service.now(),
    )
    assert await lt.handle("Inn C4 0 no-capture")
    assert "Light spares dark's Infirmary" in out.getvalue()
    after = await service.status(CHANNEL)
    assert not isinstance(after, Rejection)
    assert ("dark", "Infirmary") in piece_names_on_board(after.state)
    assert await lt.handle("/cathedral pass")
    assert "Cathedral has no pass" in out.getvalue()


def test_unicode_letters_in_player_names(tmp_path: Path) -> None:
    """Zoë and Jürgen are names made of letters: accepted, and typed before a colon (in either
    case, composed or decomposed) they act as those players; ':' and ',' stay refused."""
    names, _ = local.check_local_seats(local.get_engine("cathedral"), "Zoë,Jürgen", "")
    assert names == ["Zoë", "Jürgen"]
    decomposed = "Zoe\u0308"
    out = run_lines(tmp_path, "cathedral", f"{decomposed},Jürgen", ["ZOË: status", "jürgen: moves"])
    assert "is not at this table" not in out
    assert "Legal moves of Jürgen" in out
    with pytest.raises(local.CliError, match="cannot be typed before a colon"):
        local.check_local_seats(local.get_engine("cathedral"), "a:b,c", "")
    # A comma always separates names, so "Zoë,Jürgen" is two players, never one.
    with pytest.raises(local.CliError, match="Every player needs a different name"):
        local.check_local_seats(local.get_engine("cathedral"), "Zoë,ZOË", "")


def test_per_seat_buttons_click_as_their_seat(tmp_path) -> None:
    """At Kingsburg's year-I aid everyone chooses at once: each numbered per-seat button plays
    for its own seat, whoever is listed first, and the remaining players keep their buttons."""
    import subprocess
    import sys

    lines = "6\n1\n1\n"  # ben: wood, then ann: gold, then cid (alone now): gold
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "local",
            "kingsburg",
            "--players",
            "ann,ben,cid",
            "--seed",
            "2",
            "--db",
            str(tmp_path / "k.db"),
        ],
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    ).stdout
    assert "6) ben (blue): aid wood" in out
    assert "== ben played Aid from the King (1 wood) ==" in out
    assert "Red takes 1 gold (Aid from the King)." in out
    assert "Blue takes 1 wood (Aid from the King)." in out
    assert "These buttons are for" not in out and "not your turn" not in out.lower()


def test_a_refused_click_leaves_the_choices_on_offer(tmp_path: Path) -> None:
    """Kingsburg, seed 1: after a's aid only b chooses; `a: 3` (a pressing b's button) is
    refused and changes nothing, so `3` still plays b's `aid wood`."""
    text = run_lines(tmp_path, "kingsburg", "a,b", ["a: aid gold", "a: 3", "3"])
    assert "  buttons: 1) aid gold | 2) aid stone | 3) aid wood" in text
    assert "There is nothing numbered to choose" not in text
    assert "== b played Aid from the King (1 wood) ==" in text
