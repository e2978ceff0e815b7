"""Setting up: the rulebook's opening example played through the real setup, the starting pieces
per player count, the road of each starting settlement, and the starting cards."""

from __future__ import annotations

import pytest

from bot.games.canaan import ENGINE
from bot.games.canaan import rules as R
from bot.games.canaan.state import Phase, State
from bot.games.protocol import Seat
from tests.games.canaan.positions import D, hand, hexes, legal, play, refused, rigged

OPENING = D.vertex_ids.index("S(-1,-1)")  # fields 12, forest 10, hills 8


def _shared_path(a: str, b: str) -> int:
    """The path between two hexes (by letter)."""
    common = sorted(set(D.hexes[hexes(a)].corners) & set(D.hexes[hexes(b)].corners))
    return D.edge_index[(common[0], common[1])]


def _finish_setup(s: State) -> State:
    while s.phase is Phase.SETUP:
        seat = next(iter(R.to_act(s)))
        s = play(s, seat, legal(s, seat)[-1])
    return s


def test_the_opening_example_settlement_road_between_12_and_8_cards_and_production() -> None:
    """'The black player has placed his settlement in the middle of three numbered hexes ... He
    then placed his road between the 12 and the 8 hex'; choosing it he 'will receive one grain
    resource, one lumber resource, and one stone resource'; a 12 then gives him grain, a 10
    lumber, an 8 stone."""
    s = ENGINE.new_game(3, {}, 8)
    black = s.first_player
    s = play(s, black, f"settlement {OPENING + 1}")
    between_12_and_8 = _shared_path("I", "D")  # fields 12 and hills 8
    assert OPENING in D.edges[between_12_and_8]
    # The road must touch the settlement just placed.
    elsewhere = next(x for x in range(len(D.edges)) if OPENING not in D.edges[x])
    assert "must touch your new settlement" in refused(s, black, f"road {D.edge_label(elsewhere)}")
    s = play(s, black, f"road {D.edge_label(between_12_and_8)}")
    assert s.roads[between_12_and_8] == black
    s = _finish_setup(s)
    assert s.phase is Phase.START
    assert f"start {OPENING + 1}" in legal(s, black)
    s = play(s, black, f"start {OPENING + 1}")
    assert s.players[black].hand == hand(grain=1, lumber=1, stone=1)
    for seat in sorted(R.to_act(s)):
        s = play(s, seat, legal(s, seat)[0])
    assert s.phase is Phase.TURN and s.current == black
    for total, gained in ((12, "grain"), (10, "lumber"), (8, "stone")):
        mine = [v for v, b in enumerate(s.buildings) if b == black]
        expected = [0] * 5
        for v in mine:
            for h in D.vertex_hexes[v]:
                t = D.hexes[h]
                if t.number == total and t.resource is not None:
                    expected[t.resource] += 1
        before = s.players[black].hand
        s = play(rigged(R.evolve(s, current=black, rolled=False), total), black, "roll")
        s = R.evolve(s, pending=())  # a copper choice of someone else is not this example
        gain = R.sub(s.players[black].hand, before)
        # The example's card, plus whatever black's other settlement touches on that number.
        assert gain == tuple(expected) and R.covers(gain, hand(**{gained: 1})), total


@pytest.mark.parametrize(("players", "each"), [(2, 3), (3, 2), (4, 2)])
def test_starting_pieces_three_each_for_two_players_two_otherwise(players: int, each: int) -> None:
    s = _finish_setup(ENGINE.new_game(players, {}, 3))
    for seat in range(players):
        assert s.buildings.count(seat) == each and s.roads.count(seat) == each
    # Every starting road touches one of its owner's settlements.
    for edge, owner in enumerate(s.roads):
        if owner >= 0:
            assert any(s.buildings[v] == owner for v in D.edges[edge])


def test_a_starting_settlement_touches_a_numbered_hex_and_never_jerusalem() -> None:
    s = ENGINE.new_game(4, {}, 2)
    seat = next(iter(R.to_act(s)))
    spots = {int(a.split()[1]) - 1 for a in legal(s, seat)}
    assert spots and not spots & D.jerusalem
    assert all(any(D.hexes[h].producing for h in D.vertex_hexes[v]) for v in spots)
    # On this map every other intersection touches a numbered hex.
    assert len(spots) == len(D.vertex_ids) - len(D.jerusalem)


def test_each_player_chooses_the_settlement_for_the_starting_cards_privately_and_at_once() -> None:
    s = _finish_setup(ENGINE.new_game(3, {}, 6))
    assert R.to_act(s) == frozenset(map(Seat, range(3)))
    seat = 2
    mine = sorted(v for v, b in enumerate(s.buildings) if b == seat)
    options = {int(a.split()[1]) - 1 for a in legal(s, seat)}
    assert options == set(mine)  # only own settlements
    t = ENGINE.apply(s, Seat(seat), ENGINE.parse_action(legal(s, seat)[0], s, Seat(seat)))  # type: ignore[arg-type]
    (start,) = [ev for ev in t.events if ev.kind == "start"]
    assert start.visible_to == {Seat(seat)} and "starting cards" in (start.public_text or "")
    assert R.to_act(t.state) == {Seat(0), Seat(1)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_highest_roll_begins_and_play_proceeds_clockwise(players: int) -> None:
    s = _finish_setup(ENGINE.new_game(players, {}, 11))
    for seat in sorted(R.to_act(s)):
        s = play(s, seat, legal(s, seat)[0])
    first = s.first_player
    assert s.current == first and max(s.first_rolls[-1]) == s.first_rolls[-1][first]
    order = []
    for _ in range(players + 1):
        order.append(s.current)
        s = play(rigged(s, 6), s.current, "roll")
        s = play(s, s.current, "end")
    assert order == [(first + i) % players for i in range(players + 1)]
