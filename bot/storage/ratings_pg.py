"""PostgreSQL implementation of `RatingsStore`, to mix into `PostgresExtras` (tables of the
PostgreSQL migration `migrations/postgres/0006_ratings.sql`), over the store's `_run` (one
transaction), `_fetch` and `_execute` (one statement each). Rating a game is one transaction
that first takes a transaction lock on its server and game, so two games ending at once there
are rated one after the other.

Written before the PostgreSQL store reached this branch: `class PostgresExtras(PostgresRatings)`
wires it in, and the ratings conformance tests (`tests/storage/test_ratings_store.py`, over
every store the `store` fixture opens) then check it."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.ratings.records import PlayedGame
from bot.ratings.results import GameResult
from bot.ratings.skill import Change, Skill
from bot.storage.ratings import (
    Departure,
    RatedGame,
    Rater,
    RatingRow,
    entry_index,
    played_game,
)

_BOARD = "ORDER BY (mu - 3 * sigma) DESC, games DESC, player"
_COLUMNS = "player, name, mu, sigma, games, wins"


def _row(r: Any) -> RatingRow:
    return RatingRow(r[0], r[1], Skill(r[2], r[3]), int(r[4]), int(r[5]))


async def _write_game(
    conn: Any,
    seq: int,
    result: GameResult,
    changes: Mapping[str, Change],
    counted: Mapping[str, tuple[int, int]],
) -> None:
    for index, entry in enumerate(result.entries):
        c = changes[entry.player]
        await conn.execute(
            "INSERT INTO rating_entries (seq, entry, guild_id, game_key, player, mu_before, "
            "sigma_before, mu_after, sigma_after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            seq,
            index,
            result.guild_id,
            result.game,
            entry.player,
            c.before.mu,
            c.before.sigma,
            c.after.mu,
            c.after.sigma,
        )
    for player, c in changes.items():
        games, wins = counted.get(player, (0, 0))
        won = any(e.won for e in result.entries if e.player == player)
        name = next(e.name for e in result.entries if e.player == player)
        await conn.execute(
            "INSERT INTO ratings (guild_id, game_key, player, name, mu, sigma, games, wins) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (guild_id, game_key, player) "
            "DO UPDATE SET name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, "
            "games = excluded.games, wins = excluded.wins",
            result.guild_id,
            result.game,
            player,
            name,
            c.after.mu,
            c.after.sigma,
            games + 1,
            wins + int(won),
        )


class PostgresRatings:
    """`RatingsStore` on the store's PostgreSQL pool (see `bot.storage.ratings`)."""

    _store: Any

    async def set_casual(self, session_id: int, casual: bool) -> None:
        """See `RatingsStore`."""
        await self._store._execute(
            "INSERT INTO session_casual (session_id, casual) VALUES ($1, $2) "
            "ON CONFLICT (session_id) DO UPDATE SET casual = excluded.casual",
            session_id,
            casual,
        )

    async def casual(self, session_id: int) -> bool | None:
        """See `RatingsStore`."""
        rows = await self._store._fetch(
            "SELECT casual FROM session_casual WHERE session_id = $1", session_id
        )
        return bool(rows[0][0]) if rows else None

    async def add_departure(self, departure: Departure, now: datetime) -> None:
        """See `RatingsStore`."""
        d = departure
        await self._store._execute(
            "INSERT INTO seat_departures (session_id, seat, user_id, name, why, created_at) "
            "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (session_id, seat) DO NOTHING",
            d.session_id,
            d.seat,
            d.user_id,
            d.name,
            d.why,
            now,
        )

    async def departures(self, session_id: int) -> tuple[Departure, ...]:
        """See `RatingsStore`."""
        rows = await self._store._fetch(
            "SELECT session_id, seat, user_id, name, why FROM seat_departures "
            "WHERE session_id = $1 ORDER BY seat",
            session_id,
        )
        return tuple(Departure(int(r[0]), int(r[1]), int(r[2]), r[3], r[4]) for r in rows)

    @staticmethod
    async def _read_game(conn: Any, session_id: int) -> RatedGame | None:
        row = await conn.fetchrow(
            "SELECT session_id, result, reason, seq FROM rated_games WHERE session_id = $1",
            session_id,
        )
        if row is None:
            return None
        rows = await conn.fetch(
            "SELECT player, mu_before, sigma_before, mu_after, sigma_after FROM rating_entries "
            "WHERE seq = $1 ORDER BY entry",
            row[3],
        )
        changes = {r[0]: Change(r[0], Skill(r[1], r[2]), Skill(r[3], r[4])) for r in rows}
        result = None if row[1] is None else GameResult.from_dict(json.loads(row[1]))
        return RatedGame(int(row[0]), result, changes, row[2])

    async def record_game(
        self, session_id: int, result: GameResult | str, rate: Rater, now: datetime
    ) -> RatedGame:
        """See `RatingsStore`."""

        async def body(conn: Any) -> RatedGame:
            if not isinstance(result, str):
                # One game at a time per server and game: the ratings read below stay current.
                await conn.execute(
                    "SELECT pg_advisory_xact_lock(hashtext($1))",
                    f"ratings:{result.guild_id}:{result.game}",
                )
            known = await self._read_game(conn, session_id)
            if known is not None:
                return known
            if isinstance(result, str):
                await conn.execute(
                    "INSERT INTO rated_games (session_id, guild_id, game_key, result, reason, "
                    "recorded_at) VALUES ($1, 0, '', NULL, $2, $3)",
                    session_id,
                    result,
                    now,
                )
                return RatedGame(session_id, None, {}, result)
            players = sorted({e.player for e in result.entries})
            rows = await conn.fetch(
                "SELECT player, mu, sigma, games, wins FROM ratings WHERE guild_id = $1 AND "
                "game_key = $2 AND player = ANY($3::text[])",
                result.guild_id,
                result.game,
                players,
            )
            priors = {r[0]: Skill(r[1], r[2]) for r in rows}
            counted = {r[0]: (int(r[3]), int(r[4])) for r in rows}
            changes = rate(result, priors)
            seq = await conn.fetchval(
                "INSERT INTO rated_games (session_id, guild_id, game_key, result, reason, "
                "recorded_at) VALUES ($1, $2, $3, $4, '', $5) RETURNING seq",
                session_id,
                result.guild_id,
                result.game,
                json.dumps(result.to_dict(), sort_keys=True),
                now,
            )
            await _write_game(conn, seq, result, changes, counted)
            return RatedGame(session_id, result, changes)

        return await self._store._run(body)  # type: ignore[no-any-return]

    async def rated_game(self, session_id: int) -> RatedGame | None:
        """See `RatingsStore`."""
        return await self._store._run(lambda conn: self._read_game(conn, session_id))  # type: ignore[no-any-return]

    async def rated_results(self) -> tuple[GameResult, ...]:
        """See `RatingsStore`."""
        rows = await self._store._fetch(
            "SELECT result FROM rated_games WHERE result IS NOT NULL ORDER BY seq"
        )
        return tuple(GameResult.from_dict(json.loads(r[0])) for r in rows)

    async def all_ratings(self) -> dict[tuple[int, str], dict[str, Skill]]:
        """See `RatingsStore`."""
        rows = await self._store._fetch("SELECT guild_id, game_key, player, mu, sigma FROM ratings")
        out: dict[tuple[int, str], dict[str, Skill]] = {}
        for r in rows:
            out.setdefault((int(r[0]), r[1]), {})[r[2]] = Skill(r[3], r[4])
        return out

    async def replace_ratings(
        self, rated: Sequence[tuple[GameResult, Mapping[str, Change]]]
    ) -> None:
        """See `RatingsStore`."""

        async def body(conn: Any) -> None:
            seqs = {
                int(r[0]): int(r[1])
                for r in await conn.fetch(
                    "SELECT session_id, seq FROM rated_games WHERE result IS NOT NULL"
                )
            }
            await conn.execute("DELETE FROM rating_entries")
            await conn.execute("DELETE FROM ratings")
            counted: dict[tuple[int, str], dict[str, tuple[int, int]]] = {}
            for result, changes in rated:
                scope = counted.setdefault((result.guild_id, result.game), {})
                await _write_game(conn, seqs[result.session_id], result, changes, scope)
                for player in changes:
                    games, wins = scope.get(player, (0, 0))
                    won = any(e.won for e in result.entries if e.player == player)
                    scope[player] = (games + 1, wins + won)

        await self._store._run(body)

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> tuple[RatingRow, ...]:
        """See `RatingsStore`."""
        rows = await self._store._fetch(
            f"SELECT {_COLUMNS} FROM ratings WHERE guild_id = $1 AND game_key = $2 {_BOARD} "
            "LIMIT $3",
            guild_id,
            game,
            limit,
        )
        return tuple(_row(r) for r in rows)

    async def rating_place(
        self, guild_id: int, game: str, player: str
    ) -> tuple[int, RatingRow] | None:
        """See `RatingsStore`."""
        rows = await self._store._fetch(
            f"SELECT {_COLUMNS} FROM ratings WHERE guild_id = $1 AND game_key = $2 AND player = $3",
            guild_id,
            game,
            player,
        )
        if not rows:
            return None
        mine = _row(rows[0])
        ahead = await self._store._fetch(
            "SELECT count(*) FROM ratings WHERE guild_id = $1 AND game_key = $2 AND "
            "((mu - 3 * sigma) > $3 OR ((mu - 3 * sigma) = $3 AND (games > $4 OR "
            "(games = $4 AND player < $5))))",
            guild_id,
            game,
            mine.rating.ordinal,
            mine.games,
            player,
        )
        return int(ahead[0][0]) + 1, mine

    async def played_games(self, guild_id: int, player: str) -> dict[str, tuple[PlayedGame, ...]]:
        """See `RatingsStore`."""
        rows = await self._store._fetch(
            "SELECT e.game_key, g.result, e.mu_before, e.sigma_before, e.mu_after, "
            "e.sigma_after FROM rating_entries AS e JOIN rated_games AS g ON g.seq = e.seq "
            "WHERE e.guild_id = $1 AND e.player = $2 ORDER BY e.seq, e.entry",
            guild_id,
            player,
        )
        out: dict[str, list[PlayedGame]] = {}
        seen: set[int] = set()
        for game, text, mu0, s0, mu1, s1 in rows:
            result = GameResult.from_dict(json.loads(text))
            index = entry_index(result, player)
            if result.session_id in seen or index is None:
                continue
            seen.add(result.session_id)
            out.setdefault(game, []).append(
                played_game(result, index, Skill(mu0, s0), Skill(mu1, s1))
            )
        return {g: tuple(v) for g, v in out.items()}

    async def profile_hidden(self, user_id: int) -> bool:
        """See `RatingsStore`."""
        rows = await self._store._fetch("SELECT 1 FROM hidden_profiles WHERE user_id = $1", user_id)
        return bool(rows)

    async def set_profile_hidden(self, user_id: int, hidden: bool) -> None:
        """See `RatingsStore`."""
        sql = (
            "INSERT INTO hidden_profiles (user_id) VALUES ($1) ON CONFLICT DO NOTHING"
            if hidden
            else "DELETE FROM hidden_profiles WHERE user_id = $1"
        )
        await self._store._execute(sql, user_id)
