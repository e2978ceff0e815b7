"""Winning: 12 VP during your own turn ends the game at once, whatever brought them (a build, a
special card, a stone); 12 VP reached in another's turn count when your turn comes."""

from __future__ import annotations

from bot.games.canaan import ENGINE
from bot.games.canaan import rules as R
from bot.games.canaan.state import Phase
from bot.games.protocol import Seat, step
from tests.games.canaan.positions import D, e, hand, legal, play, position, spread, with_player

JER = sorted(D.jerusalem)


def test_a_stone_that_brings_kings_blessing_to_twelve_wins_at_once() -> None:
    others = spread(5, {JER[0]})
    s = position(
        3,
        cities={JER[0]: 0, **{x: 0 for x in others[:3]}},
        settlements={x: 0 for x in others[3:]},
        hands={0: hand(stone=1, ore=1, wool=3)},
    )
    assert R.vp(s, 0) == 10
    s = play(s, 0, "stone")
    assert s.phase is Phase.OVER and s.winner == 0 and R.vp(s, 0) == 12
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == {Seat(0)}
    assert "over" in step(ENGINE, s, Seat(0), R.A.End()).message.lower()  # type: ignore[union-attr]


def test_a_road_that_takes_longest_road_to_twelve_wins_at_once() -> None:
    line = [JER[0]]
    while len(line) < 6:
        line.append(next(n for n in D.vertex_neighbours[line[-1]] if n not in line))
    spots = spread(6, set(line))
    s = position(
        3,
        cities={x: 0 for x in spots[:4]},
        settlements={x: 0 for x in spots[4:]},
        roads={e(a, b): 0 for a, b in zip(line[:5], line[1:5], strict=False)},
        hands={0: hand(stone=1, lumber=1)},
    )
    assert R.vp(s, 0) == 10 and s.longest == -1
    s = play(s, 0, f"road {line[4] + 1}-{line[5] + 1}")
    assert s.longest == 0 and s.winner == 0 and s.phase is Phase.OVER


def test_eleven_vp_is_not_enough() -> None:
    spots = spread(5, set())
    s = position(3, cities={x: 0 for x in spots[:4]}, settlements={spots[4]: 0})
    s = with_player(s, 0, dev=("ten-commandments", "city-of-refuge"))
    s = play(s, 0, "play ten-commandments")
    assert R.vp(s, 0) == 10 and ENGINE.outcome(s) is None
    s = play(s, 0, "play city-of-refuge")
    assert R.vp(s, 0) == 11 and ENGINE.outcome(s) is None and "end" in legal(s, 0)
