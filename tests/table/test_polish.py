"""Table details over real engines: names in images, score labels, previews, drop-down menus,
the turn limit option, timers and private replies with images."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.games import get_engine
from bot.games.protocol import Seat
from bot.sessions.service import GameService
from bot.storage.sqlite import SqliteStore
from bot.table.commands import Table
from bot.table.replies import Reply

from .conftest import ALICE, BOB, CHANNEL, FakeRenderer

pytestmark = pytest.mark.asyncio


def public(replies: list[Reply]) -> list[Reply]:
    return [r for r in replies if not r.ephemeral and r.only_for is None]


async def _game(table: Table, key: str, *bots: str, options: str = "") -> None:
    assert public(await table.new(ALICE, key, options))
    assert public(await table.join(BOB))
    for bot in bots:
        assert public(await table.add_bot(ALICE, bot))
    assert public(await table.start(ALICE))


async def test_images_name_the_players_and_bots(table: Table, renderer: FakeRenderer) -> None:
    """Every image is drawn with names by seat: humans' display names, bots as 'Random bot'."""
    await _game(table, "race", "random")
    assert renderer.options
    assert renderer.options[-1]["names"] == {
        Seat(0): "Alice",
        Seat(1): "Bob",
        Seat(2): "Random bot",
    }
    renderer.options.clear()
    await table.status(ALICE)  # public board and Alice's private view
    assert len(renderer.options) == 2
    assert all(o["names"][Seat(0)] == "Alice" for o in renderer.options)


async def test_cathedral_scores_are_unplaced_squares_lower_better(
    service: GameService, renderer: FakeRenderer
) -> None:
    """Cathedral's score field says what is counted and which way is better, by player name."""
    table = Table(service, renderer, engines=get_engine)
    await _game(table, "cathedral")
    [board] = public(await table.status(ALICE))
    fields = dict(board.fields)
    assert "Scores" not in fields
    assert fields["Unplaced squares (lower is better)"] == "Alice (light) 47, Bob (dark) 47"


async def test_cathedral_series_shows_running_totals(
    service: GameService, renderer: FakeRenderer
) -> None:
    """A series adds its totals, labelled with the number of games."""
    table = Table(service, renderer, engines=get_engine)
    await _game(table, "cathedral", options="games=2")
    fields = dict(public(await table.status(ALICE))[0].fields)
    assert fields["Series total over 2 games (lower is better)"].startswith("Alice (light) 0")


async def test_kingsburg_scores_are_vp(service: GameService, renderer: FakeRenderer) -> None:
    table = Table(service, renderer, engines=get_engine)
    await _game(table, "kingsburg")
    fields = dict(public(await table.status(ALICE))[0].fields)
    assert "VP" in fields and "Alice" in fields["VP"] and "Scores" not in fields


async def test_preview_renders_the_placed_piece_and_plays_nothing(
    service: GameService, renderer: FakeRenderer
) -> None:
    """Preview: one ephemeral reply, the image drawn from the state after the move (the new
    piece is the highlighted last placement), Confirm at the current version and Cancel."""
    table = Table(service, renderer, engines=get_engine)
    await _game(table, "cathedral")
    status = await service.status(CHANNEL)
    version = status.session.version  # type: ignore[union-attr]
    renderer.calls.clear()
    [shown] = await table.preview(ALICE, "cathedral d4 0")
    assert shown.ephemeral and shown.image is not None and shown.cancel
    [confirm] = shown.buttons
    assert confirm.notation == "Cathedral D4 0" and confirm.version == version
    assert confirm.label == "Confirm Cathedral D4 0"
    [(_, view)] = renderer.calls
    assert view.last_piece_id is not None and view.viewer is None
    assert any(p.name == "Cathedral" for p in view.pieces)
    after = await service.status(CHANNEL)
    assert after.session.ply == 0 and after.session.version == version  # type: ignore[union-attr]
    [refused] = await table.preview(ALICE, "Cathedral J10 0")
    assert refused.ephemeral and refused.image is None and not refused.buttons
    [moved] = await table.move(ALICE, "Cathedral J10 0")
    assert moved.text == refused.text  # the very sentence a move would get


async def test_menu_for_six_to_twenty_five_choices(tmp_path: Path) -> None:
    """Kingsburg, seed 4242: after the aid the first to influence has 6 moves: a drop-down with
    exactly those notations and no buttons; 5 or fewer: buttons only."""
    store = await SqliteStore.open(tmp_path / "k.db")
    try:
        service = GameService(store, seed_source=lambda: 4242)
        table = Table(service, FakeRenderer(), engines=get_engine)
        await _game(table, "kingsburg")
        [after_one] = public(await table.move(ALICE, "aid gold"))
        assert len(after_one.buttons) == 3 and after_one.menu is None
        [after_both] = public(await table.move(BOB, "aid wood"))
        status = await service.status(CHANNEL)
        (seat,) = tuple(status.to_act)  # type: ignore[union-attr]
        user = status.session.seats[seat].user_id  # type: ignore[union-attr]
        legal = service.legal_notations(status.session, status.state, user)  # type: ignore[union-attr]
        assert 6 <= len(legal) <= 25
        assert after_both.menu is not None and not after_both.buttons
        assert after_both.menu.options == legal
        assert after_both.menu.version == status.session.version  # type: ignore[union-attr]
    finally:
        await store.close()


async def test_turn_hours_option_sets_the_turn_limit(table: Table, service: GameService) -> None:
    """`/game new race turn_hours=12` (text) sets a 12-hour turn limit; bad values explain."""
    [opened] = await table.new(ALICE, "race", "target=12 turn_hours=12")
    assert dict(opened.fields)["Turn limit"].startswith("12 hours per turn")
    assert "target=12" in dict(opened.fields)["Options"]
    status = await service.status(CHANNEL)
    assert status.session.turn_timeout_s == 12 * 3600  # type: ignore[union-attr]
    await table.abandon(ALICE)
    for bad in ("turn_hours=0", "turn_hours=soon", "turn_hours=inf"):
        [refused] = await table.new(ALICE, "race", bad)
        assert refused.ephemeral and "turn_hours" in refused.text


async def test_expire_overdue_posts_in_the_game_channel(table: Table, service: GameService) -> None:
    """A game past its deadline is abandoned and one post for its channel says why."""
    await _game(table, "race", options="turn_hours=1")
    assert await table.expire_overdue(datetime.now(UTC) + timedelta(minutes=30)) == []
    [post] = await table.expire_overdue(datetime.now(UTC) + timedelta(hours=2))
    assert post.channel_id == CHANNEL
    assert "abandoned" in post.reply.text and "1 hour" in post.reply.text
    assert set(post.reply.mentions) == {ALICE.user_id, BOB.user_id}


async def test_private_replies_carry_the_owners_view(table: Table, renderer: FakeRenderer) -> None:
    """A hidden event (Race: a new card after `play`) goes only to its owner, with their view."""
    await _game(table, "race")
    renderer.calls.clear()
    replies = await table.move(ALICE, "play")
    private = [r for r in replies if r.only_for is not None]
    assert private and all(r.only_for == ALICE.user_id for r in private)
    assert private[0].image is not None
    views: list[Any] = [v for _, v in renderer.calls]
    assert any(v.my_card is not None for v in views)  # drawn from Alice's own view
    pub = public(replies)[0]
    assert all(r.text not in pub.text for r in private)
