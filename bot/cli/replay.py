"""`python -m bot replay <game> --moves FILE`: apply a file of moves and tell the game.

One move per line in notation; blank lines and `#` comments are ignored. A line may start with a
seat, `0:` or `light:`, which is needed when several seats may act at once; without one the move
is made by the single seat to act. The lines `python -m bot play` prints (`  3 0:heuristic(light)
Castle B3 90`, then `result: ...`) are read too, and its `# players:`, `# seed:` and `# options:`
lines are used unless the command line gives them. A refused line stops the replay with
`line N: <reason>` and exit status 1.

It prints the game as a reader wants it: every move as the table words it, with what happened
(the public events), then the result with the scores, or who is to move. `--json` prints the
engine's summary of the final position instead.
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
    engine_for,
    load_renderer,
    prepare_out_dir,
    render_board,
    write_png,
    write_scoresheet,
)
from bot.games.protocol import Engine, Seat, step_text
from bot.games.rejections import Rejection
from bot.table.textcommands import small_int

_PREFIX = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*:\s*(.*)$")
# A line of `python -m bot play`'s log: ply, `seat:bot(label)`, the notation.
_PLAY_LINE = re.compile(r"^\s*\d+\s+(\d+):[\w.-]*\([^()\s]*\)\s+(\S.*)$")
_HEADER = re.compile(r"^#\s*(game|players|seed|options)\s*:\s*(.*?)\s*$", re.IGNORECASE)


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
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="number of seats (default: the file's, else the fewest)",
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="game seed (default: the file's, else 1)"
    )
    parser.add_argument(
        "--options", default=None, help='game options, e.g. "games=2" (default: the file\'s)'
    )
    parser.add_argument("--out", type=Path, default=None, help="directory for one PNG per move")
    parser.add_argument("--json", action="store_true", help="print engine.summary() as JSON")


def read_moves(lines: Iterable[str]) -> list[MoveLine]:
    """Moves from the text lines of a file (1-based line numbers kept for error messages)."""
    out: list[MoveLine] = []
    for number, raw in enumerate(lines, start=1):
        text = raw.split("#", 1)[0].strip()
        if not text or text.lower().startswith("result:"):
            continue  # `play`'s closing line is the result, not a move
        logged = _PLAY_LINE.match(text)
        if logged is not None:
            out.append(MoveLine(number, logged.group(1), logged.group(2).strip(), ""))
            continue
        match = _PREFIX.match(text)
        if match is not None:
            out.append(MoveLine(number, match.group(1), match.group(2).strip(), text))
        else:
            out.append(MoveLine(number, None, text, text))
    return out


def read_header(lines: Iterable[str]) -> dict[str, str]:
    """`# game:`, `# players:`, `# seed:` and `# options:` lines (the head of a file `play`
    wrote), lower-case keys; later lines of the same key win."""
    found: dict[str, str] = {}
    for raw in lines:
        match = _HEADER.match(raw.strip())
        if match is not None:
            found[match.group(1).lower()] = match.group(2)
    return found


def _header_int(header: dict[str, str], key: str, path: Path) -> int | None:
    """A whole number from the file's header, or CliError naming the line's key."""
    text = header.get(key)
    if text is None:
        return None
    value = small_int(text)
    if value is None:
        raise CliError(f"The moves file {path} says `# {key}: {text[:20]}`: not a whole number.")
    return value


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


def _who(engine: Engine[Any, Any], state: Any, seat: Seat) -> str:
    """'light (seat 0)'."""
    return f"{engine.seat_label(state, seat)} (seat {seat})"


def _move_words(game: str, notation: str) -> str:
    """The move as the table writes it for everyone (posts, history), else its notation."""
    from bot.table import registry

    try:
        words = registry.game_table(game).public_notation(notation)
    except KeyError:
        return notation
    return words or notation


def outcome_words(engine: Engine[Any, Any], state: Any) -> str:
    """'Result: dark (seat 1) wins. Scores: light (seat 0) 6, dark (seat 1) 0 (lower is
    better). Dark wins: ...', or who is to move when the game is not over."""
    outcome = engine.outcome(state)
    if outcome is None:
        acting = [_who(engine, state, Seat(s)) for s in sorted(engine.to_act(state))]
        verb = "is" if len(acting) == 1 else "are"
        return f"Not over yet: {' and '.join(acting)} {verb} to move."
    if outcome.winners:
        won = " and ".join(_who(engine, state, s) for s in sorted(outcome.winners))
        head = f"{won} {'wins' if len(outcome.winners) == 1 else 'share the win'}"
    elif outcome.termination == "opponent_won":
        head = "the automated opponent wins"
    else:
        head = "a draw"
    scores = ", ".join(
        f"{_who(engine, state, Seat(s))} {v}" for s, v in sorted(outcome.scores.items())
    )
    better = " (lower is better)" if outcome.lower_is_better else ""
    return f"Result: {head}. Scores: {scores}{better}. {outcome.reason}".rstrip()


def _print_story(
    engine: Engine[Any, Any], state: Any, header: str, story: list[tuple[str, list[str]]]
) -> None:
    """The replay as a reader wants it: a heading, each move and its events, the result."""
    plies = len(story)
    print(f"{header}: {plies} move{'s' * (plies != 1)} applied.")
    width = len(str(plies))
    for ply, (move, events) in enumerate(story, start=1):
        print(f"{ply:>{width}}. {move}")
        for text in events:
            print(f"{' ' * (width + 2)}• {text}")
    print(outcome_words(engine, state))


def run(args: argparse.Namespace, render_png: RenderPng | None = None) -> int:
    """Replay the file; return the exit status (1 on a refused line)."""
    engine = engine_for(args.game)
    spec = engine.spec
    # What the command line says is checked first: a mistake there is named before the file.
    if args.players is not None:
        check_seat_count(spec, args.players, f"--players says {args.players}")
    if args.options is not None:
        cli_options(spec, args.options)
    try:
        text = args.moves.read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"Cannot read the moves file {args.moves}: {exc.strerror or exc}.") from None
    except UnicodeDecodeError:
        raise CliError(
            f"Cannot read the moves file {args.moves}: it is not UTF-8 text "
            "(write one move per line, e.g. `Castle B3 90`)."
        ) from None
    header = read_header(text.splitlines())
    written_for = header.get("game", spec.key).lower()
    if written_for != spec.key:
        raise CliError(
            f"The moves file {args.moves} is for {written_for!r}, not {spec.key!r}: "
            f"run `replay {written_for}`."
        )
    seats = args.players
    if seats is None:
        seats = _header_int(header, "players", args.moves) or spec.min_players
    check_seat_count(spec, seats, f"--players says {seats}")
    seed = args.seed if args.seed is not None else _header_int(header, "seed", args.moves)
    seed = 1 if seed is None else seed
    options_text = args.options if args.options is not None else header.get("options", "")
    options = cli_options(spec, options_text)
    prepare_out_dir(args.out)
    state: Any = engine.new_game(seats, options, seed)
    if args.out is not None and render_png is None:
        render_png = load_renderer()
    if args.out is not None and render_png is not None:
        write_png(
            args.out, 0, "start", render_board(render_png, spec.key, engine.view(state, None))
        )
    story: list[tuple[str, list[str]]] = []
    for line in read_moves(text.splitlines()):
        resolved = resolve_seat(engine, state, seats, line)
        if isinstance(resolved, str):
            print(f"line {line.number}: {resolved}")
            return 1
        seat, notation = resolved
        who = _who(engine, state, seat)
        result = step_text(engine, state, seat, notation)
        if isinstance(result, Rejection):
            print(f"line {line.number}: {result}")
            return 1
        parsed = engine.parse_action(notation, state, seat)  # accepted above: it parses
        move = notation if isinstance(parsed, Rejection) else engine.format_action(parsed, state)
        state = result.state
        shown = [e.for_viewer(None) for e in result.events]
        story.append(
            (f"{who}: {_move_words(spec.key, move)}", [e.text for e in shown if e is not None])
        )
        if args.out is not None and render_png is not None:
            png = render_board(render_png, spec.key, engine.view(state, None))
            write_png(args.out, len(story), notation, png)
    if args.out is not None and render_png is not None:
        write_scoresheet(args.out, engine, state)
    if args.json:
        print(json.dumps(summary_of(engine, state), indent=2, sort_keys=True))
    else:
        extra = f", options {' '.join(options_text.split())}" if options_text.strip() else ""
        heading = f"{spec.display_name} ({seats} players, seed {seed}{extra})"
        _print_story(engine, state, heading, story)
    return 0
