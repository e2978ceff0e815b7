"""Rolling a 7: a black stone to Jerusalem, no production, discards of half (rounded down) by
everyone over seven cards at once, then the plague moves to another numbered land hex and the
roller may take one random card from a player of their choice touching it."""

from __future__ import annotations

from bot.games.canaan import rules as R
from bot.games.canaan.state import BLACK, Phase
from bot.games.protocol import Seat
from tests.games.canaan.positions import D, hand, hexes, legal, play, position, refused, rigged

SEA = next(h for h, t in enumerate(D.hexes) if t.terrain == "sea_of_galilee")


def test_half_rounded_down_for_every_player_over_seven_the_roller_included() -> None:
    s = position(
        3,
        hands={0: hand(ore=15), 1: hand(wool=8), 2: hand(grain=7)},
        rolled=False,
    )
    s = play(rigged(s, 7), 0, "roll")
    assert {(p.seat, p.count) for p in s.pending} == {(0, 7), (1, 4)}
    assert R.to_act(s) == {Seat(0), Seat(1)}
    s = play(s, 1, "discard 4 wool")
    assert "Discard 7 cards first" in refused(s, 0, "plague A")
    s = play(s, 0, "discard 7 ore")
    assert [p.cards for p in s.players] == [8, 4, 7] and R.current_mode(s) == "plague"


def test_the_plague_goes_to_another_numbered_land_hex_never_the_sea_nor_where_it_is() -> None:
    s = R.evolve(position(3, rolled=False), plague=hexes("A"))
    s = play(rigged(s, 7), 0, "roll")
    hexes_offered = {a.split()[1] for a in legal(s, 0)}
    assert "A" not in hexes_offered and D.hexes[SEA].label not in hexes_offered
    assert len(hexes_offered) == sum(1 for t in D.hexes if t.producing) - 1
    assert "numbered land hex" in refused(s, 0, f"plague {D.hexes[SEA].label}")
    assert "different hex" in refused(s, 0, "plague A")


def test_the_victim_touches_the_new_hex_and_holds_a_card() -> None:
    corners = D.hexes[hexes("A")].corners
    far = D.hexes[hexes("S")].corners[0]
    s = position(
        4,
        settlements={corners[0]: 1, corners[3]: 2, far: 3},
        hands={1: hand(ore=1), 3: hand(wool=1)},
        rolled=False,
    )
    s = play(rigged(s, 7), 0, "roll")
    options = [a for a in legal(s, 0) if a.startswith("plague A")]
    assert options == ["plague A", "plague A from blue"]  # green holds nothing
    assert "no card and building" in refused(s, 0, "plague A from yellow")


def test_the_card_taken_is_drawn_at_random_from_the_victims_hand() -> None:
    corner = D.hexes[hexes("A")].corners[0]
    taken = set()
    for seed in range(1, 40):
        s = position(
            3, settlements={corner: 1}, hands={1: hand(ore=1, wool=1)}, rolled=False, seed=seed
        )
        s = play(rigged(s, 7), 0, "roll")
        s = play(s, 0, "plague A from blue")
        taken.add(s.players[0].hand)
        assert s.players[0].cards == 1 and s.players[1].cards == 1
    assert taken == {hand(ore=1), hand(wool=1)}


def test_the_seven_that_fills_jerusalem_ends_the_game_at_once() -> None:
    jer = sorted(D.jerusalem)
    s = position(3, settlements={jer[0]: 1}, hands={0: hand(ore=9)}, rolled=False)
    s = R.evolve(s, jerusalem=(BLACK,) * (D.blocks - 1))
    s = play(rigged(s, 7), 0, "roll")
    assert len(s.jerusalem) == D.blocks and s.phase is Phase.OVER
    assert s.winner == 1 and not s.pending


def test_no_black_stone_once_jerusalem_is_complete() -> None:
    s = position(3, hands={1: hand(ore=1)}, rolled=False)
    s = R.evolve(s, jerusalem=(BLACK,) * D.blocks, play_on=True)
    s = play(rigged(s, 7), 0, "roll")
    assert len(s.jerusalem) == D.blocks and R.current_mode(s) == "plague"
