"""Write the golden Canterbury playthroughs in tests/games/canterbury/playthroughs/.

Seeded bot games played to the end (see GAMES: two players with the Neutral Builder, heuristic
against random, seed 3; four players, heuristic and three random, seed 5), written as text: per
ply the acting seat, the number of legal steps it had, the notation and every event; at the start
of each turn a status line (city, and per seat gold and prosperity). `test_playthrough.py` reads
the moves back, replays them through the engine and compares the rebuilt transcript exactly, so
a change in rules, notation, event wording or scoring shows up as a reviewable diff.

Regenerate after an intended change and review the diff:

    python -m tests.games.canterbury.regenerate_playthrough
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from bot.games.canterbury import ENGINE
from bot.games.canterbury.state import State
from bot.games.protocol import LoggedMove, Rejection, Seat, step_text
from tests.games.playthrough import Game, outcome_lines

HERE = Path(__file__).parent / "playthroughs"


GAMES = (
    Game(3, ("heuristic", "random")),
    Game(5, ("heuristic", "random", "random", "random")),
)


def path_for(game: Game) -> Path:
    """The transcript file of a game."""
    return HERE / f"{game.name}.txt"


def _status(state: State) -> str:
    seats = ", ".join(
        f"{ENGINE.seat_label(state, Seat(s))} {p.gold}g {p.score}p"
        for s, p in enumerate(state.players)
    )
    return f"== turn {state.turn_number}, city {state.city}: {seats}"


def transcript(game: Game, moves: Sequence[LoggedMove]) -> str:
    """The transcript of `moves` played from the game's seed."""
    state = ENGINE.new_game(len(game.bots), {}, game.seed)
    lines = [f"canterbury {game.name} data {state.data.fingerprint}"]
    turn = 0
    for ply, move in enumerate(moves, start=1):
        if state.turn_number != turn:
            turn = state.turn_number
            lines.append(_status(state))
        count = len(ENGINE.legal_actions(state, move.seat))
        result = step_text(ENGINE, state, move.seat, move.notation)
        if isinstance(result, Rejection):
            lines.append(f"refused at ply {ply}: {result.message}")
            return "\n".join(lines) + "\n"
        label = ENGINE.seat_label(state, move.seat)
        lines.append(
            f"ply {ply}: {label} (seat {move.seat}) plays {move.notation}  [{count} legal]"
        )
        lines.extend(f"  {e.kind}: {e.text}" for e in result.events)
        state = result.state
    lines.extend(outcome_lines(ENGINE.outcome(state), "result"))
    return "\n".join(lines) + "\n"


def play(game: Game) -> list[LoggedMove]:
    """The bots' moves for a whole game."""
    state = ENGINE.new_game(len(game.bots), {}, game.seed)
    bots = [ENGINE.bots[name]() for name in game.bots]
    moves: list[LoggedMove] = []
    while ENGINE.to_act(state):
        seat = Seat(state.current)
        action = bots[seat].choose(state, seat, game.seed * 100_000 + len(moves))
        notation = ENGINE.format_action(action, state)
        moves.append(LoggedMove(seat, notation))
        result = step_text(ENGINE, state, seat, notation)
        assert not isinstance(result, Rejection), result
        state = result.state
    return moves


def main() -> int:
    """Regenerate every golden transcript."""
    HERE.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        path_for(game).write_text(transcript(game, play(game)), encoding="utf-8")
        print(f"wrote {path_for(game)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
