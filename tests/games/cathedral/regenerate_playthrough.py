"""Write the golden Cathedral playthrough(s) in tests/games/cathedral/playthroughs/.

A seeded game, heuristic bot (seat 0, light) against random bot (seat 1, dark), written as text:
per ply the mover, the number of legal actions it had, the notation, the events and a compact
board. `test_playthrough.py` reads the moves back out of the file, replays them through the
engine and compares the rebuilt transcript with the file exactly, so any change in rules,
notation, event wording or claims shows up as a reviewable diff.

Regenerate after an intended change and review the diff:

    python -m tests.games.cathedral.regenerate_playthrough
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from bot.games.cathedral import ENGINE
from bot.games.cathedral.board import FILES
from bot.games.cathedral.state import CathedralState
from bot.games.protocol import LoggedMove, Rejection, step_text
from tests.games.cathedral.builders import picture_rows
from tests.games.playthrough import outcome_lines

HERE = Path(__file__).parent / "playthroughs"
SEEDS = (1, 10)  # seed 10 shows a capture and a declined (spared) capture
BOTS = ("heuristic", "random")  # by seat


def board_lines(state: CathedralState) -> list[str]:
    """The board as 10 numbered rows under a file header (letters as in builders.picture_rows)."""
    return ["    " + FILES] + [f"{r + 1:>3} {row}" for r, row in enumerate(picture_rows(state))]


def transcript(seed: int, moves: Sequence[LoggedMove]) -> str:
    """The text of a game started with `seed` and played with `moves` (raises on a refusal)."""
    state = ENGINE.new_game(2, {}, seed)
    out = [
        f"# Cathedral golden playthrough: seed {seed}; seat 0 = {BOTS[0]} bot, seat 1 = "
        f"{BOTS[1]} bot.",
        "# Regenerate: python -m tests.games.cathedral.regenerate_playthrough (review the diff).",
        "# Board: L/D light/dark building, C Cathedral, l/d light/dark territory, . open.",
    ]
    for ply, move in enumerate(moves, start=1):
        colour = ENGINE.seat_label(state, move.seat)
        legal = len(ENGINE.legal_actions(state, move.seat))
        result = step_text(ENGINE, state, move.seat, move.notation)
        if isinstance(result, Rejection):
            raise ValueError(f"ply {ply} ({move.notation!r}): {result.message}")
        out.append("")
        out.append(f"ply {ply}: {colour} (seat {move.seat}) plays {move.notation}")
        out.append(f"  legal actions: {legal}")
        out.extend(f"  {e.kind}: {e.text}" for e in result.events)
        out.extend(board_lines(result.state))
        state = result.state
    out.append("")
    out.extend(outcome_lines(ENGINE.outcome(state), "reason"))
    return "\n".join(out) + "\n"


def bot_game(seed: int) -> list[LoggedMove]:
    """The moves of the seeded heuristic-vs-random game."""
    state = ENGINE.new_game(2, {}, seed)
    bots = [ENGINE.bots[name]() for name in BOTS]
    moves: list[LoggedMove] = []
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.to_act(state)
        action = bots[seat].choose(state, seat, seed * 1000 + len(moves))
        notation = ENGINE.format_action(action, state)
        result = step_text(ENGINE, state, seat, notation)
        assert not isinstance(result, Rejection), result
        moves.append(LoggedMove(seat, notation))
        state = result.state
    return moves


def path_for(seed: int) -> Path:
    """Where the transcript for `seed` lives."""
    return HERE / f"seed_{seed}.txt"


def main() -> int:
    """Regenerate every golden transcript."""
    HERE.mkdir(exist_ok=True)
    for seed in SEEDS:
        path = path_for(seed)
        path.write_text(transcript(seed, bot_game(seed)), encoding="utf-8")
        sys.stdout.write(f"wrote {path}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
