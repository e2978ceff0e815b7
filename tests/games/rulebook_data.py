"""Where the rulebooks' data files are: `shared/rules/data/` beside the repository or beside a
folder above it (a git worktree sits a level deeper than the main checkout)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.games.gamedata import load_yaml


def rulebook_data_path(name: str) -> Path:
    """The path of `shared/rules/data/<name>`, found from this file upwards; fails the test
    (never skips it) when the data is missing, since a skipped comparison checks nothing."""
    here = Path(__file__).resolve()
    for folder in here.parents:
        candidate = folder / "shared" / "rules" / "data" / name
        if candidate.is_file():
            return candidate
    raise AssertionError(f"shared/rules/data/{name} is not beside the repository or above it")


def rulebook_data(name: str) -> Any:
    """The parsed YAML of `shared/rules/data/<name>`."""
    path = rulebook_data_path(name)
    return load_yaml(path.read_text(encoding="utf-8"), source=str(path))
