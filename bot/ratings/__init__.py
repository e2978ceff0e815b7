"""Ratings, pure: results of finished games in, openskill ratings and player records out.

No I/O here (`tests/test_architecture.py`): the table records results and ratings through the
store (`bot.storage.ratings`), and `python -m bot ratings rebuild` folds them again.
"""

from __future__ import annotations

from bot.ratings.results import Entry, GameResult, Side, game_result
from bot.ratings.skill import INITIAL, Change, RatingBook, Skill, rate_results

__all__ = [
    "INITIAL",
    "Change",
    "Entry",
    "GameResult",
    "RatingBook",
    "Side",
    "Skill",
    "game_result",
    "rate_results",
]
