"""A computer player with an open trade offer waits for the humans' answers, bounded: it moves on
once they have answered, or once `BOT_ANSWER_WAIT` has passed without a change (also across a
restart); bots answer a bot's offer at once, so a game of bots never waits."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.games.canaan.state import Answer, Offer, State, evolve
from bot.games.protocol import Seat, canonical_json
from bot.sessions.models import MoveResult
from bot.sessions.service import BOT_ANSWER_WAIT, GameService
from bot.storage.base import SessionStore
from bot.storage.records import SessionPatch, SessionRecord
from tests.conftest import open_store
from tests.games.canaan.positions import hand, position
from tests.sessions.conftest import ALICE, BOB, CHANNEL, GUILD, FakeClock, ok

pytestmark = pytest.mark.asyncio

BOT = 1  # the bot's seat: Alice is 0 (host), Bob joins after the bot, at 2


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SessionStore]:
    """A store that outlives a service (a restart is a new service over it)."""
    async with open_store(request.param, request, tmp_path) as opened:
        yield opened


def service_over(store: SessionStore, clock: FakeClock) -> GameService:
    """A service with the real engines: a new one over the same store is a restart."""
    return GameService(store, clock=clock, seed_source=lambda: 7)


async def table_of(service: GameService, bots: tuple[str, ...] = ("heuristic",)) -> int:
    """A started Canaan game: Alice, the bot(s), then Bob; returns the session id."""
    ok(
        await service.create_lobby(
            "canaan", guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice"
        )
    )
    for name in bots:
        ok(await service.add_bot(CHANNEL, ALICE, name))
    ok(await service.join(CHANNEL, BOB, "Bob"))
    started = ok(await service.start(CHANNEL, ALICE))
    assert isinstance(started, MoveResult)
    return started.session.id


def bot_offering(players: int = 3, to: int | None = None) -> State:
    """The bot's turn, rolled, with its open offer of 1 lumber for 1 grain (it needs grain for
    a city); everyone else holds grain and may accept."""
    s = position(
        players,
        settlements={10: BOT},
        hands={
            0: hand(grain=2, wool=1),
            BOT: hand(lumber=3, ore=3, grain=1),
            2: hand(grain=2, stone=1),
            **({3: hand(grain=1)} if players == 4 else {}),
        },
        current=BOT,
    )
    offer = Offer(hand(lumber=1), hand(grain=1), to, (Answer(),) * players)
    return evolve(s, offer=offer, offers_made=1)


async def seed(service: GameService, session_id: int, state: State) -> SessionRecord:
    """Put `state` in the game, as a move would (its seats to act recorded for the index)."""
    session = await service.store.get_session(session_id)
    assert session is not None
    engine = service.engine_for(session)
    return await service.store.update(
        session_id,
        session.version,
        SessionPatch(
            state_json=canonical_json(engine.state_to_dict(state)),
            to_act=frozenset(int(s) for s in engine.to_act(state)),
        ),
        service.now(),
    )


async def bot_has_offered(store: SessionStore, clock: FakeClock) -> tuple[GameService, int]:
    """A game where the bot's offer awaits Alice's and Bob's answers: (service, session id)."""
    service = service_over(store, clock)
    sid = await table_of(service)
    await seed(service, sid, bot_offering())
    return service, sid


async def test_the_bot_waits_until_every_human_has_answered_then_confirms(
    store: SessionStore, clock: FakeClock
) -> None:
    service, sid = await bot_has_offered(store, clock)
    waiting = ok(await service.run_bots(sid))
    assert waiting.moves == ()  # Alice and Bob may still answer
    assert waiting.to_act == {Seat(0), Seat(BOT), Seat(2)}
    declined = ok(await service.submit(CHANNEL, ALICE, "decline"))
    assert [m.notation for m in declined.moves] == ["decline"]  # still waiting for Bob
    accepted = ok(await service.submit(CHANNEL, BOB, "accept"))
    played = [(m.seat, m.notation) for m in accepted.moves]
    assert played[:2] == [(2, "accept"), (BOT, "trade green")], played
    assert accepted.state.current == 2  # the bot went on and ended its turn
    assert accepted.state.offer is None


async def test_the_wait_is_bounded_and_survives_a_restart(
    store: SessionStore, clock: FakeClock
) -> None:
    service, sid = await bot_has_offered(store, clock)
    clock.advance(seconds=BOT_ANSWER_WAIT.total_seconds() - 60)
    restarted = service_over(store, clock)
    assert await restarted.resume_bots() == ()  # not yet: the wait is kept, not restarted
    clock.advance(seconds=61)
    again = service_over(store, clock)
    (moved,) = await again.resume_bots()
    notations = [m.notation for m in moved.moves]
    assert notations[0] == "withdraw" and notations[-1] == "end", notations
    assert moved.state.current == 2 and moved.state.offer is None


async def test_a_human_answer_restarts_the_wait_for_the_others(
    store: SessionStore, clock: FakeClock
) -> None:
    service, sid = await bot_has_offered(store, clock)
    clock.advance(seconds=BOT_ANSWER_WAIT.total_seconds() - 60)
    ok(await service.submit(CHANNEL, ALICE, "decline"))
    clock.advance(seconds=120)
    assert ok(await service.run_bots(sid)).moves == ()  # Bob still has time
    clock.advance(seconds=BOT_ANSWER_WAIT.total_seconds())
    moved = ok(await service.run_bots(sid))
    assert moved.moves[0].notation == "withdraw"


async def test_bots_answer_a_bots_offer_at_once_and_the_offerer_waits_only_for_humans(
    store: SessionStore, clock: FakeClock
) -> None:
    service = service_over(store, clock)
    sid = await table_of(service, bots=("heuristic", "heuristic"))  # Alice, bot, bot, Bob
    await seed(service, sid, bot_offering(4))
    first = ok(await service.run_bots(sid))
    assert [m.seat for m in first.moves] == [2]  # the other bot answered at once
    assert first.moves[0].notation.split()[0] in ("accept", "decline", "counter")
    assert first.to_act == {Seat(0), Seat(BOT), Seat(3)}  # Alice and Bob may still answer


async def test_an_offer_to_a_bot_alone_resolves_without_waiting(
    store: SessionStore, clock: FakeClock
) -> None:
    service = service_over(store, clock)
    sid = await table_of(service, bots=("heuristic", "heuristic"))
    await seed(service, sid, bot_offering(4, to=2))
    moved = ok(await service.run_bots(sid))
    played = [(m.seat, m.notation) for m in moved.moves]
    assert played[0][0] == 2 and played[1][0] == BOT, played  # answered, then went on
    assert played[1][1] in ("trade green", "withdraw"), played
    assert moved.state.current == 2 and moved.state.turn == 2


async def test_the_timer_round_moves_a_bot_on_once_its_wait_is_over(
    store: SessionStore, clock: FakeClock
) -> None:
    from bot.table.commands import Table
    from tests.table.conftest import FakeRenderer

    service = service_over(store, clock)
    table = Table(service, FakeRenderer())
    sid = await table_of(service)
    await seed(service, sid, bot_offering())
    assert await table.timers_round(clock()) == []
    clock.advance(seconds=BOT_ANSWER_WAIT.total_seconds())
    (post,) = await table.timers_round(clock())
    assert "withdraws the offer" in post.reply.text
    assert post.reply.mentions == (BOB,)  # Bob's turn now
