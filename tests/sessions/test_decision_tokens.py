"""Per-seat decision tokens: a click on a simultaneous decision stays valid while that seat's
decision is unchanged (other players' moves in the same step do not outdate it)."""

from __future__ import annotations

import pytest

from bot.games.protocol import Seat
from bot.games.rejections import Rejection, RejectionCode
from bot.sessions.models import MoveResult
from bot.sessions.service import DECISION_TOKEN_LENGTH, STALE_MESSAGE, GameService
from bot.storage.memory import MemoryStore

pytestmark = pytest.mark.asyncio

CHANNEL = 10
ANN, BEN, CAT, SPECTATOR = 1, 2, 3, 99


async def _aid_game() -> tuple[GameService, MoveResult]:
    """A 3-human Kingsburg game at the year-I aid: all three choose a good at once."""
    service = GameService(MemoryStore(), seed_source=lambda: 7)
    lobby = await service.create_lobby(
        "kingsburg", guild_id=1, channel_id=CHANNEL, host_id=ANN, host_name="Ann"
    )
    assert not isinstance(lobby, Rejection)
    for uid, name in ((BEN, "Ben"), (CAT, "Cat")):
        assert not isinstance(await service.join(CHANNEL, uid, name), Rejection)
    started = await service.start(CHANNEL, ANN)
    assert isinstance(started, MoveResult)
    assert started.to_act == frozenset({Seat(0), Seat(1), Seat(2)})
    return service, started


async def _tokens(service: GameService) -> dict[int, str | None]:
    status = await service.status(CHANNEL)
    assert not isinstance(status, Rejection)
    return {s: service.decision_token(status.session, status.state, Seat(s)) for s in range(3)}


async def test_tokens_are_short_public_and_stable() -> None:
    service, _ = await _aid_game()
    tokens = await _tokens(service)
    status = await service.status(CHANNEL)
    assert not isinstance(status, Rejection)
    # The token is the number of moves played so far, in hex: the same for every awaited seat
    # (the custom_id tells seats apart), nothing drawn from anyone's options or cards.
    assert set(tokens.values()) == {format(status.session.ply, "x")}
    assert all(t is not None and len(t) <= DECISION_TOKEN_LENGTH for t in tokens.values())
    assert await _tokens(service) == tokens


async def test_another_players_move_keeps_my_click_working() -> None:
    service, started = await _aid_game()
    before = await _tokens(service)
    first = await service.submit(
        CHANNEL, BEN, "aid gold", expected_seat=1, expected_token=before[1]
    )
    assert isinstance(first, MoveResult)
    after = await _tokens(service)
    assert after[1] is None  # Ben has chosen: no decision left for him
    # Ann's token from before Ben's move is still accepted, though the version moved on.
    second = await service.submit(
        CHANNEL, ANN, "aid wood", expected_seat=0, expected_token=before[0]
    )
    assert isinstance(second, MoveResult)
    assert second.session.version > started.session.version + 1


async def test_a_click_after_the_decision_was_taken_is_stale() -> None:
    service, _ = await _aid_game()
    tokens = await _tokens(service)
    assert isinstance(
        await service.submit(CHANNEL, CAT, "aid stone", expected_seat=2, expected_token=tokens[2]),
        MoveResult,
    )
    again = await service.submit(
        CHANNEL, CAT, "aid gold", expected_seat=2, expected_token=tokens[2]
    )
    assert isinstance(again, Rejection)
    assert again.code is RejectionCode.STALE and again.message == STALE_MESSAGE


@pytest.mark.parametrize("token", ["zz", "ffffffff", "1000"])
async def test_a_wrong_token_is_stale_and_nothing_changes(token: str) -> None:
    service, started = await _aid_game()
    refused = await service.submit(CHANNEL, ANN, "aid gold", expected_seat=0, expected_token=token)
    assert isinstance(refused, Rejection) and refused.code is RejectionCode.STALE
    status = await service.status(CHANNEL)
    assert not isinstance(status, Rejection)
    assert status.session.version == started.session.version


async def test_another_seats_buttons_are_refused_with_the_owners_name() -> None:
    service, _ = await _aid_game()
    tokens = await _tokens(service)
    for user in (BEN, SPECTATOR):
        refused = await service.submit(
            CHANNEL, user, "aid gold", expected_seat=0, expected_token=tokens[0]
        )
        assert isinstance(refused, Rejection)
        assert refused.message == "These buttons are for Ann."
    # Ann's own click is still fine afterwards.
    mine = await service.submit(CHANNEL, ANN, "aid gold", expected_seat=0, expected_token=tokens[0])
    assert isinstance(mine, MoveResult)


async def test_a_later_decision_gets_a_new_token_and_old_buttons_are_stale() -> None:
    service, _ = await _aid_game()
    tokens = await _tokens(service)
    for user, good in ((ANN, "gold"), (BEN, "wood"), (CAT, "stone")):
        assert isinstance(await service.submit(CHANNEL, user, f"aid {good}"), MoveResult)
    status = await service.status(CHANNEL)
    assert not isinstance(status, Rejection)
    later = {s: service.decision_token(status.session, status.state, s) for s in status.to_act}
    assert later and all(t is not None for t in later.values())
    assert not set(later.values()) & set(tokens.values())
    for seat in status.to_act:
        user = status.session.seats[seat].user_id
        assert user is not None
        legal = service.legal_notations(status.session, status.state, user)
        old = await service.submit(
            CHANNEL, user, legal[0], expected_seat=int(seat), expected_token=tokens[int(seat)]
        )
        assert isinstance(old, Rejection) and old.code is RejectionCode.STALE
