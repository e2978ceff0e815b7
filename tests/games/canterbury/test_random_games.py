"""Random and bot games for 2, 3 and 4 players: invariants at every step, replay determinism."""

from __future__ import annotations

import random

import pytest

from bot.games.canterbury import ENGINE, rules
from bot.games.canterbury.state import ROMAN, Phase, State
from bot.games.protocol import LoggedMove, Seat, Transition, canonical_json, replay, step


def _markers(state: State) -> dict[tuple[int, int], int]:
    return {
        (d, s): owner
        for d, district in enumerate(state.districts)
        for s, owner in enumerate(district.markers)
        if owner is not None
    }


def _invariants(before: State, after: State) -> None:
    assert all(p.gold >= 0 for p in after.players), "gold never negative"
    assert 1 <= after.city <= 301, "the city stays within 1..301"
    assert after.city >= before.city, "the city never moves back"
    old, new = _markers(before), _markers(after)
    assert all(new.get(k) == v for k, v in old.items()), "markers are never removed or replaced"
    assert all(0 <= rules.occupied(after, d) <= 6 for d in range(25)), "spaces never overflow"
    assert all(n >= 0 for n in after.supply)
    for district in after.districts:
        ids = [p.structure for p in district.structures]
        assert len(ids) == len(set(ids)), "no structure twice in a district"
        for p in district.structures:
            assert p.owner != ROMAN or p.structure == "old_roman_well"
    assert after.scorings <= 4 and after.disks == min((after.city - 1) // 100, 3)
    assert all(a.score >= b.score for a, b in zip(after.players, before.players, strict=True))


def _play(players: int, seed: int, bots: list[str] | None = None) -> tuple[State, list]:
    rnd = random.Random(seed)
    state = ENGINE.new_game(players, {}, seed)
    log: list[LoggedMove] = []
    agents = [ENGINE.bots[b]() for b in bots] if bots else None
    for ply in range(3000):
        if state.phase is Phase.OVER:
            break
        seat = Seat(state.current)
        actions = ENGINE.legal_actions(state, seat)
        assert len(actions) < 2000, "legal_actions stays bounded"
        action = agents[seat].choose(state, seat, ply) if agents else rnd.choice(actions)
        result = step(ENGINE, state, seat, action)
        assert isinstance(result, Transition), result
        _invariants(state, result.state)
        log.append(LoggedMove(seat, ENGINE.format_action(action, state)))
        state = result.state
    assert state.phase is Phase.OVER
    return state, log


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants_and_replay(players: int) -> None:
    state, log = _play(players, 40 + players)
    out = ENGINE.outcome(state)
    assert out is not None and out.winners
    for seat, parts in out.breakdown.items():
        assert sum(parts.values()) == out.scores[seat]
    assert state.scorings == 4 and state.city == 301
    again = replay(ENGINE, players, {}, 40 + players, log)
    assert canonical_json(ENGINE.state_to_dict(again)) == canonical_json(
        ENGINE.state_to_dict(state)
    )


def test_four_bots_play_to_the_end() -> None:
    state, _ = _play(4, 5, ["heuristic", "random", "random", "random"])
    out = ENGINE.outcome(state)
    assert out is not None


def test_heuristic_beats_random_more_often_than_not() -> None:
    wins = 0
    for seed in range(4):
        state, _ = _play(2, seed, ["heuristic", "random"])
        out = ENGINE.outcome(state)
        assert out is not None
        wins += Seat(0) in out.winners
    assert wins >= 3


def test_two_player_bot_game_uses_the_neutral_builder() -> None:
    state, log = _play(2, 9, ["heuristic", "heuristic"])
    assert any(m.notation.startswith("neutral ") for m in log)
