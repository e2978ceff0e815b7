"""SQLite implementation of `RatingsStore`, mixed into `SqliteExtras` (tables of migration
0006). Each method is one transaction on the store's connection thread."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.ratings.records import PlayedGame
from bot.ratings.results import GameResult
from bot.ratings.skill import Change, Skill
from bot.storage.ratings import Departure, RatedGame, Rater, RatingRow, entry_index, played_game
from bot.storage.records import dt_to_text

_BOARD = "ORDER BY (mu - 3 * sigma) DESC, games DESC, player"


def _row(row: Any) -> RatingRow:
    return RatingRow(row[0], row[1], Skill(row[2], row[3]), row[4], row[5])


def _write_game(
    conn: sqlite3.Connection,
    seq: int,
    result: GameResult,
    changes: Mapping[str, Change],
    counted: dict[str, tuple[int, int]],
) -> None:
    """The entries of one rated game and the players' new current ratings."""
    for index, entry in enumerate(result.entries):
        change = changes[entry.player]
        conn.execute(
            "INSERT INTO rating_entries (seq, entry, guild_id, game_key, player, mu_before, "
            "sigma_before, mu_after, sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                seq,
                index,
                result.guild_id,
                result.game,
                entry.player,
                change.before.mu,
                change.before.sigma,
                change.after.mu,
                change.after.sigma,
            ),
        )
    for player, change in changes.items():
        games, wins = counted.get(player, (0, 0))
        won = any(e.won for e in result.entries if e.player == player)
        name = next(e.name for e in result.entries if e.player == player)
        conn.execute(
            "INSERT INTO ratings (guild_id, game_key, player, name, mu, sigma, games, wins) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game_key, player) DO UPDATE "
            "SET name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, "
            "games = excluded.games, wins = excluded.wins",
            (
                result.guild_id,
                result.game,
                player,
                name,
                change.after.mu,
                change.after.sigma,
                games + 1,
                wins + won,
            ),
        )


def _rated(row: Any) -> RatedGame:
    return RatedGame(
        session_id=row[0],
        result=None if row[1] is None else GameResult.from_dict(json.loads(row[1])),
        changes={},
        reason=row[2],
    )


class SqliteRatings:
    """`RatingsStore` on the store's SQLite connection (see `bot.storage.ratings`)."""

    _store: Any  # the SqliteStore (set by SqliteExtras)

    async def _tx(self, body: Any, write: bool) -> Any:
        return await self._store._run(body, write=write)

    async def set_casual(self, session_id: int, casual: bool) -> None:
        """See `RatingsStore`."""
        await self._tx(
            lambda c: c.execute(
                "INSERT OR REPLACE INTO session_casual (session_id, casual) VALUES (?, ?)",
                (session_id, int(casual)),
            ),
            True,
        )

    async def casual(self, session_id: int) -> bool | None:
        """See `RatingsStore`."""
        rows = await self._tx(
            lambda c: c.execute(
                "SELECT casual FROM session_casual WHERE session_id = ?", (session_id,)
            ).fetchall(),
            False,
        )
        return bool(rows[0][0]) if rows else None

    async def add_departure(self, departure: Departure, now: datetime) -> None:
        """See `RatingsStore`."""
        d = departure
        await self._tx(
            lambda c: c.execute(
                "INSERT OR IGNORE INTO seat_departures (session_id, seat, user_id, name, why, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (d.session_id, d.seat, d.user_id, d.name, d.why, dt_to_text(now)),
            ),
            True,
        )

    async def departures(self, session_id: int) -> tuple[Departure, ...]:
        """See `RatingsStore`."""
        rows = await self._tx(
            lambda c: c.execute(
                "SELECT session_id, seat, user_id, name, why FROM seat_departures "
                "WHERE session_id = ? ORDER BY seat",
                (session_id,),
            ).fetchall(),
            False,
        )
        return tuple(Departure(*tuple(r)) for r in rows)

    def _changes(self, conn: sqlite3.Connection, seq: int) -> dict[str, Change]:
        rows = conn.execute(
            "SELECT player, mu_before, sigma_before, mu_after, sigma_after FROM rating_entries "
            "WHERE seq = ? ORDER BY entry",
            (seq,),
        ).fetchall()
        return {r[0]: Change(r[0], Skill(r[1], r[2]), Skill(r[3], r[4])) for r in rows}

    def _read_game(self, conn: sqlite3.Connection, session_id: int) -> RatedGame | None:
        row = conn.execute(
            "SELECT session_id, result, reason, seq FROM rated_games WHERE session_id = ?",
            (session_id,),
        ).fetchone()
        if row is None:
            return None
        found = _rated(row)
        return RatedGame(found.session_id, found.result, self._changes(conn, row[3]), found.reason)

    async def record_game(
        self, session_id: int, result: GameResult | str, rate: Rater, now: datetime
    ) -> RatedGame:
        """See `RatingsStore`."""

        def body(conn: sqlite3.Connection) -> RatedGame:
            known = self._read_game(conn, session_id)
            if known is not None:
                return known
            if isinstance(result, str):
                conn.execute(
                    "INSERT INTO rated_games (session_id, guild_id, game_key, result, reason, "
                    "recorded_at) VALUES (?, 0, '', NULL, ?, ?)",
                    (session_id, result, dt_to_text(now)),
                )
                return RatedGame(session_id, None, {}, result)
            players = sorted({e.player for e in result.entries})
            marks = ", ".join("?" * len(players))
            rows = conn.execute(
                f"SELECT player, mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND "
                f"game_key = ? AND player IN ({marks})",
                (result.guild_id, result.game, *players),
            ).fetchall()
            priors = {r[0]: Skill(r[1], r[2]) for r in rows}
            counted = {r[0]: (r[3], r[4]) for r in rows}
            changes = rate(result, priors)
            seq = conn.execute(
                "INSERT INTO rated_games (session_id, guild_id, game_key, result, reason, "
                "recorded_at) VALUES (?, ?, ?, ?, '', ?) RETURNING seq",
                (
                    session_id,
                    result.guild_id,
                    result.game,
                    json.dumps(result.to_dict(), sort_keys=True),
                    dt_to_text(now),
                ),
            ).fetchone()[0]
            _write_game(conn, seq, result, changes, counted)
            return RatedGame(session_id, result, changes)

        return await self._tx(body, True)  # type: ignore[no-any-return]

    async def rated_game(self, session_id: int) -> RatedGame | None:
        """See `RatingsStore`."""
        return await self._tx(lambda c: self._read_game(c, session_id), False)  # type: ignore[no-any-return]

    async def rated_results(self) -> tuple[GameResult, ...]:
        """See `RatingsStore`."""
        rows = await self._tx(
            lambda c: c.execute(
                "SELECT result FROM rated_games WHERE result IS NOT NULL ORDER BY seq"
            ).fetchall(),
            False,
        )
        return tuple(GameResult.from_dict(json.loads(r[0])) for r in rows)

    async def all_ratings(self) -> dict[tuple[int, str], dict[str, Skill]]:
        """See `RatingsStore`."""
        rows = await self._tx(
            lambda c: c.execute(
                "SELECT guild_id, game_key, player, mu, sigma FROM ratings"
            ).fetchall(),
            False,
        )
        out: dict[tuple[int, str], dict[str, Skill]] = {}
        for r in rows:
            out.setdefault((r[0], r[1]), {})[r[2]] = Skill(r[3], r[4])
        return out

    async def replace_ratings(
        self, rated: Sequence[tuple[GameResult, Mapping[str, Change]]]
    ) -> None:
        """See `RatingsStore`."""

        def body(conn: sqlite3.Connection) -> None:
            seqs = dict(
                conn.execute(
                    "SELECT session_id, seq FROM rated_games WHERE result IS NOT NULL"
                ).fetchall()
            )
            conn.execute("DELETE FROM rating_entries")
            conn.execute("DELETE FROM ratings")
            counted: dict[tuple[int, str], dict[str, tuple[int, int]]] = {}
            for result, changes in rated:
                scope = counted.setdefault((result.guild_id, result.game), {})
                _write_game(conn, seqs[result.session_id], result, changes, scope)
                for player in changes:
                    games, wins = scope.get(player, (0, 0))
                    won = any(e.won for e in result.entries if e.player == player)
                    scope[player] = (games + 1, wins + won)

        await self._tx(body, True)

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> tuple[RatingRow, ...]:
        """See `RatingsStore`."""
        rows = await self._tx(
            lambda c: c.execute(
                "SELECT player, name, mu, sigma, games, wins FROM ratings WHERE guild_id = ? "
                f"AND game_key = ? {_BOARD} LIMIT ?",
                (guild_id, game, limit),
            ).fetchall(),
            False,
        )
        return tuple(_row(r) for r in rows)

    async def rating_place(
        self, guild_id: int, game: str, player: str
    ) -> tuple[int, RatingRow] | None:
        """See `RatingsStore`."""

        def body(conn: sqlite3.Connection) -> tuple[int, RatingRow] | None:
            row = conn.execute(
                "SELECT player, name, mu, sigma, games, wins FROM ratings WHERE guild_id = ? "
                "AND game_key = ? AND player = ?",
                (guild_id, game, player),
            ).fetchone()
            if row is None:
                return None
            mine = _row(row)
            ahead = conn.execute(
                "SELECT count(*) FROM ratings WHERE guild_id = ? AND game_key = ? AND "
                "((mu - 3 * sigma) > ? OR ((mu - 3 * sigma) = ? AND (games > ? OR "
                "(games = ? AND player < ?))))",
                (
                    guild_id,
                    game,
                    mine.rating.ordinal,
                    mine.rating.ordinal,
                    mine.games,
                    mine.games,
                    player,
                ),
            ).fetchone()[0]
            return int(ahead) + 1, mine

        return await self._tx(body, False)  # type: ignore[no-any-return]

    async def played_games(self, guild_id: int, player: str) -> dict[str, tuple[PlayedGame, ...]]:
        """See `RatingsStore`."""
        rows = await self._tx(
            lambda c: c.execute(
                "SELECT e.game_key, e.entry, g.result, e.mu_before, e.sigma_before, e.mu_after, "
                "e.sigma_after FROM rating_entries AS e JOIN rated_games AS g ON g.seq = e.seq "
                "WHERE e.guild_id = ? AND e.player = ? ORDER BY e.seq, e.entry",
                (guild_id, player),
            ).fetchall(),
            False,
        )
        out: dict[str, list[PlayedGame]] = {}
        seen: set[int] = set()
        for game, _, text, mu0, s0, mu1, s1 in rows:
            result = GameResult.from_dict(json.loads(text))
            index = entry_index(result, player)
            if result.session_id in seen or index is None:  # a level seated twice: one game
                continue
            seen.add(result.session_id)
            out.setdefault(game, []).append(
                played_game(result, index, Skill(mu0, s0), Skill(mu1, s1))
            )
        return {g: tuple(v) for g, v in out.items()}

    async def profile_hidden(self, user_id: int) -> bool:
        """See `RatingsStore`."""
        rows = await self._tx(
            lambda c: c.execute(
                "SELECT 1 FROM hidden_profiles WHERE user_id = ?", (user_id,)
            ).fetchall(),
            False,
        )
        return bool(rows)

    async def set_profile_hidden(self, user_id: int, hidden: bool) -> None:
        """See `RatingsStore`."""
        sql = (
            "INSERT OR IGNORE INTO hidden_profiles (user_id) VALUES (?)"
            if hidden
            else "DELETE FROM hidden_profiles WHERE user_id = ?"
        )
        await self._tx(lambda c: c.execute(sql, (user_id,)), True)
