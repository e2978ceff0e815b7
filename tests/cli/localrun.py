"""Running the terminal table on typed lines for tests: a fake renderer and `run_lines`."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from bot.__main__ import build_parser
from bot.cli import local


def fake_png(game_key: str, view: object, **_: object) -> bytes:
    """A stand-in renderer: the tests read the text, not the images."""
    return b"\x89PNG fake"


def run_lines(
    tmp_path: Path,
    game: str,
    players: str,
    lines: list[str],
    seed: int = 1,
    language: str = "en",
) -> str:
    """Everything the terminal table prints for `lines` typed at a fresh `game`."""
    args = build_parser().parse_args(
        [
            *("local", game, "--players", players, "--seed", str(seed)),
            *("--db", str(tmp_path / "l.db"), "--out", str(tmp_path / "boards")),
            *("--language", language),
        ]
    )
    out = io.StringIO()
    status = asyncio.run(
        local.play_local(args, io.StringIO("\n".join(lines) + "\n"), out, fake_png)
    )
    assert status == 0
    return out.getvalue()
