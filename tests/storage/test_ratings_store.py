"""The ratings part of the extras store, on every store: games rated one by one hold exactly
what a fold of their results gives (`python -m bot ratings rebuild`), records are kept once,
and leaderboards, places and played games agree with the ratings."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from bot.ratings import GameResult
from bot.ratings.records import player_record
from bot.ratings.skill import fold, rate_game
from bot.storage.extras import extras_for
from bot.storage.ratings import Departure
from tests.ratings.random_results import random_results

NOW = datetime(2026, 11, 28, 12, tzinfo=UTC)
pytestmark = pytest.mark.asyncio


async def _record_all(extras, results: list[GameResult]) -> None:
    for result in results:
        await extras.record_game(result.session_id, result, rate_game, NOW)


async def test_ratings_stored_game_by_game_equal_the_rebuild(store) -> None:
    """Three hundred random games with ties and leavers, rated as they end, leave exactly the
    ratings a fold of the stored results gives; rewriting them from the fold changes nothing."""
    extras = extras_for(store)
    results = random_results(300)
    await _record_all(extras, results)
    stored = await extras.all_ratings()
    assert list(await extras.rated_results()) == results
    rated, book = fold(await extras.rated_results())
    assert stored == book.ratings
    assert any(e.left for r in results for e in r.entries)
    assert any(len({e.place for e in r.entries}) < len(r.entries) for r in results)  # ties happened
    for result, changes in rated[:20]:
        assert (await extras.rated_game(result.session_id)).changes == changes
    await extras.replace_ratings(rated)
    assert await extras.all_ratings() == stored
    assert (await extras.rated_game(rated[5][0].session_id)).changes == rated[5][1]


async def test_a_rebuild_repairs_ratings_that_drifted(store) -> None:
    """Ratings rewritten from the fold replace whatever the table held before."""
    extras = extras_for(store)
    results = random_results(40, seed=3)
    await _record_all(extras, results[:20])
    # A game rated out of order (as after a crash) makes the stored ratings differ.
    await _record_all(extras, results[30:])
    await _record_all(extras, results[20:30])
    rated, book = fold(await extras.rated_results())
    await extras.replace_ratings(rated)
    assert await extras.all_ratings() == book.ratings


async def test_games_ending_together_are_rated_one_after_the_other(store) -> None:
    """Two games of one server ending at once: the second is rated from the first's ratings."""
    extras = extras_for(store)
    results = [r for r in random_results(60, seed=11) if (r.guild_id, r.game) == (1, "kingsburg")]
    await asyncio.gather(*(extras.record_game(r.session_id, r, rate_game, NOW) for r in results))
    _, book = fold(await extras.rated_results())
    assert await extras.all_ratings() == book.ratings


async def test_a_game_is_recorded_once_and_unrated_games_say_why(store) -> None:
    """Recording again returns the first record; a sentence records an unrated game."""
    extras = extras_for(store)
    first, second = random_results(2, seed=5)
    one = await extras.record_game(first.session_id, first, rate_game, NOW)
    again = await extras.record_game(first.session_id, second, rate_game, NOW)
    assert again.result == first and again.changes == one.changes
    casual = await extras.record_game(99, "A casual game is not rated.", rate_game, NOW)
    assert casual.result is None and casual.reason == "A casual game is not rated."
    assert (await extras.rated_game(99)).reason == "A casual game is not rated."
    assert await extras.rated_game(100) is None
    assert await extras.rated_results() == (first,)


async def test_leaderboard_places_and_played_games_agree(store) -> None:
    """The leaderboard is sorted by displayed rating; a player's place counts those above;
    their played games rebuild their current rating and games count."""
    extras = extras_for(store)
    await _record_all(extras, random_results(120, seed=9))
    board = await extras.leaderboard(1, "kingsburg", 20)
    assert board and [r.rating.ordinal for r in board] == sorted(
        (r.rating.ordinal for r in board), reverse=True
    )
    for place, row in enumerate(board, start=1):
        assert await extras.rating_place(1, "kingsburg", row.player) == (place, row)
        played = (await extras.played_games(1, row.player))["kingsburg"]
        record = player_record(played)
        assert record.rating == row.rating and record.games == row.games
        assert record.wins == row.wins
    assert await extras.rating_place(1, "kingsburg", "member:999") is None


async def test_casual_departures_and_hidden_profiles(store) -> None:
    """The small per-game and per-member facts round-trip; a seat leaves once."""
    extras = extras_for(store)
    assert await extras.casual(5) is None
    await extras.set_casual(5, True)
    assert await extras.casual(5) is True
    gone = Departure(5, 1, 42, "Ann", "left")
    await extras.add_departure(gone, NOW)
    await extras.add_departure(Departure(5, 1, 42, "Ann", "turn limit"), NOW)
    await extras.add_departure(Departure(5, 0, 41, "Bob", "removed"), NOW)
    assert [d.why for d in await extras.departures(5)] == ["removed", "left"]
    assert await extras.departures(6) == ()
    assert not await extras.profile_hidden(42)
    await extras.set_profile_hidden(42, True)
    assert await extras.profile_hidden(42)
    await extras.set_profile_hidden(42, False)
    assert not await extras.profile_hidden(42)
