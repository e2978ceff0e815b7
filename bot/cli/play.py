"""`python -m bot play <game>`: a whole game between bots, straight through the engine.

Prints each move as `ply seat(label) notation`, writes one PNG per position when `--out` is given
(000-start.png, 001-<move>.png, ...) and ends with a `result:` line.
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
        print(f"{ply:3d} {seat_name(engine, state, seat, names)} {notation}", flush=False)
        state = result.state
        snapshot(ply, notation)
    outcome = engine.outcome(state)
    assert outcome is not None
    print(describe_outcome(engine, state, outcome, names))
    if args.out is not None and render_png is not None:
        write_scoresheet(args.out, engine, state, shown)
    return 0


def _next_seat(engine: Any, state: Any, acting: frozenset[Seat]) -> Seat:
    """The lowest awaited seat, except that a bot waiting for others' answers (the engine's
    optional `bot_waits_for`, e.g. to its trade offer) moves after them, as at a Discord table."""
    waits_for = getattr(engine, "bot_waits_for", None)
    if waits_for is not None:
        for seat in sorted(acting):
            if not waits_for(state, seat) & acting:
                return Seat(seat)
    return Seat(min(acting))
