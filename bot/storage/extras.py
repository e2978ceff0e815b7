"""Server-side bookkeeping next to the games (migrations 0003, 0008): per-server settings, turn
notifications, paused games, each game's current turn post, and bot metadata such as the hash
of the last command sync.

    extras = extras_for(store)          # SQLite store -> SqliteExtras, anything else -> memory
    await extras.set_guild_settings(guild_id, {"reminder_hours": 12.0})

Kept apart from `SessionStore` so the game store's protocol does not grow for facts that are
not about one game. Values are plain JSON types; their meaning lives in `bot.table.serverconf`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, Protocol

from bot.storage.ratings import RatingsStore
from bot.storage.ratings_memory import MemoryRatings
from bot.storage.ratings_sqlite import SqliteRatings

__all__ = ["Extras", "MemoryExtras", "SqliteExtras", "extras_for"]


class Extras(RatingsStore, Protocol):
    """What the table and the app store beside the games (ratings: `bot.storage.ratings`)."""

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The server's stored settings ({} if none)."""
        ...

    async def set_guild_settings(self, guild_id: int, values: Mapping[str, Any]) -> None:
        """Replace the server's stored settings."""
        ...

    async def all_guild_settings(self) -> dict[int, dict[str, Any]]:
        """Every server's stored settings (servers that changed none are absent)."""
        ...

    async def notify(self, user_id: int) -> bool:
        """Whether the user wants a DM when it becomes their turn."""
        ...

    async def set_notify(self, user_id: int, on: bool) -> None:
        """Turn the user's turn DMs on or off."""
        ...

    async def paused(self, session_id: int) -> bool:
        """Whether a moderator paused this game."""
        ...

    async def set_paused(self, session_id: int, by_user: int | None) -> None:
        """Pause (by `by_user`) or, with None, resume the game."""
        ...

    async def paused_ids(self) -> frozenset[int]:
        """Every paused game's id."""
        ...

    async def open_session_ids_of(self, user_id: int) -> tuple[int, ...]:
        """Ids of the lobbies and active games where the user holds a seat."""
        ...

    async def turn_post(self, session_id: int) -> dict[str, Any] | None:
        """The game's current turn post (a JSON object, see `bot.table.turnposts`), or None."""
        ...

    async def set_turn_post(self, session_id: int, post: Mapping[str, Any] | None) -> None:
        """Replace (None: forget) the game's current turn post."""
        ...

    async def open_game_count(self) -> int:
        """How many lobbies and games in progress there are (one indexed count)."""
        ...

    async def meta(self, key: str) -> str | None:
        """A stored fact about the bot, or None."""
        ...

    async def set_meta(self, key: str, value: str) -> None:
        """Store a fact about the bot."""
        ...


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class SqliteExtras(SqliteRatings):
    """`Extras` in the game database (shares the `SqliteStore`'s connection and lock)."""

    def __init__(self, store: Any) -> None:
        self._store = store

    async def _fetch(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        # One transaction on the store's connection thread (see `SqliteStore._run`).
        return await self._store._run(
            lambda conn: list(conn.execute(sql, params).fetchall()), write=False
        )

    async def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        await self._store._run(lambda conn: conn.execute(sql, params), write=True)

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """See `Extras`."""
        rows = await self._fetch(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return dict(json.loads(rows[0][0])) if rows else {}

    async def all_guild_settings(self) -> dict[int, dict[str, Any]]:
        """See `Extras`."""
        rows = await self._fetch("SELECT guild_id, settings FROM guild_settings", ())
        return {int(r[0]): dict(json.loads(r[1])) for r in rows}

    async def set_guild_settings(self, guild_id: int, values: Mapping[str, Any]) -> None:
        """See `Extras`."""
        await self._write(
            "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, "
            "updated_at = excluded.updated_at",
            (guild_id, json.dumps(dict(values), sort_keys=True), _now()),
        )

    async def notify(self, user_id: int) -> bool:
        """See `Extras`."""
        rows = await self._fetch("SELECT notify FROM user_notify WHERE user_id = ?", (user_id,))
        return bool(rows and rows[0][0])

    async def set_notify(self, user_id: int, on: bool) -> None:
        """See `Extras`."""
        await self._write(
            "INSERT INTO user_notify (user_id, notify) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
            (user_id, int(on)),
        )

    async def paused(self, session_id: int) -> bool:
        """See `Extras`."""
        rows = await self._fetch(
            "SELECT 1 FROM paused_sessions WHERE session_id = ?", (session_id,)
        )
        return bool(rows)

    async def set_paused(self, session_id: int, by_user: int | None) -> None:
        """See `Extras`."""
        if by_user is None:
            await self._write("DELETE FROM paused_sessions WHERE session_id = ?", (session_id,))
        else:
            await self._write(
                "INSERT OR REPLACE INTO paused_sessions (session_id, paused_by, paused_at) "
                "VALUES (?, ?, ?)",
                (session_id, by_user, _now()),
            )

    async def paused_ids(self) -> frozenset[int]:
        """See `Extras`."""
        return frozenset(
            r[0] for r in await self._fetch("SELECT session_id FROM paused_sessions", ())
        )

    async def open_session_ids_of(self, user_id: int) -> tuple[int, ...]:
        """See `Extras`."""
        rows = await self._fetch(
            "SELECT s.id FROM seats AS t JOIN sessions AS s ON s.id = t.session_id "
            "WHERE t.user_id = ? AND s.status IN ('lobby', 'active') ORDER BY s.id",
            (user_id,),
        )
        return tuple(r[0] for r in rows)

    async def turn_post(self, session_id: int) -> dict[str, Any] | None:
        """See `Extras`."""
        rows = await self._fetch("SELECT post FROM turn_posts WHERE session_id = ?", (session_id,))
        return dict(json.loads(rows[0][0])) if rows else None

    async def set_turn_post(self, session_id: int, post: Mapping[str, Any] | None) -> None:
        """See `Extras`."""
        if post is None:
            await self._write("DELETE FROM turn_posts WHERE session_id = ?", (session_id,))
            return
        await self._write(
            "INSERT INTO turn_posts (session_id, post) VALUES (?, ?) "
            "ON CONFLICT (session_id) DO UPDATE SET post = excluded.post",
            (session_id, json.dumps(dict(post), sort_keys=True)),
        )

    async def open_game_count(self) -> int:
        """See `Extras`."""
        rows = await self._fetch(
            "SELECT count(*) FROM sessions WHERE status IN ('lobby', 'active')", ()
        )
        return int(rows[0][0])

    async def meta(self, key: str) -> str | None:
        """See `Extras`."""
        rows = await self._fetch("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        """See `Extras`."""
        await self._write(
            "INSERT INTO bot_meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )


class MemoryExtras(MemoryRatings):
    """`Extras` in dictionaries, over a `MemoryStore` (tests, the terminal table)."""

    def __init__(self, store: Any = None) -> None:
        self._store = store
        self._guilds: dict[int, dict[str, Any]] = {}
        self._notify: dict[int, bool] = {}
        self._paused: set[int] = set()
        self._meta: dict[str, str] = {}
        self._posts: dict[int, str] = {}

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """See `Extras`."""
        return dict(self._guilds.get(guild_id, {}))

    async def all_guild_settings(self) -> dict[int, dict[str, Any]]:
        """See `Extras`."""
        return {g: dict(v) for g, v in self._guilds.items()}

    async def set_guild_settings(self, guild_id: int, values: Mapping[str, Any]) -> None:
        """See `Extras`."""
        self._guilds[guild_id] = dict(values)

    async def notify(self, user_id: int) -> bool:
        """See `Extras`."""
        return self._notify.get(user_id, False)

    async def set_notify(self, user_id: int, on: bool) -> None:
        """See `Extras`."""
        self._notify[user_id] = on

    async def paused(self, session_id: int) -> bool:
        """See `Extras`."""
        return session_id in self._paused

    async def set_paused(self, session_id: int, by_user: int | None) -> None:
        """See `Extras`."""
        if by_user is None:
            self._paused.discard(session_id)
        else:
            self._paused.add(session_id)

    async def paused_ids(self) -> frozenset[int]:
        """See `Extras`."""
        return frozenset(self._paused)

    async def open_session_ids_of(self, user_id: int) -> tuple[int, ...]:
        """See `Extras`."""
        if self._store is None:
            return ()
        return tuple(s.id for s in await self._store.list_open() if s.seat_of(user_id) is not None)

    async def turn_post(self, session_id: int) -> dict[str, Any] | None:
        """See `Extras`."""
        raw = self._posts.get(session_id)
        return dict(json.loads(raw)) if raw is not None else None

    async def set_turn_post(self, session_id: int, post: Mapping[str, Any] | None) -> None:
        """See `Extras`."""
        if post is None:
            self._posts.pop(session_id, None)
        else:  # stored as JSON, as SQLite does: what comes back is a copy of plain types
            self._posts[session_id] = json.dumps(dict(post), sort_keys=True)

    async def open_game_count(self) -> int:
        """See `Extras`."""
        return 0 if self._store is None else len(await self._store.list_open())

    async def meta(self, key: str) -> str | None:
        """See `Extras`."""
        return self._meta.get(key)

    async def set_meta(self, key: str, value: str) -> None:
        """See `Extras`."""
        self._meta[key] = value


def extras_for(store: Any) -> Extras:
    """The extras living beside `store`: in its SQLite file or PostgreSQL database, else in
    memory."""
    from bot.storage.sqlite import SqliteStore

    if isinstance(store, SqliteStore):
        return SqliteExtras(store)
    if type(store).__name__ == "PostgresStore":  # no asyncpg import for the other stores
        from bot.storage.pg_extras import PostgresExtras

        return PostgresExtras(store)
    return MemoryExtras(store)
