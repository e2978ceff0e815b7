"""Every game ends. Players whose workers are all in Prison or on other players' boards bring
them home on their turn (the rulebook's rule for the automated opponent, read for everyone), so
the table never freezes with one player placing and taking back a worker forever."""

from __future__ import annotations

import random

from bot.games.architects.board import WORKERS
from bot.games.protocol import Seat, Transition, step

from .positions import ENGINE, blank, play, to_turn

MOVE_CAP = 6000


def _random_game(players: int, seed: int) -> int:
    """Plies a random game takes (MOVE_CAP when it did not end)."""
    rnd = random.Random(seed)
    st = ENGINE.new_game(players, {}, seed)
    for ply in range(MOVE_CAP):
        if not ENGINE.to_act(st):
            return ply
        seat = rnd.choice(sorted(ENGINE.to_act(st)))
        st = ENGINE.apply(st, seat, rnd.choice(ENGINE.legal_actions(st, seat))).state
    return MOVE_CAP


def test_a_player_with_every_worker_in_prison_or_captured_brings_them_home() -> None:
    st = to_turn(blank(3), 0)
    red = st.players[0]
    red.supply, red.at, red.prison = 0, {}, WORKERS - 3
    st.players[1].captured = {0: 3}
    assert [ENGINE.format_action(a, st) for a in ENGINE.legal_actions(st, Seat(0))] == ["pass"]
    result = step(ENGINE, st, Seat(0), ENGINE.parse_action("pass", st, Seat(0)))
    assert isinstance(result, Transition)
    after = result.state
    assert after.players[0].supply == WORKERS and after.players[0].prison == 0
    assert not after.players[1].captured.get(0)
    assert "home" in " ".join(e.text for e in result.events)
    # Red places again next turn.
    after = to_turn(after, 0)
    assert play(after, 0, "place quarry").players[0].at["quarry"] == 1


def test_random_five_player_games_all_end_under_a_move_cap() -> None:
    # Seed 848 once froze: four seats had every worker in Prison, the Guildhall or captured and
    # could only pass, while the fifth placed and took back its one worker forever.
    for seed in (848, 1198, *range(900, 906)):
        assert _random_game(5, seed) < MOVE_CAP, f"seed {seed} did not end"
