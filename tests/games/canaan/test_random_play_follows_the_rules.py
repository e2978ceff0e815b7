"""Random games checked move by move against the rulebook, computed here independently of the
engine: what every roll produces (settlement 1, city 2, the plague's hex nothing, the bank's
shortage rule, copper owed as choices), what a 7 asks (a black stone, discards of half by those
over seven), and who holds each special card."""

from __future__ import annotations

import random

import pytest

from bot.games.canaan import ENGINE
from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan.state import BLACK, CITY, EMPTY, State
from bot.games.protocol import Seat, Transition, step


def _expected_production(s: State, number: int) -> tuple[list[list[int]], list[int]]:
    d = s.data
    owed = [[0] * 5 for _ in s.players]
    copper = [0] * len(s.players)
    for h, t in enumerate(d.hexes):
        if t.number != number or not t.producing or h == s.plague:
            continue
        for v in t.corners:
            b = s.buildings[v] if v >= 0 else EMPTY
            if b == EMPTY:
                continue
            n = 2 if b >= CITY else 1
            if t.terrain == "copper":
                copper[b % CITY] += n
            else:
                owed[b % CITY][t.resource] += n  # type: ignore[index]
    paid = [[0] * 5 for _ in s.players]
    for r in range(5):
        total = sum(o[r] for o in owed)
        takers = [i for i, o in enumerate(owed) if o[r]]
        if total <= s.bank[r]:
            for i in takers:
                paid[i][r] = owed[i][r]
        elif len(takers) == 1:
            paid[takers[0]][r] = s.bank[r]
    return paid, copper


def _sole_leader(values: list[int], minimum: int) -> int:
    best = max(values)
    return values.index(best) if best >= minimum and values.count(best) == 1 else -1


def _check_roll(before: State, after: State) -> None:
    total = sum(after.dice)
    if total == 7:
        full = len(before.jerusalem) >= before.data.blocks
        assert after.jerusalem == before.jerusalem + (() if full else (BLACK,))
        if after.phase.value == "over":
            return
        due = {(i, p.cards // 2) for i, p in enumerate(before.players) if p.cards > 7}
        assert {(p.seat, p.count) for p in after.pending if p.kind == "discard"} == due
        assert after.plague_due
        assert all(a.hand == b.hand for a, b in zip(after.players, before.players, strict=True))
        return
    paid, copper = _expected_production(before, total)
    for i, (a, b) in enumerate(zip(after.players, before.players, strict=True)):
        assert [x - y for x, y in zip(a.hand, b.hand, strict=True)] == paid[i], (total, i)
    owed_choices = {p.seat for p in after.pending if p.kind == "take"}
    if sum(after.bank):
        assert owed_choices == {i for i, n in enumerate(copper) if n}


def _check_specials(s: State) -> None:
    lengths = [B.longest_road(s, i) for i in range(len(s.players))]
    assert s.longest == _sole_leader(lengths, 5)
    assert s.most_priests == _sole_leader([p.priests for p in s.players], 3)
    assert s.blessing == _sole_leader([s.jerusalem.count(i) for i in range(len(s.players))], 1)


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (3, 8), (4, 9)])
def test_random_play_follows_the_rules(players: int, seed: int) -> None:
    rnd = random.Random(seed)
    bot = ENGINE.bots["random"]()
    s = ENGINE.new_game(players, {}, seed)
    rolls = 0
    for ply in range(2500):
        if ENGINE.outcome(s) is not None:
            break
        seat = rnd.choice(sorted(ENGINE.to_act(s)))
        action = bot.choose(s, seat, rnd.randrange(10**9))
        result = step(ENGINE, s, Seat(seat), action)
        assert isinstance(result, Transition), result
        if isinstance(action, A.Roll):
            _check_roll(s, result.state)
            rolls += 1
        s = result.state
        if s.phase.value == "turn" and ply % 3 == 0:
            _check_specials(s)
    assert rolls > 20
