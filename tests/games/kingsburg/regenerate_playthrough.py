"""Write the golden Kingsburg playthroughs in tests/games/kingsburg/playthroughs/.

Seeded bot games played to the end (see GAMES: a two-player heuristic-vs-random game, seed 3, and
a four-player heuristic/random/heuristic/random game, seed 7), written as text: per ply the acting
seat (colour), the number of legal actions it had, the notation, every public event and every
private event (marked with the seats that may see it), plus, whenever the phase changes, a compact
status line per seat (VP, goods, "+2" tokens, soldiers, buildings) for the phase the game then
waits in (phases that need no move, such as the King's Reward or the battle, resolve inside the
ply before; their events are listed there). `test_playthrough.py` reads the
moves back out of the file, replays them through the engine and compares the rebuilt transcript
with the file exactly, so any change in rules, notation, event wording or scoring shows up as a
reviewable diff.

Regenerate after an intended change and review the diff:

    python -m tests.games.kingsburg.regenerate_playthrough
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg.data import GOODS
from bot.games.kingsburg.state import State
from bot.games.protocol import Event, LoggedMove, Rejection, Seat, step_text
from tests.games.playthrough import Game, outcome_lines

HERE = Path(__file__).parent / "playthroughs"


GAMES = (
    Game(3, ("heuristic", "random")),
    Game(7, ("heuristic", "random", "heuristic", "random")),
)


def status_lines(state: State) -> list[str]:
    """The phase header and one compact line per seat, from the engine's public summary."""
    summary = ENGINE.summary(state)
    order = ", ".join(summary["turn_order"])
    envoy = summary["envoy"] or "-"
    out = [
        f"== year {summary['year']}, phase {summary['phase']} ({summary['phase_name']}); "
        f"order {order}; envoy {envoy}"
    ]
    out.extend(_seat_line(p) for p in summary["players"])
    return out


def _seat_line(player: Mapping[str, Any]) -> str:
    goods = " ".join(f"{n} {g}" for g, n in zip(GOODS, player["goods"], strict=True))
    buildings = ", ".join(player["buildings"]) or "-"
    return (
        f"   {player['colour']} (seat {player['seat']}): {player['vp']} VP; {goods}; "
        f"+2 x{player['plus_two']}; soldiers {player['soldiers']}; buildings: {buildings}"
    )


def event_lines(event: Event) -> list[str]:
    """A public event as `kind: text`; a private one marked with the seats that may see it,
    followed by what everyone else sees (if anything)."""
    if event.visible_to is None:
        return [f"  {event.kind}: {event.text}"]
    seats = ",".join(str(s) for s in sorted(event.visible_to))
    out = [f"  private to seat {seats}: {event.kind}: {event.text}"]
    if event.public_text is not None:
        out.append(f"  {event.kind}: {event.public_text}")
    return out


def transcript(game: Game, moves: Sequence[LoggedMove]) -> str:
    """The text of `game` played with `moves` (raises on a refusal)."""
    seats = len(game.bots)
    state = ENGINE.new_game(seats, {}, game.seed)
    cast = "; ".join(
        f"seat {i} = {ENGINE.seat_label(state, Seat(i))} {bot} bot"
        for i, bot in enumerate(game.bots)
    )
    out = [
        f"# Kingsburg golden playthrough: {seats} players, seed {game.seed}; {cast}.",
        "# Regenerate: python -m tests.games.kingsburg.regenerate_playthrough (review the diff).",
        "# Status lines (at each phase change): VP; gold wood stone; +2 tokens; soldiers; "
        "buildings.",
        "",
        *status_lines(state),
    ]
    phase = (state.year, state.phase)
    for ply, move in enumerate(moves, start=1):
        colour = ENGINE.seat_label(state, move.seat)
        legal = len(ENGINE.legal_actions(state, move.seat))
        result = step_text(ENGINE, state, move.seat, move.notation)
        if isinstance(result, Rejection):
            raise ValueError(f"ply {ply} ({move.notation!r}): {result.message}")
        state = result.state
        out.append(f"ply {ply}: {colour} (seat {move.seat}) plays {move.notation}")
        out.append(f"  legal actions: {legal}")
        for event in result.events:
            out.extend(event_lines(event))
        if (state.year, state.phase) != phase:
            phase = (state.year, state.phase)
            out.append("")
            out.extend(status_lines(state))
    out.append("")
    out.extend(outcome_lines(ENGINE.outcome(state), "result"))
    return "\n".join(out) + "\n"


def bot_game(game: Game) -> list[LoggedMove]:
    """The moves of the seeded bot game. When several seats are awaited at once (simultaneous
    choices), the lowest seat moves first, so the order is fixed by the seed alone."""
    state = ENGINE.new_game(len(game.bots), {}, game.seed)
    bots = [ENGINE.bots[name]() for name in game.bots]
    moves: list[LoggedMove] = []
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.to_act(state))
        action = bots[seat].choose(state, seat, game.seed * 1000 + len(moves))
        notation = ENGINE.format_action(action, state)
        result = step_text(ENGINE, state, seat, notation)
        assert not isinstance(result, Rejection), result
        moves.append(LoggedMove(seat, notation))
        state = result.state
    return moves


def path_for(game: Game) -> Path:
    """Where the transcript for `game` lives."""
    return HERE / f"{game.name}.txt"


def main() -> int:
    """Regenerate every golden transcript."""
    HERE.mkdir(exist_ok=True)
    for game in GAMES:
        path = path_for(game)
        path.write_text(transcript(game, bot_game(game)), encoding="utf-8")
        sys.stdout.write(f"wrote {path}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
