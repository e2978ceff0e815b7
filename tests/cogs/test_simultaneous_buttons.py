"""Buttons for simultaneous decisions: at Kingsburg's year-I aid every awaited player gets a row
of buttons labelled with their name; each click is checked against that seat's own decision, so
the players may click in any order, and nobody can click for someone else."""

from __future__ import annotations

import itertools

import pytest

from bot.games.rejections import Rejection
from bot.sessions.service import STALE_MESSAGE
from bot.table import choices as table_choices
from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, C1, CAROL, DAVE, STALE, Harness, Sent, User

pytestmark = pytest.mark.asyncio

PLAYERS = (ALICE, BOB, CAROL)
SEED = 11


async def _three_at_aid(start_bot: StartBot) -> tuple[Harness, Sent]:
    h = await start_bot(seed=SEED)
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game join", user=CAROL)
    ex = await h.slash("game start", user=ALICE)
    (post,) = ex.public
    return h, post


def _buttons_of(post: Sent, user: User) -> dict[str, str]:
    """The player's buttons on `post`: notation -> custom_id."""
    prefix = f"{user.name.title()} ("
    return {label.split(": ", 1)[1]: cid for label, cid in post.buttons if label.startswith(prefix)}


async def _ply(h: Harness) -> int:
    status = await h.bot.service.status(C1.id)
    assert not isinstance(status, Rejection)
    return status.session.ply


async def test_every_awaited_player_gets_named_buttons_within_discord_limits(
    start_bot: StartBot,
) -> None:
    _, post = await _three_at_aid(start_bot)
    rows = [c for c in post.payload.get("components") or [] if c.get("type") == 1]
    assert len(rows) == 4 and all(len(r["components"]) == 3 for r in rows[:3])
    assert [c["label"] for c in rows[3]["components"]] == ["My board", "Details"]
    for user in PLAYERS:
        mine = _buttons_of(post, user)
        assert sorted(mine) == ["aid gold", "aid stone", "aid wood"]
        assert all(len(cid) <= 100 and cid.startswith("gh:t:") for cid in mine.values())
    assert all(len(label) <= 80 for label, _ in post.buttons)


@pytest.mark.parametrize("order", list(itertools.permutations(range(3)))[::2])
async def test_each_player_clicks_their_own_button_in_any_order(
    start_bot: StartBot, order: tuple[int, ...]
) -> None:
    h, post = await _three_at_aid(start_bot)
    start = await _ply(h)
    for n, i in enumerate(order, start=1):
        user = PLAYERS[i]
        now = h.current(post)  # the phase's one post, edited as the players act
        mine = _buttons_of(now, user) or {label: cid for label, cid in now.buttons}
        ex = await h.click(mine["aid gold"], user=user)
        assert ex.public, ex.text
        assert "Aid from the King (1 gold)" in ex.public_text
        assert await _ply(h) >= start + n


async def test_a_click_on_another_players_button_is_refused(start_bot: StartBot) -> None:
    h, post = await _three_at_aid(start_bot)
    start = await _ply(h)
    for intruder in (BOB, DAVE):
        ex = await h.click(_buttons_of(post, ALICE)["aid wood"], user=intruder)
        assert not ex.public
        assert ex.ephemeral_text == "These buttons are for Alice."
    assert await _ply(h) == start


async def test_a_click_after_the_decision_was_taken_is_stale(start_bot: StartBot) -> None:
    h, post = await _three_at_aid(start_bot)
    mine = _buttons_of(post, BOB)
    assert (await h.click(mine["aid stone"], user=BOB)).public
    assert not _buttons_of(h.current(post), BOB), "the edit took Bob's buttons away"
    ply = await _ply(h)
    again = await h.click(mine["aid wood"], user=BOB, message_id=STALE)  # an outdated copy
    assert not again.public and again.ephemeral_text == STALE_MESSAGE
    assert await _ply(h) == ply


async def test_the_next_post_offers_buttons_to_the_players_still_awaited(
    start_bot: StartBot,
) -> None:
    h, post = await _three_at_aid(start_bot)
    ex = await h.click(_buttons_of(post, CAROL)["aid gold"], user=CAROL)
    (new,) = ex.public
    assert new.kind == "channel_edit" and new.message_id == post.message_id
    assert not new.pinged_ids, "the players still awaited were pinged once, when it was posted"
    assert not _buttons_of(new, CAROL)
    assert _buttons_of(new, ALICE).keys() == _buttons_of(post, ALICE).keys()
    assert _buttons_of(new, BOB).keys() == _buttons_of(post, BOB).keys()
    # The buttons of the earlier post still work for the players who have not chosen yet.
    old = _buttons_of(post, ALICE)["aid gold"]  # on an outdated copy of the post
    assert (await h.click(old, user=ALICE, message_id=STALE)).public
    now = h.current(post)  # Bob alone is awaited now: his buttons, on the post as it reads
    mine = _buttons_of(now, BOB) or {label: cid for label, cid in now.buttons}
    assert (await h.click(mine["aid gold"], user=BOB)).public


async def test_a_click_still_works_after_a_restart(start_bot: StartBot) -> None:
    h, post = await _three_at_aid(start_bot)
    assert (await h.click(_buttons_of(post, ALICE)["aid gold"], user=ALICE)).public
    await h.close()
    second = await start_bot(seed=SEED)
    ex = await second.click(_buttons_of(post, BOB)["aid wood"], user=BOB, message_id=STALE)
    assert "Aid from the King (1 wood)" in ex.public_text
    refused = await second.click(_buttons_of(post, CAROL)["aid wood"], user=ALICE, message_id=STALE)
    assert refused.ephemeral_text == "These buttons are for Carol."


async def test_an_old_version_button_still_parses(start_bot: StartBot) -> None:
    """Buttons posted before per-seat tokens existed (gh:m:<session>:<version>:<notation>)
    are still understood: at the current version they play."""
    h, _ = await _three_at_aid(start_bot)
    status = await h.bot.service.status(C1.id)
    assert not isinstance(status, Rejection)
    cid = f"gh:m:{status.session.id}:{status.session.version}:aid gold"
    assert "Aid from the King (1 gold)" in (await h.click(cid, user=ALICE)).public_text
    stale = await h.click(cid, user=BOB)
    assert stale.ephemeral_text == STALE_MESSAGE


async def test_too_many_rows_fall_back_to_the_slash_command(
    start_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the awaited players' rows would not fit a message, no controls: a line says which
    command to use instead."""
    monkeypatch.setattr(table_choices, "ROWS_LIMIT", 2)
    _, post = await _three_at_aid(start_bot)
    assert [label for label, _ in post.buttons] == ["My board", "Details"]  # no move controls
    assert "`/kingsburg aid`" in post.text and "autocompletes" in post.text


async def test_more_choices_than_buttons_give_each_player_a_drop_down(
    start_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player with more choices than fit a row of buttons gets a drop-down of their own,
    checked the same way as the buttons."""
    monkeypatch.setattr(table_choices, "BUTTON_LIMIT", 2)
    h, post = await _three_at_aid(start_bot)
    menus = [c for c in post.components if c.get("type") == 3]
    assert len(menus) == 3 and [label for label, _ in post.buttons] == ["My board", "Details"]
    assert all(m["custom_id"].startswith("gh:q:") for m in menus)
    bobs = next(m for m in menus if m["placeholder"].startswith("Bob"))
    refused = await h.click(bobs["custom_id"], user=ALICE, values=["aid gold"])
    assert refused.ephemeral_text == "These buttons are for Bob."
    played = await h.click(bobs["custom_id"], user=BOB, values=["aid gold"])
    assert "Aid from the King (1 gold)" in played.public_text
    again = await h.click(bobs["custom_id"], user=BOB, values=["aid wood"], message_id=STALE)
    assert again.ephemeral_text == STALE_MESSAGE
