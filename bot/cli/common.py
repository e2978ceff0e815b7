"""Helpers shared by the command-line tools: engine and renderer lookup, file names, results."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from bot.games.protocol import Engine, Outcome, Seat
from bot.table.engines import lookup_engine

RenderPng = Callable[[str, Any], bytes]

__all__ = [
    "CliError",
    "RenderPng",
    "bot_seed",
    "describe_outcome",
    "engine_for",
    "image_name",
    "load_renderer",
    "seat_name",
    "slug",
]


class CliError(Exception):
    """A user mistake on the command line; the message is printed and the exit status is 2."""


def engine_for(game: str) -> Engine[Any, Any]:
    """The engine for `game`, or CliError naming the known games."""
    try:
        return lookup_engine(game)
    except KeyError as exc:
        raise CliError(str(exc.args[0])) from None


def load_renderer() -> RenderPng:
    """`rendering.render_png`, imported on first use (Pillow is needed only for images)."""
    from rendering import render_png

    return render_png


def slug(text: str, limit: int = 40) -> str:
    """A file-name-safe lower-case form of a move or description.

    >>> slug("Castle B3 90")
    'castle-b3-90'
    """
    cleaned = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return (cleaned[:limit].rstrip("-")) or "move"


def image_name(index: int, desc: str) -> str:
    """NNN-<desc>.png, numbered so a directory listing is in play order."""
    return f"{index:03d}-{slug(desc)}.png"


def bot_seed(game_seed: int, ply: int) -> int:
    """A per-move bot seed derived from the game seed, so bot games are reproducible."""
    return (game_seed * 1_000_003 + ply * 7_919) & 0x7FFFFFFF


def seat_name(engine: Engine[Any, Any], state: Any, seat: Seat, names: Sequence[str] = ()) -> str:
    """'0(light)' or 'alice(light)' when a name for the seat is known."""
    label = engine.seat_label(state, seat)
    who = names[seat] if seat < len(names) else str(seat)
    return f"{who}({label})"


def describe_outcome(
    engine: Engine[Any, Any],
    state: Any,
    outcome: Outcome,
    names: Sequence[str] = (),
) -> str:
    """One line: winners, every seat's score and the engine's reason."""

    def name(seat: Seat) -> str:
        return seat_name(engine, state, seat, names)

    if outcome.winners:
        won = ", ".join(name(s) for s in sorted(outcome.winners))
        verb = "wins" if len(outcome.winners) == 1 else "share the win"
    else:
        won, verb = "nobody", "wins (a draw)"
    scores = ", ".join(f"{name(Seat(s))} {v}" for s, v in sorted(outcome.scores.items()))
    better = " (lower is better)" if outcome.lower_is_better else ""
    return f"result: {won} {verb}; scores: {scores}{better}. {outcome.reason}".rstrip()


def write_png(out: Path, index: int, desc: str, png: bytes) -> Path:
    """Write one image into `out` and return its path."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / image_name(index, desc)
    path.write_bytes(png)
    return path


def outcome_scores(outcome: Outcome) -> Mapping[str, int]:
    """Scores keyed by seat as text (JSON-friendly)."""
    return {str(k): v for k, v in sorted(outcome.scores.items())}


def err(message: str) -> None:
    """Print a message to stderr."""
    print(message, file=sys.stderr)
