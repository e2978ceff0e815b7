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
from tests.cogs.harness import ALICE, BOB, C1, DAVE, STALE, Harness, User, table_status

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


async def test_private_news_for_another_player_is_no_dm_but_the_posts_button(
    start_bot: StartBot,
) -> None:
    """The peek earned through another player's move is sent to nobody (no direct message per
    hidden change): its owner sees it, text and image, with the post's "My board" button; the
    channel sees the public event only, never the secret."""
    h = await _kingsburg(start_bot, PEEK_SEED)
    mover, receiver, notation, secret = await _play_until_a_peek_for_the_other(h)
    ex = await h.slash("kingsburg act", notation=notation, user=mover)
    assert notation in ex.public_text
    assert not ex.dms and not [s for s in ex.sent if s.kind == "dm_channel"]
    assert secret not in ex.public_text and secret not in ex.ephemeral_text
    (post,) = [s for s in ex.public if s.buttons]
    (mine,) = [cid for label, cid in post.buttons if label == "My board"]
    looked = await h.click(mine, user=receiver)
    assert not looked.public and "which you looked at" in looked.ephemeral_text
    assert looked.files and looked.files[0][1].startswith(b"\x89PNG")
    assert all(secret not in m.text for m in h.channel_messages())
    spectator = await h.click(mine, user=DAVE)
    assert not spectator.public and spectator.ephemeral_text  # a sentence, no secret
    assert secret not in spectator.ephemeral_text
    # The owner can read it with /kingsburg peek too, repeated in words (name and strength).
    looked = await h.slash("kingsburg peek", user=receiver)
    assert not looked.public and "which you looked at" in looked.ephemeral_text
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
    assert [label for label, _ in post.buttons] == ["My board", "Details"]  # no moves
    assert menu["custom_id"] == f"gh:s:{status.session.id}:{status.session.version}"
    choice = values[0]
    played = await h.click(menu["custom_id"], user=user, values=[choice])
    assert (await table_status(h)).session.ply == status.session.ply + 1
    assert public_line(choice) in played.public_text
    again = await h.click(menu["custom_id"], user=user, values=[values[1]], message_id=STALE)
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
    (mine,) = [cid for label, cid in ex.buttons if label == "My board"]
    peek_png = (await h.click(mine, user=receiver)).files[0][1]
    assert public_png != peek_png, "the private board shows the peek"
    replay = await h.slash("game replay", user=receiver)
    assert not replay.public and notation in replay.ephemeral_text
    assert secret not in replay.ephemeral_text
    ((_, replay_png),) = replay.files
    assert replay_png == public_png
