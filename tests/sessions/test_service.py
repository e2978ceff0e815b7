"""GameService against the in-memory store: lifecycle, authorization, bots, races, deadlines."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

import pytest

from bot.games.protocol import Seat
from bot.games.rejections import Rejection, RejectionCode
from bot.sessions.models import AbandonResult, GameStatus, MoveResult
from bot.sessions.service import STALE_MESSAGE, GameService, bot_seed
from bot.storage.memory import MemoryStore
from bot.storage.records import SessionRecord, SessionStatus

from .conftest import (
    ALICE,
    BOB,
    CHANNEL,
    CY,
    DEE,
    EVE,
    GUILD,
    FakeClock,
    lobby_with,
    make_service,
    ok,
    started_game,
)
from .fake_game import ENGINE, RaceEngine


def rejected(result: object, code: RejectionCode) -> Rejection:
    assert isinstance(result, Rejection), f"expected {code}, got {result!r}"
    assert result.code is code, result
    return result


async def play_to_end(service: GameService, channel: int = CHANNEL) -> MoveResult:
    """Drive a game of humans to its end: whoever may act rolls (or says ready)."""
    last: MoveResult | None = None
    for _ in range(500):
        status = ok(await service.status(channel))
        assert isinstance(status, GameStatus)
        if status.session.status is not SessionStatus.ACTIVE:
            break
        seat = min(status.to_act)
        user = status.session.seats[seat].user_id
        word = "ready" if status.state.phase == "ready" else "roll"
        result = ok(await service.submit(channel, user, word, status.session.version))
        assert isinstance(result, MoveResult)
        last = result
        if result.finished:
            return result
    raise AssertionError(f"game did not finish: {last}")


# ---------------------------------------------------------------- lobby


@pytest.mark.asyncio
async def test_create_lobby_validates_options_and_seats_the_host(service: GameService) -> None:
    rec = await lobby_with(service, (ALICE, "Alice"), target=20)
    assert rec.status is SessionStatus.LOBBY
    assert rec.options == {"target": 20, "first": 0}  # defaults filled in
    assert [(s.seat, s.user_id, s.display_name) for s in rec.seats] == [(0, ALICE, "Alice")]
    assert rec.host_user_id == ALICE

    bad = await service.create_lobby(
        "race", guild_id=GUILD, channel_id=11, host_id=BOB, host_name="Bob", options={"target": 3}
    )
    assert rejected(bad, RejectionCode.LOBBY).message == "Option 'target' must be at least 5."
    unknown = await service.create_lobby(
        "race", guild_id=GUILD, channel_id=11, host_id=BOB, host_name="Bob", options={"x": 1}
    )
    assert "has no option 'x'" in rejected(unknown, RejectionCode.LOBBY).message
    nogame = await service.create_lobby(
        "chess", guild_id=GUILD, channel_id=11, host_id=BOB, host_name="Bob"
    )
    assert "No game called 'chess'" in rejected(nogame, RejectionCode.LOBBY).message


@pytest.mark.asyncio
async def test_one_game_per_channel_but_threads_are_separate(service: GameService) -> None:
    await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    again = await service.create_lobby(
        "race", guild_id=GUILD, channel_id=CHANNEL, host_id=CY, host_name="Cy"
    )
    assert rejected(again, RejectionCode.LOBBY).message == (
        "This channel already has a Race game in progress: finish it or /game abandon it first, "
        "or start it in a thread."
    )
    threaded = ok(
        await service.create_lobby(
            "race", guild_id=GUILD, channel_id=CHANNEL, thread_id=77, host_id=CY, host_name="Cy"
        )
    )
    assert isinstance(threaded, SessionRecord) and threaded.place_id == 77
    # Joining in the thread joins the thread's lobby, not the channel's game.
    joined = ok(await service.join(77, DEE, "Dee"))
    assert joined.id == threaded.id and len(joined.seats) == 2
    lobby_msg = await service.create_lobby(
        "race", guild_id=GUILD, channel_id=CHANNEL, thread_id=77, host_id=EVE, host_name="Eve"
    )
    assert "already has a Race lobby open" in rejected(lobby_msg, RejectionCode.LOBBY).message


@pytest.mark.asyncio
async def test_join_rules(service: GameService) -> None:
    assert rejected(await service.join(CHANNEL, BOB, "Bob"), RejectionCode.NO_ACTIVE_GAME)
    await lobby_with(service, (ALICE, "Alice"), (BOB, "Bob"), (CY, "Cy"), (DEE, "Dee"))
    again = await service.join(CHANNEL, BOB, "Bob")
    assert rejected(again, RejectionCode.LOBBY).message == "You are already in this lobby."
    full = await service.join(CHANNEL, EVE, "Eve")
    assert rejected(full, RejectionCode.LOBBY).message == "This Race game is full (4 of 4 seats)."
    ok(await service.start(CHANNEL, ALICE))
    late = await service.join(CHANNEL, EVE, "Eve")
    assert "already started" in rejected(late, RejectionCode.LOBBY).message


@pytest.mark.asyncio
async def test_leave_renumbers_and_host_passes_then_lobby_closes(service: GameService) -> None:
    await lobby_with(service, (ALICE, "Alice"), (BOB, "Bob"), (CY, "Cy"))
    ok(await service.add_bot(CHANNEL, ALICE, "random"))
    rec = ok(await service.leave(CHANNEL, BOB))
    assert [s.display_name for s in rec.seats] == ["Alice", "Cy", "Random bot"]
    assert rejected(await service.leave(CHANNEL, BOB), RejectionCode.NOT_A_PLAYER)
    # The host leaves: Cy, the next human in join order, becomes host.
    rec = ok(await service.leave(CHANNEL, ALICE))
    assert rec.host_user_id == CY and [s.seat for s in rec.seats] == [0, 1]
    assert rec.status is SessionStatus.LOBBY
    # The last human leaves: the lobby is cancelled and the channel is free again.
    rec = ok(await service.leave(CHANNEL, CY))
    assert rec.status is SessionStatus.ABANDONED
    assert "left" in rec.end_reason
    assert rejected(await service.status(CHANNEL), RejectionCode.NO_ACTIVE_GAME)
    ok(
        await service.create_lobby(
            "race", guild_id=GUILD, channel_id=CHANNEL, host_id=DEE, host_name="Dee"
        )
    )


@pytest.mark.asyncio
async def test_add_bot_and_kick_are_host_only(service: GameService) -> None:
    await lobby_with(service, (ALICE, "Alice"), (BOB, "Bob"))
    by_guest = await service.add_bot(CHANNEL, BOB, "random")
    assert rejected(by_guest, RejectionCode.LOBBY).message == "Only the host, Alice, can add bots."
    nobot = await service.add_bot(CHANNEL, ALICE, "genius")
    assert rejected(nobot, RejectionCode.LOBBY).message == (
        "Race has no bot called 'genius' (bots: greedy, random)."
    )
    ok(await service.add_bot(CHANNEL, ALICE, "random"))
    rec = ok(await service.add_bot(CHANNEL, ALICE, "Random"))
    assert [s.display_name for s in rec.seats] == ["Alice", "Bob", "Random bot", "Random bot 2"]
    assert rejected(await service.kick(CHANNEL, BOB, 2), RejectionCode.LOBBY)
    assert rejected(await service.kick(CHANNEL, ALICE, 0), RejectionCode.LOBBY)
    assert rejected(await service.kick(CHANNEL, ALICE, 9), RejectionCode.LOBBY)
    rec = ok(await service.kick(CHANNEL, ALICE, 1))
    assert [s.display_name for s in rec.seats] == ["Alice", "Random bot", "Random bot 2"]


@pytest.mark.asyncio
async def test_start_rules(service: GameService) -> None:
    await lobby_with(service, (ALICE, "Alice"))
    alone = await service.start(CHANNEL, ALICE)
    assert rejected(alone, RejectionCode.LOBBY).message == (
        "Race needs at least 2 players; 1 seated so far."
    )
    ok(await service.join(CHANNEL, BOB, "Bob"))
    assert rejected(await service.start(CHANNEL, BOB), RejectionCode.LOBBY).message == (
        "Only the host, Alice, can start the game."
    )
    # Someone not seated is told the same: who may start, rather than "you are not in it".
    assert rejected(await service.start(CHANNEL, CY), RejectionCode.LOBBY).message == (
        "Only the host, Alice, can start the game."
    )
    result = ok(await service.start(CHANNEL, ALICE))
    assert isinstance(result, MoveResult)
    assert result.session.status is SessionStatus.ACTIVE
    assert result.session.seed == 1234
    assert result.moves == () and result.to_act == {Seat(0)}
    # Seats keep join order; the state matches a fresh engine game from the stored seed.
    assert [s.user_id for s in result.session.seats] == [ALICE, BOB]
    assert result.state == ENGINE.new_game(2, {"target": 10}, 1234)
    assert rejected(await service.start(CHANNEL, ALICE), RejectionCode.LOBBY)


# ---------------------------------------------------------------- play


@pytest.mark.asyncio
async def test_lifecycle_to_the_end(service: GameService) -> None:
    start = await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    first = ok(await service.submit(CHANNEL, ALICE, "  ROLL ", start.session.version))
    assert isinstance(first, MoveResult)
    assert first.session.version == start.session.version + 1
    # The log keeps the engine's own spelling of the move.
    assert [(m.ply, m.seat, m.user_id, m.notation) for m in first.moves] == [(1, 0, ALICE, "roll")]
    assert first.moves[0].events[0].kind == "roll"
    assert first.to_act == {Seat(1)} and not first.finished

    final = await play_to_end(service)
    assert final.finished and final.outcome is not None
    assert final.session.status is SessionStatus.FINISHED
    assert final.session.outcome == final.outcome.to_dict()
    assert final.session.end_reason == final.outcome.reason
    assert final.to_act == frozenset()
    # The channel is free again, and a late click on the old game says it is over.
    assert rejected(await service.status(CHANNEL), RejectionCode.NO_ACTIVE_GAME)
    late = await service.submit(CHANNEL, ALICE, "roll", session_id=final.session.id)
    assert rejected(late, RejectionCode.GAME_OVER).message == (
        "This Race game is over; no more moves can be made."
    )
    latest = await service.latest(CHANNEL)
    assert latest is not None and latest.id == final.session.id
    status = ok(await service.status(CHANNEL, session_id=final.session.id))
    assert status.outcome == final.outcome and status.to_act == frozenset()
    history = ok(await service.history(CHANNEL, 3, session_id=final.session.id))
    assert [e.ply for e in history] == [
        final.session.ply - 2,
        final.session.ply - 1,
        final.session.ply,
    ]
    report = await service.verify_replay(final.session.id)
    assert report.matches and report.plies == final.session.ply


@pytest.mark.asyncio
async def test_submit_check_order(service: GameService) -> None:
    none = await service.submit(CHANNEL, ALICE, "roll")
    assert rejected(none, RejectionCode.NO_ACTIVE_GAME).message == (
        "There is no game in this channel right now."
    )
    await lobby_with(service, (ALICE, "Alice"), (BOB, "Bob"))
    # A stranger is told they are not playing before anything else.
    assert rejected(await service.submit(CHANNEL, CY, "nonsense"), RejectionCode.NOT_A_PLAYER)
    lobby = await service.submit(CHANNEL, ALICE, "roll")
    assert "has not started yet" in rejected(lobby, RejectionCode.NO_ACTIVE_GAME).message
    start = ok(await service.start(CHANNEL, ALICE))
    stranger = await service.submit(CHANNEL, CY, "roll", start.session.version)
    assert rejected(stranger, RejectionCode.NOT_A_PLAYER).message == (
        "You are not playing in this Race game."
    )
    # A stale version wins over an engine complaint: the board the user saw is gone.
    stale = await service.submit(CHANNEL, BOB, "gibberish", start.session.version - 1)
    assert rejected(stale, RejectionCode.STALE).message == STALE_MESSAGE
    turn = await service.submit(CHANNEL, BOB, "roll", start.session.version)
    assert rejected(turn, RejectionCode.NOT_YOUR_TURN).message == (
        "It is not your turn: waiting for Alice."
    )
    bad = await service.submit(CHANNEL, ALICE, "jump", start.session.version)
    assert rejected(bad, RejectionCode.MALFORMED).message == (
        "I don't know the move 'jump'; try roll, play or ready."
    )
    illegal = await service.submit(CHANNEL, ALICE, "ready")
    assert rejected(illegal, RejectionCode.ILLEGAL)


@pytest.mark.asyncio
async def test_refused_move_changes_nothing(service: GameService) -> None:
    start = await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    before = ok(await service.status(CHANNEL))
    for user, text in ((ALICE, "fly"), (ALICE, "ready"), (BOB, "roll"), (CY, "roll")):
        assert isinstance(await service.submit(CHANNEL, user, text), Rejection)
    after = ok(await service.status(CHANNEL))
    assert after.session == before.session
    assert after.session.version == start.session.version and after.session.ply == 0
    assert ENGINE.state_to_dict(after.state) == ENGINE.state_to_dict(before.state)
    assert ok(await service.history(CHANNEL)) == ()


@pytest.mark.asyncio
async def test_simultaneous_phase_and_pings(service: GameService) -> None:
    await started_game(service, (ALICE, "Alice"), (BOB, "Bob"), (CY, "Cy"))
    for user in (ALICE, BOB, CY):
        ok(await service.submit(CHANNEL, user, "roll"))
    status = ok(await service.status(CHANNEL))
    assert status.state.phase == "ready"
    assert status.to_act == {Seat(0), Seat(1), Seat(2)}
    assert service.users_to_ping(status.session, status.state) == (ALICE, BOB, CY)
    # Any order in the simultaneous phase.
    ok(await service.submit(CHANNEL, CY, "ready"))
    ok(await service.submit(CHANNEL, ALICE, "ready"))
    status = ok(await service.status(CHANNEL))
    assert service.users_to_ping(status.session, status.state) == (BOB,)
    twice = await service.submit(CHANNEL, ALICE, "ready")
    assert rejected(twice, RejectionCode.NOT_YOUR_TURN).message == (
        "It is not your turn: waiting for Bob."
    )
    result = ok(await service.submit(CHANNEL, BOB, "ready"))
    assert result.to_act == {Seat(0)}
    assert service.users_to_ping(result.session, result.state) == (ALICE,)
    assert service.legal_notations(result.session, result.state, ALICE) == ("play", "roll")
    assert service.legal_notations(result.session, result.state, BOB) == ()
    assert service.legal_notations(result.session, result.state, EVE) == ()


@pytest.mark.asyncio
async def test_views_hide_other_seats_cards(service: GameService) -> None:
    start = await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    session, state = start.session, start.state
    assert service.seat_of(session, ALICE) == 0 and service.seat_of(session, BOB) == 1
    assert service.seat_of(session, EVE) is None
    alice_view = service.view_for(session, state, ALICE)
    bob_view = service.view_for(session, state, BOB)
    assert alice_view.my_card == f"gem{state.cards[0]}"
    assert bob_view.my_card == f"gem{state.cards[1]}"
    assert service.view_for(session, state, None).my_card is None
    assert service.view_for(session, state, EVE).my_card is None  # non-players are spectators
    # A played card's replacement is drawn in secret: only the drawer sees it.
    result = ok(await service.submit(CHANNEL, ALICE, "play"))
    draw = next(e for e in result.moves[0].events if e.kind == "draw")
    assert draw.for_viewer(Seat(0)).text.startswith("You drew gem")
    assert draw.for_viewer(Seat(1)).text == "Seat 0 drew a card."
    assert draw.for_viewer(None).data == {}


# ---------------------------------------------------------------- bots


@pytest.mark.asyncio
async def test_bots_reply_after_a_human_move(service: GameService) -> None:
    await lobby_with(service, (ALICE, "Alice"))
    ok(await service.add_bot(CHANNEL, ALICE, "greedy"))
    ok(await service.add_bot(CHANNEL, ALICE, "random"))
    start = ok(await service.start(CHANNEL, ALICE))
    assert start.moves == ()  # Alice moves first
    result = ok(await service.submit(CHANNEL, ALICE, "roll"))
    assert isinstance(result, MoveResult)
    # Alice's roll, both bots' turns, then the bots' "ready"; Alice is left to say ready.
    movers = [(m.display_name, m.notation) for m in result.moves]
    assert movers[0] == ("Alice", "roll")
    assert [m.ply for m in result.moves] == list(range(1, len(result.moves) + 1))
    assert {m.display_name for m in result.moves[1:]} == {"Greedy bot", "Random bot"}
    assert all(m.user_id is None and m.bot_name for m in result.moves[1:])
    assert result.to_act == {Seat(0)} and result.state.phase == "ready"
    assert result.session.ply == len(result.moves)
    assert service.users_to_ping(result.session, result.state) == (ALICE,)
    log = ok(await service.history(CHANNEL, 50))
    assert [e.notation for e in log] == [m.notation for m in result.moves]
    assert [e.user_id for e in log][1:] == [None] * (len(log) - 1)


@pytest.mark.asyncio
async def test_bot_moving_first_plays_at_start(service: GameService) -> None:
    await lobby_with(service, (ALICE, "Alice"), first=1)
    ok(await service.add_bot(CHANNEL, ALICE, "greedy"))
    start = ok(await service.start(CHANNEL, ALICE))
    assert isinstance(start, MoveResult)
    # The bot (seat 1) opens at once; then it is Alice's turn.
    assert [(m.seat, m.bot_name, m.ply) for m in start.moves] == [(1, "greedy", 1)]
    assert start.to_act == {Seat(0)} and start.session.ply == 1
    assert service.users_to_ping(start.session, start.state) == (ALICE,)
    result = ok(await service.submit(CHANNEL, ALICE, "roll"))
    # After Alice the round is over: the bot says ready in the simultaneous phase, Alice waits.
    assert [(m.seat, m.notation) for m in result.moves] == [(0, "roll"), (1, "ready")]
    assert result.to_act == {Seat(0)} and result.state.phase == "ready"


@pytest.mark.asyncio
async def test_game_with_bots_plays_to_the_end(service: GameService) -> None:
    await lobby_with(service, (ALICE, "Alice"))
    ok(await service.add_bot(CHANNEL, ALICE, "greedy"))
    ok(await service.add_bot(CHANNEL, ALICE, "random"))
    ok(await service.start(CHANNEL, ALICE))
    final = await play_to_end(service)
    assert final.finished and final.session.status is SessionStatus.FINISHED
    assert (await service.verify_replay(final.session.id)).matches


@pytest.mark.asyncio
async def test_bot_games_are_reproducible(clock: FakeClock) -> None:
    async def run() -> list[tuple[int, str]]:
        service = make_service(MemoryStore(), clock, seed=99)
        await lobby_with(service, (ALICE, "Alice"))
        ok(await service.add_bot(CHANNEL, ALICE, "random"))
        ok(await service.start(CHANNEL, ALICE))
        final = await play_to_end(service)
        log = ok(await service.history(CHANNEL, 1000, session_id=final.session.id))
        return [(e.seat, e.notation) for e in log]

    assert await run() == await run()
    assert bot_seed(1, 2, 3) == bot_seed(1, 2, 3) != bot_seed(1, 3, 3)


@pytest.mark.asyncio
async def test_broken_bot_falls_back_to_a_legal_move(
    clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    class Cheater:
        def choose(self, state: object, seat: Seat, seed: int) -> str:
            return "ready"  # illegal in the turn phase

    engine = RaceEngine(bots={"cheater": Cheater})
    service = GameService(
        MemoryStore(), clock=clock, seed_source=lambda: 5, engines=lambda key: engine
    )
    await lobby_with(service, (ALICE, "Alice"))
    ok(await service.add_bot(CHANNEL, ALICE, "cheater"))
    ok(await service.start(CHANNEL, ALICE))
    with caplog.at_level(logging.ERROR, logger="bot.sessions.service"):
        result = ok(await service.submit(CHANNEL, ALICE, "roll"))
    assert [(m.seat, m.notation) for m in result.moves][:2] == [(0, "roll"), (1, "play")]
    assert "cheater" in caplog.text
    assert (await service.verify_replay(result.session.id)).matches


@pytest.mark.asyncio
async def test_a_legal_bot_choice_does_not_list_every_legal_action(clock: FakeClock) -> None:
    # The first legal action is the fallback for a refused choice only: listing them all costs
    # more than a move (~1,800 Cathedral placements), so a good choice must not pay for it.
    listed: list[Seat] = []

    class CountingEngine(RaceEngine):
        def legal_actions(self, state: object, seat: Seat) -> tuple[str, ...]:
            listed.append(seat)
            return super().legal_actions(state, seat)  # type: ignore[arg-type]

    engine = CountingEngine()
    service = GameService(
        MemoryStore(), clock=clock, seed_source=lambda: 5, engines=lambda key: engine
    )
    await lobby_with(service, (ALICE, "Alice"))
    ok(await service.add_bot(CHANNEL, ALICE, "greedy"))
    ok(await service.start(CHANNEL, ALICE))
    result = ok(await service.submit(CHANNEL, ALICE, "roll"))
    assert any(m.bot_name == "greedy" for m in result.moves)
    assert Seat(1) not in listed


@pytest.mark.asyncio
async def test_run_bots_resumes_a_pending_bot_turn(clock: FakeClock) -> None:
    store = MemoryStore()
    service = make_service(store, clock)
    await lobby_with(service, (ALICE, "Alice"))
    ok(await service.add_bot(CHANNEL, ALICE, "greedy"))
    start = ok(await service.start(CHANNEL, ALICE))
    # Simulate a crash right after Alice's move was stored, before the bot replied.
    state = start.state
    from bot.games.protocol import canonical_json, step_text
    from bot.storage.records import MoveCommit

    moved = step_text(ENGINE, state, Seat(0), "roll")
    await store.commit_move(
        start.session.id,
        start.session.version,
        MoveCommit(0, ALICE, "roll", (), canonical_json(ENGINE.state_to_dict(moved.state)), 1),
        clock(),
    )
    fresh = make_service(store, clock)
    resumed = await fresh.resume_bots()
    assert len(resumed) == 1
    result = resumed[0]
    assert [m.seat for m in result.moves] == [1, 1]  # the bot rolls, then says ready
    assert result.to_act == {Seat(0)}
    assert (await fresh.verify_replay(start.session.id)).matches
    # Nothing left to do: a second resume applies nothing, run_bots reports no moves.
    assert await fresh.resume_bots() == ()
    assert ok(await fresh.run_bots(start.session.id)).moves == ()


# ---------------------------------------------------------------- concurrency


@pytest.mark.asyncio
async def test_concurrent_submits_same_version_one_wins(service: GameService) -> None:
    start = await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    v = start.session.version
    a, b = await asyncio.gather(
        service.submit(CHANNEL, ALICE, "roll", v), service.submit(CHANNEL, ALICE, "play", v)
    )
    results = [a, b]
    wins = [r for r in results if isinstance(r, MoveResult)]
    stale = [r for r in results if isinstance(r, Rejection)]
    assert len(wins) == 1 and len(stale) == 1
    assert stale[0].code is RejectionCode.STALE and stale[0].message == STALE_MESSAGE
    log = ok(await service.history(CHANNEL))
    assert len(log) == 1 and log[0].notation == wins[0].moves[0].notation


@pytest.mark.asyncio
async def test_simultaneous_readies_all_land(service: GameService) -> None:
    players = ((ALICE, "Alice"), (BOB, "Bob"), (CY, "Cy"), (DEE, "Dee"))
    await started_game(service, *players)
    for user, _ in players:
        ok(await service.submit(CHANNEL, user, "roll"))
    # No expected_version: each ready is applied in turn under the session lock.
    results = await asyncio.gather(*(service.submit(CHANNEL, u, "ready") for u, _ in players))
    assert all(isinstance(r, MoveResult) for r in results)
    status = ok(await service.status(CHANNEL))
    assert status.state.phase == "turn" and status.session.ply == 8
    assert sorted(r.session.version for r in results) == list(
        range(status.session.version - 3, status.session.version + 1)
    )


@pytest.mark.asyncio
async def test_many_channels_and_guilds_at_once(service: GameService) -> None:
    async def one_game(n: int) -> MoveResult:
        channel = 1000 + n
        rec = ok(
            await service.create_lobby(
                "race", guild_id=n % 3, channel_id=channel, host_id=n * 10, host_name=f"h{n}"
            )
        )
        ok(await service.join(channel, n * 10 + 1, f"g{n}"))
        ok(await service.start(channel, rec.host_user_id))
        return await play_to_end(service, channel)

    finals = await asyncio.gather(*(one_game(n) for n in range(12)))
    assert len({f.session.id for f in finals}) == 12
    assert all(f.finished for f in finals)
    for f in finals:
        assert (await service.verify_replay(f.session.id)).matches
    assert await service.list_open() == ()


# ---------------------------------------------------------------- abandon and deadlines


@pytest.mark.asyncio
async def test_host_abandons_at_once(service: GameService) -> None:
    await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    outsider = await service.abandon(CHANNEL, CY)
    assert rejected(outsider, RejectionCode.NOT_A_PLAYER)
    result = ok(await service.abandon(CHANNEL, ALICE))
    assert isinstance(result, AbandonResult) and result.abandoned
    assert result.session.status is SessionStatus.ABANDONED
    assert result.session.end_reason == "Abandoned by the host, Alice."
    assert rejected(await service.submit(CHANNEL, BOB, "roll"), RejectionCode.NO_ACTIVE_GAME)
    over = await service.submit(CHANNEL, BOB, "roll", session_id=result.session.id)
    assert rejected(over, RejectionCode.GAME_OVER).message == "This Race game was abandoned."


@pytest.mark.asyncio
async def test_guests_abandon_by_unanimous_vote(service: GameService) -> None:
    await lobby_with(service, (ALICE, "Alice"), (BOB, "Bob"), (CY, "Cy"))
    ok(await service.add_bot(CHANNEL, ALICE, "random"))
    ok(await service.start(CHANNEL, ALICE))
    first = ok(await service.abandon(CHANNEL, BOB))
    assert not first.abandoned and first.votes == {BOB}
    assert first.waiting_for == {ALICE, CY}  # bots do not vote
    again = ok(await service.abandon(CHANNEL, BOB))
    assert again.votes == {BOB}  # voting twice counts once
    second = ok(await service.abandon(CHANNEL, CY))
    assert not second.abandoned and second.waiting_for == {ALICE}
    assert ok(await service.status(CHANNEL)).session.status is SessionStatus.ACTIVE


@pytest.mark.asyncio
async def test_vote_completes_when_every_human_agrees(service: GameService) -> None:
    await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    # Alice (the host) could end it alone anyway; her vote after Bob's completes it as well.
    ok(await service.abandon(CHANNEL, BOB))
    final = ok(await service.abandon(CHANNEL, ALICE))
    assert final.abandoned and final.votes == {ALICE, BOB} and final.waiting_for == frozenset()
    assert final.session.abandon_votes == {ALICE, BOB}


@pytest.mark.asyncio
async def test_lobby_can_only_be_cancelled_by_host(service: GameService) -> None:
    await lobby_with(service, (ALICE, "Alice"), (BOB, "Bob"))
    guest = await service.abandon(CHANNEL, BOB)
    assert rejected(guest, RejectionCode.LOBBY).message == (
        "Only the host, Alice, can cancel the lobby."
    )
    assert ok(await service.abandon(CHANNEL, ALICE)).abandoned


@pytest.mark.asyncio
async def test_turn_deadlines_and_expiry(clock: FakeClock) -> None:
    service = make_service(MemoryStore(), clock)
    rec = ok(
        await service.create_lobby(
            "race",
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=ALICE,
            host_name="Alice",
            turn_timeout=timedelta(minutes=10),
        )
    )
    assert rec.turn_timeout_s == 600
    ok(await service.join(CHANNEL, BOB, "Bob"))
    start = ok(await service.start(CHANNEL, ALICE))
    assert start.session.turn_deadline == clock.now + timedelta(minutes=10)
    clock.advance(minutes=5)
    moved = ok(await service.submit(CHANNEL, ALICE, "roll"))
    assert moved.session.turn_deadline == clock.now + timedelta(minutes=10)
    clock.advance(minutes=9)
    assert await service.overdue() == ()
    assert await service.expire_overdue() == ()
    clock.advance(minutes=2)
    assert [r.id for r in await service.overdue()] == [rec.id]
    expired = await service.expire_overdue()
    assert [r.status for r in expired] == [SessionStatus.ABANDONED]
    assert expired[0].end_reason == "Timed out waiting for Bob."
    assert await service.overdue() == ()
    assert rejected(await service.status(CHANNEL), RejectionCode.NO_ACTIVE_GAME)


@pytest.mark.asyncio
async def test_no_deadline_without_timeout(service: GameService) -> None:
    start = await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    assert start.session.turn_deadline is None
    assert await service.overdue() == ()


@pytest.mark.asyncio
async def test_message_id_keeps_buttons_fresh(service: GameService) -> None:
    start = await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    await service.set_message_id(start.session.id, 4242)
    status = ok(await service.status(CHANNEL))
    assert status.session.message_id == 4242
    assert status.session.version == start.session.version
    ok(await service.submit(CHANNEL, ALICE, "roll", start.session.version))


@pytest.mark.asyncio
async def test_list_open_by_guild(service: GameService) -> None:
    await lobby_with(service, (ALICE, "Alice"))
    ok(await service.create_lobby("race", guild_id=2, channel_id=20, host_id=BOB, host_name="B"))
    assert len(await service.list_open()) == 2
    assert [r.guild_id for r in await service.list_open(2)] == [2]
