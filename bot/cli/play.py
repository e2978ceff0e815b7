"""`python -m bot play <game>`: a whole game between bots, straight through the engine.

What it prints is a moves file `python -m bot replay` reads back: `#` lines naming the game, the
players, the seed and the options, then each move as `ply seat:bot(label) notation`, and a
closing `result:` line. With `--out` it writes one PNG per position (000-start.png,
001-<move>.png, ...) and the same text as `moves.txt`; `--moves FILE` writes it elsewhere.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from bot.cli.common import (
    CliError,
    RenderPng,
    bot_seed,
    check_seat_count,
    cli_options,
    describe_outcome,
    engine_for,
    load_renderer,
    prepare_out_dir,
    render_board,
    seat_name,
    write_png,
    write_scoresheet,
)
from bot.games.protocol import Seat, Transition, step
from bot.games.rejections import Rejection

MAX_PLIES = 20_000
"""A guard against an engine that never ends; no real game comes near it."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the `play` subcommand."""
    parser.add_argument("game", help="game key, e.g. cathedral")
    parser.add_argument(
        "--bots",
        default="heuristic,random",
        help="comma-separated bot names, one per seat (default: heuristic,random)",
    )
    parser.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
    parser.add_argument("--options", default="", help='game options, e.g. "games=2"')
    parser.add_argument("--out", type=Path, default=None, help="directory for one PNG per move")
    parser.add_argument(
        "--moves",
        type=Path,
        default=None,
        help="write the moves file here (default with --out: DIR/moves.txt); replay reads it",
    )


def run(args: argparse.Namespace, render_png: RenderPng | None = None) -> int:
    """Play the game; return the exit status."""
    engine = engine_for(args.game)
    bot_names = [b.strip() for b in args.bots.split(",") if b.strip()]
    spec = engine.spec
    check_seat_count(spec, len(bot_names), f"--bots named {len(bot_names)}")
    unknown = [b for b in bot_names if b not in engine.bots]
    if unknown:
        raise CliError(
            f"{spec.display_name} has no bot {unknown[0]!r} "
            f"(bots: {', '.join(sorted(engine.bots))})."
        )
    options = cli_options(spec, args.options)
    prepare_out_dir(args.out)
    moves_path = args.moves or (args.out / MOVES_NAME if args.out is not None else None)
    lines = moves_header(spec.key, len(bot_names), args.seed, args.options)
    for line in lines:
        print(line)
    bots = [engine.bots[name]() for name in bot_names]
    names = [f"{i}:{name}" for i, name in enumerate(bot_names)]
    # Names drawn on the boards: "Heuristic bot", numbered when two seats run the same bot.
    shown: dict[int, str] = {}
    for i, name in enumerate(bot_names):
        label = f"{name.capitalize()} bot"
        nth = bot_names[: i + 1].count(name)
        shown[i] = label if bot_names.count(name) == 1 else f"{label} {nth}"
    state: Any = engine.new_game(len(bot_names), options, args.seed)
    if args.out is not None and render_png is None:
        render_png = load_renderer()

    def snapshot(index: int, desc: str) -> None:
        if args.out is not None and render_png is not None:
            png = render_board(render_png, spec.key, engine.view(state, None), shown)
            write_png(args.out, index, desc, png)

    snapshot(0, "start")
    ply = 0
    while engine.outcome(state) is None:
        acting = engine.to_act(state)
        if not acting:
            raise RuntimeError("the engine says nobody may act, yet the game is not over")
        if ply >= MAX_PLIES:
            raise RuntimeError(f"no result after {MAX_PLIES} moves")
        seat = _next_seat(engine, state, acting)
        ply += 1
        action = bots[seat].choose(state, seat, bot_seed(args.seed, ply))
        notation = engine.format_action(action, state)
        result: Transition[Any] | Rejection = step(engine, state, seat, action)
        if isinstance(result, Rejection):
            raise RuntimeError(
                f"bot {bot_names[seat]!r} chose a refused move {notation!r}: {result}"
            )
        line = f"{ply:3d} {seat_name(engine, state, seat, names)} {notation}"
        print(line, flush=False)
        lines.append(line)
        state = result.state
        snapshot(ply, notation)
    outcome = engine.outcome(state)
    assert outcome is not None
    lines.append(describe_outcome(engine, state, outcome, names))
    if moves_path is not None:
        _write_moves(moves_path, lines)
        print(f"# moves file: {moves_path}")
    print(lines[-1])
    if args.out is not None and render_png is not None:
        write_scoresheet(args.out, engine, state, shown)
    return 0


MOVES_NAME = "moves.txt"


def moves_header(game: str, players: int, seed: int, options: str) -> list[str]:
    """The `#` lines that open a moves file: what `replay` needs to rebuild the same game."""
    return [
        f"# Guildhall moves: python -m bot replay {game} --moves FILE reads this file.",
        f"# game: {game}",
        f"# players: {players}",
        f"# seed: {seed}",
        f"# options: {' '.join(options.split())}".rstrip(),
    ]


def _write_moves(path: Path, lines: list[str]) -> None:
    """Write the moves file (CliError if it cannot be written)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError as exc:
        raise CliError(f"Cannot write the moves file {path}: {exc.strerror or exc}.") from None


def _next_seat(engine: Any, state: Any, acting: frozenset[Seat]) -> Seat:
    """The lowest awaited seat, except that a bot waiting for others' answers (the engine's
    optional `bot_waits_for`, e.g. to its trade offer) moves after them, as at a Discord table."""
    waits_for = getattr(engine, "bot_waits_for", None)
    if waits_for is not None:
        for seat in sorted(acting):
            if not waits_for(state, seat) & acting:
                return Seat(seat)
    return Seat(min(acting))
