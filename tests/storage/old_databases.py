"""Helper: a database file migrated only up to a given number, as an older bot left it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.storage.sqlite import migrations


def apply_migrations_up_to(path: Path, last: int) -> None:
    """Create `path` with migrations 1..`last` applied and `user_version` set to `last`."""
    raw = sqlite3.connect(path, isolation_level=None)
    try:
        for number, _, sql in migrations():
            if number <= last:
                raw.executescript(f"BEGIN;\n{sql}\n;PRAGMA user_version = {number};\nCOMMIT;")
    finally:
        raw.close()
