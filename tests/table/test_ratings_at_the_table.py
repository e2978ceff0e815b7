"""Ratings at the table: a finished game is rated once and its post says how each rating moved;
casual games, games a moderator ended and removed seats are not rated; a player who left loses
to every side still seated; leaderboards and profiles read it back, hidden profiles stay hidden."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from bot.games import get_engine
from bot.games.protocol import Seat
from bot.games.rejections import Rejection
from bot.ratings import Side, game_result
from bot.ratings.skill import fold, rate_game
from bot.sessions.service import GameService
from bot.storage.ratings import RatedGame
from bot.table.commands import Table
from bot.table.ratings import seat_changes
from bot.table.replies import Caller, Reply

from .conftest import ALICE, BOB, CY
from .helpers import public

pytestmark = pytest.mark.asyncio

PLAYERS = {ALICE.user_id: ALICE, BOB.user_id: BOB, CY.user_id: CY}


async def _play_out(table: Table, service: GameService) -> list[Reply]:
    """Every awaited human rolls (or says ready) until the game ends; the last replies."""
    replies: list[Reply] = []
    for _ in range(200):
        found = await service.status(ALICE.channel_id)
        if isinstance(found, Rejection) or not found.to_act:
            return replies
        session = found.session
        humans = [s for s in sorted(found.to_act) if session.seats[s].user_id is not None]
        caller = PLAYERS[session.seats[humans[0]].user_id]
        legal = await table.legal(caller)
        replies = await table.move(caller, "ready" if "ready" in legal else "roll")
    raise AssertionError("the game did not end")


def _post(replies: list[Reply]) -> Reply:
    return public(replies)[-1] if len(public(replies)) == 1 else public(replies)[0]


async def _two(table: Table, options: str = "target=5", **kw: object) -> None:
    await table.new(ALICE, "race", options, **kw)  # type: ignore[arg-type]
    await table.join(BOB)
    await table.start(ALICE)


async def test_a_finished_game_is_rated_once_and_its_post_tells_the_changes(
    table: Table, service: GameService
) -> None:
    await _two(table)
    replies = await _play_out(table, service)
    text = "\n".join(r.text for r in public(replies))
    assert "Ratings: Alice 1000 \u2192" in text and "Bob 1000 \u2192" in text
    session = await service.store.get_latest_in_place(ALICE.channel_id)
    rated = await table.extras.rated_game(session.id)
    assert rated is not None and rated.result is not None
    winner = next(e for e in rated.result.entries if e.won)
    loser = next(e for e in rated.result.entries if not e.won)
    assert rated.changes[winner.player].delta > 0 > rated.changes[loser.player].delta
    again = await table.rate_ended(session)
    assert again == rated  # once: asking again changes nothing
    [board] = await table.leaderboard(ALICE, "race")
    lines = board.text.splitlines()
    assert lines[0].startswith(f"1. **{winner.name}**") and "1 game, 100% won" in lines[0]
    assert lines[1].startswith(f"2. **{loser.name}**") and "0% won" in lines[1]
    assert "1500 + 40" in board.text  # says which estimate is shown
    [profile] = await table.profile(BOB)
    assert profile.image is not None and profile.image.png.startswith(b"\x89PNG")
    [(game, record)] = profile.fields
    assert game == "Race" and "Rating **" in record and "1 game" in record
    assert f"#{session.id}" in record


async def test_a_casual_game_is_not_rated(table: Table, service: GameService) -> None:
    await _two(table, "target=5 rated=no")
    text = "\n".join(r.text for r in public(await _play_out(table, service)))
    assert "Not rated: this was a casual game." in text
    [board] = await table.leaderboard(ALICE, "race")
    assert "Nobody has finished a rated Race game" in board.text


async def test_the_server_default_makes_new_games_casual(
    table: Table, service: GameService
) -> None:
    manager = replace(ALICE, manager=True)
    await table.settings(manager, rated=False)
    await _two(table)
    text = "\n".join(r.text for r in public(await _play_out(table, service)))
    assert "Not rated" in text
    refused = await table.new(CY, "race", "rated=maybe")
    assert refused[0].ephemeral and "`rated` takes yes or no" in refused[0].text


async def test_a_player_who_left_loses_to_every_side_still_seated(
    table: Table, service: GameService
) -> None:
    """Bob leaves; a bot plays his seat on. Whatever that seat scores, Bob is last."""
    await table.new(ALICE, "race", "target=5")
    await table.join(BOB)
    await table.join(CY)
    await table.start(ALICE)
    await table.leave(BOB, confirm=True)
    await _play_out(table, service)
    session = await service.store.get_latest_in_place(ALICE.channel_id)
    rated = await table.extras.rated_game(session.id)
    assert rated is not None and rated.result is not None
    bob = rated.result.entry_of("member:200")
    assert bob is not None and bob.left and bob.place == 3
    assert all(e.place < 3 for e in rated.result.entries if e is not bob)
    assert rated.changes["member:200"].delta < 0


async def test_a_moderator_ending_a_game_leaves_it_unrated(
    table: Table, service: GameService
) -> None:
    await _two(table, "target=30")
    mia = Caller(guild_id=1, channel_id=ALICE.channel_id, user_id=900, display_name="Mia")
    await table.abandon(replace(mia, moderator=True))
    session = await service.store.get_latest_in_place(ALICE.channel_id)
    assert await table.rate_ended(session) is not None
    assert (await table.rate_ended(session)).result is None
    assert await table.extras.rated_results() == ()


async def test_the_last_human_leaving_loses_to_the_bots(table: Table, service: GameService) -> None:
    await table.new(ALICE, "race", "target=30")
    await table.add_bot(ALICE, "greedy")
    await table.start(ALICE)
    [ended] = await table.leave(ALICE, confirm=True)
    assert "Ratings: Alice (left) 1000 \u2192" in ended.text
    [result] = await table.extras.rated_results()
    assert [(e.player, e.place) for e in result.entries] == [("member:100", 2), ("bot:greedy", 1)]


async def test_a_removed_seat_is_left_out(table: Table, service: GameService) -> None:
    """A host's kick is not a defeat: the removed player is not rated; the others are."""
    await table.new(ALICE, "race", "target=5")
    await table.join(BOB)
    await table.join(CY)
    await table.start(ALICE)
    await table.kick(ALICE, 3)
    await _play_out(table, service)
    [result] = await table.extras.rated_results()
    players = {e.player for e in result.entries}
    assert "member:300" not in players and {"member:100", "member:200"} <= players


async def test_a_hidden_profile_is_shown_only_to_its_owner(
    table: Table, service: GameService
) -> None:
    await _two(table)
    await _play_out(table, service)
    [hid] = await table.profile(BOB, hidden=True)
    assert "hidden" in hid.text
    [refused] = await table.profile(ALICE, BOB.user_id, "Bob")
    assert refused.ephemeral and "Bob keeps their profile hidden." in refused.text
    [own] = await table.profile(BOB)
    assert own.fields and own.title == "Bob: profile"
    [other] = await table.profile(ALICE, BOB.user_id, hidden=False)
    assert other.ephemeral and "only your own profile" in other.text
    [shown] = await table.profile(BOB, hidden=False)
    assert "can be seen" in shown.text
    [seen] = await table.profile(ALICE, BOB.user_id, "Bob")
    assert seen.fields and seen.title == "Bob: profile"


async def test_another_server_sees_none_of_these_games(table: Table, service: GameService) -> None:
    await _two(table)
    await _play_out(table, service)
    elsewhere = replace(ALICE, guild_id=2)
    [board] = await table.leaderboard(elsewhere, "race")
    assert "Nobody has finished" in board.text
    [profile] = await table.profile(elsewhere)
    assert "no rated games on this server" in profile.text


async def test_a_turn_limit_that_ends_the_game_rates_the_late_player_last(
    table: Table, service: GameService
) -> None:
    await _two(table, "target=30 turn_hours=1")
    [post] = await table.expire_overdue(datetime.now(UTC) + timedelta(hours=2))
    assert "Ratings: Alice (left) 1000 \u2192" in post.reply.text
    [result] = await table.extras.rated_results()
    assert [(e.name, e.place, e.left) for e in result.entries] == [
        ("Alice", 2, True),
        ("Bob", 1, False),
    ]


async def test_a_bot_taking_a_late_seat_rates_the_late_player_last(
    table: Table, service: GameService
) -> None:
    await table.settings(replace(ALICE, manager=True), timeout_action="bot")
    await table.new(ALICE, "race", "target=5 turn_hours=1")
    await table.join(BOB)
    await table.join(CY)
    await table.start(ALICE)
    await table.timers_round(datetime.now(UTC) + timedelta(hours=2))
    await _play_out(table, service)
    [result] = await table.extras.rated_results()
    alice = result.entry_of("member:100")
    assert alice is not None and alice.left and alice.place == 3


async def test_a_solo_game_rates_the_member_against_the_automated_opponent(
    table: Table, service: GameService
) -> None:
    """Architects solo: the automated opponent is a side with its own identity and score."""
    await table.new(ALICE, "architects")
    await table.start(ALICE)
    engine = get_engine("architects")
    bot = engine.bots["heuristic"]()
    for n in range(400):
        found = await service.status(ALICE.channel_id)
        if isinstance(found, Rejection) or found.outcome is not None:
            break
        action = bot.choose(found.state, Seat(0), n)
        await table.move(ALICE, engine.format_action(action, found.state))
    [result] = await table.extras.rated_results()
    players = [e.player for e in result.entries]
    assert players == ["member:100", "opponent:constantine"]
    opponent = result.entries[1]
    assert opponent.name == "Constantine" and opponent.score is not None
    assert sorted(e.place for e in result.entries) in ([1, 2], [1, 1])


async def test_a_moderator_ending_a_game_someone_left_leaves_it_unrated(
    table: Table, service: GameService
) -> None:
    """Bob left (a bot plays his seat); a moderator then ends the game: nobody is rated."""
    await table.new(ALICE, "race", "target=30")
    await table.join(BOB)
    await table.join(CY)
    await table.start(ALICE)
    await table.leave(BOB, confirm=True)
    mia = Caller(guild_id=1, channel_id=ALICE.channel_id, user_id=900, display_name="Mia")
    await table.abandon(replace(mia, moderator=True))
    session = await service.store.get_latest_in_place(ALICE.channel_id)
    rated = await table.rate_ended(session)
    assert rated is not None and rated.result is None
    assert "ended before it was over" in rated.reason


async def test_the_callers_own_place_follows_the_top_twenty(table: Table) -> None:
    """With 25 players rated, the 25th sees the top 20 and then their own line."""
    now = datetime.now(UTC)
    for n in range(24):
        result = game_result(
            session_id=1000 + n,
            guild_id=1,
            game="race",
            finished_at="",
            sides=[
                Side(f"member:{5000 + n}", f"P{n}", 2, winner=True),
                Side("member:100", "Alice", 1),
            ],
        )
        await table.extras.record_game(1000 + n, result, rate_game, now)
    [board] = await table.leaderboard(ALICE, "race")
    lines = board.text.splitlines()
    assert [line.split(".")[0] for line in lines[:20]] == [str(i) for i in range(1, 21)]
    assert lines[20] == "…" and lines[21].startswith("25. **Alice**")
    assert lines[21].endswith("(24 games, 0% won) (you)")


async def test_games_rated_at_the_table_equal_the_rebuild(
    table: Table, service: GameService
) -> None:
    """Twenty table games, some with a player leaving and some with the last human leaving,
    rated as they end: the stored ratings are exactly the fold of the stored results."""
    rng = random.Random(5)
    for n in range(20):
        await table.new(ALICE, "race", f"target={rng.choice((5, 6))}")
        await table.join(BOB)
        if rng.random() < 0.6:
            await table.join(CY)
        else:
            await table.add_bot(ALICE, "greedy")
        await table.start(ALICE)
        roll = rng.random()
        if roll < 0.25:
            await table.leave(BOB, confirm=True)
        elif roll < 0.35:
            await table.leave(BOB, confirm=True)
            await table.leave(ALICE, confirm=True)  # the last human if Cy is not seated
        await _play_out(table, service)
        if (await service.store.get_open_in_place(ALICE.channel_id)) is not None:
            await table.abandon(ALICE if n % 2 else CY)
    results = await table.extras.rated_results()
    assert len(results) >= 15 and any(e.left for r in results for e in r.entries)
    _, book = fold(results)
    assert await table.extras.all_ratings() == book.ratings


async def test_the_terminal_table_reads_ratings_too(table: Table, service: GameService) -> None:
    """`/ratings leaderboard race` and `/ratings profile` typed at the terminal."""
    await _two(table)
    await _play_out(table, service)
    [board] = await table.run_line(ALICE, "/ratings leaderboard race")
    assert board.title == "Race leaderboard" and "1. **" in board.text
    [profile] = await table.run_line(ALICE, "/ratings profile")
    assert profile.title == "Alice: profile" and profile.fields
    [hidden] = await table.run_line(ALICE, "/ratings profile hide")
    assert "hidden" in hidden.text
    [wrong] = await table.run_line(ALICE, "/ratings")
    assert "`/ratings leaderboard <game>`" in wrong.text


async def test_score_sheet_columns_get_their_players_changes() -> None:
    """Seats by their seat number, then the automated opponent's column after them."""
    result = game_result(
        session_id=1,
        guild_id=1,
        game="architects",
        finished_at="",
        sides=[
            Side("member:1", "Ann", 30, winner=True, seat=0),
            Side("opponent:helena", "Helena", 20),
        ],
    )
    assert not isinstance(result, str)
    changes = rate_game(result, {})
    columns = seat_changes(RatedGame(1, result, changes), seats=1, columns=2)
    assert columns is not None and columns[0].startswith("+") and columns[1].startswith("\u2212")
    assert seat_changes(RatedGame(1, None, {}, "casual"), seats=1) is None
