"""One test (or a few) per rule of the Settlers of Canaan rulebook and our readings."""

from __future__ import annotations

import pytest

from bot.games.canaan import ENGINE
from bot.games.canaan import rules as R
from bot.games.canaan.data import COSTS
from bot.games.canaan.state import BLACK, Answer, Offer, Phase
from bot.games.protocol import Seat
from tests.games.canaan.positions import (
    D,
    e,
    hand,
    legal,
    play,
    position,
    refused,
    rigged,
    v,
    with_player,
)

OPENING = v("S(-1,-1)")
FULL = hand(lumber=2, grain=3, stone=2, ore=3, wool=2)

# ------------------------------------------------------------------------------ setup


def _setup_sequence(players: int, seed: int = 4) -> tuple[list[int], object]:
    s = ENGINE.new_game(players, {}, seed)
    order = []
    while s.phase is Phase.SETUP:
        seat = next(iter(R.to_act(s)))
        order.append(seat)
        s = play(s, seat, legal(s, seat)[0])  # settlement
        s = play(s, seat, legal(s, seat)[0])  # its road
    return order, s


@pytest.mark.parametrize("players", [3, 4])
def test_setup_snake_order_for_three_and_four(players: int) -> None:
    order, s = _setup_sequence(players)
    first = s.first_player
    clockwise = [(first + i) % players for i in range(players)]
    assert order == clockwise + clockwise[::-1]


def test_setup_order_for_two_players_is_a_b_b_a_a_b() -> None:
    order, s = _setup_sequence(2)
    a, b = s.first_player, 1 - s.first_player
    assert order == [a, b, b, a, a, b]


def test_first_player_has_the_highest_roll_and_ties_reroll() -> None:
    rerolled = 0
    for seed in range(30):
        s = ENGINE.new_game(4, {}, seed)
        last = s.first_rolls[-1]
        assert last[s.first_player] == max(last) and last.count(max(last)) == 1
        for earlier in s.first_rolls[:-1]:
            assert earlier.count(max(earlier)) > 1  # only a tie leads to another round
        rerolled += len(s.first_rolls) > 1
    assert rerolled > 0  # some seeds tied for the highest roll, so the reroll was exercised


def test_no_starting_settlement_on_jerusalem_and_distance_rule() -> None:
    s = ENGINE.new_game(3, {}, 1)
    seat = next(iter(R.to_act(s)))
    for jv in D.jerusalem:
        assert f"settlement {jv + 1}" not in legal(s, seat)
    assert "Jerusalem" in refused(s, seat, f"settlement {min(D.jerusalem) + 1}")
    s = play(s, seat, f"settlement {OPENING + 1}")
    assert "road" in legal(s, seat)[0]
    s = play(s, seat, legal(s, seat)[0])
    nxt = next(iter(R.to_act(s)))
    n = D.vertex_neighbours[OPENING][0]
    assert "distance" in refused(s, nxt, f"settlement {n + 1}")


@pytest.mark.parametrize(("players", "start_vp"), [(2, 3), (3, 2), (4, 2)])
def test_vp_start_at_three_for_two_players_two_otherwise(players: int, start_vp: int) -> None:
    _, s = _setup_sequence(players)
    assert s.phase is Phase.START
    assert all(R.vp(s, i) == start_vp for i in range(players))


def test_starting_cards_one_per_numbered_hex_and_copper_of_choice() -> None:
    _, s = _setup_sequence(3)
    assert R.to_act(s) == frozenset(map(Seat, range(3)))  # everyone chooses at once
    copper = next(h for h, t in enumerate(D.hexes) if t.terrain == "copper")
    for seat in range(3):
        option = legal(s, seat)[0]
        vert = int(option.split()[1]) - 1
        s = play(s, seat, option)
        expected = sum(1 for h in D.vertex_hexes[vert] if D.hexes[h].number)
        assert s.players[seat].cards == expected
        assert ("copper" in option) == (copper in D.vertex_hexes[vert])
    assert s.phase is Phase.TURN and s.current == s.first_player


# ------------------------------------------------------------------------------ production


def test_copper_produces_cards_of_the_owners_choice() -> None:
    copper = next(h for h, t in enumerate(D.hexes) if t.terrain == "copper")
    corner = D.hexes[copper].corners[0]
    s = position(3, cities={corner: 1}, rolled=False)
    s = play(rigged(s, D.hexes[copper].number or 0), 0, "roll")
    assert R.to_act(s) == {Seat(1)}
    assert "take 1 ore+1 wool" in legal(s, 1)
    s = play(s, 1, "take 1 ore+1 wool")
    assert s.players[1].hand == hand(ore=1, wool=1)
    assert R.to_act(s) == {Seat(0)}


def test_bank_shortage_pays_nobody_when_several_are_owed() -> None:
    corners = D.hexes[D.hex_by_label["I"]].corners  # fields 12
    s = position(3, settlements={corners[0]: 1, corners[3]: 2}, rolled=False)
    s = R.evolve(s, bank=hand(grain=1, ore=23, wool=23, lumber=23, stone=23))
    s = play(rigged(s, 12), 0, "roll")
    assert s.players[1].hand == hand() and s.players[2].hand == hand()
    assert s.bank[1] == 1


def test_bank_shortage_gives_the_rest_to_a_single_player() -> None:
    corners = D.hexes[D.hex_by_label["I"]].corners
    s = position(3, cities={corners[0]: 1}, rolled=False)
    s = R.evolve(s, bank=hand(grain=1, ore=23, wool=23, lumber=23, stone=23))
    s = play(rigged(s, 12), 0, "roll")
    assert s.players[1].hand == hand(grain=1) and s.bank[1] == 0


# ------------------------------------------------------------------------------ the 7


def test_seven_black_stone_discards_half_privately_and_simultaneously() -> None:
    s = position(
        4,
        hands={1: hand(ore=9), 2: hand(wool=8), 3: hand(grain=7)},
        rolled=False,
    )
    t = ENGINE.apply(rigged(s, 7), Seat(0), R.A.Roll())
    s = t.state
    assert t.reveals and s.jerusalem == (BLACK,)
    assert R.to_act(s) == {Seat(1), Seat(2)}  # 7 cards: no discard
    assert {p.count for p in s.pending} == {4}
    assert "Discard exactly 4" in refused(s, 1, "discard 3 ore")
    assert "not your turn" in refused(s, 0, "plague A")
    trans = ENGINE.apply(s, Seat(1), R.A.Discard(hand(ore=4)))
    private = [ev for ev in trans.events if ev.kind == "discard"][0]
    assert private.visible_to == {Seat(1)} and "4 cards" in (private.public_text or "")
    s = play(trans.state, 2, "discard 4 wool")
    assert R.to_act(s) == {Seat(0)} and R.current_mode(s) == "plague"
    assert all(a.startswith("plague") for a in legal(s, 0))


def test_seven_steal_is_optional_and_priest_steal_is_not() -> None:
    corner = D.hexes[D.hex_by_label["A"]].corners[0]
    s = position(3, settlements={corner: 1}, hands={1: hand(ore=1)}, rolled=False)
    s = play(rigged(s, 7), 0, "roll")
    assert "plague A" in legal(s, 0) and "plague A from blue" in legal(s, 0)
    s2 = with_player(
        position(3, settlements={corner: 1}, hands={1: hand(ore=1)}), 0, dev=("priest",)
    )
    plays = [a for a in legal(s2, 0) if a.startswith("play priest A")]
    assert plays == ["play priest A from blue"]


# ------------------------------------------------------------------------------ cards


def test_development_card_timing() -> None:
    s = position(3, hands={0: FULL}, rolled=False)
    s = with_player(s, 0, dev=("priest", "priest"))
    assert any(a.startswith("play priest") for a in legal(s, 0))  # before the roll
    s = play(rigged(s, 6), 0, "roll")
    s = play(s, 0, "buy")
    bought = s.players[0].new[0]
    s = play(s, 0, legal(s, 0)[[x.startswith("play priest") for x in legal(s, 0)].index(True)])
    assert not any(a.startswith("play priest") for a in legal(s, 0))  # one per turn
    assert "already played" in refused(s, 0, "play priest B")
    if bought not in R.VP_CARD_IDS:
        assert s.players[0].new == (bought,)


def test_card_bought_this_turn_cannot_be_played_but_vp_cards_can_any_number() -> None:
    s = position(3)
    s = with_player(
        s,
        0,
        dev=("priest", "ten-commandments", "city-of-refuge"),
        new=("priest", "ten-commandments"),
    )
    assert "bought" in refused(s, 0, "play priest B")
    s = play(s, 0, "play ten-commandments")
    s = play(s, 0, "play city-of-refuge")
    assert R.vp(s, 0) == 2 and len(s.players[0].vp_cards) == 2


def test_most_priests_at_three_and_a_tie_sends_it_back() -> None:
    s = position(3)
    s = with_player(s, 0, priests=2, dev=("priest",))
    s = play(s, 0, legal(s, 0)[[a.startswith("play priest") for a in legal(s, 0)].index(True)])
    assert s.most_priests == 0 and R.vp(s, 0) == 2
    s = play(s, 0, "end")
    s = with_player(s, 1, priests=2, dev=("priest",))
    s = play(s, 1, [a for a in legal(s, 1) if a.startswith("play priest")][0])
    assert s.most_priests == -1 and R.vp(s, 0) == 0


def _event_state(card: str, **kw: object) -> object:
    s = position(3, hands={0: hand(ore=1), 1: hand(wool=2, ore=1), 2: hand(grain=1)}, **kw)
    return with_player(s, 0, dev=(card,))


def test_event_everyone_takes_each_chooses() -> None:
    s = play(_event_state("deborahs-song"), 0, "play deborahs-song")
    assert R.to_act(s) == frozenset(map(Seat, range(3)))
    for seat in range(3):
        s = play(s, seat, "take 1 stone")
    assert [p.hand[2] for p in s.players] == [1, 1, 1]


def test_event_monopoly_korah_plentiful_harvest() -> None:
    s = play(_event_state("caravan"), 0, "play caravan ore")
    assert s.players[0].hand == hand(ore=2) and s.players[1].hand == hand(wool=2)
    s = play(_event_state("korahs-rebellion"), 0, "play korahs-rebellion")
    assert R.to_act(s) == {Seat(1), Seat(2)}
    s = play(play(s, 1, "give 1 wool"), 2, "give 1 grain")
    assert s.players[0].hand == hand(ore=1, wool=1, grain=1)
    s = play(_event_state("plentiful-lands"), 0, "play plentiful-lands 1 lumber+1 stone")
    assert s.players[0].hand == hand(ore=1, lumber=1, stone=1)
    fields = D.hexes[D.hex_by_label["I"]].corners[0]
    s = play(_event_state("bountiful-harvest", cities={fields: 0}), 0, "play bountiful-harvest")
    assert s.players[0].hand[1] == 2


def test_event_free_roads_free_settlement_improvements_trickery_prophet() -> None:
    a, b = OPENING, D.vertex_neighbours[OPENING][0]
    s = play(_event_state("new-trade-route", settlements={a: 0}), 0, "play new-trade-route")
    assert R.current_mode(s) == "free-road"
    s = play(s, 0, f"road {a + 1}-{b + 1}")
    s = play(s, 0, legal(s, 0)[0])
    assert s.roads.count(0) == 2 and s.players[0].hand == hand(ore=1)
    # Caleb's Blessing: a free settlement on a spot touching own road.
    c = next(n for n in D.vertex_neighbours[b] if n != a)
    roads = {e(a, b): 0, e(b, c): 0}
    s = play(
        _event_state("calebs-blessing", settlements={a: 0}, roads=roads), 0, "play calebs-blessing"
    )
    s = play(s, 0, f"settlement {c + 1}")
    assert s.buildings[c] == 0 and s.players[0].hand == hand(ore=1)
    s = _event_state("improvements", settlements={a: 0})
    s = with_player(s, 0, hand=hand(ore=2, grain=1))
    s = play(s, 0, "play improvements")
    s = play(s, 0, f"city {a + 1}")
    assert s.players[0].hand == hand()
    s = play(_event_state("gibeonite-trickery"), 0, "play gibeonite-trickery")
    t = ENGINE.apply(s, Seat(0), R.A.Look(1))
    assert t.reveals and "wool" in ENGINE.view(t.state, Seat(0)).you.peek  # type: ignore[union-attr]
    assert ENGINE.view(t.state, Seat(2)).you.peek == ""  # type: ignore[union-attr]
    s = play(t.state, 0, "take 1 wool")
    assert s.players[0].hand == hand(ore=1, wool=1)
    s = play(_event_state("prophet"), 0, "play prophet B")
    assert s.plague == D.hex_by_label["B"] and s.players[0].priests == 0


# ------------------------------------------------------------------------------ trade


def test_only_the_current_player_trades_and_offers_are_answered() -> None:
    s = position(3, hands={0: hand(wool=2), 1: hand(ore=1), 2: hand(ore=1)})
    assert "not your turn" in refused(s, 1, "offer 1 ore for 1 wool").lower()
    s = play(s, 0, "offer 2 wool for 1 ore")
    assert R.to_act(s) == {Seat(0), Seat(1), Seat(2)}
    s = play(s, 1, "accept")
    s = play(s, 2, "counter 1 ore for 1 wool")
    assert "trade blue" in legal(s, 0) and "trade green" in legal(s, 0)
    s = play(s, 0, "trade green")
    assert s.players[0].hand == hand(wool=1, ore=1) and s.players[2].hand == hand(wool=1)
    assert s.offer is None


def test_offer_to_one_player_only_and_the_limit_per_turn() -> None:
    s = position(3, hands={0: hand(wool=3), 1: hand(ore=1)})
    s = play(s, 0, "offer 1 wool for 1 ore to blue")
    assert R.to_act(s) == {Seat(0), Seat(1)}
    s = play(s, 1, "decline")
    s = play(play(s, 0, "offer 1 wool for 1 ore"), 1, "decline")
    s = play(play(s, 2, "decline"), 0, "offer 1 wool for 1 ore to green")
    s = play(s, 2, "decline")
    assert "limit" in refused(s, 0, "offer 1 wool for 1 grain")


def test_maritime_rates_harbours_and_kings_blessing() -> None:
    s = position(3, hands={0: hand(ore=4, wool=3, lumber=2)})
    s = play(s, 0, "bank ore for grain")
    assert s.players[0].hand == hand(grain=1, wool=3, lumber=2)
    assert "bank wool for grain" not in legal(s, 0)
    generic = next(vv for vv, k in D.harbor_at.items() if k is None)
    lumber_port = next(vv for vv, k in D.harbor_at.items() if k == 0)
    s2 = position(3, settlements={generic: 0, lumber_port: 0}, hands={0: hand(wool=3, lumber=2)})
    s2 = play(s2, 0, "bank wool for ore")
    s2 = play(s2, 0, "bank lumber for ore")
    assert s2.players[0].hand == hand(ore=2)
    s3 = R.evolve(position(3, hands={0: hand(grain=2)}), blessing=0, blessing_res=1)
    s3 = play(s3, 0, "bank grain for ore")
    assert s3.players[0].hand == hand(ore=1)


def test_no_trade_after_building() -> None:
    s = position(3, settlements={OPENING: 0}, hands={0: hand(stone=1, lumber=1, ore=4)})
    s = play(s, 0, f"road {OPENING + 1}-{D.vertex_neighbours[OPENING][0] + 1}")
    assert "Trading comes before building" in refused(s, 0, "bank ore for wool")


def test_offer_closes_when_the_offerer_no_longer_holds_the_cards() -> None:
    s = position(3, hands={0: hand(wool=1), 1: hand(ore=1)})
    s = R.evolve(s, offer=Offer(hand(wool=1), hand(ore=1), None, (Answer(),) * 3))
    assert R._refresh_offer(s)[0].offer is not None
    s = R._refresh_offer(with_player(s, 0, hand=hand()))[0]
    assert s.offer is None


def test_an_open_offer_never_holds_the_turn() -> None:
    s = position(3, hands={0: hand(wool=2, ore=4, stone=1, lumber=1), 1: hand(ore=1)})
    s = play(s, 0, "offer 1 wool for 1 ore")
    # The current player keeps every move of the turn while the others may answer.
    assert {"end", "withdraw", "bank ore for grain"} <= set(legal(s, 0))
    s = play(s, 0, "bank ore for grain")  # a bank trade meanwhile keeps the offer open
    assert s.offer is not None and Seat(1) in R.to_act(s)
    s = play(s, 1, "accept")  # out of turn, whenever they like
    assert R.to_act(s) == {Seat(0), Seat(2)}
    s = play(s, 0, "trade blue")
    assert s.players[1].hand == hand(wool=1) and s.offer is None
    assert R.to_act(s) == {Seat(0)}


def test_an_absent_responder_does_not_stop_the_turn_end() -> None:
    s = position(3, hands={0: hand(wool=2), 1: hand(ore=1), 2: hand(ore=1)})
    s = play(play(s, 0, "offer 1 wool for 1 ore"), 1, "decline")
    s = play(s, 0, "end")  # green never answered
    assert s.current == 1 and s.offer is None and R.to_act(s) == {Seat(1)}
    assert "accept" not in legal(s, 2)


def test_building_ends_trading_and_closes_the_offer() -> None:
    s = position(
        3, settlements={OPENING: 0}, hands={0: hand(wool=1, stone=1, lumber=1), 1: hand(ore=1)}
    )
    s = play(play(s, 0, "offer 1 wool for 1 ore"), 1, "accept")
    s = play(s, 0, f"road {OPENING + 1}-{D.vertex_neighbours[OPENING][0] + 1}")
    assert s.offer is None and R.to_act(s) == {Seat(0)}
    assert "no open offer" in refused(s, 0, "trade blue")


def test_an_answer_the_hand_no_longer_allows_is_voided() -> None:
    s = position(3, hands={0: hand(wool=2, ore=1), 1: hand(ore=1), 2: hand(ore=1)})
    s = play(play(s, 0, "offer 1 wool for 1 ore"), 1, "accept")
    assert "trade blue" in legal(s, 0)
    s = R._refresh_offer(with_player(s, 1, hand=hand(grain=1)))[0]  # e.g. an event took it
    assert s.offer is not None and s.offer.answers[1] == Answer()
    assert "trade blue" not in legal(s, 0) and "decline" in legal(s, 1)


# ------------------------------------------------------------------------------ build


def test_build_rules_and_piece_limits() -> None:
    a, b = OPENING, D.vertex_neighbours[OPENING][0]
    c = next(n for n in D.vertex_neighbours[b] if n != a)
    s = position(3, settlements={a: 0}, roads={e(a, b): 0}, hands={0: FULL})
    assert "distance rule" in refused(s, 0, f"settlement {b + 1}")
    far = next(
        x
        for x in range(len(D.vertex_ids))
        if x not in (a, b, c) and R.B.distance_ok(s, x) and not R.B.touches_own_road(s, 0, x)
    )
    assert "does not touch" in refused(s, 0, f"settlement {far + 1}")
    s = play(s, 0, f"road {b + 1}-{c + 1}")
    s = play(s, 0, f"settlement {c + 1}")
    s = play(s, 0, f"city {a + 1}")
    assert R.vp(s, 0) == 3
    # Five settlements on the board: no sixth.
    spots = [x for x in range(len(D.vertex_ids)) if x % 7 == 0][:5]
    s5 = position(3, settlements={x: 0 for x in spots}, hands={0: FULL})
    assert R.B.pieces_left(s5, 0, "settlement") == 0
    assert not any(x.startswith("settlement") for x in legal(s5, 0))


def test_kings_blessing_goes_to_most_stones_keeps_a_resource_and_a_tie_returns_it() -> None:
    jer = sorted(D.jerusalem)
    s = position(
        3,
        settlements={jer[0]: 0, jer[4]: 1},
        hands={0: hand(stone=1, ore=1), 1: hand(stone=1, ore=1)},
    )
    s = play(s, 0, "stone")
    assert s.blessing == 0 and R.current_mode(s) == "blessing"
    s = play(s, 0, "bless grain")
    assert s.blessing_res == 1 and s.bank[1] == 22 and R.vp(s, 0) == 3
    s = R.evolve(s, current=1, rolled=True, built=False)  # blue's turn, after the roll
    s = play(s, 1, "stone")
    assert s.blessing == -1 and s.blessing_res == -1 and s.bank[1] == 23
    assert R.total_cards(s) == (23,) * 5


# ------------------------------------------------------------------------------ end


def test_twelve_vp_in_own_turn_wins_at_once() -> None:
    spots = [x for x in range(len(D.vertex_ids)) if x % 7 == 0][:5]
    s = position(3, cities={x: 0 for x in spots[:4]}, settlements={spots[4]: 0}, hands={0: FULL})
    s = with_player(s, 0, dev=("ten-commandments", "city-of-refuge", "divine-guidance"), new=())
    s = play(play(s, 0, "play ten-commandments"), 0, "play city-of-refuge")
    assert ENGINE.outcome(s) is None
    s = play(s, 0, "play divine-guidance")
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == {Seat(0)} and out.scores[Seat(0)] == 12
    assert sum(out.breakdown[Seat(0)].values()) == 12


def test_twelve_vp_reached_outside_own_turn_wins_when_the_turn_comes() -> None:
    spots = [x for x in range(len(D.vertex_ids)) if x % 7 == 0][:6]
    s = position(3, cities={x: 1 for x in spots}, current=0)
    assert R.vp(s, 1) == 12 and ENGINE.outcome(s) is None
    s = play(s, 0, "end")
    assert ENGINE.outcome(s) is not None and s.winner == 1


def test_jerusalem_complete_most_vp_wins_then_stones_then_play_on() -> None:
    jer = sorted(D.jerusalem)
    base = position(3, settlements={jer[0]: 0, jer[4]: 1}, hands={0: hand(stone=1, ore=1)})
    full = (BLACK,) * (D.blocks - 1)
    s = play(R.evolve(base, jerusalem=full), 0, "stone")  # red: 1 settlement + King's Blessing
    assert s.winner == 0 and "Jerusalem is complete" in s.end_reason
    tie = with_player(R.evolve(base, jerusalem=(1,) * 1 + (BLACK,) * (D.blocks - 2)), 1, stones=1)
    s = play(tie, 0, "stone")  # 1 stone each, both 1 VP: play on
    assert s.play_on and ENGINE.outcome(s) is None
    s = play(s, 0, "end")
    assert ENGINE.outcome(s) is None  # still tied
    # Blue gains a settlement (a free one, say) during its turn and ends it as the sole leader.
    s = R.evolve(s, buildings=tuple(1 if i == jer[8] else b for i, b in enumerate(s.buildings)))
    s = play(R.evolve(s, rolled=True), 1, "end")
    assert s.winner == 1


def test_ties_on_vp_are_broken_by_own_stones() -> None:
    jer = sorted(D.jerusalem)
    s = position(3, settlements={jer[0]: 0, jer[4]: 1}, hands={0: hand(stone=1, ore=1)})
    s = with_player(
        R.evolve(s, jerusalem=(0,) + (BLACK,) * (D.blocks - 2), blessing=-1), 0, stones=1
    )
    s = R.evolve(s, longest=1, most_priests=0)  # red 1 + 2, blue 1 + 2
    s = play(s, 0, "stone")  # red: 2 stones and King's Blessing: 5 VP against 3
    assert s.winner == 0
    s2 = position(3, settlements={jer[0]: 0, jer[4]: 1}, hands={0: hand(stone=1, ore=1)})
    s2 = with_player(R.evolve(s2, jerusalem=(1,) * 3 + (BLACK,) * (D.blocks - 4)), 1, stones=3)
    s2 = R.evolve(s2, blessing=1, blessing_res=0, longest=0)  # red 3 VP, blue 3 VP
    s2 = play(s2, 0, "stone")  # the last block: 3 VP each, blue has more stones
    assert s2.winner == 1 and "stones" in s2.end_reason


def test_refused_moves_change_nothing_and_explain() -> None:
    s = position(3, hands={0: hand(ore=1)})
    for text, fragment in (
        ("buy", "costs"),
        ("city 5", "no settlement"),
        ("roll", "already rolled"),
        ("trade blue", "no open offer"),
    ):
        assert fragment in refused(s, 0, text)
    assert COSTS["road"] == hand(stone=1, lumber=1)


def test_offers_close_at_turn_end_and_on_withdraw() -> None:
    s = position(3, hands={0: hand(wool=2), 1: hand(ore=1), 2: hand(ore=1)})
    s = play(play(play(s, 0, "offer 1 wool for 1 ore"), 1, "accept"), 2, "decline")
    assert "trade blue" in legal(s, 0) and "withdraw" in legal(s, 0)
    assert play(s, 0, "withdraw").offer is None
    ended = play(s, 0, "end")
    assert ended.offer is None and ended.offers_made == 0
    assert "not your turn" in refused(ended, 1, "accept").lower() or "offer" in refused(
        ended, 1, "accept"
    )


def test_trade_route_runs_through_a_third_players_settlement() -> None:
    """Trade routes follow roads of any owner; a building on the way does not block them."""
    jer, mid, link, home = v("S(-1,2)"), v("N(-2,3)"), v("S(-1,1)"), v("N(-1,2)")
    s = position(
        4,
        settlements={jer: 0, link: 1, home: 2},
        roads={e(jer, mid): 0, e(mid, link): 1, e(link, home): 2},
        hands={2: hand(stone=1, ore=1, wool=1)},
        current=2,
    )
    assert "stone via red pay wool" in legal(s, 2)


def test_starting_copper_card_is_chosen() -> None:
    copper = next(h for h, t in enumerate(D.hexes) if t.terrain == "copper")
    corner = next(x for x in D.hexes[copper].corners if x not in D.jerusalem)
    s = position(3, settlements={corner: 0}, rolled=False)
    s = R.evolve(s, phase=Phase.START, players=tuple(R.replace(p, start=-1) for p in s.players))
    options = legal(s, 0)
    assert options and all("copper" in o for o in options)
    assert "copper hex" in refused(s, 0, f"start {corner + 1}")
    s = play(s, 0, f"start {corner + 1} copper wool")
    assert s.players[0].hand[4] >= 1


def test_a_one_word_move_with_words_after_it_says_to_type_just_the_word() -> None:
    from bot.games.canaan.actions import parse_action
    from bot.games.rejections import Rejection

    for text, word in (("end now", "end"), ("roll dice", "roll"), ("buy a card", "buy")):
        refused = parse_action(text, ENGINE.data)
        assert isinstance(refused, Rejection)
        assert refused.message == f"`{word}` takes nothing after it: type just `{word}`."
