"""Kingsburg through the real tree: private news for another player goes by DM (or a nudge when
DMs are closed) and never into the channel; 6..25 choices come as a drop-down menu."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.protocol import Seat, step
from bot.games.rejections import Rejection
from bot.sessions.service import STALE_MESSAGE
from bot.table.kingsburg import menu_labels, public_line
from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, C1, Harness, User, table_status

pytestmark = pytest.mark.asyncio

PEEK_SEED = 35
"""With this seed and the random bot choosing for both players, a move by one player soon gives
the other a private peek at the enemy (found by search; the test re-checks it as it plays)."""
MENU_SEED = 4242
"""With this seed, the first player to influence has 6 legal moves: a drop-down menu."""


def _user(status: Any, seat: Seat) -> User:
    return ALICE if status.session.seats[seat].user_id == ALICE.id else BOB


async def _kingsburg(start_bot: StartBot, seed: int) -> Harness:
    h = await start_bot(seed=seed)
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    return h


async def _play_until_a_peek_for_the_other(h: Harness) -> tuple[User, User, str, str]:
    """Play random moves through the service until the next move gives the *other* player a
    private event. Returns (mover, receiver, notation, secret text) without playing it."""
    engine = h.bot.service.engine_for((await table_status(h)).session)
    for ply in range(200):
        status = await table_status(h)
        seat = min(status.to_act)
        action = engine.bots["random"]().choose(status.state, seat, PEEK_SEED * 1000 + ply)
        notation = engine.format_action(action, status.state)
        result = step(engine, status.state, seat, action)
        assert not isinstance(result, Rejection)
        hidden = [e for e in result.events if e.visible_to is not None and seat not in e.visible_to]
        mover = _user(status, seat)
        if hidden:
            (receiver_seat,) = tuple(hidden[0].visible_to or ())
            return mover, _user(status, receiver_seat), notation, hidden[0].text
        submitted = await h.bot.service.submit(C1.id, mover.id, notation)
        assert not isinstance(submitted, Rejection), submitted
    raise AssertionError("no private event for another player within 200 moves")


async def test_private_news_for_another_player_goes_by_dm(start_bot: StartBot) -> None:
    """The peek earned through another player's move reaches its owner by DM, text and image;
    the channel sees the public event only, never the secret."""
    h = await _kingsburg(start_bot, PEEK_SEED)
    mover, receiver, notation, secret = await _play_until_a_peek_for_the_other(h)
    ex = await h.slash("kingsburg act", notation=notation, user=mover)
    assert notation in ex.public_text
    opened = [s for s in ex.sent if s.kind == "dm_channel"]
    assert [s.recipient for s in opened] == [receiver.id]
    (dm,) = ex.dms
    assert dm.recipient == receiver.id and secret in dm.text
    assert dm.files and dm.files[0][1].startswith(b"\x89PNG")
    assert secret not in ex.public_text and secret not in ex.ephemeral_text
    assert all(secret not in m.text for m in h.channel_messages())
    assert "could not send you a direct message" not in ex.public_text


async def test_closed_dms_get_a_public_nudge_without_the_secret(start_bot: StartBot) -> None:
    """When Discord refuses the DM (Forbidden), the owner is pinged in the channel to look with
    /game status; the secret stays out of every public message."""
    h = await _kingsburg(start_bot, PEEK_SEED)
    mover, receiver, notation, secret = await _play_until_a_peek_for_the_other(h)
    h.close_dms(receiver)
    ex = await h.slash("kingsburg act", notation=notation, user=mover)
    assert not ex.dms
    nudges = [m for m in ex.public if "only you may see" in m.text]
    assert len(nudges) == 1 and nudges[0].pinged_ids == [receiver.id]
    assert "/game status" in nudges[0].text
    assert all(secret not in m.text for m in h.channel_messages())
    # The owner can read it privately afterwards.
    looked = await h.slash("kingsburg peek", user=receiver)
    assert not looked.public and looked.ephemeral
    # The peeked enemy is repeated in words (name and strength), not only in the image.
    assert "which you looked at" in looked.ephemeral_text
    assert "strength" in looked.ephemeral_text


async def test_six_to_twenty_five_choices_come_as_a_drop_down(start_bot: StartBot) -> None:
    """After the aid, the first to influence has 6 moves: a select menu labelled by notation,
    whose pick plays the move; a pick on an outdated menu is STALE."""
    h = await _kingsburg(start_bot, MENU_SEED)
    await h.slash("kingsburg aid", good="gold", user=ALICE)
    ex = await h.slash("kingsburg aid", good="wood", user=BOB)
    status = await table_status(h)
    (seat,) = tuple(status.to_act)
    user = _user(status, seat)
    legal = list(h.bot.service.legal_notations(status.session, status.state, user.id))
    assert 6 <= len(legal) <= 25
    (post,) = ex.public
    (menu,) = [c for c in post.components if c.get("type") == 3]
    # Values are legal notations; labels are Kingsburg's (advisor and gift named).
    values = [o["value"] for o in menu["options"]]
    assert set(values) <= set(legal) and len(values) == len(set(values))
    labels = {n: label for label, n in menu_labels(status.state, int(seat))}
    assert [o["label"] for o in menu["options"]] == [labels[v] for v in values]
    assert all(v.startswith("pass") or "(" in labels[v] for v in values)
    assert not post.buttons
    assert menu["custom_id"] == f"gh:s:{status.session.id}:{status.session.version}"
    choice = values[0]
    played = await h.click(menu["custom_id"], user=user, values=[choice])
    assert (await table_status(h)).session.ply == status.session.ply + 1
    assert public_line(choice) in played.public_text
    again = await h.click(menu["custom_id"], user=user, values=[values[1]])
    assert not again.public and again.ephemeral_text == STALE_MESSAGE


async def test_a_drop_down_still_works_after_a_restart(start_bot: StartBot) -> None:
    """The menu is a dynamic item: a pick reaches a freshly started bot."""
    h = await _kingsburg(start_bot, MENU_SEED)
    await h.slash("kingsburg aid", good="gold", user=ALICE)
    ex = await h.slash("kingsburg aid", good="wood", user=BOB)
    status = await table_status(h)
    (seat,) = tuple(status.to_act)
    user = _user(status, seat)
    (menu,) = [c for p in ex.public for c in p.components if c.get("type") == 3]
    await h.close()
    second = await start_bot(seed=MENU_SEED)
    choice = menu["options"][-1]["value"]
    played = await second.click(menu["custom_id"], user=user, values=[choice])
    assert choice in played.public_text


async def test_a_replay_never_shows_a_private_peek(start_bot: StartBot) -> None:
    """The receiver replays the move that gave them a peek: the text and the board are the public
    ones (the channel's post), never the peek the DM carried."""
    h = await _kingsburg(start_bot, PEEK_SEED)
    mover, receiver, notation, secret = await _play_until_a_peek_for_the_other(h)
    ex = await h.slash("kingsburg act", notation=notation, user=mover)
    public_png = next(data for s in ex.public for _, data in s.files)
    peek_png = ex.dms[0].files[0][1]
    assert public_png != peek_png, "the DM board shows the peek"
    replay = await h.slash("game replay", user=receiver)
    assert not replay.public and notation in replay.ephemeral_text
    assert secret not in replay.ephemeral_text
    ((_, replay_png),) = replay.files
    assert replay_png == public_png
