"""Ratings, pure: results of finished games in, openskill ratings and player records out.

For the arena (computer players against each other), from its game records
(`arena_ratings(records)` prints them), or from engine outcomes:

    results = [arena_result("kingsburg", outcome.to_dict(), ["bot:strong", "bot:heuristic"])]
    ratings = rate_results(r for r in results if not isinstance(r, str))
    ratings["bot:strong"].display

No I/O here (`tests/test_architecture.py`): the table records results and ratings through the
store (`bot.storage.ratings`), and `python -m bot ratings rebuild` folds them again.
"""

from __future__ import annotations

from bot.ratings.arena import arena_ratings, arena_results
from bot.ratings.results import Entry, GameResult, Side, arena_result, game_result
from bot.ratings.skill import INITIAL, Change, RatingBook, Skill, rate_results

__all__ = [
    "INITIAL",
    "Change",
    "Entry",
    "GameResult",
    "RatingBook",
    "Side",
    "arena_ratings",
    "arena_result",
    "arena_results",
    "Skill",
    "game_result",
    "rate_results",
]
