"""Write the golden Settlers of Canaan playthroughs in tests/games/canaan/playthroughs/.

    .venv/bin/python -m tests.games.canaan.regenerate_playthrough

Each transcript is a bot game: one line per move, then after every roll a line with the dice,
VP, hand sizes and Jerusalem, then the outcome. `test_playthrough` replays the moves and must
rebuild the same text; regenerate only after an intended rule change, and read the diff.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.games.canaan import ENGINE
from bot.games.canaan import rules as R
from bot.games.protocol import LoggedMove, Seat, Transition, step
from tests.games.playthrough import outcome_lines

HERE = Path(__file__).parent / "playthroughs"


@dataclass(frozen=True, slots=True)
class Game:
    """One golden game: its seed and the bot of each seat."""

    seed: int
    bots: tuple[str, ...]

    @property
    def path(self) -> Path:
        return HERE / f"{len(self.bots)}p-seed{self.seed}.txt"


GAMES = (
    Game(11, ("heuristic", "heuristic", "random", "random")),
    Game(3, ("heuristic", "random")),
)


def _position(state) -> str:  # type: ignore[no-untyped-def]
    seats = "; ".join(
        f"{R.colour(i)} {R.vp(state, i)} VP {p.cards} cards" for i, p in enumerate(state.players)
    )
    return f"  dice {state.dice}: {seats}; Jerusalem {len(state.jerusalem)}"


def transcript(moves: list[LoggedMove], players: int, seed: int, header: str) -> str:
    """The text for these moves replayed from a new game."""
    state = ENGINE.new_game(players, {}, seed)
    lines = [header]
    for ply, move in enumerate(moves, start=1):
        result = step(
            ENGINE, state, move.seat, ENGINE.parse_action(move.notation, state, move.seat)
        )
        assert isinstance(result, Transition), result
        state = result.state
        lines.append(f"ply {ply}: {R.colour(move.seat)} (seat {move.seat}) plays {move.notation}")
        if move.notation == "roll":
            lines.append(_position(state))
    lines += outcome_lines(ENGINE.outcome(state), "reason")
    return "\n".join(lines) + "\n"


def play(game: Game) -> list[LoggedMove]:
    """The bots' moves (the lowest awaited seat moves first, like `python -m bot play`)."""
    bots = [ENGINE.bots[name]() for name in game.bots]
    state = ENGINE.new_game(len(game.bots), {}, game.seed)
    moves = []
    ply = 0
    while ENGINE.outcome(state) is None:
        seat = Seat(min(ENGINE.to_act(state)))
        ply += 1
        action = bots[seat].choose(state, seat, game.seed * 100_000 + ply)
        moves.append(LoggedMove(seat, ENGINE.format_action(action, state)))
        result = step(ENGINE, state, seat, action)
        assert isinstance(result, Transition), result
        state = result.state
    return moves


def header(game: Game) -> str:
    """The transcript's first line."""
    cast = ", ".join(f"seat {i} {b}" for i, b in enumerate(game.bots))
    players = len(game.bots)
    return f"# Settlers of Canaan golden playthrough: {players} players, seed {game.seed}; {cast}."


def main() -> None:
    """Regenerate every golden transcript."""
    HERE.mkdir(exist_ok=True)
    for game in GAMES:
        text = transcript(play(game), len(game.bots), game.seed, header(game))
        game.path.write_text(text, encoding="utf-8")
        print(f"wrote {game.path} ({text.count(chr(10))} lines)")


if __name__ == "__main__":
    main()
