"""The README's transcripts (3-player Canaan and Kingsburg, `tests/cogs/transcript.py`) show
quiet channels: at most one new post per interaction, never a ping for the one who acted, no
direct message per hidden change, /game status private unless asked to post, and the final
post (Canaan's and Kingsburg's, each from a position seeded near the end) calling every other
human seat, with the score sheet after it and the tie-break named when one decided. Every
request went through the strict fake (the harness fails the test otherwise)."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, CAROL
from tests.cogs.transcript import Transcript, canaan_transcript, kingsburg_transcript

pytestmark = pytest.mark.asyncio


def _assert_quiet(t: Transcript) -> None:
    for user, ex in t.exchanges:
        assert len(ex.posts) <= 1 or "game over" in ex.public_text, "one post per turn"
        assert user.id not in ex.pinged_ids, "a self-ping"
        assert not ex.dms, "no direct message per hidden change"
        assert "Posted in the channel" not in ex.ephemeral_text
        command = ex.interaction.command if ex.interaction is not None else None
        name = command.qualified_name if command is not None else ""
        if name == "game status" and not ex.interaction.namespace.public:  # type: ignore[union-attr]
            assert not ex.public and ex.ephemeral, "status answers privately"


async def test_the_canaan_transcript_is_quiet_and_its_end_is_heard(start_bot: StartBot) -> None:
    h = await start_bot(seed=7)
    t = Transcript(h)
    text = await canaan_transcript(h, t)
    _assert_quiet(t)
    assert "the turn's post EDITED in place" in text
    (final,) = [s for s in h.channel_messages() if "game over" in s.text]
    assert sorted(final.pinged_ids) == sorted([BOB.id, CAROL.id])
    assert "Red reaches 12 VP" in final.text


async def test_the_kingsburg_transcript_is_quiet_and_its_end_is_heard(
    start_bot: StartBot,
) -> None:
    h = await start_bot(seed=7)
    t = Transcript(h)
    await kingsburg_transcript(h, t)
    _assert_quiet(t)
    edits = [ex for _, ex in t.exchanges if ex.channel_edits and not ex.posts]
    assert edits, "simultaneous steps edit the phase's post"
    (final,) = [s for s in h.channel_messages() if "game over" in s.text]
    mover, last = t.exchanges[-1]
    assert mover == CAROL and final in last.posts
    assert sorted(final.pinged_ids) == sorted([ALICE.id, BOB.id]), "every human seat but Carol"
    assert "tie on VP broken by goods: 4 against 3" in final.text
    assert "Tie-break: most goods." in final.text
    sheets = [s for s in last.posts if "score sheet" in s.text]
    assert sheets and not sheets[0].pinged_ids, "the score sheet follows, pinging nobody"
