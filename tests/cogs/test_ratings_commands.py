"""`/ratings leaderboard` and `/ratings profile` through the real command tree: the
README's transcript (a finished game's rating changes, the leaderboard, a profile with its
chart), the rated/casual lobby option, bad input refused privately, hidden profiles."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering import ratingchart
from tests.cogs.harness import ALICE, BOB, CAROL, Harness
from tests.cogs.ratings_transcript import ratings_transcript

pytestmark = pytest.mark.asyncio


async def test_the_readme_transcript_shows_changes_leaderboard_and_profile(
    start_bot,  # noqa: ANN001
) -> None:
    h = await start_bot(seed=7)
    text, chart = await ratings_transcript(h)
    assert "This game is rated (`/ratings leaderboard`)." in text
    assert "> Ratings: Alice 1000 \u2192" in text and ", Bob 1000 \u2192" in text
    assert "# Cathedral: score sheet" in text
    assert "# Cathedral leaderboard" in text and "> 1. **" in text
    assert "# Bob: profile" in text and "[file] rating-history.png" in text
    assert Image.open(io.BytesIO(chart)).size == (ratingchart.WIDTH, ratingchart.HEIGHT)


async def test_a_casual_lobby_says_so(h: Harness) -> None:
    ex = await h.slash("game new", game="cathedral", rated=False, user=ALICE)
    assert "This is a casual game: it is not rated." in ex.public_text


async def test_an_unknown_game_is_refused_privately(h: Harness) -> None:
    ex = await h.slash("ratings leaderboard", game="chess", user=ALICE)
    assert not ex.public and "There is no game called 'chess'" in ex.ephemeral_text


async def test_an_empty_leaderboard_and_profile_say_why(h: Harness) -> None:
    ex = await h.slash("ratings leaderboard", game="kingsburg", user=ALICE)
    assert "Nobody has finished a rated Kingsburg game on this server yet." in ex.ephemeral_text
    ex = await h.slash("ratings profile", member=CAROL, user=ALICE)
    assert "Carol has no rated games on this server yet." in ex.ephemeral_text


async def test_hiding_a_profile(h: Harness) -> None:
    ex = await h.slash("ratings profile", hidden=True, user=BOB)
    assert "hidden from other members" in ex.ephemeral_text
    ex = await h.slash("ratings profile", member=BOB, user=ALICE)
    assert "Bob keeps their profile hidden." in ex.ephemeral_text
    ex = await h.slash("ratings profile", member=ALICE, hidden=True, user=BOB)
    assert "only your own profile" in ex.ephemeral_text
