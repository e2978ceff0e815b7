"""Whole Kingsburg games with the bots: invariants along the way, JSON round trip, notation round
trip, no leaked enemy cards, nobody ever asked to act without a legal move, and the heuristic
bot ahead of the random one."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg.state import State, Step
from bot.games.protocol import Event, Seat, Transition, step


def _run(n: int, seed: int, bot: str, checks: bool = True) -> tuple[State, list[Event], int]:
    state = ENGINE.new_game(n, {}, seed)
    bots = {s: ENGINE.bots[bot]() for s in range(n)}
    events: list[Event] = []
    moves = 0
    years_seen = [state.year]
    while ENGINE.outcome(state) is None:
        acting = sorted(ENGINE.to_act(state))
        assert acting, "nobody to act but the game is not over"
        seat = acting[moves % len(acting)]
        action = bots[seat].choose(state, Seat(seat), seed * 7919 + moves)
        result = step(ENGINE, state, Seat(seat), action)
        assert isinstance(result, Transition), (ENGINE.format_action(action, state), result)
        previous = state
        state = result.state
        events.extend(result.events)
        moves += 1
        if checks:
            for p in state.players:
                # Goods and tokens never go below 0; scores may (designer's clarifications).
                assert min(p.goods) >= 0 and p.plus_two >= 0
            # One "+2" token per player per season on the advisors (designer's clarifications).
            tokens = Counter(g.owner for g in state.court if g.plus_two)
            assert all(n == 1 for n in tokens.values()), tokens
            if state.year != previous.year:
                # A winter was fought: every soldier went home.
                assert all(p.soldiers == 0 for p in state.players if state.phase <= 2)
                years_seen.append(state.year)
            if moves % 11 == 0:
                data = ENGINE.state_to_dict(state)
                assert ENGINE.state_to_dict(ENGINE.state_from_dict(data)) == data
                for viewer in [None, *range(n)]:
                    shown = repr(ENGINE.view(state, viewer))
                    for secret in ENGINE.hidden_from(state, viewer):
                        assert secret not in shown
    return state, events, moves


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_full_games_keep_the_invariants(n: int, bot: str) -> None:
    """Goods never negative, VP equals the sum of VP events, five winters, an outcome."""
    state, events, _ = _run(n, 100 + n, bot)
    assert state.step is Step.OVER
    assert state.year == 5
    assert [b.year for b in state.battles] == [1, 2, 3, 4, 5]
    for seat in range(n):
        gained = sum(e.data["vp"] for e in events if e.kind == "vp" and e.data["seat"] == seat)
        # The first moves of the game (year I aid) give no VP, so events cover every change.
        assert gained == state.players[seat].vp
    out = ENGINE.outcome(state)
    assert out is not None and out.winners
    best = max(p.vp for p in state.players)
    assert all(state.players[w].vp == best for w in out.winners)
    assert ENGINE.to_act(state) == frozenset()
    v = ENGINE.view(state, None)
    assert v.finished and v.winners == out.winners and len(v.past_battles) == 5


def test_notation_round_trip_for_every_legal_action() -> None:
    """parse(format(a)) == a for all legal actions met in a game."""
    state = ENGINE.new_game(3, {}, 5)
    bot = ENGINE.bots["random"]()
    moves = 0
    while ENGINE.outcome(state) is None:
        for seat in ENGINE.to_act(state):
            for a in ENGINE.legal_actions(state, seat):
                text = ENGINE.format_action(a, state)
                assert ENGINE.parse_action(text, state, seat) == a, text
                assert ENGINE.parse_action("  " + text.upper() + " ", state, seat) == a, text
        seat = sorted(ENGINE.to_act(state))[0]
        t = step(ENGINE, state, seat, bot.choose(state, seat, moves))
        assert isinstance(t, Transition)
        state = t.state
        moves += 1


def test_heuristic_beats_random_on_average() -> None:
    """The heuristic bot scores more than random bots over a few games."""
    total_h = total_r = 0
    for seed in range(4):
        h, _, _ = _run(2, seed, "heuristic", checks=False)
        r, _, _ = _run(2, seed, "random", checks=False)
        total_h += sum(p.vp for p in h.players)
        total_r += sum(p.vp for p in r.players)
    assert total_h > total_r


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_nobody_is_ever_asked_with_zero_options(n: int) -> None:
    """Random games: whoever must act has a legal action, and the game always ends."""
    for seed in range(3):
        state = ENGINE.new_game(n, {}, 1000 + seed)
        bot = ENGINE.bots["random"]()
        for ply in range(6000):
            acting = ENGINE.to_act(state)
            if not acting:
                break
            for seat in acting:
                assert ENGINE.legal_actions(state, seat), (state.step, seat)
            seat = sorted(acting)[ply % len(acting)]
            t = step(ENGINE, state, seat, bot.choose(state, seat, ply))
            assert isinstance(t, Transition)
            state = t.state
        assert ENGINE.outcome(state) is not None
