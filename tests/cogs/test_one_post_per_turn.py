"""One post per turn: a turn's steps edit the turn's post in place (text and board), a new post
and the only ping come when the turn passes to someone else, nobody is pinged for their own
move, simultaneous phases are one post, and which message is the turn's post survives a
restart. Every request goes through the strict fake."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, C1, CAROL, Harness
from tests.cogs.seeding import seed_state
from tests.games.canaan.positions import hand, position

pytestmark = pytest.mark.asyncio


async def _canaan(h: Harness) -> int:
    """Alice, Bob and Carol at Canaan; Alice's turn, dice rolled, lumber and ore in hand.
    Returns the id of the game's post (the start post)."""
    await h.slash("game new", game="canaan", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game join", user=CAROL)
    ex = await h.slash("game start", user=ALICE)
    (post,) = ex.posts
    state = position(3, hands={0: hand(lumber=4, ore=1), 1: hand(grain=2), 2: hand()}, current=0)
    await seed_state(h, state)
    # The seeded position is Alice's turn: the start post is taken as her turn's post (seeding
    # bypasses the table, which would have recorded whom the post awaits).
    extras = h.bot.table.extras
    record = await extras.turn_post(1)
    assert record is not None and record["message"] == post.message_id
    await extras.set_turn_post(1, dict(record, awaited=[0]))
    return post.message_id


async def test_a_turns_steps_edit_its_post_and_the_next_turn_is_one_new_post(h: Harness) -> None:
    turn_post = await _canaan(h)
    ex = await h.slash("canaan trade", how="bank", give="lumber", receive="grain", user=ALICE)
    assert not ex.posts, "a step of the same turn posts nothing new"
    (edit,) = ex.channel_edits
    assert edit.message_id == turn_post and edit.files, "the post's text and board are redrawn"
    assert "Red trades 4 lumber" in edit.text or "4 lumber" in edit.text
    assert edit.pinged_ids == [] and edit.payload["allowed_mentions"]["parse"] == []
    assert ex.ephemeral_text.startswith("Played `"), "a short private line, not an echo"
    ex = await h.slash("canaan end", user=ALICE)
    (post,) = ex.posts
    assert post.pinged_ids == [BOB.id], "the only ping: whoever's turn it is now"
    # The previous turn's post keeps its words but loses its (now outdated) controls.
    (retired,) = ex.channel_edits
    assert retired.message_id == turn_post and retired.payload["components"] == []
    assert "content" not in retired.payload and "embeds" not in retired.payload
    assert "4 lumber" in h.current(turn_post).text, "the old post still tells Alice's turn"


async def test_a_restart_keeps_editing_the_same_post(start_bot: StartBot) -> None:
    h = await start_bot()
    turn_post = await _canaan(h)
    await h.slash("canaan trade", how="bank", give="lumber", receive="grain", user=ALICE)
    await h.close()
    second = await start_bot()
    second.rec.messages.update(h.rec.messages)  # Discord still has the posts
    ex = await second.slash("canaan end", user=ALICE)
    (post,) = ex.posts
    assert post.pinged_ids == [BOB.id]
    assert [e.message_id for e in ex.channel_edits] == [turn_post]


async def test_a_deleted_turn_post_is_posted_anew(h: Harness) -> None:
    turn_post = await _canaan(h)
    del h.rec.messages[turn_post]  # a moderator deleted it: Discord answers 404 to the edit
    ex = await h.slash("canaan trade", how="bank", give="lumber", receive="grain", user=ALICE)
    (post,) = ex.posts
    assert post.pinged_ids == []  # Alice's own step: still no self-ping
    ex = await h.slash("canaan trade", how="bank", give="ore", receive="wool", user=ALICE)
    assert not ex.public or [e.message_id for e in ex.channel_edits] == [post.message_id]


async def test_a_simultaneous_phase_is_one_post_pinging_the_awaited_once(
    start_bot: StartBot,
) -> None:
    """Kingsburg's aid: all three choose at once. One post, edited as each acts; pinged once
    (Bob and Carol: Alice typed /game start); the next phase is a new post."""
    h = await start_bot(seed=11)  # green (Carol) places first in year I's spring
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game join", user=CAROL)
    start = await h.slash("game start", user=ALICE)
    (post,) = start.posts
    assert sorted(post.pinged_ids) == sorted([BOB.id, CAROL.id])
    for user in (CAROL, ALICE):
        ex = await h.slash("kingsburg aid", good="gold", user=user)
        assert not ex.posts and [e.message_id for e in ex.channel_edits] == [post.message_id]
        assert not ex.pinged_ids
    ex = await h.slash("kingsburg aid", good="gold", user=BOB)
    # The dice are rolled and the first in turn order places: a new post pinging them (had it
    # been Bob, his acting would go on and his step edit the post, as any step of a turn).
    (nxt,) = ex.posts
    assert nxt.pinged_ids == [CAROL.id]
    assert [e.message_id for e in ex.channel_edits] == [post.message_id]  # controls retired
    posts_in_channel = [s for s in h.channel_messages(C1.id) if s.kind != "channel_edit"]
    assert posts_in_channel[-2:] == [post, nxt]
