"""Server owners' data files: read them and hand them to the game registry at start.

A game whose printed numbers we could only reconstruct (see `bot/games/gamedata.py`) reads an
environment variable `GAME_DATA_<GAME>` (e.g. `GAME_DATA_CANTERBURY=/srv/canterbury.yaml`). The file
is YAML or JSON by its suffix; it is validated completely before the bot starts, and a bad file
stops the start with one sentence naming the file and the field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.games import registry, use_data
from bot.games.gamedata import DataError, load_yaml

__all__ = ["DataError", "env_key", "load_data_file", "load_overrides"]

MAX_BYTES = 2_000_000
"""A data file is a few kilobytes; refuse anything absurd rather than read it."""


def env_key(game_key: str) -> str:
    """The environment variable naming a game's data file: `GAME_DATA_CANTERBURY`."""
    return "GAME_DATA_" + game_key.upper().replace("-", "_")


def load_data_file(path: str | Path) -> Any:
    """The parsed content of a YAML (.yaml/.yml) or JSON (.json) file; DataError on failure."""
    file = Path(path).expanduser()
    if not file.is_file():
        raise DataError(f"{file}: no such file.")
    if file.stat().st_size > MAX_BYTES:
        raise DataError(f"{file}: larger than {MAX_BYTES // 1000} KB; is this the right file?")
    text = file.read_text(encoding="utf-8")
    suffix = file.suffix.lower()
    if suffix in (".yaml", ".yml"):
        return load_yaml(text, source=str(file))
    if suffix != ".json":
        raise DataError(f"{file}: name a .yaml, .yml or .json file.")
    if not text.strip():
        raise DataError(f"{file}: the file is empty; it must hold the game's data.")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as exc:  # json.JSONDecodeError is a ValueError
        raise DataError(f"{file}: cannot be read as JSON: {exc}") from None
    if raw is None:
        raise DataError(f"{file}: the file holds no data (null).")
    return raw


def load_overrides(environ: Mapping[str, str]) -> list[str]:
    """Apply every `GAME_DATA_<GAME>` file named in `environ`; return one line per file applied.

    Raises DataError (naming the variable, the file and the field) at the first bad file, so
    the caller can refuse to start instead of running with numbers nobody chose.
    """
    applied: list[str] = []
    for key, engine in sorted(registry().items()):
        raw_path = environ.get(env_key(key), "").strip()
        if not raw_path:
            continue
        if not hasattr(engine, "with_data"):
            raise DataError(f"{env_key(key)}: {key} has no replaceable data file.")
        try:
            use_data(key, load_data_file(raw_path))
        except DataError as exc:
            raise DataError(f"{env_key(key)}={raw_path}: {exc}") from None
        applied.append(f"{key}: data from {raw_path}")
    return applied
