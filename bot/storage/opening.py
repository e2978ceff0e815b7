"""Open the configured store: PostgreSQL when a `postgresql://` URL is set, else SQLite."""

from __future__ import annotations

import logging
from pathlib import Path

from bot.storage.base import SessionStore

log = logging.getLogger(__name__)


def describe(database_url: str, database_path: Path) -> str:
    """Where the games live, for the log (a URL's password is left out)."""
    if database_url:
        rest = database_url.split("://", 1)[1]
        return "postgresql://" + rest.rsplit("@", 1)[-1]
    return str(database_path)


async def open_store(database_url: str, database_path: Path) -> SessionStore:
    """The store the settings name, opened and migrated: PostgreSQL at `database_url` when it
    is set, else the SQLite file at `database_path` (its folder is created)."""
    if database_url:
        from bot.storage.postgres import PostgresStore

        store: SessionStore = await PostgresStore.open(database_url)
    else:
        from bot.storage.sqlite import SqliteStore

        database_path.parent.mkdir(parents=True, exist_ok=True)
        store = await SqliteStore.open(database_path)
    log.info("opened the game database at %s", describe(database_url, database_path))
    return store
