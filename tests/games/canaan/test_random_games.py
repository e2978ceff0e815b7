"""Random and bot games of Canaan keep the invariants: every card accounted for, piece limits,
VP sums, and the same seed and moves replay to the same game."""

from __future__ import annotations

import random

import pytest

from bot.games.canaan import ENGINE
from bot.games.canaan import board as B
from bot.games.canaan import rules as R
from bot.games.canaan.data import PIECES
from bot.games.protocol import LoggedMove, Seat, Transition, canonical_json, replay, step


def _invariants(s) -> None:  # type: ignore[no-untyped-def]
    assert R.total_cards(s) == (23,) * 5, "bank + hands + King's Blessing card = 23 of each"
    assert min(s.bank) >= 0 and all(min(p.hand) >= 0 for p in s.players)
    deck = len(s.deck) + sum(len(p.dev) + len(p.vp_cards) + p.priests for p in s.players)
    assert deck <= 35
    for i, p in enumerate(s.players):
        for kind in ("road", "settlement", "city", "stone"):
            assert 0 <= B.pieces_left(s, i, kind) <= PIECES[kind]
        assert sum(R.breakdown(s, i).values()) == R.vp(s, i)
        assert p.stones == s.jerusalem.count(i)
        # Longest Road is kept incrementally: the recorded lengths match a full walk.
        assert s.road_lengths[i] == B.longest_road(s, i)
    assert len(s.jerusalem) <= s.data.blocks
    holders = [x for x in (s.longest, s.most_priests, s.blessing) if x >= 0]
    assert all(0 <= h < len(s.players) for h in holders)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_invariants_and_replay(players: int) -> None:
    rnd = random.Random(players)
    bot = ENGINE.bots["random"]()
    s = ENGINE.new_game(players, {}, players * 13)
    log = []
    for ply in range(6000):
        if ENGINE.outcome(s) is not None:
            break
        seat = rnd.choice(sorted(ENGINE.to_act(s)))
        action = bot.choose(s, seat, rnd.randrange(10**9))
        result = step(ENGINE, s, seat, action)
        assert isinstance(result, Transition), result
        log.append(LoggedMove(seat, ENGINE.format_action(action, s)))
        s = result.state
        if ply % 5 == 0:
            _invariants(s)
    out = ENGINE.outcome(s)
    assert out is not None and len(out.winners) == 1
    winner = next(iter(out.winners))
    assert out.scores[winner] == max(out.scores.values())
    again = replay(ENGINE, players, {}, players * 13, log)
    assert canonical_json(ENGINE.state_to_dict(again)) == canonical_json(ENGINE.state_to_dict(s))


def test_four_bot_game_with_trades_ends_unattended() -> None:
    names = ["heuristic", "heuristic", "random", "random"]
    bots = [ENGINE.bots[n]() for n in names]
    s = ENGINE.new_game(4, {}, 12)
    kinds: set[str] = set()
    for ply in range(5000):
        if ENGINE.outcome(s) is not None:
            break
        seat = min(ENGINE.to_act(s))
        action = bots[seat].choose(s, Seat(seat), ply)
        kinds.add(type(action).__name__)
        result = step(ENGINE, s, seat, action)
        assert isinstance(result, Transition), result
        s = result.state
        _invariants(s)
    assert ENGINE.outcome(s) is not None
    assert {"MakeOffer", "Trade", "BankTrade", "Roll"} <= kinds


def test_rolls_draws_and_steals_reveal() -> None:
    """Transition.reveals is set on rolls and card purchases (undo never crosses them)."""
    bot = ENGINE.bots["heuristic"]()
    s = ENGINE.new_game(3, {}, 2)
    seen: dict[str, bool] = {}
    for ply in range(3000):
        if ENGINE.outcome(s) is not None:
            break
        seat = min(ENGINE.to_act(s))
        action = bot.choose(s, Seat(seat), ply)
        t = ENGINE.apply(s, Seat(seat), action)
        seen.setdefault(type(action).__name__, t.reveals)
        s = t.state
    assert seen["Roll"] is True and seen["Buy"] is True
    assert seen.get("Road") is False and seen.get("Settlement") is False


def test_a_move_leaves_the_state_it_started_from_untouched() -> None:
    """`apply` works on a draft that becomes the new State: the old State never changes, and
    the new one is a frozen State like any other."""
    from bot.games.canaan.state import State

    bot = ENGINE.bots["random"]()
    s = ENGINE.new_game(3, {}, 21)
    for ply in range(400):
        if ENGINE.outcome(s) is not None:
            break
        seat = min(ENGINE.to_act(s))
        before = canonical_json(ENGINE.state_to_dict(s))
        result = step(ENGINE, s, seat, bot.choose(s, Seat(seat), ply))
        assert isinstance(result, Transition), result
        assert canonical_json(ENGINE.state_to_dict(s)) == before
        assert type(result.state) is State
        with pytest.raises(AttributeError):
            result.state.turn = 99  # type: ignore[misc]
        s = result.state
