"""In-memory implementation of `RatingsStore`, mixed into `MemoryExtras` (tests, the terminal
table). Kept on the `MemoryStore` when there is one, so every extras over one store shares it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.ratings.records import PlayedGame
from bot.ratings.results import GameResult
from bot.ratings.skill import Change, Skill
from bot.storage.ratings import Departure, RatedGame, Rater, RatingRow, entry_index, played_game


@dataclass
class _Tables:
    casual: dict[int, bool] = field(default_factory=dict)
    departures: dict[tuple[int, int], Departure] = field(default_factory=dict)
    games: dict[int, RatedGame] = field(default_factory=dict)  # by session, in rating order
    ratings: dict[tuple[int, str], dict[str, RatingRow]] = field(default_factory=dict)
    hidden: set[int] = field(default_factory=set)


def _board_key(row: RatingRow) -> tuple[float, int, str]:
    return (-row.rating.ordinal, -row.games, row.player)


class MemoryRatings:
    """`RatingsStore` in dictionaries (see `bot.storage.ratings`)."""

    _store: Any

    def _tables(self) -> _Tables:
        owner = self._store if self._store is not None else self
        tables: _Tables | None = getattr(owner, "_rating_tables", None)
        if tables is None:
            tables = _Tables()
            owner._rating_tables = tables
        return tables

    async def set_casual(self, session_id: int, casual: bool) -> None:
        """See `RatingsStore`."""
        self._tables().casual[session_id] = casual

    async def casual(self, session_id: int) -> bool | None:
        """See `RatingsStore`."""
        return self._tables().casual.get(session_id)

    async def add_departure(self, departure: Departure, now: datetime) -> None:
        """See `RatingsStore`."""
        self._tables().departures.setdefault((departure.session_id, departure.seat), departure)

    async def departures(self, session_id: int) -> tuple[Departure, ...]:
        """See `RatingsStore`."""
        found = self._tables().departures
        return tuple(found[k] for k in sorted(found) if k[0] == session_id)

    def _apply(self, result: GameResult, changes: Mapping[str, Change]) -> None:
        board = self._tables().ratings.setdefault((result.guild_id, result.game), {})
        for player, change in changes.items():
            old = board.get(player)
            won = any(e.won for e in result.entries if e.player == player)
            name = next(e.name for e in result.entries if e.player == player)
            board[player] = RatingRow(
                player,
                name,
                change.after,
                (old.games if old else 0) + 1,
                (old.wins if old else 0) + won,
            )

    async def record_game(
        self, session_id: int, result: GameResult | str, rate: Rater, now: datetime
    ) -> RatedGame:
        """See `RatingsStore`."""
        tables = self._tables()
        if session_id in tables.games:
            return tables.games[session_id]
        if isinstance(result, str):
            tables.games[session_id] = RatedGame(session_id, None, {}, result)
            return tables.games[session_id]
        board = tables.ratings.get((result.guild_id, result.game), {})
        changes = rate(result, {p: row.rating for p, row in board.items()})
        tables.games[session_id] = RatedGame(session_id, result, changes)
        self._apply(result, changes)
        return tables.games[session_id]

    async def rated_game(self, session_id: int) -> RatedGame | None:
        """See `RatingsStore`."""
        return self._tables().games.get(session_id)

    async def rated_results(self) -> tuple[GameResult, ...]:
        """See `RatingsStore`."""
        return tuple(g.result for g in self._tables().games.values() if g.result is not None)

    async def all_ratings(self) -> dict[tuple[int, str], dict[str, Skill]]:
        """See `RatingsStore`."""
        return {
            scope: {p: row.rating for p, row in board.items()}
            for scope, board in self._tables().ratings.items()
        }

    async def replace_ratings(
        self, rated: Sequence[tuple[GameResult, Mapping[str, Change]]]
    ) -> None:
        """See `RatingsStore`."""
        tables = self._tables()
        tables.ratings.clear()
        for result, changes in rated:
            tables.games[result.session_id] = RatedGame(result.session_id, result, changes)
            self._apply(result, changes)

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> tuple[RatingRow, ...]:
        """See `RatingsStore`."""
        board = self._tables().ratings.get((guild_id, game), {})
        return tuple(sorted(board.values(), key=_board_key)[:limit])

    async def rating_place(
        self, guild_id: int, game: str, player: str
    ) -> tuple[int, RatingRow] | None:
        """See `RatingsStore`."""
        board = self._tables().ratings.get((guild_id, game), {})
        mine = board.get(player)
        if mine is None:
            return None
        ahead = sum(_board_key(row) < _board_key(mine) for row in board.values())
        return ahead + 1, mine

    async def played_games(self, guild_id: int, player: str) -> dict[str, tuple[PlayedGame, ...]]:
        """See `RatingsStore`."""
        out: dict[str, list[PlayedGame]] = {}
        for game in self._tables().games.values():
            result = game.result
            if result is None or result.guild_id != guild_id:
                continue
            index = entry_index(result, player)
            if index is None:
                continue
            change = game.changes[player]
            out.setdefault(result.game, []).append(
                played_game(result, index, change.before, change.after)
            )
        return {g: tuple(v) for g, v in out.items()}

    async def profile_hidden(self, user_id: int) -> bool:
        """See `RatingsStore`."""
        return user_id in self._tables().hidden

    async def set_profile_hidden(self, user_id: int, hidden: bool) -> None:
        """See `RatingsStore`."""
        if hidden:
            self._tables().hidden.add(user_id)
        else:
            self._tables().hidden.discard(user_id)
