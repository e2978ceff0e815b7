"""Records and the store protocol for ratings (migration 0006): which games are rated, the
seats that left a game, the rated results in order with every side's rating before and after,
each player's current rating per server and game, and members who hide their profile.

Part of `bot.storage.extras.Extras` (implemented by `SqliteRatings` and `MemoryRatings`, mixed
into the SQLite and memory extras), so a store beside them implements these too. The rating
itself is computed by pure code (`bot.ratings`), handed to `record_game` as a function so that
reading the ratings before a game and writing them after is one transaction: two games ending
at once in one server are rated one after the other, never from the same old ratings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.ratings.records import PlayedGame
from bot.ratings.results import GameResult
from bot.ratings.skill import Change, Skill

__all__ = [
    "DEPARTURE_REASONS",
    "Departure",
    "RatedGame",
    "RatingRow",
    "RatingsStore",
    "Rater",
    "entry_index",
    "played_game",
]

DEPARTURE_REASONS = ("left", "turn limit", "removed")
"""Why a seat left a running game: `/game leave`, a turn limit, or a host/moderator's kick."""

Rater = Callable[[GameResult, Mapping[str, Skill]], dict[str, Change]]
"""Rates one game from the players' ratings before it (`bot.ratings.skill.rate_game`)."""


@dataclass(frozen=True, slots=True)
class Departure:
    """A seat of a running game that a human gave up (a bot then played it on)."""

    session_id: int
    seat: int
    user_id: int
    name: str
    why: str


@dataclass(frozen=True, slots=True)
class RatedGame:
    """What the store knows of a finished game's rating: rated with these changes, or not
    rated and why (`result` None)."""

    session_id: int
    result: GameResult | None
    changes: Mapping[str, Change]
    reason: str = ""


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One player's current rating in one server and game (a leaderboard line)."""

    player: str
    name: str
    rating: Skill
    games: int
    wins: int


class RatingsStore(Protocol):
    """Ratings storage (see the module docstring). Every write takes `now` from the caller."""

    async def set_casual(self, session_id: int, casual: bool) -> None:
        """Record whether the game is casual (not rated); chosen when its lobby opens."""
        ...

    async def casual(self, session_id: int) -> bool | None:
        """Whether the game is casual; None if nobody recorded it."""
        ...

    async def add_departure(self, departure: Departure, now: datetime) -> None:
        """Record that a human gave up a seat (a second record of the same seat is ignored)."""
        ...

    async def departures(self, session_id: int) -> tuple[Departure, ...]:
        """The seats given up in the game, by seat."""
        ...

    async def record_game(
        self, session_id: int, result: GameResult | str, rate: Rater, now: datetime
    ) -> RatedGame:
        """Rate a finished game once: for a result, read its players' current ratings in its
        server and game, `rate` them, and store the result, every side's change and the new
        ratings, in one transaction; for a sentence, remember that the game is not rated.
        A game already recorded is left as it is and its record returned."""
        ...

    async def rated_game(self, session_id: int) -> RatedGame | None:
        """The game's record, or None if it was not recorded yet."""
        ...

    async def rated_results(self) -> tuple[GameResult, ...]:
        """Every rated result, in the order they were rated."""
        ...

    async def all_ratings(self) -> dict[tuple[int, str], dict[str, Skill]]:
        """Every stored current rating by (server, game) and player."""
        ...

    async def replace_ratings(
        self, rated: Sequence[tuple[GameResult, Mapping[str, Change]]]
    ) -> None:
        """Rewrite every game's changes and every current rating from `rated` (the rated
        results in their order with their recomputed changes), in one transaction."""
        ...

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> tuple[RatingRow, ...]:
        """The best `limit` ratings of a server's game, by displayed rating (then games)."""
        ...

    async def rating_place(
        self, guild_id: int, game: str, player: str
    ) -> tuple[int, RatingRow] | None:
        """The player's place (1 = best) on the game's leaderboard and their row, or None."""
        ...

    async def played_games(self, guild_id: int, player: str) -> dict[str, tuple[PlayedGame, ...]]:
        """A player's rated games in one server by game, each in the order rated."""
        ...

    async def profile_hidden(self, user_id: int) -> bool:
        """Whether the member hides their profile from others."""
        ...

    async def set_profile_hidden(self, user_id: int, hidden: bool) -> None:
        """Hide or show the member's profile to others."""
        ...


def played_game(result: GameResult, index: int, before: Skill, after: Skill) -> PlayedGame:
    """Entry `index` of a rated result as one player's game."""
    entry = result.entries[index]
    return PlayedGame(
        session_id=result.session_id,
        finished_at=result.finished_at,
        place=entry.place,
        sides=len(result.entries),
        score=entry.score,
        left=entry.left,
        before=before,
        after=after,
        lower_is_better=result.lower_is_better,
    )


def entry_index(result: GameResult, player: str) -> int | None:
    """The index of the player's entry in a result: their best place when a computer level
    was seated twice (a game it won counts as won), None if they did not play."""
    found = [i for i, e in enumerate(result.entries) if e.player == player]
    return min(found, key=lambda i: result.entries[i].place) if found else None
