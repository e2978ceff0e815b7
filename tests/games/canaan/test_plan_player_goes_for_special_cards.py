"""The strong Settlers of Canaan player's own policy (`plan.PlanBot`) goes for the special
cards the heuristic leaves to chance: a stone in Jerusalem before a city while the stone takes
King's Blessing (not once it leads), a road that lengthens its longest road while Longest Road
is two roads away, a road toward a free Jerusalem intersection when it has nowhere to settle;
and it reads the other hand only where the rules make it public (two
players: every card is in the bank or in one of the two hands)."""

from __future__ import annotations

import pytest

from bot.games.canaan import ENGINE
from bot.games.canaan import board as B
from bot.games.canaan.actions import Road
from bot.games.canaan.bots import HeuristicBot
from bot.games.canaan.plan import (
    PlanBot,
    _free_jerusalem,
    _network,
    _paths_to,
    known_hands,
    roads_short,
)
from bot.games.canaan.state import evolve
from bot.games.protocol import Seat, step
from tests.games.canaan.positions import e, hand, line, position, v, with_player

JER, HOME = v("S(-1,2)"), v("N(-1,2)")
RICH = hand(stone=1, ore=4, grain=2)  # a city or a stone


def _name(s, seat: int, bot) -> str:  # type: ignore[no-untyped-def]
    return ENGINE.format_action(bot.choose(s, Seat(seat), 0), s)


def test_a_stone_that_takes_kings_blessing_comes_before_a_city() -> None:
    s = position(2, settlements={JER: 0, HOME: 1}, hands={0: RICH})
    assert _name(s, 0, PlanBot()) == "stone"
    assert _name(s, 0, HeuristicBot()).startswith("city")


def test_a_leader_in_stones_builds_the_city() -> None:
    s = position(2, settlements={JER: 0, HOME: 1}, hands={0: RICH})
    s = with_player(s, 0, stones=2)

    s = evolve(s, blessing=0, jerusalem=(0, 0))
    assert _name(s, 0, PlanBot()).startswith("city")


def test_a_road_that_lengthens_the_longest_road_when_two_short() -> None:
    path = line(3)
    roads = {e(a, b): 0 for a, b in zip(path, path[1:], strict=False)}
    s = position(2, settlements={path[0]: 0}, roads=roads, hands={0: hand(stone=1, lumber=1)})
    assert roads_short(s, 0) == 2
    move = PlanBot().choose(s, Seat(0), 0)
    after = step(ENGINE, s, Seat(0), move).state
    assert B.longest_road(after, 0) == 4
    assert HeuristicBot().choose(s, Seat(0), 0) != move


@pytest.mark.parametrize("players", [2, 3])
def test_the_other_hand_is_read_only_where_it_is_public(players: int) -> None:
    heuristic = HeuristicBot()
    state = ENGINE.new_game(players, {}, 5)
    for ply in range(300):
        if ENGINE.outcome(state) is not None:
            break
        seat = Seat(min(ENGINE.to_act(state)))
        known = known_hands(state, seat)
        if players == 2:
            assert known == {1 - seat: state.players[1 - seat].hand}
        else:
            assert known == {}
        state = step(ENGINE, state, seat, heuristic.choose(state, seat, ply)).state


def test_with_nowhere_to_settle_a_road_toward_a_free_jerusalem_intersection() -> None:
    s = position(2, settlements={HOME: 0}, hands={0: hand(stone=1, lumber=1)})
    goals = _free_jerusalem(s, 0)
    before = _paths_to(s, 0, _network(s, 0), goals)
    assert 2 <= before <= 3  # within reach, not yet at the door
    move = PlanBot().choose(s, Seat(0), 0)
    assert isinstance(move, Road)
    after = step(ENGINE, s, Seat(0), move).state
    assert _paths_to(after, 0, _network(after, 0), goals) == before - 1
    assert HeuristicBot().choose(s, Seat(0), 0) != move  # the heuristic builds elsewhere
