"""Asynchronous play through GameService: undo with consent, away mode with paused limits and
stand-in bots, replays from the log, finished games and the turn clock (the fake Race game:
`roll` and `play` reveal, the simultaneous `ready` does not)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.games.protocol import Seat
from bot.games.rejections import Rejection
from bot.sessions.asyncplay import AwayLimits, format_day, parse_until
from bot.storage.asyncplay import UndoStatus
from bot.storage.memory import MemoryStore
from bot.storage.records import SessionStatus

from .conftest import ALICE, BOB, CHANNEL, CY, FakeClock, make_service, ok, started_game


async def _to_ready_phase(service, *players):  # type: ignore[no-untyped-def]
    """Start Race and play one round of rolls so that everyone must say ready."""
    await started_game(service, *players, target=30)
    for user, _ in players:
        ok(await service.submit(CHANNEL, user, "roll"))
    status = ok(await service.status(CHANNEL))
    assert status.state.phase == "ready"
    return status


async def _ten_hour_lobby(service) -> None:  # type: ignore[no-untyped-def]
    """Ann's Race lobby with Bob seated, ten hours a turn."""
    ok(
        await service.create_lobby(
            "race",
            guild_id=1,
            channel_id=CHANNEL,
            host_id=ALICE,
            host_name="Ann",
            options={"target": 30},
            turn_timeout=timedelta(hours=10),
        )
    )
    ok(await service.join(CHANNEL, BOB, "Bob"))


def _rejected(result: object, *words: str) -> None:
    assert isinstance(result, Rejection), result
    for w in words:
        assert w in result.message, result.message


@pytest.mark.asyncio
async def test_undo_in_a_simultaneous_step_is_asked_accepted_and_rebuilt_from_the_log(
    service,
) -> None:
    await _to_ready_phase(service, (ALICE, "Ann"), (BOB, "Bob"), (CY, "Cy"))
    before = ok(await service.status(CHANNEL))
    ok(await service.submit(CHANNEL, ALICE, "ready"))
    asked = ok(await service.request_undo(CHANNEL, ALICE))
    assert not asked.applied and asked.waiting_for == {BOB, CY}
    assert [e.notation for e in asked.undone] == ["ready"]
    _rejected(await service.request_undo(CHANNEL, BOB), "already asked")
    _rejected(
        await service.vote_undo(asked.session.id, ALICE, asked.request.id, True), "other players"
    )
    half = ok(await service.vote_undo(asked.session.id, BOB, asked.request.id, True))
    assert not half.applied and half.waiting_for == {CY}
    done = ok(await service.vote_undo(asked.session.id, CY, asked.request.id, True))
    assert done.applied
    after = ok(await service.status(CHANNEL))
    engine = service.engine_for(after.session)
    assert engine.state_to_dict(after.state) == engine.state_to_dict(before.state)
    assert after.to_act == {Seat(0), Seat(1), Seat(2)}
    # The undone move stays in the log, marked; the snapshot is what the rest replays to.
    history = ok(await service.history(CHANNEL, 10))
    assert [(e.notation, e.undone) for e in history][-1] == ("ready", True)
    assert after.session.ply == before.session.ply + 1
    assert (await service.verify_replay(after.session.id)).matches
    # Play goes on after it; the log keeps counting.
    ok(await service.submit(CHANNEL, ALICE, "ready"))
    assert (await service.verify_replay(after.session.id)).matches


@pytest.mark.asyncio
async def test_undo_refused_after_another_decision_a_reveal_or_without_a_move(service) -> None:
    await started_game(service, (ALICE, "Ann"), (BOB, "Bob"), target=30)
    _rejected(await service.request_undo(CHANNEL, ALICE), "no move to take back")
    ok(await service.submit(CHANNEL, ALICE, "roll"))
    _rejected(await service.request_undo(CHANNEL, ALICE), "cannot be taken back", "roll")
    ok(await service.submit(CHANNEL, BOB, "roll"))
    ok(await service.submit(CHANNEL, BOB, "ready"))
    ok(await service.submit(CHANNEL, ALICE, "ready"))  # ends the step: Ann to roll
    _rejected(
        await service.request_undo(CHANNEL, BOB),
        "Ann has played `ready` since your last move `ready`",
    )
    _rejected(await service.request_undo(CHANNEL, 999), "not playing")


@pytest.mark.asyncio
async def test_undo_declined_expired_or_outdated_changes_nothing(service, clock: FakeClock) -> None:
    await _to_ready_phase(service, (ALICE, "Ann"), (BOB, "Bob"), (CY, "Cy"))
    ok(await service.submit(CHANNEL, ALICE, "ready"))
    version = ok(await service.status(CHANNEL)).session.version
    asked = ok(await service.request_undo(CHANNEL, ALICE))
    no = ok(await service.vote_undo(asked.session.id, BOB, asked.request.id, False))
    assert no.request.status is UndoStatus.DECLINED
    assert ok(await service.status(CHANNEL)).session.version == version
    _rejected(await service.vote_undo(asked.session.id, CY, asked.request.id, True), "declined")

    # Asking again at once would only ping them again: an hour later it may be asked again.
    _rejected(await service.request_undo(CHANNEL, ALICE), "was declined", "ask again in 1h")
    clock.advance(minutes=61)
    again = ok(await service.request_undo(CHANNEL, ALICE))
    clock.advance(hours=25)
    _rejected(await service.vote_undo(again.session.id, BOB, again.request.id, True), "expired")

    third = ok(await service.request_undo(CHANNEL, ALICE))
    ok(await service.submit(CHANNEL, CY, "ready"))  # the game moves on meanwhile
    _rejected(await service.vote_undo(third.session.id, BOB, third.request.id, True), "moved on")


@pytest.mark.asyncio
async def test_undo_with_only_bots_applies_at_once_and_bots_play_again(clock) -> None:
    service = make_service(MemoryStore(), clock)
    from .conftest import lobby_with

    await lobby_with(service, (ALICE, "Ann"), target=30)
    ok(await service.add_bot(CHANNEL, ALICE, "greedy"))
    ok(await service.start(CHANNEL, ALICE))
    ok(await service.submit(CHANNEL, ALICE, "roll"))  # the bot rolls, then says ready
    status = ok(await service.status(CHANNEL))
    assert status.state.phase == "ready" and status.to_act == {Seat(0)}
    ok(await service.submit(CHANNEL, ALICE, "ready"))
    undo = ok(await service.request_undo(CHANNEL, ALICE))
    assert undo.applied and undo.asked == frozenset()
    status = ok(await service.status(CHANNEL))
    assert status.state.phase == "ready" and status.to_act == {Seat(0)}
    assert (await service.verify_replay(status.session.id)).matches


@pytest.mark.asyncio
async def test_away_pauses_the_turn_limit_and_back_restores_the_time_left(
    service, clock: FakeClock
) -> None:
    await _ten_hour_lobby(service)
    ok(await service.start(CHANNEL, ALICE))
    clock.advance(hours=4)  # Ann has 6 hours left
    away = ok(await service.go_away(ALICE, clock.now + timedelta(days=3), "holiday"))
    assert [g.id for g in away.games] == [ok(await service.status(CHANNEL)).session.id]
    session = ok(await service.status(CHANNEL)).session
    # The clock starts on 1 May 2024 at noon: 4 hours and 3 days later is 4 May.
    assert await service.away_notes(session) == ("Ann is away until 4 May (holiday).",)
    clock.advance(days=2)  # far past the deadline: paused
    assert await service.expire_overdue() == ()
    assert await service.due_reminders(timedelta(hours=1)) == ()
    ok(await service.come_back(ALICE))
    session = ok(await service.status(CHANNEL)).session
    assert session.turn_deadline == clock.now + timedelta(hours=6)
    assert await service.away_notes(session) == ()
    _rejected(await service.come_back(ALICE), "not away")


@pytest.mark.asyncio
async def test_absence_ends_by_itself_on_its_date(service, clock: FakeClock) -> None:
    await _ten_hour_lobby(service)
    # Away while only in a lobby: allowed; the game that starts meanwhile is paused for Ann.
    ok(await service.go_away(ALICE, clock.now + timedelta(days=1)))
    ok(await service.start(CHANNEL, ALICE))
    clock.advance(hours=30)
    assert await service.expire_overdue() == ()  # the absence ended: the full turn restarts
    session = ok(await service.status(CHANNEL)).session
    assert session.status is SessionStatus.ACTIVE
    assert session.turn_deadline == clock.now + timedelta(hours=10)
    assert await service.away_of(ALICE) is None


@pytest.mark.asyncio
async def test_away_limits_per_absence_and_per_month(service, clock: FakeClock) -> None:
    limits = AwayLimits(max_days=7, month_days=10)
    _rejected(await service.go_away(ALICE, clock.now - timedelta(days=1)), "future")
    _rejected(
        await service.go_away(ALICE, clock.now + timedelta(days=8), limits=limits), "at most 7"
    )
    ok(await service.go_away(ALICE, clock.now + timedelta(days=6), limits=limits))
    _rejected(await service.go_away(ALICE, clock.now + timedelta(days=1)), "already away")
    clock.advance(days=6)
    assert await service.away_of(ALICE) is None  # its date passed
    _rejected(
        await service.go_away(ALICE, clock.now + timedelta(days=5), limits=limits),
        "at most 10 days in any 30",
        "4 days left",
    )
    ok(await service.go_away(ALICE, clock.now + timedelta(days=4), limits=limits))


@pytest.mark.asyncio
async def test_the_table_votes_a_bot_in_for_an_away_player(service, clock: FakeClock) -> None:
    await started_game(service, (ALICE, "Ann"), (BOB, "Bob"), (CY, "Cy"), target=30)
    ok(await service.go_away(ALICE, clock.now + timedelta(days=2)))
    _rejected(await service.vote_standin(CHANNEL, ALICE, ALICE), "other players")
    _rejected(await service.vote_standin(CHANNEL, BOB, BOB), "not away")
    first = ok(await service.vote_standin(CHANNEL, BOB, ALICE))
    assert not first.granted and first.waiting_for == {CY}
    second = ok(await service.vote_standin(CHANNEL, CY, ALICE))
    assert second.granted and second.moves is not None
    assert [m.display_name for m in second.moves.moves] == ["Ann (bot stand-in)"]
    session = ok(await service.status(CHANNEL)).session
    assert "a bot plays for them" in (await service.away_notes(session))[0]
    ok(await service.come_back(ALICE))
    assert await service.standin_seats(session) == ()


@pytest.mark.asyncio
async def test_replay_frames_come_from_the_log_and_show_taken_back_moves(service) -> None:
    await _to_ready_phase(service, (ALICE, "Ann"), (BOB, "Bob"))
    ok(await service.submit(CHANNEL, ALICE, "ready"))
    asked = ok(await service.request_undo(CHANNEL, ALICE))
    ok(await service.vote_undo(asked.session.id, BOB, asked.request.id, True))
    last = ok(await service.replay_frame(CHANNEL))
    assert last.total == 2 and last.index == 2
    assert [e.notation for e in last.taken_back] == ["ready"]
    start = ok(await service.replay_frame(CHANNEL, -5))
    assert start.index == 0 and start.move is None
    one = ok(await service.replay_frame(CHANNEL, 1))
    assert one.move.notation == "roll" and one.state.scores[0] > 0
    assert ok(await service.replay_frame(CHANNEL, 99)).index == 2
    # Abandoned: the replay ends at the last move with the reason.
    ok(await service.abandon(CHANNEL, ALICE))
    end = ok(await service.replay_frame(CHANNEL))
    assert end.end_reason and "Abandoned" in end.end_reason and end.outcome is None
    listed = await service.finished_games(CHANNEL)
    assert [s.id for s in listed] == [end.session.id]
    again = ok(await service.replay_frame(CHANNEL, 1, session_id=end.session.id))
    assert again.index == 1
    _rejected(await service.replay_frame(CHANNEL + 1, session_id=end.session.id), "no such game")


@pytest.mark.asyncio
async def test_turn_clock_averages_turns_and_times_the_current_wait(
    service, clock: FakeClock
) -> None:
    await started_game(service, (ALICE, "Ann"), (BOB, "Bob"), target=30)
    clock.advance(minutes=10)
    ok(await service.submit(CHANNEL, ALICE, "roll"))
    clock.advance(minutes=30)
    ok(await service.submit(CHANNEL, BOB, "roll"))
    clock.advance(minutes=5)
    session = ok(await service.status(CHANNEL)).session
    ann, bob = await service.turn_clock(session)
    assert (ann.turns, ann.average) == (1, timedelta(minutes=10))
    assert (bob.turns, bob.average) == (1, timedelta(minutes=30))
    assert ann.waiting == bob.waiting == timedelta(minutes=5)  # both must say ready
    ok(await service.submit(CHANNEL, BOB, "ready"))
    session = ok(await service.status(CHANNEL)).session
    ann, bob = await service.turn_clock(session)
    assert bob.turns == 2 and bob.waiting is None and ann.waiting == timedelta(minutes=5)


def test_return_dates_in_days_iso_or_day_and_month(clock: FakeClock) -> None:
    """Days, ISO dates, day and month; odd digits and huge counts never raise."""
    now = clock.now  # 1 May 2024, 12:00 UTC
    assert parse_until("5", now) == now + timedelta(days=5)
    assert parse_until("3 days", now) == now + timedelta(days=3)
    assert parse_until("2024-05-09", now) == now.replace(day=9)
    assert parse_until("3 Dec", now) == now.replace(month=12, day=3)
    assert parse_until("Apr 2", now) == now.replace(year=2025, month=4, day=2)
    assert parse_until("soon", now) is None and parse_until("²", now) is None
    # Readable but out of range: the service's limits word the refusal, not "cannot read".
    assert parse_until("0", now) == now
    assert parse_until("9" * 5000, now) == parse_until("400000", now) == now + timedelta(days=3660)
    assert format_day(now.replace(month=12, day=3)) == "3 Dec"


@pytest.mark.asyncio
async def test_undo_and_away_survive_a_restart_on_sqlite(tmp_path, clock: FakeClock) -> None:
    """The undone mark, the rebuilt snapshot, the turn clock and an absence are all stored."""
    from bot.storage.sqlite import SqliteStore

    path = tmp_path / "guildhall.db"
    store = await SqliteStore.open(path)
    service = make_service(store, clock)
    await _to_ready_phase(service, (ALICE, "Ann"), (BOB, "Bob"))
    ok(await service.submit(CHANNEL, ALICE, "ready"))
    asked = ok(await service.request_undo(CHANNEL, ALICE))
    assert ok(await service.vote_undo(asked.session.id, BOB, asked.request.id, True)).applied
    ok(await service.go_away(BOB, clock.now + timedelta(days=2), "work"))
    await store.close()

    store = await SqliteStore.open(path)
    service = make_service(store, clock)
    status = ok(await service.status(CHANNEL))
    assert status.to_act == {Seat(0), Seat(1)}
    assert [e.undone for e in ok(await service.history(CHANNEL))] == [False, False, True]
    assert (await service.verify_replay(status.session.id)).matches
    assert (await service.away_notes(status.session))[0].startswith("Bob is away until")
    assert [c.turns for c in await service.turn_clock(status.session)] == [1, 1]
    await store.close()


@pytest.mark.asyncio
async def test_start_up_resumes_a_stand_in_left_with_a_turn(service, clock: FakeClock) -> None:
    """A crash after the grant but before the stand-in played: resume_bots plays it."""
    from bot.storage.asyncplay import StandIn

    await started_game(service, (ALICE, "Ann"), (BOB, "Bob"), target=30)
    period = ok(await service.go_away(ALICE, clock.now + timedelta(days=2))).period
    session = ok(await service.status(CHANNEL)).session
    await service.store.put_standin(StandIn(period.id, session.id, frozenset({BOB}), clock.now))
    (resumed,) = await service.resume_bots()
    assert [m.display_name for m in resumed.moves] == ["Ann (bot stand-in)"]
    assert await service.resume_bots() == ()
