"""Helpers shared by the command-line tools: engine and renderer lookup, file names, results."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from bot.games import get_engine
from bot.games.protocol import Engine, GameSpec, Outcome, Seat
from bot.table.options import parse_options_text

RenderPng = Callable[[str, Any], bytes]

__all__ = [
    "CliError",
    "RenderPng",
    "bot_seed",
    "check_seat_count",
    "cli_options",
    "describe_outcome",
    "engine_for",
    "image_name",
    "load_renderer",
    "players_phrase",
    "prepare_out_dir",
    "render_board",
    "seat_name",
    "slug",
]


class CliError(Exception):
    """A user mistake on the command line; the message is printed and the exit status is 2."""


def engine_for(game: str) -> Engine[Any, Any]:
    """The engine for `game`, or CliError naming the known games."""
    try:
        return get_engine(game)
    except KeyError as exc:
        raise CliError(str(exc.args[0])) from None


def players_phrase(spec: GameSpec) -> str:
    """'exactly 2 players' or '2 to 5 players'.

    >>> from bot.games import get_engine
    >>> players_phrase(get_engine("kingsburg").spec)
    '2 to 5 players'
    """
    if spec.min_players == spec.max_players:
        return f"exactly {spec.min_players} player{'s' * (spec.min_players != 1)}"
    return f"{spec.min_players} to {spec.max_players} players"


def check_seat_count(spec: GameSpec, count: int, named: str) -> None:
    """CliError unless `count` seats fit `spec`; `named` says who named them ("--bots named 1")."""
    if not spec.min_players <= count <= spec.max_players:
        raise CliError(f"{spec.display_name} is for {players_phrase(spec)}; {named}.")


def cli_options(spec: GameSpec, text: str | None, extra: Sequence[str] = ()) -> dict[str, Any]:
    """Options typed on the command line, validated against `spec`, as CliError on any mistake.

    A key given twice is refused rather than letting the last one silently win. `extra` names
    keys the caller handles itself (e.g. the table's `turn_hours`); they are checked for
    duplicates but not passed to the engine.
    """
    try:
        # parse_options_text refuses a repeated key itself ("Option 'games' is given twice.").
        seen = parse_options_text(text)
        return spec.validate_options({k: v for k, v in seen.items() if k not in extra})
    except ValueError as exc:
        raise CliError(str(exc)) from None


def prepare_out_dir(out: Path | None) -> None:
    """Create the image folder now, so a bad `--out` is a sentence before any work is done."""
    if out is None:
        return
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"Cannot create the image folder {out}: {exc.strerror or exc}.") from None
    if not out.is_dir():
        raise CliError(f"Cannot save images in {out}: it is not a folder.")


def load_renderer() -> RenderPng:
    """`rendering.render_png`, imported on first use (Pillow is needed only for images)."""
    from rendering import render_png

    return render_png


def render_board(
    render_png: RenderPng, game: str, view: Any, names: Mapping[int, str] | None = None
) -> bytes:
    """One board as PNG bytes (seats drawn with `names` if given); a game without a renderer is
    a CliError, not a traceback."""
    try:
        return render_png(game, view, names=names) if names else render_png(game, view)
    except KeyError as exc:  # the renderer registry names the games it can draw
        raise CliError(str(exc.args[0]) if exc.args else f"No renderer for {game}.") from None


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
    elif outcome.termination == "opponent_won":  # an automated opponent that is no seat
        won, verb = "no player", "wins (the automated opponent does)"
    else:
        won, verb = "nobody", "wins (a draw)"
    scores = ", ".join(f"{name(Seat(s))} {v}" for s, v in sorted(outcome.scores.items()))
    better = " (lower is better)" if outcome.lower_is_better else ""
    return f"result: {won} {verb}; scores: {scores}{better}. {outcome.reason}".rstrip()


def write_png(out: Path, index: int, desc: str, png: bytes) -> Path:
    """Write one image into `out` and return its path (CliError if it cannot be written)."""
    path = out / image_name(index, desc)
    try:
        out.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
    except OSError as exc:
        raise CliError(f"Cannot write the image {path}: {exc.strerror or exc}.") from None
    return path


SCORESHEET_NAME = "scoresheet.png"


def write_scoresheet(
    out: Path, engine: Engine[Any, Any], state: Any, names: Mapping[int, str] | None = None
) -> Path | None:
    """Write the finished game's score sheet as `out/scoresheet.png` (None while not over)."""
    outcome = engine.outcome(state)
    if outcome is None:
        return None
    from rendering import scoresheet

    seats = range(len(outcome.scores))
    shown = [(names or {}).get(i, f"Seat {i + 1}") for i in seats]
    sides = [engine.seat_label(state, Seat(i)) for i in seats]
    sheet = scoresheet.sheet_from_outcome(engine.spec.display_name, outcome, shown, sides)
    path = out / SCORESHEET_NAME
    try:
        path.write_bytes(scoresheet.render_png(sheet))
    except OSError as exc:
        raise CliError(f"Cannot write the score sheet {path}: {exc.strerror or exc}.") from None
    return path
