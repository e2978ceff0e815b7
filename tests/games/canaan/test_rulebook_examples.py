"""The rulebook's worked examples, played on the engine (map: the shipped reconstruction)."""

from __future__ import annotations

from bot.games.canaan import rules as R
from bot.games.canaan.state import BLACK, Phase
from tests.games.canaan.positions import (
    D,
    e,
    hand,
    hexes,
    legal,
    line,
    play,
    position,
    refused,
    rigged,
    v,
)

OPENING = v("S(-1,-1)")  # fields 12, forest 10, hills 8: the rulebook's opening example


def test_opening_settlement_gives_grain_lumber_stone_and_produces_on_12_10_8() -> None:
    """'He will receive one grain, one lumber and one stone'; then a 12 gives him one grain,
    a 10 one lumber, an 8 one stone."""
    terrains = sorted((D.hexes[h].terrain, D.hexes[h].number) for h in D.vertex_hexes[OPENING])
    assert terrains == [("fields", 12), ("forest", 10), ("hills", 8)]
    s = position(3, settlements={OPENING: 0}, rolled=False)
    s = R.evolve(s, phase=Phase.START, players=tuple(R.replace(p, start=-1) for p in s.players))
    s = play(s, 0, f"start {OPENING + 1}")
    assert s.players[0].hand == hand(grain=1, lumber=1, stone=1)
    # Seats 1 and 2 own no settlement here, so only seat 0 chose; finish the phase by hand.
    s = R.evolve(s, phase=Phase.TURN, players=tuple(R.replace(p, start=0) for p in s.players))
    for total, gained in ((12, "grain"), (10, "lumber"), (8, "stone")):
        before = s.players[0].hand
        s = play(rigged(R.evolve(s, rolled=False, current=0), total), 0, "roll")
        after = s.players[0].hand
        assert R.sub(after, before) == hand(**{gained: 1}), total


def test_city_produces_two() -> None:
    """'If a 12 is rolled he will receive two grain.'"""
    s = position(3, cities={OPENING: 1}, rolled=False)
    s = play(rigged(s, 12), 0, "roll")
    assert s.players[1].hand == hand(grain=2)


def test_broken_longest_road_goes_to_the_breaker_with_six() -> None:
    """White's seven-part road A-B loses the card when black settles at C inside it: white's road
    is then four long and black's six-part road takes Longest Road."""
    for first in range(len(D.vertex_ids)):
        white = line(7, set(), start=first)
        c = white[3]  # three parts on one side, four on the other
        # Black's road ends at C (so black may settle there) and shares no other intersection.
        try:
            black = line(6, set(white) - {c}, start=c)
        except AssertionError:
            continue
        break
    roads = {e(a, b): 1 for a, b in zip(white, white[1:], strict=False)}
    roads |= {e(a, b): 0 for a, b in zip(black, black[1:], strict=False)}
    s = position(4, roads=roads, hands={0: hand(stone=1, lumber=1, wool=1, grain=1)})
    s, _ = R._award_roads(s, range(4))
    assert s.longest == 1 and s.road_lengths[:2] == (6, 7)
    assert R.vp(s, 1) == 2
    s = play(s, 0, f"settlement {c + 1}")
    assert s.road_lengths[1] == 4
    assert s.road_lengths[0] == 6
    assert s.longest == 0
    assert R.vp(s, 0) == 1 + 2 and R.vp(s, 1) == 0


def test_trade_route_to_another_players_jerusalem_settlement_pays_its_owner() -> None:
    """White connects to gray's road, which reaches black's settlement on Jerusalem; white pays
    stone+ore to the bank and one card of his choice to black, nothing to gray."""
    jer, mid, link, home = v("S(-1,2)"), v("N(-2,3)"), v("S(-1,1)"), v("N(-1,2)")
    black, gray, white = 0, 1, 2
    s = position(
        4,
        settlements={jer: black, home: white},
        roads={e(jer, mid): black, e(mid, link): gray, e(link, home): white},
        hands={white: hand(stone=1, ore=1, wool=1, grain=1)},
        current=white,
    )
    assert "stone" not in legal(s, white)  # no own building at Jerusalem
    assert legal(s, white).count("stone via red pay wool") == 1
    bank_before = s.bank
    s = play(s, white, "stone via red pay wool")
    assert s.players[white].hand == hand(grain=1)
    assert s.players[black].hand == hand(wool=1)
    assert s.players[gray].hand == hand()
    assert R.sub(s.bank, bank_before) == hand(stone=1, ore=1)
    assert s.jerusalem == (white,) and s.players[white].stones == 1


def test_trade_route_fee_impossible_means_no_stone() -> None:
    """'A player that cannot make the payment cannot add a building stone that turn.'"""
    jer, mid, home = v("S(-1,2)"), v("N(-2,3)"), v("S(-1,1)")
    s = position(
        4,
        settlements={jer: 0, home: 2},
        roads={e(jer, mid): 0, e(mid, home): 2},
        hands={2: hand(stone=1, ore=1)},
        current=2,
    )
    assert not [a for a in legal(s, 2) if a.startswith("stone")]
    assert "no ore left" in refused(s, 2, "stone via red pay ore") or "fee" in refused(
        s, 2, "stone via red pay ore"
    )


def test_plague_on_an_eight_blocks_its_production_and_lets_the_roller_choose_a_victim() -> None:
    """The player moving the plague to the 8 may take from white or black; while it stays there
    that hex produces nothing on an 8 (the other 8 hex still does)."""
    mountains8 = hexes("O")
    corners = D.hexes[mountains8].corners
    white_v, black_v = corners[0], corners[3]  # N and S corners: not neighbours
    hills8_corner = OPENING
    s = position(
        4,
        settlements={white_v: 1, black_v: 2, hills8_corner: 3},
        hands={1: hand(ore=2), 2: hand(wool=1)},
        rolled=False,
    )
    s = play(rigged(s, 7), 0, "roll")
    assert s.jerusalem == (BLACK,)
    options = legal(s, 0)
    assert "plague O from blue" in options and "plague O from green" in options
    s = play(s, 0, "plague O from blue")
    assert s.plague == mountains8
    assert s.players[0].hand == hand(ore=1) and s.players[1].hand == hand(ore=1)
    s = play(s, 0, "end")
    blue_before, green_before, yellow_before = (s.players[i].hand for i in (1, 2, 3))
    s = play(rigged(s, 8), 1, "roll")
    assert s.players[1].hand == blue_before
    assert s.players[2].hand == green_before
    assert R.sub(s.players[3].hand, yellow_before) == hand(stone=1)
    s = play(s, 1, "end")
    # A priest may not leave the plague where it is.
    assert "plague must move" in refused(R.evolve(s, plague_due=True), 2, "plague O")
