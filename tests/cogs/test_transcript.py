"""What players read (harness): the scripted Cathedral transcript reads like a game, a move's post
names the move and whose turn it is once each, the start post says the game begins once, the
private acknowledgement is one short line, and /game status says whose turn it is."""

from __future__ import annotations

import pytest

from tests.cogs.harness import ALICE, BOB, Harness
from tests.cogs.transcript import Transcript, cathedral_transcript, render

pytestmark = pytest.mark.asyncio


async def test_cathedral_transcript_reads_like_a_game(h: Harness) -> None:
    """The whole scripted game runs and shows the refusal, the capture and the history."""
    text = await cathedral_transcript(h)
    assert "'Z9' is not a square" in text
    assert "captures it" in text and "[button] Place and capture" in text
    assert "Cathedral: the last 10 moves" in text
    assert "| Done." not in text  # every private acknowledgement is one short line


async def _move(h: Harness):  # noqa: ANN202
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    start = await h.slash("game start", user=ALICE)
    ex = await h.slash("cathedral move", notation="Cathedral F6 0", user=ALICE)
    return start, ex


async def test_move_post_names_the_move_once_and_whose_turn_once(h: Harness) -> None:
    """Title: who played what; text: what happened and whose turn; no repeating field/line."""
    _, ex = await _move(h)
    (post,) = ex.public
    (embed,) = post.embeds
    assert embed["title"] == "Alice played Cathedral F6 0"
    assert embed["description"].count("Cathedral F6 0") == 0
    assert embed["description"].count("Your move, Bob (dark).") == 1
    assert all(f["name"] != "To move" for f in embed.get("fields") or [])
    assert post.pinged_ids == [BOB.id]


async def test_start_post_does_not_say_the_game_begins_twice(h: Harness) -> None:
    """The title says it begins; the text lists the seats and whose move it is."""
    start, _ = await _move(h)
    (post,) = start.public
    assert post.embeds[0]["title"] == "Cathedral begins"
    assert "The game begins" not in post.text
    assert "Your move, Alice (light)." in post.embeds[0]["description"]


async def test_private_ack_is_one_short_line(h: Harness) -> None:
    """The mover's private line names the move played, without echoing the post."""
    _, ex = await _move(h)
    assert ex.ephemeral_text == "Played `Cathedral F6 0`."
    rendered = render(ex, "Alice moves")
    assert "[PRIVATE]" in rendered and "[CHANNEL]" in rendered and "pings: Bob" in rendered


async def test_status_still_says_whose_turn(h: Harness) -> None:
    """/game status has no 'Your move' sentence, so its 'To move' field stays; it answers
    privately unless asked to post."""
    await _move(h)
    t = Transcript(h)
    ex = await t.slash("game status", ALICE)
    assert not ex.public
    fields = [f["name"] for s in ex.ephemeral for e in s.embeds for f in e.get("fields") or []]
    assert "To move" in fields
    ex = await t.slash("game status", ALICE, public=True)
    assert ex.public and not ex.pinged_ids
