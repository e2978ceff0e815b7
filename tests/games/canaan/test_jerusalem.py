"""Jerusalem: a stone (stone + ore) from an own settlement or city on one of the 11
intersections, or along a trade route of anyone's roads to another player's building there,
paying its owner one card of the builder's choice per stone (no card, no stone); 20 stones per
player; 28 blocks, then the game ends (most VP, then most own stones, then play on)."""

from __future__ import annotations

from bot.games.canaan import ENGINE
from bot.games.canaan import rules as R
from bot.games.canaan.state import BLACK, Phase
from tests.games.canaan.positions import D, e, hand, legal, play, position, refused, v, with_player

JER, MID, LINK, HOME = v("S(-1,2)"), v("N(-2,3)"), v("S(-1,1)"), v("N(-1,2)")
STONE = hand(stone=1, ore=1)


def test_eleven_intersections_and_twenty_eight_blocks() -> None:
    assert len(D.jerusalem) == 11 and D.blocks == 28


def test_an_own_building_on_jerusalem_builds_for_stone_and_ore_without_a_fee() -> None:
    s = position(3, cities={JER: 0}, hands={0: hand(stone=1, ore=1, wool=1)})
    assert [a for a in legal(s, 0) if a.startswith("stone")] == ["stone"]
    s = play(s, 0, "stone")
    assert s.players[0].hand == hand(wool=1) and s.jerusalem == (0,)


def test_without_a_building_or_a_route_there_is_no_stone() -> None:
    s = position(3, settlements={HOME: 0}, hands={0: STONE})
    assert not any(a.startswith("stone") for a in legal(s, 0))
    assert "trade route" in refused(s, 0, "stone")


def test_the_route_needs_unbroken_roads() -> None:
    s = position(
        3,
        settlements={JER: 1, HOME: 0},
        roads={e(JER, MID): 1, e(LINK, HOME): 0},  # the path MID-LINK is missing
        hands={0: hand(stone=1, ore=1, wool=1)},
    )
    assert not any(a.startswith("stone") for a in legal(s, 0))
    s = R.evolve(s, roads=tuple(2 if i == e(MID, LINK) else r for i, r in enumerate(s.roads)))
    assert "stone via blue pay wool" in legal(s, 0)


def test_the_fee_is_one_card_of_the_builders_choice_for_every_stone() -> None:
    s = position(
        3,
        settlements={JER: 1, HOME: 0},
        roads={e(JER, MID): 1, e(MID, LINK): 1, e(LINK, HOME): 0},
        hands={0: hand(stone=2, ore=2, wool=1, grain=1)},
    )
    options = [a for a in legal(s, 0) if a.startswith("stone")]
    # Any card left after the stone's cost may pay the fee.
    assert options == [f"stone via blue pay {r}" for r in ("grain", "ore", "stone", "wool")]
    s = play(s, 0, "stone via blue pay grain")
    s = play(s, 0, "bless ore")
    s = play(s, 0, "stone via blue pay wool")
    assert s.players[1].hand == hand(grain=1, wool=1) and s.players[0].hand == hand()
    assert s.players[0].stones == 2 and s.jerusalem == (0, 0)


def test_twenty_stones_per_player() -> None:
    s = position(3, settlements={JER: 0}, hands={0: STONE})
    s = with_player(R.evolve(s, jerusalem=(0,) * 20), 0, stones=20)
    assert not any(a.startswith("stone") for a in legal(s, 0))
    assert "no building stone left" in refused(s, 0, "stone")


def test_no_stone_once_the_28_blocks_are_filled() -> None:
    s = position(3, settlements={JER: 0}, hands={0: STONE})
    s = R.evolve(s, jerusalem=(BLACK,) * D.blocks, play_on=True)
    assert "complete" in refused(s, 0, "stone")


def test_the_last_block_ends_the_game_and_a_tie_on_vp_goes_to_most_own_stones() -> None:
    jer = sorted(D.jerusalem)
    far = [x for x in range(len(D.vertex_ids)) if x % 9 == 4][:3]
    s = position(
        3,
        settlements={jer[0]: 0, **{x: 2 for x in far}},
        hands={0: STONE},
    )
    s = R.evolve(s, jerusalem=(BLACK,) * (D.blocks - 1))
    s = play(s, 0, "stone")  # red: 1 settlement + King's Blessing = 3; green 3 settlements
    assert s.phase is Phase.OVER
    out = ENGINE.outcome(s)
    assert out is not None
    # Tied on 3 VP: red has more own stones and wins the tie-break.
    assert R.vp(s, 0) == R.vp(s, 2) == 3 and s.winner == 0 and "stones" in s.end_reason


def test_tied_on_vp_and_stones_play_continues_until_a_turn_ends_with_one_leader() -> None:
    jer = sorted(D.jerusalem)
    s = position(3, settlements={jer[0]: 0, jer[4]: 1}, hands={0: STONE})
    s = with_player(R.evolve(s, jerusalem=(1,) + (BLACK,) * (D.blocks - 2)), 1, stones=1)
    s = play(s, 0, "stone")
    assert s.play_on and s.phase is Phase.TURN
    # Play on: a later turn's end with a single leader ends the game.
    spots = [x for x in range(len(D.vertex_ids)) if x % 7 == 0][:4]
    s = R.evolve(
        s,
        buildings=tuple(10 + 1 if i in spots else b for i, b in enumerate(s.buildings)),
    )
    s = play(s, 0, "end")  # blue now leads, but red's turn ended: blue wins at this end
    assert s.phase is Phase.OVER and s.winner == 1
