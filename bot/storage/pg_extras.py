"""`Extras` in the PostgreSQL database: the same tables as SQLite's migration 0003."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.storage.postgres import PostgresStore
from bot.storage.ratings_pg import PostgresRatings


class PostgresExtras(PostgresRatings):
    """`Extras` over a `PostgresStore`'s pool (each call one statement); ratings from
    `PostgresRatings`."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """See `Extras`."""
        rows = await self._store._fetch(
            "SELECT settings FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return dict(json.loads(rows[0][0])) if rows else {}

    async def all_guild_settings(self) -> dict[int, dict[str, Any]]:
        """See `Extras`."""
        rows = await self._store._fetch("SELECT guild_id, settings FROM guild_settings")
        return {int(r[0]): dict(json.loads(r[1])) for r in rows}

    async def set_guild_settings(self, guild_id: int, values: Mapping[str, Any]) -> None:
        """See `Extras`."""
        await self._store._execute(
            "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES ($1, $2, now()) "
            "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, "
            "updated_at = excluded.updated_at",
            guild_id,
            json.dumps(dict(values), sort_keys=True),
        )

    async def notify(self, user_id: int) -> bool:
        """See `Extras`."""
        rows = await self._store._fetch(
            "SELECT notify FROM user_notify WHERE user_id = $1", user_id
        )
        return bool(rows and rows[0][0])

    async def set_notify(self, user_id: int, on: bool) -> None:
        """See `Extras`."""
        await self._store._execute(
            "INSERT INTO user_notify (user_id, notify) VALUES ($1, $2) "
            "ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
            user_id,
            on,
        )

    async def paused(self, session_id: int) -> bool:
        """See `Extras`."""
        rows = await self._store._fetch(
            "SELECT 1 FROM paused_sessions WHERE session_id = $1", session_id
        )
        return bool(rows)

    async def set_paused(self, session_id: int, by_user: int | None) -> None:
        """See `Extras`."""
        if by_user is None:
            await self._store._execute(
                "DELETE FROM paused_sessions WHERE session_id = $1", session_id
            )
        else:
            await self._store._execute(
                "INSERT INTO paused_sessions (session_id, paused_by, paused_at) "
                "VALUES ($1, $2, now()) ON CONFLICT (session_id) DO UPDATE SET "
                "paused_by = excluded.paused_by, paused_at = excluded.paused_at",
                session_id,
                by_user,
            )

    async def paused_ids(self) -> frozenset[int]:
        """See `Extras`."""
        rows = await self._store._fetch("SELECT session_id FROM paused_sessions")
        return frozenset(int(r[0]) for r in rows)

    async def open_session_ids_of(self, user_id: int) -> tuple[int, ...]:
        """See `Extras`."""
        rows = await self._store._fetch(
            "SELECT s.id FROM seats AS t JOIN sessions AS s ON s.id = t.session_id "
            "WHERE t.user_id = $1 AND s.status IN ('lobby', 'active') ORDER BY s.id",
            user_id,
        )
        return tuple(int(r[0]) for r in rows)

    async def open_game_count(self) -> int:
        """See `Extras`."""
        rows = await self._store._fetch(
            "SELECT count(*) FROM sessions WHERE status IN ('lobby', 'active')"
        )
        return int(rows[0][0])

    async def turn_post(self, session_id: int) -> dict[str, Any] | None:
        """See `Extras`."""
        rows = await self._store._fetch(
            "SELECT post FROM turn_posts WHERE session_id = $1", session_id
        )
        return dict(json.loads(rows[0][0])) if rows else None

    async def set_turn_post(self, session_id: int, post: Mapping[str, Any] | None) -> None:
        """See `Extras`."""
        if post is None:
            await self._store._execute("DELETE FROM turn_posts WHERE session_id = $1", session_id)
            return
        await self._store._execute(
            "INSERT INTO turn_posts (session_id, post) VALUES ($1, $2) "
            "ON CONFLICT (session_id) DO UPDATE SET post = excluded.post",
            session_id,
            json.dumps(dict(post), sort_keys=True),
        )

    async def meta(self, key: str) -> str | None:
        """See `Extras`."""
        rows = await self._store._fetch("SELECT value FROM bot_meta WHERE key = $1", key)
        return str(rows[0][0]) if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        """See `Extras`."""
        await self._store._execute(
            "INSERT INTO bot_meta (key, value) VALUES ($1, $2) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )
