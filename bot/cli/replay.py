"""`python -m bot replay <game> --moves FILE`: apply a file of moves and print the final position.

One move per line in notation; blank lines and `#` comments are ignored. A line may start with a
seat, `0:` or `light:`, which is needed when several seats may act at once; without one the move
is made by the single seat to act. A refused line stops the replay with `line N: <reason>` and exit
status 1.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.cli.common import (
    CliError,
    RenderPng,
    check_seat_count,
    cli_options,
    describe_outcome,
    engine_for,
    load_renderer,
    prepare_out_dir,
    render_board,
    write_png,
    write_scoresheet,
)
from bot.games.protocol import Engine, Seat, canonical_json, step_text
from bot.games.rejections import Rejection
from bot.table.textcommands import small_int

_PREFIX = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*:\s*(.*)$")


@dataclass(frozen=True, slots=True)
class MoveLine:
    """One move from the file: its line number, an optional seat prefix and the notation."""

    number: int
    seat: str | None
    notation: str
    text: str = ""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the `replay` subcommand."""
    parser.add_argument("game", help="game key, e.g. cathedral")
    parser.add_argument("--moves", type=Path, required=True, help="file with one move per line")
    parser.add_argument("--players", type=int, default=None, help="number of seats")
    parser.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
    parser.add_argument("--options", default="", help='game options, e.g. "games=2"')
    parser.add_argument("--out", type=Path, default=None, help="directory for one PNG per move")
    parser.add_argument("--json", action="store_true", help="print engine.summary() as JSON")


def read_moves(lines: Iterable[str]) -> list[MoveLine]:
    """Moves from the text lines of a file (1-based line numbers kept for error messages)."""
    out: list[MoveLine] = []
    for number, raw in enumerate(lines, start=1):
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        match = _PREFIX.match(text)
        if match is not None:
            out.append(MoveLine(number, match.group(1), match.group(2).strip(), text))
        else:
            out.append(MoveLine(number, None, text, text))
    return out


def _clip_word(word: str, limit: int = 12) -> str:
    """`word`, shortened with "…" past `limit` characters (a typed number may be huge)."""
    return word if len(word) <= limit else word[: limit - 1] + "…"


def resolve_seat(
    engine: Engine[Any, Any], state: Any, seats: int, line: MoveLine
) -> tuple[Seat, str] | str:
    """The seat that makes `line`'s move and its notation, or a sentence saying why not.

    A prefix that is neither a seat number nor a seat label is taken as part of the notation.
    """
    if line.seat is not None:
        token = line.seat.lower()
        if token.isdigit():
            seat = small_int(token)
            if seat is None or seat >= seats:
                return f"There is no seat {_clip_word(token)}: the seats are 0 to {seats - 1}."
            return Seat(seat), line.notation
        for seat in range(seats):
            if engine.seat_label(state, Seat(seat)).lower() == token:
                return Seat(seat), line.notation
    acting = sorted(engine.to_act(state))
    notation = line.text or line.notation
    if len(acting) == 1:
        return Seat(acting[0]), notation
    if not acting:
        return "The game is over; no more moves can be made."
    labels = ", ".join(f"{s}:{engine.seat_label(state, Seat(s))}" for s in acting)
    return (
        f"Several seats may act now ({labels}); start the line with one, e.g. `{acting[0]}: ...`."
    )


def summary_of(engine: Engine[Any, Any], state: Any) -> dict[str, Any]:
    """engine.summary(state), with `to_act` and `outcome` added when the engine leaves them out."""
    data = dict(engine.summary(state))
    data.setdefault("to_act", sorted(engine.to_act(state)))
    if "outcome" not in data:
        outcome = engine.outcome(state)
        data["outcome"] = None if outcome is None else outcome.to_dict()
    return data


def _print_summary(engine: Engine[Any, Any], state: Any, plies: int) -> None:
    print(f"{engine.spec.display_name}: {plies} move{'s' * (plies != 1)} applied.")
    for key, value in summary_of(engine, state).items():
        if key == "outcome":
            continue
        text = value if isinstance(value, str) else canonical_json(value)
        print(f"{key}: {text}")
    outcome = engine.outcome(state)
    if outcome is None:
        acting = ", ".join(
            f"{s}({engine.seat_label(state, Seat(s))})" for s in sorted(engine.to_act(state))
        )
        print(f"to move: {acting}")
    else:
        print(describe_outcome(engine, state, outcome))


def run(args: argparse.Namespace, render_png: RenderPng | None = None) -> int:
    """Replay the file; return the exit status (1 on a refused line)."""
    engine = engine_for(args.game)
    spec = engine.spec
    seats = args.players if args.players is not None else spec.min_players
    check_seat_count(spec, seats, f"--players says {seats}")
    options = cli_options(spec, args.options)
    try:
        text = args.moves.read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"Cannot read the moves file {args.moves}: {exc.strerror or exc}.") from None
    except UnicodeDecodeError:
        raise CliError(
            f"Cannot read the moves file {args.moves}: it is not UTF-8 text "
            "(write one move per line, e.g. `Castle B3 90`)."
        ) from None
    prepare_out_dir(args.out)
    state: Any = engine.new_game(seats, options, args.seed)
    if args.out is not None and render_png is None:
        render_png = load_renderer()
    if args.out is not None and render_png is not None:
        write_png(
            args.out, 0, "start", render_board(render_png, spec.key, engine.view(state, None))
        )
    plies = 0
    for line in read_moves(text.splitlines()):
        resolved = resolve_seat(engine, state, seats, line)
        if isinstance(resolved, str):
            print(f"line {line.number}: {resolved}")
            return 1
        seat, notation = resolved
        result = step_text(engine, state, seat, notation)
        if isinstance(result, Rejection):
            print(f"line {line.number}: {result}")
            return 1
        state = result.state
        plies += 1
        if args.out is not None and render_png is not None:
            png = render_board(render_png, spec.key, engine.view(state, None))
            write_png(args.out, plies, notation, png)
    if args.out is not None and render_png is not None:
        write_scoresheet(args.out, engine, state)
    if args.json:
        print(json.dumps(summary_of(engine, state), indent=2, sort_keys=True))
    else:
        _print_summary(engine, state, plies)
    return 0
