"""The three special cards: Longest Road (5+, broken by a settlement, a tie sends it back), Most
Priests (3+ played, a tie sends it back) and King's Blessing (most own stones, black stones not
counted, a kept resource traded 2:1, a tie sends card and resource back). 2 VP each."""

from __future__ import annotations

from bot.games.canaan import rules as R
from bot.games.canaan.state import BLACK, State
from tests.games.canaan.positions import (
    D,
    e,
    hand,
    legal,
    line,
    play,
    position,
    rigged,
    with_player,
)

ROAD = hand(stone=1, lumber=1)


def _roads(line: list[int], seat: int) -> dict[int, int]:
    return {e(a, b): seat for a, b in zip(line, line[1:], strict=False)}


def _blocked(line: list[int]) -> set[int]:
    """The line's intersections and their neighbours (another line there could touch it)."""
    return set(line) | {n for x in line for n in D.vertex_neighbours[x]}


# ------------------------------------------------------------------------------ Longest Road


def test_longest_road_needs_five_and_is_worth_two() -> None:
    path = line(5, set())
    s = position(3, roads=_roads(path[:5], 0), hands={0: ROAD})
    s, _ = R._award_roads(s, range(3))
    assert s.road_lengths[0] == 4 and s.longest == -1
    s = play(s, 0, f"road {path[4] + 1}-{path[5] + 1}")
    assert s.longest == 0 and R.vp(s, 0) == 2


def test_an_equally_long_road_sends_longest_road_back_to_the_bank() -> None:
    red = line(5, set())
    blue = line(5, _blocked(red))
    s = position(
        3,
        roads=_roads(red, 0) | _roads(blue[:5], 1),
        hands={1: ROAD},
        current=1,
    )
    s, _ = R._award_roads(s, range(3))
    assert s.longest == 0 and R.vp(s, 0) == 2
    s = play(s, 1, f"road {blue[4] + 1}-{blue[5] + 1}")
    assert s.road_lengths[:2] == (5, 5)
    assert s.longest == -1 and R.vp(s, 0) == 0 and R.vp(s, 1) == 0
    # Longer than everyone again: the builder takes it.
    extra = next(n for n in D.vertex_neighbours[blue[5]] if n not in _blocked(red) | set(blue))
    s = play(with_player(s, 1, hand=ROAD), 1, f"road {blue[5] + 1}-{extra + 1}")
    assert s.longest == 1 and R.vp(s, 1) == 2


def test_broken_road_with_branches_the_rulebook_example() -> None:
    """White's seven-part road A-B with branches (which do not count) holds the card; black's
    settlement at C leaves white four parts, and black's six-part road takes the card."""
    for first in range(len(D.vertex_ids)):
        white = line(7, set(), start=first)
        c = white[3]
        try:
            black = line(6, set(white) - {c}, start=c)
        except AssertionError:
            continue
        taken = set(white) | set(black)
        branch_a = [n for n in D.vertex_neighbours[white[1]] if n not in taken]
        branch_b = [n for n in D.vertex_neighbours[white[5]] if n not in taken]
        if branch_a and branch_b:
            break
    else:
        raise AssertionError("no such layout on this map")
    roads = _roads(white, 1) | _roads(black, 0)
    roads |= {e(white[1], branch_a[0]): 1, e(white[5], branch_b[0]): 1}
    s = position(4, roads=roads, hands={0: hand(stone=1, lumber=1, wool=1, grain=1)})
    s, _ = R._award_roads(s, range(4))
    assert s.roads.count(1) == 9 and s.road_lengths[:2] == (6, 7)  # branches do not count
    assert s.longest == 1
    s = play(s, 0, f"settlement {c + 1}")
    assert s.road_lengths[1] == 4 and s.longest == 0
    assert R.vp(s, 0) == 1 + 2 and R.vp(s, 1) == 0


def test_a_road_cannot_be_continued_through_an_opponents_settlement() -> None:
    path = line(2, set())
    s = position(3, settlements={path[1]: 1}, roads={e(path[0], path[1]): 0}, hands={0: ROAD})
    beyond = e(path[1], path[2])
    assert f"road {D.edge_label(beyond)}" not in legal(s, 0)


# ------------------------------------------------------------------------------ Most Priests


def _priest_play(s: State, seat: int) -> str:
    return next(a for a in legal(s, seat) if a.startswith("play priest"))


def test_most_priests_needs_three_played_priests() -> None:
    s = with_player(position(3), 0, priests=1, dev=("priest", "priest"))
    s = play(s, 0, _priest_play(s, 0))
    assert s.players[0].priests == 2 and s.most_priests == -1
    s = R.evolve(s, dev_played=False)
    s = play(s, 0, _priest_play(s, 0))
    assert s.players[0].priests == 3 and s.most_priests == 0 and R.vp(s, 0) == 2


def test_played_priests_stay_face_up_and_a_later_lead_takes_most_priests_back() -> None:
    s = with_player(position(3), 0, priests=3)
    s = with_player(R.evolve(s, most_priests=-1, current=1), 1, priests=3, dev=("priest",))
    s = play(s, 1, _priest_play(s, 1))
    assert s.most_priests == 1 and [p.priests for p in s.players] == [3, 4, 0]
    assert "priest" not in s.players[1].dev


# ------------------------------------------------------------------------------ King's Blessing

JER = sorted(D.jerusalem)
STONE = hand(stone=1, ore=1)


def test_black_stones_do_not_count_for_kings_blessing() -> None:
    s = position(3, settlements={JER[0]: 0}, hands={0: STONE}, rolled=False)
    s = play(rigged(s, 7), 0, "roll")
    s = play(s, 0, "plague A")
    s = R.evolve(s, jerusalem=(BLACK,) * 5)
    s = play(s, 0, "stone")
    assert s.blessing == 0  # one own stone against five black ones
    assert R.current_mode(s) == "blessing" and "bless wool" in legal(s, 0)


def test_the_kept_card_is_under_kings_blessing_not_in_the_hand() -> None:
    s = position(3, settlements={JER[0]: 0}, hands={0: hand(stone=1, ore=1, grain=8)})
    s = play(play(s, 0, "stone"), 0, "bless grain")
    assert s.players[0].hand == hand(grain=8) and s.blessing_res == 1
    assert R.total_cards(s) == (23,) * 5
    # A 7 asks for half of the hand: the kept card is not part of it.
    s = play(rigged(R.evolve(s, rolled=False, built=False), 7), 0, "roll")
    assert [(p.seat, p.count) for p in s.pending] == [(0, 4)]
    # 2:1 in the kept resource (before building: trading comes first).
    t = R.evolve(position(3, hands={0: hand(grain=2)}), blessing=0, blessing_res=1)
    t = play(t, 0, "bank grain for ore")
    assert t.players[0].hand == hand(ore=1)


def test_kings_blessing_goes_back_on_a_tie_with_its_card_and_then_to_the_new_leader() -> None:
    s = position(
        3,
        settlements={JER[0]: 0, JER[4]: 1},
        hands={0: STONE, 1: hand(stone=2, ore=2)},
    )
    s = play(play(s, 0, "stone"), 0, "bless ore")
    assert R.vp(s, 0) == 3 and s.bank[3] == 23 - 2 - 1  # blue holds 2, 1 kept
    s = R.evolve(s, current=1, built=False)
    s = play(s, 1, "stone")
    assert s.blessing == -1 and s.blessing_res == -1 and R.vp(s, 0) == 1
    assert "bank ore for wool" not in legal(R.evolve(s, current=0, built=False), 0)
    s = play(s, 1, "stone")
    assert s.blessing == 1 and R.current_mode(s) == "blessing"
    s = play(s, 1, "bless wool")
    assert s.blessing_res == 4 and R.vp(s, 1) == 3
    assert R.total_cards(s) == (23,) * 5
