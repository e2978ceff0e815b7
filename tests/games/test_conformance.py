"""The conformance suite: every registered engine, every player count, several seeds.

Random legal games are played to the end while the protocol's promises are checked at every ply:
sorted stable legal actions, notation round trip, refused input never changes anything, JSON round
trip, no mutation of inputs, no leaked secrets, and same seed + same moves = same game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games import registry
from bot.games.protocol import (
    Engine,
    LoggedMove,
    Seat,
    Transition,
    canonical_json,
    may_act,
    more_legal_actions_than,
    replay,
    step,
)
from bot.games.rejections import Rejection, RejectionCode

ENGINES = sorted(registry().items())
CASES = [
    (key, n)
    for key, engine in ENGINES
    for n in range(engine.spec.min_players, engine.spec.max_players + 1)
]
SEEDS = (1, 2, 3)
MAX_PLIES = 5000

GARBAGE = ("", "   ", "xyzzy", "🙂", "place", "99 99 99", "-1", "pass pass pass", "A0", "Z99 450")


def _dump(engine: Engine[Any, Any], state: Any) -> str:
    return canonical_json(engine.state_to_dict(state))


def _check_position(
    engine: Engine[Any, Any],
    state: Any,
    players: int,
    rnd: random.Random,
    pool: list[str] | None = None,
) -> None:
    """All per-position promises of the protocol. `pool` holds notations seen earlier."""
    pool = pool or []
    before = _dump(engine, state)
    to_act = engine.to_act(state)
    over = engine.outcome(state) is not None
    assert (len(to_act) == 0) == over, "to_act must be empty exactly when the game is over"

    seats = range(players)
    free = may_act(engine, state)
    assert to_act <= free, "every seat awaited may act"
    for seat in seats:
        actions = engine.legal_actions(state, Seat(seat))
        if seat not in free:
            assert actions == (), f"seat {seat} may not act but has legal actions"
            continue
        if seat not in to_act:
            # Free to move without being awaited (e.g. changing an answer to an offer).
            for action in actions[:3]:
                assert engine.check(state, Seat(seat), action) is None
            continue
        assert actions, f"seat {seat} must act but has no legal action"
        texts = [engine.format_action(a, state) for a in actions]
        assert texts == sorted(texts), "legal_actions must be sorted by notation"
        assert len(set(texts)) == len(texts), "legal_actions must not repeat"
        assert engine.legal_actions(state, Seat(seat)) == actions, "legal_actions must be stable"
        for limit in (0, len(actions) - 1, len(actions), 25):
            assert more_legal_actions_than(engine, state, Seat(seat), limit) == (
                len(actions) > limit
            ), f"more_legal_actions_than disagrees with legal_actions at limit {limit}"
        sample = actions if len(actions) <= 12 else rnd.sample(list(actions), 12)
        for action in sample:
            assert engine.check(state, Seat(seat), action) is None
            text = engine.format_action(action, state)
            parsed = engine.parse_action(text, state, Seat(seat))
            assert parsed == action, f"notation round trip failed for {text!r}"

    # Garbage, moves from other positions and out-of-turn input: whatever parses is accepted
    # exactly when it is in legal_actions, and a refusal carries a sentence and changes nothing.
    for seat in seats:
        legal = {engine.format_action(a, state) for a in engine.legal_actions(state, Seat(seat))}
        tries = rnd.sample(GARBAGE, 3) + rnd.sample(pool, min(8, len(pool)))
        for text in tries:
            parsed = engine.parse_action(text, state, Seat(seat))
            if isinstance(parsed, Rejection):
                assert parsed.message
                continue
            result = step(engine, state, Seat(seat), parsed)
            if isinstance(result, Rejection):
                assert result.message
                assert engine.format_action(parsed, state) not in legal, (
                    f"{text!r} is listed as legal for seat {seat} but step refused it: {result}"
                )
            else:
                assert engine.format_action(parsed, state) in legal, (
                    f"{text!r} was accepted for seat {seat} but is not in legal_actions"
                )
    for seat in seats:
        if seat in free or not to_act:
            continue
        other = next(iter(sorted(to_act)))
        for action in engine.legal_actions(state, other)[:2]:
            result = step(engine, state, Seat(seat), action)
            assert isinstance(result, Rejection)
            assert result.code is RejectionCode.NOT_YOUR_TURN
    assert _dump(engine, state) == before, "a refused action changed the state"

    # JSON round trip.
    restored = engine.state_from_dict(engine.state_to_dict(state))
    assert _dump(engine, restored) == before
    assert engine.to_act(restored) == to_act

    # No view leaks another seat's secrets.
    for viewer in [None, *map(Seat, seats)]:
        shown = repr(engine.view(state, viewer))
        for secret in engine.hidden_from(state, viewer):
            assert secret not in shown, f"view for {viewer} leaks {secret!r}"


def _play(engine: Engine[Any, Any], players: int, seed: int, check_every: int) -> tuple[Any, list]:
    rnd = random.Random(seed)
    state = engine.new_game(players, engine.spec.validate_options({}), seed)
    log: list[LoggedMove] = []
    pool: list[str] = []
    for ply in range(MAX_PLIES):
        if ply % check_every == 0:
            _check_position(engine, state, players, rnd, pool)
        to_act = sorted(engine.to_act(state))
        if not to_act:
            break
        seat = rnd.choice(to_act)
        action = rnd.choice(engine.legal_actions(state, seat))
        before = _dump(engine, state)
        result = step(engine, state, seat, action)
        assert isinstance(result, Transition), f"a legal action was refused: {result}"
        assert _dump(engine, state) == before, "step mutated its input"
        log.append(LoggedMove(seat, engine.format_action(action, state)))
        if len(pool) < 400:
            pool.extend(
                engine.format_action(a, state) for a in engine.legal_actions(state, seat)[:5]
            )
        state = result.state
    else:
        pytest.fail(f"game did not end within {MAX_PLIES} plies")
    _check_position(engine, state, players, rnd)
    return state, log


@pytest.mark.parametrize(("key", "players"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_every_promise(key: str, players: int, seed: int) -> None:
    """Random legal games end, and every protocol promise holds along the way."""
    engine = registry()[key]
    state, log = _play(engine, players, seed, check_every=7)
    outcome = engine.outcome(state)
    assert outcome is not None
    # A finished game names its winners (all tied seats for a draw); only an automated opponent
    # that is not a seat (Architects solo) can win with no seat winning.
    assert outcome.winners or outcome.termination == "opponent_won"
    assert set(outcome.scores) == set(range(players))
    # Same seed + same moves = same game.
    again = replay(engine, players, engine.spec.validate_options({}), seed, log)
    assert _dump(engine, again) == _dump(engine, state)


@pytest.mark.parametrize("key", [k for k, _ in ENGINES])
def test_same_seed_same_game_different_seed_may_differ(key: str) -> None:
    """Two random playouts with the same seeds give identical logs."""
    engine = registry()[key]
    n = engine.spec.min_players
    a_state, a_log = _play(engine, n, 11, check_every=10**9)
    b_state, b_log = _play(engine, n, 11, check_every=10**9)
    assert a_log == b_log
    assert _dump(engine, a_state) == _dump(engine, b_state)


@pytest.mark.parametrize("key", [k for k, _ in ENGINES])
def test_bad_json_fails_precisely(key: str) -> None:
    """Corrupt snapshots raise CorruptStateError with a message, never a bare KeyError."""
    from bot.games.codec import CorruptStateError

    engine = registry()[key]
    good = engine.state_to_dict(engine.new_game(engine.spec.min_players, {}, 1))
    for bad in ({}, {**good, "v": 999}, {**good, "game": "chess"}, [], "nonsense"):
        with pytest.raises(CorruptStateError) as info:
            engine.state_from_dict(bad)  # type: ignore[arg-type]
        assert str(info.value)
    for key_to_drop in list(good)[:8]:
        broken = {k: v for k, v in good.items() if k != key_to_drop}
        with pytest.raises(CorruptStateError):
            engine.state_from_dict(broken)


_POSITIONS: dict[str, list[Any]] = {}


def _positions(key: str) -> list[Any]:
    """Every position of one seeded random game, cached: fuzzing targets mid-game states too."""
    if key not in _POSITIONS:
        engine = registry()[key]
        rnd = random.Random(99)
        state = engine.new_game(engine.spec.max_players, {}, 99)
        states = [state]
        while engine.to_act(state) and len(states) < MAX_PLIES:
            seat = rnd.choice(sorted(engine.to_act(state)))
            result = step(engine, state, seat, rnd.choice(engine.legal_actions(state, seat)))
            assert isinstance(result, Transition)
            state = result.state
            states.append(state)
        _POSITIONS[key] = states
    return _POSITIONS[key]


@pytest.mark.parametrize("key", [k for k, _ in ENGINES])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=40), where=st.floats(min_value=0, max_value=1))
def test_parse_never_raises(key: str, text: str, where: float) -> None:
    """Any text, at any position of a game, either parses or is refused with a sentence; what
    parses is accepted exactly when it is a legal action."""
    engine = registry()[key]
    states = _positions(key)
    state = states[min(len(states) - 1, int(where * len(states)))]
    for seat in range(engine.spec.max_players):
        result = engine.parse_action(text, state, Seat(seat))
        if isinstance(result, Rejection):
            assert result.message
            continue
        legal = {engine.format_action(a, state) for a in engine.legal_actions(state, Seat(seat))}
        outcome = step(engine, state, Seat(seat), result)
        assert isinstance(outcome, Transition) == (engine.format_action(result, state) in legal)


@pytest.mark.parametrize("key", [k for k, _ in ENGINES])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=300))
def test_random_move_sequences_replay_identically(key: str, picks: list[int]) -> None:
    """Hypothesis drives the move choices: any legal sequence survives the JSON round trip and
    replays to the same state from its log."""
    engine = registry()[key]
    players = engine.spec.min_players + picks[0] % (
        engine.spec.max_players - engine.spec.min_players + 1
    )
    seed = picks[0]
    state = engine.new_game(players, {}, seed)
    log: list[LoggedMove] = []
    for pick in picks:
        to_act = sorted(engine.to_act(state))
        if not to_act:
            break
        seat = to_act[pick % len(to_act)]
        actions = engine.legal_actions(state, seat)
        action = actions[(pick // 7) % len(actions)]
        log.append(LoggedMove(seat, engine.format_action(action, state)))
        result = step(engine, state, seat, action)
        assert isinstance(result, Transition)
        state = result.state
    assert _dump(engine, engine.state_from_dict(engine.state_to_dict(state))) == _dump(
        engine, state
    )
    assert _dump(engine, replay(engine, players, {}, seed, log)) == _dump(engine, state)


@pytest.mark.parametrize("key", [k for k, _ in ENGINES])
def test_bots_finish_games(key: str) -> None:
    """Every shipped bot plays legal moves to the end of a game."""
    engine = registry()[key]
    assert {"random", "heuristic"} <= set(engine.bots)
    n = engine.spec.min_players
    names = sorted(engine.bots)
    state = engine.new_game(n, {}, 5)
    bots = {s: engine.bots[names[s % len(names)]]() for s in range(n)}
    for ply in range(MAX_PLIES):
        to_act = sorted(engine.to_act(state))
        if not to_act:
            break
        seat = to_act[0]
        action = bots[seat].choose(state, seat, ply)
        result = step(engine, state, seat, action)
        assert isinstance(result, Transition), result
        state = result.state
    assert engine.outcome(state) is not None


def _rng_counters(data: Any) -> list[int]:
    """Every chance counter in a state's JSON (`{"seed": .., "counter": ..}` objects, anywhere)."""
    found: list[int] = []
    if isinstance(data, dict):
        if isinstance(data.get("counter"), int) and "seed" in data:
            found.append(data["counter"])
        for value in data.values():
            found.extend(_rng_counters(value))
    elif isinstance(data, list):
        for value in data:
            found.extend(_rng_counters(value))
    return found


def _reveals_case(key: str, players: int) -> None:
    engine = registry()[key]
    rnd = random.Random(4000 + players)
    seed = 4000 + players
    options = engine.spec.validate_options({})
    state = engine.new_game(players, options, seed)
    log: list[LoggedMove] = []
    quiet: list[tuple[int, str]] = []  # (log length before a non-revealing move, state before)
    seats = [None, *map(Seat, range(players))]
    for _ in range(MAX_PLIES):
        to_act = sorted(engine.to_act(state))
        if not to_act:
            break
        seat = rnd.choice(to_act)
        action = rnd.choice(engine.legal_actions(state, seat))
        result = step(engine, state, seat, action)
        assert isinstance(result, Transition)
        after = result.state
        before_json = engine.state_to_dict(state)
        after_json = engine.state_to_dict(after)
        notation = engine.format_action(action, state)
        if _rng_counters(before_json) != _rng_counters(after_json):
            assert result.reveals, f"{notation!r} drew from the rng but says it revealed nothing"
        if not result.reveals:
            # Nothing hidden from anyone before the move is shown to them after it.
            for viewer in seats:
                before_secret = engine.hidden_from(state, viewer)
                gone = before_secret - engine.hidden_from(after, viewer)
                if gone:
                    shown = repr(engine.view(after, viewer))
                    for secret in gone:
                        assert secret not in shown, (
                            f"{notation!r} showed {secret!r} to {viewer} with reveals=False"
                        )
            quiet.append((len(log), canonical_json(before_json)))
        log.append(LoggedMove(seat, notation))
        state = after
    else:
        pytest.fail(f"game did not end within {MAX_PLIES} plies")
    # Undo rebuilds a position by replaying the log without the undone moves: the log up to a
    # non-revealing move must give back exactly the position before it.
    for length, before in rnd.sample(quiet, min(4, len(quiet))):
        rebuilt = replay(engine, players, options, seed, log[:length])
        assert _dump(engine, rebuilt) == before


@pytest.mark.parametrize(("key", "players"), CASES)
def test_reveals_flag_is_honest(key: str, players: int) -> None:
    """`Transition.reveals` is True for every move that draws from chance, and a move that says
    it reveals nothing shows nobody a secret; replaying the log up to such a move (what undo
    does) gives back the position before it."""
    _reveals_case(key, players)


@pytest.mark.parametrize(("key", "players"), CASES)
def test_breakdown_sums_to_the_score(key: str, players: int) -> None:
    """`Outcome.breakdown` (the score sheet) gives every seat its points by category, with
    readable labels, summing to its score."""
    engine = registry()[key]
    state, _ = _play(engine, players, 21, check_every=10**9)
    outcome = engine.outcome(state)
    assert outcome is not None
    assert set(outcome.breakdown) == set(outcome.scores)
    rows = [list(outcome.breakdown[s]) for s in sorted(outcome.breakdown)]
    assert all(r == rows[0] for r in rows), "every seat's sheet has the same rows"
    for seat, score in outcome.scores.items():
        parts = outcome.breakdown[seat]
        assert parts and sum(parts.values()) == score
        assert "Other" not in parts, "every point has a named source"
        assert all(label[:1].isupper() and "_" not in label for label in parts)
