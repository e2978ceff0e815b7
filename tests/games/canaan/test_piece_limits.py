"""Pieces per player (15 roads, 5 settlements, 4 cities, 20 stones): nothing is built out of
stock, and a city returns its settlement to the stock."""

from __future__ import annotations

from bot.games.canaan import board as B
from bot.games.canaan.data import PIECES
from tests.games.canaan.positions import D, e, hand, legal, play, position, refused, spread

FULL = hand(lumber=3, grain=5, stone=3, ore=6, wool=2)


def test_the_stock_is_15_roads_5_settlements_4_cities_20_stones() -> None:
    assert PIECES == {"road": 15, "settlement": 5, "city": 4, "stone": 20}


def test_no_sixteenth_road() -> None:
    home = spread(1)[0]
    line = [home]
    while len(line) < 17:
        line.append(next(n for n in D.vertex_neighbours[line[-1]] if n not in line))
    roads = {e(a, b): 0 for a, b in zip(line[:16], line[1:16], strict=False)}
    s = position(3, settlements={home: 0}, roads=roads, hands={0: FULL})
    assert B.pieces_left(s, 0, "road") == 0
    assert not any(a.startswith("road") for a in legal(s, 0))
    assert "no road left" in refused(s, 0, f"road {line[15] + 1}-{line[16] + 1}")


def test_no_fifth_city_and_a_city_frees_its_settlement() -> None:
    spots = spread(5)
    s = position(3, cities={x: 0 for x in spots[:4]}, settlements={spots[4]: 0}, hands={0: FULL})
    assert B.pieces_left(s, 0, "city") == 0 and B.pieces_left(s, 0, "settlement") == 4
    assert not any(a.startswith("city") for a in legal(s, 0))
    assert "no city left" in refused(s, 0, f"city {spots[4] + 1}")
    t = position(3, settlements={x: 0 for x in spots}, hands={0: FULL})
    assert B.pieces_left(t, 0, "settlement") == 0
    t = play(t, 0, f"city {spots[0] + 1}")
    assert B.pieces_left(t, 0, "settlement") == 1 and B.pieces_left(t, 0, "city") == 3


def test_one_road_per_path() -> None:
    a = spread(1)[0]
    b = D.vertex_neighbours[a][0]
    s = position(3, settlements={a: 0}, roads={e(a, b): 1}, hands={0: FULL})
    assert f"road {D.edge_label(e(a, b))}" not in legal(s, 0)
    assert "already has a road" in refused(s, 0, f"road {D.edge_label(e(a, b))}")
